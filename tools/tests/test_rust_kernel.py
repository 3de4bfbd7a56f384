"""The kernel launcher's copy of the standard library's sources for rust-analyzer: without the
sources it need not read, made once per toolchain, the toolchain's own left whole."""

import os

from tools import rust_kernel


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
