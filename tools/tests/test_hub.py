"""The course hub's pieces that run without a hub: the kernel's limits, the students' names, and
the folders the setup writes only when they change."""

import os
import resource
import subprocess
import sys

import pytest

from tools import hub, rust_kernel


def limits_in_a_child(setting):
    """What `apply_limits` sets under NQUEENS_KERNEL_LIMITS=`setting`, read in a child process
    (limits cannot be raised again): its exit code, its stderr, and the three limits."""
    code = ("import resource, sys; sys.path.insert(0, 'tools'); import rust_kernel; "
            "rust_kernel.apply_limits(); "
            "print(*(resource.getrlimit(r)[0] for r in "
            "(resource.RLIMIT_DATA, resource.RLIMIT_CPU, resource.RLIMIT_NPROC)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False, env={**os.environ, "NQUEENS_KERNEL_LIMITS": setting},
                          cwd=rust_kernel.__file__.rsplit("/tools/", 1)[0])
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
