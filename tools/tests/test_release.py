"""The release's check of the students' bundle: what it must hold, and the answers it must not
(a solution, a hidden test, the instructor's files, a function of the library that answers a
task, under its own name or another)."""

import re
import zipfile

from tools import course, release

PREFIX = "nqueens-coursework/"
NEEDED = ("kit/Cargo.toml", "kit/src/lib.rs", "kit/nqueens/crates/core/src/lib.rs",
          "kit/nqueens/coursework/checkers/src/lib.rs", "Makefile", "README.md", "nbgrader_config.py",
          "evcxr_execute.py", "rust_kernel.py")


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


def test_a_file_of_another_crate_is_found_and_an_answer_by_its_signature():
    kit = {PREFIX + "kit/src/lib.rs"}
    text = (course.ROOT / "src" / "cdcl" / "schedule.rs").read_text(encoding="utf-8")
    luby = re.search(r"fn luby\(i: u64\) -> u64 \{.*?\n\}\n", text, re.DOTALL).group(0)
    # A file the kit does not compile, whatever it holds.
    found = release.leaked_answers({PREFIX + "kit/nqueens/src/cdcl/schedule.rs": "// x\n"}, kit)
    assert any("no file of the kit" in p for p in found), found
    # An answer in a file of the kit, under its name and its signature, but not in a comment.
    found = release.leaked_answers({PREFIX + "kit/src/lib.rs": luby}, kit)
    assert any("declares fn luby(u64) -> u64" in p for p in found), found
    renamed = release.leaked_answers({PREFIX + "kit/src/lib.rs": luby.replace("(i: u64)", "(k: u64)")},
                                     kit)
    assert any("declares fn luby(u64) -> u64" in p for p in renamed), renamed
    assert release.leaked_answers({PREFIX + "kit/src/lib.rs": "/// " + luby.split("\n")[0]},
                                  kit) == []
    # A signature written over several lines is the same signature.
    spread = "fn extend(\n    csp: &Csp,\n    assignment: &mut Vec<Option<i64>>,\n    var: usize,\n" \
             "    kept: &mut Vec<(usize, i64)>,\n) -> bool {\n    true\n}\n"
    assert release.leaked_answers({PREFIX + "kit/src/lib.rs": spread}, kit)


def test_the_kit_declares_no_task_and_holds_only_its_crates():
    kit = release.kit_files()
    assert PREFIX + "kit/nqueens/crates/core/src/lib.rs" in kit
    assert not any("/judge/" in name or "/nqueens/src/" in name for name in kit), kit
    def source(name):
        inside = name.removeprefix(PREFIX + "kit/")
        path = inside.removeprefix("nqueens/") if inside.startswith("nqueens/") \
            else "coursework/kit/" + inside
        return (course.ROOT / path).read_text(encoding="utf-8")

    texts = {name: source(name) for name in kit}
    assert PREFIX + "kit/src/lib.rs" in texts
    assert release.leaked_answers(texts, kit) == []


def test_the_sources_call_the_checkers_of_the_judges_table_and_an_added_task_is_seen():
    table = release.task_table()
    assert len(table) == 26 and ("08-cdcl", "check_luby", "luby") in table
    assert release.checker_problems(table) == []
    # A task added to the table that no test cell calls yet; and a checker taken away.
    added = release.checker_problems([*table, ("08-cdcl", "check_added", "added")])
    assert added == [("08-cdcl has the task of check_added in the judge's table, and no test "
                      "cell calls it")]
    fewer = release.checker_problems([row for row in table if row[1] != "check_luby"])
    assert fewer == ["08-cdcl calls check_luby, which its tasks in the judge's table lack"]
