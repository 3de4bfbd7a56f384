"""What a student's feedback keeps of a kernel's outputs: no colours, never the inputs the grader
sent the kernel (even when evcxr quotes them back coloured a character at a time), and HTML
only as text, tables, links and images; and the nonces the hidden inputs are drawn from."""

from coursework import grading, outputs, records
from tools import grading_test

INPUTS = '[[[1,1],["0001","0100"]],[[1,2],["0001","0100"]]]'


def coloured(text):
    """Text as evcxr's compile errors show code: each character in a colour of its own."""
    return "".join(f"\x1b[38;5;249m{c}\x1b[0m" for c in text)


def test_a_coloured_quote_of_the_inputs_is_left_out():
    code = f'let () = check_queen_attacks(queen_attacks, r####"{INPUTS}"####);'
    error = ("\x1b[31m[E0425] Error:\x1b[0m cannot find value `queen_attacks`\n"
             + coloured(code) + "\n")
    kept = grading.without_inputs(error)
    assert "\x1b" not in kept
    assert "0100" not in kept
    assert "[E0425] Error: cannot find value `queen_attacks`" in kept
    assert 'r####"(the judge\'s inputs)"####' in kept
    shown = outputs.cleaned({"output_type": "display_data", "metadata": {},
                             "data": {"text/plain": error.splitlines(keepends=True)}},
                            grading.without_inputs)
    assert "0100" not in shown["data"]["text/plain"]


def test_the_feedback_check_finds_inputs_coloured_in_the_page(tmp_path):
    page = tmp_path / "feedback" / "student" / "01-x" / "01-x.html"
    page.parent.mkdir(parents=True)
    spans = "".join(f'<span class="ansi-white-fg">{c}</span>' for c in f'r####"{INPUTS}"####')
    page.write_text(f"<html><body><pre>{spans}</pre></body></html>", encoding="utf-8")
    found = grading_test.hidden_kept_hidden(tmp_path, "01-x")
    assert found == ["01-x: the feedback of student shows the inputs sent to the kernel"]
    page.write_text("<html><body><pre>all well</pre></body></html>", encoding="utf-8")
    assert grading_test.hidden_kept_hidden(tmp_path, "01-x") == []


def test_a_students_html_keeps_its_text_and_images_and_nothing_that_reaches_out():
    board = "data:image/svg+xml;base64,PHN2Zy8+"
    html = ("<style>.nqueens-report { display: none }</style><script>alert(1)</script>"
            "<div style='position:fixed;inset:0' onclick='alert(2)' class='verdict'>"
            f"✔ 20 of 20<img src='{board}' alt='a board'>"
            "<img src='data:text/html;base64,PHNjcmlwdD4='><a href='javascript:alert(3)'>x</a>"
            "<img src='https://example.org/pixel.png'>"
            "<a href='data:text/html,hi'>y</a><svg><script>alert(4)</script></svg></div>")
    kept = outputs.cleaned({"output_type": "display_data", "metadata": {"x": 1},
                            "data": {"text/html": html, "application/javascript": "alert(5)",
                                     "text/markdown": "<b>md</b>", "text/plain": "board"}})
    shown = kept["data"]["text/html"]
    for sign in ("<style", "<script", "alert", "position", "onclick", "class=", "data:text",
                 "javascript", "<svg", "example.org"):
        assert sign not in shown, sign
    assert "✔ 20 of 20" in shown and f'src="{board}"' in shown and 'alt="a board"' in shown
    assert set(kept["data"]) == {"text/html", "text/plain"} and not kept["metadata"]


def test_images_come_through_only_as_images():
    svg = {"output_type": "display_data", "metadata": {},
           "data": {"image/svg+xml": "<svg><script>alert(1)</script></svg>"}}
    shown = outputs.cleaned(svg)["data"]["text/html"]
    assert shown.startswith('<img src="data:image/svg+xml;base64,') and "<script" not in shown
    png = {"output_type": "display_data", "metadata": {},
           "data": {"image/png": 'AAAA"><script>alert(1)</script>'}}
    assert outputs.cleaned(png) is None
    assert outputs.cleaned({"output_type": "display_data", "data": {"image/png": "iVBO\nRw=="},
                            "metadata": {}})["data"]["image/png"] == "iVBO\nRw=="


def test_a_students_markdown_is_shown_as_typed():
    shown = outputs.markdown_as_text("<style>*{}</style> ```fence``` ````")
    assert shown.startswith("`````text\n") and shown.endswith("\n`````")


def test_a_regrade_finds_its_nonce_and_a_changed_notebook_never_does(tmp_path, monkeypatch):
    import nbformat

    monkeypatch.setenv("NQUEENS_GRADING_SECRET", "a secret of the course's")
    first = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("fn count() {}")])
    digest = records.digest_of(first)
    nonce = records.nonce_for(tmp_path, "05-counting", "ada", digest)
    # Before it is recorded, each call draws anew.
    assert nonce != records.nonce_for(tmp_path, "05-counting", "ada", digest)
    records.append(tmp_path, "05-counting", "ada", digest, nonce, {})
    assert records.nonce_for(tmp_path, "05-counting", "ada", digest) == nonce
    second = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("fn count() { }")])
    other = records.digest_of(second)
    assert other != digest
    fresh = {records.nonce_for(tmp_path, "05-counting", "ada", other) for _ in range(3)}
    assert nonce not in fresh and len(fresh) == 3
    assert records.nonce_for(tmp_path, "05-counting", "bob", digest) != nonce
    # A tag that makes the executor skip a cell, or cells joined differently, is a change too.
    tagged = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("fn count() {}")])
    tagged.cells[0].metadata["tags"] = ["skip-execution"]
    tagged.cells[0].id = first.cells[0].id
    joined = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("fn a() {}\0code\0fn b() {}")])
    split = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("fn a() {}"),
                                            nbformat.v4.new_code_cell("fn b() {}")])
    assert records.digest_of(tagged) != digest
    assert records.digest_of(joined) != records.digest_of(split)
    seeds = {grading.hidden_seed("ada", "05-counting", "hidden_count", n) for n in (nonce, *fresh)}
    assert len(seeds) == 4
    path = records.path_of(tmp_path, "05-counting", "ada")
    assert oct(path.stat().st_mode & 0o777) == "0o600"
