"""The course hub's pieces that run without a hub: the kernel's limits, the students' names, the
folders the setup writes only when they change, the servers' cgroups (v1 and v2, on a stand-in for
/sys/fs/cgroup), and the hub test's kernel websocket, opened again when the server closes it."""

import os
import pwd
import resource
import shutil
import subprocess
import sys
import time

import pytest

from coursework import rust_kernel
from tools import hub, stuck

# The repository, where `python -m tools...` and `from tools import ...` work in a child process.
REPO = rust_kernel.__file__.rsplit("/coursework/", 1)[0]


def limits_in_a_child(setting):
    """What `apply_limits` sets under NQUEENS_KERNEL_LIMITS=`setting`, read in a child process
    (limits cannot be raised again): its exit code, its stderr, and the three limits."""
    code = ("import resource, sys; from coursework import rust_kernel; "
            "rust_kernel.apply_limits(); "
            "print(*(resource.getrlimit(r)[0] for r in "
            "(resource.RLIMIT_DATA, resource.RLIMIT_CPU, resource.RLIMIT_NPROC)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, env={**os.environ, "NQUEENS_KERNEL_LIMITS": setting},
                          cwd=REPO)
    values = [int(v) for v in done.stdout.split()] if done.returncode == 0 else None
    return done.returncode, done.stderr, values


def test_the_kernel_holds_the_limits_it_is_given():
    code, _, values = limits_in_a_child("memory_gib=3,cpu_seconds=77,processes=500")
    assert code == 0
    assert values == [3 << 30, 77, 500]


def test_no_limits_leaves_the_process_as_it_was():
    code, _, values = limits_in_a_child("")
    assert code == 0
    assert values == [resource.getrlimit(r)[0] for r in
                      (resource.RLIMIT_DATA, resource.RLIMIT_CPU, resource.RLIMIT_NPROC)]


@pytest.mark.parametrize("setting", ["memory=4", "cpu_seconds=ten", "processes"])
def test_a_limit_it_cannot_read_stops_the_kernel_with_a_message(setting):
    code, error, _ = limits_in_a_child(setting)
    assert code != 0
    assert "NQUEENS_KERNEL_LIMITS" in error and "cannot read" in error


def test_student_names_are_unix_names():
    for good in ("ada", "s_1234", "lovelace-a"):
        assert hub.NAME.match(good)
    for bad in ("", "Ada", "1abc", "a b", "../etc", "a" * 40, "x;rm"):
        assert not hub.NAME.match(bad)


def test_a_folder_is_replaced_only_when_its_files_change(tmp_path):
    target = tmp_path / "crate"

    def write(text):
        def into(folder):
            (folder / "src").mkdir()
            (folder / "src" / "lib.rs").write_text(text)
        return into

    assert hub.replace_tree(target, write("fn a() {}"))
    first = (target / "src" / "lib.rs").stat().st_mtime_ns
    assert not hub.replace_tree(target, write("fn a() {}"))
    assert (target / "src" / "lib.rs").stat().st_mtime_ns == first
    assert hub.replace_tree(target, write("fn b() {}"))
    assert (target / "src" / "lib.rs").read_text() == "fn b() {}"
    assert not (tmp_path / "crate.new").exists()



# The cgroups the hub makes, on a stand-in for /sys/fs/cgroup: the files each version reads and
# writes (the machines the tests run on have one version or the other, or no right to write).
def stand_in_cgroups(root, version):
    if version == 2:
        (root / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    else:
        for part in ("memory", "cpu", "pids", "cpuacct"):
            (root / part).mkdir()
    return root


@pytest.mark.parametrize("version", [1, 2])
def test_a_server_is_confined_in_the_cgroup_files_of_its_version(tmp_path, monkeypatch, version):
    layout = hub.layout
    monkeypatch.setattr(layout.Confinement, "MOUNT", stand_in_cgroups(tmp_path, version))
    confinement = layout.Confinement("ada")
    assert confinement.version == version
    assert confinement.create(), confinement.reason
    memory, processes = str(layout.MEMORY_GIB << 30), str(layout.PROCESSES)
    if version == 2:
        group = tmp_path / "nqueens" / "ada"
        for folder in (tmp_path, tmp_path / "nqueens"):
            assert (folder / "cgroup.subtree_control").read_text() == "+memory +cpu +pids"
        assert [(group / name).read_text() for name in
                ("memory.max", "memory.swap.max", "pids.max", "cpu.weight")] == \
            [memory, "0", processes, "100"]
        (group / "cpu.stat").write_text("usage_usec 2500000\nuser_usec 2000000\n")
        (group / "memory.peak").write_text("123456789\n")
        groups = [group]
    else:
        groups = [tmp_path / part / "nqueens" / "ada" for part in ("memory", "cpu", "pids",
                                                                   "cpuacct")]
        assert [(g / name).read_text() for g, name in zip(groups, (
            "memory.limit_in_bytes", "cpu.shares", "pids.max", "cpuacct.usage"))] == \
            [memory, "1024", processes, "0"]
        (groups[3] / "cpuacct.usage").write_text("2500000000\n")
        (groups[0] / "memory.max_usage_in_bytes").write_text("123456789\n")
    confinement.join()
    assert all((g / "cgroup.procs").read_text() == str(os.getpid()) for g in groups)
    assert confinement.cpu_seconds() == 2.5
    assert confinement.peak_memory() == 123456789


def test_a_cgroup_it_cannot_make_is_said_and_not_joined(tmp_path, monkeypatch):
    layout = hub.layout
    monkeypatch.setattr(layout.Confinement, "MOUNT", stand_in_cgroups(tmp_path, 2))
    (tmp_path / "nqueens").write_text("a file where the hub's folder would go")
    confinement = layout.Confinement("ada")
    assert not confinement.create()
    assert confinement.reason.startswith("no cgroup for ada:")
    confinement.join()
    assert not (tmp_path / "nqueens" / "ada").exists()
    assert confinement.cpu_seconds() is None and confinement.peak_memory() is None

# A kernel's websocket served by a stand-in for the student's server: it closes the first
# `closing` websockets at once (as jupyter_server does when a new kernel has not answered within
# its minute) and answers kernel_info_request on the others. Run in a child process, whose
# client (tools.hub_client) is pointed at the stand-in's port.
STAND_IN = r"""
import asyncio, json, sys
from tornado import httpserver, netutil, web, websocket
from tools import hub_client

closing, attempts = int(sys.argv[1]), int(sys.argv[2])
opened = 0

class Channels(websocket.WebSocketHandler):
    def open(self, *path):
        global opened
        opened += 1
        if opened <= closing:
            self.close()

    def on_message(self, text):
        message = json.loads(text)
        if message["header"]["msg_type"] == "kernel_info_request":
            self.write_message(json.dumps({
                "msg_type": "kernel_info_reply", "header": {"msg_type": "kernel_info_reply"},
                "parent_header": message["header"], "content": {}}))

class Student:
    name, headers = "hubtest-01", {}

async def main():
    sockets = netutil.bind_sockets(0, "127.0.0.1")
    httpserver.HTTPServer(web.Application(
        [(r"/user/[^/]+/api/kernels/[^/]+/channels", Channels)])).add_sockets(sockets)
    hub_client.PORT = sockets[0].getsockname()[1]
    try:
        await hub_client.Kernel.open(Student, "a-kernel", attempts=attempts)
        print("answered", opened)
    except hub_client.Closed:
        print("closed", opened)

asyncio.run(main())
"""


def kernel_opened(closing, attempts):
    """What `Kernel.open` did against the stand-in: its last line, and the lines it said."""
    done = subprocess.run([sys.executable, "-c", STAND_IN, str(closing), str(attempts)],
                          capture_output=True, text=True, check=False, timeout=120,
                          cwd=REPO)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    return lines[-1], [line for line in lines[:-1] if "opened again" in line]


def test_a_websocket_closed_before_the_kernel_answered_is_opened_again():
    last, said = kernel_opened(closing=2, attempts=3)
    assert last == "answered 3"
    assert len(said) == 2


def test_a_websocket_that_keeps_closing_fails_after_its_attempts():
    last, said = kernel_opened(closing=5, attempts=3)
    assert last == "closed 3"
    assert len(said) == 2


def test_a_kernel_that_does_not_answer_is_reported_with_its_processes():
    # What the failure's message carries: `ps` on the student's processes, the asking process
    # among them when the student is the user running the test; a user without processes says
    # so.
    header, *rest = stuck.listing(pwd.getpwuid(os.getuid()).pw_name).splitlines()
    assert "WCHAN" in header and "COMMAND" in header, rest
    assert str(os.getpid()) in [line.split()[0] for line in rest], rest
    assert stuck.listing("no-such-student-here").startswith("(no processes")


def test_the_stuck_kernel_is_found_by_its_connection_file():
    # A process whose command line is a kernel's (evcxr_jupyter and its connection file): the
    # report's stacks are of it, not of whichever evcxr came first.
    name = f"kernel-{os.getpid()}-probe.json"
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)",
                                "evcxr_jupyter", "--control_file", name])
    try:
        time.sleep(0.5)
        assert stuck.evcxr_processes(kernel=name) == [str(sleeper.pid)]
        assert stuck.evcxr_processes(kernel=f"kernel-{os.getpid()}-other.json") == []
    finally:
        sleeper.kill()
        sleeper.wait()


@pytest.mark.skipif(shutil.which("gdb") is None, reason="gdb is not installed")
def test_a_stuck_process_is_reported_with_its_threads_stacks():
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        time.sleep(0.5)
        said = stuck.stacks([sleeper.pid])
    finally:
        sleeper.kill()
        sleeper.wait()
    assert said.startswith(f"process {sleeper.pid}:"), said
    assert any(line.startswith("#0 ") for line in said.splitlines()), said
