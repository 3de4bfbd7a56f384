#!/usr/bin/env python3
"""Open notebooks in JupyterLab itself, in headless Chromium: count the boards it draws, and time
how long a student waits for the first one.

A notebook that JupyterLab did not run itself is untrusted: its HTML outputs go through a
sanitiser that strips inline SVG. The boards must show anyway, so for each lecture notebook this
1. opens it as committed, without running anything, and counts the drawings JupyterLab shows (an
   image that decoded to a picture with a size): there must be one for every drawing stored in
   the file;
2. **cold**: with the kernels' build cache emptied (coursework/rust_kernel.py: nothing built, as on a
   fresh clone), clears every output and runs all cells through JupyterLab's own "Run All
   Cells" command, timed to the first board; for the notebooks of `WHOLE` it waits for the last
   cell, then counts again, and fails on any error or stderr output. A cold run builds what the
   notebook's setup cell (its `:opt` and `:dep`) asks for, which the notebooks of one setup
   share: one notebook of each setup runs cold (those of `WHOLE` first), the others after it on
   the build it made (with `--every-cold`, every notebook, each on an emptied cache);
3. **warm**: a fresh kernel (the crate is built now) runs all cells again, timed to the first
   board only (with `--warm-only`, the warm run is the only one and runs every cell of every
   lecture notebook, counted as the cold one is).
For the coursework's copies (notebooks/exercises/, whose answers are stubs that stop the run) it
times the first board only, cold and warm.

Each run is timed from "Run All Cells" to the first drawing shown and to the last cell done; the
figures go to target/lab/timings.json and a table. A run fails when its first board takes more
than twice the target (cold 20 s, warm 3 s): timing is noisy, the exact figures are a report.

JupyterLab runs from .venv on a free port, on copies of the notebooks in target/lab/ (their
`:dep` line points at this repository), with its own settings: every cell kept in the page (no
windowing, so that all of them can be counted), no autosave, no news; the kernels build in
~/.cache/nqueens/lab-test. Screenshots go to target/screenshots/lab-*.png.

    python -m tools.lab_test                   every notebook, and the first coursework copy
    python -m tools.lab_test 01-backtracking   some notebooks, by name (exercises/01-backtracking)
    python -m tools.lab_test --warm-only ...   no cold runs (the cache as it is)
    python -m tools.lab_test --every-cold ...  a cold run of every notebook
"""

import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import urllib.request

from coursework import rust_kernel
from tools import stuck
from tools.browser import Browser, free_port, version

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LAB = ROOT / "target" / "lab"
SHOTS = ROOT / "target" / "screenshots"
# The kernels' build cache for the test, emptied before each cold run (outside the repository:
# evcxr cannot build inside a cargo project).
CACHE = rust_kernel.user_cache() / "nqueens" / "lab-test"
TARGETS = {"cold": 20.0, "warm": 3.0}
# The lecture notebooks whose cold run goes on to the last cell through the UI, one of each kind
# of build: `:opt 0` without the charts, optimised with them. `make notebooks-check` runs every
# notebook whole and compares each output with the committed one, so running all of them whole
# here as well would only repeat it (two and a half minutes of the suite).
WHOLE = {"01-backtracking", "07-huge-boards"}
MARGIN = 2.0

SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False},
}

# What the open notebook panel shows.
COUNT = """(() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  if (!panel) return null;
  const outputs = panel.querySelectorAll('.jp-OutputArea-output');
  const images = Array.from(panel.querySelectorAll('.jp-OutputArea-output img.nqueens-drawing'));
  return {
    cells: panel.querySelectorAll('.jp-Cell').length,
    outputs: outputs.length,
    images: images.length,
    drawn: images.filter(i => i.complete && i.naturalWidth > 0
                              && i.getBoundingClientRect().width > 0).length,
    stderr: panel.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]').length,
    errors: panel.querySelectorAll('.jp-OutputArea-output.jp-mod-error, '
      + '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]').length,
  };
})()"""

# The notebook panel of the main area (the only one open). In a headless browser nothing has
# focus, so the shell's current widget is not set; the commands act on it once it is activated.
PANEL = "Array.from(jupyterapp.shell.widgets('main')).find(w => w.sessionContext && w.content)"

# Every code cell has run and the kernel is idle.
DONE = """(() => {
  const widget = """ + PANEL + """;
  const kernel = widget.sessionContext.session && widget.sessionContext.session.kernel;
  const waiting = widget.content.widgets.filter(
    c => c.model.type === 'code' && c.model.executionCount === null).length;
  return kernel && kernel.status === 'idle' && waiting === 0;
})()"""

# What JupyterLab knows of the open notebook's kernel, for a failure's message.
KERNEL_SEEN = """(() => {
  const widget = """ + PANEL + """;
  const context = widget && widget.sessionContext;
  const session = context && context.session;
  const kernel = session && session.kernel;
  return {session: session ? session.id : null, kernel: kernel ? kernel.id : null,
          status: kernel ? kernel.status : null,
          connection: kernel ? kernel.connectionStatus : null,
          pending: context ? context.pendingInput : null};
})()"""

KERNEL_IDLE = """(() => {
  const widget = """ + PANEL + """;
  const session = widget && widget.sessionContext && widget.sessionContext.session;
  return !!(session && session.kernel && session.kernel.status === 'idle');
})()"""


def drawings_in(notebook):
    """How many drawings the file holds: outputs with an image/svg+xml block."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return sum("image/svg+xml" in output.get("data", {})
               for cell in cells for output in cell.get("outputs", []))


def prepare(names):
    """Copies of the notebooks whose :dep line points at this repository, and the settings."""
    if LAB.exists():
        shutil.rmtree(LAB)
    (LAB / "notebooks").mkdir(parents=True)
    for name in names:
        text = (NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8")
        text = text.replace('path = \\"..\\"', f'path = \\"{ROOT.as_posix()}\\"')
        text = text.replace('path = \\"../../coursework/kit\\"',
                            f'path = \\"{(ROOT / "coursework" / "kit").as_posix()}\\"')
        target = LAB / "notebooks" / f"{name}.ipynb"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    for relative, values in SETTINGS.items():
        path = LAB / "settings" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")


def server_log_tail(lines=40):
    """The last lines of JupyterLab's log, for a failure's message."""
    try:
        text = (LAB / "server.log").read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        return f"(no server log: {error})"
    return "JupyterLab's log, its end:\n" + "\n".join(text.splitlines()[-lines:])


def start_lab(port):
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(LAB / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(LAB / "workspaces"),
               NQUEENS_KERNEL_CACHE=str(CACHE))
    log = (LAB / "server.log").open("w")
    server = subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "jupyter"), "lab", "--no-browser", "--allow-root",
         f"--port={port}", "--ServerApp.token=", "--ServerApp.password=",
         f"--ServerApp.root_dir={LAB / 'notebooks'}", "--LabApp.expose_app_in_browser=True"],
        stdout=log, stderr=subprocess.STDOUT, env=env)
    for _ in range(600):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab") as answer:
                if answer.status == 200:
                    return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError(f"JupyterLab did not start: see {LAB / 'server.log'}")


def settle(browser, what):
    """Waits until the count of drawn boards stops changing, and returns the last count."""
    last = None
    for _ in range(40):
        now = browser.evaluate(COUNT)
        if now is not None and now == last and now["drawn"] == now["images"]:
            return now
        last = now
        time.sleep(0.5)
    if last is None:
        raise RuntimeError(f"{what}: no notebook panel")
    return last


def look(browser, name, stage, expected):
    """Counts what the notebook shows now, with a screenshot, and says so."""
    count = settle(browser, name)
    browser.screenshot(SHOTS / f"lab-{name.replace('/', '-')}-{stage.split()[0]}.png")
    print(f"{name}, {stage}: {count['drawn']} of {expected} drawings shown, {count['stderr']} "
          f"stderr outputs, {count['errors']} errors ({count['cells']} cells)")
    return count


FIRST = """(() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  return !!panel && Array.from(panel.querySelectorAll('.jp-OutputArea-output img.nqueens-drawing'))
    .some(i => i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().width > 0);
})()"""

SHUTDOWN = "(" + PANEL + ").sessionContext.shutdown().then(() => true)"
# A new session with a new kernel for the open notebook, once the old one is shut down: what
# opening the notebook again would start, without loading the page again.
FRESH_KERNEL = "(" + PANEL + ").sessionContext.changeKernel({name: 'rust'}).then(() => true)"


def run_all(browser, name, whole):
    """Clears the outputs, runs all cells, and returns the seconds to the first board shown and
    (when `whole`) to the last cell done."""
    try:
        browser.wait_for(KERNEL_IDLE, 180, f"the kernel of {name}")
    except TimeoutError as error:
        seen = browser.evaluate(KERNEL_SEEN)
        raise TimeoutError(f"{error}; JupyterLab sees {seen}\n{server_log_tail()}\n"
                           f"{stuck.report(kernel=(seen or {}).get('kernel'))}") from None
    browser.evaluate(f"jupyterapp.shell.activateById(({PANEL}).id)")
    browser.wait_for(f"jupyterapp.shell.currentWidget === {PANEL}", 30, f"{name} to be active")
    browser.evaluate("jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    # Not awaited: the command's promise settles only when every cell has run.
    start = time.monotonic()
    browser.evaluate("jupyterapp.commands.execute('notebook:run-all-cells'), true")
    first = None
    while time.monotonic() - start < 600:
        if first is None and browser.evaluate(FIRST):
            first = time.monotonic() - start
            if not whole:
                return first, None
        if first is not None and browser.evaluate(DONE):
            return first, time.monotonic() - start
        time.sleep(0.1)
    raise RuntimeError(f"{name}: no board after 600 s" if first is None
                       else f"{name}: every cell had not run after 600 s")


def open_notebook(browser, port, name):
    """Opens a notebook in JupyterLab (a new kernel starts for it) and waits for its cells."""
    browser.open(f"http://127.0.0.1:{port}/lab/tree/{name}.ipynb?reset")
    browser.wait_for("document.querySelectorAll('.jp-NotebookPanel .jp-Cell').length > 3", 120,
                     f"{name} to open")


def cold_first(names, every_cold):
    """The notebooks in the order they are checked, each with whether it runs cold: with
    `every_cold` all of them in their order; otherwise one of each setup cell runs cold, one of
    WHOLE where the setup has one, and the others of its setup follow it."""
    if every_cold:
        return [(name, True) for name in names]
    setup = {name: next(iter(rust_kernel.setups([NOTEBOOKS / f"{name}.ipynb"])), name)
             for name in names}
    cold = {}
    for name in sorted(names, key=lambda n: n not in WHOLE):
        cold.setdefault(setup[name], name)
    order = []
    for name in names:
        if cold.get(setup[name]) == name:
            order += [(name, True)] + [(other, False) for other in names
                                       if setup[other] == setup[name] and other != name]
    return order


def check_notebook(browser, port, name, cold, alone=False):
    """Opens, runs (cold, then warm; or warm, every cell when `alone`) and counts one notebook;
    its timings and problems."""
    lecture = not name.startswith("exercises/")
    expected = drawings_in(NOTEBOOKS / f"{name}.ipynb")
    problems, timings = [], {}
    if cold and CACHE.exists():
        shutil.rmtree(CACHE)
    open_notebook(browser, port, name)
    if lecture:
        stage = "opened as committed"
        count = look(browser, name, stage, expected)
        if count["drawn"] != expected:
            problems.append(f"{stage}, it shows {count['drawn']} drawings of {expected}")

    for kind in (["cold"] if cold else []) + ["warm"]:
        # Every cell once through the UI: in the cold run of the notebooks of WHOLE, or in the
        # warm one of every lecture notebook when it is alone.
        whole = lecture and (alone or (kind == "cold" and name in WHOLE))
        if kind == "warm":
            # A fresh kernel on the cache the cold run built, not a restart (evcxr's own restart
            # now and then dies on a broken pipe to its child process; kernel-test covers
            # restarts), and not the one that opening the notebook started: every warm run
            # is timed from a kernel's start.
            browser.evaluate(SHUTDOWN)
            browser.evaluate(FRESH_KERNEL)
        first, last = run_all(browser, name, whole)
        timings[kind] = {"first board": round(first, 1)}
        if last is not None:
            timings[kind]["last cell"] = round(last, 1)
        limit = TARGETS[kind] * MARGIN
        if first > limit:
            problems.append(f"{kind}: the first board took {first:.1f} s, past {limit:.0f} s "
                            f"(twice the target of {TARGETS[kind]:.0f} s)")
        if whole:
            stage = f"{kind}, ran by Run All Cells in {last:.0f} s"
            count = look(browser, name, stage, expected)
            if count["drawn"] != expected:
                problems.append(f"{stage}, it shows {count['drawn']} drawings of {expected}")
            if count["stderr"] or count["errors"]:
                problems.append(f"{stage}: {count['stderr']} stderr outputs, "
                                f"{count['errors']} errors")
    browser.evaluate(SHUTDOWN)
    return timings, problems


def every_notebook():
    lectures = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
    exercises = sorted(f"exercises/{p.stem}" for p in (NOTEBOOKS / "exercises").glob("*.ipynb"))
    return lectures + exercises[:1]


def table(timings):
    lines = [(f"{'notebook':34} {'cold: first board':>18} {'last cell':>10} "
              f"{'warm: first board':>18} {'last cell':>10}")]
    for name, runs in timings.items():
        cells = []
        for kind in ("cold", "warm"):
            run = runs.get(kind, {})
            cells.append(f"{run['first board']:.1f} s" if "first board" in run else "-")
            cells.append(f"{run['last cell']:.1f} s" if "last cell" in run else "-")
        lines.append(f"{name:34} {cells[0]:>18} {cells[1]:>10} {cells[2]:>18} {cells[3]:>10}")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", metavar="NOTEBOOK")
    parser.add_argument("--warm-only", action="store_true")
    parser.add_argument("--every-cold", action="store_true")
    args = parser.parse_args()
    if args.warm_only and args.every_cold:
        parser.error("--warm-only and --every-cold exclude each other")
    names = [re.sub(r"\.ipynb$", "", n) for n in args.names] or every_notebook()
    prepare(names)
    SHOTS.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = start_lab(port)
    browser = Browser()
    print(f"browser: {version()}")
    failed, timings = 0, {}
    try:
        order = [(name, False) for name in names] if args.warm_only else \
            cold_first(names, args.every_cold)
        for name, cold in order:
            timings[name], problems = check_notebook(browser, port, name, cold, args.warm_only)
            for problem in problems:
                print(f"  {problem}")
            failed += bool(problems)
    finally:
        browser.close()
        server.terminate()
        server.wait(timeout=30)
    (LAB / "timings.json").write_text(json.dumps(timings, indent=1) + "\n", encoding="utf-8")
    print(table({name: timings[name] for name in names}))
    print(f"{len(names) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
