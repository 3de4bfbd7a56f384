"""The release of the coursework: the students' kit crate, the assignments generated with
nbgrader and their picture cells drawn, the students' copies in notebooks/exercises/, the
students' bundle and its check (no solution, no hidden test, no reference answer)."""

import json
import os
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


def kit_sources(features=None):
    """The workspace's files the kit compiles, as cargo lists them (its dep-info) when it builds
    the kit's two dependencies: the library's core, and the checkers. The students' copy ships
    these and nothing else, so no file of the solvers (the nqueens crate's) or of the judge's
    crate. (With `features`, the files of the nqueens crate and its core in that build: a course
    hub's copy of the library for the lectures.)"""
    name = features.replace(",", "-") if features else "kit"
    target = ROOT / "target" / f"sources-{name}"
    if features:
        wanted = ",".join(f"nqueens/{feature}" for feature in features.split(","))
        packages = ["-p", "nqueens", "-p", "nqueens-core", "--no-default-features",
                    "--features", wanted]
        crates = ["libnqueens.d", "libnqueens_core.d"]
    else:
        packages = ["-p", "nqueens-core", "-p", "nqueens-checkers"]
        crates = ["libnqueens_core.d", "libnqueens_checkers.d"]
    subprocess.run(["cargo", "build", "--quiet", "--lib", *packages, "--target-dir", str(target)],
                   cwd=ROOT, check=True)
    files = set()
    for crate in crates:
        listed = (target / "debug" / crate).read_text(encoding="utf-8")
        files.update(pathlib.Path(f).resolve().relative_to(ROOT)
                     for f in listed.split(":", 1)[1].split())
    return sorted(files)


def copy_crates(sources, folder, crates):
    """`sources` (paths in the repository) copied into `folder` at the same paths, with a
    standalone manifest for each of `crates` (folders of the repository, "." the root's), whose
    path dependencies on each other stay as they are."""
    for source in sources:
        (folder / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / source, folder / source)
    for crate in crates:
        manifest = (ROOT / crate / "Cargo.toml").read_text(encoding="utf-8")
        (folder / crate).mkdir(parents=True, exist_ok=True)
        (folder / crate / "Cargo.toml").write_text(standalone(manifest), encoding="utf-8")


# The crates the kit compiles besides its own, which its copy keeps in kit/nqueens at their
# places in the repository.
KIT_CRATES = ("crates/core", "coursework/checkers")


def write_kit(folder):
    """The coursework crate in `folder`/kit, with its own copy of the two crates it depends on
    (the library's core and the checkers, in kit/nqueens): the files the kit compiles
    (`kit_sources`) and manifests; what the notebooks' `:dep coursework = { path = "kit" }`
    loads, with nothing outside it."""
    kit = folder / "kit"
    if kit.exists():
        shutil.rmtree(kit)
    shutil.copytree(COURSE / "kit" / "src", kit / "src")
    manifest = (COURSE / "kit" / "Cargo.toml").read_text(encoding="utf-8")
    (kit / "Cargo.toml").write_text(
        standalone(manifest, [(f'path = "{os.path.relpath(crate, "coursework/kit")}"',
                               f'path = "nqueens/{crate}"') for crate in KIT_CRATES]),
        encoding="utf-8")
    copy_crates(kit_sources(), kit / "nqueens", KIT_CRATES)
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


def task_table():
    """The judge's table of tasks (`nqueens-judge tasks`, built afresh): (assignment, checker,
    task) rows."""
    listed = subprocess.run(["cargo", "run", "--release", "--quiet", "-p", "nqueens-judge", "--",
                             "tasks"], cwd=ROOT, check=True, capture_output=True, text=True)
    return [tuple(line.split("\t")) for line in listed.stdout.splitlines()]


def checker_problems(table=None):
    """What disagrees between the judge's table of tasks and the assignments' sources: a test
    cell that calls a checker its assignment has no task for, and a task whose checker no test
    cell of its assignment calls."""
    table = task_table() if table is None else table
    problems = []
    for assignment in assignments():
        source = COURSE / "source" / assignment / f"{assignment}.ipynb"
        called = set()
        for cell in load(source)["cells"]:
            if cell["cell_type"] == "code":
                called.update(re.findall(r"::coursework::(check_\w+)", source_text(cell)))
        tasks = {checker for owner, checker, _ in table if owner == assignment}
        problems += [f"{assignment} calls {checker}, which its tasks in the judge's table lack"
                     for checker in sorted(called - tasks)]
        problems += [f"{assignment} has the task of {checker} in the judge's table, and no test "
                     "cell calls it" for checker in sorted(tasks - called)]
    problems += [f"the judge's table has {checker} in {owner}, which is no assignment"
                 for owner, checker, _ in table if owner not in assignments()]
    return problems


def command_release(check):
    released = release()
    tasks = checker_problems()
    if tasks:
        for problem in tasks:
            print("  " + problem)
        sys.exit("the judge's table of tasks and the assignments disagree")
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
    print(f"the judge's table of tasks: each of its {len(task_table())} checkers called by a test "
          "cell of its assignment, and no other")
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


def top_level(text, separator):
    """`text` split at each `separator` outside brackets (an arrow's `>` is no bracket)."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([{<" :
            depth += 1
        elif c in ")]}" or c == ">" and text[i - 1] != "-":
            depth -= 1
        elif c == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


def declared(text):
    """The functions Rust `text` declares outside `//` comments, each as `fn name(types) -> …`:
    its name, its parameters' types (their names left out, so that renaming one changes
    nothing) and what it returns, whitespace squeezed."""
    code = "\n".join(line.split("//")[0] for line in text.split("\n"))
    found = set()
    for match in re.finditer(r"\bfn\s+(\w+)[^(;{]*\(", code):
        depth, j = 1, match.end()
        while j < len(code) and depth:
            depth += {"(": 1, ")": -1}.get(code[j], 0)
            j += 1
        params = code[match.end():j - 1]
        k = j
        while k < len(code) and code[k] not in "{;":
            k += 1
        types = [top_level(param, ":")[-1].strip() for param in top_level(params, ",") if param.strip()]
        signature = f"fn {match.group(1)}({', '.join(types)}){code[j:k]}"
        found.add(" ".join(signature.split()))
    return found


def task_signatures():
    """Every function an assignment asks for, as its solution cell declares it (`declared`)."""
    signatures = set()
    for assignment in assignments():
        source = COURSE / "source" / assignment / f"{assignment}.ipynb"
        for cell in load(source)["cells"]:
            if cell["metadata"].get("nbgrader", {}).get("solution"):
                signatures |= declared(source_text(cell))
    return signatures


# Where the bundle keeps the kit.
KIT_IN_BUNDLE = "nqueens-coursework/kit/"


def kit_files():
    """The Rust files the bundle's kit holds: its own and those of the crates it compiles."""
    own = {KIT_IN_BUNDLE + str(path.relative_to(COURSE / "kit"))
           for path in (COURSE / "kit" / "src").rglob("*.rs")}
    return own | {f"{KIT_IN_BUNDLE}nqueens/{source}" for source in kit_sources()
                  if source.suffix == ".rs"}


def leaked_answers(sources, kit=None):
    """A second line behind the crates' boundary (the kit depends on no crate with an answer,
    and the compiler keeps it so): in `sources` (a bundle's Rust files, name: text), any file
    that is not one of the kit's (`kit`, by default `kit_files()`), and any function the
    assignments ask for, declared as a solution declares it."""
    kit = kit_files() if kit is None else kit
    tasks = task_signatures()
    problems = [f"the bundle holds {name}, which is no file of the kit"
                for name in sorted(sources) if name not in kit]
    for name, text in sorted(sources.items()):
        for signature in sorted(declared(text) & tasks):
            problems.append(f"the bundle's {name} declares {signature}, which a task asks for")
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
    for needed in ("kit/Cargo.toml", "kit/src/lib.rs", "kit/nqueens/crates/core/src/lib.rs",
                   "kit/nqueens/coursework/checkers/src/lib.rs", "Makefile",
                   "README.md", "nbgrader_config.py", "evcxr_execute.py", "rust_kernel.py"):
        if f"nqueens-coursework/{needed}" not in names:
            problems.append(f"the bundle lacks {needed}")
    rust = {name: content for name, content in text.items() if name.endswith(".rs")}
    kit = kit_files()
    problems += leaked_answers(rust, kit)
    # The check itself must see the judge's references when they are there.
    planted = (COURSE / "judge" / "src" / "reference.rs").read_text(encoding="utf-8")
    if not leaked_answers({f"{KIT_IN_BUNDLE}nqueens/coursework/checkers/src/lib.rs": planted}, kit):
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
