"""nbgrader's Execute for Rust notebooks on the evcxr kernel, shared by the course's
configuration (autograde) and the students' (validate): `load(c)` sets it up in a configuration.
"""

import os
import resource

import nbformat
from jupyter_core.utils import run_sync
from nbgrader.preprocessors import CheckCellMetadata, ClearOutput, Execute

# The limits every process of a grading kernel runs under (evcxr, the compiler it starts, the
# program that runs the cells), each its own: memory in GiB (the data a process may map: an answer
# that allocates past it aborts, and its cell scores 0), CPU seconds (past them the process is
# stopped), and processes of the user (a fork bomb stops there; root is not held by it, so grade in
# a container as an unprivileged user).
MEMORY_GIB = int(os.environ.get("NQUEENS_GRADING_MEMORY_GIB", "4"))
CPU_SECONDS = int(os.environ.get("NQUEENS_GRADING_CPU_SECONDS", "900"))
PROCESSES = int(os.environ.get("NQUEENS_GRADING_PROCESSES", "4096"))


def limit_kernel():
    """Runs in the kernel's process before evcxr starts, so every process it starts inherits it."""
    for name, value in [(resource.RLIMIT_DATA, MEMORY_GIB << 30),
                        (resource.RLIMIT_CPU, CPU_SECONDS),
                        (resource.RLIMIT_NPROC, PROCESSES)]:
        _, hard = resource.getrlimit(name)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(name, (value, value))


class EvcxrExecute(Execute):
    """nbgrader's Execute, for evcxr's replies: a failed cell's reply carries no error name,
    which nbgrader 0.9 reads to match it with the cell's outputs. And a test cell whose check
    failed scores 0 for certain: evcxr answers "ok" for a cell that unwinds, so the only sign is
    the verdict on stderr, which evcxr passes on from a thread of its own and can deliver after
    the cell is done (a wrong answer then scored full points on a busy machine). The report the
    checker shows first marks a failing cell with data-scores="0"; such a cell without a
    stderr output gets one here, which is what nbgrader scores 0."""

    async def async_start_new_kernel(self, **kwargs):
        kwargs.setdefault("preexec_fn", limit_kernel)
        return await super().async_start_new_kernel(**kwargs)

    # nbclient's synchronous start (what nbgrader calls) is bound to the base class's coroutine,
    # so without this the limits above were never set.
    start_new_kernel = run_sync(async_start_new_kernel)

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
