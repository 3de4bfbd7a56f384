"""nbgrader's Execute for Rust notebooks on the evcxr kernel, shared by the course's
configuration (autograde) and the students' (validate): `load(c)` sets it up in a configuration.

When the course grades, it also keeps the clock of every test cell, outside the kernel: see
EvcxrExecute.
"""

import asyncio
import functools
import json
import os
import pathlib
import resource
import shutil
import tempfile
from queue import Empty
from time import monotonic

import nbformat
from jupyter_client.manager import KernelManager
from jupyter_core.utils import ensure_async, run_sync
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


def limit_kernel(join=None):
    """Runs in the kernel's process before evcxr starts, so every process it starts inherits it;
    `join`, if given, puts the process into the kernel's cgroups too (sandbox.py)."""
    for name, value in [(resource.RLIMIT_DATA, MEMORY_GIB << 30),
                        (resource.RLIMIT_CPU, CPU_SECONDS),
                        (resource.RLIMIT_NPROC, PROCESSES)]:
        _, hard = resource.getrlimit(name)
        if hard != resource.RLIM_INFINITY:
            value = min(value, hard)
        resource.setrlimit(name, (value, value))
    if join is not None:
        join()


def course_cell(cell):
    """Whether a cell's text is the course's: nbgrader's OverwriteCells has put the course's text
    back into every locked cell it knows and taken the grade id off every cell it does not know;
    a solution cell is the student's whatever its metadata says (nbgrader never locks one)."""
    meta = cell.metadata.get("nbgrader", {})
    return bool(meta.get("locked") and meta.get("grade_id") and not meta.get("solution"))


# The ports evcxr listens on in the sandbox's own network namespace (any will do: nothing else
# is there), and through the relay the names of the Unix sockets the grader connects to.
PORTS = {"shell_port": 40001, "iopub_port": 40002, "stdin_port": 40003, "control_port": 40004,
         "hb_port": 40005}


def sandboxed(manager, build, snapshot, uid, opt):
    """Makes a kernel manager start its kernel in the sandbox, as the user `uid`, building in
    `build` at the optimisation `opt`, and speak to it over Jupyter's `ipc` transport: the Unix
    sockets of the kernel's relay in `build/sockets` (sandbox.py)."""
    from coursework import sandbox

    manager.transport = "ipc"
    manager.ip = str(pathlib.Path(build) / sandbox.SOCKETS / "kernel")
    for channel, port in PORTS.items():
        setattr(manager, channel, port)
    manager.format_kernel_cmd = lambda extra_arguments=None: sandbox.command(
        manager.connection_file, build, snapshot, uid, opt)


def warm_in(build, setup, snapshot, opt):
    """Runs a notebook's setup cell in a sandboxed kernel building in `build` (the warm base)."""
    from coursework import sandbox

    with sandbox.Slot() as slot:
        sandbox.prepare_build(pathlib.Path(build), slot.uid)
        manager = KernelManager()
        sandboxed(manager, build, snapshot, slot.uid, opt)
        manager.start_kernel(preexec_fn=functools.partial(
            limit_kernel, functools.partial(sandbox.join, slot.groups)))
        try:
            client = manager.client()
            client.start_channels()
            client.wait_for_ready(timeout=120)
            reply = client.execute_interactive(setup, timeout=1200, output_hook=lambda _: None)
            if reply["content"]["status"] != "ok":
                raise RuntimeError(f"the sandbox's warm build failed: {reply['content']}")
        finally:
            manager.shutdown_kernel(now=True)


# The line a graded test cell prints after its answers (answers.rs's DONE).
DONE = "nqueens-answers-done"


def stdout_of(cell):
    """All that a cell printed on standard output, as one text."""
    return "".join("".join(o.get("text", "")) for o in cell.get("outputs", [])
                   if o.get("output_type") == "stream" and o.get("name") == "stdout")


# The messages that carry a cell's outputs, which count only when they arrive in time.
OUTPUTS = {"stream", "display_data", "execute_result", "error", "update_display_data"}
# At most this much output of one cell is kept while grading (a notebook that prints megabytes
# still grades: the grading test's loud submission prints 6 MB).
CELL_OUTPUT_BYTES = 64 << 20
# How long a kernel has to answer once its cell's run was ended, before it is ended whole.
GRACE_SECONDS = 30


class Clock:
    """The time of one test cell, kept by the grader: from the request to the kernel to its
    limit."""

    def __init__(self, limit):
        self.limit = limit
        self.start = monotonic()
        self.deadline = self.start + limit
        self.stopped = False
        self.msg_id = None
        self.ran = False
        self.late = 0
        self.first_answer = None

    def late_now(self):
        return monotonic() > self.deadline


class EvcxrExecute(Execute):
    """nbgrader's Execute, for evcxr's replies: a failed cell's reply carries no error name,
    which nbgrader 0.9 reads to match it with the cell's outputs. And a test cell whose check
    failed scores 0 for certain: evcxr answers "ok" for a cell that unwinds, so the only sign is
    the verdict on stderr, which evcxr passes on from a thread of its own and can deliver after
    the cell is done (a wrong answer then scored full points on a busy machine). The report the
    checker shows first marks a failing cell with data-scores="0"; such a cell without a
    stderr output gets one here, which is what nbgrader scores 0.

    When the course grades, each test cell is one that prints the student's answers for the
    judge (grading.CollectCells), and its metadata names its time limit: the executor keeps
    that clock, outside the kernel. At the limit it ends every process of the kernel but
    evcxr's own (the program that runs the cells, anything it started: sandbox.end_run), drops
    every output that arrives after it, and notes in the cell's metadata (`nqueens_run`) the
    standard output that arrived in time and the limit it stopped the cell at; a kernel that
    does not answer within GRACE_SECONDS after that is ended whole. Nothing the student's code
    does to its own process, its descriptors or its clock changes when the cell's time is up."""

    grading = Bool(False, help="The course grades (grading.py says so): the clock spares the "
                   "kernel's own processes, and a cell's outputs held are bounded. A student's "
                   "Validate leaves it off.").tag(config=True)
    sandbox = Bool(False, help="Run each notebook's kernel in the sandbox of sandbox.py, "
                   "against the students' kit").tag(config=True)
    course_root = Unicode("", help="The course folder, whose release/<assignment>/kit the "
                          "sandbox gives the kernel").tag(config=True)

    def preprocess(self, nb, resources=None, km=None):
        """Runs the notebook; in the sandbox, as a kernel's user of its own, with a fresh
        `/build` made for it and deleted after it, and the kit's snapshot checked unchanged.
        (sandbox.py is the grader's: the students' copy of this file runs without it.)"""
        self.sandboxed = None
        self.clock = None
        self.kernel = []
        if not self.sandbox:
            return super().preprocess(nb, resources, km)
        from coursework import sandbox

        refuse_without_sandbox()
        assignment = resources["nbgrader"]["assignment"]
        snapshot = sandbox.Snapshot(pathlib.Path(self.course_root) / "release" / assignment / "kit")
        # The course's own setup cell (locked, with its grade id: nbgrader has put its text
        # back), never a cell of the student's, which would run unclocked in the shared base.
        setup = next((cell.source for cell in nb.cells if cell.cell_type == "code"
                      and course_cell(cell) and ":dep coursework" in cell.source), "")
        opt = sandbox.opt_level(setup)
        snapshot.warm(setup, lambda build, code: warm_in(build, code, snapshot, opt))
        builds = sandbox.HOME / "builds"
        builds.mkdir(exist_ok=True)
        builds.chmod(0o755)
        build = pathlib.Path(tempfile.mkdtemp(prefix="notebook-", dir=builds))
        try:
            with sandbox.Slot() as slot:
                self.sandboxed = (snapshot.fresh_build(build, slot.uid), snapshot, slot.uid,
                                  opt)
                self.join = functools.partial(sandbox.join, slot.groups)
                return super().preprocess(nb, resources, km)
        finally:
            self.sandboxed = None
            shutil.rmtree(build, ignore_errors=True)
            snapshot.check()

    async def async_start_new_kernel(self, **kwargs):
        if getattr(self, "sandboxed", None):
            sandboxed(self.km, *self.sandboxed)
            kwargs.setdefault("preexec_fn", functools.partial(limit_kernel, self.join))
        kwargs.setdefault("preexec_fn", limit_kernel)
        return await super().async_start_new_kernel(**kwargs)

    # nbclient's synchronous start (what nbgrader calls) is bound to the base class's coroutine,
    # so without this the limits above were never set.
    start_new_kernel = run_sync(async_start_new_kernel)

    async def async_start_new_kernel_client(self):
        """The client, once the kernel answers; and, when the course grades, before any cell
        runs, the processes the kernel is made of, which the clock spares
        (sandbox.kernel_processes). (A student's Validate keeps no clock, and its bundle has
        no sandbox.py.)"""
        client = await super().async_start_new_kernel_client()
        process = getattr(getattr(self.km, "provisioner", None), "process", None)
        if process is not None and self.grading:
            from coursework import sandbox

            self.kernel = sandbox.kernel_processes(process.pid)
        return client

    start_new_kernel_client = run_sync(async_start_new_kernel_client)

    async def async_execute_cell(self, cell, cell_index, execution_count=None,
                                 store_history=True):
        limit = cell.metadata.get("nqueens_judge", {}).get("limit")
        if not limit:
            return await super().async_execute_cell(cell, cell_index, execution_count,
                                                    store_history)
        self.clock = clock = Clock(limit)
        keeper = asyncio.ensure_future(self.keep_time(clock))
        try:
            done = await super().async_execute_cell(cell, cell_index, execution_count,
                                                    store_history)
            await self.late_lines(clock, cell, cell_index)
            return done
        finally:
            keeper.cancel()
            self.clock = None
            cell.metadata["nqueens_run"] = {
                "stdout": stdout_of(cell), "stopped_at": limit if clock.stopped else None,
                "seconds": round(monotonic() - clock.start, 2), "late_outputs": clock.late,
                "first_answer": clock.first_answer}

    # As above: nbconvert's synchronous call, bound to the base class's coroutine otherwise.
    execute_cell = run_sync(async_execute_cell)

    async def late_lines(self, clock, cell, cell_index):
        """evcxr passes a cell's standard output on from a thread of its own, and can say the
        cell is done before its last lines: until the last line (DONE) of a cell that ran to
        its end has come, the messages of this cell that come later are taken too, up to the
        cell's limit. (Left
        for the next cell, they would be read as its answers.)"""
        while clock.ran and not clock.stopped and DONE not in stdout_of(cell) \
                and not clock.late_now():
            try:
                msg = await ensure_async(self.kc.iopub_channel.get_msg(
                    timeout=max(0.05, min(1.0, clock.deadline - monotonic()))))
            except Empty:
                continue
            if msg["parent_header"].get("msg_id") == clock.msg_id:
                self.process_message(msg, cell, cell_index)

    async def keep_time(self, clock):
        """At the clock's limit, ends the cell's run; a kernel that still does not answer after
        GRACE_SECONDS is ended whole."""
        from coursework import sandbox

        await asyncio.sleep(max(0.0, clock.deadline - monotonic()))
        clock.stopped = True
        uid = self.sandboxed[2] if self.sandboxed else None
        await asyncio.to_thread(sandbox.end_run, self.kernel, uid)
        await asyncio.sleep(GRACE_SECONDS)
        self.log.error("the kernel did not answer %d s after its cell was stopped: ending it",
                       GRACE_SECONDS)
        await ensure_async(self.km.shutdown_kernel(now=True))

    def process_message(self, msg, cell, cell_index):
        if self.grading and msg["msg_type"] in OUTPUTS:
            # A cell's outputs are held in the grader's memory until the notebook is saved: past
            # CELL_OUTPUT_BYTES of them, the rest is dropped.
            size = len(json.dumps(msg["content"]))
            held = cell.metadata.get("nqueens_output_bytes", 0) + size
            cell.metadata["nqueens_output_bytes"] = held
            if held > CELL_OUTPUT_BYTES:
                return None
        clock = self.clock
        if clock is not None and clock.msg_id is None:
            clock.msg_id = msg["parent_header"].get("msg_id")
        if clock is not None and msg["msg_type"] in OUTPUTS:
            if clock.late_now():
                clock.late += 1
                return None
            if clock.first_answer is None and "nqueens-answer " in msg["content"].get("text", ""):
                clock.first_answer = round(monotonic() - clock.start, 2)
        return super().process_message(msg, cell, cell_index)

    def on_cell_executed(self, **kwargs):
        content = kwargs["execute_reply"]["content"]
        if self.clock is not None:
            # Only a cell that ran to its end printed its last line (see late_lines).
            self.clock.ran = content.get("status") == "ok"
        if self.clock is not None and self.clock.stopped:
            # What evcxr says of its program's end came after the limit, and was dropped.
            said = f"the grader ended this cell at its limit of {self.clock.limit} s"
            content.update(status="error", ename="Stopped", evalue=said, traceback=[said])
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


def refuse_without_sandbox():
    """A RuntimeError saying why, where the kernels cannot run in the sandbox here."""
    from coursework import sandbox

    reason = sandbox.why_not()
    if reason:
        raise RuntimeError(f"cannot grade in the sandbox: {reason} (or set "
                           "NQUEENS_GRADING_SANDBOX=off to grade without it, the students' "
                           "code then running with the grader's rights)")


def load(c):
    """Validate with the Rust-aware executor, and time for a cold first compile of the crate."""
    c.EvcxrExecute.timeout = 600
    c.EvcxrExecute.interrupt_on_timeout = True
    # A notebook that prints a lot can keep the kernel's output coming after its reply: wait
    # for it, and never drop the whole notebook (nbgrader's default) when it is late.
    c.EvcxrExecute.iopub_timeout = 30
    c.EvcxrExecute.raise_on_iopub_timeout = False
    c.Validator.preprocessors = [CheckCellMetadata, ClearOutput, EvcxrExecute]
