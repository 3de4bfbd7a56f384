"""How long a Rust kernel takes to open: started through the kernel spec of `make kernel`, until
a cell that keeps two variables has run (evcxr asks rust-analyzer their types, which makes it
read the standard library's sources), wall time and the CPU time of the kernel and all it ran.

Runs alternate between the launcher as it is (rust-analyzer reading the copy of the sources
without `rust_kernel.UNREAD_SOURCES`) and the toolchain's whole sources (`RUST_SRC_PATH` set to
them, which the launcher leaves as it is), on a warm build cache, and print the medians.

    python -m tools.kernel_start [--runs N]     (default 5 of each)
"""

import argparse
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import time

from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager

ROOT = pathlib.Path(__file__).resolve().parents[1]
CELL = "let board = vec![0u8, 4, 7, 5, 2, 6, 1, 3]; let queens = board.len();"


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_start(specs):
    """Wall and CPU seconds from the kernel's start to CELL's reply."""
    cpu, start = children_cpu(), time.monotonic()
    manager = KernelManager(kernel_name="rust", kernel_spec_manager=specs)
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=120)
        reply = client.execute_interactive(CELL, timeout=120)
        if reply["content"]["status"] != "ok":
            sys.exit(f"kernel_start: the cell failed: {reply['content']}")
        wall = time.monotonic() - start
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    return wall, children_cpu() - cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    specs = KernelSpecManager(kernel_dirs=[str(ROOT / ".venv" / "share" / "jupyter" / "kernels")])
    if "rust" not in specs.find_kernel_specs():
        sys.exit("kernel_start: no Rust kernel spec in .venv: run `make kernel` first")
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
    for name, runs in times.items():
        walls, cpus = [w for w, _ in runs], [c for _, c in runs]
        print(f"{name:24} wall median {statistics.median(walls):.2f} s "
              f"(min {min(walls):.2f}, max {max(walls):.2f}), "
              f"CPU median {statistics.median(cpus):.2f} s")


if __name__ == "__main__":
    main()
