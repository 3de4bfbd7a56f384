"""nbgrader's configuration for the nqueens coursework (run nbgrader from this folder).

The assignments are Rust notebooks for the evcxr kernel. Their solution regions are marked
`// BEGIN SOLUTION` … `// END SOLUTION` and become `todo!()` in the students' copies; hidden
tests sit between `// BEGIN HIDDEN TESTS` and `// END HIDDEN TESTS`. A test cell fails when the
answer is wrong (the checkers' `Report::grade` and `Report::points` write the verdict to stderr
and unwind), which nbgrader scores 0; a test cell whose last value is a number gets that many
points (partial credit).
"""

import os
import pathlib

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


# nbgrader's own list, with the crate's path set for the run (and put back after it) and
# evcxr's replies understood.
c.Autograde.autograde_preprocessors = [
    CratePath,
    EvcxrExecute,
    CratePathBack,
    IgnorePattern,
    ClearMetadataPreprocessor,
    LimitOutput,
    SaveAutoGrades,
    AssignLatePenalties,
    CheckCellMetadata,
]
