"""The grading kernel's sandbox: a student's code runs as a user of its own, in a world of its own.

When nbgrader grades, every notebook's Rust kernel (evcxr, the compiler it starts, the program
that runs the cells) starts through `setpriv` as the unprivileged user `nqueens-kernel`, inside
a bubblewrap sandbox (Debian's `bubblewrap`) whose file system holds only:

* the system's programs and libraries (`/usr`, `/etc`), read-only;
* the Rust toolchain and evcxr, read-only, at `/opt/rust` and `/opt/evcxr_jupyter` (the
  standard library's sources without those rust-analyzer need not read: `rust_kernel.py`);
* the students' coursework crate at `/course/kit`, read-only: a snapshot of the released kit
  (what students get, with no reference answer), named by its digest, checked after each notebook;
* `/build`, the one writable folder, made afresh for each notebook from a build of the kit made
  once per snapshot (so the first board needs no compile), and deleted after it;
* an empty `/tmp` of at most 1 GiB, its own `/proc` (its own processes only) and a minimal
  `/dev`.

The course folder, the gradebook, the grading secret, the sources with their solutions and
hidden tests, the other submissions and the grader's own files are not in that world at all;
the environment is emptied (no `NQUEENS_*`, no `NBGRADER_*`); the user owns nothing outside
`/build`, cannot gain privileges (`no_new_privs`, no capabilities, no new user namespaces), and
holds the grading's memory, CPU and process limits (`evcxr_execute.py`), the last per user, which
holds because the user is not root. The network is shared: the kernel talks to the grader over
local TCP, so a grading machine must not run services that trust any local connection.

    sandbox.py --install   (root) install bubblewrap, create the user, and put the toolchain,
                           evcxr and the crates' registry where the user can read them
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
import shutil
import subprocess
import sys
import time

USER = "nqueens-kernel"
HOME = pathlib.Path(os.environ.get("NQUEENS_SANDBOX_HOME", "/var/lib/nqueens-sandbox"))
# Where the sandbox sees what it is given.
KIT = "/course/kit"
BUILD = "/build"
RUST = "/opt/rust"
EVCXR = "/opt/evcxr_jupyter"
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
    try:
        pwd.getpwnam(USER)
    except KeyError:
        return f"the user {USER} does not exist: run `sudo make sandbox`"
    if os.geteuid() != 0:
        return "grading in the sandbox runs as root (it starts each kernel as another user)"
    for part in ("toolchain", "evcxr_jupyter", "cargo/registry"):
        if not (HOME / part).exists():
            return f"{HOME / part} is missing: run `sudo make sandbox`"
    if (HOME / "toolchain.version").read_text().strip() != rustc_version():
        return "the sandbox's toolchain is older than rustc's: run `sudo make sandbox`"
    tried = subprocess.run(
        ["setpriv", "--reuid", USER, "--regid", USER, "--clear-groups", "--no-new-privs", "--",
         "bwrap", "--unshare-all", "--unshare-user", "--disable-userns", "--ro-bind", "/usr",
         "/usr", "--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib",
         "--symlink", "usr/lib64", "/lib64", "/usr/bin/true"], check=False, capture_output=True,
        text=True)
    if tried.returncode != 0:
        return (f"bubblewrap cannot make a sandbox as {USER} here ({tried.stderr.strip()}): "
                "unprivileged user namespaces must be allowed")
    return None


def rustc_version():
    return subprocess.run(["rustc", "--version"], capture_output=True, text=True,
                          check=True).stdout.strip()


def install():
    """Everything the sandbox needs, once: bubblewrap, the user, and hard-linked copies of the
    toolchain and the registry (the originals sit in root's home, which the user cannot
    enter), with evcxr beside them."""
    if os.geteuid() != 0:
        sys.exit("sandbox.py --install must run as root")
    if not shutil.which("bwrap"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        install = ["apt-get", "install", "-y", "-qq", "bubblewrap"]
        if subprocess.run(install, env=env, check=False).returncode != 0:
            # A new machine's package lists may be empty: fetch them once, and try again.
            subprocess.run(["apt-get", "update", "-qq"], env=env, check=True)
            subprocess.run(install, env=env, check=True)
    try:
        pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent",
                        "--shell", "/usr/sbin/nologin", USER], check=True)
    HOME.mkdir(parents=True, exist_ok=True)
    HOME.chmod(0o755)
    version = rustc_version()
    stamp = HOME / "toolchain.version"
    cargo_home = pathlib.Path(os.environ.get("CARGO_HOME", pathlib.Path.home() / ".cargo"))
    if not stamp.exists() or stamp.read_text().strip() != version:
        for part in ("toolchain", "cargo"):
            shutil.rmtree(HOME / part, ignore_errors=True)
        link_tree(toolchain(), HOME / "toolchain")
        (HOME / "cargo").mkdir()
        link_tree(cargo_home / "registry", HOME / "cargo" / "registry")
        stamp.write_text(version + "\n")
    private_index(cargo_home / "registry" / "index", HOME / "cargo" / "registry" / "index")
    # rust-analyzer, in every graded kernel, would read them at its start (rust_kernel.py).
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tools"))
    import rust_kernel

    rust_kernel.without_unread_sources(HOME / "toolchain" / "lib" / "rustlib" / "src" / "rust"
                                       / "library")
    binary = evcxr_binary()
    if not (HOME / "evcxr_jupyter").exists() or digest_of_file(binary) != digest_of_file(
            HOME / "evcxr_jupyter"):
        shutil.copy(binary, HOME / "evcxr_jupyter")
    print(f"sandbox ready in {HOME}: user {USER}, {version}")


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


class Snapshot:
    """The kit a notebook is graded against, copied where no one but root can write, and the
    build of it that each notebook's `/build` starts from."""

    def __init__(self, kit):
        self.digest = digest_of_tree(kit)
        self.folder = HOME / "kits" / self.digest[:16]
        self.kit = self.folder / "kit"
        self.base = self.folder / "base"
        with locked(HOME / "kits" / f"{self.digest[:16]}.lock"):
            if not self.kit.exists():
                partial = self.folder / "kit.partial"
                shutil.rmtree(partial, ignore_errors=True)
                shutil.copytree(kit, partial, ignore=shutil.ignore_patterns("target"))
                partial.rename(self.kit)
                prune(self.folder)
        self.check()

    def check(self):
        """Fails loudly if the snapshot changed (it is read-only to the kernels: this would be a
        hole in the sandbox, not a student's doing alone)."""
        if digest_of_tree(self.kit) != self.digest:
            raise RuntimeError(f"the coursework crate {self.kit} changed during grading")

    def warm(self, setup, start):
        """Builds the kit in `base` once, by running the notebook's setup cell (its `:opt` and
        `:dep` lines) in a sandboxed kernel: `start(build)` runs it with `build` as `/build`."""
        with locked(self.folder / "base.lock"):
            stamp = self.base / f"warm-{hashlib.sha256(setup.encode()).hexdigest()[:16]}"
            if stamp.exists():
                return
            self.base.mkdir(parents=True, exist_ok=True)
            prepare_build(self.base)
            start(self.base, setup)
            for path in self.base.rglob("*"):
                # The base is copied, never used in place: root's again.
                os.lchown(path, 0, 0)
            stamp.touch()

    def fresh_build(self, where):
        """A new `/build` for one notebook: a copy of the warm base, the user's to write."""
        build = pathlib.Path(where)
        if self.base.exists():
            shutil.copytree(self.base, build, symlinks=True, dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("registry", "warm-*", "kernel.json"))
        prepare_build(build)
        return build


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


def prepare_build(build):
    """The folders a kernel writes in `/build`, the user's, and an empty `cargo/registry`, where
    the sandbox mounts the crates' registry read-only (see `command`): nothing of the registry's
    twenty thousand files is linked or copied for each notebook."""
    user = pwd.getpwnam(USER)
    for part in ("", "home", "cargo", "cargo/registry", "evcxr"):
        (build / part).mkdir(parents=True, exist_ok=True)
    for path in [build, *build.rglob("*")]:
        os.lchown(path, user.pw_uid, user.pw_gid)


def command(connection_file, build, kit):
    """The kernel's command line: evcxr as the sandbox's user, in the sandbox. The connection
    file (root's, private) is copied into `/build` for the user to read."""
    build = pathlib.Path(build)
    copy = build / "kernel.json"
    shutil.copy(connection_file, copy)
    user = pwd.getpwnam(USER)
    os.chown(copy, user.pw_uid, user.pw_gid)
    copy.chmod(0o400)
    std = f"{RUST}/lib/rustlib/x86_64-unknown-linux-gnu/lib"
    host = subprocess.run(["rustc", "-vV"], check=True, capture_output=True, text=True).stdout
    for line in host.splitlines():
        if line.startswith("host: "):
            std = f"{RUST}/lib/rustlib/{line[6:]}/lib"
    return [
        "setpriv", "--reuid", USER, "--regid", USER, "--clear-groups", "--no-new-privs", "--",
        "bwrap", "--unshare-all", "--unshare-user", "--share-net", "--disable-userns",
        "--die-with-parent", "--new-session", "--clearenv",
        "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib",
        "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin",
        "--symlink", "usr/sbin", "/sbin", "--ro-bind", "/etc", "/etc",
        "--proc", "/proc", "--dev", "/dev", "--size", str(TMP_BYTES), "--tmpfs", "/tmp",
        "--ro-bind", str(HOME / "toolchain"), RUST,
        "--ro-bind", str(HOME / "evcxr_jupyter"), EVCXR,
        "--ro-bind", str(kit), KIT,
        "--bind", str(build), BUILD,
        "--ro-bind", str(HOME / "cargo" / "registry"), f"{BUILD}/cargo/registry",
        "--chdir", f"{BUILD}/home",
        "--setenv", "PATH", f"{RUST}/bin:/usr/bin:/bin",
        "--setenv", "HOME", f"{BUILD}/home",
        "--setenv", "CARGO_HOME", f"{BUILD}/cargo",
        "--setenv", "CARGO_NET_OFFLINE", "true",
        "--setenv", "EVCXR_TMPDIR", f"{BUILD}/evcxr",
        "--setenv", "LD_LIBRARY_PATH", f"{std}:{RUST}/lib",
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
    return 1 if reason else 0


if __name__ == "__main__":
    sys.exit(main())
