"""The kernel launcher's copy of the standard library's sources for rust-analyzer (without the
sources it need not read, made once per toolchain, the toolchain's own left whole), and its build
of evcxr_jupyter with the change of `EVCXR_CHANGE`, against evcxr and zeromq with theirs
(`LOCKED_CHANGES`: `ANALYSIS_CHANGE` and `ZEROMQ_CHANGE`)."""

import json
import os
import pathlib

import pytest

from coursework import rust_kernel


def toolchain(tmp_path, *folders):
    """A sysroot with the given folders of sources (one file each) and a Cargo.lock; returns the
    folder `rustc --print target-libdir` would name."""
    library = tmp_path / "sysroot" / "lib" / "rustlib" / "src" / "rust" / "library"
    library.mkdir(parents=True)
    for folder in folders:
        (library / folder / "src").mkdir(parents=True)
        (library / folder / "src" / "lib.rs").write_text(f"// {folder}\n")
    (library / "Cargo.lock").write_text("# one\n")
    libdir = tmp_path / "sysroot" / "lib" / "rustlib" / "x86_64-unknown-linux-gnu" / "lib"
    libdir.mkdir(parents=True)
    return libdir, library


def test_the_copy_leaves_out_what_is_not_read_and_the_toolchain_keeps_it(tmp_path):
    libdir, library = toolchain(tmp_path, "core", "alloc", "std", "stdarch", "coretests",
                                "alloctests")
    copy = rust_kernel.trimmed_sources(libdir, tmp_path / "cache")
    assert sorted(p.name for p in copy.iterdir()) == ["Cargo.lock", "alloc", "core", "std"]
    assert (copy / "core" / "src" / "lib.rs").read_text() == "// core\n"
    for name in rust_kernel.UNREAD_SOURCES:
        assert (library / name / "src" / "lib.rs").is_file()


def test_the_copy_is_made_once_and_again_for_another_toolchain(tmp_path):
    libdir, library = toolchain(tmp_path, "core", "stdarch")
    first = rust_kernel.trimmed_sources(libdir, tmp_path / "cache")
    marker = first / "core" / "made-here"
    marker.write_text("")
    assert rust_kernel.trimmed_sources(libdir, tmp_path / "cache") == first
    assert marker.exists()
    # rustup installs a new toolchain's files in place of the old ones.
    os.remove(library / "Cargo.lock")
    (library / "Cargo.lock").write_text("# two, longer\n")
    second = rust_kernel.trimmed_sources(libdir, tmp_path / "cache")
    assert second != first and (second / "core").is_dir()
    assert not (second / "core" / "made-here").exists()


def test_no_copy_where_nothing_is_left_out_or_nothing_is_there(tmp_path):
    libdir, _ = toolchain(tmp_path / "trimmed", "core", "alloc", "std")
    assert rust_kernel.trimmed_sources(libdir, tmp_path / "cache") is None
    libdir, _ = toolchain(tmp_path / "none")
    assert rust_kernel.trimmed_sources(libdir, tmp_path / "cache") is None
    assert not (tmp_path / "cache").exists()


FAKE_CARGO = '''#!/usr/bin/env python3
import json, os, pathlib, sys
state = pathlib.Path(os.environ["FAKE_CARGO_STATE"])
args = sys.argv[1:]
if args[:2] == ["install", "--list"]:
    listed = state / "listed"
    print(listed.read_text() if listed.exists() else "")
elif args[0] == "metadata":
    print(json.dumps({"packages": [
        {"name": "evcxr_jupyter", "version": "0.22.0",
         "manifest_path": str(state / "published" / "Cargo.toml")},
        {"name": "evcxr", "version": "0.22.0",
         "manifest_path": str(state / "evcxr" / "Cargo.toml")},
        {"name": "zeromq", "version": "0.6.0",
         "manifest_path": str(state / "zeromq" / "Cargo.toml")}]}))
elif args[0] == "install":
    path = args[args.index("--path") + 1]
    (state / "calls").write_text(json.dumps({"args": args, "rustflags": os.environ["RUSTFLAGS"]}))
    (state / "listed").write_text(f"evcxr_jupyter v0.22.0 ({path}):\\n    evcxr_jupyter\\n")
'''

RUNTIME = """        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(4)
            .enable_all()
"""


# zeromq's fair queue as 0.6.0 publishes it, around the lines ZEROMQ_CHANGE replaces.
QUEUE = ("    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {\n"
         + rust_kernel.ZEROMQ_CHANGE[0] + "                let mut inner = fair_queue.inner.lock();\n")
# evcxr's eval_context.rs as 0.22.0 publishes it, around the lines ANALYSIS_CHANGE replaces and
# the function before which ANALYSIS_HELPER goes.
EVAL_CONTEXT = ("    fn fix_variable_types(\n        &mut self,\n        state: &mut ContextState,\n"
                "        code: CodeBlock,\n" + rust_kernel.ANALYSIS_CHANGE[0]
                + "            variable_name,\n" + rust_kernel.ANALYSIS_HELPER[0]
                + "ty: &str) -> String {\n")
LOCK = """[[package]]
name = "evcxr"
version = "0.22.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
checksum = "cccc"

[[package]]
name = "evcxr_jupyter"
version = "0.22.0"
dependencies = [
 "evcxr",
]

[[package]]
name = "zerocopy"
version = "0.8.48"
source = "registry+https://github.com/rust-lang/crates.io-index"
checksum = "aaaa"

[[package]]
name = "zeromq"
version = "0.6.0"
source = "registry+https://github.com/rust-lang/crates.io-index"
checksum = "bbbb"
dependencies = [
 "zerocopy",
]
"""


def fake_cargo(tmp_path, monkeypatch, core=RUNTIME, listed=None, queue=QUEUE,
               analysis=EVAL_CONTEXT):
    """A `cargo` that lists `listed`, names a published evcxr_jupyter whose src/core.rs is
    `core`, an evcxr whose src/eval_context.rs is `analysis` and a zeromq whose
    src/fair_queue.rs is `queue`, and records how it was asked to install; returns its path and
    its state folder."""
    state = tmp_path / "state"
    (state / "published" / "src").mkdir(parents=True)
    (state / "published" / "Cargo.toml").write_text("[package]\n")
    (state / "published" / "Cargo.lock").write_text(LOCK)
    (state / "published" / "src" / "core.rs").write_text(core)
    (state / "evcxr" / "src").mkdir(parents=True)
    (state / "evcxr" / "Cargo.toml").write_text("[package]\n")
    (state / "evcxr" / "src" / "eval_context.rs").write_text(analysis)
    (state / "zeromq" / "src").mkdir(parents=True)
    (state / "zeromq" / "Cargo.toml").write_text("[package]\n")
    (state / "zeromq" / "src" / "fair_queue.rs").write_text(queue)
    if listed is not None:
        (state / "listed").write_text(listed)
    cargo = tmp_path / "cargo"
    cargo.write_text(FAKE_CARGO)
    cargo.chmod(0o755)
    monkeypatch.setenv("FAKE_CARGO_STATE", str(state))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("RUSTFLAGS", "-C debuginfo=0")
    return str(cargo), state


def test_only_the_changed_build_counts_as_installed(tmp_path, monkeypatch):
    tagged = f"evcxr_jupyter v0.22.0 (/x/evcxr_jupyter-0.22.0-{rust_kernel.EVCXR_TAG}):\n"
    for number, (listed, wanted) in enumerate([
            ("evcxr_jupyter v0.22.0:\n", False),
            ("evcxr_jupyter v0.22.0 (/x/evcxr_jupyter-0.22.0-nqueens-0):\n", False),
            ("evcxr_jupyter v0.21.1 (/x/evcxr_jupyter-0.21.1-nqueens-1):\n", False),
            (tagged, True)]):
        cargo, _ = fake_cargo(tmp_path / str(number), monkeypatch, listed=listed)
        assert rust_kernel.evcxr_installed("0.22.0", cargo) is wanted, listed


def test_the_build_turns_the_lifo_slot_off_and_installs_locked(tmp_path, monkeypatch):
    cargo, state = fake_cargo(tmp_path, monkeypatch, listed="evcxr_jupyter v0.22.0:\n")
    rust_kernel.build_evcxr("0.22.0", cargo)
    calls = json.loads((state / "calls").read_text())
    copy = pathlib.Path(calls["args"][calls["args"].index("--path") + 1])
    assert copy.name == f"evcxr_jupyter-0.22.0-{rust_kernel.EVCXR_TAG}"
    assert "--locked" in calls["args"]
    assert calls["rustflags"] == "-C debuginfo=0 --cfg tokio_unstable"
    assert (copy / "src" / "core.rs").read_text() == RUNTIME.replace(
        ".worker_threads(4)\n", ".worker_threads(4)\n            .disable_lifo_slot()\n")
    # zeromq: a copy with the bounded loop, which the build's manifest and lock take instead of
    # the registry's (every other crate as locked).
    manifest = (copy / "Cargo.toml").read_text()
    zeromq = pathlib.Path(manifest.split('zeromq = { path = "')[1].split('"')[0])
    assert manifest.startswith("[package]\n") and "[patch.crates-io]" in manifest
    assert (zeromq / "src" / "fair_queue.rs").read_text() == QUEUE.replace(
        *rust_kernel.ZEROMQ_CHANGE)
    assert "if left == 0 {" in (zeromq / "src" / "fair_queue.rs").read_text()
    # evcxr: a copy that asks rust-analyzer only for a cell with a top-level `let`.
    evcxr = pathlib.Path(manifest.split('evcxr = { path = "')[1].split('"')[0])
    changed = (evcxr / "src" / "eval_context.rs").read_text()
    assert changed == EVAL_CONTEXT.replace(*rust_kernel.ANALYSIS_HELPER).replace(
        *rust_kernel.ANALYSIS_CHANGE)
    assert changed.index("if !has_top_level_let(") < changed.index("self.analyzer.set_source(")
    assert changed.count("fn has_top_level_let(") == 1
    registry = 'source = "registry+https://github.com/rust-lang/crates.io-index"\n'
    assert (copy / "Cargo.lock").read_text() == LOCK.replace(
        registry + 'checksum = "bbbb"\n', "").replace(registry + 'checksum = "cccc"\n', "")
    # The published sources are left as they are; a second call finds the build listed.
    assert (state / "published" / "src" / "core.rs").read_text() == RUNTIME
    assert (state / "zeromq" / "src" / "fair_queue.rs").read_text() == QUEUE
    assert (state / "evcxr" / "src" / "eval_context.rs").read_text() == EVAL_CONTEXT
    assert (state / "published" / "Cargo.lock").read_text() == LOCK
    (state / "calls").unlink()
    rust_kernel.build_evcxr("0.22.0", cargo)
    assert not (state / "calls").exists()


def test_a_runtime_built_otherwise_is_refused(tmp_path, monkeypatch):
    cargo, state = fake_cargo(tmp_path, monkeypatch, core=RUNTIME.replace("(4)", "(2)"))
    with pytest.raises(SystemExit, match="the change cannot be made"):
        rust_kernel.build_evcxr("0.22.0", cargo)
    assert not (state / "calls").exists()


def test_a_fair_queue_written_otherwise_is_refused(tmp_path, monkeypatch):
    cargo, state = fake_cargo(tmp_path, monkeypatch, queue=QUEUE.replace("loop {", "while true {"))
    with pytest.raises(SystemExit, match="fair_queue.rs does not poll its queue as expected"):
        rust_kernel.build_evcxr("0.22.0", cargo)
    assert not (state / "calls").exists()


def test_an_analysis_asked_otherwise_is_refused(tmp_path, monkeypatch):
    cargo, state = fake_cargo(tmp_path, monkeypatch, analysis=EVAL_CONTEXT.replace(
        "self.analyzer.set_source(code.code_string())?;", "self.analyzer.set_source(code)?;"))
    with pytest.raises(SystemExit, match="eval_context.rs does not ask rust-analyzer as expected"):
        rust_kernel.build_evcxr("0.22.0", cargo)
    assert not (state / "calls").exists()
