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


def test_numbers_in_words_are_statements_too():
    # An exact word must be printed; after "about" a printed number within a quarter will do.
    assert len(rn.unbacked_statements(notebook("It took ten times as long.", "10.7\n"))) == 1
    assert rn.unbacked_statements(notebook("It took about ten times as long.", "10.7\n")) == []
    assert rn.unbacked_statements(notebook("A search of twenty-four steps.", "24\n")) == []
    found = rn.unbacked_statements(notebook("About nine million clauses.", "4000000\n"))
    assert len(found) == 1 and "nine million clauses" in found[0]
    assert rn.worded("a hundred") == 100 and rn.worded("ten thousand") == 10_000


def test_a_vague_amount_needs_a_printed_number_in_its_range():
    text = "Then a few hundred repairs, and thousands of steps."
    assert rn.unbacked_statements(notebook(text, "(534, 2610)\n")) == []
    found = rn.unbacked_statements(notebook(text, "(24, 2)\n"))
    assert len(found) == 2 and "a few hundred repairs" in found[0]
    assert "thousands of steps" in found[1]
    # A word that only looks like a number and a unit is none.
    assert rn.unbacked_statements(notebook("Tens, hundreds or thousands?", "1\n")) == []
