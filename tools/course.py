"""What the coursework's tools share: where the course and its work copies are, nbgrader run
through its Python API in a process of its own, and notebooks read and written as JSON."""

import json
import os
import pathlib
import subprocess
import sys

from coursework import rust_kernel

ROOT = pathlib.Path(__file__).resolve().parent.parent
COURSE = ROOT / "coursework"
WORK = ROOT / "target" / "coursework"
STUDENTS_COPIES = ROOT / "notebooks" / "exercises"
VENV_BIN = pathlib.Path(sys.executable).parent

BEGIN, END = "// BEGIN SOLUTION", "// END SOLUTION"


def assignments():
    return sorted(p.name for p in (COURSE / "source").iterdir() if p.is_dir())


def nbgrader(action, assignment, root=WORK, student=None, check=True):
    """Runs nbgrader's `action` on an assignment (for every student, or one), through its
    Python API in a process of its own (tools/nbgrade.py), from the course folder (where its
    configuration is) on a work copy: the course's (`root`, by default), or one assignment's
    while it is graded. Its output; a failure ends the program, or without `check` is said on
    standard error and the output returned all the same."""
    env = dict(os.environ)
    env["NQUEENS_COURSE_ROOT"] = str(root)
    env["NQUEENS_CRATE"] = str(ROOT)
    # The grading kernels build in a cache of their own (coursework/rust_kernel.py), kept between
    # gradings: the first notebook compiles the coursework crate, the others find it built.
    env.setdefault("NQUEENS_KERNEL_CACHE", str(rust_kernel.user_cache() / "nqueens" / "grading"))
    # nbgrader runs alembic (its database migrations) as a program: it must be on PATH.
    env["PATH"] = f"{VENV_BIN}{os.pathsep}{env.get('PATH', '')}"
    done = subprocess.run([sys.executable, "-m", "tools.nbgrade", action, assignment,
                           *([student] if student else [])],
                          check=False, cwd=COURSE, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        said = f"nbgrader {action} {assignment} failed:\n{done.stdout}\n{done.stderr}"
        if check:
            sys.exit(said)
        print(said, file=sys.stderr)
    return done.stdout + done.stderr


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def dump(notebook, path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def source_text(cell):
    return "".join(cell["source"])


def set_source(cell, text):
    parts = text.split("\n")
    cell["source"] = [p + "\n" for p in parts[:-1]] + [parts[-1]]


# The cells whose outputs the students' copies keep: illustrations the task texts introduce
# (nbgrader's release clears every output; these carry no answer).
PICTURE = "-picture"


def grade_id_of(cell):
    """A cell's nbgrader id, or "" for a cell nbgrader does not know."""
    return cell["metadata"].get("nbgrader", {}).get("grade_id", "")
