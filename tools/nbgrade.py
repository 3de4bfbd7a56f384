"""nbgrader through its Python API (`nbgrader.apps.NbGraderAPI`), in a process of its own.

tools/course.py (`nbgrader`) runs one of these per call: the grading runs the assignments side by side,
each in a course folder of its own, and nbgrader's configuration (traitlets, loaded from
coursework/nbgrader_config.py) belongs to a whole process, so two assignments cannot share one.
The course folder is `$NQUEENS_COURSE_ROOT`, as the configuration reads it.

    python -m tools.nbgrade generate_assignment ASSIGNMENT
    python -m tools.nbgrade autograde ASSIGNMENT [STUDENT]   every submission of it, or one
    python -m tools.nbgrade generate_feedback ASSIGNMENT [STUDENT]
    python -m tools.nbgrade grade ASSIGNMENT [STUDENT]   autograde, then generate_feedback, in
                                                         one process (nbgrader loads once)
    python -m tools.nbgrade release_assignment ASSIGNMENT   into the exchange ($NQUEENS_EXCHANGE)
    python -m tools.nbgrade collect ASSIGNMENT              the students' latest submissions
    python -m tools.nbgrade release_feedback ASSIGNMENT     for every student graded
    python -m tools.nbgrade validate NOTEBOOK...   `nbgrader validate` on each, one after
                                                   another, each report followed by a line
                                                   `VALIDATED` with the notebook and its seconds

Exit 0 when nbgrader says every step succeeded; otherwise 1, with nbgrader's log and error.
"""

import pathlib
import sys

COURSE = pathlib.Path(__file__).resolve().parent.parent / "coursework"


def api():
    """nbgrader's API on the course's configuration."""
    from nbgrader.apps import NbGraderAPI
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(COURSE)).load_config()
    return NbGraderAPI(config=config)


def run(action, assignment, student=None, grader=None):
    """The results of one action: nbgrader's dicts, with `success`, `log` and maybe `error`."""
    grader = grader or api()
    if action == "generate_assignment":
        return [grader.generate_assignment(assignment, force=True)]
    if action == "autograde":
        students = [student] if student else sorted(grader.get_submitted_students(assignment))
        if not students:
            return [{"success": False, "error": f"no submissions of {assignment}", "log": ""}]
        return [grader.autograde(assignment, student, force=True, create=True)
                for student in students]
    if action == "generate_feedback":
        return [grader.generate_feedback(assignment, student, force=True)]
    if action == "grade":
        graded = run("autograde", assignment, student, grader)
        return graded + run("generate_feedback", assignment, student, grader)
    if action == "release_assignment":
        return [grader.release_assignment(assignment)]
    if action == "collect":
        return [grader.collect(assignment)]
    if action == "release_feedback":
        return [grader.release_feedback(assignment)]
    raise SystemExit(__doc__)


# The line after each notebook's report in `validate`.
VALIDATED = "VALIDATED"


def validate(notebooks):
    """`nbgrader validate` (its application, configured from the current folder as the command
    is) on each notebook in turn, in this one process: each report as the command prints it,
    then VALIDATED, the notebook and the seconds it took. A notebook nbgrader cannot validate
    at all ends the run with its error (the notebooks after it get no report)."""
    import time

    from nbgrader.apps.validateapp import ValidateApp
    from nbgrader.validator import Validator

    app = ValidateApp()
    app.initialize([])
    validator = Validator(parent=app)
    for notebook in notebooks:
        begin = time.time()
        validator.validate_and_print(notebook)
        print(f"\n{VALIDATED} {notebook} {time.time() - begin:.1f}", flush=True)
    return 0


def main():
    if sys.argv[1:2] == ["validate"]:
        return validate(sys.argv[2:])
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__)
    results = run(*sys.argv[1:])
    for result in results:
        print(result.get("log", ""), end="")
    failed = [r for r in results if not r.get("success")]
    for result in failed:
        print(result.get("error", "(no error given)"), file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
