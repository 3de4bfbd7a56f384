"""The course as a website (`make site`): the eight lectures with their committed outputs, the
assignments as the students get them, and the lecturer's pages, built by Jupyter Book from the
committed notebooks without running them; a launch link on each lecture page that opens it on the
course hub (nbgitpuller), a download of each notebook, and the library's API documentation.

    python -m tools.site build      stage the pages in target/site/source and build
                                    target/site/html (NQUEENS_HUB_URL: the hub the launch buttons
                                    open, which pull its launch repository; NQUEENS_REPO_URL:
                                    where links to the repository's other files point)
    python -m tools.site check      the built site holds no solution, hidden test or reference

Jupyter Book 1 (Sphinx), pinned in tools/requirements.txt: Jupyter Book 2 builds its HTML with a
theme it downloads from api.mystmd.org at build time, which a machine that reaches only the
package registries cannot fetch (docs/site.md says more).

Only what is listed here is staged, so nothing else of the repository (the assignments' sources
with their solutions, the judge) can reach the site; the check reads every built file anyway.
"""

import html
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

from coursework.hub import layout
from tools.course import COURSE, ROOT, assignments, load, source_text

SITE = ROOT / "target" / "site"
HTML = SITE / "html"
TEMPLATE = ROOT / "tools" / "book"

# The lecturer's pages, in the order of the site's last part, and the pages they link to.
LECTURERS = ["coursework/README.md", "docs/hub.md", "docs/benchmarks.md", "docs/architecture.md",
             "docs/cli.md", "docs/drawings.md", "docs/site.md"]
# The crates whose API documentation the site carries (what a lecture notebook and the kit
# use), without their sources' pages (both crates ask rustdoc for none).
API_CRATES = ["nqueens", "nqueens-core"]


def index_order():
    """The notebooks in the students' index (notebooks/README.md), in its order: the lectures,
    then the assignments."""
    text = (ROOT / "notebooks" / "README.md").read_text(encoding="utf-8")
    found = []
    for link in re.findall(r"\]\(([^)]+\.ipynb)\)", text):
        if link not in found:
            found.append(link)
    return found


def staged_files():
    """Every file of the repository the site is built from (paths relative to it): the pages,
    then the pictures they show."""
    notebooks = [f"notebooks/{link}" for link in index_order()]
    pages = ["notebooks/README.md", *notebooks, *LECTURERS]
    return pages + pictures_shown(p for p in pages if p.endswith(".md"))


def pictures_shown(pages):
    """The repository's pictures the Markdown `pages` show (`![…](path)`), each once."""
    found = []
    for page in pages:
        text = (ROOT / page).read_text(encoding="utf-8")
        for target in re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text):
            path = os.path.normpath(os.path.join(os.path.dirname(page), target))
            if re.match(r"[a-z]+:", target) or path in found:
                continue
            if not (ROOT / path).is_file():
                sys.exit(f"site: {page} shows {target}, which is not there")
            found.append(path)
    return found


def addresses():
    """The course hub's address (NQUEENS_HUB_URL) and the repository's (NQUEENS_REPO_URL); ""
    for none."""
    return (os.environ.get("NQUEENS_HUB_URL", "").rstrip("/"),
            os.environ.get("NQUEENS_REPO_URL", "").rstrip("/"))


def relink(text, where, staged, repo):
    """A page's Markdown links to the repository's files: kept where the site has the file,
    pointed at the repository `repo` where it does not, or left as plain text without one."""

    def one(match):
        label, target, anchor = match.group(1), match.group(2), match.group(3) or ""
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            return match.group(0)
        path = os.path.normpath(os.path.join(os.path.dirname(where), target))
        if path in staged:
            return match.group(0)
        if repo and (ROOT / path).exists():
            kind = "tree" if (ROOT / path).is_dir() else "blob"
            return f"[{label}]({repo}/{kind}/main/{path}{anchor})"
        return label

    return re.sub(r"\[([^\]]*)\]\(([^)#\s]+)(#[^)\s]*)?\)", one, text)


def toc(staged):
    """Jupyter Book's table of contents: the students' index first, then its notebooks in its
    order, then the lecturer's pages and the API documentation."""
    lectures = [p for p in staged if p.startswith("notebooks/0")]
    exercises = [p for p in staged if p.startswith("notebooks/exercises/")]
    lines = ["format: jb-book", "root: notebooks/README", "parts:"]
    for caption, files in [("Lectures", lectures), ("Coursework", exercises),
                           ("For lecturers", [*LECTURERS, "api.md"])]:
        lines += [f"  - caption: {caption}", "    chapters:"]
        lines += [f"      - file: {pathlib.PurePosixPath(f).with_suffix('')}" for f in files]
    return "\n".join(lines) + "\n"


def config(hub):
    """Jupyter Book's configuration: tools/book/_config.yml with the hub's address and what its
    launch buttons pull in place: the hub's launch repository (coursework/hub/layout.py's
    LAUNCH, the lectures and the students' copies, never the course's own repository with its
    solutions); no launch button without a hub."""
    launch = f"file://{layout.LAUNCH}" if hub else ""
    text = (TEMPLATE / "_config.yml").read_text(encoding="utf-8")
    return text.replace("@HUB_URL@", json.dumps(hub)).replace("@LAUNCH_REPO@", json.dumps(launch))


def stage(source, hub, repo):
    """The site's sources in `source`: the listed files at their places in the repository, their
    links mended, the configuration, the table of contents and style.css."""
    if source.exists():
        shutil.rmtree(source)
    staged = staged_files()
    for path in staged:
        target = source / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if path.endswith(".md"):
            text = (ROOT / path).read_text(encoding="utf-8")
            target.write_text(relink(text, path, staged, repo), encoding="utf-8")
        elif not path.endswith(".ipynb"):
            shutil.copy(ROOT / path, target)
        else:
            notebook = load(ROOT / path)
            for cell in notebook["cells"]:
                if cell["cell_type"] == "markdown":
                    text = "".join(cell["source"]) if isinstance(cell["source"], list) \
                        else cell["source"]
                    cell["source"] = relink(text, path, staged, repo)
            target.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n",
                              encoding="utf-8")
    shutil.copy(TEMPLATE / "api.md", source / "api.md")
    shutil.copytree(TEMPLATE / "_ext", source / "_ext",
                    ignore=shutil.ignore_patterns("__pycache__"))
    static = source / "_static"
    static.mkdir()
    shutil.copy(ROOT / "style.css", static / "style.css")
    for name in ("site.css", "favicon.svg"):
        shutil.copy(TEMPLATE / name, static / name)
    # Beside _static, whose every script Jupyter Book adds to every page.
    shutil.copytree(mathjax(), source / "_extra" / "mathjax")
    (source / "_toc.yml").write_text(toc(staged), encoding="utf-8")
    (source / "_config.yml").write_text(config(hub), encoding="utf-8")
    return staged


# MathJax, for the lectures' formulas, from npm's registry (the version pinned), and what of its
# package the pages load: the TeX-to-HTML component, its fonts, and what it loads on demand
# (TeX extensions, the menu, the accessibility tools).
MATHJAX = "mathjax@3.2.2"
MATHJAX_PARTS = ["tex-mml-chtml.js", "output/chtml/fonts/woff-v2", "input/tex/extensions"]


def mathjax():
    """MathJax's files for the site, fetched once (`npm pack`) into target/site/mathjax."""
    return npm_files(MATHJAX, "es5", MATHJAX_PARTS, SITE / "mathjax" / MATHJAX)


def npm_files(spec, inside, parts, kept):
    """The `parts` of the npm package `spec` (from npm's registry, `npm pack`), paths in its
    folder `inside`, copied into `kept` when it is missing (name it for the version); `kept`."""
    if not kept.exists():
        work = kept.with_name(kept.name + ".download")
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        done = subprocess.run(["npm", "pack", spec, "--silent", "--pack-destination", str(work)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            sys.exit(f"npm could not fetch {spec}: {done.stderr.strip()}")
        shutil.unpack_archive(work / done.stdout.strip().splitlines()[-1], work)
        partial = kept.with_name(kept.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        for part in parts:
            origin = work / "package" / inside / part
            if origin.is_dir():
                shutil.copytree(origin, partial / part)
            else:
                (partial / part).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(origin, partial / part)
        partial.rename(kept)
        shutil.rmtree(work)
    return kept


def api_docs(html_folder):
    """The library's API documentation (`cargo doc`, without the sources' pages) in the site's
    api/."""
    # The workspace's target folder, whose dependencies the lints have checked already; only
    # the crates documented now (a crate documented once before would stay in doc/).
    doc = ROOT / "target" / "doc"
    shutil.rmtree(doc, ignore_errors=True)
    subprocess.run(["cargo", "doc", "--quiet", "--no-deps", "--lib",
                    *[a for c in API_CRATES for a in ("-p", c)]], cwd=ROOT, check=True)
    # Without their sources' pages (rustdoc leaves their folders, empty).
    shutil.copytree(doc, html_folder / "api", dirs_exist_ok=True,
                    ignore=lambda folder, names: ["src"] if pathlib.Path(folder) == doc else [])


def build(folder=SITE, where=None, api=True):
    """The site in `folder`/html (its sources staged in `folder`/source), for the hub and the
    repository `where` (by default `addresses()`), with the API documentation unless not `api`;
    then its check. The problems found (and then no site: one that fails is not left to be
    published)."""
    hub, repo = where or addresses()
    source, html_folder, built = folder / "source", folder / "html", folder / "book"
    stage(source, hub, repo)
    for old in (html_folder, built):
        if old.exists():
            shutil.rmtree(old)
    jupyter_book = pathlib.Path(sys.executable).parent / "jupyter-book"
    # Warnings (a broken reference, a page the table of contents misses) fail the build.
    done = subprocess.run([str(jupyter_book), "build", str(source), "--path-output", str(built),
                           "--warningiserror", "--nitpick", "--keep-going", "--quiet"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.exit(f"jupyter-book could not build the site:\n{done.stdout}{done.stderr}")
    shutil.copytree(built / "_build" / "html", html_folder)
    if api:
        api_docs(html_folder)
    problems = check(html_folder)
    if problems:
        shutil.rmtree(html_folder)
    return problems


# The markers a solution or a hidden test keeps in the assignments' sources.
MARKERS = ["// BEGIN SOLUTION", "// END SOLUTION", "// BEGIN HIDDEN TESTS", "// END HIDDEN TESTS"]
# A secret shorter than this (whitespace taken out) is not looked for: it would be found in
# texts that give nothing away. Every solution and hidden test is longer (a test says so); a
# reference this short only calls the library (`piece.sees(square, size)`).
SHORTEST = 40


def squeezed(text):
    return re.sub(r"\s+", "", text)


def secrets():
    """What no file of the site may hold, whitespace taken out, and what each is: every solution
    and every hidden test of the assignments' sources, and every function of the judge's
    references (their bodies)."""
    found = {}
    for assignment in assignments():
        source = COURSE / "source" / assignment / f"{assignment}.ipynb"
        for cell in load(source)["cells"]:
            text = source_text(cell)
            for kind, begin, end in (("a solution", MARKERS[0], MARKERS[1]),
                                     ("a hidden test", MARKERS[2], MARKERS[3])):
                for region in re.findall(re.escape(begin) + r"[^\n]*\n(.*?)" + re.escape(end),
                                         text, re.DOTALL):
                    found[squeezed(region)] = f"{kind} of {assignment}"
    references = (COURSE / "judge" / "src" / "reference.rs").read_text(encoding="utf-8")
    for head, body in functions(references):
        found[squeezed(body)] = f"the judge's reference {head.split('(')[0]}"
    return found


def functions(text):
    """Every function declared in `text` with a body: its head (`fn name(…) -> …`) and the body
    between its braces."""
    found = []
    for match in re.finditer(r"\bfn\s+\w+[^(;{]*\(", text):
        depth, j = 1, match.end()
        while j < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            j += 1
        k = j
        while k < len(text) and text[k] not in "{;":
            k += 1
        if k == len(text) or text[k] == ";":
            continue
        depth, end = 1, k + 1
        while end < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            end += 1
        found.append((text[match.start():k].strip(), text[k + 1:end - 1]))
    return found


def page_text(path):
    """A built file's text as a reader of its code would see it: a page's tags taken out and its
    entities read, a notebook's cells one after another."""
    text = path.read_text(encoding="utf-8", errors="replace")
    if path.suffix == ".ipynb":
        try:
            cells = json.loads(text).get("cells", [])
        except ValueError:
            return text
        # The cells' texts and their outputs', each as it reads (a notebook's JSON escapes them).
        return "\n".join(json.dumps(c.get("outputs", [])) + "\n" + "".join(c.get("source", ""))
                          for c in cells)
    if path.suffix == ".html":
        text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return text


def check(folder, hidden=None):
    """What the built site must not hold: a file of the assignments' sources or the judge's, the
    markers of a solution or a hidden test, any solution, hidden test or reference of the
    course (`secrets()`, found whatever the whitespace or the highlighting's markup round it),
    or the pages of the API documentation's sources. The problems found."""
    hidden = secrets() if hidden is None else hidden
    hidden = {text: what for text, what in hidden.items() if len(text) >= SHORTEST}
    problems = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        name = path.relative_to(folder).as_posix()
        if "coursework/source" in name or "judge" in name or name.startswith("api/src/"):
            problems.append(f"the site holds {name}")
            continue
        if path.suffix not in {".html", ".ipynb", ".md", ".txt", ".js", ".json", ".rs"}:
            continue
        text = page_text(path)
        problems += [f"{name} holds {marker!r}" for marker in MARKERS if marker in text]
        flat = squeezed(text)
        problems += [f"{name} holds {what}" for secret, what in hidden.items() if secret in flat]
    return problems


def main():
    command = sys.argv[1] if len(sys.argv) > 1 else "build"
    if command == "build":
        problems = build()
        for problem in problems:
            print("  " + problem)
        if not problems:
            print(f"site: {len(list(HTML.rglob('*.html')))} HTML files in "
                  f"{HTML.relative_to(ROOT)}, checked: no solution, hidden test or reference")
        return 1 if problems else 0
    if command == "check":
        problems = check(HTML)
        for problem in problems:
            print("  " + problem)
        return 1 if problems else 0
    sys.exit(f"usage: python -m tools.site [build|check], not {command}")


if __name__ == "__main__":
    sys.exit(main())
