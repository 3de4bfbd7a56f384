"""No lecture notebook answers a task: a function an assignment asks for, defined in a lecture
notebook's code, is found (the check `python -m tools.coursework release --check` runs)."""

import json

from tools import release


def notebook(tmp_path, name, code):
    path = tmp_path / name
    path.write_text(json.dumps({"cells": [{"cell_type": "code", "source": code, "metadata": {},
                                           "outputs": [], "execution_count": None}],
                                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    return path


def test_a_task_written_in_a_lecture_notebook_is_found(tmp_path):
    tasks = release.task_functions()
    assert {"eliminate", "luby", "subsume"} <= tasks
    found = release.lecture_answers([notebook(
        tmp_path, "08-cdcl.ipynb",
        "fn eliminate(clauses: &Clauses, v: Variable) -> Clauses {\n    todo!()\n}\n")])
    assert found == ["08-cdcl.ipynb defines `eliminate`, which an assignment asks for"]


def test_the_lectures_own_namesake_and_other_functions_pass(tmp_path):
    assert release.lecture_answers([
        notebook(tmp_path, "02-davis-putnam.ipynb", "fn solve(clauses: &Clauses) -> bool {}"),
        notebook(tmp_path, "08-cdcl.ipynb", "fn sequential(x: &[Variable]) -> Clauses {}"),
    ]) == []


def test_the_lecture_notebooks_answer_no_task():
    assert release.lecture_answers() == []
