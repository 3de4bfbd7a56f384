"""nbgrader's Execute for Rust notebooks on the evcxr kernel, shared by the course's
configuration (autograde) and the students' (validate): `load(c)` sets it up in a configuration.
"""

import nbformat
from nbgrader.preprocessors import CheckCellMetadata, ClearOutput, Execute


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


def load(c):
    """Validate with the Rust-aware executor, and time for a cold first compile of the crate."""
    c.EvcxrExecute.timeout = 600
    c.EvcxrExecute.interrupt_on_timeout = True
    c.Validator.preprocessors = [CheckCellMetadata, ClearOutput, EvcxrExecute]
