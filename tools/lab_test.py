#!/usr/bin/env python3
"""Open notebooks in JupyterLab itself, in headless Chromium, and count the boards it draws.

A notebook that JupyterLab did not run itself is untrusted: its HTML outputs go through a
sanitiser that strips inline SVG. The boards must show anyway, so for each notebook below this
1. opens it as committed, without running anything, and counts the drawings JupyterLab shows (an
   image that decoded to a picture with a size): there must be one for every drawing stored in
   the file;
2. clears every output and runs all cells through JupyterLab's own "Run All Cells" command, with
   the Rust kernel, then counts again, and fails on any error or stderr output.

JupyterLab runs from .venv on a free port, on copies of the notebooks in target/lab/ (their
`:dep` line points at this repository), with its own settings: every cell kept in the page (no
windowing, so that all of them can be counted), no autosave, no news. Screenshots go to
target/screenshots/lab-*.png.

    tools/lab_test.py                       02-eight-queens and 06-counting-and-symmetry
    tools/lab_test.py 05-backtracking       other notebooks, by name
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import urllib.request

from cdp import Browser, free_port

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LAB = ROOT / "target" / "lab"
SHOTS = ROOT / "target" / "screenshots"
DEFAULT = ["02-eight-queens", "06-counting-and-symmetry"]

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
        (LAB / "notebooks" / f"{name}.ipynb").write_text(text, encoding="utf-8")
    for relative, values in SETTINGS.items():
        path = LAB / "settings" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")


def start_lab(port):
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(LAB / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(LAB / "workspaces"))
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
    browser.screenshot(SHOTS / f"lab-{name}-{stage.split()[0]}.png")
    print(f"{name}, {stage}: {count['drawn']} of {expected} drawings shown, {count['stderr']} "
          f"stderr outputs, {count['errors']} errors ({count['cells']} cells)")
    return count


def check_notebook(browser, port, name):
    expected = drawings_in(NOTEBOOKS / f"{name}.ipynb")
    browser.open(f"http://127.0.0.1:{port}/lab/tree/{name}.ipynb?reset")
    browser.wait_for("document.querySelectorAll('.jp-NotebookPanel .jp-Cell').length > 3", 120,
                     f"{name} to open")
    stage = "opened as committed"
    counts = {stage: look(browser, name, stage, expected)}

    browser.wait_for(KERNEL_IDLE, 180, f"the kernel of {name}")
    browser.evaluate(f"jupyterapp.shell.activateById(({PANEL}).id)")
    browser.wait_for(f"jupyterapp.shell.currentWidget === {PANEL}", 30, f"{name} to be active")
    browser.evaluate("jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
    # Not awaited: the command's promise settles only when every cell has run.
    start = time.monotonic()
    browser.evaluate("jupyterapp.commands.execute('notebook:run-all-cells'), true")
    browser.wait_for(DONE, 600, f"every cell of {name} to run")
    stage = f"ran by Run All Cells in {time.monotonic() - start:.0f} s"
    counts[stage] = look(browser, name, stage, expected)

    problems = []
    for stage, count in counts.items():
        if count["drawn"] != expected:
            problems.append(f"{stage}, it shows {count['drawn']} drawings of {expected}")
        if count["stderr"] or count["errors"]:
            problems.append(f"{stage}: {count['stderr']} stderr outputs, {count['errors']} errors")
    return problems


def main():
    names = [re.sub(r"\.ipynb$", "", n) for n in sys.argv[1:]] or DEFAULT
    prepare(names)
    SHOTS.mkdir(parents=True, exist_ok=True)
    port = free_port()
    server = start_lab(port)
    browser = Browser()
    failed = 0
    try:
        for name in names:
            problems = check_notebook(browser, port, name)
            for problem in problems:
                print(f"  {problem}")
            failed += bool(problems)
    finally:
        browser.close()
        server.terminate()
        server.wait(timeout=30)
    print(f"{len(names) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
