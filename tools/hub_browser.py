"""A student's and a lecturer's day on the course hub, in a real browser: part of `make hub-test`
(tools/hub_test.py runs it on the hub it starts, and alone with `--browser-only`).

Headless Chromium (tools/browser.py) goes where a person would, and only by what they would
press: the hub's login page, JupyterLab's menus, nbgrader's Assignments tab and Validate button,
the formgrader's pages in the lecturer's JupyterLab. No JupyterLab API is called from the page.

* **The student** logs in; JupyterLab opens on `lectures/`; lecture 01 is opened, its outputs
  cleared and its cells run until a board is drawn. In the Assignments tab the student fetches
  assignment 01 and opens it, types an answer into every task (each one partly wrong), presses
  Validate and reads the failures it lists, puts the first task right, and submits.
* **The lecturer**, after the grading (`python -m tools.hub grade`), logs in and opens the
  formgrader: the assignment's submissions with their scores, then the student's submission,
  its boards drawn; writes a comment, then generates and releases the feedback.
* **The student** comes back, fetches the feedback and opens it: the score, the judge's verdicts
  with the drawn counterexample, and the lecturer's comment.

Every step fails the test when an element it waits for is missing, when the page or one of its
frames logs an error in the console, or when a drawing it looks for is not drawn (an image with
a size). A screenshot of every step goes to target/hub-test/browser/ (`-failed` when it failed);
the ones the manuals show are written, cropped, to docs/pictures/ with `--pictures`.
"""

import contextlib
import json
import pathlib
import re
import shutil
import time

from playwright.sync_api import Error as PlaywrightError

from coursework.hub import layout
from tools import browser, grading_test
from tools.browser import Browser
from tools.course import ROOT, load, source_text
from tools.hub_client import BASE, Failure

ASSIGNMENT = "01-backtracking"
LECTURE = "01-backtracking.ipynb"
SHOTS = ROOT / "target" / "hub-test" / "browser"
PICTURES = ROOT / "docs" / "pictures"
# What the lecturer writes on the student's submission, which the student's feedback must show.
COMMENT = "Task 2: the queens the board starts with take their columns too; look at the picture."
# Seconds a step waits for what it expects (Validate runs the whole notebook in the student's
# server: longer).
WAIT = 120
VALIDATE_WAIT = 600
# What Chromium logs for a script of a page in a frame that may run none (JupyterLab's HTML
# viewer, untrusted).
SANDBOXED = (r"^Blocked script execution in '(blob|about:srcdoc)[^']*' because the document's "
             r"frame is sandboxed and the 'allow-scripts' permission is not set")
# An image the page has decoded, with a size on the page.
DRAWN = "i => i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().width > 0"


def source():
    """The assignment's source notebook, in the lecturer's course folder."""
    return layout.course_root() / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"


def answers():
    """Each task's answer cell as the student types it (index, text: the source's partly wrong
    answers), and the first task's put right afterwards."""
    released = layout.course_root() / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"

    def solution_cells(notebook):
        return [(i, source_text(c)) for i, c in enumerate(notebook["cells"])
                if c["metadata"].get("nbgrader", {}).get("solution")]

    wrong = solution_cells(grading_test.submission(source(), released, "wrong"))
    right = solution_cells(grading_test.submission(source(), released, "solutions"))
    return wrong, right[0]


def expected_score():
    """The score of that submission: the wrong submission's (tools/grading_test.py) and every
    point of the first task, the grade cells between its answer cell and the next one."""
    cells = load(source())["cells"]
    answers_at = [i for i, c in enumerate(cells)
                  if c["metadata"].get("nbgrader", {}).get("solution")]
    points = sum(c["metadata"]["nbgrader"].get("points", 0)
                 for c in cells[answers_at[0]:answers_at[1]]
                 if c["metadata"].get("nbgrader", {}).get("grade"))
    return grading_test.WRONG_SCORES[ASSIGNMENT] + points


class Visit:
    """One person's browser on the hub: its page, what its console says, a screenshot a step."""

    def __init__(self, who, pictures=False):
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.who, self.pictures, self.steps = who, pictures, 0
        self.browser = Browser(width=1366, height=900)
        self.page = self.browser.page
        self.page.set_default_timeout(WAIT * 1000)
        self.errors = []
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(
            f"{m.text} ({m.location.get('url', '')})"))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    @contextlib.contextmanager
    def step(self, what, expected=None):
        """One step: a Failure naming it when it fails or the console logged an error during
        it (but those matching the pattern `expected`); a screenshot after it."""
        self.steps += 1
        name = f"{self.who}-{self.steps:02d}-{re.sub(r'[^a-z0-9]+', '-', what.lower())[:40]}"
        began = time.monotonic()
        try:
            yield
        except (Failure, PlaywrightError) as error:
            self.page.screenshot(path=str(SHOTS / f"{name}-failed.png"))
            raise Failure(f"{self.who}, {what}: {error}") from None
        self.page.screenshot(path=str(SHOTS / f"{name}.png"))
        said = [e for e in self.errors if not (expected and re.search(expected, e))]
        self.errors = []
        if said:
            raise Failure(f"{self.who}, {what}: the console said " + "; ".join(said))
        print(f"  browser: {self.who}, {what} ({time.monotonic() - began:.1f} s)")

    def picture(self, locator, name, height=None):
        """A screenshot of what `locator` shows (its top `height` pixels), for a manual (with
        `--pictures`)."""
        if not self.pictures:
            return
        PICTURES.mkdir(parents=True, exist_ok=True)
        if height is None:
            locator.screenshot(path=str(PICTURES / f"{name}.png"))
            return
        box = locator.bounding_box()
        self.page.screenshot(path=str(PICTURES / f"{name}.png"), clip={
            "x": box["x"], "y": box["y"], "width": box["width"],
            "height": min(height, box["height"])})

    def picture_between(self, top, bottom, name):
        """A screenshot for a manual (with `--pictures`) from the top of `top` to the bottom of
        `bottom`, two elements of the page's own document, scrolled to show them."""
        if not self.pictures:
            return
        top.evaluate("e => { e.scrollIntoView({block: 'start'}); window.scrollBy(0, -80); }")
        first, last = top.bounding_box(), bottom.bounding_box()
        left = min(first["x"], last["x"]) - 8
        right = max(first["x"] + first["width"], last["x"] + last["width"]) + 8
        height = min(last["y"] + last["height"] - first["y"] + 16, 900 - first["y"] + 8)
        PICTURES.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(PICTURES / f"{name}.png"), clip={
            "x": left, "y": first["y"] - 8, "width": right - left, "height": height})

    def log_in(self, name, password):
        page = self.page
        page.goto(f"{BASE}/hub/login", wait_until="load")
        page.fill("#username_input", name)
        page.fill("#password_input", password)
        self.picture(page.locator("#login-main"), "hub-login", height=280)
        page.click("#login_submit")
        page.wait_for_url(re.compile(f"/user/{name}/lab"), timeout=WAIT * 1000)
        page.locator(".jp-DirListing-content").wait_for()

    def menu(self, label, item):
        """Opens the menu bar's `label` menu and chooses its `item`, by what they say."""
        menus = self.page.locator("#jp-menu-panel .lm-MenuBar-item")
        menus.first.wait_for()
        found = menus.filter(has_text=re.compile(f"^{label}$"))
        if not found.count():
            raise Failure(f"JupyterLab's menu bar has no {label} menu, only "
                          + ", ".join(menus.all_inner_texts()))
        found.click()
        self.page.locator(".lm-Menu .lm-Menu-item", has=self.page.locator(
            ".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(item)}$"))).click()

    def open_file(self, name):
        """Opens `name` from the file browser's current folder, by a double click."""
        self.page.locator(".jp-DirListing-item", has=self.page.locator(
            ".jp-DirListing-itemText", has_text=re.compile(f"^{re.escape(name)}$"))).dblclick()

    def notebook(self):
        return self.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")

    def drawn(self, scope, what):
        """The first drawing of the course in `scope`, once it is drawn."""
        image = scope.locator("img.nqueens-drawing").first
        image.wait_for(state="visible")
        deadline = time.monotonic() + WAIT
        while not image.evaluate(DRAWN):
            if time.monotonic() > deadline:
                raise Failure(f"{what}: a drawing is there but not drawn")
            time.sleep(0.25)
        return image

    def close(self):
        self.browser.close()


def type_into(visit, index, text):
    """Replaces the text of the notebook's cell `index` by typing into its editor."""
    cell = visit.notebook().locator(".jp-Notebook .jp-Cell").nth(index)
    editor = cell.locator(".cm-content")
    editor.click()
    visit.page.keyboard.press("Control+a")
    visit.page.keyboard.insert_text(text)
    visit.page.keyboard.press("Escape")


def saved(visit, name, path, wanted):
    """Saves the notebook (Ctrl+S) and checks that the file holds every cell as typed."""
    visit.page.keyboard.press("Control+s")
    deadline = time.monotonic() + WAIT
    while True:
        try:
            cells = load(path)["cells"]
            found = {i: source_text(cells[i]).rstrip("\n") for i in wanted}
        except (OSError, ValueError, IndexError):
            found = None
        if found == {i: text.rstrip("\n") for i, text in wanted.items()}:
            return
        if time.monotonic() > deadline:
            raise Failure(f"{name}'s notebook was not saved as typed")
        time.sleep(0.5)


def assignments_tab(visit):
    """nbgrader's Assignments tab, opened from its menu, with the released list loaded."""
    visit.menu("Nbgrader", "Assignment List")
    for kind in ("released", "fetched", "submitted"):
        visit.page.locator(f"#{kind}_assignments_list").wait_for()
    visit.page.locator("#released_assignments_list_loading").wait_for(state="hidden")


def row_of(visit, kind):
    """The assignment's row in one of the tab's lists, once it is there."""
    row = visit.page.locator(f"#{kind}_assignments_list > .list_item", has=visit.page.locator(
        ".item_name", has_text=ASSIGNMENT)).first
    row.wait_for()
    return row


def student_submits(name, password, pictures=False):
    """The student's day up to the submission (see the module's help)."""
    wrong, (fixed, solution) = answers()
    visit = Visit("student", pictures)
    try:
        with visit.step("logs in, JupyterLab opens on lectures"):
            visit.log_in(name, password)
            visit.page.locator(".jp-BreadCrumbs", has_text="lectures").wait_for()
            visit.page.locator(".jp-DirListing-itemText", has_text=LECTURE).wait_for()
        with visit.step("opens lecture 01 and runs it to a board"):
            visit.open_file(LECTURE)
            visit.notebook().locator(".jp-Cell").nth(3).wait_for()
            # As a student waits for the status bar to say the kernel is ready: cells run
            # before it has started make JupyterLab ask which kernel to start.
            visit.page.locator(".jp-StatusBar-TextItem",
                               has_text=re.compile(r"^Rust \| Idle$")).first.wait_for()
            visit.menu("Edit", "Clear Outputs of All Cells")
            if visit.notebook().locator("img.nqueens-drawing").count():
                raise Failure("the outputs were not cleared")
            visit.menu("Run", "Run All Cells")
            image = visit.drawn(visit.notebook(), "lecture 01")
            image.scroll_into_view_if_needed()
            visit.picture(visit.page.locator("#main"), "hub-lecture")
        with visit.step("fetches assignment 01"):
            assignments_tab(visit)
            row_of(visit, "released").locator(".item_status button").click()
            row = row_of(visit, "fetched")
            visit.picture(visit.page.locator(".lm-DockPanel-widget:not(.lm-mod-hidden)").first,
                          "hub-assignments", height=270)
            row.locator("a", has_text=ASSIGNMENT).first.click()
            notebook = visit.page.locator(".list_item .item_name a", has_text=ASSIGNMENT).last
            notebook.wait_for()
            notebook.click()
            visit.notebook().locator(".jp-Cell").nth(wrong[-1][0]).wait_for(state="attached")
        path = pathlib.Path(f"/home/{name}") / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        with visit.step("types an answer into every task"):
            for index, text in wrong:
                type_into(visit, index, text)
            saved(visit, name, path, dict(wrong))
        with visit.step("presses Validate, which lists the failures"):
            visit.notebook().locator(".validate-button").first.click()
            dialog = visit.page.locator(".nbgrader-ErrorDialog, .nbgrader-SuccessDialog").first
            dialog.wait_for(timeout=VALIDATE_WAIT * 1000)
            failed = dialog.locator(".validation-failed")
            if not failed.count():
                raise Failure(f"Validate did not list failures: {dialog.inner_text()[:400]}")
            said = dialog.inner_text()
            # Every task's test, each answer being partly wrong: its function's name.
            tasks = [re.search(r"^fn (\w+)", text, re.MULTILINE).group(1) for _, text in wrong]
            for task in tasks:
                if task not in said:
                    raise Failure(f"Validate's failures do not name {task}: {said[:400]}")
            # The dialog alone: behind it, the notebook shows answers.
            visit.picture(dialog.locator(".jp-Dialog-content"), "hub-validate")
            dialog.locator("button.jp-Dialog-button").last.click()
        with visit.step("puts the first task right and submits"):
            type_into(visit, fixed, solution)
            saved(visit, name, path, {**dict(wrong), fixed: solution})
            visit.page.locator(".lm-TabBar-tab", has_text="Assignments").click()
            row_of(visit, "fetched").locator(".item_status button", has_text="Submit").click()
            row_of(visit, "submitted")
            if visit.page.locator(".nbgrader-ErrorDialog").count():
                raise Failure(visit.page.locator(".nbgrader-ErrorDialog").inner_text()[:400])
    finally:
        visit.close()


def lecturer_reviews(name, password, student, score, top, pictures=False):
    """The lecturer's part (see the module's help); `student` scored `score` of `top`."""
    visit = Visit("lecturer", pictures)
    try:
        with visit.step("logs in and opens the formgrader"):
            visit.log_in(name, password)
            # Not from the Nbgrader menu, whose framed formgrader the hub leaves out (tools/hub.py,
            # FRAMED_FORMGRADER): as its own page.
            visit.page.locator("#jp-menu-panel .lm-MenuBar-item", has_text="Nbgrader").click()
            visit.page.locator(".lm-Menu .lm-Menu-itemLabel", has_text="Assignment List").wait_for()
            if visit.page.locator(".lm-Menu .lm-Menu-itemLabel", has_text="Formgrader").count():
                raise Failure("the Nbgrader menu offers the framed formgrader, which the hub "
                              "refuses to show")
            visit.page.keyboard.press("Escape")
            visit.page.goto(f"{BASE}/user/{name}/formgrader", wait_until="load")
            page = visit.page
            page.locator("td.num-submissions a").first.wait_for()
        with visit.step("sees the submissions and their scores"):
            page.locator("tr", has=page.locator("td", has_text=ASSIGNMENT)).locator(
                "td.num-submissions a").click()
            row = page.locator("tr", has=page.locator("td.student-id", has_text=student))
            shown = row.locator("td.score").inner_text().strip()
            wanted = f"{round(score, 2):g} / {top:g}"
            if shown != wanted:
                raise Failure(f"the formgrader shows {student}'s score as {shown!r}, not {wanted}")
            visit.picture(page.locator("body"), "hub-formgrader-submissions")
        with visit.step("presses Autograde, which refuses outside the sandbox"):
            # The formgrader runs in the lecturer's server, as the lecturer: the students' code
            # must not run there (tools/hub.py, LECTURERS_CONFIG).
            row.locator("td.autograde a").click()
            modal = page.locator(".modal-dialog", has_text="There was an error autograding")
            modal.wait_for()
            if "cannot grade in the sandbox" not in modal.inner_text():
                raise Failure(f"Autograde failed otherwise: {modal.inner_text()[:400]}")
            modal.locator(".modal-footer button").first.click()
            modal.wait_for(state="hidden")
            if row.locator("td.score").inner_text().strip() != shown:
                raise Failure("the refused Autograde changed the score")
            kept = layout.course_root() / "autograded" / student / ASSIGNMENT
            if not (kept / f"{ASSIGNMENT}.ipynb").exists():
                raise Failure(f"the refused Autograde removed {kept}")
        with visit.step("opens the submission, its boards drawn, and comments"):
            row.locator("td.student-name a").click()
            page.locator("a", has_text=ASSIGNMENT).last.click()
            # The page fetches its comments and MathJax after it loads, and then writes the
            # comments into their boxes and moves the focus: a comment typed before that is lost.
            page.wait_for_load_state("networkidle")
            visit.drawn(page, "the submission's page")
            report = page.locator(".nqueens-report.failed").first
            report.wait_for()
            box = page.locator("textarea.comment").nth(1)
            box.fill(COMMENT)
            # Leaving the box saves the comment: the page's request, answered, then the page
            # loaded again shows it.
            with visit.page.expect_response(lambda r: "/formgrader/api/comment/" in r.url
                                            and r.request.method == "PUT") as answer:
                box.press("Tab")
            if not answer.value.ok:
                raise Failure(f"saving the comment: {answer.value.status}")
            page.reload(wait_until="networkidle")
            if box.input_value() != COMMENT:
                raise Failure("the page loaded again does not show the comment")
            report.wait_for()
            # From the comment to the test's verdict below it (not the answer above it).
            visit.picture_between(box, report.locator("img.nqueens-drawing").first,
                                  "hub-formgrader-grade")
        with visit.step("generates and releases the feedback"):
            page.locator(".breadcrumb a", has_text="Manual Grading").first.click()
            page.locator("a", has_text="Manage Assignments").first.click()
            row = page.locator("tr", has=page.locator("td", has_text=ASSIGNMENT))
            for action, said in (("generate-feedback", "Successfully generated feedback"),
                                 ("release-feedback", "Successfully released feedback")):
                row.locator(f"td.{action} a").click()
                modal = page.locator(".modal-dialog", has_text=said)
                modal.wait_for()
                modal.locator(".modal-footer button").first.click()
                modal.wait_for(state="hidden")
    finally:
        visit.close()


def student_reads_feedback(name, password, score, top, pictures=False):
    """The student's feedback (see the module's help), which says `score` of `top`."""
    visit = Visit("student", pictures)
    visit.steps = 10
    try:
        # JupyterLab shows an HTML file it does not trust in a frame that runs no script, and
        # Chromium says so, in the console, for each of the page's scripts (nbgrader's feedback
        # page loads MathJax): that is the viewer doing its work, not an error.
        with visit.step("fetches the feedback", expected=SANDBOXED):
            visit.log_in(name, password)
            assignments_tab(visit)
            row = row_of(visit, "submitted")
            row.locator("button", has_text="Fetch Feedback").click()
            link = visit.page.locator("#submitted_assignments_list a",
                                      has_text="view feedback").first
            link.click()
            visit.open_file(f"{ASSIGNMENT}.html")
        with visit.step("reads the score, the verdicts, the counterexample and the comment",
                        expected=SANDBOXED):
            frame = visit.page.frame_locator(".jp-HTMLViewer iframe")
            header = frame.locator("h1, h2, h3, h4", has_text="Score:").first
            header.wait_for()
            wanted = f"Score: {round(score, 2):.2f} / {top:.1f}"
            if wanted not in header.inner_text():
                raise Failure(f"the feedback says {header.inner_text()!r}, not {wanted}")
            report = frame.locator(".nqueens-report.failed").first
            report.scroll_into_view_if_needed()
            visit.drawn(report, "the counterexample")
            frame.get_by_text(COMMENT).first.wait_for(state="visible")
            visit.picture(report, "hub-feedback")
    finally:
        visit.close()


def day(student, password, lecturer, grade, pictures=False, alone=False):
    """The student's day up to the submission, `grade()` (the lecturer's grading, as root: its
    scores, name to (score, top); not called when the student failed `alone`, with no class to
    grade), the lecturer's review (`lecturer`: the lecturer's password) and the student's
    feedback: the problems found, and the scores."""
    try:
        try:
            student_submits(student, password, pictures)
        except Failure as failure:
            print(f"  browser: {failure}")
            return [str(failure)], {} if alone else grade()
        scores = grade()
        if student not in scores:
            return [], scores  # the grading's problems name it
        try:
            lecturer_reviews(layout.LECTURER, lecturer, student, *scores[student], pictures)
            student_reads_feedback(student, password, *scores[student], pictures)
        except Failure as failure:
            print(f"  browser: {failure}")
            return [str(failure)], scores
        return [], scores
    finally:
        browser.stop()  # the test goes on with asyncio


def without_nbgrader(name):
    """Turns nbgrader's JupyterLab extension off in `name`'s own settings, as a student could:
    what the test must then fail on (shown once, `--without-nbgrader-extension`)."""
    folder = pathlib.Path(f"/home/{name}/.jupyter/labconfig")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyter/nbgrader": True}}))
    shutil.chown(folder.parent, name)
    for item in (folder, folder / "page_config.json"):
        shutil.chown(item, name)
