"""run_notebooks.py --statements: a number the text states must be one a cell prints or uses."""

import nbformat

from tools import run_notebooks as rn


def notebook(markdown, printed):
    nb = nbformat.v4.new_notebook()
    code = nbformat.v4.new_code_cell("println!(\"{}\", 40 + 2);")
    code.outputs = [nbformat.v4.new_output("stream", name="stdout", text=printed)]
    nb.cells = [nbformat.v4.new_markdown_cell(markdown), code]
    return nb


def test_a_printed_count_backs_the_sentence():
    assert rn.unbacked_statements(notebook("The search takes 42 steps.", "42\n")) == []


def test_an_unprinted_time_or_count_is_found():
    found = rn.unbacked_statements(notebook("It takes 12 ms and 7 steps.", "42\n"))
    assert len(found) == 2 and "12 ms" in found[0] and "7 steps" in found[1]


def test_a_quote_of_a_seed_code_and_formulas_are_not_statements():
    text = "> the lecture: 12 ms\n\n`20 steps` and $3 steps$"
    assert rn.unbacked_statements(notebook(text, "42\n")) == []
    assert rn.value("1,024") == 1024 and rn.value("0.50") == 0.5
