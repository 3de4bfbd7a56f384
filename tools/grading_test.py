"""The grading test (`python -m tools.coursework grade`): every assignment autograded by
nbgrader itself with the solutions, partly right answers and right ones other than the
solutions' (tools/cheats.py's ALTERNATIVES), the untouched stubs, an endless loop and the cheats
(tools/cheats.py), each of which must earn exactly what it deserves; then the feedback's
pictures, and Validate as students run it."""

import html
import json
import os
import re
import shutil
import subprocess
import sys
import time

from coursework import rust_kernel
from tools.cheats import (
    ALTERNATIVES,
    CHEATS,
    COVER_SIGNS,
    GENERIC_CHEATS,
    REPLAYED,
    REWRITTEN,
    RUN_CHEATS,
    SANDBOX_CHEATS,
    replay_first,
    replay_second,
)
from tools.course import (
    BEGIN,
    COURSE,
    END,
    ROOT,
    STUDENTS_COPIES,
    VENV_BIN,
    WORK,
    assignments,
    dump,
    load,
    nbgrader,
    set_source,
    source_text,
)
from tools.nbgrade import VALIDATED
from tools.release import bundle, check_bundle, comparable, pictures_of, release

# The submissions graded in the test, and what each must score. The endless loop is handed in
# for LOOPED assignments only (see tried_on).
SUBMISSIONS = ["solutions", "wrong", "stubs", "endless-loop"]
# The endless loop's body. In SPINNING_LOOP's copy it spins, as a student's loop would; in the
# others it sleeps, which the grader's clock (wall time, 25 s a test cell) stops the same way,
# without taking a core for that time from the gradings beside it.
SPINNING_LOOP = "01-backtracking"
LOOPED = (SPINNING_LOOP, "05-counting")
# The cheats written for no assignment in particular (GENERIC_CHEATS, SANDBOX_CHEATS,
# RUN_CHEATS) attack what every assignment shares: the cells the grader writes around a test,
# the judge, the clock and the sandbox, all of which every assignment runs through the same code.
# Each is handed in for one assignment (see tried_on), unless `grade --every-cheat` asks for all
# of them everywhere (about three times the grading's time).
SHARED_CHEATS = [*GENERIC_CHEATS, *SANDBOX_CHEATS, *RUN_CHEATS]
EVERY_CHEAT = False


def tried_on(kind, assignment):
    """Whether the grading test hands in the shared cheat or endless loop `kind` for
    `assignment`: the shared cheat number i (in SHARED_CHEATS' order) goes to the assignment
    number i (modulo their number, in the course's order), so that each assignment meets one or
    two of the twelve; the endless loop to LOOPED (one loop that spins, one that sleeps); every
    one everywhere with --every-cheat."""
    if EVERY_CHEAT:
        return True
    if kind == "endless-loop":
        return assignment in LOOPED
    if kind not in SHARED_CHEATS:
        return True
    order = assignments()
    number, place = SHARED_CHEATS.index(kind), order.index(assignment)
    return place == number % len(order)


def submissions_of(assignment):
    """The SUBMISSIONS the grading test hands in for an assignment."""
    return [kind for kind in SUBMISSIONS if tried_on(kind, assignment)]
ENDLESS_LOOPS = {True: "loop {}",
                 False: "loop { std::thread::sleep(std::time::Duration::from_secs(1)); }"}

# An honest student whose notebook prints a lot: the solutions with a cell of their own that
# prints 6 MB first. It must be graded whole, with full marks (nbclient once gave up waiting for
# so much output, and nbgrader dropped the whole notebook).
LOUD = ("05-counting", 'for i in 0..60_000 {\n    println!("{i:>99}");\n}')

def first_task(source, grade_id=None):
    """The first task of an assignment (or the one whose answer cell is `grade_id`): its answer
    cell's grade id, the function's signature, and the checker its test cell calls."""
    cells = load(source)["cells"]
    ids = {c["metadata"].get("nbgrader", {}).get("grade_id"): c for c in cells}
    answer = ids[grade_id] if grade_id else next(
        c for c in cells if c["metadata"].get("nbgrader", {}).get("solution"))
    grade_id = answer["metadata"]["nbgrader"]["grade_id"]
    signature = next(line for line in source_text(answer).split("\n")
                     if line.startswith("fn ")).rstrip(" {")
    checker = re.search(r"::coursework::(check_\w+)", source_text(ids["test_" + grade_id])).group(1)
    return grade_id, signature, checker


def cheats_of(assignment, source):
    """Every cheat tried on an assignment: (name, attacked test cell, answer cell, rewrite of the
    answer cell's text, and maybe a cell the student adds before it)."""
    found = [(kind, attacked, answer, rewrite, *added)
             for kind, (target, attacked, answer, rewrite, *added) in CHEATS.items()
             if target == assignment]
    grade_id, signature, checker = first_task(source)
    for kind, template in GENERIC_CHEATS.items():
        text = template(signature, checker)
        found.append((kind, "test_" + grade_id, grade_id, lambda solution, text=text: text))
    root = source.parents[2]
    for kind, template in SANDBOX_CHEATS.items():
        text = template(signature, root, assignment)
        found.append((kind, "test_" + grade_id, grade_id, lambda solution, text=text: text))
    for kind, (which, template) in RUN_CHEATS.items():
        found.append((kind, f"{which}_{grade_id}", grade_id,
                      lambda solution, t=template: t(signature, solution, student_server().port)))
    return [attack for attack in found if tried_on(attack[0], assignment)]


class Server:
    """A server of a student's on this machine's loopback, which the cheat "network" asks for
    help: it answers "go" to every request and notes each (none may arrive)."""

    def __init__(self):
        import socketserver
        import threading

        self.requests = []
        heard = self.requests

        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                heard.append(self.rfile.readline(1 << 16).decode(errors="replace"))
                self.wfile.write(b"go\n")

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


SERVERS = []


def student_server():
    """The one Server of this grading test, started when first asked for."""
    if not SERVERS:
        SERVERS.append(Server())
    return SERVERS[0]


def reached_past_the_sandbox(root, assignment):
    """What the sandbox cheats of one assignment's grading achieved: the problems found."""
    from nbgrader.api import Gradebook

    problems = []
    secret = (root / ".grading-secret").read_text().strip() if (root / ".grading-secret").exists() \
        else None
    # What only a read that worked prints: the secret, a source's solution markers, the
    # gradebook's header, the grader's environment, a listing of the course folder.
    leaks = {"the grading secret": secret, "a solution": "BEGIN SOLUTION",
             "the gradebook": "SQLite format 3", "the grader's environment": '("NQUEENS_COURSE_ROOT", "',
             "the course folder's listing": f"{root}: ["}
    for kind in (kind for kind in SANDBOX_CHEATS if tried_on(kind, assignment)):
        graded = load(root / "autograded" / kind / assignment / f"{assignment}.ipynb")
        shown = json.dumps([c.get("outputs", []) for c in graded["cells"]], ensure_ascii=False)
        feedback = root / "feedback" / kind / assignment / f"{assignment}.html"
        for where, text in [("its outputs", shown.replace('\\"', '"')),
                            ("its feedback", html.unescape(feedback.read_text(encoding="utf-8"))
                             if feedback.exists() else "")]:
            for what, sign in leaks.items():
                if sign and sign in text:
                    problems.append(f"{assignment}: the cheat {kind} put {what} into {where}")
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}", "nqueens") as gradebook:
        for student in gradebook.students:
            submission = gradebook.find_submission(assignment, student.id)
            credit = sum(grade.extra_credit or 0 for notebook in submission.notebooks
                         for grade in notebook.grades)
            if credit:
                problems.append(f"{assignment}: {student.id} has {credit} points of extra "
                                "credit in the gradebook")
    for path in [*(root / "release").rglob("*.rs"), *(ROOT / "coursework" / "kit").rglob("*.rs")]:
        if REWRITTEN in path.read_text(encoding="utf-8"):
            problems.append(f"{assignment}: the cheat reach-out changed {path}")
    return problems

# What the "wrong" submission (each task's wrong answer in the source, or its solution where the
# source gives none) must score, from what its right parts are worth (the rubric is in
# coursework/README.md): 01, the completion right on the eight empty boards of eleven (the test's
# 1 point × 8/11, shown as 0.73) and on neither hidden board; 02, the MOMS count right, visible and
# hidden (½ + 2½); 03, the torus right for n = 1 and 2 of eight (2 × 2/8) and on neither hidden
# board; 04, the superqueens right for n = 1 and 2 of eight (1 × 2/8) and for neither hidden size;
# 05, the count right on the ten empty boards of twenty (3 × 10/20: it forgets the holes, so every
# hidden board, all with holes, is wrong); 06, the classes right on the eight empty boards of
# fourteen (2 × 8/14, shown as 1.14: it forgets the holes too); 07, the greedy start right for
# n = 1 to 10 of sixteen (2 × 10/16: it counts only the queens of the nine rows above); 08, the
# Luby sequence on the visible test (1: it counts in 32 bits, which the hidden indices, most past
# 2^32, find out), and the proofs of two formulas of eight (2 × 2/8: it leaves out the clauses of
# the search's inner nodes, which only the 2×2 and 3×3 queens do without).
WRONG_SCORES = {
    "01-backtracking": 1 * 8 / 11,
    "02-davis-putnam": 0.5 + 2.5,
    "03-clauses": 2 * 2 / 8,
    "04-csp": 1 * 2 / 8,
    "05-counting": 3 * 10 / 20,
    "06-symmetry": 2 * 8 / 14,
    "07-huge-boards": 2 * 10 / 16,
    "08-cdcl": 1 + 2 * 2 / 8,
}


def submission(source, released, kind, spin=True):
    """One student's notebook: the released copy with its solution cells filled in (for the
    endless loop, one that spins or, without `spin`, one that sleeps)."""
    notebook = load(released)
    answers = {c["metadata"]["nbgrader"]["grade_id"]: c for c in load(source)["cells"]
               if c["metadata"].get("nbgrader", {}).get("solution")}
    first = True
    for cell in notebook["cells"]:
        grading = cell["metadata"].get("nbgrader", {})
        if not grading.get("solution") or kind == "stubs":
            continue
        original = answers[grading["grade_id"]]
        text = source_text(original)
        head, rest = text.split(BEGIN, 1)
        body, tail = rest.split(END, 1)
        indent = re.search(r"([ \t]*)$", head).group(1)
        tail = tail.split("\n", 1)[1] if "\n" in tail else ""
        if kind == "solutions":
            # The lines between the two markers.
            new_body = "\n".join(body.split("\n")[1:-1]) + "\n"
        elif kind == "wrong":
            # A task without a wrong answer in the source is one this student got right.
            wrong = original["metadata"].get("nqueens", {}).get("wrong")
            new_body = (wrong if wrong is not None else "\n".join(body.split("\n")[1:-1])) + "\n"
        elif first:  # endless-loop: the first function loops, the rest stay stubs
            new_body = indent + ENDLESS_LOOPS[spin] + "\n"
        else:
            continue
        first = False
        set_source(cell, head.rstrip(" \t") + new_body + tail)
    return notebook


def solved(cell):
    """A solution cell's text with the solution in place of the markers."""
    head, rest = source_text(cell).split(BEGIN, 1)
    body, tail = rest.split(END, 1)
    tail = tail.split("\n", 1)[1] if "\n" in tail else ""
    return head.rstrip(" \t") + "\n".join(body.split("\n")[1:-1]) + "\n" + tail


def cheat(source, released, attack):
    """The solutions, with one answer cell replaced by a cheat (see cheats_of), and a cell of the
    student's own before it if the cheat adds one."""
    notebook = submission(source, released, "solutions")
    kind, _, answer, rewrite, *added = attack
    original = next(c for c in load(source)["cells"]
                    if c["metadata"].get("nbgrader", {}).get("grade_id") == answer)
    for index, cell in enumerate(notebook["cells"]):
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == answer:
            set_source(cell, rewrite(solved(original)))
            if added:
                extra = {"cell_type": "code", "execution_count": None, "id": f"student-{kind}",
                         "metadata": {}, "outputs": []}
                set_source(extra, added[0])
                notebook["cells"].insert(index, extra)
            break
    return notebook


def alternatives(source, released, assignment):
    """The solutions with the answer cells of ALTERNATIVES in other, right forms (the
    submission "solutions" of the grading test)."""
    notebook = submission(source, released, "solutions")
    originals = {c["metadata"]["nbgrader"]["grade_id"]: c for c in load(source)["cells"]
                 if c["metadata"].get("nbgrader", {}).get("solution")}
    for cell in notebook["cells"]:
        rewrite = ALTERNATIVES.get(assignment, {}).get(cell["metadata"].get("nbgrader", {})
                                               .get("grade_id"))
        if rewrite:
            set_source(cell, rewrite(solved(originals[cell["metadata"]["nbgrader"]["grade_id"]])))
    return notebook


def stopped_by_the_memory_limit(root, assignment, attacked):
    """Whether the memory hog's attacked cell says that an allocation failed."""
    notebook = load(root / "autograded" / "memory-hog" / assignment / f"{assignment}.ipynb")
    cell = next(c for c in notebook["cells"]
                if c["metadata"].get("nbgrader", {}).get("grade_id") == attacked)
    return "memory allocation of" in json.dumps(cell.get("outputs", []), ensure_ascii=False)


def grade_cells(notebook):
    return [c for c in notebook["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]


def errors_of(cell):
    return [o for o in cell.get("outputs", []) if o["output_type"] == "error"
            or (o["output_type"] == "stream" and o["name"] == "stderr")]


def nbgrader_validate(notebooks, build):
    """nbgrader validate, as a student's Validate button runs it, on each notebook in turn, in
    one process (tools/nbgrade.py), the kernels building in `build` (evcxr's `EVCXR_TMPDIR`):
    each notebook's report and seconds."""
    env = dict(os.environ)
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    env["EVCXR_TMPDIR"] = str(build)
    done = subprocess.run([sys.executable, "-m", "tools.nbgrade", "validate",
                           *map(str, notebooks)], check=False, cwd=COURSE, env=env,
                          capture_output=True, text=True)
    reports, said = {}, []
    for line in done.stdout.split("\n"):
        if line.startswith(f"{VALIDATED} "):
            path, seconds = line[len(VALIDATED) + 1:].rsplit(" ", 1)
            reports[path] = ("\n".join(said), float(seconds))
            said = []
        else:
            said.append(line)
    return {str(n): reports.get(str(n), (done.stdout[-2000:] + done.stderr[-2000:], 0.0))
            for n in notebooks}


def validate(released):
    """Validate as students run it, for every assignment, beside the crate as it is released:
    the solutions pass, and an untouched copy lists its failing tests and no changed cell. Every
    assignment's kit is the same crate, so the notebooks go into one folder beside a copy of the
    first one's and run one after another in one build folder: the kit is built once, as a
    student's second Validate finds it. The copies in notebooks/exercises/ carry the checksums
    of their own cells. The lines to print and the problems found."""
    import nbformat
    from nbgrader.utils import compute_checksum

    problems, lines = [], []
    folder = WORK / "validate"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    shutil.copytree(next(iter(released.values())).parent / "kit", folder / "kit")
    # In the user's cache: evcxr cannot build inside the repository, a cargo project.
    build = rust_kernel.user_cache() / "nqueens" / "validate"
    shutil.rmtree(build, ignore_errors=True)
    build.mkdir(parents=True)
    pairs = {}
    for assignment, path in released.items():
        copy = STUDENTS_COPIES / f"{assignment}.ipynb"
        for cell in nbformat.read(copy, as_version=4).cells:
            grading = cell.metadata.get("nbgrader", {})
            if grading.get("locked") and grading.get("checksum") != compute_checksum(cell):
                problems.append(f"{copy.relative_to(ROOT)}: the checksum of "
                                f"{grading.get('grade_id')} is stale")
        solved = folder / f"{assignment}-solutions.ipynb"
        source = WORK / "source" / assignment / f"{assignment}.ipynb"
        dump(submission(source, path, "solutions"), solved)
        shutil.copy(path, folder / path.name)
        pairs[assignment] = (solved, folder / path.name)
    reports = nbgrader_validate([n for pair in pairs.values() for n in pair], build)
    for assignment, (solved, untouched) in pairs.items():
        (passing, first), (failing, second) = reports[str(solved)], reports[str(untouched)]
        failed = re.search(r"VALIDATION FAILED ON (\d+) CELL", failing)
        lines.append(f"validate {assignment}: the solutions "
                     f"{'pass' if 'Success!' in passing else 'FAIL'}, the untouched copy lists "
                     f"{failed.group(1) if failed else 'no'} failing cells "
                     f"({first + second:.0f} s)")
        if "Success!" not in passing:
            problems.append(f"{assignment}: Validate fails on the solutions:\n{passing[-2000:]}")
        if "CHANGED" in failing or not failed:
            problems.append(f"{assignment}: Validate on the untouched copy does not list the "
                            f"failing tests:\n{failing[-2000:]}")
    shutil.rmtree(folder)
    return lines, problems


def grading_copy(assignment):
    """A course folder of its own for grading one assignment (its source, its release and the
    gradebook that generate_assignment wrote), so that assignments are graded side by side
    without sharing nbgrader's database; the submissions are written into it."""
    root = WORK / "grading" / assignment
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    for folder in ("source", "release"):
        shutil.copytree(WORK / folder / assignment, root / folder / assignment)
    shutil.copy(WORK / "gradebook.db", root / "gradebook.db")
    released = root / "release" / assignment / f"{assignment}.ipynb"
    source = root / "source" / assignment / f"{assignment}.ipynb"
    for kind in submissions_of(assignment):
        # The graded solutions hold the other right answers of ALTERNATIVES; Validate runs the
        # source's own solutions (see validate).
        made = alternatives(source, released, assignment) if kind == "solutions" \
            else submission(source, released, kind, spin=assignment == SPINNING_LOOP)
        dump(made, root / "submitted" / kind / assignment / f"{assignment}.ipynb")
    for attack in cheats_of(assignment, source):
        dump(cheat(source, released, attack),
             root / "submitted" / attack[0] / assignment / f"{assignment}.ipynb")
    grade_id, signature, _ = first_task(source, REPLAYED_TASK.get(assignment))
    first = (REPLAYER, f"hidden_{grade_id}", grade_id,
             lambda solution: replay_first(signature, solution))
    dump(cheat(source, released, first),
         root / "submitted" / REPLAYER / assignment / f"{assignment}.ipynb")
    if assignment == LOUD[0]:
        loud = submission(source, released, "solutions")
        extra = {"cell_type": "code", "execution_count": None, "id": "student-loud",
                 "metadata": {}, "outputs": []}
        set_source(extra, LOUD[1])
        loud["cells"].insert(2, extra)
        dump(loud, root / "submitted" / "loud" / assignment / f"{assignment}.ipynb")
    return root


def grading_record(root, assignment, student):
    """The grader's record of a student's gradings (coursework/records.py), the newest last."""
    path = root / "grading-records" / assignment / f"{student}.json"
    return json.loads(path.read_text(encoding="utf-8"))["gradings"]


# The task the replayed submission tries, where not the first: one whose hidden inputs are
# many (04's first task draws two sizes of only three, which a table of two covers by chance).
REPLAYED_TASK = {"04-csp": "is_consistent"}
# The student who hands in a submission made again from the inputs the first one met (see
# tools/cheats.py, replay_first and replay_second).
REPLAYER = "replayed"


def replayed(assignment, root):
    """The replayed submission: the first one (graded with the others) printed a digest of each
    of its hidden test's arguments, which the grader's record keeps; none of them may show in
    its feedback. The second, a table of those arguments, is handed in as the same student and
    graded alone: its hidden test must score 0. The problems found, and the line to print."""
    from nbgrader.api import Gradebook

    source = root / "source" / assignment / f"{assignment}.ipynb"
    released = root / "release" / assignment / f"{assignment}.ipynb"
    grade_id, signature, _ = first_task(source, REPLAYED_TASK.get(assignment))
    hidden = f"hidden_{grade_id}"
    first = grading_record(root, assignment, REPLAYER)[-1]
    met = {int(line[len(REPLAYED):]) for line in first["cells"][hidden]["hidden_output"].split("\n")
           if line.startswith(REPLAYED)}
    problems = []
    graded = load(root / "autograded" / REPLAYER / assignment / f"{assignment}.ipynb")
    visible = {int(n) for n in re.findall(rf"{REPLAYED}(\d+)", json.dumps(graded["cells"]))}
    page = (root / "feedback" / REPLAYER / assignment / f"{assignment}.html").read_text(
        encoding="utf-8")
    shown = sorted(n for n in met - visible if str(n) in page)
    if not met:
        problems.append(f"{assignment}: the replayed submission's hidden test printed nothing "
                        "the grader's record kept")
    if shown:
        problems.append(f"{assignment}: the feedback shows {len(shown)} of the hidden inputs "
                        "the student's code printed")
    second = (REPLAYER, hidden, grade_id,
              lambda solution: replay_second(signature, solution, met))
    dump(cheat(source, released, second),
         root / "submitted" / REPLAYER / assignment / f"{assignment}.ipynb")
    nbgrader("grade", assignment, root=root, student=REPLAYER)
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}", "nqueens") as gradebook:
        score = gradebook.find_grade(hidden, assignment, assignment, REPLAYER).score
    again = grading_record(root, assignment, REPLAYER)[-1]
    if score != 0:
        problems.append(f"{assignment}: the replayed submission scores {score} on {hidden}")
    if again["nonce"] == first["nonce"]:
        problems.append(f"{assignment}: the second submission was graded on the first's nonce")
    return (f"cheat {'replayed':<19} on {assignment} {hidden}: {score:g} points "
            f"(a table of the {len(met)} inputs the first submission met)"), problems


def slow_answer_alone(assignment, root, source, top):
    """The problems found: the cheat slow-answer must lose its first task's visible test and
    nothing else (the clock ends one cell's run; the kernel keeps the notebook's functions)."""
    from nbgrader.api import Gradebook

    grade_id, _, _ = first_task(source)
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}", "nqueens") as gradebook:
        score = gradebook.find_submission(assignment, "slow-answer").score
        lost = gradebook.find_grade(f"test_{grade_id}", assignment, assignment,
                                    "slow-answer").max_score
    if abs(score - (top - lost)) > 0.005:
        return [(f"{assignment}: the slow answer's submission scores {score}, not the "
                 f"{top - lost} of every other task")]
    return []


def covered_up(assignment, root):
    """The problems found: the forged verdict's styles, script and cover (cheats.COVER_SIGNS)
    must not reach its feedback, and the judge's verdict must."""
    page = (root / "feedback" / "forged-verdict" / assignment / f"{assignment}.html").read_text(
        encoding="utf-8")
    problems = [f"{assignment}: the feedback of forged-verdict holds the student's {what}"
                for what, sign in COVER_SIGNS.items() if sign in page]
    if "✘" not in page:
        problems.append(f"{assignment}: the feedback of forged-verdict shows no failed check")
    return problems


def grade(assignment, root):
    """nbgrader autograde and generate_feedback on every submission of one assignment, in its own
    course folder `root` (see grading_copy), and what their scores, outputs and feedback must
    be. The line to print, the cheats' scores and the problems found."""
    from nbgrader.api import Gradebook

    begin = time.time()
    nbgrader("grade", assignment, root=root)
    problems = []
    cheats = []
    scores = {}
    source = root / "source" / assignment / f"{assignment}.ipynb"
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}", "nqueens") as gradebook:
        for kind in submissions_of(assignment):
            found = gradebook.find_submission(assignment, kind)
            scores[kind] = (found.score, found.max_score)
        if assignment == LOUD[0]:
            loud = gradebook.find_submission(assignment, "loud").score
            if loud != scores["solutions"][0]:
                problems.append(f"{assignment}: the solutions after 6 MB of output score {loud}, "
                                f"not {scores['solutions'][0]}")
        for kind, attacked, *_ in cheats_of(assignment, source):
            grade = gradebook.find_grade(attacked, assignment, assignment, kind)
            cheats.append((kind, assignment, attacked, grade.score))
            if grade.score != 0:
                problems.append(f"{assignment}: the cheat {kind} scores {grade.score} "
                                f"on {attacked}, not 0")
            if kind == "memory-hog" and not stopped_by_the_memory_limit(root, assignment,
                                                                         attacked):
                problems.append(f"{assignment}: the memory hog was not stopped by the "
                                "grading's memory limit")
    problems += reached_past_the_sandbox(root, assignment)
    top = scores["solutions"][1]
    # The honest, partly right answers earn exactly what their right parts are worth.
    if abs(scores["wrong"][0] - WRONG_SCORES[assignment]) > 0.005:
        problems.append(f"{assignment}: the partly right answers score "
                        f"{scores['wrong'][0]:.3f}, not {WRONG_SCORES[assignment]:.3f}")
    line = (f"{assignment:<18}" + "".join(f"{scores[k][0]:>9.2f} / {scores[k][1]:<2g}"
                                          if k in scores else f"{'–':>14}" for k in SUBMISSIONS)
            + f"{time.time() - begin:>8.0f} s")
    if scores["solutions"][0] != top:
        problems.append(f"{assignment}: the solutions score {scores['solutions'][0]} of {top}")
    if not scores["wrong"][0] < top:
        problems.append(f"{assignment}: the wrong answers score full marks")
    for kind in ("stubs", "endless-loop"):
        if kind in scores and scores[kind][0] != 0:
            problems.append(f"{assignment}: the {kind} score {scores[kind][0]}, not 0")
    graded = {kind: load(root / "autograded" / kind / assignment / f"{assignment}.ipynb")
              for kind in submissions_of(assignment)}
    # The pictures the students' copies ship are what their cells draw today.
    kept = pictures_of(load(COURSE / "source" / assignment / f"{assignment}.ipynb"))
    drawn = pictures_of(graded["solutions"])
    for grade_id, outputs in kept.items():
        if not outputs:
            problems.append(f"{assignment}: {grade_id} is shipped without its picture "
                            "(run `make exercises-pictures`)")
        elif comparable(outputs) != comparable(drawn.get(grade_id, [])):
            problems.append(f"{assignment}: the kept picture of {grade_id} is not what the "
                            "cell draws (run `make exercises-pictures`)")
    # The solutions run without an error anywhere; the stubs compile (no error in a
    # solution cell) and every test cell fails, with the checker's verdict on stderr.
    for cell in graded["solutions"]["cells"]:
        if errors_of(cell):
            problems.append(f"{assignment}: an error with the solutions in "
                            f"{cell['metadata'].get('nbgrader', {}).get('grade_id', 'a cell')}")
    for cell in graded["stubs"]["cells"]:
        grading = cell["metadata"].get("nbgrader", {})
        # The checker's own verdict, shown or on stderr; not the grader's note that a test
        # cell has no seal.
        text = json.dumps(cell.get("outputs", []), ensure_ascii=False).replace(
            "✘ no answers to judge", "")
        if grading.get("solution") and errors_of(cell):
            problems.append(f"{assignment}: the stub of {grading['grade_id']} does not compile")
        if grading.get("grade") and "✘" not in text:
            problems.append(f"{assignment}: {grading['grade_id']} does not fail with the "
                            "checker's verdict on the stub")
    # A test cell whose report fails it scores 0 in every submission, even when evcxr's
    # stderr comes late (the configuration adds one; see EvcxrExecute).
    for kind, notebook in graded.items():
        for cell in grade_cells(notebook):
            shown = json.dumps(cell.get("outputs", []), ensure_ascii=False)
            if 'data-scores=\\"0\\"' in shown and not errors_of(cell):
                problems.append(f"{assignment}: a failed check scores points in {kind}, "
                                f"{cell['metadata']['nbgrader']['grade_id']}")
    # The loop was stopped by the grader's clock, and the judge's report of its cell says so.
    looped = json.dumps([c.get("outputs", []) for c in grade_cells(graded.get("endless-loop", {
        "cells": []}))], ensure_ascii=False)
    if tried_on("endless-loop", assignment) and "gave no answer within the 25 s" not in looped:
        problems.append(f"{assignment}: the endless loop was not stopped by the grader's clock")
    if tried_on("slow-answer", assignment):
        problems += slow_answer_alone(assignment, root, source, top)
    if tried_on("forged-verdict", assignment):
        problems += covered_up(assignment, root)
    line_replayed, trouble = replayed(assignment, root)
    problems += trouble
    cheats.append(line_replayed)
    # The feedback shows the checkers' pictures of the wrong answers.
    feedback = root / "feedback" / "wrong" / assignment / f"{assignment}.html"
    shown = feedback.read_text(encoding="utf-8") if feedback.exists() else ""
    if "✘" not in shown.replace("✘ no answers to judge", ""):
        problems.append(f"{assignment}: the feedback does not show the failed checks")
    if "nqueens-drawing" not in shown:
        problems.append(f"{assignment}: the feedback shows no picture of a counterexample")
    problems += hidden_kept_hidden(root, assignment)
    return line, cheats, problems


# What a student's feedback must not show of a hidden test: its seed (with the library's
# generator it gives every input), the inputs the grader sent the kernel (the cell that ran the
# answers, which evcxr quotes back when an answer does not compile), the hidden test's source,
# and the checker it calls.
HIDDEN_SIGNS = {"a seed": re.compile(r"\bseed\b", re.IGNORECASE),
                "the inputs sent to the kernel": re.compile(r'r#{4}"\['),
                "a hidden test's source": re.compile(r"BEGIN HIDDEN TESTS|hidden::check_|SEED\b")}


def hidden_kept_hidden(root, assignment):
    """The problems found in the feedback of every submission of one assignment: any of
    HIDDEN_SIGNS, in the page as written or in its text alone (tags left out: a text coloured a
    character at a time, as evcxr quotes code in a compile error, is a tag around each
    character)."""
    problems = []
    for feedback in sorted((root / "feedback").glob(f"*/{assignment}/{assignment}.html")):
        page = feedback.read_text(encoding="utf-8")
        texts = [html.unescape(page), html.unescape(re.sub(r"<[^>]*>", "", page))]
        for what, sign in HIDDEN_SIGNS.items():
            if any(sign.search(text) for text in texts):
                problems.append(f"{assignment}: the feedback of {feedback.parts[-3]} shows {what}")
    return problems


def grading_jobs():
    """How many gradings run side by side: NQUEENS_GRADE_JOBS, else one a core and one more
    (each kernel compiles its cells on one core at a time, and waits between them: kernels
    starting, nbgrader writing its database)."""
    wanted = os.environ.get("NQUEENS_GRADE_JOBS", "")
    if wanted:
        if not wanted.isdigit() or int(wanted) < 1:
            sys.exit(f"NQUEENS_GRADE_JOBS must be a whole number from 1, not {wanted!r}")
        return int(wanted)
    return max(1, os.cpu_count() or 1) + 1


def command_grade(only, every_cheat=False):
    from concurrent.futures import ThreadPoolExecutor

    started = time.time()
    global EVERY_CHEAT
    EVERY_CHEAT = every_cheat
    # The judge, which every grading runs outside the students' kernels: built once, first.
    subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "nqueens-judge"], cwd=ROOT,
                   check=True)
    released = release()
    if only:
        released = {a: p for a, p in released.items() if a in only}
    jobs = grading_jobs()
    print(f"{'assignment':<18}" + "".join(f"{k:>14}" for k in SUBMISSIONS) + "      time"
          f"   ({jobs} side by side)", flush=True)
    problems = []
    cheats = []
    # Every assignment's grading and the Validate runs are independent (each grading in its own
    # course folder, each kernel in its own build directory, Validate in a folder of its own):
    # run them side by side, and report in the course's order.
    roots = {a: grading_copy(a) for a in released}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        # Validate first: one long task, which the gradings fill in around.
        validation = pool.submit(validate, released)
        gradings = [pool.submit(grade, a, roots[a]) for a in released]
        for future in gradings:
            line, found, trouble = future.result()
            print(line, flush=True)
            cheats += found
            problems += trouble
        lines, trouble = validation.result()
        for line in lines:
            print(line, flush=True)
        problems += trouble
    if len(released) == len(assignments()):
        problems += check_bundle(bundle(released))
    for found in cheats:
        if isinstance(found, str):
            print(found)
        else:
            kind, assignment, attacked, score = found
            print(f"cheat {kind:<19} on {assignment} {attacked}: {score:g} points")
    if SERVERS and SERVERS[0].requests:
        problems.append(f"the student's server on the loopback was asked "
                        f"{len(SERVERS[0].requests)} times, first: {SERVERS[0].requests[0][:200]}")
    print(f"feedback: {(WORK / 'grading').relative_to(ROOT)}/<assignment>/feedback/<submission>/"
          f"<assignment>/; {time.time() - started:.0f} s in all")
    for problem in problems:
        print("  " + problem)
    return 1 if problems else 0
