#!/usr/bin/env python3
"""The Rust kernel for the notebooks: evcxr, with a build directory that outlives the kernel.

evcxr compiles a notebook's `:dep` crates into a new temporary directory at every kernel start,
so each start (and each restart) compiles the whole nqueens crate again. This launcher gives
every kernel a build directory of its own under the user's cache directory instead, kept between
runs, so that cargo finds the crate already built and compiles only the notebook's cells:

* **Slots.** The directories are `<cache>/nqueens/evcxr/slot-0`, `slot-1`, …; a kernel takes the
  first one no other kernel holds (an exclusive `flock` on `slot-K.lock`, held by the kernel's
  process until it ends), so two kernels never build in the same directory, and a restarted
  kernel finds its slot free again.
* **A new slot starts warm.** When a slot has never been used, a finished build is copied into it
  first: the one `--warm` made in `<cache>/nqueens/evcxr/base` (which no kernel builds in), else
  that of the most recently used idle slot (one it can lock too), else the shared one named by
  `NQUEENS_KERNEL_SHARED` (a course hub's warm build, read-only, made once for every user).
* **Never old code.** cargo rebuilds a path crate whose files are newer than its last build. A
  file can come back older than that (a zip unpacked with its dates, `git stash`), so the launcher
  also keeps a digest of each crate it serves (`--crate`: its `Cargo.toml`, `src/` and
  `style.css`) per slot, and when a digest changed it removes cargo's record of that crate's
  build in the slot, which makes cargo build it again.

* **A quicker optimised build.** evcxr's profile asks cargo for local ThinLTO over 16 codegen
  units, and incremental builds of the notebook's crates. The launcher sets `BUILD_SETTINGS`
  (cargo's own variables, each only when unset): no LTO, four codegen units, not incremental.
  cargo's cold build of the crate with the charts, optimised, then takes 11.5 s instead of
  15.3–16.2 s on two cores, and the cold first board of a notebook that loads it optimised (04
  to 08) comes about 4 s sooner (docs/benchmarks.md, "The notebooks"). The crate's hottest
  loops are written so that they need no LTO to be inlined.
* **Fewer sources to read.** rust-analyzer, which evcxr asks the type of each variable a cell
  keeps, reads the standard library's sources once a kernel runs a cell that keeps one
  (`ANALYSIS_CHANGE`); the launcher gives it
  (`RUST_SRC_PATH`, unless set) a copy in `<cache>/nqueens/evcxr/rust-src-…` without those of
  `UNREAD_SOURCES`.

`<cache>` is `$XDG_CACHE_HOME`, else `~/.cache`; `NQUEENS_KERNEL_CACHE` replaces
`<cache>/nqueens/evcxr` (outside any cargo project: cargo would not build evcxr's crate there). Everything in it can be deleted at any time (the next start is cold).
When `EVCXR_TMPDIR` is set already, the kernel builds there and no slot is taken.
`NQUEENS_KERNEL_LIMITS` (`memory_gib=4,cpu_seconds=900,processes=4096`, what a course hub sets)
holds evcxr and every process it starts to those limits, as the grading does.

    rust_kernel.py --install PREFIX --crate DIR…   write PREFIX/share/jupyter/kernels/rust, the
                                                   kernel spec that starts this launcher
    rust_kernel.py --control_file FILE --crate DIR…  (what Jupyter runs) start evcxr_jupyter
    rust_kernel.py --warm NOTEBOOK… --crate DIR…   build, in `base`, every crate the notebooks'
                                                   setup cells load (`:opt` and `:dep` lines)
    rust_kernel.py --evcxr VERSION                 build and install evcxr_jupyter VERSION with
                                                   `EVCXR_CHANGE` and `LOCKED_CHANGES` (once)
    rust_kernel.py --where                         print the cache directory
"""

import argparse
import fcntl
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

SLOTS = 64


def user_cache():
    """The user's cache folder: `$XDG_CACHE_HOME`, else `~/.cache`."""
    return pathlib.Path(os.environ.get("XDG_CACHE_HOME")
                        or os.path.join(os.path.expanduser("~"), ".cache"))


def cache_root():
    if os.environ.get("NQUEENS_KERNEL_CACHE"):
        return pathlib.Path(os.environ["NQUEENS_KERNEL_CACHE"]).resolve()
    return user_cache() / "nqueens" / "evcxr"


def try_lock(path):
    """An open descriptor holding an exclusive lock on `path`, or None when another holds it."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def outside_cargo_projects(root, what="the build cache", moved_by="NQUEENS_KERNEL_CACHE"):
    """Exits with a message when `root` lies inside a cargo project: cargo would take a crate
    there (evcxr's, or the scratch one that fetches evcxr) for a member of that project's
    workspace, and refuse to build it. `moved_by` names the variable that moves `root`."""
    for folder in [root, *root.parents]:
        if (folder / "Cargo.toml").is_file():
            sys.exit(f"rust_kernel: {what} {root} is inside the cargo project {folder}, where "
                     f"cargo cannot build it: set {moved_by} to a folder outside it")


def take_slot(root):
    """The first free slot's directory and the descriptor that holds its lock."""
    outside_cargo_projects(root)
    root.mkdir(parents=True, exist_ok=True)
    for index in range(SLOTS):
        fd = try_lock(root / f"slot-{index}.lock")
        if fd is not None:
            slot = root / f"slot-{index}"
            slot.mkdir(exist_ok=True)
            return slot, fd
    sys.exit(f"rust_kernel: all {SLOTS} build slots in {root} are in use")


def seed(slot, root):
    """A slot that was never built in gets the warmed base build, or that of the most recently
    used idle slot."""
    if (slot / "target").exists():
        return
    others = sorted((p for p in root.glob("slot-*") if p.is_dir() and p != slot
                     and (p / "target").exists()),
                    key=lambda p: (p / "target").stat().st_mtime, reverse=True)
    if (root / "base" / "target").exists():
        others.insert(0, root / "base")
    shared = os.environ.get("NQUEENS_KERNEL_SHARED")
    if shared and (pathlib.Path(shared) / "target").exists():
        others.append(pathlib.Path(shared))
    for other in others:
        # The shared build is never built in: nothing to lock.
        fd = try_lock(root / f"{other.name}.lock") if other.parent == root \
            else os.open(os.devnull, os.O_RDONLY)
        if fd is None:
            continue
        try:
            partial = slot / "target.partial"
            shutil.rmtree(partial, ignore_errors=True)
            shutil.copytree(other / "target", partial, symlinks=True)
            for name in ("Cargo.lock", "digests.json"):
                if (other / name).exists():
                    shutil.copy2(other / name, slot / name)
            partial.rename(slot / "target")
        except OSError:
            shutil.rmtree(slot / "target.partial", ignore_errors=True)
        finally:
            os.close(fd)
        return


def package_name(crate):
    """The `name` of the manifest's [package] section."""
    section = None
    for line in (crate / "Cargo.toml").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("["):
            section = line
        elif section == "[package]" and line.startswith("name") and "=" in line:
            return line.split("=", 1)[1].strip().strip('"')
    return None


def digest(crate):
    """A digest of what a build of `crate` reads: its manifest, its sources and its style sheet."""
    files = [crate / "Cargo.toml", crate / "style.css"]
    files += sorted(p for p in (crate / "src").rglob("*") if p.is_file())
    sha = hashlib.sha256()
    for path in files:
        if path.is_file():
            sha.update(str(path.relative_to(crate)).encode() + b"\0")
            sha.update(path.read_bytes() + b"\0")
    return sha.hexdigest()


def forget_changed(slot, crates):
    """Removes cargo's record of the build of every crate whose digest changed since this slot
    last saw it, so that cargo builds it again even when its files look older than the build."""
    record = slot / "digests.json"
    try:
        known = json.loads(record.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    for crate in crates:
        if not (crate / "Cargo.toml").is_file():
            continue
        now = digest(crate)
        if known.get(str(crate)) == now:
            continue
        name = package_name(crate)
        if name:
            for pattern in (f"*/.fingerprint/{name}-*", f"*/*/.fingerprint/{name}-*"):
                for fingerprint in (slot / "target").glob(pattern):
                    shutil.rmtree(fingerprint, ignore_errors=True)
        known[str(crate)] = now
    record.write_text(json.dumps(known, indent=1, sort_keys=True), encoding="utf-8")


def cargo_home():
    return pathlib.Path(os.environ.get("CARGO_HOME", pathlib.Path.home() / ".cargo"))


def evcxr_jupyter():
    found = shutil.which("evcxr_jupyter")
    if not found and (cargo_home() / "bin" / "evcxr_jupyter").is_file():
        found = str(cargo_home() / "bin" / "evcxr_jupyter")
    if not found:
        sys.exit("rust_kernel: evcxr_jupyter is not installed (`make setup` installs it)")
    return found


# evcxr_jupyter as the kernels run it: the published crate with one change, which `--evcxr`
# builds and installs. evcxr answers Jupyter over zeromq (the `zeromq` crate), on a tokio runtime
# of four threads. When a client leaves a ROUTER socket (the shell or the control channel: the
# Jupyter server's short-lived connections at every kernel start), zeromq removes it from its
# table of peers with a call that waits, on the runtime's thread, for a lock of that table. If
# the lock was just handed to a task that the same thread had woken (a new client's connection
# being added), tokio keeps that task in the thread's "LIFO slot", which no other thread may take:
# the thread waits for a task only it can run, and the kernel never answers on that channel
# again. JupyterLab then waits for ever for the kernel to be idle. Without the LIFO slot (tokio's
# `disable_lifo_slot`, under `--cfg tokio_unstable`) a woken task goes to the thread's queue,
# from which an idle thread takes it. `EVCXR_TAG` names the change in the folder it is built from,
# which `cargo install --list` shows: a new tag when the change changes builds it again.
#
# And zeromq 0.6.0's fair queue (what a ROUTER socket reads its peers' messages through) polls, in
# one call, every peer whose event is queued, until one has a message; a peer that has none
# returns Pending and, if the task's tokio budget is spent, wakes itself at once, which queues
# its event again: the loop then never ends, and the channel never answers again (seen on the
# control channel after some 37,000 requests in 20 s: tools/kernel_test.py, step 6). `ZEROMQ_CHANGE`
# bounds each call to the events queued when it began, after which the task yields, woken again
# if events are left (zeromq 0.7.0 bounds it the same way; evcxr_jupyter 0.22.0 asks for 0.6), and
# the build takes that copy of zeromq instead of the published one (`[patch.crates-io]`, and its
# entry in evcxr's Cargo.lock without the registry's source and checksum).
EVCXR_CHANGE = ("            .worker_threads(4)\n",
                "            .worker_threads(4)\n            .disable_lifo_slot()\n")
ZEROMQ_CHANGE = ("""        let fair_queue = self.get_mut();
        loop {
            let (event, mut io_stream) = {
""", """        let fair_queue = self.get_mut();
        // nqueens: at most the events queued now (see coursework/rust_kernel.py, ZEROMQ_CHANGE).
        let mut left = fair_queue.inner.lock().ready_queue.len();
        loop {
            if left == 0 {
                let mut inner = fair_queue.inner.lock();
                inner.waker = Some(cx.waker().clone());
                let more = !inner.ready_queue.is_empty();
                let open = !inner.streams.is_empty() || fair_queue.block_on_no_clients;
                drop(inner);
                if more {
                    cx.waker().wake_by_ref();
                }
                return if open || more { Poll::Pending } else { Poll::Ready(None) };
            }
            left -= 1;
            let (event, mut io_stream) = {
""")
# And evcxr (the crate evcxr_jupyter runs cells with) asks rust-analyzer, before every cell it
# compiles, the types of the variables the cell defines (its top-level `let` statements, the only
# ones it keeps), which makes rust-analyzer read the standard library's sources and the cell's
# dependencies: 2 to 3 CPU seconds, at every kernel start (evcxr evaluates `42` there) and again
# after the setup cell's `:dep` changes the dependencies. `ANALYSIS_CHANGE` asks only where the
# cell has a top-level `let`, found in the cell's syntax tree as rust-analyzer would find it: the
# answer is the same (no `let`, no variable). A kernel's start then reads no sources, a notebook
# reads them once, at its first cell that keeps a variable, and a notebook none of whose cells
# keeps one never (docs/benchmarks.md, "The kernel's start").
ANALYSIS_CHANGE = ("""    ) -> Result<(), Error> {
        self.analyzer.set_source(code.code_string())?;
        for (
""", """    ) -> Result<(), Error> {
        // nqueens: rust-analyzer only for a cell with a top-level `let` (see
        // coursework/rust_kernel.py, ANALYSIS_CHANGE).
        if !has_top_level_let(&code.code_string()) {
            return Ok(());
        }
        self.analyzer.set_source(code.code_string())?;
        for (
""")
# Where ANALYSIS_CHANGE's function goes: before the function it changes, at the file's top level.
ANALYSIS_HELPER = ("\nfn replace_reserved_words_in_type(", """
/// nqueens: whether the wrapper `evcxr_analysis_wrapper` in `text` holds a `let` statement
/// directly in its body, the statements `RustAnalyzer::top_level_variables` reads.
fn has_top_level_let(text: &str) -> bool {
    use ra_ap_syntax::ast::HasModuleItem;
    use ra_ap_syntax::ast::HasName;
    let file = ra_ap_syntax::SourceFile::parse(text, crate::rust_analyzer::EDITION).tree();
    file.items().any(|item| match item {
        ast::Item::Fn(function) => {
            function
                .name()
                .is_some_and(|name| name.text() == "evcxr_analysis_wrapper")
                && function.body().is_some_and(|body| {
                    body.statements()
                        .any(|statement| matches!(statement, ast::Stmt::LetStmt(_)))
                })
        }
        _ => false,
    })
}

fn replace_reserved_words_in_type(""")
EVCXR_TAG = "nqueens-3"


def evcxr_installed(version, cargo="cargo"):
    """Whether cargo lists evcxr_jupyter `version` built from a folder of `EVCXR_TAG`."""
    listed = subprocess.run([cargo, "install", "--list"], capture_output=True, text=True,
                            check=False).stdout
    return any(line.startswith(f"evcxr_jupyter v{version} (")
               and f"evcxr_jupyter-{version}-{EVCXR_TAG})" in line
               for line in listed.splitlines())


def evcxr_source(version, folder, cargo="cargo"):
    """The published sources of evcxr_jupyter `version`, and of every crate it depends on, as
    cargo fetches them from its registry (a scratch manifest that depends on it, read by
    `cargo metadata`): evcxr_jupyter's folder, and a table (name, version) → folder."""
    scratch = folder / "fetch"
    (scratch / "src").mkdir(parents=True, exist_ok=True)
    (scratch / "src" / "lib.rs").write_text("", encoding="utf-8")
    (scratch / "Cargo.toml").write_text(
        '[package]\nname = "fetch-evcxr"\nversion = "0.0.0"\nedition = "2021"\n\n'
        f'[dependencies]\nevcxr_jupyter = "={version}"\n', encoding="utf-8")
    found = subprocess.run([cargo, "metadata", "--format-version", "1", "--manifest-path",
                            str(scratch / "Cargo.toml")], capture_output=True, text=True,
                           check=False)
    if found.returncode != 0:
        sys.exit(f"rust_kernel: cargo could not fetch evcxr_jupyter {version}:\n{found.stderr}")
    folders = {(package["name"], package["version"]): pathlib.Path(package["manifest_path"]).parent
               for package in json.loads(found.stdout)["packages"]}
    if ("evcxr_jupyter", version) not in folders:
        sys.exit(f"rust_kernel: cargo's metadata names no evcxr_jupyter {version}")
    return folders[("evcxr_jupyter", version)], folders


def locked_entry(name, version=None):
    """The pattern of the start of a Cargo.lock entry: the package `name` at `version`, or at any
    version (caught as group 1) without one."""
    version = re.escape(version) if version else '([^"]+)'
    return rf'\[\[package\]\]\nname = "{re.escape(name)}"\nversion = "{version}"\n'


def locked_version(lock, name):
    """The version of `name` in the Cargo.lock text `lock` (the first, if several)."""
    found = re.search(locked_entry(name), lock)
    return found.group(1) if found else None


def changed_copy(source, target, path, changes, refusal):
    """A fresh copy of the folder `source` at `target`, with `changes` (pairs of a text to replace
    in its file `path` and the replacement) each made once; exits with `refusal` when that file
    does not hold one of the texts exactly once."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target)
    text = (target / path).read_text(encoding="utf-8")
    for old, new in changes:
        if text.count(old) != 1:
            sys.exit(f"rust_kernel: {refusal}: the change cannot be made")
        text = text.replace(old, new)
    (target / path).write_text(text, encoding="utf-8")
    return target


# The crates evcxr_jupyter locks that its build takes changed: each one's file, its changes, and
# what the build says when they cannot be made.
LOCKED_CHANGES = {
    "evcxr": ("src/eval_context.rs", (ANALYSIS_HELPER, ANALYSIS_CHANGE),
              "src/eval_context.rs does not ask rust-analyzer as expected"),
    "zeromq": ("src/fair_queue.rs", (ZEROMQ_CHANGE,),
               "src/fair_queue.rs does not poll its queue as expected"),
}


def patch_locked(copy, folders, folder):
    """Makes the evcxr_jupyter sources in `copy` build against changed copies (LOCKED_CHANGES,
    in `folder`) of the versions of those crates their Cargo.lock names: each copy is taken in
    by `[patch.crates-io]`, and its entry in the lock loses the registry's source and checksum
    (every other crate stays as locked)."""
    lock_path = copy / "Cargo.lock"
    lock = lock_path.read_text(encoding="utf-8")
    patches = []
    for name, (path, changes, refusal) in LOCKED_CHANGES.items():
        version = locked_version(lock, name)
        if (name, version) not in folders:
            sys.exit(f"rust_kernel: evcxr_jupyter locks {name} {version}, which cargo did not "
                     "fetch")
        changed = changed_copy(folders[(name, version)], folder / f"{name}-{version}-{EVCXR_TAG}",
                               path, changes, f"{name} {version}'s {refusal}")
        entry = re.compile(f"({locked_entry(name, version)})"
                           r'source = "[^"]*"\nchecksum = "[^"]*"\n')
        if len(entry.findall(lock)) != 1:
            sys.exit(f"rust_kernel: evcxr_jupyter's Cargo.lock does not name {name} as expected")
        lock = entry.sub(r"\1", lock)
        patches.append(f'{name} = {{ path = "{changed}" }}\n')
    lock_path.write_text(lock, encoding="utf-8")
    with (copy / "Cargo.toml").open("a", encoding="utf-8") as manifest:
        manifest.write("\n[patch.crates-io]\n" + "".join(patches))


def build_evcxr(version, cargo="cargo"):
    """Builds and installs evcxr_jupyter `version` with `EVCXR_CHANGE`, against evcxr and zeromq
    with theirs (LOCKED_CHANGES; cargo's `--locked` versions of every dependency), unless cargo
    lists that build already."""
    if evcxr_installed(version, cargo):
        return
    folder = user_cache() / "nqueens" / "evcxr-source"
    outside_cargo_projects(folder, "evcxr's sources", "XDG_CACHE_HOME")
    published, folders = evcxr_source(version, folder, cargo)
    copy = changed_copy(published, folder / f"evcxr_jupyter-{version}-{EVCXR_TAG}",
                        "src/core.rs", (EVCXR_CHANGE,),
                        f"evcxr_jupyter {version}'s src/core.rs does not build its runtime as "
                        "expected")
    patch_locked(copy, folders, folder)
    env = dict(os.environ)
    env["RUSTFLAGS"] = " ".join(filter(None, [env.get("RUSTFLAGS"), "--cfg tokio_unstable"]))
    print(f"rust_kernel: building evcxr_jupyter {version} ({EVCXR_TAG}), 10-15 minutes",
          flush=True)
    with tempfile.TemporaryDirectory(prefix="evcxr-build-") as target:
        built = subprocess.run([cargo, "install", "--locked", "--force", "--path", str(copy),
                                "--target-dir", target], env=env, check=False)
    if built.returncode != 0 or not evcxr_installed(version, cargo):
        sys.exit(f"rust_kernel: building evcxr_jupyter {version} failed")


def install(prefix, crates):
    """Writes the kernel spec; the logos of evcxr's own spec come along when it is installed."""
    spec = pathlib.Path(prefix) / "share" / "jupyter" / "kernels" / "rust"
    spec.mkdir(parents=True, exist_ok=True)
    argv = [sys.executable, str(pathlib.Path(__file__).resolve())]
    for crate in crates:
        argv += ["--crate", str(pathlib.Path(crate).resolve())]
    argv += ["--control_file", "{connection_file}"]
    kernel = {"argv": argv, "display_name": "Rust", "interrupt_mode": "message",
              "language": "rust"}
    text = json.dumps(kernel, indent=2) + "\n"
    if not (spec / "kernel.json").is_file() or (spec / "kernel.json").read_text() != text:
        (spec / "kernel.json").write_text(text, encoding="utf-8")
        print(f"{spec}: the Rust kernel, building in {cache_root()}")
    theirs = pathlib.Path.home() / ".local" / "share" / "jupyter" / "kernels" / "rust"
    for name in ("logo-32x32.png", "logo-64x64.png"):
        if (theirs / name).is_file() and not (spec / name).is_file():
            shutil.copy(theirs / name, spec / name)


SETUP_LINE = re.compile(r"^\s*:(opt|dep)\b.*$", re.MULTILINE)


def setups(notebooks):
    """The distinct setup cells of the notebooks: their `:opt` and `:dep` lines, with the
    notebook's folder (a `:dep` path is relative to it)."""
    found = {}
    for path in notebooks:
        path = pathlib.Path(path).resolve()
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for cell in cells:
            text = "".join(cell["source"]) if cell["cell_type"] == "code" else ""
            lines = [m.group(0).strip() for m in SETUP_LINE.finditer(text)]
            if any(line.startswith(":dep") for line in lines):
                key = "\n".join(lines)
                resolved = re.sub(r'path = "([^"]+)"',
                                  lambda m, path=path:
                                  f'path = "{(path.parent / m.group(1)).resolve()}"',
                                  key)
                found.setdefault(resolved, path.name)
                break
    return found


def warm(notebooks, crates):
    """Builds every setup of the notebooks in `base`, one kernel at a time, and records the
    digests of `crates` as they were before (a slot seeded from the base keeps the build of a
    crate only while its digest is unchanged)."""
    import jupyter_client

    root = cache_root()
    outside_cargo_projects(root)
    root.mkdir(parents=True, exist_ok=True)
    fd = try_lock(root / "base.lock")
    if fd is None:
        sys.exit("rust_kernel: another --warm is running")
    try:
        (root / "base").mkdir(exist_ok=True)
        (root / "base" / "digests.json").unlink(missing_ok=True)
        forget_changed(root / "base", crates)
        for setup, name in setups(notebooks).items():
            start = time.monotonic()
            env = dict(os.environ, EVCXR_TMPDIR=str(root / "base"))
            manager, client = jupyter_client.manager.start_new_kernel(
                kernel_name="rust", env=env, startup_timeout=120)
            try:
                failed = []
                client.execute_interactive(
                    setup, timeout=1800,
                    output_hook=lambda m, failed=failed: failed.append(m["content"].get("evalue", ""))
                    if m["msg_type"] == "error" else None)
            finally:
                manager.shutdown_kernel(now=True)
            if failed:
                sys.exit(f"rust_kernel: the setup of {name} failed: {failed[0]}")
            print(f"warmed the setup of {name} in {time.monotonic() - start:.0f} s")
    finally:
        os.close(fd)


# cargo's settings for every kernel's builds, each only when the environment has it unset.
# Without link-time optimisation: evcxr's profile says `lto = false`, which cargo takes for
# ThinLTO within the crate, over its codegen units (a cold optimised build of the crate with the
# charts, two cores: 16.5 s, and 12.4 s without that pass alone). Four units, which keep two
# cores busy (in one series of cold builds with the other two settings: two units 13.8 s, four
# 11.7 s, eight 11.8 s) with more inlined in each than in sixteen. Not incremental: evcxr's
# profile asks for it; a first build pays for it, and the cells' crate, rebuilt at every cell,
# gains nothing measurable from it (a one-line change rebuilt in 0.09 to 0.11 s either way).
BUILD_SETTINGS = {
    "CARGO_PROFILE_DEV_LTO": "off",
    "CARGO_PROFILE_DEV_CODEGEN_UNITS": "4",
    "CARGO_INCREMENTAL": "0",
}


def find_std():
    """Puts the folder of the Rust standard library's shared object on the loader's path, and
    returns it (None without rustc). The cells evcxr compiles find it through a path relative to
    their own folder, which the compiler gets wrong when the build directory and the toolchain
    share a parent (a kept directory in the home folder, rustup's toolchains in the home folder
    too): evcxr then cannot load them."""
    try:
        folder = subprocess.run(["rustc", "--print", "target-libdir"], capture_output=True,
                                text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    folders = [folder]
    if os.environ.get("LD_LIBRARY_PATH"):
        folders.append(os.environ["LD_LIBRARY_PATH"])
    os.environ["LD_LIBRARY_PATH"] = os.pathsep.join(folders)
    return pathlib.Path(folder)


# The standard library's sources that rust-analyzer need not read. At every kernel start,
# rust-analyzer (inside evcxr, which asks it the type of each variable a cell keeps) reads the
# sources of core, alloc and std; stdarch (core::arch's intrinsics, generated: 27 of the 45 MB)
# is most of them, and the libraries' own tests are never read. Without them a kernel opens in
# about 1.5 CPU seconds less (docs/benchmarks.md, "The kernel's start"); the one loss is that a
# variable of a core::arch type needs its type written out.
UNREAD_SOURCES = ("stdarch", "coretests", "alloctests")


def without_unread_sources(library):
    """Removes UNREAD_SOURCES from a copy of the standard library's sources."""
    for name in UNREAD_SOURCES:
        shutil.rmtree(pathlib.Path(library) / name, ignore_errors=True)


def trimmed_sources(libdir, root):
    """The standard library's sources without UNREAD_SOURCES, for rust-analyzer's
    `RUST_SRC_PATH`: a copy in `root` (hard links where it can, made once per toolchain, which
    `rust-src-<digest>` names), or None when the toolchain has no sources or none to leave out
    (a course hub's and the grading sandbox's toolchains have them left out already)."""
    library = libdir.parents[1] / "src" / "rust" / "library"
    if not (library / "stdarch").is_dir() or not (library / "core").is_dir():
        return None
    lock = (library / "Cargo.lock").stat()
    key = f"{library}\0{lock.st_ino}\0{lock.st_mtime_ns}\0{lock.st_size}"
    target = root / f"rust-src-{hashlib.sha256(key.encode()).hexdigest()[:16]}"
    if (target / "core").is_dir():
        os.utime(target)
        return target
    partial = root / f"{target.name}.partial-{os.getpid()}"
    try:
        root.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(partial, ignore_errors=True)
        if subprocess.run(["cp", "-al", str(library), str(partial)], check=False,
                          capture_output=True).returncode != 0:
            # Another file system, or links to another user's files refused: copy.
            shutil.rmtree(partial, ignore_errors=True)
            shutil.copytree(library, partial, symlinks=True,
                            ignore=lambda folder, names: [n for n in names if
                                                          n in UNREAD_SOURCES
                                                          and pathlib.Path(folder) == library])
        without_unread_sources(partial)
        partial.rename(target)
    except OSError:
        # A kernel that started beside this one made it first, or the cache cannot be written.
        shutil.rmtree(partial, ignore_errors=True)
        return target if (target / "core").is_dir() else None
    # Another toolchain's copy goes when no kernel has started with it for a month.
    month_ago = time.time() - 30 * 24 * 3600
    for old in root.glob("rust-src-*"):
        if old != target and ".partial-" not in old.name and old.stat().st_mtime < month_ago:
            shutil.rmtree(old, ignore_errors=True)
    return target


def quiet_stdout():
    """Sends the kernel's own standard output to /dev/null. evcxr writes nothing there but a
    note at each start ("No configuration file found, use the default configuration": it found
    no `evcxr.toml`, which it does not need), which a terminal running notebooks would show once
    a notebook; what the notebook's cells print travels over Jupyter's sockets, and evcxr's
    errors go to standard error, which stays."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.close(devnull)


def apply_limits():
    """The limits of `NQUEENS_KERNEL_LIMITS` on this process, which evcxr and everything it
    starts inherit: the memory a process may map (GiB), its CPU seconds, the user's processes."""
    import resource

    names = {"memory_gib": (resource.RLIMIT_DATA, 1 << 30),
             "cpu_seconds": (resource.RLIMIT_CPU, 1),
             "processes": (resource.RLIMIT_NPROC, 1)}
    for item in filter(None, os.environ.get("NQUEENS_KERNEL_LIMITS", "").split(",")):
        key, _, value = item.partition("=")
        if key.strip() not in names or not value.strip().isdigit():
            sys.exit(f"rust_kernel: NQUEENS_KERNEL_LIMITS: cannot read {item!r} "
                     f"(expected {', '.join(names)}=a whole number)")
        limit, unit = names[key.strip()]
        wanted = int(value) * unit
        _, hard = resource.getrlimit(limit)
        if hard != resource.RLIM_INFINITY:
            wanted = min(wanted, hard)
        resource.setrlimit(limit, (wanted, wanted))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--install", metavar="PREFIX")
    parser.add_argument("--crate", action="append", default=[], metavar="DIR")
    parser.add_argument("--control_file", metavar="FILE")
    parser.add_argument("--where", action="store_true")
    parser.add_argument("--warm", nargs="+", metavar="NOTEBOOK")
    parser.add_argument("--evcxr", metavar="VERSION")
    args = parser.parse_args()
    if args.evcxr:
        build_evcxr(args.evcxr, os.environ.get("CARGO", "cargo"))
        return
    if args.where:
        print(cache_root())
        return
    if args.warm:
        warm(args.warm, [pathlib.Path(c).resolve() for c in args.crate])
        return
    if args.install:
        install(args.install, args.crate)
        return
    if not args.control_file:
        parser.error("--control_file is required to start a kernel")
    program = evcxr_jupyter()
    apply_limits()
    for name, value in BUILD_SETTINGS.items():
        os.environ.setdefault(name, value)
    libdir = find_std()
    if libdir and not os.environ.get("RUST_SRC_PATH"):
        try:
            sources = trimmed_sources(libdir, cache_root())
        except OSError:
            sources = None  # a kernel that starts slower, not one that fails
        if sources:
            os.environ["RUST_SRC_PATH"] = str(sources)
    quiet_stdout()
    # At its start evcxr "updates" the kernel spec it finds under JUPYTER_PATH when that folder
    # has no version.txt of evcxr's: it would write its own over this launcher's.
    os.environ.pop("JUPYTER_PATH", None)
    if os.environ.get("EVCXR_TMPDIR"):
        # The caller chose the build directory (the grader gives each kernel a fresh one).
        os.execv(program, [program, "--control_file", args.control_file])
    root = cache_root()
    slot, fd = take_slot(root)
    seed(slot, root)
    forget_changed(slot, [pathlib.Path(c) for c in args.crate])
    os.set_inheritable(fd, True)
    os.environ["EVCXR_TMPDIR"] = str(slot)
    os.execv(program, [program, "--control_file", args.control_file])


if __name__ == "__main__":
    main()
