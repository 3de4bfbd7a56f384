"""The grader's records of each grading, kept in the course folder and never shown to a student:
the nonce the hidden tests' inputs were drawn from, and what each test cell did.

A notebook's hidden inputs come from an HMAC of the course's secret over the student, the
assignment, the cell and a nonce the grader draws afresh (Python's `secrets`) whenever it grades
a notebook it has not graded before, so nothing a student writes or sends (a submission's time,
say) chooses them, and a submission made again meets new ones. The record of each grading keeps
its nonce beside a digest of the whole notebook (every cell's kind, source, metadata, tags,
attachments and outputs, and the notebook's own metadata): a regrade of the same notebook
(`nbgrader autograde --force`, a lecturer's second look) finds it and draws the same inputs, so
it gives the same score. A notebook changed in any way (a cell's tag that skips it, say) never
finds an earlier nonce.

`<course>/grading-records/<assignment>/<student>.json`: `{"gradings": [{"digest", "nonce",
"drawn", "cells": {grade_id: {"seconds", "first_answer", "stopped_at", "late_outputs",
"hidden_output"}}}]}`, the newest last; `hidden_output` is what the student's code printed
while a hidden test ran, which the feedback leaves out (the lecturer may read it here).
"""

import datetime
import fcntl
import hashlib
import json
import os
import pathlib
import secrets

FOLDER = "grading-records"
# At most this much of a hidden test's output is kept in the record.
KEPT_OUTPUT = 1 << 20


def digest_of(nb):
    """A digest of the whole notebook as submitted, in one canonical text (JSON, keys sorted)."""
    text = json.dumps(nb, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def path_of(course_root, assignment, student):
    return pathlib.Path(course_root) / FOLDER / assignment / f"{student}.json"


def read(path):
    """A record's gradings (none when it has no file yet)."""
    try:
        return json.loads(path.read_text())["gradings"]
    except FileNotFoundError:
        return []


def nonce_for(course_root, assignment, student, digest):
    """The nonce of this grading: that of the newest grading of the same notebook (same
    digest), else a new one."""
    for grading in reversed(read(path_of(course_root, assignment, student))):
        if grading["digest"] == digest:
            return grading["nonce"]
    return secrets.token_hex(16)


def append(course_root, assignment, student, digest, nonce, cells):
    """Adds a grading to the student's record (under a lock: gradings may run side by side)."""
    path = path_of(course_root, assignment, student)
    path.parent.mkdir(parents=True, exist_ok=True)
    os.chmod(path.parent.parent, 0o700)
    with open(path.with_name(path.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        gradings = read(path)
        gradings.append({"digest": digest, "nonce": nonce,
                         "drawn": datetime.datetime.now(datetime.UTC).isoformat(),
                         "cells": cells})
        partial = path.with_name(path.name + ".partial")
        partial.write_text(json.dumps({"gradings": gradings}, indent=1))
        partial.chmod(0o600)
        partial.rename(path)
