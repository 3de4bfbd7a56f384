"""The grading sandbox's copy of cargo's registry: the index is a copy of its own (cargo rewrites
the original's files in place), and it is made once."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "coursework"))

import sandbox  # coursework/ is a folder of scripts, not a package


def test_the_registry_index_shares_no_file_with_roots(tmp_path):
    index = tmp_path / "root" / "index" / "index.crates.io-x"
    (index / ".cache" / "sv").mkdir(parents=True)
    (index / "config.json").write_text('{"dl": "https://static.crates.io/crates"}')
    (index / ".cache" / "sv" / "svg").write_text("entries")
    copy = tmp_path / "sandbox" / "index"
    copy.parent.mkdir()
    sandbox.link_tree(index.parent, copy)
    assert (copy / index.name / "config.json").stat().st_nlink == 2
    sandbox.private_index(index.parent, copy)
    files = [p for p in copy.rglob("*") if p.is_file()]
    assert len(files) == 2 and all(p.stat().st_nlink == 1 for p in files)
    # Root's cargo truncates its config.json and writes it again: the copy keeps what it read.
    with open(index / "config.json", "w") as config:
        config.write("")
    assert (copy / index.name / "config.json").read_text().startswith('{"dl"')
    made = (copy / index.name / "config.json").stat().st_ino
    sandbox.private_index(index.parent, copy)
    assert (copy / index.name / "config.json").stat().st_ino == made, "a private copy is kept"


def test_a_config_caught_half_written_is_copied_again(tmp_path, monkeypatch):
    index = tmp_path / "root" / "index" / "index.crates.io-x"
    index.mkdir(parents=True)
    (index / "config.json").write_text("")
    copies = []
    copytree = sandbox.shutil.copytree

    def copy_then_finish_writing(source, target, *args, **options):
        copytree(source, target, *args, **options)
        if pathlib.Path(target).name.endswith(".partial"):
            copies.append(target)
            (index / "config.json").write_text('{"dl": "https://static.crates.io/crates"}')

    monkeypatch.setattr(sandbox.shutil, "copytree", copy_then_finish_writing)
    monkeypatch.setattr(sandbox.time, "sleep", lambda seconds: None)
    copy = tmp_path / "sandbox" / "index"
    copy.parent.mkdir()
    sandbox.private_index(index.parent, copy)
    assert len(copies) == 2
    assert (copy / index.name / "config.json").read_text().startswith('{"dl"')
