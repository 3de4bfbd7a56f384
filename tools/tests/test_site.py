"""The website's check for answers (tools/site.py): the students' copies pass, and a solution,
a hidden test or a reference planted in a page (highlighted, as Sphinx writes code), in a
notebook to download or as a file is found."""

import html
import json
import re

from tools import site, site_test
from tools.course import COURSE, ROOT, assignments, load, source_text


def a_solution():
    """A solution cell of the first assignment, with its solution in place of its markers."""
    source = COURSE / "source" / assignments()[0] / f"{assignments()[0]}.ipynb"
    cell = next(c for c in load(source)["cells"]
                if c["metadata"].get("nbgrader", {}).get("solution"))
    return "\n".join(line for line in source_text(cell).split("\n")
                     if "BEGIN SOLUTION" not in line and "END SOLUTION" not in line)


def a_page(folder, name, code):
    """A page as Sphinx writes a code cell: each word in a span of its highlighting, escaped."""
    words = "".join(f'<span class="n">{html.escape(w)}</span>' for w in re.split(r"(\s+)", code))
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><body><pre>{words}</pre></body></html>", encoding="utf-8")


def test_the_students_copies_pass(tmp_path):
    for copy in sorted((ROOT / "notebooks" / "exercises").glob("*.ipynb")):
        text = "\n".join(source_text(c) for c in load(copy)["cells"])
        a_page(tmp_path, f"notebooks/exercises/{copy.stem}.html", text)
        (tmp_path / copy.name).write_text(copy.read_text(encoding="utf-8"), encoding="utf-8")
    assert site.check(tmp_path) == []


def test_a_planted_solution_is_found_in_a_page_and_in_a_notebook(tmp_path):
    solution = a_solution()
    a_page(tmp_path, "notebooks/01-backtracking.html", solution)
    problems = site.check(tmp_path)
    assert problems == [f"notebooks/01-backtracking.html holds a solution of {assignments()[0]}"]
    notebook = {"cells": [{"cell_type": "code", "source": solution.replace("    ", "\t")}]}
    (tmp_path / "notebooks" / "01-backtracking.html").unlink()
    (tmp_path / "lecture.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    assert site.check(tmp_path) == [f"lecture.ipynb holds a solution of {assignments()[0]}"]


def test_references_markers_sources_and_the_apis_sources_are_found(tmp_path):
    references = (COURSE / "judge" / "src" / "reference.rs").read_text(encoding="utf-8")
    head, body = next((head, body) for head, body in site.functions(references)
                      if len(site.squeezed(body)) >= site.SHORTEST)
    a_page(tmp_path, "docs/page.html", f"{head} {{{body}}}")
    (tmp_path / "a.html").write_text("<p>// BEGIN HIDDEN TESTS</p>", encoding="utf-8")
    for name in ("coursework/source/01/01.ipynb", "api/src/nqueens/lib.rs.html"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("{}", encoding="utf-8")
    problems = "\n".join(site.check(tmp_path))
    assert f"docs/page.html holds the judge's reference {head.split('(')[0]}" in problems
    assert "a.html holds '// BEGIN HIDDEN TESTS'" in problems
    assert "the site holds coursework/source/01/01.ipynb" in problems
    assert "the site holds api/src/nqueens/lib.rs.html" in problems


def test_every_solution_and_hidden_test_is_looked_for():
    secrets = site.secrets()
    short = [what for text, what in secrets.items()
             if len(text) < site.SHORTEST and not what.startswith("the judge's reference")]
    assert short == [], "too short to be looked for"
    kinds = list(secrets.values())
    for assignment in assignments():
        assert f"a solution of {assignment}" in kinds
        assert f"a hidden test of {assignment}" in kinds
    assert sum(kind.startswith("the judge's reference") for kind in kinds) >= 20


def test_the_table_of_contents_follows_the_students_index():
    staged = site.staged_files()
    toc = site.toc(staged)
    order = [line.split("file: ")[1] for line in toc.split("\n") if "file: " in line]
    lectures = [f"notebooks/{link[:-len('.ipynb')]}" for link in site.index_order()]
    assert order[:len(lectures)] == lectures
    assert not any("coursework/source" in path for path in staged)


def test_links_to_files_outside_the_site_point_at_the_repository_or_are_text():
    staged = ["docs/hub.md", "docs/cli.md"]
    text = "See [the CLI](cli.md#long-counts), [the Makefile](../Makefile) and [x](https://a.b)."
    assert site.relink(text, "docs/hub.md", staged, "") == \
        "See [the CLI](cli.md#long-counts), the Makefile and [x](https://a.b)."
    assert "[the Makefile](https://git.example/course/nqueens/blob/main/Makefile)" in \
        site.relink(text, "docs/hub.md", staged, "https://git.example/course/nqueens")


def test_the_pictures_a_page_shows_are_staged_with_it_and_keep_their_links():
    staged = site.staged_files()
    pictures = [p for p in staged if not p.endswith((".md", ".ipynb"))]
    shown = site.pictures_shown(["notebooks/README.md", "docs/hub.md"])
    assert shown and set(shown) <= set(pictures)
    assert all((site.ROOT / p).is_file() for p in pictures)
    text = "Look: ![the login page](../docs/pictures/hub-login.png)."
    assert site.relink(text, "notebooks/README.md", ["docs/pictures/hub-login.png"], "") == text
    assert site.relink(text, "notebooks/README.md", [], "") != text


def test_the_link_check_finds_missing_pages_anchors_and_links_out_of_the_site(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "hub.html").write_text('<h2 id="running">Running</h2>', encoding="utf-8")
    base = "http://127.0.0.1:1/course/"
    links = {"index.html": {base + "docs/hub.html#running", base + "docs/hub.html#gone",
                            base + "docs/site.html", "http://127.0.0.1:1/api/index.html",
                            "https://example.org/"}}
    problems = site_test.check_links(links, base, tmp_path)
    assert problems == [
        "index.html: a link to /api/index.html, outside the site",
        "index.html: a link to #gone of /docs/hub.html, which has no such anchor",
        "index.html: a link to /docs/site.html, which the site lacks",
    ]
