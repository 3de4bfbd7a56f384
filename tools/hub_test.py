"""make hub-test: a class on the course hub, for real, as root.

A hub of its own (`NQUEENS_HUB_NAME=test`: its own exchange, settings and state, a lecturer
`hubtest-lecturer` and students `hubtest-01`, … in a group of their own; the Python, the
crates and the warm build are the hub's, from `python -m tools.hub setup`) is started on
localhost, and HUB_STUDENTS students (default 5) arrive over HUB_ARRIVAL_SECONDS (60). Each one,
through the hub's proxy as a browser would:

* logs in with the Unix password (PAM), has the server started through the hub's REST API,
  opens lecture 01 and runs it through the kernel's websocket up to its first board;
* fetches assignment 01 from the Assignment List's API, puts in an answer (the solutions; for
  one student a partly wrong answer, for one an answer that loops), saves it and submits it.

Meanwhile the looping student also runs nine busy threads in its own kernel until the next
student has reached the first board (HUB_RUNAWAY=all: until every student has; off: not at
all), the student with the wrong answer allocates past the
memory limit in its kernel, and the third student presses Validate, which must pass. Then, as a
student, reading another's work, the course's sources, its gradebook and its grading secret,
listing the exchange's submissions and writing the shared crates must each be refused, and the
formgrader must be missing from a student's server. A student follows lecture 01's launch
button on the course's website, built for this hub: nbgitpuller must pull the hub's launch
repository into the student's home and open the lecture. One more student (`hubtest-browser`)
and the lecturer then spend the day in headless Chromium (tools/hub_browser.py), the lecturer's
grading in its middle. The lecturer logs in (the formgrader must
answer in the lecturer's server) and grades (`python -m tools.hub grade`: collect, autograde
every submission in the sandbox, release the feedback), which every student fetches: every
score exact, none missing.

`--browser-only` runs the browser's day alone (`--without-nbgrader-extension`: with nbgrader's
JupyterLab extension off for that student, when it must fail; `--pictures`: the manuals'
screenshots into docs/pictures/).

Printed: time to first board (median, 95th percentile, most), each server's peak memory (its
cgroup's), and the grading's time; written to target/hub-test/students-N.json. The targets
(20 students, 95th percentile ≤ 45 s; 5 students ≤ 15 s) are reported, never asserted: time is
measured, not tested. With Slurm (HUB_SLURM=1, and by default when `make slurm-test` can run),
one more student's server is started as a Slurm job (batchspawner) and runs to the first board;
that hub's idle culler (its timeout CULL_SECONDS) must then stop the server, and its job end.
"""

import argparse
import asyncio
import html
import json
import os
import pathlib
import pwd
import re
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from urllib.parse import quote

STUDENTS = max(2, int(os.environ.get("HUB_STUDENTS", "5")))
# How long the first student's busy threads run: until the next student's first board (next),
# until every student's (all: the capacity figures of docs/hub.md), or not at all (off).
RUNAWAY = os.environ.get("HUB_RUNAWAY", "next")
# Set by `make test`, which runs this test beside the grading test: its times are then not the
# capacity's (docs/hub.md gives those, from runs alone).
BESIDE = os.environ.get("HUB_TEST_BESIDE", "")
ARRIVAL = float(os.environ.get("HUB_ARRIVAL_SECONDS", "60"))
PREFIX = "hubtest-"
ASSIGNMENT = "01-backtracking"
LECTURE = "lectures/01-backtracking.ipynb"
# The hub as a browser reaches it: its address, and the token the test hands it.
from tools.hub_client import (
    BASE,
    PORT,
    TOKEN,
    Closed,
    Failure,
    Kernel,
    Server,
    fetch,
    hub_api,
    keep_cookies,
    log_in,
    with_cookies,
)

HUB_ENV = {
    "NQUEENS_HUB_NAME": "test",
    "NQUEENS_HUB_LECTURER": f"{PREFIX}lecturer",
    "NQUEENS_HUB_STUDENTS_GROUP": f"{PREFIX}students",
    "NQUEENS_HUB_BIND": f"http://127.0.0.1:{PORT}",
    "NQUEENS_HUB_API_PORT": str(PORT + 1),
    "NQUEENS_HUB_TEST_TOKEN": TOKEN,
}
os.environ.update(HUB_ENV)


from tools import grading_test, hub, hub_browser  # after the environment above
from tools.course import ROOT, dump

layout = hub.layout
OUT = ROOT / "target" / "hub-test"


def kinds():
    """What each student submits: the first an answer that loops, the second a partly wrong
    one, the rest the solutions."""
    return ["endless-loop", "wrong"] + ["solutions"] * (STUDENTS - 2) if STUDENTS >= 2 \
        else ["solutions"]


async def student(index, name, password, kind, shared):
    """One student's visit (see the module's help); what it measured."""
    await asyncio.sleep(index * ARRIVAL / STUDENTS)
    arrived = time.monotonic()
    await log_in(name, password)
    await hub_api(f"users/{name}/server", "POST", expect=(201, 202))
    while not (await hub_api(f"users/{name}"))["servers"].get("", {}).get("ready"):
        await asyncio.sleep(0.25)
    started = time.monotonic()
    cpu = [layout.Confinement(name).cpu_seconds()]
    token = (await hub_api(f"users/{name}/tokens", "POST",
                           {"note": "hub-test", "expires_in": 3600}))["token"]
    server = Server(name, token, layout.COURSE_ID)
    lecture = (await server.call(f"api/contents/{LECTURE}?content=1"))["content"]
    kernel = await server.kernel(LECTURE)
    opened = time.monotonic()
    cpu.append(layout.Confinement(name).cpu_seconds())
    cells = []
    board = await kernel.to_first_board(lecture, LECTURE, cells)
    result = {"name": name, "kind": kind, "server_start": started - arrived,
              "kernel_open": opened - started, "cells": cells, "first_board": board - arrived,
              "cpu_seconds": [*cpu, layout.Confinement(name).cpu_seconds()]}
    shared["boards"] += 1
    if kind == "endless-loop" and RUNAWAY != "off":
        # Nine busy threads in this student's kernel while the others arrive.
        kernel.send("for _ in 0..8 { std::thread::spawn(|| loop { std::hint::spin_loop() }); }\n"
                    "loop { std::hint::spin_loop() }")
        waited = time.monotonic()
        until = STUDENTS if RUNAWAY == "all" else 2
        while shared["boards"] < until and time.monotonic() - waited < 600:
            await asyncio.sleep(0.5)
        await server.call(f"api/kernels/{kernel.id}/interrupt", "POST")
        try:
            status, _ = await kernel.execute("1 + 1", timeout=120)
        except Closed:
            # Its own busy threads left its server too little of its CPU share to answer the
            # websocket's pings: open it again, as JupyterLab does.
            kernel = await Kernel.open(server, kernel.id)
            status, _ = await kernel.execute("1 + 1", timeout=120)
        result["loop_interrupted"] = status == "ok"
    if kind == "wrong":
        status, outputs = await kernel.execute("let hog = vec![1u8; 6 << 30];\nhog.len()")
        said = json.dumps(outputs)
        result["memory_hog_stopped"] = status != "ok" and (
            "memory allocation" in said or "SIGABRT" in said or "terminated" in said)
    listing = await server.assignments("fetch", ASSIGNMENT)
    fetched = next((a for a in listing["value"] if a["assignment_id"] == ASSIGNMENT
                    and a["status"] == "fetched"), None)
    if fetched is None:
        raise Failure(f"{name}: {ASSIGNMENT} was not fetched: {listing}")
    path = fetched["notebooks"][0]["path"]
    released = (await server.call(f"api/contents/{path}?content=1"))["content"]
    with tempfile.TemporaryDirectory() as folder:
        copy = pathlib.Path(folder) / f"{ASSIGNMENT}.ipynb"
        dump(released, copy)
        source = layout.course_root() / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        answered = grading_test.submission(source, copy, kind)
    await server.call(f"api/contents/{path}", "PUT",
                      {"type": "notebook", "format": "json", "content": answered})
    if index == 2:
        # The Validate button's request: the student's notebook run by nbgrader in the
        # student's own server, every test passing.
        verdict = await server.call("assignments/validate", "POST", {"path": path})
        value = verdict.get("value")
        result["validated"] = bool(verdict.get("success")) and isinstance(value, dict) and \
            not value.get("failed") and not value.get("changed")
        result["validate_said"] = json.dumps(value)[:300]
    await server.assignments("submit", ASSIGNMENT)
    result["submitted"] = True
    memory = layout.Confinement(name).peak_memory()
    result["peak_memory"] = memory
    shared["servers"][name] = server
    return result


def as_student(name, *command):
    """A command run as the student (no shell); whether it succeeded, and its error."""
    done = subprocess.run(["runuser", "-u", name, "--", *command], capture_output=True,
                          text=True, check=False)
    return done.returncode == 0, done.stderr.strip()


def refusals(names):
    """What a student must not do, each tried as a student, with a check that the thing is
    there (so that a refusal is not a missing file): the problems found, and the lines to
    print."""
    me, other = names[0], names[1]
    course = layout.course_root()
    secret = course / ".grading-secret"
    inbound = layout.EXCHANGE / layout.COURSE_ID / "inbound"
    tries = [
        ("another student's lecture copy", ["cat", f"/home/{other}/{LECTURE}"]),
        ("another student's submission", ["cat", f"/home/{other}/{ASSIGNMENT}/{ASSIGNMENT}.ipynb"]),
        ("the course's sources (solutions, hidden tests)",
         ["cat", str(course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")]),
        ("the gradebook", ["cat", str(course / "gradebook.db")]),
        ("the grading secret", ["cat", str(secret)]),
        ("the list of submissions in the exchange", ["ls", str(inbound)]),
        ("the shared kit, to write", ["touch", str(layout.KIT / "src" / "lib.rs")]),
        ("the shared warm build, to write", ["touch", str(layout.WARM / "base" / "Cargo.toml")]),
    ]
    problems, lines = [], []
    for what, command in tries:
        target = pathlib.Path(command[-1])
        if not target.exists():
            problems.append(f"{what}: {target} does not exist, so its refusal proves nothing")
            continue
        done, error = as_student(me, *command)
        if done:
            problems.append(f"{me} could reach {what} ({' '.join(command)})")
        else:
            lines.append(f"  refused: {what} ({error.splitlines()[-1] if error else 'denied'})")
    # The hub's Python holds the package's `coursework` (the hub's layout, Validate's executor),
    # and not its `tools`, whose grading test keeps right answers (tools/cheats.py).
    probe = "import importlib.util as u, sys; print(u.find_spec(sys.argv[1]) is not None)"
    for package, wanted in (("coursework", "True"), ("tools", "False")):
        found = subprocess.run(["runuser", "-u", me, "--", str(layout.VENV / "bin" / "python"),
                                "-I", "-c", probe, package], capture_output=True, text=True,
                               check=False).stdout.strip()
        if found != wanted:
            problems.append(f"the hub's Python {'lacks' if wanted == 'True' else 'holds'} "
                            f"the package's {package} ({found or 'no answer'})")
    lines.append("  the hub's Python: the package's coursework, not its tools")
    own, _ = as_student(other, "cat", f"/home/{other}/{LECTURE}")
    if not own:
        problems.append(f"{other} cannot read its own lecture copy: the refusal test is void")
    return problems, lines


def lecturers_grading(names, kinds_of):
    """The lecturer's grading (`python -m tools.hub grade`): the problems with its scores, its
    time and the scores."""
    problems = []
    begin = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tools.hub", "grade", ASSIGNMENT],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    grading = time.monotonic() - begin
    if done.returncode != 0:
        raise Failure(f"the grading failed:\n{done.stdout}{done.stderr}")
    scores = {}
    for line in done.stdout.splitlines():
        match = re.match(r"^(\S+)\s+([\d.]+) / ([\d.]+)$", line)
        if match:
            scores[match.group(1)] = (float(match.group(2)), float(match.group(3)))
    browser = hub_browser.expected_score() if "browser" in kinds_of.values() else None
    for name in names:
        if name not in scores:
            problems.append(f"{name}'s submission was not graded")
            continue
        score, top = scores[name]
        wanted = {"solutions": top, "endless-loop": 0.0, "browser": browser,
                  "wrong": grading_test.WRONG_SCORES[ASSIGNMENT]}[kinds_of[name]]
        if abs(score - wanted) > 0.005:
            problems.append(f"{name} ({kinds_of[name]}) scored {score}, not {wanted}")
    return problems, grading, scores


async def lecturers_server(password):
    """The lecturer logs in and has a server with nbgrader's formgrader; its answer's code."""
    name = layout.LECTURER
    await log_in(name, password)
    await hub_api(f"users/{name}/server", "POST", expect=(201, 202))
    while not (await hub_api(f"users/{name}"))["servers"].get("", {}).get("ready"):
        await asyncio.sleep(0.25)
    token = (await hub_api(f"users/{name}/tokens", "POST",
                           {"note": "hub-test", "expires_in": 3600}))["token"]
    server = Server(name, token, layout.COURSE_ID)
    page = await fetch(server.base + "formgrader", headers=server.headers, expect=range(600))
    if page.code == 302 and "/formgrader/" in page.headers.get("Location", ""):
        # The formgrader's front page sends its visitor on to the course's assignments.
        page = await fetch(f"{BASE}{page.headers['Location']}", headers=server.headers,
                           expect=range(600))
    found = page.code == 200 and b"nbgrader" in page.body.lower()
    await hub_api(f"users/{name}/server", "DELETE", expect=(202, 204))
    return page.code if not found else 200


async def launch_from_the_site(server, password):
    """The launch button of lecture 01 on the course's website, built for this hub (without its
    API pages), followed by the student of `server`, logged in to the hub with `password`: the
    hub sends it to nbgitpuller in the student's server, which pulls the hub's launch repository
    into the student's home and opens the lecture in JupyterLab (the server's part through the
    student's token, which a browser gets from the hub's sign-in). The problems found."""
    from tools import site

    problems = site.build(OUT / "site", where=(BASE, ""), api=False)
    if problems:
        return problems
    page = (OUT / "site" / "html" / "notebooks" / "01-backtracking.html").read_text()
    found = re.search(r'href="([^"]*/hub/user-redirect/git-pull\?[^"]*)"', page)
    if not found:
        return problems + ["lecture 01's page on the website has no launch button for the hub"]
    link = html.unescape(found.group(1))
    cookies = await log_in(server.name, password)
    # The hub's redirects, as a browser follows them: to the student's server, by way of its
    # start (the spawn page, then the one that waits for it) when it is not running.
    url, puller = link, None
    for _ in range(120):
        answer = await fetch(url, expect=(200, 302, 303), headers=with_cookies(cookies))
        keep_cookies(answer, cookies)
        if answer.code == 200 and "/hub/spawn-pending/" in url:
            await asyncio.sleep(1)
            continue
        if answer.code == 200:
            break
        url = urllib.parse.urljoin(url, answer.headers["Location"])
        if url.startswith(server.base + "git-pull?"):
            puller = url
            break
    if puller is None:
        return problems + [f"the hub sends the launch button to {url}, not to nbgitpuller"]
    await fetch(puller, headers=server.headers, expect=(200,))
    # What nbgitpuller's page asks of its server while it shows the pull's progress.
    pulled = await fetch(puller.replace("git-pull?", "git-pull/api?") + "&targetpath=nqueens",
                         headers=server.headers, expect=(200,))
    if b'"phase": "finished"' not in pulled.body:
        return problems + [f"nbgitpuller did not finish: {pulled.body[-400:]!r}"]
    opened = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["urlpath"][0]
    await fetch(server.base + opened, headers=server.headers, expect=(200,))
    notebook = await server.call("api/contents/" + opened.removeprefix("lab/tree/"))
    served = json.loads((layout.LECTURES / "01-backtracking.ipynb").read_text())

    def texts(cells):
        return [(c["cell_type"], "".join(c["source"])) for c in cells]

    if notebook["type"] != "notebook" or texts(notebook["content"]["cells"]) != \
            texts(served["cells"]):
        problems.append(f"the launch button opened {opened}, not lecture 01 as the hub serves it")
    return problems


async def feedback(names, servers):
    """Every student fetches the feedback through the Assignment List; the problems."""
    problems = []
    for name in names:
        server = servers[name]
        await server.assignments("fetch_feedback", ASSIGNMENT)
        folder = await server.call(f"api/contents/{ASSIGNMENT}/feedback")
        pages = [item for entry in folder["content"]
                 for item in (await server.call(f"api/contents/{quote(entry['path'])}"))["content"]
                 if item["name"].endswith(".html")]
        if not pages:
            problems.append(f"{name} fetched no feedback")
    return problems


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def clean_up(names):
    """The test's students and what the last run left in its exchange and course folder."""
    for name in names:
        subprocess.run(["pkill", "-KILL", "-u", name], check=False, capture_output=True)
        subprocess.run(["userdel", "--remove", name], check=False, capture_output=True)
    shutil.rmtree(layout.EXCHANGE / layout.COURSE_ID, ignore_errors=True)
    try:
        course = layout.course_root()
    except KeyError:
        return
    for folder in ("submitted", "autograded", "feedback"):
        shutil.rmtree(course / folder, ignore_errors=True)
    if (course / "gradebook.db").exists():
        from nbgrader.api import Gradebook

        with Gradebook(f"sqlite:///{course / 'gradebook.db'}", layout.COURSE_ID) as gradebook:
            for known in gradebook.students:
                if known.id.startswith(PREFIX):
                    gradebook.remove_student(known.id)


def start_hub(env=None, log_name="hub.log"):
    """The test's hub in the background; waits for its API."""
    (layout.STATE / "jupyterhub.sqlite").unlink(missing_ok=True)
    log = open(OUT / log_name, "w")  # noqa: SIM115 (open for the hub's life)
    process = subprocess.Popen([sys.executable, "-m", "tools.hub", "start"], stdout=log,
                               stderr=subprocess.STDOUT, cwd=ROOT,
                               start_new_session=True, env={**os.environ, **(env or {})})
    for _ in range(120):
        if process.poll() is not None:
            raise Failure(f"the hub stopped at its start (exit {process.returncode}): "
                          f"{(OUT / log_name).read_text()[-2000:]}")
        try:
            asyncio.run(hub_api(""))
            return process
        except (Failure, OSError):
            time.sleep(0.5)
    raise Failure("the hub did not answer in 60 s")


def stop_hub(process):
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


SLURM = OUT / "cluster"
# The Slurm hub's idle timeout. Its servers report their activity every quarter of it (the hub's
# configuration), and the visit polls its server as JupyterLab does, so the culler stops the
# server once the client has gone, however long the visit to its first board took.
CULL_SECONDS = 60


async def slurm_visit(name, password):
    """One student on the hub whose servers are Slurm jobs: logs in, the server is started
    (batchspawner submits it), and lecture 01 runs to its first board. The seconds taken."""
    arrived = time.monotonic()
    await log_in(name, password)
    await hub_api(f"users/{name}/server", "POST", expect=(201, 202))
    while not (await hub_api(f"users/{name}"))["servers"].get("", {}).get("ready"):
        await asyncio.sleep(0.5)
        if time.monotonic() - arrived > 300:
            raise Failure(f"{name}'s Slurm job did not start its server in 300 s")
    token = (await hub_api(f"users/{name}/tokens", "POST",
                           {"note": "hub-test", "expires_in": 3600}))["token"]
    server = Server(name, token, layout.COURSE_ID)

    async def poll():
        # As JupyterLab polls the server's kernels while it is open: the visit is activity the
        # server reports to the hub, and the culler leaves it alone until the client has gone.
        while True:
            await asyncio.sleep(10)
            try:
                await server.call("api/kernels")
            except Failure:
                pass  # one missed poll is a late report, not the visit's failure: the next tries

    polling = asyncio.create_task(poll())
    try:
        lecture = (await server.call(f"api/contents/{LECTURE}?content=1"))["content"]
        kernel = await server.kernel(LECTURE)
        board = await kernel.to_first_board(lecture, LECTURE, [])
    finally:
        polling.cancel()
    return board - arrived


async def culled(name, started):
    """Waits, the client gone, for the idle culler to stop `name`'s server: the seconds from the
    server's start until the hub had no server for it, or None when it still had one after the
    timeout, the culler's period (half the timeout) and a minute more, from now (the hub may
    have recorded activity until now)."""
    deadline = time.monotonic() + CULL_SECONDS * 1.5 + 60
    while time.monotonic() < deadline:
        if not (await hub_api(f"users/{name}"))["servers"]:
            return time.monotonic() - started
        await asyncio.sleep(2)
    return None


def keep_job_logs(name):
    """The output of `name`'s Slurm jobs (batchspawner writes it to the home folder, which the
    clean-up removes), copied into OUT: the single-user server's and its kernels' own log."""
    try:
        home = pathlib.Path(pwd.getpwnam(name).pw_dir)
    except KeyError:
        return
    for log in home.glob("jupyterhub_slurmspawner_*.log"):
        shutil.copyfile(log, OUT / f"hub-slurm-{log.name}")


def through_slurm():
    """A student's server as a Slurm job on the Slurm of one node (tools/slurm/single_node.sh):
    the lines to print and the problems; nothing where Slurm cannot run here."""
    started = subprocess.run([str(ROOT / "tools" / "slurm" / "single_node.sh"),
                              "start", str(SLURM)], capture_output=True, text=True, check=False)
    if started.returncode != 0:
        return [f"  Slurm: skipped, it cannot run here ({started.stderr.strip()})"], []
    name = f"{PREFIX}slurm"
    clean_up([name])
    try:
        added = subprocess.run([sys.executable, "-m", "tools.hub", "students", "add", name],
                               capture_output=True, text=True, check=True, cwd=ROOT)
        password = added.stdout.strip().split(",", 1)[1]
        process = start_hub({"NQUEENS_HUB_SPAWNER": "slurm",
                             "SLURM_CONF": str(SLURM / "slurm.conf"),
                             "NQUEENS_HUB_IDLE_SECONDS": str(CULL_SECONDS)}, "hub-slurm.log")
        squeue = ["squeue", "-h", "-u", name, "-o", "%i %j %T"]
        slurm_env = {**os.environ, "SLURM_CONF": str(SLURM / "slurm.conf")}
        try:
            started = time.monotonic()
            seconds = asyncio.run(slurm_visit(name, password))
            job = subprocess.run(squeue, capture_output=True, text=True, check=False,
                                 env=slurm_env).stdout.strip()
            stopped = asyncio.run(culled(name, started))
            for _ in range(30):
                left = subprocess.run(squeue, capture_output=True, text=True, check=False,
                                      env=slurm_env).stdout.strip()
                if not left:
                    break
                time.sleep(1)
        finally:
            stop_hub(process)
    finally:
        keep_job_logs(name)
        clean_up([name])
        subprocess.run([str(ROOT / "tools" / "slurm" / "single_node.sh"), "stop",
                        str(SLURM)], check=False)
    if "spawner-jupyterhub" not in job:
        return [], [f"the server of {name} was not a Slurm job (squeue: {job!r})"]
    said = [(f"  Slurm: {name}'s server ran as the job {job.split()[0]} (batchspawner), "
             f"first board after {seconds:.1f} s")]
    if stopped is None:
        return said, [f"the idle culler left {name}'s server running (timeout {CULL_SECONDS} s)"]
    if left:
        return said, [f"{name}'s server was culled, but its Slurm job stayed ({left!r})"]
    said.append(f"  idle culler (timeout {CULL_SECONDS} s): {name}'s server stopped "
                f"{stopped:.0f} s after its start, its Slurm job ended")
    return said, []


async def class_visit(accounts, kinds_of):
    shared = {"boards": 0, "servers": {}}
    results = await asyncio.gather(*(student(i, name, accounts[name], kinds_of[name], shared)
                                     for i, name in enumerate(accounts)))
    return results, shared["servers"]


# The student who spends the day in a browser (tools/hub_browser.py), beside the class.
BROWSER = f"{PREFIX}browser"


def new_course(names):
    """The hub set up, the students' accounts (name: password), the lecturer's new password
    and assignment 01 released."""
    clean_up(names)
    hub.setup()
    accounts = {}
    for name in names:
        line = subprocess.run([sys.executable, "-m", "tools.hub", "students", "add", name],
                              capture_output=True, text=True, check=True, cwd=ROOT)
        accounts[name] = line.stdout.strip().split(",", 1)[1]
    lecturer = secrets.token_urlsafe(12)
    subprocess.run(["chpasswd"], input=f"{layout.LECTURER}:{lecturer}\n", text=True, check=True)
    subprocess.run([sys.executable, "-m", "tools.hub", "release", ASSIGNMENT], check=True,
                   capture_output=True, cwd=ROOT)
    return accounts, lecturer


def browser_only(pictures, without_nbgrader):
    """`--browser-only`: the browser's day alone on the test hub (no class, no Slurm)."""
    accounts, lecturer = new_course([BROWSER])
    if without_nbgrader:
        hub_browser.without_nbgrader(BROWSER)
    process = start_hub()
    problems = []

    def grade():
        found, _, scores = lecturers_grading([BROWSER], {BROWSER: "browser"})
        problems.extend(found)
        return scores

    try:
        found, _ = hub_browser.day(BROWSER, accounts[BROWSER], lecturer, grade, pictures,
                                   alone=True)
    finally:
        stop_hub(process)
        clean_up([BROWSER])
    for problem in problems + found:
        print(f"  PROBLEM: {problem}")
    print("hub-test: " + ("failed" if problems or found else "passed") + " (the browser's day)")
    return 1 if problems or found else 0


def main():
    options = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    options.add_argument("--browser-only", action="store_true",
                         help="only the browser's student and lecturer (tools/hub_browser.py)")
    options.add_argument("--without-nbgrader-extension", action="store_true",
                         help="with nbgrader's JupyterLab extension turned off for the browser's "
                         "student (with --browser-only): the test must fail")
    options.add_argument("--pictures", action="store_true",
                         help="write the manuals' screenshots into docs/pictures/")
    args = options.parse_args()
    if args.without_nbgrader_extension and not args.browser_only:
        options.error("--without-nbgrader-extension goes with --browser-only")
    if os.geteuid() != 0:
        print("hub-test: skipped, it runs as root (it creates users and starts servers as them)")
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    if args.browser_only:
        return browser_only(args.pictures, args.without_nbgrader_extension)
    names = [f"{PREFIX}{i:02d}" for i in range(1, STUDENTS + 1)]
    accounts, lecturer = new_course(names + [BROWSER])
    kinds_of = {**dict(zip(names, kinds())), BROWSER: "browser"}
    process = start_hub()
    problems = []
    try:
        begin = time.monotonic()
        results, servers = asyncio.run(class_visit({n: accounts[n] for n in names}, kinds_of))
        visit = time.monotonic() - begin
        found, lines = refusals(names)
        problems += found
        formgrader = asyncio.run(fetch(servers[names[0]].base + "formgrader", expect=range(600),
                                       headers=servers[names[0]].headers))
        if formgrader.code != 404:
            problems.append(f"a student's server answers /formgrader with {formgrader.code}")
        formgrader = asyncio.run(lecturers_server(lecturer))
        if formgrader != 200:
            problems.append(f"the lecturer's server answers /formgrader with {formgrader}")
        problems += asyncio.run(launch_from_the_site(servers[names[-1]], accounts[names[-1]]))
        graded = {}

        def grade():
            found, graded["seconds"], scores = lecturers_grading(names + [BROWSER], kinds_of)
            problems.extend(found)
            return scores

        found, scores = hub_browser.day(BROWSER, accounts[BROWSER], lecturer, grade,
                                        args.pictures)
        grading = graded["seconds"]
        problems += found + asyncio.run(feedback(names, servers))
    finally:
        stop_hub(process)
        clean_up(names + [BROWSER])
    for result in results:
        if result["kind"] == "endless-loop" and RUNAWAY != "off" and \
                not result.get("loop_interrupted"):
            problems.append(f"{result['name']}'s busy kernel did not answer after an interrupt")
        if result["kind"] == "wrong" and not result.get("memory_hog_stopped"):
            problems.append(f"{result['name']}'s 6 GiB allocation was not stopped by its limit")
        if "validated" in result and not result["validated"]:
            problems.append(f"{result['name']}'s Validate did not pass the solutions: "
                            f"{result['validate_said']}")
    if STUDENTS >= 3 and not any("validated" in r for r in results):
        problems.append("no student pressed Validate")
    boards = [r["first_board"] for r in results]
    memories = [r["peak_memory"] for r in results if r["peak_memory"]]
    summary = {
        "students": STUDENTS, "arrival_seconds": ARRIVAL, "runaway": RUNAWAY, "beside": BESIDE,
        "first_board_median": statistics.median(boards),
        "first_board_p95": percentile(boards, 0.95), "first_board_max": max(boards),
        "server_start_median": statistics.median(r["server_start"] for r in results),
        "cpu_to_first_board_median": statistics.median(
            r["cpu_seconds"][-1] for r in results if r["cpu_seconds"][-1] is not None),
        "peak_memory_median_mib": statistics.median(memories) / 2**20 if memories else None,
        "peak_memory_max_mib": max(memories) / 2**20 if memories else None,
        "visit_seconds": visit, "grading_seconds": grading, "graded": len(scores),
        "students_seen": results,
    }
    (OUT / f"students-{STUDENTS}.json").write_text(json.dumps(summary, indent=1))
    target = 45 if STUDENTS >= 20 else 15
    runaway = {"all": "until every first board", "next": "until the next student's first board",
               "off": "not run"}.get(RUNAWAY, RUNAWAY)
    print(f"hub-test: {STUDENTS} students arriving over {ARRIVAL:.0f} s; the runaway cell "
          f"{runaway}" + (f"; measured beside {BESIDE}, so these times are not the capacity's "
                          "(docs/hub.md has those)" if BESIDE else ""))
    print(f"  first board: median {summary['first_board_median']:.1f} s, 95th percentile "
          f"{summary['first_board_p95']:.1f} s, most {summary['first_board_max']:.1f} s "
          f"(target for the 95th: {target} s); server start median "
          f"{summary['server_start_median']:.1f} s; CPU to the first board (a student's cgroup) "
          f"median {summary['cpu_to_first_board_median']:.1f} s")
    if memories:
        print(f"  peak memory per student's server: median {summary['peak_memory_median_mib']:.0f}"
              f" MiB, most {summary['peak_memory_max_mib']:.0f} MiB")
    print(f"  grading (collect, autograde in the sandbox, feedback) of {len(scores)} submissions: "
          f"{grading:.0f} s; scores " + ", ".join(f"{n[len(PREFIX):]} {s:g}"
                                                  for n, (s, _) in sorted(scores.items())))
    for line in lines:
        print(line)
    if os.environ.get("HUB_SLURM", "1") != "0":
        said, found = through_slurm()
        problems += found
        for line in said:
            print(line)
    if problems:
        for problem in problems:
            print(f"  PROBLEM: {problem}")
        return 1
    print("hub-test: passed")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Failure as failure:
        sys.exit(f"hub-test: {failure}")
