"""The release of the coursework: the students' kit crate, the assignments generated with
nbgrader and their picture cells drawn, the students' copies in notebooks/exercises/, the
students' bundle and its check (no solution, no hidden test, no reference answer)."""

import json
import pathlib
import re
import shutil
import subprocess
import sys

from tools.course import (
    COURSE,
    PICTURE,
    ROOT,
    STUDENTS_COPIES,
    WORK,
    assignments,
    dump,
    grade_id_of,
    load,
    nbgrader,
    set_source,
    source_text,
)

# The sections of the library's Cargo.toml that a student's copy keeps: no benchmarks, command
# line, test-only dependencies, workspace or lints (the workspace's, which a copy is not in).
KEPT_SECTIONS = {"[package]", "[features]", "[dependencies]"}


def standalone(manifest, paths=()):
    """A crate's manifest for a copy outside the workspace: the kept sections, without the
    package fields that name files it leaves out, each (old, new) of `paths` replaced."""
    kept, keep = [], True
    for line in manifest.split("\n"):
        if line.startswith("["):
            keep = line.strip() in KEPT_SECTIONS
            # A comment just above a section left out goes with it.
            while not keep and kept and kept[-1].startswith("#"):
                kept.pop()
        if keep and not line.startswith(("default-run", "readme")):
            kept.append(line)
    text = "\n".join(kept).rstrip() + "\n"
    for old, new in paths:
        text = text.replace(old, new)
    return text


def library_manifest():
    """The library's Cargo.toml for a copy outside the workspace (see `standalone`)."""
    return standalone((ROOT / "Cargo.toml").read_text(encoding="utf-8"))


def kit_sources(features=None):
    """The files the kit compiles of the workspace's, as cargo lists them (its dep-info) when it
    builds the kit's two dependencies: the library without `solvers`, and the checkers. The
    students' copy ships these and nothing else, so no file of the solvers or the judge's
    crate. (With `features`, the library's files in that build alone: a course hub's copy of
    the library for the lectures.)"""
    name = features.replace(",", "-") if features else "kit"
    target = ROOT / "target" / f"sources-{name}"
    if features:
        packages = ["-p", "nqueens", "--no-default-features", "--features", features]
        crates = ["libnqueens.d"]
    else:
        packages = ["-p", "nqueens", "-p", "nqueens-checkers", "--no-default-features"]
        crates = ["libnqueens.d", "libnqueens_checkers.d"]
    subprocess.run(["cargo", "build", "--quiet", "--lib", *packages, "--target-dir", str(target)],
                   cwd=ROOT, check=True)
    files = set()
    for crate in crates:
        listed = (target / "debug" / crate).read_text(encoding="utf-8")
        files.update(pathlib.Path(f).resolve().relative_to(ROOT)
                     for f in listed.split(":", 1)[1].split())
    return sorted(files)


# Where the kit's copy keeps each crate it compiles: the library in kit/nqueens, the checkers in
# kit/checkers.
CHECKERS = pathlib.Path("crates") / "checkers"


def write_kit(folder):
    """The coursework crate in `folder`/kit, with its own copies of the library (kit/nqueens)
    and the checkers (kit/checkers): the files the kit compiles (`kit_sources`) and manifests;
    what the notebooks' `:dep coursework = { path = "kit" }` loads, with nothing outside it."""
    kit = folder / "kit"
    if kit.exists():
        shutil.rmtree(kit)
    shutil.copytree(COURSE / "kit" / "src", kit / "src")
    manifest = (COURSE / "kit" / "Cargo.toml").read_text(encoding="utf-8")
    (kit / "Cargo.toml").write_text(
        standalone(manifest, [('path = "../../crates/checkers"', 'path = "checkers"'),
                              ('path = "../.."', 'path = "nqueens"')]), encoding="utf-8")
    for source in kit_sources():
        if source.is_relative_to(CHECKERS):
            copy = kit / "checkers" / source.relative_to(CHECKERS)
        else:
            copy = kit / "nqueens" / source
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / source, copy)
    (kit / "nqueens" / "Cargo.toml").write_text(library_manifest(), encoding="utf-8")
    checkers = (ROOT / CHECKERS / "Cargo.toml").read_text(encoding="utf-8")
    (kit / "checkers" / "Cargo.toml").write_text(
        standalone(checkers, [('path = "../.."', 'path = "../nqueens"')]), encoding="utf-8")
    return kit


def release():
    """nbgrader generate_assignment for every assignment, in the work copy, and the coursework
    crate beside each released notebook (nbgrader's release folder is what students get)."""
    if WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True)
    shutil.copytree(COURSE / "source", WORK / "source")
    for assignment in assignments():
        nbgrader("generate_assignment", assignment)
        ship_pictures(assignment, WORK / "release" / assignment / f"{assignment}.ipynb")
        write_kit(WORK / "release" / assignment)
    return {a: WORK / "release" / a / f"{a}.ipynb" for a in assignments()}


def pictures_of(notebook):
    """The outputs of a notebook's picture cells, by grade id."""
    return {grade_id_of(cell): cell.get("outputs", []) for cell in notebook["cells"]
            if grade_id_of(cell).endswith(PICTURE)}


def comparable(outputs):
    """What a picture cell's outputs show: the text, and the images' sources (a graded notebook
    keeps a kernel's HTML only cleaned, coursework/outputs.py, which changes its markup but
    neither of these)."""
    shown = []
    for output in outputs:
        data = output.get("data", {})
        text = "".join(data.get("text/plain", ""))
        shown.append((text, re.findall(r'src="(data:[^"]*)"', "".join(data.get("text/html", "")))))
    return shown


def ship_pictures(assignment, released):
    """The released notebook with its picture cells drawn, from the outputs kept in the
    source."""
    kept = pictures_of(load(COURSE / "source" / assignment / f"{assignment}.ipynb"))
    notebook = load(released)
    for cell in notebook["cells"]:
        if grade_id_of(cell) in kept:
            cell["outputs"] = kept[grade_id_of(cell)]
    dump(notebook, released)


def command_pictures():
    """Runs every source with the Rust kernel, from its own folder (where its `:dep` line
    finds coursework/kit), and keeps the outputs of its picture cells."""
    import nbformat
    from nbclient import NotebookClient

    for assignment in assignments():
        path = COURSE / "source" / assignment / f"{assignment}.ipynb"
        executed = nbformat.read(path, as_version=4)
        client = NotebookClient(executed, timeout=600, kernel_name="rust", allow_errors=True,
                                resources={"metadata": {"path": str(path.parent)}})
        client.execute()
        drawn = pictures_of(json.loads(nbformat.writes(executed)))
        notebook = load(path)
        for cell in notebook["cells"]:
            grade_id = grade_id_of(cell)
            if grade_id in drawn:
                if any(o.get("output_type") == "error" for o in drawn[grade_id]):
                    sys.exit(f"{path.relative_to(ROOT)}: {grade_id} failed: {drawn[grade_id]}")
                # Kept without the count of the run that drew them.
                cell["outputs"] = [{**o, "execution_count": None}
                                   if o.get("output_type") == "execute_result" else o
                                   for o in drawn[grade_id]]
        dump(notebook, path)
        print(f"{path.relative_to(ROOT)}: {len(drawn)} pictures kept")
    return 0


def students_copy(released, kit="../../coursework/kit"):
    """A released notebook as it sits in notebooks/exercises/: the coursework crate at
    coursework/kit (or `kit`: a course hub's shared one), with the checksum of the cell that says
    so made anew (so that nbgrader's Validate finds no changed cell in an untouched copy)."""
    import nbformat
    from nbgrader.utils import compute_checksum

    notebook = load(released)
    for cell in notebook["cells"]:
        text = source_text(cell)
        if ":dep coursework" in text:
            set_source(cell, re.sub(r'path = "[^"]*"', f'path = "{kit}"', text))
            node = nbformat.from_dict({**cell, "source": source_text(cell)})
            cell["metadata"]["nbgrader"]["checksum"] = compute_checksum(node)
    return notebook


def command_release(check):
    released = release()
    archive = bundle(released)
    problems = check_bundle(archive)
    if problems:
        for problem in problems:
            print("  " + problem)
        sys.exit(f"{archive.relative_to(ROOT)}: the students' bundle must not be shipped")
    answers = lecture_answers()
    if answers:
        for problem in answers:
            print("  " + problem)
        sys.exit("the lecture notebooks must not answer a task")
    print(f"notebooks/: no lecture notebook defines a function an assignment asks for "
          f"({len(task_functions())} names)")
    print(f"{archive.relative_to(ROOT)}: the students' bundle, checked: no solution, hidden test "
          f"or reference in it")
    stale = []
    for assignment, path in released.items():
        copy = students_copy(path)
        target = STUDENTS_COPIES / f"{assignment}.ipynb"
        if check:
            if not target.exists() or load(target) != copy:
                stale.append(target.relative_to(ROOT))
        else:
            dump(copy, target)
            print(f"{target.relative_to(ROOT)}: written from {path.relative_to(ROOT)}")
    extra = sorted(p.name for p in STUDENTS_COPIES.glob("*.ipynb")
                   if p.stem not in released)
    if extra:
        stale.append(f"notebooks/exercises/ has notebooks with no source: {extra}")
    if stale:
        for item in stale:
            print(f"out of date: {item}")
        sys.exit("run `make exercises` and commit notebooks/exercises/")
    if check:
        print(f"notebooks/exercises/ matches the released assignments ({len(released)})")


BUNDLE = ROOT / "target" / "nqueens-coursework.zip"


def bundle(released):
    """The students' bundle: a zip of one folder with the released notebooks, the coursework
    crate they load (kit/, with its own copy of the library), and what opens them in JupyterLab
    with one command (coursework/student/: README, Makefile, nbgrader's settings for Validate).
    No solutions, hidden tests or grading configuration."""
    import zipfile

    folder = WORK / "bundle" / "nqueens-coursework"
    if folder.parent.exists():
        shutil.rmtree(folder.parent)
    folder.mkdir(parents=True)
    for path in released.values():
        shutil.copy(path, folder / path.name)
    write_kit(folder)
    for name in ("README.md", "Makefile", "nbgrader_config.py"):
        shutil.copy(COURSE / "student" / name, folder / name)
    shutil.copy(COURSE / "evcxr_execute.py", folder / "evcxr_execute.py")
    shutil.copy(ROOT / "coursework" / "rust_kernel.py", folder / "rust_kernel.py")
    shutil.copy(ROOT / "tools" / "requirements.txt", folder / "requirements.txt")
    with zipfile.ZipFile(BUNDLE, "w", zipfile.ZIP_DEFLATED) as archive:
        for file in sorted(folder.rglob("*")):
            if file.is_file():
                archive.write(file, file.relative_to(folder.parent))
    return BUNDLE


def skip_literal(text, i):
    """The index past the string, character literal or comment starting at `i`, or `i` when
    none starts there (a lifetime's quote is not a literal)."""
    if text.startswith("//", i):
        end = text.find("\n", i)
        return len(text) if end < 0 else end
    if text.startswith("/*", i):
        end = text.find("*/", i + 2)
        return len(text) if end < 0 else end + 2
    raw = re.match(r'b?r(#*)"', text[i:i + 40])
    if raw and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
        closing = '"' + raw.group(1)
        end = text.find(closing, i + raw.end())
        return len(text) if end < 0 else end + len(closing)
    if text[i] == '"':
        j = i + 1
        while j < len(text) and text[j] != '"':
            j += 2 if text[j] == "\\" else 1
        return j + 1
    char = re.match(r"'(\\.[^']*|[^\\'])'", text[i:i + 12])
    return i + char.end() if char else i


def without_comments(text):
    """Rust source with its comments (doc comments too) blanked out, its literals kept."""
    out, i = [], 0
    while i < len(text):
        past = skip_literal(text, i)
        if past > i:
            out.append(" " if text.startswith(("//", "/*"), i) else text[i:past])
            i = past
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def functions_of(text):
    """Every function defined in Rust source: (signature, body), each with its whitespace
    squeezed; the signature from `fn` to the body's brace."""
    found, i = [], 0
    squeeze = lambda part: " ".join(part.split())
    while True:
        match = re.compile(r"\bfn\s+[A-Za-z_]\w*").search(text, i)
        if not match:
            return found
        j = match.end()
        while j < len(text) and text[j] not in "{;":
            j = max(skip_literal(text, j), j + 1)
        if j >= len(text) or text[j] == ";":
            i = j
            continue
        depth, k = 0, j
        while k < len(text):
            past = skip_literal(text, k)
            if past > k:
                k = past
                continue
            depth += {"{": 1, "}": -1}.get(text[k], 0)
            k += 1
            if depth == 0:
                break
        found.append((squeeze(text[match.start():j]), squeeze(text[j:k])))
        i = match.end()


# A body this long (whitespace squeezed) is code of its own, not a one-line call that the kit
# and the solvers could both hold by chance.
SHORTEST_BODY = 60


def solver_functions():
    """The functions of the library's files that the kit does not compile (the solvers and the
    checkers' references), with their files: (file, signature, body)."""
    kit = set(kit_sources())
    found = []
    for path in sorted([*(ROOT / "src").rglob("*.rs"), *(ROOT / "crates").rglob("*.rs")]):
        name = path.relative_to(ROOT)
        if name in kit or "bin" in name.parts:
            continue
        for signature, body in functions_of(path.read_text(encoding="utf-8")):
            found.append((str(name), signature, body))
    return found


# The library's own answers to the tasks, beside the checkers' references (every function of
# crates/judge/src/reference.rs): the rook's and the knight's squares and moves, the fill, the
# search on clause sets, the CSP backtracking and the count.
LIBRARY_ANSWERS = {
    "src/backtrack/search.rs": {"rook_sees", "knight_sees", "fill_board_recursion", "fill_from"},
    "src/board/moves.rs": {"attacks", "ray_ends"},
    "src/dp/solve.rs": {"solve_by_sets"},
    "src/csp/solve/backtracking.rs": {"backtracking", "backtracking_by"},
    "src/queens/count/pieces.rs": {"count"},
    "src/board/classes.rs": {"canonical", "class_size"},
    "src/cdcl/schedule.rs": {"luby"},
}


# The checkers' references, the judge's: every function of the file answers a task.
REFERENCES = "crates/judge/src/reference.rs"


def is_answer(origin, signature):
    """Whether a function of the solvers answers a task: a reference, or one of the library's."""
    name = re.match(r"fn\s+(\w+)", signature).group(1)
    return origin == REFERENCES or name in LIBRARY_ANSWERS.get(origin, ())


def leaked_functions(sources):
    """The solvers' functions found in `sources` (file name: Rust text): an answer to a task by
    its signature (the function under its own name), and any of them by its body (the same code
    under another name)."""
    problems = []
    solvers = solver_functions()
    for name, text in sources.items():
        squeezed = " ".join(text.split())
        # Examples in doc comments (a wrong rook, a count from a table) are not definitions.
        defined = {signature for signature, _ in functions_of(without_comments(text))}
        for origin, signature, body in solvers:
            if signature in defined and is_answer(origin, signature):
                problems.append(f"the bundle's {name} defines {signature} (from {origin})")
            elif len(body) >= SHORTEST_BODY and body in squeezed:
                problems.append(f"the bundle's {name} holds the body of {signature} (from {origin})")
    return problems


# Functions of a lecture notebook that share a task's name and are not its answer: notebook 02
# writes the lecture's own `solve`; the assignment's `solve` also notes every split.
LECTURE_NAMESAKES = {("02-davis-putnam.ipynb", "solve")}


def task_functions():
    """Every function an assignment asks for: the names its solution cells define."""
    names = set()
    for assignment in assignments():
        source = COURSE / "source" / assignment / f"{assignment}.ipynb"
        for cell in load(source)["cells"]:
            if cell["metadata"].get("nbgrader", {}).get("solution"):
                names.update(re.findall(r"\bfn\s+(\w+)", source_text(cell)))
    return names


def lecture_answers(notebooks=None):
    """The lecture notebooks' code cells that define a function an assignment asks for (a
    lecture notebook is what every student reads: it must not answer a task)."""
    tasks = task_functions()
    problems = []
    for path in notebooks or sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in load(path)["cells"]:
            if cell["cell_type"] != "code":
                continue
            for name in re.findall(r"\bfn\s+(\w+)", source_text(cell)):
                if name in tasks and (path.name, name) not in LECTURE_NAMESAKES:
                    problems.append(f"{path.name} defines `{name}`, which an "
                                    "assignment asks for")
    return problems


def check_bundle(archive_path):
    """What the bundle must and must not hold; the problems found."""
    import zipfile

    problems = []
    with zipfile.ZipFile(archive_path) as archive:
        names = archive.namelist()
        text = {n: archive.read(n).decode("utf-8", "replace") for n in names}
    for assignment in assignments():
        if f"nqueens-coursework/{assignment}.ipynb" not in names:
            problems.append(f"the bundle lacks {assignment}.ipynb")
    for needed in ("kit/Cargo.toml", "kit/src/lib.rs", "kit/nqueens/src/lib.rs",
                   "kit/checkers/src/lib.rs", "Makefile",
                   "README.md", "nbgrader_config.py", "evcxr_execute.py", "rust_kernel.py"):
        if f"nqueens-coursework/{needed}" not in names:
            problems.append(f"the bundle lacks {needed}")
    rust = {name: content for name, content in text.items() if name.endswith(".rs")}
    problems += leaked_functions(rust)
    # The check itself must see a reference when one is there.
    planted = (ROOT / REFERENCES).read_text(encoding="utf-8")
    if not leaked_functions({"kit/checkers/src/reference.rs": planted}):
        problems.append("the check for the references did not find the references themselves")
    for name, content in text.items():
        if "BEGIN SOLUTION" in content or "BEGIN HIDDEN TESTS" in content \
                or "hidden::SEED" in content and name.endswith(".ipynb"):
            problems.append(f"the bundle's {name} holds a solution or a hidden test")
        instructors = name.endswith("/grading.py") or \
            name.endswith("/nbgrader_config.py") and "grading" in content
        if "/source/" in name or instructors:
            problems.append(f"the bundle holds the instructor's {name}")
    return problems
