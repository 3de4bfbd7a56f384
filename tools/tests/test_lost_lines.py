"""run_notebooks.py --check: a notebook is run a second time only when all that changed is
printed lines missing at the end of cells (evcxr's kernel losing them), never for another change."""

import nbformat

from tools import run_notebooks as rn


def notebook(*outputs):
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell('println!("a"); println!("b");')
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=t) if t != "value" else
                    nbformat.v4.new_output("execute_result", data={"text/plain": "1"},
                                           execution_count=1)
                    for t in outputs]
    nb.cells = [nbformat.v4.new_markdown_cell("text"), cell]
    return nb


def test_lines_missing_at_the_end_are_lost_lines():
    assert rn.only_lines_lost(notebook("a\n"), notebook("a\n", "b\n"))
    assert rn.only_lines_lost(notebook(), notebook("a\n", "b\n"))


def test_any_other_change_is_not():
    assert not rn.only_lines_lost(notebook("a\n", "b\n"), notebook("a\n", "b\n"))
    assert not rn.only_lines_lost(notebook("a\n", "c\n"), notebook("a\n", "b\n"))
    assert not rn.only_lines_lost(notebook("b\n"), notebook("a\n", "b\n"))
    assert not rn.only_lines_lost(notebook("a\n", "b\n", "c\n"), notebook("a\n", "b\n"))
    assert not rn.only_lines_lost(notebook("a\n"), notebook("a\n", "value"))
