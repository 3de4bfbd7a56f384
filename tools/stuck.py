"""What a kernel that does not answer is doing, for a test's failure message.

A Rust kernel that never answers leaves no log of its own: evcxr writes nothing while it waits.
So when a test gives up on one, it prints what `ps` lists of the kernels and the builds they
started (state, age, CPU time, the kernel function each waits in) and, where gdb is installed,
the stack of every thread of the stuck kernel's evcxr processes (those whose command line holds
what the test knows of it, its connection file or its id; else the first few evcxr processes of
the user or the machine): the line it is stuck on.
"""

import shutil
import subprocess

# The processes a kernel is made of: evcxr (the kernel and the child that runs the cells), the
# cargo and rustc it starts, rust-analyzer inside it, the launcher before it execs evcxr.
KERNEL_PARTS = ("evcxr", "cargo", "rustc", "rust-analyzer", "rust_kernel")


def listing(user=None):
    """`ps` of every process of `user` (a student's server and kernel), else of every kernel's
    processes, or why there is none."""
    who = ["-u", user] if user else ["-e"]
    try:
        listed = subprocess.run(["ps", *who, "-o", "pid,ppid,stat,etime,time,wchan:24,args"],
                                capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError) as error:
        return f"(ps failed: {error})"
    lines = listed.stdout.splitlines()
    kept = lines[:1] + [line for line in lines[1:]
                        if user or any(part in line for part in KERNEL_PARTS)]
    if len(kept) <= 1:
        said = (listed.stderr.strip().splitlines() or [""])[0]
        return f"(no processes{': ' + said if said else ''})"
    return "\n".join(line[:220] for line in kept)


def evcxr_processes(user=None, kernel=None):
    """The process ids of evcxr (the kernels and their cell runners), of `user` or anybody; with
    `kernel` (a text of the kernel's command line: its connection file, or its id), that
    kernel's process and the processes it started."""
    who = ["-u", user] if user else []

    def found(*pattern):
        try:
            return subprocess.run(["pgrep", *who, *pattern], capture_output=True, text=True,
                                  timeout=10, check=False).stdout.split()
        except (OSError, subprocess.SubprocessError):
            return []

    if kernel is None:
        return found("-f", "evcxr_jupyter")
    mains = found("-f", f"evcxr_jupyter.*{kernel}")
    every = mains + [child for main in mains for child in found("-P", main)]
    return list(dict.fromkeys(every))


def stacks(pids):
    """Every thread's stack of each process of `pids`, by gdb; "" without gdb."""
    gdb = shutil.which("gdb")
    if gdb is None:
        return ""
    parts = []
    for pid in pids:
        try:
            dumped = subprocess.run(
                [gdb, "-p", str(pid), "-batch", "-nx", "-ex", "thread apply all bt 25"],
                capture_output=True, text=True, timeout=60, check=False).stdout
        except (OSError, subprocess.SubprocessError) as error:
            dumped = f"(gdb failed: {error})"
        frames = [line for line in dumped.splitlines() if line.startswith(("Thread ", "#"))]
        parts.append(f"process {pid}:\n" + "\n".join(frames[:400] or ["(no stack read)"]))
    return "\n".join(parts)


def report(user=None, kernel=None, most=3):
    """The listing, then the stacks (of `kernel`'s processes when it is named, else of the first
    `most` evcxr processes): what a failure message says of the kernels."""
    text = (f"{user}'s processes" if user else "the kernels' processes") + ":\n" + listing(user)
    dumped = stacks(evcxr_processes(user, kernel)[:most])
    return text + ("\ntheir threads' stacks (gdb):\n" + dumped if dumped else "")
