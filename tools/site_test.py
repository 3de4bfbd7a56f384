"""The course's website in headless Chromium (`make site-test`): every page of target/site/html
(`make site` builds it), served over HTTP on the loopback, opened at 1280 and 390 px wide, in the
light and the dark mode, and failed on

* an error in the console, or a script that throws;
* a notebook page whose drawings are not its committed outputs' (each notebook's drawings counted
  in its .ipynb), or a drawing that did not decode, has no size, is hidden, or is wider than the
  page;
* a text shown under 9 px;
* a page wider than the window (a reader on a phone would scroll sideways);
* the wrong mode (the page must follow the reader's light or dark preference);
* a link to a page or a file of the site that is not there, to an anchor not on its page, or
  out of the site's folder on its server;
* a search box that does not find lecture 02 by a word of its title.

Screenshots of the first lecture, each width and mode, in target/screenshots/site/.
"""

import functools
import http.server
import json
import pathlib
import re
import sys
import threading
import urllib.parse

from tools.browser import Browser, version
from tools.course import ROOT, load

HTML = ROOT / "target" / "site" / "html"
SHOTS = ROOT / "target" / "screenshots" / "site"
WIDTHS = (1280, 390)
MIN_TEXT_PX = 9

# What a page reports: its mode, width, drawings, smallest texts and links.
PROBE = """(minimum) => {
  const drawings = Array.from(document.querySelectorAll('img.nqueens-drawing')).map((img) => {
    const box = img.getBoundingClientRect();
    return {decoded: img.complete && img.naturalWidth > 0, width: box.width, height: box.height,
            right: box.right,
            visible: img.checkVisibility({opacityProperty: true, visibilityProperty: true})};
  });
  const small = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || !element
        || !element.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < minimum) small.push([size, node.textContent.trim().slice(0, 40)]);
  }
  return {
    mode: document.documentElement.dataset.theme || '',
    scrollWidth: document.documentElement.scrollWidth,
    drawings: drawings,
    small: small.slice(0, 5),
    links: Array.from(document.querySelectorAll('a[href]')).map((a) => a.href),
  };
}"""


# Where the test serves the site: under a folder of the server, as a code host's pages serve a
# project's (https://ORG.github.io/REPO/), so that a link climbing out of the site is caught.
PREFIX = "/course/"


def serve(folder):
    """An HTTP server of `folder` under PREFIX on the loopback, in a thread; the site's URL."""
    handler = functools.partial(Quiet, directory=str(folder))
    server = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def translate_path(self, path):
        if not path.startswith(PREFIX):
            return str(pathlib.Path(self.directory) / "outside-the-site")
        return super().translate_path("/" + path[len(PREFIX):])


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A browser that moves on while a file is sent closes the connection: no problem.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def redirect(path):
    """Where a page that only sends the reader on (the site's front door) sends them, or None."""
    found = re.search(r'http-equiv="Refresh" content="0; url=([^"]+)"',
                      path.read_text(encoding="utf-8", errors="replace"))
    return found and found.group(1)


def pages():
    """The site's pages: every HTML file but the API documentation's (rustdoc's own, linked from
    the page on the API, whose index pages are opened), Sphinx's generated index and the pages
    that only send the reader on."""
    found = [p.relative_to(HTML).as_posix() for p in sorted(HTML.rglob("*.html"))
             if not p.relative_to(HTML).as_posix().startswith(("api/", "_"))
             and p.name != "genindex.html" and not redirect(p)]
    return [*found, "api/nqueens/index.html", "api/nqueens_core/index.html"]


def committed_drawings(page):
    """How many drawings a notebook page's committed outputs hold (None for another page)."""
    notebook = ROOT / pathlib.Path(page).with_suffix(".ipynb")
    if not page.startswith("notebooks/") or not notebook.exists():
        return None
    outputs = json.dumps([c.get("outputs", []) for c in load(notebook)["cells"]])
    return outputs.count("nqueens-drawing")


def check_page(page, report, width, mode, errors):
    problems = []
    where = f"{page} at {width} px, {mode}"
    problems += [f"{where}: console: {e}" for e in errors]
    if report["mode"] != mode:
        problems.append(f"{where}: the page shows the {report['mode'] or 'default'} mode")
    if report["scrollWidth"] > width + 1:
        problems.append(f"{where}: the page is {report['scrollWidth']} px wide")
    expected = committed_drawings(page)
    drawings = report["drawings"]
    if expected is not None and len(drawings) != expected:
        problems.append(f"{where}: {len(drawings)} drawings, its notebook has {expected}")
    for k, d in enumerate(drawings):
        if not d["decoded"] or d["width"] < 1 or d["height"] < 1 or not d["visible"]:
            problems.append(f"{where}: drawing {k + 1} is missing or invisible ({d})")
        elif d["right"] > width + 1:
            problems.append(f"{where}: drawing {k + 1} runs past the page's edge")
    for size, text in report["small"]:
        problems.append(f"{where}: text of {size} px: {text!r}")
    return problems


def ids_of(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    return set(re.findall(r'\bid="([^"]+)"', text)) | set(re.findall(r'\bname="([^"]+)"', text))


def check_links(links, base, folder=HTML):
    """Every link to the site itself (at `base`, built in `folder`): its file there, and its
    anchor on that page; and no link to the same server outside the site."""
    problems = []
    ids = {}
    origin = base[:-len(PREFIX) + 1]
    for page, targets in sorted(links.items()):
        for link in sorted(targets):
            if link.startswith(origin) and not link.startswith(base):
                problems.append(f"{page}: a link to {link[len(origin) - 1:]}, outside the site")
            if not link.startswith(base):
                continue
            parsed = urllib.parse.urlsplit(link[len(base) - 1:])
            path = folder / urllib.parse.unquote(parsed.path).lstrip("/")
            if path.is_dir():
                path = path / "index.html"
            if not path.exists():
                problems.append(f"{page}: a link to {parsed.path}, which the site lacks")
            elif parsed.fragment and path.suffix == ".html":
                if path not in ids:
                    ids[path] = ids_of(path)
                if urllib.parse.unquote(parsed.fragment) not in ids[path]:
                    problems.append(f"{page}: a link to #{parsed.fragment} of "
                                    f"{parsed.path}, which has no such anchor")
    return problems


def search(base):
    """The search box's page, asked for a word of lecture 02's title: it must list that lecture.
    The problems found."""
    browser = Browser(width=1280, height=900)
    try:
        browser.open(base + "search.html?q=Davis", until="load")
        found = browser.wait_for(
            "Array.from(document.querySelectorAll('#search-results a')).map((a) => a.href)"
            ".filter((h) => h.includes('02-davis-putnam')).length", 20,
            "the search's results")
    except TimeoutError:
        found = 0
    finally:
        browser.close()
    return [] if found else ["search.html: searching for Davis does not find lecture 02"]


def main():
    if not (HTML / "index.html").exists():
        sys.exit("no site in target/site/html: run `make site`")
    print(version())
    base = serve(HTML)
    SHOTS.mkdir(parents=True, exist_ok=True)
    problems, links, opened = [], {}, 0
    for mode in ("light", "dark"):
        for width in WIDTHS:
            browser = Browser(width=width, height=900, dark=mode == "dark")
            errors = []
            browser.page.on("console", lambda m, e=errors: e.append(m.text)
                            if m.type == "error" else None)
            browser.page.on("pageerror", lambda x, e=errors: e.append(str(x)))
            try:
                for page in pages():
                    errors.clear()
                    browser.open(base + page, until="load")
                    report = browser.page.evaluate(PROBE, MIN_TEXT_PX)
                    problems += check_page(page, report, width, mode, errors)
                    links.setdefault(page, set()).update(report["links"])
                    opened += 1
                    if page == "notebooks/01-backtracking.html":
                        browser.page.screenshot(path=str(SHOTS / f"01-{width}-{mode}.png"))
            finally:
                browser.close()
    for path in HTML.glob("*.html"):
        if redirect(path):
            links[path.name] = {urllib.parse.urljoin(base + path.name, redirect(path))}
    problems += check_links(links, base)
    problems += search(base)
    for problem in problems:
        print("  " + problem)
    print(f"site-test: {len(pages())} pages, {opened} openings (1280 and 390 px, light and "
          f"dark): {len(problems)} problems; screenshots in {SHOTS.relative_to(ROOT)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
