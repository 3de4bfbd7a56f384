"""Where the course hub keeps what it serves, and how a student's server is confined: shared by
the hub's configuration (jupyterhub_config.py, in the hub's process, as root) and by
`python -m tools.hub`, which sets it all up.

Everything lives under one folder, `$NQUEENS_HUB_ROOT` (default /srv/nqueens), owned by root:

    venv/       the Python every server runs from (JupyterLab, nbgrader, JupyterHub; pinned in
                requirements.txt beside this file), with this repository's `coursework`
                package (the hub's layout, and nbgrader's executor for Validate)
    proxy/      configurable-http-proxy, from npm (package-lock.json beside this file)
    bin/        the Rust kernel's launcher (rust_kernel.py) and evcxr
    toolchain/  the sandbox's Rust toolchain, hard-linked, without core::arch's sources
    crate/      the nqueens library as the lecture notebooks build it (its solvers, no coursework)
    kit/        the coursework crate the assignments build (no reference answers)
    lectures/   the lecture notebooks, their setup cells pointing at crate/
    launch/nqueens/  a git repository of the lectures and the assignments' students' copies as
                the hub serves them: what the course website's launch buttons pull into a
                student's home (nbgitpuller, docs/site.md); gitconfig lets every user read it
    warm/       the build of both, made once: every student's kernel starts from a copy
    mathjax/    MathJax 2 from npm, which the formgrader's pages need and the hub serves
    templates/  a Jupyter data folder: nbconvert's MathJax macro, pointed at the hub's MathJax
    course/     one hub (`$NQUEENS_HUB_NAME`, default course; the hub's test runs another):
      exchange/ nbgrader's exchange (open to all, as nbgrader's documentation sets it)
      jupyter/  the Jupyter and nbgrader settings of students' and the lecturer's servers
      state/    the hub's database, cookie secret and proxy token

The course itself (the sources with their solutions and hidden tests, the gradebook, the
grading secret) is in the lecturer's home, `~/nqueens-course`, which no student can enter.
The toolchain and the crates' registry are the grading sandbox's (coursework/sandbox.py), which
every user can read: one copy on the machine, at one path, so that the warm build and every
student's kernel see the same crates at the same places (cargo's record of a build names them).
"""

import os
import pathlib
import pwd
import shutil

from coursework import (
    evcxr_execute,  # the grading's limits
    sandbox,  # the toolchain every user can read
)

ROOT = pathlib.Path(os.environ.get("NQUEENS_HUB_ROOT", "/srv/nqueens"))
VENV = ROOT / "venv"
PROXY = ROOT / "proxy"
BIN = ROOT / "bin"
CRATE = ROOT / "crate"
KIT = ROOT / "kit"
LECTURES = ROOT / "lectures"
LAUNCH = ROOT / "launch" / "nqueens"
# The git settings of every server: the launch repository is root's, which git refuses to read
# for another user unless told it is safe.
GITCONFIG = ROOT / "gitconfig"
WARM = ROOT / "warm"
# MathJax 2, for the formgrader's and the feedback's pages (the hub serves it at MATHJAX_URL),
# and the template that points them at it, in a Jupyter data folder (JUPYTER_PATH).
MATHJAX = ROOT / "mathjax"
MATHJAX_URL = "/hub/mathjax/"
TEMPLATES = ROOT / "templates"
INSTANCE = ROOT / os.environ.get("NQUEENS_HUB_NAME", "course")
EXCHANGE = INSTANCE / "exchange"
CONFIG = INSTANCE / "jupyter"
STATE = INSTANCE / "state"

# The sandbox's toolchain as the servers see it: hard links to its files, but for the standard
# library's sources that no notebook's code needs (see tools/hub.py, `toolchain`).
TOOLCHAIN = ROOT / "toolchain"
CARGO_HOME = sandbox.HOME / "cargo"
EVCXR = sandbox.HOME / "evcxr_jupyter"

COURSE_ID = "nqueens"
# The lecturer: a Unix user, the hub's admin, whose home holds the course.
LECTURER = os.environ.get("NQUEENS_HUB_LECTURER", "lecturer")
COURSE_FOLDER = "nqueens-course"
# The students: Unix users in this group (tools/hub.py adds them); the hub lets in its members.
STUDENTS = os.environ.get("NQUEENS_HUB_STUDENTS_GROUP", "nqueens-students")

# Each student's server (JupyterLab, its kernels, the compilers they start) holds, together, at
# most this much memory and this many processes; the CPU is shared equally between students.
MEMORY_GIB = int(os.environ.get("NQUEENS_HUB_MEMORY_GIB", str(evcxr_execute.MEMORY_GIB)))
PROCESSES = evcxr_execute.PROCESSES


def course_root(lecturer=LECTURER):
    """The lecturer's course folder."""
    return pathlib.Path(pwd.getpwnam(lecturer).pw_dir) / COURSE_FOLDER


def kernel_environment():
    """What a server needs in its environment for the Rust kernel: the shared toolchain and
    registry (offline, read-only), the warm build to start from, and the grading's limits for
    every kernel process (coursework/rust_kernel.py sets them)."""
    return {
        "PATH": f"{VENV / 'bin'}:{BIN}:{TOOLCHAIN / 'bin'}:/usr/bin:/bin",
        "CARGO_HOME": str(CARGO_HOME),
        "CARGO_NET_OFFLINE": "true",
        "NQUEENS_KERNEL_SHARED": str(WARM / "base"),
        "NQUEENS_KERNEL_LIMITS": (f"memory_gib={evcxr_execute.MEMORY_GIB},"
                                  f"cpu_seconds={evcxr_execute.CPU_SECONDS},"
                                  f"processes={evcxr_execute.PROCESSES}"),
    }


def server_environment(user):
    """A server's whole environment beyond what JupyterHub sets: the kernel's, and the Jupyter
    settings of a student's server or the lecturer's."""
    role = "lecturer" if user == LECTURER else "student"
    return {**kernel_environment(), "JUPYTER_CONFIG_PATH": str(CONFIG / role),
            "JUPYTER_PATH": str(TEMPLATES), "GIT_CONFIG_SYSTEM": str(GITCONFIG)}


def prepare_home(user):
    """A server's home, before it starts (as root): private to its owner, with the lecture
    notebooks in `lectures/` (the owner's copies, made when missing and never overwritten) and
    the originals, read-only, in `lectures/originals/` (root's, brought up to date)."""
    account = pwd.getpwnam(user)
    home = pathlib.Path(account.pw_dir)
    home.mkdir(parents=True, exist_ok=True)
    os.chown(home, account.pw_uid, account.pw_gid)
    home.chmod(0o700)
    mine = home / "lectures"
    if not mine.exists():
        mine.mkdir()
        for notebook in sorted(LECTURES.glob("*.ipynb")):
            shutil.copy(notebook, mine / notebook.name)
        for path in [mine, *mine.iterdir()]:
            os.chown(path, account.pw_uid, account.pw_gid)
    originals = mine / "originals"
    if originals.is_symlink() or (originals.exists() and originals.stat().st_uid != 0):
        # Not root's: moved aside rather than trusted.
        originals.rename(mine / f"originals-moved-{os.urandom(3).hex()}")
    originals.mkdir(exist_ok=True)
    originals.chmod(0o755)
    for notebook in sorted(LECTURES.glob("*.ipynb")):
        copy = originals / notebook.name
        if not copy.exists() or copy.read_bytes() != notebook.read_bytes():
            copy.unlink(missing_ok=True)
            shutil.copy(notebook, copy)
        copy.chmod(0o444)


class Confinement:
    """A cgroup of the user's own for a server and everything it starts: a memory ceiling,
    a process ceiling and an equal share of the CPU (so that one student's runaway cell cannot
    starve the others). cgroup v2 where the machine has it, else v1's memory, cpu and pids
    hierarchies. `reason` says why there is none (the server then runs with the kernel's
    limits alone)."""

    MOUNT = pathlib.Path("/sys/fs/cgroup")

    def __init__(self, user):
        self.user = user
        self.reason = None
        self.version = 2 if (self.MOUNT / "cgroup.controllers").exists() else 1
        if self.version == 2:
            self.folders = [self.MOUNT / "nqueens" / user]
        else:
            self.folders = [self.MOUNT / part / "nqueens" / user
                            for part in ("memory", "cpu", "pids", "cpuacct")
                            if (self.MOUNT / part).is_dir()]

    def create(self):
        """Makes the cgroup with its limits (as root, in the hub); False with `reason` when it
        cannot."""
        memory = str(MEMORY_GIB << 30)
        try:
            if self.version == 2:
                for folder in (self.MOUNT, self.MOUNT / "nqueens"):
                    folder.mkdir(exist_ok=True)
                    (folder / "cgroup.subtree_control").write_text("+memory +cpu +pids")
                group = self.folders[0]
                group.mkdir(exist_ok=True)
                (group / "memory.max").write_text(memory)
                (group / "memory.swap.max").write_text("0")
                (group / "pids.max").write_text(str(PROCESSES))
                (group / "cpu.weight").write_text("100")
            else:
                memory_group, cpu_group, pids_group = self.folders[:3]
                for folder in self.folders:
                    folder.mkdir(parents=True, exist_ok=True)
                (memory_group / "memory.limit_in_bytes").write_text(memory)
                (cpu_group / "cpu.shares").write_text("1024")
                (pids_group / "pids.max").write_text(str(PROCESSES))
                # What a server used counts from its start (a cgroup outlives its server).
                (memory_group / "memory.max_usage_in_bytes").write_text("0")
                for folder in self.folders[3:]:
                    (folder / "cpuacct.usage").write_text("0")
        except OSError as error:
            self.reason = f"no cgroup for {self.user}: {error}"
            return False
        return True

    def join(self):
        """Puts the calling process in the cgroup (in the server's process, before it becomes
        the user): what it starts stays there."""
        if self.reason is None:
            for folder in self.folders:
                (folder / "cgroup.procs").write_text(str(os.getpid()))

    def cpu_seconds(self):
        """The CPU time the cgroup's processes have used, in seconds (None where unknown)."""
        try:
            if self.version == 2:
                for line in (self.folders[0] / "cpu.stat").read_text().splitlines():
                    if line.startswith("usage_usec "):
                        return int(line.split()[1]) / 1e6
                return None
            accounting = [f for f in self.folders if f.parts[-3] == "cpuacct"]
            return int((accounting[0] / "cpuacct.usage").read_text()) / 1e9
        except (OSError, ValueError, IndexError):
            return None

    def peak_memory(self):
        """The most memory the cgroup has held, in bytes (None where unknown)."""
        name = "memory.peak" if self.version == 2 else "memory.max_usage_in_bytes"
        try:
            return int((self.folders[0] / name).read_text())
        except (OSError, ValueError):
            return None
