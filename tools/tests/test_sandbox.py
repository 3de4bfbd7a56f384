"""The grading sandbox: its copy of cargo's registry (the index is a copy of its own: cargo
rewrites the original's files in place; made once), the relay that is a graded kernel's only
door, and a user of its own for each kernel, whose process limit no other kernel shares."""

import pathlib
import socket
import subprocess
import sys
import time

import pytest

from coursework import sandbox


def test_the_registry_index_shares_no_file_with_roots(tmp_path):
    index = tmp_path / "root" / "index" / "index.crates.io-x"
    (index / ".cache" / "sv").mkdir(parents=True)
    (index / "config.json").write_text('{"dl": "https://static.crates.io/crates"}')
    (index / ".cache" / "sv" / "svg").write_text("entries")
    copy = tmp_path / "sandbox" / "index"
    copy.parent.mkdir()
    sandbox.link_tree(index.parent, copy)
    assert (copy / index.name / "config.json").stat().st_nlink == 2
    sandbox.private_index(index.parent, copy)
    files = [p for p in copy.rglob("*") if p.is_file()]
    assert len(files) == 2 and all(p.stat().st_nlink == 1 for p in files)
    # Root's cargo truncates its config.json and writes it again: the copy keeps what it read.
    with open(index / "config.json", "w") as config:
        config.write("")
    assert (copy / index.name / "config.json").read_text().startswith('{"dl"')
    made = (copy / index.name / "config.json").stat().st_ino
    sandbox.private_index(index.parent, copy)
    assert (copy / index.name / "config.json").stat().st_ino == made, "a private copy is kept"


def test_a_config_caught_half_written_is_copied_again(tmp_path, monkeypatch):
    index = tmp_path / "root" / "index" / "index.crates.io-x"
    index.mkdir(parents=True)
    (index / "config.json").write_text("")
    copies = []
    copytree = sandbox.shutil.copytree

    def copy_then_finish_writing(source, target, *args, **options):
        copytree(source, target, *args, **options)
        if pathlib.Path(target).name.endswith(".partial"):
            copies.append(target)
            (index / "config.json").write_text('{"dl": "https://static.crates.io/crates"}')

    monkeypatch.setattr(sandbox.shutil, "copytree", copy_then_finish_writing)
    monkeypatch.setattr(sandbox.time, "sleep", lambda seconds: None)
    copy = tmp_path / "sandbox" / "index"
    copy.parent.mkdir()
    sandbox.private_index(index.parent, copy)
    assert len(copies) == 2
    assert (copy / index.name / "config.json").read_text().startswith('{"dl"')


ECHO = """
import socket, sys
server = socket.create_server(("127.0.0.1", int(sys.argv[1])))
connection, _ = server.accept()
connection.sendall(b"heard " + connection.recv(100))
connection.close()
sys.exit(7)
"""


def test_the_relay_carries_a_unix_socket_to_the_kernels_port_and_ends_with_it(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    relay = pathlib.Path(sandbox.__file__).with_name("kernel_relay.py")
    prefix = tmp_path / "kernel"
    started = subprocess.Popen([sys.executable, str(relay), str(prefix), str(port), "--",
                                sys.executable, "-c", ECHO, str(port)])
    try:
        path = f"{prefix}-{port}"
        for _ in range(100):
            if pathlib.Path(path).exists():
                break
            time.sleep(0.05)
        with socket.socket(socket.AF_UNIX) as client:
            client.connect(path)
            client.sendall(b"hello")
            assert client.recv(100) == b"heard hello"
        assert started.wait(timeout=30) == 7
    finally:
        started.kill()


FORKS = """
import os, sys, time
made = 0
for _ in range(int(sys.argv[1])):
    try:
        child = os.fork()
    except OSError:
        break
    if child == 0:
        time.sleep(4)
        os._exit(0)
    made += 1
print(made, flush=True)
"""


def limited(processes, command):
    """`command` with at most `processes` processes for its user (util-linux's prlimit)."""
    return ["prlimit", f"--nproc={processes}", "--", *command]


@pytest.mark.skipif(sandbox.why_not() is not None, reason="the sandbox cannot run here")
def test_a_kernel_that_forks_without_end_does_not_take_another_kernels_processes():
    """Each kernel has a user of its own, so a fork flood stops at its own limit and another
    kernel's processes start. (On Linux from 5.14 the user namespace of each sandbox keeps the
    counts apart too; on older kernels the user alone does.)"""
    with sandbox.Slot() as first, sandbox.Slot() as second:
        assert first.uid != second.uid
        flood = subprocess.Popen(limited(40, [*sandbox.bare(first.uid), "/usr/bin/python3",
                                              "-c", FORKS, "100"]),
                                 stdout=subprocess.PIPE, text=True)
        made = int(flood.stdout.readline())
        assert 20 < made < 40, made  # stopped by its limit, its children still alive
        beside = subprocess.run(limited(40, [*sandbox.bare(second.uid), "/usr/bin/python3", "-c",
                                             FORKS, "10"]),
                                capture_output=True, text=True, check=False)
        assert beside.stdout.split() == ["10"], beside.stderr
        flood.wait(timeout=30)


@pytest.mark.skipif(sandbox.why_not() is not None, reason="the sandbox cannot run here")
def test_a_kernel_runs_in_cgroups_of_its_own():
    """Its processor share, processes and memory are its own, however many processes it starts
    (where root may make cgroups)."""
    with sandbox.Slot() as first, sandbox.Slot() as second:
        if not first.groups:
            pytest.skip("root may not make cgroups here")
        assert set(first.groups).isdisjoint(second.groups)
        started = subprocess.Popen([*sandbox.bare(first.uid), "/usr/bin/sleep", "5"],
                                   preexec_fn=lambda: sandbox.join(first.groups))  # noqa: PLW1509
        try:
            time.sleep(0.5)
            table = sandbox.process_table()
            inside = [p for p, (_, uid, _) in table.items() if uid == first.uid]
            assert inside
            for pid in inside:
                joined = pathlib.Path(f"/proc/{pid}/cgroup").read_text()
                for folder in first.groups:
                    assert f"/{folder.name}\n" in joined, (pid, joined)
            assert (first.groups[0] / "cgroup.procs").read_text().split()
        finally:
            started.kill()
            started.wait()
