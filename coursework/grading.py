"""The grading of the nqueens coursework, as nbgrader's preprocessors: what nbgrader_config.py
sets up with `configure`.

When grading, every kernel runs in the sandbox of sandbox.py, and no test cell judges anything:
it runs the student's function on the judge's inputs and prints the answers, the executor
(evcxr_execute.py) keeps each such cell's clock and the output that arrived in time, and the
judge (the program `nqueens-judge`, run here, outside the student's process) compares the
answers with its reference and writes the score (see CollectCells and JudgeCells). The hidden
tests' inputs come from a seed of the grader's (see hidden_seed): an HMAC-SHA-256 of the student,
the assignment, the cell and a nonce drawn for the grading (records.py) under the course's
secret (Python's own hmac and hashlib). What the student's kernel showed reaches the feedback as
text and images only (outputs.py).
"""

import hashlib
import hmac
import json
import os
import pathlib
import re
import secrets
import subprocess

import nbformat
from nbconvert.exporters import NotebookExporter
from nbconvert.preprocessors import ClearMetadataPreprocessor, Preprocessor
from nbgrader.preprocessors import (
    AssignLatePenalties,
    CheckCellMetadata,
    ClearHiddenTests,
    ClearMarkScheme,
    ClearOutput,
    ClearSolutions,
    ComputeChecksums,
    IgnorePattern,
    IncludeHeaderFooter,
    InstantiateTests,
    LimitOutput,
    LockCells,
    SaveAutoGrades,
    SaveCells,
)

from coursework import evcxr_execute, outputs, records
from coursework.evcxr_execute import EvcxrExecute

HERE = pathlib.Path(__file__).resolve().parent

# The course folder nbgrader works in, set by `configure` (its gradebook, and the grading secret
# beside it).
COURSE_ROOT = [str(HERE)]

DEP = re.compile(r'^(:dep coursework = \{ path = ")[^"]*(".*)$', re.MULTILINE)

# Where the setup cell's `:dep coursework` line points in what students get (nbgrader's release
# folder, the bundle of `make release`): the crate in a folder `kit` beside the notebook.
STUDENTS_KIT = "kit"


# Every graded notebook's kernel runs in the sandbox (sandbox.py): as a user of its own, seeing
# only the students' kit, read-only, and a build folder of its own. NQUEENS_GRADING_SANDBOX=off
# grades without it (the students' code then runs with the grader's rights: for a trusted class
# or a machine where the sandbox cannot run, never for strangers' work).
SANDBOX = os.environ.get("NQUEENS_GRADING_SANDBOX", "on") != "off"


class SandboxedExporter(NotebookExporter):
    """The exporter of autograde, which refuses at its making where the kernels cannot run in
    the sandbox: before nbgrader touches a folder (it removes a submission's earlier autograded
    copy first). So the formgrader's Autograde button, in a lecturer's server (not root), says
    why and changes nothing."""

    def __init__(self, **kwargs):
        if SANDBOX:
            evcxr_execute.refuse_without_sandbox()
        super().__init__(**kwargs)


class CratePath(Preprocessor):
    """Points the notebook's `:dep coursework = { path = ... }` line at the crate the kernel
    builds against, wherever nbgrader runs the notebook: in the sandbox, the students' kit as it
    sees it; without, this repository's coursework crate (coursework/kit)."""

    def crate(self):
        if SANDBOX:
            from coursework import sandbox

            return sandbox.KIT
        return os.environ.get("NQUEENS_KIT", str(HERE / "kit"))

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code":
            cell.source = DEP.sub(lambda m: m.group(1) + self.crate() + m.group(2), cell.source)
        return cell, resources


class CratePathBack(CratePath):
    """After the run, the `:dep` line as students have it, so that the graded notebook and its
    feedback show no path of the grading machine. Before generate_assignment, the same: the
    released copies (and their checksums) have the students' path."""

    def crate(self):
        return STUDENTS_KIT


class ClearNotes(Preprocessor):
    """Drops the course's own notes from the cells (the wrong answers the grading test uses),
    so that the released copies carry none."""

    def preprocess_cell(self, cell, resources, index):
        cell.metadata.pop("nqueens", None)
        return cell, resources




# What an answer may not hold: evcxr's commands, a line each (`:dep` would swap the crate the
# notebook loads, `:opt` the speed a time limit assumes). A crate the kit does not use cannot be
# loaded whatever a cell says (`extern crate`, say): the sandbox holds no other (sandbox.py).
NOT_AN_ANSWER = re.compile(r"^\s*:[A-Za-z]", re.MULTILINE)
# A test cell's checker, the student's function it checks, and how the cell scores.
CHECK = re.compile(r"::coursework::(hidden::)?(check_\w+)\((\w+)")
SCORE = re.compile(r"\.(grade|points)\(([^()]*)\);?\s*$")
# A hidden test's lines in the grader's copy of a cell, markers included.
HIDDEN_LINES = re.compile(r"^[ \t]*// BEGIN HIDDEN TESTS\n.*?^[ \t]*// END HIDDEN TESTS\n?",
                          re.MULTILINE | re.DOTALL)
# A test cell's time, kept by the executor outside the kernel: the calls of the student's
# function together (the checkers' own limit, report.rs's TIME_LIMIT), and the compile of the
# cell that makes them, which took at most 1.7 s in the grading test (three gradings and
# Validate runs on two cores) and a busier machine can slow further. Answers that arrive
# after the sum count for nothing.
RUN_SECONDS = 15
COMPILE_SECONDS = 10
CELL_SECONDS = RUN_SECONDS + COMPILE_SECONDS


def grading_secret():
    """The course's secret for the hidden tests' seeds: $NQUEENS_GRADING_SECRET, or a file in the
    course folder written on first use (keep it out of what students get)."""
    if os.environ.get("NQUEENS_GRADING_SECRET"):
        return os.environ["NQUEENS_GRADING_SECRET"].encode()
    return secret_file(COURSE_ROOT[0]).read_text().strip().encode()


def secret_file(course_root):
    """The grading secret's file in a course folder, written (mode 600) when missing."""
    path = pathlib.Path(course_root) / ".grading-secret"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path


def hidden_seed(student, assignment, grade_id, nonce):
    """The seed of one hidden test: different across students, cells, courses and gradings (the
    `nonce` the grader drew for this grading, records.py: a notebook submitted again meets new
    inputs, whatever it sends), the same for a regrade of the same notebook (which finds its
    nonce in the records), and never shown to a student (the reports do not name it)."""
    message = f"{student}/{assignment}/{grade_id}/{nonce}".encode()
    return int.from_bytes(hmac.new(grading_secret(), message, hashlib.sha256).digest()[:8], "big")


def judge_program():
    """The judge, built from this repository when missing (`NQUEENS_JUDGE` names another)."""
    if os.environ.get("NQUEENS_JUDGE"):
        return os.environ["NQUEENS_JUDGE"]
    program = HERE.parent / "target" / "release" / "nqueens-judge"
    if not program.exists():
        subprocess.run(["cargo", "build", "--release", "--quiet", "-p", "nqueens-judge"],
                       cwd=HERE.parent, check=True)
    return str(program)


# How long the judge may take over one cell's answers: the answers are the student's, and
# answers that keep it longer score 0 (see JudgeCells).
JUDGE_SECONDS = 120


def judge(*args, answers=None):
    """Runs the judge; its standard output."""
    done = subprocess.run([judge_program(), *args], input=answers, capture_output=True,
                          text=True, check=False, timeout=JUDGE_SECONDS)
    if done.returncode != 0:
        raise RuntimeError(f"nqueens-judge {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def written_by_student(cell):
    """Whether a cell's text is the student's (see evcxr_execute.course_cell)."""
    return not evcxr_execute.course_cell(cell)


class CollectCells(Preprocessor):
    """Before the run. Every test cell (`::coursework::check_…(f).grade()`, or a hidden test's
    `::coursework::hidden::check_…(f, SEED)`) becomes a cell that runs the student's `f` on the
    judge's inputs for that checker (the hidden ones of this grading's seeds) and prints the
    answers: `::coursework::answers::check_…(f, inputs)`, with its time limit in its metadata
    for the executor's clock. It judges nothing, and holds nothing a student could use to forge
    a score. The hidden tests move to the notebook's end, in their order (JudgeCells puts them
    back), so that no code of the student's runs after a hidden input has reached the kernel
    but the hidden tests' own calls, whose outputs the feedback leaves out. Every cell a student
    could write (the answers, and any cell they added) is run only if it holds no evcxr
    command; otherwise it is replaced by a comment."""

    def preprocess(self, nb, resources):
        grading = resources.get("nbgrader", {})
        student, assignment = grading.get("student", ""), grading.get("assignment", "")
        digest = records.digest_of(nb)
        nonce = records.nonce_for(COURSE_ROOT[0], assignment, student, digest)
        resources["nqueens_grading"] = {"digest": digest, "nonce": nonce}
        hidden = []
        for position, cell in enumerate(nb.cells):
            # What a student may have written into a cell's metadata under the grader's names
            # counts for nothing.
            for key in [k for k in cell.metadata if k.startswith("nqueens_")]:
                del cell.metadata[key]
            cell.metadata["nqueens_position"] = position
            meta = cell.metadata.get("nbgrader", {})
            if cell.cell_type != "code":
                continue
            if written_by_student(cell) and NOT_AN_ANSWER.search(cell.source):
                cell.source = ("// This cell held a line for the kernel (`:dep`, `:opt`, ...), "
                               "which answers may not use: it was not run.")
            if not meta.get("grade") or meta.get("solution"):
                continue
            checks = CHECK.findall(cell.source)
            scored = SCORE.search(cell.source)
            if not checks or not scored:
                continue
            is_hidden, checker, function = checks[-1]
            seed = hidden_seed(student, assignment, meta["grade_id"], nonce) if is_hidden \
                else None
            inputs = judge("inputs", checker, *(["--seed", str(seed)] if is_hidden else []))
            # A hidden test scores in proportion to the parts right (all or nothing for a
            # checker without parts); its cell ends with `grade()` in the students' copy, where
            # it only shows a note, so that Validate passes it.
            cell.metadata["nqueens_judge"] = {
                "checker": checker, "seed": seed, "source": cell.source,
                "kind": "points" if is_hidden else scored.group(1), "limit": CELL_SECONDS}
            fence = "#" * 4
            # (A line that starts with `:` would be an evcxr command.)
            cell.source = (f"let () = ::coursework::answers::{checker}({function}, "
                           f'r{fence}"{inputs.strip()}"{fence});')
            if is_hidden:
                hidden.append(cell)
        nb.cells = [c for c in nb.cells if c not in hidden] + hidden
        return nb, resources


# The judge's inputs as the collecting cell holds them (see CollectCells), which evcxr quotes
# back in a compile error: left out of what is kept, since the feedback is made from it.
INPUTS_LITERAL = re.compile(r'r#{4}".*?(?:"#{4}|\Z)', re.DOTALL)


# A terminal's escape sequences (colours), which evcxr puts into a compile error around each
# character of the code it quotes: taken out first, or the inputs' literal would not be found.
TERMINAL_ESCAPE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")
# The lines that carry answers for the judge (answers.rs), which the judge's report replaces.
ANSWER_LINE = re.compile(r"^nqueens-answer(?: .*|s-done)(?:\n|\Z)", re.MULTILINE)


def without_inputs(text):
    """Text (or a list of lines, as notebooks keep it) without colours and with the judge's
    inputs left out."""
    if isinstance(text, list):
        text = "".join(text)
    if not isinstance(text, str):
        return text
    return INPUTS_LITERAL.sub('r####"(the judge\'s inputs)"####', TERMINAL_ESCAPE.sub("", text))


def without_answers(output):
    """A stream output without the lines that carry answers (None if nothing else is left)."""
    if output.get("output_type") != "stream":
        return output
    text = ANSWER_LINE.sub("", outputs.as_text(output.get("text", "")))
    return nbformat.v4.new_output("stream", name=output["name"], text=text) if text else None


def as_display(output):
    """An output of the student's, kept in sight as a display that nbgrader does not score (a
    stream on stderr or an error would score the test cell 0)."""
    if output.get("output_type") == "stream":
        return nbformat.v4.new_output("display_data", data={"text/plain": output["text"]})
    if output.get("output_type") == "error":
        text = "\n".join([f"{output.get('ename', '')}: {output.get('evalue', '')}",
                          *output.get("traceback", [])])
        return nbformat.v4.new_output("display_data", data={"text/plain": text})
    return nbformat.v4.new_output("display_data", data=output.get("data", {}))


class JudgeCells(Preprocessor):
    """After the run: everything the student's kernel showed is remade as text and images only
    (outputs.py, the inputs the judge sent left out), and each test cell scores what the judge
    makes of the answers that arrived in time, and nothing else. A test cell's outputs become
    the judge's report (its words and drawing), then, for a visible test, whatever else the
    student's code showed there, as displays nbgrader does not score (a hidden test shows none
    of it: the lecturer finds it in the grading's record, records.py), then what nbgrader
    scores: a line on stderr when the judge gave nothing (0 points), the points for a cell with
    partial credit, nothing for a cell that passed (full points). The hidden tests go back to
    their places, and the cells' sources back to what the students' copies have, a hidden
    test's lines left out (nbgrader put them back before the run; the feedback is made from
    this copy). A Markdown cell the student added is shown as its text."""

    def preprocess(self, nb, resources):
        cells = {}
        for cell in nb.cells:
            cell.outputs = outputs.cleaned_outputs(cell.get("outputs", []), without_inputs) \
                if cell.cell_type == "code" else []
            if cell.cell_type in ("markdown", "raw") and written_by_student(cell):
                # Shown as typed, never as the HTML a raw or Markdown cell could carry.
                cell.source = outputs.markdown_as_text(cell.source)
                cell.cell_type = "markdown"
                for key in ("format", "raw_mimetype"):
                    cell.metadata.pop(key, None)
            meta = cell.metadata.pop("nqueens_judge", None)
            run = cell.metadata.pop("nqueens_run", {})
            if meta is not None:
                cells[cell.metadata["nbgrader"]["grade_id"]] = self.judged(cell, meta, run)
        nb.cells = sorted(nb.cells, key=lambda c: c.metadata.get("nqueens_position", 0))
        for cell in nb.cells:
            for key in [k for k in cell.metadata if k.startswith("nqueens_")]:
                del cell.metadata[key]
        grading = resources.get("nbgrader", {})
        made = resources.pop("nqueens_grading", None)
        if made and grading.get("student") is not None:
            records.append(COURSE_ROOT[0], grading.get("assignment", ""), grading["student"],
                           made["digest"], made["nonce"], cells)
        return nb, resources

    def judged(self, cell, meta, run):
        """Scores one test cell (see the class); what the grading's record keeps of it."""
        cell.source = HIDDEN_LINES.sub("", meta["source"])
        points = float(cell.metadata["nbgrader"]["points"])
        seed = ["--seed", str(meta["seed"])] if meta["seed"] is not None else []
        stopped = ["--stopped-at", str(run["stopped_at"])] if run.get("stopped_at") else []
        try:
            verdict = json.loads(judge("score", meta["checker"], *seed, "--points", str(points),
                                       *stopped, answers=run.get("stdout", "")))
        except subprocess.TimeoutExpired:
            said = (f"✘ the judge gave up after {JUDGE_SECONDS} s on the answers shown, so this "
                    "test scores 0\n")
            verdict = {"points": 0.0, "passed": False, "text": said,
                       "html": f"<div class=\"nqueens-report failed\"><p>{said}</p></div>"}
        score = verdict["points"] if meta["kind"] == "points" else \
            (points if verdict["passed"] else 0.0)
        shown = [kept for kept in map(without_answers, cell.outputs) if kept is not None]
        cell.outputs = [nbformat.v4.new_output(
            "display_data", data={"text/html": verdict["html"], "text/plain": verdict["text"]})]
        if meta["seed"] is None:
            cell.outputs += [as_display(o) for o in shown]
        if score <= 0:
            first = verdict["text"].split("\n", 1)[0]
            cell.outputs.append(nbformat.v4.new_output("stream", name="stderr", text=first + "\n"))
        elif meta["kind"] == "points":
            cell.outputs.append(nbformat.v4.new_output(
                "execute_result", data={"text/plain": f"{score:.2f}"}, execution_count=None))
        kept = {key: run.get(key) for key in ("seconds", "first_answer", "stopped_at",
                                              "late_outputs")}
        if meta["seed"] is not None:
            text = "".join(outputs.as_text(as_display(o)["data"].get("text/plain", ""))
                           for o in shown)
            kept["hidden_output"] = text[:records.KEPT_OUTPUT]
        return kept


class GradesBefore(Preprocessor):
    """Before the run: what the gradebook holds of this notebook's manual scores and extra
    credit (a regrade finds the lecturer's), for GradesAfter to compare."""

    def preprocess(self, nb, resources):
        resources["nqueens_grades"] = lecturers_grades(resources)
        return nb, resources


class GradesAfter(Preprocessor):
    """After the run: the notebook's manual scores and extra credit as they were before it. The
    sandbox keeps the gradebook out of the kernel's reach; this says so loudly if it ever did
    not, instead of saving grades a student's code could have written."""

    def preprocess(self, nb, resources):
        if lecturers_grades(resources) != resources.pop("nqueens_grades", None):
            raise RuntimeError("the gradebook's manual scores or extra credit changed while the "
                               "notebook ran: its code reached the gradebook; nothing is saved")
        return nb, resources


def lecturers_grades(resources):
    """The manual scores and extra credit of one student's notebook, as the gradebook holds
    them (empty before its first grading)."""
    from nbgrader.api import Gradebook, MissingEntry

    grading = resources["nbgrader"]
    with Gradebook(grading["db_url"]) as gradebook:
        try:
            notebook = gradebook.find_submission_notebook(
                grading["notebook"], grading["assignment"], grading["student"])
        except MissingEntry:
            return []
        return sorted((g.name, g.manual_score, g.extra_credit) for g in notebook.grades)


def configure(c):
    """Sets nbgrader up for the course: the folder, the Rust notebooks' solution and hidden-test
    markers, the evcxr executor (in the sandbox unless NQUEENS_GRADING_SANDBOX=off), and the
    preprocessors of generate_assignment and autograde."""
    # The first cell compiles the crate into the kernel: evcxr_execute allows for a cold build.
    # A checker stops a looping answer itself after 15 seconds.
    evcxr_execute.load(c)
    c.CourseDirectory.course_id = "nqueens"
    c.CourseDirectory.root = os.environ.get("NQUEENS_COURSE_ROOT", str(HERE))
    if os.environ.get("NQUEENS_EXCHANGE"):
        # A course hub's exchange (tools/hub.py), where students fetch and submit.
        c.Exchange.root = os.environ["NQUEENS_EXCHANGE"]
    COURSE_ROOT[0] = c.CourseDirectory.root

    c.ClearSolutions.code_stub = {"rust": "todo!()"}
    c.ClearSolutions.begin_solution_delimeter = "BEGIN SOLUTION"
    c.ClearSolutions.end_solution_delimeter = "END SOLUTION"
    c.ClearHiddenTests.begin_test_delimeter = "BEGIN HIDDEN TESTS"
    c.ClearHiddenTests.end_test_delimeter = "END HIDDEN TESTS"

    c.Autograde.exporter_class = SandboxedExporter
    c.EvcxrExecute.grading = True
    c.EvcxrExecute.sandbox = SANDBOX
    c.EvcxrExecute.course_root = c.CourseDirectory.root

    # nbconvert runs a preprocessor only when it is enabled.
    for preprocessor in (CratePath, CratePathBack, ClearNotes, CollectCells, JudgeCells,
                         GradesBefore, GradesAfter):
        c[preprocessor.__name__].enabled = True

    # The released copies point at the crate beside them (`kit/`), and their checksums say so.
    c.GenerateAssignment.preprocessors = [
        CratePathBack,
        ClearNotes,
        IncludeHeaderFooter,
        InstantiateTests,
        LockCells,
        ClearSolutions,
        ClearOutput,
        CheckCellMetadata,
        ComputeChecksums,
        SaveCells,
        ClearHiddenTests,
        ClearMarkScheme,
        ComputeChecksums,
        CheckCellMetadata,
    ]

    # nbgrader's own list, with the crate's path set for the run (and put back after it), the test
    # cells turned into collectors of answers and judged outside the kernel, and evcxr's replies
    # understood.
    c.Autograde.autograde_preprocessors = [
        CratePath,
        CollectCells,
        GradesBefore,
        EvcxrExecute,
        GradesAfter,
        JudgeCells,
        CratePathBack,
        IgnorePattern,
        ClearMetadataPreprocessor,
        LimitOutput,
        SaveAutoGrades,
        AssignLatePenalties,
        CheckCellMetadata,
    ]
