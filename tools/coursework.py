#!/usr/bin/env python3
"""The coursework as an nbgrader course: release the students' copies, and test the grading.

The assignments' sources are in coursework/source/<assignment>/<assignment>.ipynb, with the
solutions between `// BEGIN SOLUTION` and `// END SOLUTION` and hidden tests between
`// BEGIN HIDDEN TESTS` and `// END HIDDEN TESTS`; coursework/nbgrader_config.py holds the Rust
settings. nbgrader works in a copy of the course under target/coursework/.

    tools/coursework.py release           nbgrader generate_assignment for every assignment, and
                                          the students' copies written to notebooks/exercises/
    tools/coursework.py release --check   ... and fail if notebooks/exercises/ differs from them
    tools/coursework.py grade             release, then autograde four submissions of every
                                          assignment with nbgrader itself: the solutions (full
                                          marks), wrong answers (fewer points), the untouched
                                          stubs (0, and every stub compiles) and an endless loop
                                          (0, stopped by the checker); then generate_feedback,
                                          whose HTML must show the checkers' pictures; some wrong
                                          answers must earn partial credit; and the cheats of
                                          CHEATS, each of which must score 0 on the test cell
                                          it attacks
"""

import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
COURSE = ROOT / "coursework"
WORK = ROOT / "target" / "coursework"
STUDENTS_COPIES = ROOT / "notebooks" / "exercises"
VENV_BIN = pathlib.Path(sys.executable).parent

BEGIN, END = "// BEGIN SOLUTION", "// END SOLUTION"

# The submissions graded in the test, and what each must score.
SUBMISSIONS = ["solutions", "wrong", "stubs", "endless-loop"]

# Ways to score without solving, each tried on one answer of one assignment (the rest of that
# submission is the solutions): the name, the assignment, the test cell it attacks (which must
# score 0), the answer cell, and the answer cell's new text made from the solution's. Each of
# them scores points without the sealed test cells, the full paths to the checkers, or the rule
# against evcxr commands in answers.
SILENCE_STDERR = ("    use std::os::fd::FromRawFd;\n"
                  "    // Closing standard error: a failing check's verdict goes nowhere.\n"
                  "    drop(unsafe { std::fs::File::from_raw_fd(2) });\n")
CHEATS = {
    # A checker of the same name in the answer cell, which passes anything.
    "shadowed-checker": ("01-backtracking", "test_fill_board_recursion", "fill_board_recursion",
                         lambda solution: "fn fill_board_recursion(size: usize) -> Option<Grid> {\n"
                         "    let _ = size;\n    todo!()\n}\n"
                         "struct Pass;\n"
                         "impl Pass {\n    fn points(&self, max: f64) -> f64 { max }\n"
                         "    fn grade(&self) {}\n}\n"
                         "fn check_fill_board_recursion(_: impl Fn(usize) -> Option<Grid>) -> Pass {\n"
                         "    Pass\n}"),
    # A right answer behind an evcxr command (here a harmless one; `:dep` could swap the crate
    # the checkers come from): answers may hold none, so it is not run.
    "evcxr-command": ("01-backtracking", "test_queen_sees", "queen_sees",
                      lambda solution: ":opt 0\n" + solution),
    # A panic whose payload panics again when dropped: the check never reports.
    "escaped-checker": ("02-clauses", "test_at_most_one", "at_most_one",
                        lambda solution: "struct Bomb;\n"
                        "impl Drop for Bomb {\n    fn drop(&mut self) {\n"
                        "        panic!(\"dropped\");\n    }\n}\n"
                        "fn at_most_one(variables: &[Variable]) -> Clauses {\n"
                        "    let _ = variables;\n    std::panic::panic_any(Bomb)\n}"),
    # Standard error closed, then no answer.
    "silenced-stderr": ("03-davis-putnam", "test_reduce", "reduce",
                        lambda solution: "fn reduce(clauses: &Clauses, literal: Literal) -> Clauses {\n"
                        "    let _ = (clauses, literal);\n" + SILENCE_STDERR + "    todo!()\n}"),
    # evcxr's display markers printed to forge a result, standard error closed, no answer.
    "forged-result": ("04-csp", "test_is_consistent", "is_consistent",
                      lambda solution: "fn is_consistent(csp: &Csp, assignment: &[Option<i64>], "
                      "var: usize) -> bool {\n    let _ = (csp, assignment, var);\n" + SILENCE_STDERR
                      + "    println!(\"EVCXR_BEGIN_CONTENT text/plain\\n2\\nEVCXR_END_CONTENT\");\n"
                      "    todo!()\n}"),
    # A silent panic hook, and an answer right for the visible checks only: the hidden test
    # fails without a word.
    "silent-hidden-test": ("05-counting", "test_count", "count",
                           lambda solution: "std::panic::set_hook(Box::new(|_| {}));\n"
                           + solution.replace(
                               "fn count(n: usize) -> u64 {\n",
                               "fn count(n: usize) -> u64 {\n"
                               "    static CALLS: std::sync::atomic::AtomicUsize =\n"
                               "        std::sync::atomic::AtomicUsize::new(0);\n"
                               "    if CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed) >= 10 {\n"
                               "        return 0;\n    }\n", 1)),
}


def assignments():
    return sorted(p.name for p in (COURSE / "source").iterdir() if p.is_dir())


def nbgrader(*args):
    """Runs nbgrader from the course folder (where its configuration is) on the work copy."""
    env = dict(os.environ)
    env["NQUEENS_COURSE_ROOT"] = str(WORK)
    env["NQUEENS_CRATE"] = str(ROOT)
    # nbgrader runs alembic (its database migrations) as a program: it must be on PATH.
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    done = subprocess.run([str(VENV_BIN / "nbgrader"), *args], cwd=COURSE, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"nbgrader {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout + done.stderr


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def dump(notebook, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def source_text(cell):
    return "".join(cell["source"])


def set_source(cell, text):
    parts = text.split("\n")
    cell["source"] = [p + "\n" for p in parts[:-1]] + [parts[-1]]


def release():
    """nbgrader generate_assignment for every assignment, in the work copy."""
    if WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True)
    shutil.copytree(COURSE / "source", WORK / "source")
    for assignment in assignments():
        nbgrader("generate_assignment", assignment, "--force")
    return {a: WORK / "release" / a / f"{a}.ipynb" for a in assignments()}


def students_copy(released):
    """A released notebook as it sits in notebooks/exercises/: the crate two folders up, and no
    grading notes (the wrong answers the grading test uses) left in the cells."""
    notebook = load(released)
    for cell in notebook["cells"]:
        cell["metadata"].pop("nqueens", None)
        text = source_text(cell)
        if ":dep nqueens" in text:
            set_source(cell, re.sub(r'path = "[^"]*"', 'path = "../.."', text))
    return notebook


def command_release(check):
    released = release()
    stale = []
    for assignment, path in released.items():
        copy = students_copy(path)
        target = STUDENTS_COPIES / f"{assignment}.ipynb"
        if check:
            if not target.exists() or load(target) != copy:
                stale.append(target.relative_to(ROOT))
        else:
            dump(copy, target)
            print(f"{target.relative_to(ROOT)}: written from {path.relative_to(ROOT)}")
    extra = sorted(p.name for p in STUDENTS_COPIES.glob("*.ipynb")
                   if p.stem not in released)
    if extra:
        stale.append(f"notebooks/exercises/ has notebooks with no source: {extra}")
    if stale:
        for item in stale:
            print(f"out of date: {item}")
        sys.exit("run `make exercises` and commit notebooks/exercises/")
    if check:
        print(f"notebooks/exercises/ matches the released assignments ({len(released)})")


def submission(source, released, kind):
    """One student's notebook: the released copy with its solution cells filled in."""
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
            new_body = original["metadata"]["nqueens"]["wrong"] + "\n"
        elif first:  # endless-loop: the first function loops, the rest stay stubs
            new_body = indent + "loop {}\n"
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


def cheat(source, released, kind):
    """The solutions, with one answer cell replaced by a cheat (see CHEATS)."""
    notebook = submission(source, released, "solutions")
    _, _, answer, rewrite = CHEATS[kind]
    original = next(c for c in load(source)["cells"]
                    if c["metadata"].get("nbgrader", {}).get("grade_id") == answer)
    for cell in notebook["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == answer:
            set_source(cell, rewrite(solved(original)))
    return notebook


def grade_cells(notebook):
    return [c for c in notebook["cells"] if c["metadata"].get("nbgrader", {}).get("grade")]


def errors_of(cell):
    return [o for o in cell.get("outputs", []) if o["output_type"] == "error"
            or (o["output_type"] == "stream" and o["name"] == "stderr")]


def command_grade(only):
    from nbgrader.api import Gradebook

    started = time.time()
    released = release()
    if only:
        released = {a: p for a, p in released.items() if a in only}
    for assignment, path in released.items():
        source = WORK / "source" / assignment / f"{assignment}.ipynb"
        for kind in SUBMISSIONS:
            dump(submission(source, path, kind),
                 WORK / "submitted" / kind / assignment / f"{assignment}.ipynb")
        for kind, (target, *_) in CHEATS.items():
            if target == assignment:
                dump(cheat(source, path, kind),
                     WORK / "submitted" / kind / assignment / f"{assignment}.ipynb")
    problems = []
    partial = []
    cheats = []
    print(f"{'assignment':<18}" + "".join(f"{k:>14}" for k in SUBMISSIONS) + "      time")
    for assignment in released:
        begin = time.time()
        nbgrader("autograde", assignment, "--create", "--force")
        nbgrader("generate_feedback", assignment, "--force")
        scores = {}
        with Gradebook(f"sqlite:///{WORK / 'gradebook.db'}", "nqueens") as gradebook:
            for kind in SUBMISSIONS:
                found = gradebook.find_submission(assignment, kind)
                scores[kind] = (found.score, found.max_score)
            for kind, (target, attacked, *_) in CHEATS.items():
                if target == assignment:
                    grade = gradebook.find_grade(attacked, assignment, assignment, kind)
                    cheats.append((kind, assignment, attacked, grade.score))
                    if grade.score != 0:
                        problems.append(f"{assignment}: the cheat {kind} scores {grade.score} "
                                        f"on {attacked}, not 0")
        top = scores["solutions"][1]
        partial.append(scores["wrong"])
        print(f"{assignment:<18}" + "".join(f"{s:>9.2f} / {m:<2g}" for s, m in scores.values())
              + f"{time.time() - begin:>8.0f} s")
        if scores["solutions"][0] != top:
            problems.append(f"{assignment}: the solutions score {scores['solutions'][0]} of {top}")
        if not scores["wrong"][0] < top:
            problems.append(f"{assignment}: the wrong answers score full marks")
        for kind in ("stubs", "endless-loop"):
            if scores[kind][0] != 0:
                problems.append(f"{assignment}: the {kind} score {scores[kind][0]}, not 0")
        graded = {kind: load(WORK / "autograded" / kind / assignment / f"{assignment}.ipynb")
                  for kind in SUBMISSIONS}
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
                "✘ no sealed verdict", "")
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
        looped = json.dumps([errors_of(c) for c in grade_cells(graded["endless-loop"])],
                            ensure_ascii=False)
        if "did not return within" not in looped:
            problems.append(f"{assignment}: the endless loop was not stopped by the checker")
        # The feedback shows the checkers' pictures of the wrong answers.
        feedback = (WORK / "feedback" / "wrong" / assignment / f"{assignment}.html")
        html = feedback.read_text(encoding="utf-8") if feedback.exists() else ""
        if "✘" not in html.replace("✘ no sealed verdict", ""):
            problems.append(f"{assignment}: the feedback does not show the failed checks")
        if assignment != "05-counting" and "nqueens-drawing" not in html:
            problems.append(f"{assignment}: the feedback shows no picture of a counterexample")
    if len(released) == len(assignments()) and not any(0 < s < m for s, m in partial):
        problems.append("no wrong submission earned partial credit")
    for kind, assignment, attacked, score in cheats:
        print(f"cheat {kind:<19} on {assignment} {attacked}: {score:g} points")
    print(f"feedback: {(WORK / 'feedback').relative_to(ROOT)}/<submission>/<assignment>/; "
          f"{time.time() - started:.0f} s in all")
    for problem in problems:
        print("  " + problem)
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["release", "grade"])
    parser.add_argument("--check", action="store_true",
                        help="release: fail if notebooks/exercises/ is out of date")
    parser.add_argument("--only", nargs="*", default=[], metavar="ASSIGNMENT",
                        help="grade: just these assignments")
    args = parser.parse_args()
    if args.command == "release":
        command_release(args.check)
        return 0
    return command_grade(args.only)


if __name__ == "__main__":
    sys.exit(main())
