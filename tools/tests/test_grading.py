"""What a student's feedback keeps of a test cell's outputs: no colours, and never the inputs the
grader sent the kernel, even when evcxr quotes them back coloured a character at a time."""

import pathlib
import sys

from tools import coursework

sys.path.insert(0, str(pathlib.Path(coursework.__file__).resolve().parents[1] / "coursework"))
import grading  # coursework/grading.py, found through the path above

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
    shown = grading.as_display({"output_type": "display_data", "metadata": {},
                                "data": {"text/plain": error.splitlines(keepends=True)}})
    assert "0100" not in shown["data"]["text/plain"]


def test_the_feedback_check_finds_inputs_coloured_in_the_page(tmp_path):
    page = tmp_path / "feedback" / "student" / "01-x" / "01-x.html"
    page.parent.mkdir(parents=True)
    spans = "".join(f'<span class="ansi-white-fg">{c}</span>' for c in f'r####"{INPUTS}"####')
    page.write_text(f"<html><body><pre>{spans}</pre></body></html>", encoding="utf-8")
    found = coursework.hidden_kept_hidden(tmp_path, "01-x")
    assert found == ["01-x: the feedback of student shows the inputs sent to the kernel"]
    page.write_text("<html><body><pre>all well</pre></body></html>", encoding="utf-8")
    assert coursework.hidden_kept_hidden(tmp_path, "01-x") == []
