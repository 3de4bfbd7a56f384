"""nbgrader's configuration for the nqueens coursework (run nbgrader from this folder).

The assignments are Rust notebooks for the evcxr kernel. Their solution regions are marked
`// BEGIN SOLUTION` … `// END SOLUTION` and become `todo!()` in the students' copies; hidden
tests sit between `// BEGIN HIDDEN TESTS` and `// END HIDDEN TESTS`. A test cell fails when the
answer is wrong (the checkers' `Report::grade` and `Report::points` write the verdict to stderr
and unwind), which nbgrader scores 0; a test cell whose last value is a number gets that many
points (partial credit).
"""

import hashlib
import hmac
import os
import pathlib
import re
import secrets

import nbformat
from nbconvert.preprocessors import ClearMetadataPreprocessor, Preprocessor
from nbgrader.preprocessors import (
    AssignLatePenalties,
    CheckCellMetadata,
    Execute,
    IgnorePattern,
    LimitOutput,
    SaveAutoGrades,
)

c = get_config()  # noqa: F821 (nbgrader provides it)

HERE = pathlib.Path(__file__).resolve().parent

c.CourseDirectory.course_id = "nqueens"
c.CourseDirectory.root = os.environ.get("NQUEENS_COURSE_ROOT", str(HERE))

c.ClearSolutions.code_stub = {"rust": "todo!()"}
c.ClearSolutions.begin_solution_delimeter = "BEGIN SOLUTION"
c.ClearSolutions.end_solution_delimeter = "END SOLUTION"
c.ClearHiddenTests.begin_test_delimeter = "BEGIN HIDDEN TESTS"
c.ClearHiddenTests.end_test_delimeter = "END HIDDEN TESTS"

# The first cell compiles the crate into the kernel: allow for a cold build. A checker stops
# a looping answer itself after 15 seconds.
c.EvcxrExecute.timeout = 600
c.EvcxrExecute.interrupt_on_timeout = True


class CratePath(Preprocessor):
    """Points the notebook's `:dep nqueens = { path = ... }` line at this repository, wherever
    nbgrader runs the notebook (autograded/<student>/<assignment>/ is deeper than source/)."""

    def crate(self):
        return os.environ.get("NQUEENS_CRATE", str(HERE.parent))

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code" and ":dep nqueens" in cell.source:
            crate = self.crate()
            lines = []
            for line in cell.source.split("\n"):
                if line.startswith(":dep nqueens"):
                    start = line.index('path = "') + len('path = "')
                    end = line.index('"', start)
                    line = line[:start] + crate + line[end:]
                lines.append(line)
            cell.source = "\n".join(lines)
        return cell, resources


class CratePathBack(CratePath):
    """After the run, the `:dep` line as the students' copies have it, so that the graded
    notebook and its feedback show no path of the grading machine."""

    def crate(self):
        return "../.."


# nbconvert runs a preprocessor only when it is enabled.
c.CratePath.enabled = True
c.CratePathBack.enabled = True


class EvcxrExecute(Execute):
    """nbgrader's Execute, for evcxr's replies: a failed cell's reply carries no error name,
    which nbgrader 0.9 reads to match it with the cell's outputs. And a test cell whose check
    failed scores 0 for certain: evcxr answers "ok" for a cell that unwinds, so the only sign is
    the verdict on stderr, which evcxr passes on from a thread of its own and can deliver after
    the cell is done (a wrong answer then scored full points on a busy machine). The report the
    checker shows first marks a failing cell with data-scores="0"; such a cell without a
    stderr output gets one here, which is what nbgrader scores 0."""

    def on_cell_executed(self, **kwargs):
        content = kwargs["execute_reply"]["content"]
        if content.get("status") == "error":
            content.setdefault("ename", "Error")
            content.setdefault("evalue", "")
            content.setdefault("traceback", [])
        cell = kwargs.get("cell")
        if cell is not None and cell.get("cell_type") == "code":
            outputs = cell.get("outputs", [])
            failed = any('data-scores="0"' in output.get("data", {}).get("text/html", "")
                         for output in outputs)
            on_stderr = any(output.get("output_type") == "stream"
                            and output.get("name") == "stderr" for output in outputs)
            if failed and not on_stderr:
                outputs.append(nbformat.v4.new_output(
                    "stream", name="stderr", text="✘ the check failed (its report is above)\n"))
        return super().on_cell_executed(**kwargs)


SEAL_LINE = re.compile(r"^nqueens-seal: (passed|(\d+\.\d\d) of (\d+\.\d\d)) ([0-9a-f]{64})$", re.M)
COMMAND = re.compile(r"^\s*:[A-Za-z]", re.M)
CALL = re.compile(r"\.(grade|points)\(([^()]*)\)(;?)\s*$")


class SealCells(Preprocessor):
    """Before the run: a key for every test cell, drawn afresh for each notebook graded, written
    into the cell's last line, which must be the checker's `.grade()` or `.points(max)`: they
    become `.grade_sealed(key)` and `.points_sealed(max, key)`, which print the verdict sealed
    with the key (HMAC-SHA-256) when, and only when, the check ran to its end. The student's
    code runs before and never sees the key. Answer cells may not hold evcxr commands (`:dep`
    would swap the crate the checkers come from): such an answer is replaced by a comment."""

    def preprocess(self, nb, resources):
        secret = secrets.token_bytes(32)
        for cell in nb.cells:
            grading = cell.metadata.get("nbgrader", {})
            if cell.cell_type != "code":
                continue
            if grading.get("solution") and COMMAND.search(cell.source):
                cell.source = "// This answer held evcxr commands (lines starting with ':'), " \
                              "which answers may not use."
            if grading.get("grade") and not grading.get("solution"):
                key = hmac.new(secret, grading["grade_id"].encode(), hashlib.sha256).hexdigest()
                lines = cell.source.rstrip().split("\n")
                found = CALL.search(lines[-1])
                cell.metadata["nqueens_seal"] = {"key": key, "source": cell.source,
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
