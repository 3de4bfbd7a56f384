"""The course on JupyterHub: one server per student, nbgrader's exchange between them and the
lecturer, the grading in the sandbox. Run as root (it creates users and serves them).

    python -m tools.hub setup             install and bring up to date, idempotently: the hub's
                                          Python and proxy, the lecture notebooks and the crates
                                          they build, their warm build, the lecturer's account
                                          and course folder (every assignment generated), the
                                          exchange and the servers' settings (coursework/hub/)
    python -m tools.hub start             run JupyterHub in the foreground (`make hub`)
    python -m tools.hub students add NAME…  Unix accounts for students, each with a new password,
                                          printed as `name,password` lines (`--file F`: one
                                          name a line)
    python -m tools.hub students remove NAME…   remove their accounts and homes
    python -m tools.hub release ASSIGNMENT  release it into the exchange, where students fetch it
    python -m tools.hub grade ASSIGNMENT  collect every submission, autograde them in the
                                          sandbox, generate and release the feedback, and print
                                          each student's score

Where things go is coursework/hub/layout.py's (`$NQUEENS_HUB_ROOT`, default /srv/nqueens).
"""

import argparse
import grp
import hashlib
import json
import os
import pathlib
import pwd
import re
import secrets
import shutil
import subprocess
import sys
import tempfile

from coursework import rust_kernel
from coursework.hub import layout
from tools.course import ROOT, STUDENTS_COPIES, assignments, dump, nbgrader
from tools.release import (
    KIT_CRATES,
    copy_crates,
    kit_sources,
    ship_pictures,
    students_copy,
    write_kit,
)
from tools.site import npm_files

HUB = ROOT / "coursework" / "hub"

# The Python every server runs from must be one every user can run: the system's.
SYSTEM_PYTHON = "/usr/bin/python3"
# Server extensions no one on the hub uses, left out of every server's start: language servers
# (there is none for the Rust kernel) and the classic Notebook's pages (JupyterLab serves all).
UNUSED_EXTENSIONS = {"jupyter_lsp": False, "notebook": False}
# nbgrader's lab plugins a student's JupyterLab leaves out (the lecturer's tools).
LECTURERS_PLUGINS = ["formgrader", "create-assignment", "course-list"]
# The one the lecturer's leaves out too: it shows the formgrader in a frame inside JupyterLab,
# which every server of a JupyterHub since 4.1 refuses (frame-ancestors 'none', against a page
# of one user's server framing another's on the hub's single origin; nbgrader's maintainers
# kept that, nbgrader#1947). The lecturer opens the formgrader as a page of its own,
# /user/LECTURER/formgrader, which `python -m tools.hub setup` prints.
FRAMED_FORMGRADER = "@jupyter/nbgrader:formgrader"
# JupyterLab's plugins that ask for a server extension left out (UNUSED_EXTENSIONS): the
# language servers' client asks jupyter_lsp for its status, which answers 404 without it (an
# error in every page's console), and the editors' plugins that require that client.
WITHOUT_THEIR_SERVER = ["@jupyterlab/lsp-extension",
                        "@jupyterlab/fileeditor-extension:language-server",
                        "@jupyterlab/notebook-extension:language-server"]
# JupyterLab's defaults on the hub: no question about Jupyter's news at the first visit, and no
# check for a newer JupyterLab (the hub's is pinned; its users cannot install one).
LAB_DEFAULTS = {"@jupyterlab/apputils-extension:notification": {
    "fetchNews": "false", "checkForUpdates": False}}
# MathJax 2 for the formgrader's pages, whose script and templates (nbgrader's) want that
# version and would fetch it from a CDN: what its TeX-to-HTML configuration loads, its Safe mode,
# the TeX fonts as woff and the English messages.
FORMGRADER_MATHJAX = "mathjax@2.7.9"
FORMGRADER_MATHJAX_PARTS = ["MathJax.js", "config/TeX-AMS_CHTML-full.js", "config/Safe.js", "extensions",
                 "jax/input/TeX", "jax/element", "jax/output/CommonHTML",
                 "fonts/HTML-CSS/TeX/woff", "localization/en"]
# nbconvert's MathJax macro, which the formgrader's and the feedback's templates call: the hub's
# MathJax whatever address the caller gives.
MATHJAX_MACRO = """{#- Written by tools/hub.py: MathJax from the course hub, not from a CDN. -#}
{%- macro mathjax(url=None) -%}
<script type="text/x-mathjax-config">
MathJax.Hub.Config({tex2jax: {inlineMath: [["$", "$"], ["\\\\(", "\\\\)"]], processEscapes: true}});
</script>
<script src="@URL@"></script>
{%- endmacro %}
"""


def pages():
    """MathJax for the formgrader's and the feedback's pages, and the template that loads it."""
    npm_files(FORMGRADER_MATHJAX, "", FORMGRADER_MATHJAX_PARTS,
              layout.MATHJAX / FORMGRADER_MATHJAX)
    readable_by_all(layout.MATHJAX)
    base = layout.TEMPLATES / "nbconvert" / "templates" / "base"
    base.mkdir(parents=True, exist_ok=True)
    url = f"{layout.MATHJAX_URL}{FORMGRADER_MATHJAX}/MathJax.js?config=TeX-AMS_CHTML-full,Safe"
    (base / "mathjax.html.j2").write_text(MATHJAX_MACRO.replace("@URL@", url))
    readable_by_all(layout.TEMPLATES)


def run(*command, **options):
    """Runs a command, stopping with its output when it fails."""
    done = subprocess.run([str(part) for part in command], check=False, capture_output=True,
                          text=True, **options)
    if done.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def digest_of(*paths):
    """One digest of files and folders (every file's name and bytes)."""
    total = hashlib.sha256()
    for path in map(pathlib.Path, paths):
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            total.update(str(file.relative_to(path if path.is_dir() else path.parent))
                         .encode() + b"\0")
            total.update(file.read_bytes() + b"\0")
    return total.hexdigest()


def stamped(stamp, content):
    """Whether `stamp` already holds `content`, the step it records done for it (the caller
    writes the stamp after doing the step)."""
    return stamp.exists() and stamp.read_text() == content


def readable_by_all(path):
    """Every file under `path` readable by everyone, every folder enterable."""
    for item in [path, *path.rglob("*")]:
        if item.is_symlink():
            continue
        item.chmod(item.stat().st_mode | (0o555 if item.is_dir() else 0o444))


def replace_tree(target, write):
    """Writes a folder by `write(folder)` into a new folder, and puts it at `target` only when
    it differs from what is there: a file whose date changes makes cargo build it again."""
    fresh = target.with_name(target.name + ".new")
    shutil.rmtree(fresh, ignore_errors=True)
    fresh.mkdir(parents=True)
    write(fresh)
    if target.exists() and digest_of(target) == digest_of(fresh):
        shutil.rmtree(fresh)
        return False
    if target.exists():
        shutil.rmtree(target)
    fresh.rename(target)
    readable_by_all(target)
    return True


def python_environment():
    """The hub's Python in layout.VENV, from the system's, with requirements.txt installed
    under constraints.txt (every package at the version the hub test passed with)."""
    wanted = (HUB / "requirements.txt").read_text() + (HUB / "constraints.txt").read_text()
    stamp = layout.VENV / ".installed"
    if stamped(stamp, wanted):
        return
    if not pathlib.Path(SYSTEM_PYTHON).exists():
        sys.exit(f"{SYSTEM_PYTHON} is missing: the hub's servers run from the system's Python")
    tried = subprocess.run([SYSTEM_PYTHON, "-m", "venv", str(layout.VENV)], check=False,
                           capture_output=True)
    if tried.returncode != 0:
        # Debian leaves venv out of its python3: its package python3-venv.
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], env=env, check=True)
        subprocess.run(["apt-get", "install", "-y", "-qq", "python3-venv"], env=env, check=True)
        run(SYSTEM_PYTHON, "-m", "venv", layout.VENV)
    run(layout.VENV / "bin" / "python", "-m", "pip", "install", "--quiet",
        "--disable-pip-version-check", "-r", HUB / "requirements.txt", "-c",
        HUB / "constraints.txt")
    stamp.write_text(wanted)
    print(f"{layout.VENV}: the hub's Python")


def course_package():
    """The package's `coursework` half (the hub's layout, nbgrader's executor for Validate) in
    the hub's Python, where JupyterHub's configuration imports the layout from it; installed
    again when its files change. A copy, not a link to this folder, since every user's server
    runs from that Python; and not `tools`, whose grading test keeps right answers."""
    files = sorted([*(ROOT / "coursework").glob("*.py"),
                    *(ROOT / "coursework" / "hub").glob("*.py")])
    digest = hashlib.sha256()
    for file in files:
        digest.update(str(file.relative_to(ROOT)).encode() + b"\0" + file.read_bytes() + b"\0")
    wanted = digest.hexdigest()
    stamp = layout.VENV / ".course-package"
    if stamped(stamp, wanted):
        return
    python = layout.VENV / "bin" / "python"
    # An install of the whole package, as an earlier set-up made, goes first.
    subprocess.run([python, "-m", "pip", "uninstall", "--quiet", "--yes", "nqueens-course"],
                   check=False, capture_output=True)
    # Built from a copy of its files, so that the build leaves nothing in this folder.
    with tempfile.TemporaryDirectory() as scratch:
        source = pathlib.Path(scratch)
        (source / "pyproject.toml").write_text(COURSEWORK_PROJECT)
        for file in files:
            (source / file.relative_to(ROOT)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(file, source / file.relative_to(ROOT))
        run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
            "--force-reinstall", source)
    stamp.write_text(wanted)


# The project that course_package installs: pyproject.toml's `coursework` alone.
COURSEWORK_PROJECT = """[build-system]
requires = ["setuptools>=64"]
build-backend = "setuptools.build_meta"

[project]
name = "nqueens-coursework"
version = "0.1.0"
requires-python = ">=3.11"

[tool.setuptools]
packages = ["coursework", "coursework.hub"]
"""


def proxy():
    """configurable-http-proxy, from package-lock.json, with `npm ci`."""
    wanted = (HUB / "package-lock.json").read_text()
    stamp = layout.PROXY / ".installed"
    if stamped(stamp, wanted):
        return
    if not shutil.which("npm"):
        sys.exit("npm is missing: JupyterHub's proxy (configurable-http-proxy) comes from npm")
    layout.PROXY.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy(HUB / name, layout.PROXY / name)
    run("npm", "ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error",
        cwd=layout.PROXY)
    stamp.write_text(wanted)
    print(f"{layout.PROXY}: configurable-http-proxy")


def toolchain():
    """layout.TOOLCHAIN: the sandbox's toolchain, hard-linked (no space taken; like it, without
    the standard library's sources that rust-analyzer need not read at every kernel start,
    rust_kernel.UNREAD_SOURCES); made again when the sandbox's toolchain changes."""
    version = (layout.sandbox.HOME / "toolchain.version").read_text()
    stamp = layout.TOOLCHAIN / ".linked"
    if stamped(stamp, version):
        return
    shutil.rmtree(layout.TOOLCHAIN, ignore_errors=True)
    layout.sandbox.link_tree(layout.sandbox.HOME / "toolchain", layout.TOOLCHAIN)
    stamp.write_text(version)


def kernel_crates():
    """The launcher's `--crate` arguments: every crate the hub's kernels build (the lecture
    crate and its core, the kit and its two crates), so that a changed one is built again."""
    crates = [layout.CRATE, layout.CRATE / "crates" / "core", layout.KIT,
              *(layout.KIT / "nqueens" / crate for crate in KIT_CRATES)]
    return [arg for crate in crates for arg in ("--crate", crate)]


def lecture_crate(folder):
    """The library as the lecture notebooks build it (solvers and charts, with its core)."""
    copy_crates(kit_sources("plot"), folder, (".", "crates/core"))


def lectures(folder):
    """The lecture notebooks, their setup cells loading the hub's copy of the library."""
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        text = path.read_text(encoding="utf-8")
        text = text.replace('nqueens = { path = \\"..\\"', f'nqueens = {{ path = \\"{layout.CRATE}\\"')
        (folder / path.name).write_text(text, encoding="utf-8")


def launch_repository():
    """The repository the course website's launch buttons pull into a student's home
    (layout.LAUNCH; docs/site.md): the lectures as the hub serves them in notebooks/, and the
    assignments' students' copies, loading the hub's kit, in notebooks/exercises/ (no solution:
    the release's copies), committed again when they change, so that nbgitpuller merges the
    change into a student's pull; and the setting that lets every user read it."""
    repo = layout.LAUNCH
    if not (repo / ".git").exists():
        repo.mkdir(parents=True, exist_ok=True)
        run("git", "init", "--quiet", "--initial-branch=main", str(repo))
    notebooks = repo / "notebooks"
    shutil.rmtree(notebooks, ignore_errors=True)
    (notebooks / "exercises").mkdir(parents=True)
    lectures(notebooks)
    for copy in sorted(STUDENTS_COPIES.glob("*.ipynb")):
        dump(students_copy(copy, kit=str(layout.KIT)), notebooks / "exercises" / copy.name)
    git = ["git", "-C", str(repo), "-c", "user.name=nqueens hub", "-c", "user.email=hub@localhost"]
    run(*git, "add", "--all")
    changed = subprocess.run([*git, "status", "--porcelain"], capture_output=True, text=True,
                             check=True).stdout.strip()
    if changed:
        run(*git, "commit", "--quiet", "--message",
            "The lectures and assignments as the hub serves them")
    readable_by_all(layout.LAUNCH.parent)
    # git asks about the work tree or its .git, by version and transport: both are named.
    layout.GITCONFIG.write_text(f"[safe]\n\tdirectory = {repo}\n\tdirectory = {repo}/.git\n",
                                encoding="utf-8")
    layout.GITCONFIG.chmod(0o644)


def programs():
    """The kernel's launcher where every user can run it, evcxr (the sandbox's copy), and the
    kernel spec in the hub's Python. (Validate's executor comes from the course's package in
    that Python: course_package.)"""
    layout.BIN.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "coursework" / "rust_kernel.py", layout.BIN / "rust_kernel.py")
    evcxr = layout.BIN / "evcxr_jupyter"
    if not evcxr.is_symlink():
        evcxr.symlink_to(layout.EVCXR)
    readable_by_all(layout.BIN)
    run(layout.VENV / "bin" / "python", layout.BIN / "rust_kernel.py", "--install", layout.VENV,
        *kernel_crates())


def settings():
    """The Jupyter and nbgrader settings of students' servers and the lecturer's."""
    exchange = f"c.Exchange.root = {str(layout.EXCHANGE)!r}\n"
    common = ("from coursework import evcxr_execute  # Validate runs the Rust notebooks with it\n\n"
              "c = get_config()  # noqa: F821\n"
              "evcxr_execute.load(c)\n"
              f"c.CourseDirectory.course_id = {layout.COURSE_ID!r}\n" + exchange)
    student = layout.CONFIG / "student"
    (student / "labconfig").mkdir(parents=True, exist_ok=True)
    (student / "nbgrader_config.py").write_text(
        '"""nbgrader for a student of the course hub: fetch, Validate, submit."""\n' + common)
    (student / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": {
        "jpserver_extensions": {**UNUSED_EXTENSIONS,
                                "nbgrader.server_extensions.formgrader": False,
                                "nbgrader.server_extensions.course_list": False}}}, indent=1))
    off = {name: True for name in WITHOUT_THEIR_SERVER}
    (student / "labconfig" / "page_config.json").write_text(json.dumps({"disabledExtensions": {
        **off, **{f"@jupyter/nbgrader:{name}": True for name in LECTURERS_PLUGINS}}}, indent=1))
    lecturer = layout.CONFIG / "lecturer"
    (lecturer / "labconfig").mkdir(parents=True, exist_ok=True)
    (lecturer / "labconfig" / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {**off, FRAMED_FORMGRADER: True}}, indent=1))
    for role in (student, lecturer):
        (role / "labconfig" / "default_setting_overrides.json").write_text(
            json.dumps(LAB_DEFAULTS, indent=1))
    (lecturer / "jupyter_server_config.json").write_text(json.dumps({"ServerApp": {
        "jpserver_extensions": UNUSED_EXTENSIONS}}, indent=1))
    (lecturer / "nbgrader_config.py").write_text(LECTURERS_CONFIG.format(
        root=str(layout.course_root()), exchange=str(layout.EXCHANGE)))
    readable_by_all(layout.CONFIG)


# nbgrader in the lecturer's server: the course folder (the formgrader shows it), set up as the
# grading sets it up (coursework/grading.py), so that the formgrader's buttons do what `python -m
# tools.hub` does, and its Autograde runs the students' code only in the sandbox: which needs
# root, so in this server, never.
LECTURERS_CONFIG = '''"""nbgrader for the lecturer of the course hub (written by tools/hub.py)."""

import os

os.environ["NQUEENS_COURSE_ROOT"] = {root!r}
os.environ["NQUEENS_EXCHANGE"] = {exchange!r}

from coursework import grading  # noqa: E402 (after the environment it reads)

grading.configure(get_config())  # noqa: F821
'''


def account(name, group=None):
    """A Unix user with a private home (created when missing)."""
    try:
        pwd.getpwnam(name)
    except KeyError:
        run("useradd", "--create-home", "--shell", "/bin/bash",
            *(["--groups", group] if group else []), name)
    home = pathlib.Path(pwd.getpwnam(name).pw_dir)
    home.chmod(0o700)
    return home


def give(path, user):
    """Everything under `path` to `user`."""
    account_ = pwd.getpwnam(user)
    for item in [path, *path.rglob("*")]:
        os.lchown(item, account_.pw_uid, account_.pw_gid)


def give_exchange():
    """The course's folders in the exchange, made by nbgrader as root here, to the lecturer,
    whom nbgrader lets release into them from the formgrader only as their owner: the course's
    folder and its inbound (not the students' submissions in it), outbound and feedback whole."""
    folder = layout.EXCHANGE / layout.COURSE_ID
    owner = pwd.getpwnam(layout.LECTURER)
    for path in (folder, folder / "inbound"):
        if path.exists():
            os.lchown(path, owner.pw_uid, owner.pw_gid)
    for name in ("outbound", "feedback"):
        if (folder / name).exists():
            give(folder / name, layout.LECTURER)


def course():
    """The lecturer's course folder: the sources, and every assignment generated (its students'
    notebook loading the hub's kit)."""
    root = layout.course_root()
    wanted = digest_of(ROOT / "coursework" / "source", ROOT / "coursework" / "kit" / "src",
                       layout.KIT)
    stamp = root / ".generated"
    if stamped(stamp, wanted):
        return
    root.mkdir(exist_ok=True)
    shutil.rmtree(root / "source", ignore_errors=True)
    shutil.copytree(ROOT / "coursework" / "source", root / "source")
    os.environ["NQUEENS_EXCHANGE"] = str(layout.EXCHANGE)
    for assignment in assignments():
        nbgrader("generate_assignment", assignment, root=root)
        released = root / "release" / assignment / f"{assignment}.ipynb"
        ship_pictures(assignment, released)
        write_kit(released.parent)
        dump(students_copy(released, kit=layout.KIT), released)
    stamp.write_text(wanted)
    give(root, layout.LECTURER)
    print(f"{root}: the course, {len(assignments())} assignments generated")


def grading_secret():
    """The course's grading secret (the hidden tests' seeds come from it, see
    coursework/grading.py), made with the course rather than at the first grading: the
    lecturer's, mode 600, in the course folder."""
    from coursework import grading

    path = grading.secret_file(layout.course_root())
    account_ = pwd.getpwnam(layout.LECTURER)
    os.chown(path, account_.pw_uid, account_.pw_gid)


def warm():
    """The build every student's kernel starts from: each setup cell of the lectures and the
    assignments run once, in the students' environment, in layout.WARM."""
    releases = sorted(layout.course_root().glob("release/*/*.ipynb"))
    notebooks = [*sorted(layout.LECTURES.glob("*.ipynb")), *releases]
    # What the build depends on: the crates, the setups, the toolchain, and the cargo settings
    # the kernel's launcher gives every build (a warm build made with others would be rebuilt
    # in every student's kernel).
    wanted = digest_of(layout.CRATE, layout.KIT) + json.dumps(
        sorted(rust_kernel.setups(notebooks))) + str(layout.TOOLCHAIN) + \
        run(layout.TOOLCHAIN / "bin" / "rustc", "--version") + \
        json.dumps(rust_kernel.BUILD_SETTINGS, sort_keys=True)
    stamp = layout.WARM / ".warmed"
    if stamped(stamp, wanted):
        return
    shutil.rmtree(layout.WARM, ignore_errors=True)
    layout.WARM.mkdir(parents=True)
    env = {**os.environ, **layout.kernel_environment(), "NQUEENS_KERNEL_CACHE": str(layout.WARM)}
    env.pop("NQUEENS_KERNEL_SHARED")
    print(run(layout.VENV / "bin" / "python", layout.BIN / "rust_kernel.py", "--warm",
              *notebooks, *kernel_crates(), env=env,
              cwd=layout.WARM).strip())
    readable_by_all(layout.WARM)
    stamp.write_text(wanted)


def setup():
    """Everything the hub serves, brought up to date (see the module's help)."""
    if os.geteuid() != 0:
        sys.exit("the hub is set up by root (it creates users and runs servers as them)")
    reason = layout.sandbox.why_not()
    if reason:
        sys.exit(f"the hub grades in the sandbox, which is not ready: {reason}")
    for folder in (layout.ROOT, layout.INSTANCE, layout.STATE):
        folder.mkdir(parents=True, exist_ok=True)
    layout.ROOT.chmod(0o755)
    layout.INSTANCE.chmod(0o755)
    layout.STATE.chmod(0o700)
    layout.EXCHANGE.mkdir(exist_ok=True)
    # nbgrader's documentation: everyone writes in the exchange (nbgrader sets what is inside);
    # the sticky bit keeps each one's folders from the others.
    layout.EXCHANGE.chmod(0o1777)
    python_environment()
    course_package()
    proxy()
    toolchain()
    replace_tree(layout.CRATE, lecture_crate)
    replace_tree(layout.KIT, lambda folder: shutil.copytree(
        write_kit(folder.parent / "kit-build"), folder, dirs_exist_ok=True))
    shutil.rmtree(layout.ROOT / "kit-build", ignore_errors=True)
    replace_tree(layout.LECTURES, lectures)
    launch_repository()
    programs()
    try:
        grp.getgrnam(layout.STUDENTS)
    except KeyError:
        run("groupadd", layout.STUDENTS)
    account(layout.LECTURER)
    settings()
    pages()
    course()
    grading_secret()
    warm()
    print(f"hub ready in {layout.ROOT}: the lecturer is {layout.LECTURER} "
          f"(`passwd {layout.LECTURER}` gives a password; the formgrader is the page "
          f"/user/{layout.LECTURER}/formgrader), students are the group "
          f"{layout.STUDENTS} (`python -m tools.hub students add NAME`)")


def start():
    """JupyterHub in the foreground, from the hub's state folder."""
    if os.geteuid() != 0:
        sys.exit("the hub runs as root (it starts each server as its user)")
    os.chdir(layout.STATE)
    hub = layout.VENV / "bin" / "jupyterhub"
    os.execv(hub, [str(hub), "-f", str(HUB / "jupyterhub_config.py")])


NAME = re.compile(r"^[a-z_][a-z0-9_-]{0,30}$")


def students(action, names):
    """Adds or removes students' accounts."""
    for name in names:
        if not NAME.match(name):
            sys.exit(f"{name!r} is not a user name (small letters, digits, - and _)")
    for name in names:
        if action == "add":
            account(name, layout.STUDENTS)
            password = secrets.token_urlsafe(12)
            run("chpasswd", input=f"{name}:{password}\n")
            print(f"{name},{password}")
        else:
            try:
                member = name in grp.getgrnam(layout.STUDENTS).gr_mem
            except KeyError:
                member = False
            if not member:
                sys.exit(f"{name} is not a student of the hub (not in {layout.STUDENTS})")
            run("userdel", "--remove", name)


def release(assignment):
    os.environ["NQUEENS_EXCHANGE"] = str(layout.EXCHANGE)
    nbgrader("release_assignment", assignment, root=layout.course_root())
    give_exchange()
    print(f"{assignment}: released into {layout.EXCHANGE}")


def grade(assignment):
    """collect, autograde (in the sandbox), generate_feedback and release_feedback; the scores."""
    from nbgrader.api import Gradebook

    root = layout.course_root()
    os.environ["NQUEENS_EXCHANGE"] = str(layout.EXCHANGE)
    os.environ["JUPYTER_PATH"] = str(layout.TEMPLATES)  # the feedback's MathJax is the hub's
    for action in ("collect", "autograde", "generate_feedback", "release_feedback"):
        # A notebook whose autograde fails (nbgrader names it, and writes no grade for it) keeps
        # no one else from their grade and feedback.
        nbgrader(action, assignment, root=root, check=action != "autograde")
    give(root, layout.LECTURER)
    give_exchange()
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}", layout.COURSE_ID) as gradebook:
        for found in sorted(gradebook.assignment_submissions(assignment),
                            key=lambda s: s.student_id):
            print(f"{found.student_id:<24}{found.score:>7.2f} / {found.max_score:g}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("setup")
    commands.add_parser("start")
    people = commands.add_parser("students")
    people.add_argument("action", choices=["add", "remove"])
    people.add_argument("names", nargs="*")
    people.add_argument("--file", type=pathlib.Path)
    for name in ("release", "grade"):
        commands.add_parser(name).add_argument("assignment", choices=assignments())
    args = parser.parse_args()
    if args.command == "setup":
        setup()
    elif args.command == "start":
        start()
    elif args.command == "students":
        names = list(args.names)
        if args.file:
            names += [line.strip() for line in args.file.read_text().splitlines() if line.strip()]
        if not names:
            parser.error("name at least one student")
        students(args.action, names)
    elif args.command == "release":
        release(args.assignment)
    else:
        grade(args.assignment)
    return 0


if __name__ == "__main__":
    sys.exit(main())
