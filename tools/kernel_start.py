"""How long a Rust kernel takes to open: started through the kernel spec of `make kernel`, until
a cell that keeps two variables has run (evcxr asks rust-analyzer their types, which makes it
read the standard library's sources), wall time and the CPU time of the kernel and all it ran.

Runs alternate between the launcher as it is (rust-analyzer reading the copy of the sources
without `rust_kernel.UNREAD_SOURCES`) and the toolchain's whole sources (`RUST_SRC_PATH` set to
them, which the launcher leaves as it is), on a warm build cache, and print the medians.

With `--against PROGRAM`, runs alternate between the evcxr_jupyter installed and PROGRAM (another
build of it, such as the published one), each through the same launcher, on two notebooks that
begin as the assignments do (`:opt 0`, the kit's `:dep`, then cells that define and call
functions): one whose cells keep no variable, and the same with CELL after them.

    python -m tools.kernel_start [--runs N]     (default 5 of each)
    python -m tools.kernel_start --against PROGRAM [--runs N]
"""

import argparse
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager

ROOT = pathlib.Path(__file__).resolve().parents[1]
CELL = "let board = vec![0u8, 4, 7, 5, 2, 6, 1, 3]; let queens = board.len();"
# The beginning of an assignment's notebook, as far as the kernel is concerned.
KIT = ROOT / "coursework" / "kit"
NO_VARIABLE = [f':opt 0\n:dep coursework = {{ path = "{KIT}" }}',
               "use coursework::Square;",
               "fn next_row(row: u32) -> u32 {\n    row + 1\n}",
               "assert_eq!(next_row(Square::new(1, 2).row as u32), 2);"]


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_start(specs, cells=(CELL,)):
    """Wall and CPU seconds from the kernel's start to the last of `cells`' replies."""
    cpu, start = children_cpu(), time.monotonic()
    manager = KernelManager(kernel_name="rust", kernel_spec_manager=specs)
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=120)
        for cell in cells:
            reply = client.execute_interactive(cell, timeout=300, output_hook=lambda _: None)
            if reply["content"]["status"] != "ok":
                sys.exit(f"kernel_start: the cell {cell!r} failed: {reply['content']}")
        wall = time.monotonic() - start
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    return wall, children_cpu() - cpu


def report(times):
    for name, runs in times.items():
        walls, cpus = [w for w, _ in runs], [c for _, c in runs]
        print(f"{name:24} wall median {statistics.median(walls):.2f} s "
              f"(min {min(walls):.2f}, max {max(walls):.2f}), "
              f"CPU median {statistics.median(cpus):.2f} s")


def against(specs, program, runs):
    """The installed evcxr_jupyter and `program` alternating (the launcher takes the first
    evcxr_jupyter on the PATH), on NO_VARIABLE and on NO_VARIABLE then CELL."""
    if not os.access(program, os.X_OK):
        sys.exit(f"kernel_start: {program} is not a program")
    path = os.environ.get("PATH", "")
    notebooks = {"keeping no variable": NO_VARIABLE, "then keeping two": [*NO_VARIABLE, CELL]}
    with tempfile.TemporaryDirectory() as folder:
        os.symlink(os.path.abspath(program), os.path.join(folder, "evcxr_jupyter"))
        builds = {"installed": path, os.path.basename(program): f"{folder}{os.pathsep}{path}"}
        one_start(specs, NO_VARIABLE)  # the build cache warm, the copy of the sources made
        times = {(build, notebook): [] for notebook in notebooks for build in builds}
        for _ in range(runs):
            for (build, notebook), found in times.items():
                os.environ["PATH"] = builds[build]
                found.append(one_start(specs, notebooks[notebook]))
        os.environ["PATH"] = path
    report({f"{build}, {notebook}": found for (build, notebook), found in times.items()})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", metavar="PROGRAM",
                        help="another evcxr_jupyter to compare the installed one with")
    args = parser.parse_args()
    specs = KernelSpecManager(kernel_dirs=[str(ROOT / ".venv" / "share" / "jupyter" / "kernels")])
    if "rust" not in specs.find_kernel_specs():
        sys.exit("kernel_start: no Rust kernel spec in .venv: run `make kernel` first")
    if args.against:
        against(specs, args.against, args.runs)
        return
    sysroot = subprocess.run(["rustc", "--print", "sysroot"], capture_output=True, text=True,
                             check=True).stdout.strip()
    whole = pathlib.Path(sysroot) / "lib" / "rustlib" / "src" / "rust" / "library"
    os.environ.pop("RUST_SRC_PATH", None)
    one_start(specs)  # the build cache warm, the copy of the sources made
    times = {"without UNREAD_SOURCES": [], "whole sources": []}
    for _ in range(args.runs):
        for name, runs in times.items():
            if name == "whole sources":
                os.environ["RUST_SRC_PATH"] = str(whole)
            else:
                os.environ.pop("RUST_SRC_PATH", None)
            runs.append(one_start(specs))
    report(times)


if __name__ == "__main__":
    main()
