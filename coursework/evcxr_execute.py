"""nbgrader's Execute for Rust notebooks on the evcxr kernel, shared by the course's
configuration (autograde) and the students' (validate): `load(c)` sets it up in a configuration.
"""

import os
import pathlib
import resource
import shutil
import tempfile

import nbformat
from jupyter_client.manager import KernelManager
from jupyter_core.utils import run_sync
from nbgrader.preprocessors import CheckCellMetadata, ClearOutput, Execute
from traitlets import Bool, Unicode

# The limits every process of a grading kernel runs under (evcxr, the compiler it starts, the
# program that runs the cells), each its own: memory in GiB (the data a process may map: an answer
# that allocates past it aborts, and its cell scores 0), CPU seconds (past them the process is
# stopped), and processes of the user (a fork bomb stops there; it holds for the sandbox's user of
# sandbox.py, never for root).
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


def sandboxed(manager, build, kit):
    """Makes a kernel manager start its kernel in the sandbox, building in `build`."""
    import sandbox

    manager.format_kernel_cmd = lambda extra_arguments=None: sandbox.command(
        manager.connection_file, build, kit)


def warm_in(build, setup, kit):
    """Runs a notebook's setup cell in a sandboxed kernel building in `build` (the warm base)."""
    manager = KernelManager()
    sandboxed(manager, build, kit)
    manager.start_kernel(preexec_fn=limit_kernel)
    try:
        client = manager.client()
        client.start_channels()
        client.wait_for_ready(timeout=120)
        reply = client.execute_interactive(setup, timeout=1200, output_hook=lambda _: None)
        if reply["content"]["status"] != "ok":
            raise RuntimeError(f"the sandbox's warm build failed: {reply['content']}")
    finally:
        manager.shutdown_kernel(now=True)


class EvcxrExecute(Execute):
    """nbgrader's Execute, for evcxr's replies: a failed cell's reply carries no error name,
    which nbgrader 0.9 reads to match it with the cell's outputs. And a test cell whose check
    failed scores 0 for certain: evcxr answers "ok" for a cell that unwinds, so the only sign is
    the verdict on stderr, which evcxr passes on from a thread of its own and can deliver after
    the cell is done (a wrong answer then scored full points on a busy machine). The report the
    checker shows first marks a failing cell with data-scores="0"; such a cell without a
    stderr output gets one here, which is what nbgrader scores 0."""

    sandbox = Bool(False, help="Run each notebook's kernel in the sandbox of sandbox.py, "
                   "against the students' kit").tag(config=True)
    course_root = Unicode("", help="The course folder, whose release/<assignment>/kit the "
                          "sandbox gives the kernel").tag(config=True)

    def preprocess(self, nb, resources=None, km=None):
        """Runs the notebook; in the sandbox, with a fresh `/build` made for it and deleted
        after it, and the kit's snapshot checked unchanged. (sandbox.py is the grader's: the
        students' copy of this file runs without it.)"""
        self.sandboxed = None
        if not self.sandbox:
            return super().preprocess(nb, resources, km)
        import sandbox

        reason = sandbox.why_not()
        if reason:
            raise RuntimeError(f"cannot grade in the sandbox: {reason} (or set "
                               "NQUEENS_GRADING_SANDBOX=off to grade without it, the students' "
                               "code then running with the grader's rights)")
        assignment = resources["nbgrader"]["assignment"]
        snapshot = sandbox.Snapshot(pathlib.Path(self.course_root) / "release" / assignment / "kit")
        setup = next((cell.source for cell in nb.cells if cell.cell_type == "code"
                      and ":dep coursework" in cell.source), "")
        snapshot.warm(setup, lambda build, code: warm_in(build, code, snapshot.kit))
        builds = sandbox.HOME / "builds"
        builds.mkdir(exist_ok=True)
        builds.chmod(0o755)
        build = pathlib.Path(tempfile.mkdtemp(prefix="notebook-", dir=builds))
        try:
            self.sandboxed = (snapshot.fresh_build(build), snapshot.kit)
            return super().preprocess(nb, resources, km)
        finally:
            self.sandboxed = None
            shutil.rmtree(build, ignore_errors=True)
            snapshot.check()

    async def async_start_new_kernel(self, **kwargs):
        kwargs.setdefault("preexec_fn", limit_kernel)
        if getattr(self, "sandboxed", None):
            sandboxed(self.km, *self.sandboxed)
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
    # A notebook that prints a lot can keep the kernel's output coming after its reply: wait
    # for it, and never drop the whole notebook (nbgrader's default) when it is late.
    c.EvcxrExecute.iopub_timeout = 30
    c.EvcxrExecute.raise_on_iopub_timeout = False
    c.Validator.preprocessors = [CheckCellMetadata, ClearOutput, EvcxrExecute]
