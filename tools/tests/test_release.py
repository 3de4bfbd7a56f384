"""The release's check of the students' bundle: what it must hold, and the answers it must not
(a solution, a hidden test, the instructor's files, a function of the library that answers a
task, under its own name or another)."""

import re
import zipfile

from tools import course, release

PREFIX = "nqueens-coursework/"
NEEDED = ("kit/Cargo.toml", "kit/src/lib.rs", "kit/nqueens/src/lib.rs", "kit/checkers/src/lib.rs",
          "Makefile", "README.md", "nbgrader_config.py", "evcxr_execute.py", "rust_kernel.py")


def a_bundle(path, extra=None, leave_out=()):
    """A bundle with every file the check asks for (made-up contents), and `extra` files."""
    files = {f"{a}.ipynb": '{"cells": []}' for a in course.assignments()}
    files |= {name: "// the kit\n" for name in NEEDED}
    files |= extra or {}
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            if name not in leave_out:
                archive.writestr(PREFIX + name, text)
    return path


def test_a_bundle_with_what_it_needs_and_nothing_else_passes(tmp_path):
    assert release.check_bundle(a_bundle(tmp_path / "ok.zip")) == []


def test_missing_files_solutions_and_the_instructors_files_are_found(tmp_path):
    first = course.assignments()[0]
    bundle = a_bundle(tmp_path / "bad.zip", leave_out=("rust_kernel.py", f"{first}.ipynb"),
                      extra={"notes.ipynb": "// BEGIN SOLUTION\n",
                             "grading.py": "SECRET = 1\n",
                             "source/x.ipynb": "{}"})
    problems = "\n".join(release.check_bundle(bundle))
    assert "lacks rust_kernel.py" in problems
    assert f"lacks {first}.ipynb" in problems
    assert "notes.ipynb holds a solution or a hidden test" in problems
    assert "instructor's nqueens-coursework/grading.py" in problems
    assert "instructor's nqueens-coursework/source/x.ipynb" in problems


def test_every_library_answer_is_where_the_check_looks_for_it():
    # A function moved to another file would be looked for in vain by its signature.
    for origin, names in release.LIBRARY_ANSWERS.items():
        text = (course.ROOT / origin).read_text(encoding="utf-8")
        for name in names:
            assert re.search(rf"\bfn {name}\b", text), f"{origin} defines no {name}"


def test_a_library_answer_in_the_kit_is_found_by_name_and_by_body(tmp_path):
    text = (course.ROOT / "src" / "cdcl" / "schedule.rs").read_text(encoding="utf-8")
    luby = re.search(r"fn luby\(i: u64\) -> u64 \{.*?\n\}\n", text, re.DOTALL).group(0)
    found = release.leaked_functions({"kit/src/extra.rs": luby})
    assert any("defines fn luby" in p for p in found), found
    renamed = release.leaked_functions({"kit/src/extra.rs": luby.replace("fn luby", "fn term")})
    assert any("holds the body of fn luby" in p for p in renamed), renamed
    # Under its own name, any body is an answer; in a doc comment's example it is not.
    assert release.leaked_functions({"kit/src/extra.rs": "fn luby(i: u64) -> u64 { 1 }\n"})
    assert release.leaked_functions({"kit/src/extra.rs": "/// fn luby(i: u64) -> u64 { 1 }\n"}) \
        == []
