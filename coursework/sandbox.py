"""The grading kernel's sandbox: a student's code runs as a user of its own, in a world of its own,
with no network.

When nbgrader grades, every notebook's Rust kernel (evcxr, the compiler it starts, the program
that runs the cells) starts through `setpriv` as an unprivileged user that no account has and no
other kernel shares (one of `SLOTS` numbered users from `FIRST_UID`, held while the kernel runs),
inside a bubblewrap sandbox (Debian's `bubblewrap`) whose file system holds only:

* the system's programs and libraries (`/usr`, `/etc`), read-only;
* the Rust toolchain and evcxr, read-only, at `/opt/rust` and `/opt/evcxr_jupyter` (the
  standard library's sources without those rust-analyzer need not read: `rust_kernel.py`);
* the students' coursework crate at `/course/kit`, read-only: a snapshot of the released kit
  (what students get, with no reference answer), named by its digest, checked after each notebook;
* the crates that kit depends on and no others, read-only at `/opt/crates` (cargo's vendored
  copies of exactly the kit's dependencies, the only source cargo is given): a crate the kit
  does not use cannot be loaded, however the cell names it;
* `/build`, the one writable folder, made afresh for each notebook from a build of the kit made
  once per snapshot (so the first board needs no compile), and deleted after it;
* an empty `/tmp` of at most 1 GiB, its own `/proc` (its own processes only) and a minimal
  `/dev`.

It has a network namespace of its own, holding only a loopback of its own: no route to another
kernel, to any process of the machine (a student's own server on a course hub), or outside. evcxr
listens on that loopback, and the grader reaches it through `kernel_relay.py`, which the sandbox
starts first: Unix sockets in `/build/sockets`, a folder only the kernel's user may enter.

The course folder, the gradebook, the grading secret, the sources with their solutions and
hidden tests, the other submissions and the grader's own files are not in that world at all;
the environment is emptied (no `NQUEENS_*`, no `NBGRADER_*`); the user owns nothing outside
`/build`, cannot gain privileges (`no_new_privs`, no capabilities, no new user namespaces), and
holds the grading's memory, CPU and process limits (`evcxr_execute.py`), the last per user, so
per kernel. The grader's executor keeps the clock: at a test cell's limit it ends every process
of the kernel's user but evcxr's own (`end_run`), which evcxr then starts afresh.

    sandbox.py --install   (root) install bubblewrap, and put the toolchain, evcxr and the
                           crates' registry where the kernels' users can read them
                           (hard links under /var/lib/nqueens-sandbox; idempotent)
    sandbox.py --check     say whether grading can be sandboxed here, and why not
"""

import argparse
import contextlib
import fcntl
import hashlib
import json
import os
import pathlib
import pwd
import re
import shutil
import signal
import subprocess
import sys
import time

from coursework import rust_kernel

HOME = pathlib.Path(os.environ.get("NQUEENS_SANDBOX_HOME", "/var/lib/nqueens-sandbox"))
# The kernels' users: SLOTS user ids from FIRST_UID, which no account may hold (`--install` and
# `--check` make sure), one per kernel at a time, so that the process limit (a count per user),
# the files a kernel writes and the processes the clock ends are that kernel's alone.
FIRST_UID = int(os.environ.get("NQUEENS_SANDBOX_FIRST_UID", "1900000"))
SLOTS = 64
# Where the sandbox sees what it is given.
KIT = "/course/kit"
CRATES = "/opt/crates"
RELAY = "/opt/nqueens/kernel_relay.py"
SOCKETS = "sockets"
BUILD = "/build"
RUST = "/opt/rust"
EVCXR = "/opt/evcxr_jupyter"
# The standard library's sources in a toolchain.
SOURCES = pathlib.Path("lib", "rustlib", "src", "rust", "library")
# The sandbox's /tmp is memory: at most this much of it.
TMP_BYTES = 1 << 30


def toolchain():
    """The folder of the Rust toolchain the grader's `rustc` runs from."""
    sysroot = subprocess.run(["rustc", "--print", "sysroot"], capture_output=True, text=True,
                             check=True).stdout.strip()
    return pathlib.Path(sysroot)


def evcxr_binary():
    found = shutil.which("evcxr_jupyter")
    if not found:
        sys.exit("evcxr_jupyter is not installed: run `make setup`")
    return pathlib.Path(found)


def why_not():
    """None when grading can be sandboxed here, else the reason in words."""
    if sys.platform != "linux":
        return "the sandbox needs Linux"
    if not shutil.which("bwrap"):
        return "bubblewrap (bwrap) is not installed: run `sudo make sandbox`"
    taken = accounts_in_range()
    if taken:
        return (f"the kernels' user ids {FIRST_UID}-{FIRST_UID + SLOTS - 1} must belong to no "
                f"account, but {', '.join(taken)} do: set NQUEENS_SANDBOX_FIRST_UID")
    if os.geteuid() != 0:
        return "grading in the sandbox runs as root (it starts each kernel as another user)"
    for part in ("toolchain", "evcxr_jupyter", "cargo/registry", *ACCOUNTS):
        if not (HOME / part).exists():
            return f"{HOME / part} is missing: run `sudo make sandbox`"
    if (HOME / "toolchain.version").read_text().strip() != rustc_version():
        return "the sandbox's toolchain is older than rustc's: run `sudo make sandbox`"
    # As a kernels' user of its own: a grading's clock ends every process of its kernel's user.
    with Slot() as slot:
        tried = subprocess.run([*bare(slot.uid), "/usr/bin/true"], check=False,
                               capture_output=True, text=True)
    if tried.returncode != 0:
        return (f"bubblewrap cannot make a sandbox as user {slot.uid} here "
                f"({tried.stderr.strip()}): unprivileged user namespaces must be allowed")
    return None


def accounts_in_range():
    """The accounts whose user id is one of the kernels' (there should be none)."""
    return [f"{entry.pw_name} ({entry.pw_uid})" for entry in pwd.getpwall()
            if FIRST_UID <= entry.pw_uid < FIRST_UID + SLOTS]


def bare(uid):
    """The start of a command line that runs the rest as `uid` in a sandbox holding only the
    system's programs (what `--check` tries)."""
    return [*as_user(uid), "bwrap", "--unshare-all", "--unshare-user", "--disable-userns",
            "--die-with-parent", "--ro-bind", "/usr", "/usr", "--symlink", "usr/bin", "/bin",
            "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64", "--proc", "/proc"]


def as_user(uid):
    """The start of a command line that runs the rest as `uid`, without any group or privilege."""
    return ["setpriv", "--reuid", str(uid), "--regid", str(uid), "--clear-groups",
            "--no-new-privs", "--"]


def rustc_version():
    return subprocess.run(["rustc", "--version"], capture_output=True, text=True,
                          check=True).stdout.strip()


def install():
    """Everything the sandbox needs, once: bubblewrap, and hard-linked copies of the toolchain
    and the registry (the originals sit in root's home, which the kernels' users cannot
    enter), with evcxr beside them. (The registry serves the snapshots' vendored crates and a
    course hub's own kernels; a graded kernel sees only its kit's crates.)"""
    if os.geteuid() != 0:
        sys.exit("sandbox.py --install must run as root")
    if not shutil.which("bwrap"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        install = ["apt-get", "install", "-y", "-qq", "bubblewrap"]
        if subprocess.run(install, env=env, check=False).returncode != 0:
            # A new machine's package lists may be empty: fetch them once, and try again.
            subprocess.run(["apt-get", "update", "-qq"], env=env, check=True)
            subprocess.run(install, env=env, check=True)
    if accounts_in_range():
        sys.exit(f"sandbox: {why_not()}")
    HOME.mkdir(parents=True, exist_ok=True)
    HOME.chmod(0o755)
    version = rustc_version()
    stamp = HOME / "toolchain.version"
    cargo_home = pathlib.Path(os.environ.get("CARGO_HOME", pathlib.Path.home() / ".cargo"))
    # rust-analyzer, in every graded kernel, types a cell's variables from the standard
    # library's sources: without them evcxr keeps no variable whose type it must be told.
    if not (toolchain() / SOURCES).exists() and shutil.which("rustup"):
        subprocess.run(["rustup", "component", "add", "rust-src"], check=True)
    if not stamp.exists() or stamp.read_text().strip() != version or (
            (toolchain() / SOURCES).exists() and not (HOME / "toolchain" / SOURCES).exists()):
        for part in ("toolchain", "cargo"):
            shutil.rmtree(HOME / part, ignore_errors=True)
        link_tree(toolchain(), HOME / "toolchain")
        (HOME / "cargo").mkdir()
        link_tree(cargo_home / "registry", HOME / "cargo" / "registry")
        stamp.write_text(version + "\n")
    private_index(cargo_home / "registry" / "index", HOME / "cargo" / "registry" / "index")
    # rust-analyzer, in every graded kernel, would read them at its start (rust_kernel.py).
    rust_kernel.without_unread_sources(HOME / "toolchain" / SOURCES)
    binary = evcxr_binary()
    if not (HOME / "evcxr_jupyter").exists() or digest_of_file(binary) != digest_of_file(
            HOME / "evcxr_jupyter"):
        shutil.copy(binary, HOME / "evcxr_jupyter")
    for name, text in ACCOUNTS.items():
        (HOME / name).write_text(text)
        (HOME / name).chmod(0o644)
    print(f"sandbox ready in {HOME}: users {FIRST_UID}-{FIRST_UID + SLOTS - 1}, {version}")


def link_tree(source, target):
    """A copy of `source` whose files are hard links to the originals (instant, no space), or
    plain copies where the two are on different file systems."""
    done = subprocess.run(["cp", "-al", str(source), str(target)], check=False,
                          capture_output=True)
    if done.returncode != 0:
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(source, target, symlinks=True)


def private_index(source, target):
    """Makes `target` a copy of cargo's registry index `source` that shares no file with it.
    Cargo, as root and online, rewrites the index's files in place (its config.json at every
    fetch); in a hard-linked copy a graded kernel's cargo could read one half-written (it did:
    "config.json not found in registry"). Made again while any of its files is a link; a
    copy whose config.json does not read (caught mid-write) is made again."""
    if not source.is_dir():
        return
    files = [p for p in target.rglob("*") if p.is_file()] if target.is_dir() else []
    if files and all(p.stat().st_nlink == 1 for p in files):
        return
    partial = target.with_name(target.name + ".partial")
    for _ in range(10):
        shutil.rmtree(partial, ignore_errors=True)
        shutil.copytree(source, partial, symlinks=True)
        try:
            for config in partial.glob("*/config.json"):
                json.loads(config.read_text())
        except ValueError:
            time.sleep(0.5)
            continue
        shutil.rmtree(target, ignore_errors=True)
        partial.rename(target)
        return
    sys.exit(f"{source}: a config.json that does not read as JSON")


def digest_of_file(path):
    return hashlib.sha256(pathlib.Path(path).read_bytes()).hexdigest()


def digest_of_tree(folder):
    """One digest of every file's path and contents under `folder` (cargo's build output
    left out)."""
    folder = pathlib.Path(folder)
    total = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "target" not in path.relative_to(folder).parts:
            total.update(str(path.relative_to(folder)).encode() + b"\0")
            total.update(path.read_bytes())
    return total.hexdigest()


@contextlib.contextmanager
def locked(path):
    """An exclusive lock on `path` for the length of the block (gradings run side by side)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


# What a warm build was made for: a change to the sandbox's layout (where cargo finds its
# crates, say) makes every snapshot's base anew.
LAYOUT = "3"


class Snapshot:
    """The kit a notebook is graded against, copied where no one but root can write, the crates
    it depends on (and no others), and the build of it that each notebook's `/build` starts
    from."""

    def __init__(self, kit):
        self.digest = digest_of_tree(kit)
        self.folder = HOME / "kits" / self.digest[:16]
        self.kit = self.folder / "kit"
        self.crates = self.folder / "crates"
        self.base = self.folder / "base"
        with locked(HOME / "kits" / f"{self.digest[:16]}.lock"):
            if not self.kit.exists():
                partial = self.folder / "kit.partial"
                shutil.rmtree(partial, ignore_errors=True)
                shutil.copytree(kit, partial, ignore=shutil.ignore_patterns("target"))
                partial.rename(self.kit)
                prune(self.folder)
            if not self.crates.exists():
                vendor(self.kit, self.crates)
        self.check()

    def check(self):
        """Fails loudly if the snapshot changed (it is read-only to the kernels: this would be a
        hole in the sandbox, not a student's doing alone)."""
        if digest_of_tree(self.kit) != self.digest:
            raise RuntimeError(f"the coursework crate {self.kit} changed during grading")

    def warm(self, setup, start):
        """Builds the kit in `base` once, by running the notebook's setup cell (its `:opt` and
        `:dep` lines) in a sandboxed kernel: `start(build, setup)` runs it with `build` as
        `/build`, as a kernel's user it holds for that time."""
        with locked(self.folder / "base.lock"):
            made = f"{LAYOUT}-{setup}".encode()
            stamp = self.base / f"warm-{hashlib.sha256(made).hexdigest()[:16]}"
            if stamp.exists():
                return
            shutil.rmtree(self.base, ignore_errors=True)
            self.base.mkdir(parents=True)
            start(self.base, setup)
            for path in [self.base, *self.base.rglob("*")]:
                # The base is copied, never used in place: root's again.
                os.lchown(path, 0, 0)
            stamp.touch()

    def fresh_build(self, where, uid):
        """A new `/build` for one notebook: a copy of the warm base, `uid`'s to write."""
        build = pathlib.Path(where)
        if self.base.exists():
            shutil.copytree(self.base, build, symlinks=True, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns(SOCKETS, "warm-*", "kernel.json"))
        prepare_build(build, uid)
        return build


def vendor(kit, crates):
    """Copies the crates `kit` depends on, and no others, into `crates` (cargo's `vendor`,
    offline, from root's registry), where the sandbox's cargo finds them and nothing else."""
    work = crates.with_name("crates.partial")
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(kit, work / "kit", ignore=shutil.ignore_patterns("target"))
    done = subprocess.run(["cargo", "vendor", "--quiet", "--versioned-dirs", "--manifest-path",
                           str(work / "kit" / "Cargo.toml"), str(work / "crates")],
                          env={**os.environ, "CARGO_NET_OFFLINE": "true"}, check=False,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"cannot copy the kit's crates: {done.stderr.strip()}")
    (work / "crates").mkdir(exist_ok=True)
    (work / "crates").rename(crates)
    shutil.rmtree(work)


# How many snapshots of the kit are kept (each about 70 MB with its warm build); older ones go
# when a new one is made.
KEPT_SNAPSHOTS = 4


def prune(current):
    """Deletes all but the newest snapshots (never `current`), and builds left by a grading
    that was stopped more than a day ago."""
    kits = sorted((p for p in (HOME / "kits").iterdir() if p.is_dir() and p != current),
                  key=lambda p: p.stat().st_mtime, reverse=True)
    for old in kits[KEPT_SNAPSHOTS - 1:]:
        shutil.rmtree(old, ignore_errors=True)
        old.with_name(old.name + ".lock").unlink(missing_ok=True)
    builds = HOME / "builds"
    if builds.exists():
        for old in builds.iterdir():
            if time.time() - old.stat().st_mtime > 86400:
                shutil.rmtree(old, ignore_errors=True)


# cargo's configuration in the sandbox: the kit's vendored crates are the only source of crates.
CARGO_CONFIG = f"""[source.crates-io]
replace-with = "kit"

[source.kit]
directory = "{CRATES}"

[net]
offline = true
"""


def prepare_build(build, uid):
    """The folders a kernel writes in `/build`, `uid`'s alone (no other user may enter), and
    cargo's configuration, which gives it the kit's crates and no others. Root writes here, so
    nothing in it is followed: a link is refused."""
    for part in ("", "home", "cargo", "evcxr", SOCKETS):
        (build / part).mkdir(parents=True, exist_ok=True)
    links = [path for path in [build, *build.rglob("*")] if path.is_symlink()]
    if links:
        raise RuntimeError(f"a build folder holds a link, {links[0]}: refused")
    write_new(build / "cargo" / "config.toml", CARGO_CONFIG)
    for path in [build, *build.rglob("*")]:
        os.lchown(path, uid, uid)
    build.chmod(0o700)


def write_new(path, text, mode=0o644):
    """Writes `path` afresh, whatever stood there, never through a link."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode)
    with os.fdopen(descriptor, "w") as file:
        file.write(text)


# What one kernel may take, with everything it starts, where root may make cgroups (v1 or v2):
# an equal share of the processors with every other kernel however many processes it runs, at
# most PROCESSES processes, and at most KERNEL_MEMORY_GIB of memory.
CGROUPS = pathlib.Path("/sys/fs/cgroup")
PROCESSES = int(os.environ.get("NQUEENS_GRADING_PROCESSES", "4096"))
KERNEL_MEMORY_GIB = int(os.environ.get("NQUEENS_GRADING_KERNEL_MEMORY_GIB", "8"))


def own_cgroup(controller):
    """This process's cgroup of a v1 `controller` (its path below the hierarchy's root)."""
    for line in pathlib.Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if controller in controllers.split(","):
            return path.lstrip("/")
    return None


def cgroups(name):
    """The cgroups called `name` that a kernel joins, made below the grader's own and their
    limits set (see CGROUPS); [] where root may not make them."""
    settings = {"cpu": {"cpu.shares": "1024", "cpu.weight": "100"},
                "pids": {"pids.max": str(PROCESSES)},
                "memory": {"memory.limit_in_bytes": str(KERNEL_MEMORY_GIB << 30),
                           "memory.max": str(KERNEL_MEMORY_GIB << 30)}}
    made = []
    try:
        if (CGROUPS / "cgroup.controllers").exists():  # v2: one tree
            parent = CGROUPS / own_cgroup("")
            (parent / "cgroup.subtree_control").write_text("+cpu +pids +memory")
            folders = {controller: parent / name for controller in settings}
        else:
            folders = {controller: CGROUPS / controller / own_cgroup(controller) / name
                       for controller in settings if own_cgroup(controller) is not None}
        for controller, folder in folders.items():
            folder.mkdir(exist_ok=True)
            for file, value in settings[controller].items():
                if (folder / file).exists():
                    (folder / file).write_text(value)
            if folder not in made:
                made.append(folder)
    except OSError:
        return []
    return made


def join(groups):
    """Puts the calling process into `groups` (what a kernel's first process does before it
    starts the rest, which inherit them)."""
    for folder in groups:
        (folder / "cgroup.procs").write_text(str(os.getpid()))


class Slot:
    """One of the kernels' users, held (an exclusive lock under `HOME/slots`) from the start of a
    kernel to its end, with the kernel's cgroups (`cgroups`); any process left by an earlier
    holder is ended first."""

    def __init__(self):
        folder = HOME / "slots"
        folder.mkdir(parents=True, exist_ok=True)
        for number in range(SLOTS):
            lock = os.open(folder / f"{number}.lock", os.O_WRONLY | os.O_CREAT, 0o600)
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(lock)
                continue
            self.uid = FIRST_UID + number
            self.lock = lock
            self.groups = cgroups(f"nqueens-kernel-{number}")
            end_processes(self.uid)
            return
        raise RuntimeError(f"all {SLOTS} of the grading kernels' users are taken")

    def release(self):
        """Ends every process of the user, and lets another kernel have it."""
        end_processes(self.uid)
        os.close(self.lock)

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.release()


def process_table():
    """Every process: its id, with its parent's id, its real user id and its program's name."""
    table = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/status") as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
        except OSError:
            continue  # it ended meanwhile
        try:
            program = os.path.basename(os.readlink(f"/proc/{entry.name}/exe"))
        except OSError:
            program = ""  # a kernel's thread, or it ended meanwhile
        table[int(entry.name)] = (int(fields["PPid"]), int(fields["Uid"].split()[0]), program)
    return table


def kernel_processes(root):
    """The processes a kernel started as process `root` is made of, from `root` down to evcxr's
    main process (the first below `root` that runs evcxr), in that order: in the sandbox
    bubblewrap's, the relay's and evcxr's, which `end_run` spares. Read when the kernel has just
    started, before any cell ran."""
    table = process_table()
    level, seen = {root}, set()
    while level:
        found = sorted(p for p in level if table.get(p, (0, 0, ""))[2].startswith("evcxr"))
        if found:
            chain = [found[0]]
            while chain[-1] != root and chain[-1] in table:
                chain.append(table[chain[-1]][0])
            return chain[::-1]
        seen |= level
        level = {p for p, (parent, _, _) in table.items() if parent in level} - seen
    return [root]


def descendants(pid, table):
    found, level = set(), {pid}
    while level:
        level = {p for p, (parent, _, _) in table.items() if parent in level} - found
        found |= level
    return found


def end_run(kernel, uid=None):
    """Ends a cell's run from outside the kernel: every process below evcxr's main process (the
    program that runs the cells, and any compiler), and with the kernel's own `uid` every
    process of that user, but those `kernel` is made of (`kernel_processes`, evcxr's main
    process last). evcxr reports the cell failed and starts its program afresh for the next
    cell: what it starts once the first round is over is left alone, and only what the ended
    processes left behind is ended too."""
    spared, main = set(kernel), kernel[-1] if kernel else None
    first, ended = True, set()
    for _ in range(20):
        table = process_table()
        found = descendants(kernel[0], table) if kernel else set()
        if uid is not None:
            found |= {p for p, (_, user, _) in table.items() if user == uid}
        found -= spared
        if not first:
            for fresh in [p for p in found if table[p][0] == main and p not in ended]:
                found -= {fresh} | descendants(fresh, table)
        if not found:
            return
        for pid in found:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        ended |= found
        first = False
        time.sleep(0.02)


def end_processes(uid):
    """Ends every process of `uid` (a kernel's user between two kernels)."""
    end_run([], uid)


def opt_level(setup):
    """The optimisation the course's setup cell asks for (`:opt N`), else evcxr's own, 2."""
    found = re.search(r"^\s*:opt\s+(\d)", setup, re.MULTILINE)
    return found.group(1) if found else "2"


# A system's accounts as a graded kernel sees them: none of the machine's (whose text a user may
# change, `chfn` say, where the kernel would read it).
ACCOUNTS = {"passwd": "root:x:0:0:root:/root:/usr/sbin/nologin\n"
                      "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n",
            "group": "root:x:0:\nnogroup:x:65534:\n"}


def command(connection_file, build, snapshot, uid, opt="2"):
    """The kernel's command line: the relay, then evcxr, as the kernel's user `uid`, in the
    sandbox. The grader's connection file (root's, private) names Unix sockets in
    `build/sockets`; evcxr is given the same ports and key on the sandbox's own loopback, in a
    copy in `/build` that only `uid` may read. Every compile is held at the optimisation `opt`
    (the course's `:opt`) whatever cargo's configuration files in `/build` say: rustc's flags
    from the environment come last, and no wrapper of the workspace's is run."""
    build = pathlib.Path(build)
    wanted = json.loads(pathlib.Path(connection_file).read_text())
    ports = [wanted[f"{channel}_port"] for channel in ("shell", "iopub", "stdin", "control", "hb")]
    copy = build / "kernel.json"
    write_new(copy, json.dumps({**wanted, "transport": "tcp", "ip": "127.0.0.1"}), 0o400)
    os.lchown(copy, uid, uid)
    std = f"{RUST}/lib/rustlib/x86_64-unknown-linux-gnu/lib"
    host = subprocess.run(["rustc", "-vV"], check=True, capture_output=True, text=True).stdout
    for line in host.splitlines():
        if line.startswith("host: "):
            std = f"{RUST}/lib/rustlib/{line[6:]}/lib"
    return [
        *as_user(uid),
        "bwrap", "--unshare-all", "--unshare-user", "--disable-userns",
        "--die-with-parent", "--new-session", "--clearenv",
        "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib",
        "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin",
        "--symlink", "usr/sbin", "/sbin", "--ro-bind", "/etc", "/etc",
        "--proc", "/proc", "--dev", "/dev", "--size", str(TMP_BYTES), "--tmpfs", "/tmp",
        "--ro-bind", str(HOME / "toolchain"), RUST,
        "--ro-bind", str(HOME / "evcxr_jupyter"), EVCXR,
        "--ro-bind", str(pathlib.Path(__file__).with_name("kernel_relay.py")), RELAY,
        "--ro-bind", str(snapshot.kit), KIT,
        "--ro-bind", str(snapshot.crates), CRATES,
        "--bind", str(build), BUILD,
        "--chdir", f"{BUILD}/home",
        "--setenv", "PATH", f"{RUST}/bin:/usr/bin:/bin",
        "--setenv", "HOME", f"{BUILD}/home",
        "--setenv", "CARGO_HOME", f"{BUILD}/cargo",
        "--setenv", "CARGO_NET_OFFLINE", "true",
        "--setenv", "EVCXR_TMPDIR", f"{BUILD}/evcxr",
        "--setenv", "LD_LIBRARY_PATH", f"{std}:{RUST}/lib",
        "--setenv", "CARGO_ENCODED_RUSTFLAGS", "\x1f".join(
            ["-Cprefer-dynamic", f"-Copt-level={opt}", "-Coverflow-checks=on",
             "-Cdebug-assertions=on"]),
        "--setenv", "RUSTC_WORKSPACE_WRAPPER", "",
        *[arg for name in ACCOUNTS for arg in ("--ro-bind", str(HOME / name), f"/etc/{name}")],
        "/usr/bin/python3", "-I", RELAY, f"{BUILD}/{SOCKETS}/kernel", *map(str, ports), "--",
        EVCXR, "--control_file", f"{BUILD}/kernel.json",
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--install", action="store_true")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.install:
        install()
    reason = why_not()
    if args.check or args.install:
        print(f"sandbox: {reason or 'ready'}")
        if not reason:
            with Slot() as slot:
                print("sandbox: each kernel in cgroups of its own" if slot.groups else
                      "sandbox: root may not make cgroups here: a kernel's processes share the "
                      "processors and memory with every other kernel's")
    return 1 if reason else 0


if __name__ == "__main__":
    sys.exit(main())
