#!/usr/bin/env python3
"""Execute the notebooks headless with the evcxr Rust kernel, and check what they show.

Each notebook runs with its own folder as working directory. A notebook fails when a cell
reports an error, when any output contains "panicked at" (evcxr only prints panics to stderr),
when a cell writes to stderr (evcxr reports an `Err` from `?` there), or when a notebook that
draws boards produced no image/svg+xml. Executed copies and an HTML
export of each go to target/notebooks/.

    python -m tools.run_notebooks              run every notebook under notebooks/
    python -m tools.run_notebooks --update     ... and write the outputs back into notebooks/
    python -m tools.run_notebooks --check      ... and fail if an output differs from the
                                               committed one (cells tagged "timing" excepted)
    python -m tools.run_notebooks notebooks/03-eight-queens.ipynb
                                               just that one

Notebooks run side by side, one a core (`--jobs`, or `NQUEENS_NOTEBOOK_JOBS`), each kernel in a
build directory of its own (coursework/rust_kernel.py), the longest (`LONGEST`) started first so
that none is left running alone at the end; with `--update` one at a time, since the
cells tagged "timing" measure what they show and the outputs written are what a student reads.

The students' copies of the coursework in notebooks/exercises/ are not run here: they hold stubs,
and tools/coursework.py releases and grades them with nbgrader.
"""

import argparse
import concurrent.futures
import copy
import datetime
import difflib
import json
import os
import pathlib
import re
import sys
import time
from queue import Empty

import nbformat
from jupyter_core.utils import ensure_async, run_sync
from nbclient import NotebookClient
from nbconvert import HTMLExporter

# The notebooks that take longest to run (08 about 80 s, 04 about 50 s, the others 25 to 36 s
# in the log of a `make test` that started them in the order of their names), started first
# when several run side by side.
LONGEST = ["08-cdcl", "04-all-solutions"]

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
OUT = ROOT / "target" / "notebooks"
SVG = "image/svg+xml"


def outputs_of(cell):
    """A cell's outputs as plain, comparable data (no execution counts)."""
    result = []
    for output in cell.get("outputs", []):
        kind = output["output_type"]
        if kind == "stream":
            result.append({"stream": output["name"], "text": output["text"]})
        elif kind in ("display_data", "execute_result"):
            result.append({"data": dict(output["data"])})
        elif kind == "error":
            result.append({"error": output["ename"], "value": output["evalue"]})
    return result


def text_of(output):
    """Every piece of text in one output, for searching."""
    if output["output_type"] == "stream":
        return output["text"]
    if output["output_type"] == "error":
        return "\n".join([output["ename"], output["evalue"], *output.get("traceback", [])])
    return "\n".join(str(value) for value in output.get("data", {}).values())


def problems(nb):
    """What is wrong with an executed notebook: failing cells, panics, missing boards."""
    found = []
    has_svg = False
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        first_line = cell.source.strip().splitlines()[0] if cell.source.strip() else ""
        for output in cell.get("outputs", []):
            has_svg = has_svg or SVG in output.get("data", {})
            text = text_of(output)
            if output["output_type"] == "error":
                found.append(f"cell {index} ({first_line!r}) failed: {output['ename']}: "
                             f"{output['evalue'][:300]}")
            elif "panicked at" in text:
                found.append(f"cell {index} ({first_line!r}) panicked: {text.strip()[:300]}")
            elif re.match(r"(Board\(|Gallery \{|Diagram \{|Svg \{|Chart \{)", output.get("data", {}).get("text/plain", "")):
                # evcxr fell back to Debug (it does when the cell's last expression holds a `?`).
                found.append(f"cell {index} ({first_line!r}) shows a drawing as text; "
                             "bind it with let and end the cell with the name")
            elif output["output_type"] == "stream" and output["name"] == "stderr":
                # evcxr reports an Err from `?` in a cell on stderr, not as an error.
                found.append(f"cell {index} ({first_line!r}) wrote to stderr: {text.strip()[:300]}")
    if nb.metadata.get("nqueens", {}).get("draws_boards", True) and not has_svg:
        found.append("no cell drew a board (no image/svg+xml output)")
    return found


# What a sentence states: a time, a percentage, a ratio (3×, ×1.6, 2 times) or a count of
# things the notebooks count (512 clauses, 92 solutions).
UNIT = r"(?:ms|µs|ns|s|seconds?|minutes?|hours?|%|×|times)"
COUNTED = (r"(?:solutions?|clauses?|variables?|nodes?|conflicts?|calls?|splits?|models?|steps?|"
           r"backtracks?|propagations?|decisions?|literals?|assignments?|constraints?|"
           r"placements?|branches|boards?|restarts?|signatures?|parts?|repairs?|tries|swaps?|rows?)")
NUMBER = r"\d+(?:[,\u202f\u2009]\d{3})*(?:\.\d+)?"
STATED = re.compile(rf"(?<![\w.\-/<])({NUMBER})\s?{UNIT}(?!\w)|(?<!\w)×\s?({NUMBER})"
                    rf"|(?<![\w.\-/<])({NUMBER})\s+{COUNTED}\b")


# Numbers written as words: the exact ones (ten times, a hundred steps) must be printed, within a
# quarter after "about", "nearly" or "roughly"; the vague ones (a few hundred repairs, tens of
# rows) need some printed number in their range.
WORDS = {w: i for i, w in enumerate(
    ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"])}
WORDS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
              "ninety": 90, "hundred": 100, "thousand": 1000, "million": 10**6})
SCALE = {"hundred": 100, "thousand": 1000, "million": 10**6, "dozen": 12}
VAGUE = {rf"a few {w}": (3 * k, 10 * k - 1) for w, k in SCALE.items()}
VAGUE.update({rf"{w}s of": (2 * k, 10 * k - 1) for w, k in SCALE.items() if w != "dozen"})
VAGUE.update({"tens of": (10, 99), "dozens of": (24, 99)})
WORD = "|".join(sorted(WORDS, key=len, reverse=True))
SAID = re.compile(rf"(?<![\w-])(?<!few )(?:(about|nearly|roughly|around|almost) )?((?:a |an )?(?:{WORD})"
                  rf"(?:[ -](?:{WORD}))*) ({UNIT}|{COUNTED})(?!\w)", re.IGNORECASE)
VAGUELY = re.compile(rf"(?<![\w-])({'|'.join(VAGUE)})(?: \w+)? ({UNIT}|{COUNTED})(?!\w)",
                     re.IGNORECASE)


def worded(words):
    """The value of a number in words ("ten", "a hundred", "ten thousand", "twenty-four")."""
    total, part = 0, 0
    for word in re.split(r"[ -]", words.lower()):
        if word in ("a", "an"):
            part = 1
        elif word in ("hundred", "thousand", "million"):
            part = max(part, 1) * WORDS[word]
            if word != "hundred":
                total, part = total + part, 0
        else:
            part += WORDS[word]
    return total + part


def value(number):
    """A number as written (1,024 or 1 024 or 0.50), as a value to compare."""
    return float(re.sub(r"[,_\u202f\u2009]", "", number))


def backing_numbers(nb):
    """Every number the notebook's cells print (text, streams, the text and titles of HTML and
    SVG outputs) or pass (their sources: a budget of `20_000` steps is a number the cell uses)."""
    texts = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        texts.append(cell.source.replace("_", ""))
        for output in cell.get("outputs", []):
            if output["output_type"] == "stream":
                texts.append(output["text"])
            for kind, data in output.get("data", {}).items():
                if kind == "text/plain":
                    texts.append(data)
                elif kind in ("text/html", "image/svg+xml"):
                    texts += re.findall(r"<(?:title|desc)[^>]*>(.*?)</(?:title|desc)>", data, re.DOTALL)
                    if kind == "text/html":
                        texts.append(re.sub(r"<svg.*?</svg>", " ", data, flags=re.DOTALL))
    return {value(n) for text in texts for n in re.findall(NUMBER, re.sub(r"<[^>]+>", " ", text))}


def unbacked_statements(nb):
    """The times, percentages, ratios and counts the notebook's text states that none of its
    cells prints or uses. A quote (a line starting with `>`, which names the seed it quotes),
    code and formulas are not statements of the notebook's own."""
    backed = backing_numbers(nb)
    found = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        text = "\n".join(line for line in cell.source.split("\n")
                         if not line.lstrip().startswith(">"))
        text = re.sub(r"\$[^$]*\$", " ", re.sub(r"`[^`]*`", " ", text))
        for match in STATED.finditer(text):
            number = next(group for group in match.groups() if group)
            if value(number) not in backed:
                found.append(unbacked(index, text, match))
        for match in SAID.finditer(text):
            said = worded(match.group(2))
            near = 0.25 * said if match.group(1) else 0
            if said > 1 and not any(abs(b - said) <= near for b in backed):
                found.append(unbacked(index, text, match))
        for match in VAGUELY.finditer(text):
            low, high = VAGUE[match.group(1).lower()]
            if not any(low <= b <= high for b in backed):
                found.append(unbacked(index, text, match))
    return found


def unbacked(index, text, match):
    context = " ".join(text[max(0, match.start() - 60):match.end() + 20].split())
    return (f"cell {index} states {match.group(0).strip()!r}, which no cell prints: "
            f"…{context}…")


def differences(executed, committed):
    """Cells whose outputs changed, ignoring cells tagged "timing"."""
    found = []
    if len(executed.cells) != len(committed.cells):
        return ["the number of cells changed"]
    for index, (new, old) in enumerate(zip(executed.cells, committed.cells)):
        if new.cell_type != "code" or "timing" in new.metadata.get("tags", []):
            continue
        a, b = outputs_of(old), outputs_of(new)
        if a != b:
            diff = difflib.unified_diff(
                json.dumps(a, indent=1).splitlines(), json.dumps(b, indent=1).splitlines(),
                "committed", "re-executed", lineterm="", n=1)
            found.append(f"cell {index} changed:\n" + "\n".join(list(diff)[:30]))
    return found


def only_lines_lost(executed, committed):
    """Whether the notebooks differ only in printed lines missing at the end of some cells'
    outputs, as happens when evcxr's kernel reports a cell done before the last lines it
    printed reach the client (a race like the one of evcxr issue #353; rare, and seen only on a
    loaded machine)."""
    lost = False
    for new, old in zip(executed.cells, committed.cells):
        if new.cell_type != "code" or "timing" in new.metadata.get("tags", []):
            continue
        a, b = outputs_of(old), outputs_of(new)
        if a == b:
            continue
        if len(b) >= len(a) or a[:len(b)] != b or not all("stream" in o for o in a[len(b):]):
            return False
        lost = True
    return lost


# How long a cell's late printed lines are waited for after evcxr reports the cell done: the
# wait ends this long after the last message of the cell.
LATE_SECONDS = 0.2


class EvcxrClient(NotebookClient):
    """nbclient for evcxr, which passes a cell's printed lines on from a thread of its own and
    can report the cell done before the last of them are sent (evcxr issue #353, a race its
    authors fixed once and reverted): after each cell, the messages of that cell that still
    come, each within LATE_SECONDS of the one before, are taken into its outputs too (left to
    the next cell, nbclient drops them, and the cell's last lines are lost)."""

    cell_msg_id = None

    def process_message(self, msg, cell, cell_index):
        self.cell_msg_id = msg["parent_header"].get("msg_id") or self.cell_msg_id
        return super().process_message(msg, cell, cell_index)

    async def async_execute_cell(self, cell, cell_index, execution_count=None,
                                 store_history=True):
        self.cell_msg_id = None
        done = await super().async_execute_cell(cell, cell_index, execution_count,
                                                store_history)
        if cell.cell_type == "code" and self.cell_msg_id:
            while True:
                try:
                    msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=LATE_SECONDS))
                except Empty:
                    break
                if msg["parent_header"].get("msg_id") == self.cell_msg_id \
                        and msg["msg_type"] in ("stream", "display_data", "execute_result"):
                    super().process_message(msg, cell, cell_index)
        return done

    execute_cell = run_sync(async_execute_cell)


def execute(path, timeout):
    """Runs a notebook; returns it, the committed version, and the seconds from the kernel's
    start to the end of the first cell that drew a board (None if none did)."""
    nb = nbformat.read(path, as_version=4)
    committed = copy.deepcopy(nb)
    client = EvcxrClient(
        nb, timeout=timeout, kernel_name="rust", allow_errors=True, record_timing=True,
        resources={"metadata": {"path": str(path.parent)}})
    start = datetime.datetime.now(datetime.UTC)
    client.execute()
    first_board = None
    for cell in nb.cells:
        # Timestamps change at every run: measure with them, then drop them.
        timing = cell.metadata.pop("execution", None) or {}
        drew = any(SVG in output.get("data", {}) for output in cell.get("outputs", []))
        if first_board is None and drew and "shell.execute_reply" in timing:
            end = datetime.datetime.fromisoformat(timing["shell.execute_reply"])
            first_board = (end - start).total_seconds()
    return nb, committed, first_board


def run(path, args):
    """Executes one notebook, writes its copy and HTML export (and with --update the notebook
    itself); returns the lines to print and whether it failed."""
    relative = path.relative_to(ROOT)
    start = time.monotonic()
    nb, committed, first_board = execute(path, args.timeout)
    again = ""
    if args.check and len(nb.cells) == len(committed.cells) and only_lines_lost(nb, committed):
        # Never run again into green: lines that still go missing are a defect to find.
        again = (" (printed lines went missing at the end of cells, later than EvcxrClient "
                 "waits for them)")
    seconds = time.monotonic() - start
    found = problems(nb)
    if args.check:
        found += differences(nb, committed)
        # What a student reads: the committed text beside the committed outputs (a timing cell's
        # new run prints other times).
        found += unbacked_statements(committed)
    target = OUT / path.relative_to(NOTEBOOKS)
    target.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, target)
    html, _ = HTMLExporter(template_name="lab").from_notebook_node(nb)
    target.with_suffix(".html").write_text(html, encoding="utf-8")
    if args.update and not found:
        nbformat.write(nb, path)
    status = "ok" if not found else "FAILED"
    board = f", first board after {first_board:.1f} s" if first_board is not None else ""
    lines = [f"{relative}: {status} in {seconds:.1f} s{board}{again}"]
    lines += ["  " + problem.replace("\n", "\n  ") for problem in found]
    return lines, bool(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebooks", nargs="*", type=pathlib.Path)
    parser.add_argument("--update", action="store_true", help="write outputs back into notebooks/")
    parser.add_argument("--check", action="store_true", help="fail when an output changed")
    parser.add_argument("--statements", action="store_true",
                        help="only check, without running anything, that every time, ratio, "
                        "percentage and count the text states is printed by a cell")
    parser.add_argument("--timeout", type=int, default=600, help="seconds per cell (default 600)")
    parser.add_argument("--jobs", type=int, default=None,
                        help="notebooks run at once (default: one a core, one with --update)")
    args = parser.parse_args()
    paths = [p.resolve() for p in args.notebooks] or sorted(
        p for p in NOTEBOOKS.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts and "exercises" not in p.parts)
    if args.statements:
        unbacked = 0
        for path in paths:
            found = unbacked_statements(nbformat.read(path, as_version=4))
            unbacked += len(found)
            print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: "
                  f"{'ok' if not found else 'FAILED'}")
            print("".join(f"  {problem}\n" for problem in found), end="")
        return 1 if unbacked else 0
    jobs = args.jobs or int(os.environ.get("NQUEENS_NOTEBOOK_JOBS", "0")) or (
        1 if args.update else os.cpu_count() or 1)
    if jobs < 1:
        parser.error("--jobs must be at least 1")
    failed = 0
    def longest_first(path):
        return LONGEST.index(path.stem) if path.stem in LONGEST else len(LONGEST)

    # Processes, not threads: each notebook's client runs its own event loop. Results are
    # printed in the notebooks' order, each as soon as it and those before it are done.
    with concurrent.futures.ProcessPoolExecutor(max_workers=min(jobs, len(paths) or 1)) as pool:
        started = {path: pool.submit(run, path, args) for path in sorted(paths, key=longest_first)}
        for future in [started[path] for path in paths]:
            lines, bad = future.result()
            print("\n".join(lines), flush=True)
            failed += bad
    print(f"{len(paths) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
