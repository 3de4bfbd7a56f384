"""nbgrader's configuration for the nqueens coursework (run nbgrader from this folder).

The assignments are Rust notebooks for the evcxr kernel that load the coursework crate
(coursework/kit: the checkers, the types and the pictures, none of the answers). Their solution
regions are marked `// BEGIN SOLUTION` … `// END SOLUTION` and become `todo!()` in the students'
copies; the hidden test cells' checks sit between `// BEGIN HIDDEN TESTS` and
`// END HIDDEN TESTS`. When grading, every test cell scores only what its checker's sealed
verdict proves (see SealCells and SealBack), and the hidden tests run on inputs drawn from a
seed of the grader's (see hidden_seed).
"""

import hashlib
import hmac
import os
import pathlib
import re
import secrets
import sys

import nbformat
from nbconvert.preprocessors import ClearMetadataPreprocessor, Preprocessor
from nbgrader.preprocessors import (
    AssignLatePenalties,
    CheckCellMetadata,
    ClearHiddenTests,
    ClearMarkScheme,
    ClearOutput,
    ClearSolutions,
    ComputeChecksums,
    IgnorePattern,
    IncludeHeaderFooter,
    InstantiateTests,
    LimitOutput,
    LockCells,
    SaveAutoGrades,
    SaveCells,
)

c = get_config()  # noqa: F821 (nbgrader provides it)

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import evcxr_execute  # noqa: E402 (the folder of this file first)
from evcxr_execute import EvcxrExecute  # noqa: E402

evcxr_execute.load(c)

c.CourseDirectory.course_id = "nqueens"
c.CourseDirectory.root = os.environ.get("NQUEENS_COURSE_ROOT", str(HERE))

c.ClearSolutions.code_stub = {"rust": "todo!()"}
c.ClearSolutions.begin_solution_delimeter = "BEGIN SOLUTION"
c.ClearSolutions.end_solution_delimeter = "END SOLUTION"
c.ClearHiddenTests.begin_test_delimeter = "BEGIN HIDDEN TESTS"
c.ClearHiddenTests.end_test_delimeter = "END HIDDEN TESTS"

# The first cell compiles the crate into the kernel: evcxr_execute allows for a cold build. A
# checker stops a looping answer itself after 15 seconds.


DEP = re.compile(r'^(:dep coursework = \{ path = ")[^"]*(".*)$', re.M)

# Where the setup cell's `:dep coursework` line points in what students get (nbgrader's release
# folder, the bundle of `make release`): the crate in a folder `kit` beside the notebook.
STUDENTS_KIT = "kit"


class CratePath(Preprocessor):
    """Points the notebook's `:dep coursework = { path = ... }` line at this repository's
    coursework crate (coursework/kit), wherever nbgrader runs the notebook."""

    def crate(self):
        return os.environ.get("NQUEENS_KIT", str(HERE / "kit"))

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code":
            cell.source = DEP.sub(lambda m: m.group(1) + self.crate() + m.group(2), cell.source)
        return cell, resources


class CratePathBack(CratePath):
    """After the run, the `:dep` line as students have it, so that the graded notebook and its
    feedback show no path of the grading machine. Before generate_assignment, the same: the
    released copies (and their checksums) have the students' path."""

    def crate(self):
        return STUDENTS_KIT


class ClearNotes(Preprocessor):
    """Drops the course's own notes from the cells (the wrong answers the grading test uses),
    so that the released copies carry none."""

    def preprocess_cell(self, cell, resources, index):
        cell.metadata.pop("nqueens", None)
        return cell, resources


# nbconvert runs a preprocessor only when it is enabled.
c.CratePath.enabled = True
c.CratePathBack.enabled = True
c.ClearNotes.enabled = True


SEAL_LINE = re.compile(r"^nqueens-seal: (passed|(\d+\.\d\d) of (\d+\.\d\d)) ([0-9a-f]{64})$", re.M)
# What an answer may not hold: evcxr's commands (`:dep` would swap the crate the checkers come
# from) and `extern crate`, which evcxr turns into a dependency fetched from crates.io.
NOT_AN_ANSWER = re.compile(r"^\s*:[A-Za-z]|\bextern\s+crate\b", re.M)
CALL = re.compile(r"\.(grade|points)\(([^()]*)\)(;?)\s*$")
SEED = "::coursework::hidden::SEED"


def grading_secret():
    """The course's secret for the hidden tests' seeds: $NQUEENS_GRADING_SECRET, or a file in the
    course folder written on first use (keep it out of what students get)."""
    if os.environ.get("NQUEENS_GRADING_SECRET"):
        return os.environ["NQUEENS_GRADING_SECRET"].encode()
    path = pathlib.Path(c.CourseDirectory.root) / ".grading-secret"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip().encode()


def hidden_seed(student, assignment, grade_id):
    """The seed of one hidden test: the same each time one student's work is graded (a regrade
    gives the same score), different across students, cells and courses, and not known to a
    student who has not had the feedback."""
    message = f"{student}/{assignment}/{grade_id}".encode()
    return int.from_bytes(hmac.new(grading_secret(), message, hashlib.sha256).digest()[:8], "big")


class SealCells(Preprocessor):
    """Before the run: a key for every test cell, drawn afresh for each notebook graded, written
    into the cell's last line, which must be the checker's `.grade()` or `.points(max)`: they
    become `.grade_sealed(key)` and `.points_sealed(max, key)`, which print the verdict sealed
    with the key (HMAC-SHA-256) when, and only when, the check ran to its end. The student's
    code runs before and never sees the key. The hidden tests' `SEED` becomes the seed of this
    student's hidden inputs. Every cell a student could write (the answers, and any cell they
    added) is run only if it holds no evcxr command and no `extern crate`; otherwise it is
    replaced by a comment."""

    def preprocess(self, nb, resources):
        secret = secrets.token_bytes(32)
        grading = resources.get("nbgrader", {})
        student, assignment = grading.get("student", ""), grading.get("assignment", "")
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            if cell.cell_type != "code":
                continue
            # OverwriteCells has put the course's text back into every locked cell it knows;
            # a cell without a known grade_id is the student's.
            written_by_student = not (meta.get("locked") and meta.get("grade_id"))
            if written_by_student and NOT_AN_ANSWER.search(cell.source):
                cell.source = ("// This cell held a line for the kernel (`:dep`, `:opt`, ...) or "
                               "`extern crate`, which answers may not use: it was not run.")
            if meta.get("grade") and not meta.get("solution"):
                key = hmac.new(secret, meta["grade_id"].encode(), hashlib.sha256).hexdigest()
                original = cell.source
                seed = hidden_seed(student, assignment, meta["grade_id"])
                lines = cell.source.replace(SEED, f"{seed}_u64").rstrip().split("\n")
                found = CALL.search(lines[-1])
                cell.metadata["nqueens_seal"] = {"key": key, "source": original,
                                                 "kind": found.group(1) if found else None}
                if found:
                    kind, args, end = found.groups()
                    sealed = (f'.grade_sealed("{key}")' if kind == "grade"
                              else f'.points_sealed({args}, "{key}")')
                    lines[-1] = lines[-1][:found.start()] + sealed + end
                cell.source = "\n".join(lines)
        return nb, resources


def sealed_score(cell, seal):
    """The score a test cell's outputs prove: `None` without a valid seal or with anything on
    stderr, else the points (`max` for a cell graded pass or fail)."""
    outputs = cell.get("outputs", [])
    if seal["kind"] is None or any(
            o.get("output_type") == "error"
            or (o.get("output_type") == "stream" and o.get("name") == "stderr") for o in outputs):
        return None
    stdout = "".join(o.get("text", "") for o in outputs
                     if o.get("output_type") == "stream" and o.get("name") == "stdout")
    seals = SEAL_LINE.findall(stdout)
    if not seals:
        return None
    verdict, points, maximum, mac = seals[-1]
    expected = hmac.new(seal["key"].encode(), verdict.encode(), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(mac, expected):
        return None
    max_points = float(cell.metadata["nbgrader"]["points"])
    if seal["kind"] == "grade":
        return max_points if verdict == "passed" else None
    if verdict == "passed" or abs(float(maximum) - max_points) > 1e-9:
        return None
    return min(float(points), max_points)


class SealBack(Preprocessor):
    """After the run: each test cell scores what its seal proves, and nothing else. Without a
    valid seal (the check did not finish, the kernel died, the cell's output was forged or
    silenced), or with anything on stderr, the cell gets a stderr line first, which nbgrader
    scores 0; with one, the cell's value is the sealed points (what it showed stays, as a display
    nbgrader does not read). The cell's source is put back as the students' copies have it."""

    def preprocess_cell(self, cell, resources, index):
        seal = cell.metadata.pop("nqueens_seal", None)
        if seal is None:
            return cell, resources
        cell.source = seal["source"]
        score = sealed_score(cell, seal)
        # What the cell showed stays in sight (the checker's report and its picture come as
        # evcxr's result), as a display that nbgrader does not read as points.
        outputs = []
        for output in cell.get("outputs", []):
            if output.get("output_type") == "execute_result":
                output = nbformat.v4.new_output("display_data", data=output.get("data", {}),
                                                metadata=output.get("metadata", {}))
            outputs.append(output)
        if score is None:
            outputs.insert(0, nbformat.v4.new_output(
                "stream", name="stderr",
                text="✘ no sealed verdict: the check did not run to its end, so this test "
                     "scores 0\n"))
        elif seal["kind"] == "points":
            outputs.insert(0, nbformat.v4.new_output(
                "execute_result", data={"text/plain": f"{score:.2f}"}, execution_count=None))
        cell.outputs = outputs
        return cell, resources


c.SealCells.enabled = True
c.SealBack.enabled = True

# The released copies point at the crate beside them (`kit/`), and their checksums say so.
c.GenerateAssignment.preprocessors = [
    CratePathBack,
    ClearNotes,
    IncludeHeaderFooter,
    InstantiateTests,
    LockCells,
    ClearSolutions,
    ClearOutput,
    CheckCellMetadata,
    ComputeChecksums,
    SaveCells,
    ClearHiddenTests,
    ClearMarkScheme,
    ComputeChecksums,
    CheckCellMetadata,
]


# nbgrader's own list, with the crate's path set for the run (and put back after it), the test
# cells sealed, and evcxr's replies understood.
c.Autograde.autograde_preprocessors = [
    CratePath,
    SealCells,
    EvcxrExecute,
    SealBack,
    CratePathBack,
    IgnorePattern,
    ClearMetadataPreprocessor,
    LimitOutput,
    SaveAutoGrades,
    AssignLatePenalties,
    CheckCellMetadata,
]
