"""The project's Python in the floors of docs/architecture.md: every module imports only from
floors below its own (so no circle, and `coursework` never imports `tools`), and no file edits
`sys.path`."""

import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def floors():
    """Module name to floor, from the architecture page's table of the Python."""
    table = {}
    for line in ARCHITECTURE.read_text(encoding="utf-8").splitlines():
        row = re.match(r"\| (\d+), `(coursework|tools)` \| ([^|]+) \|", line)
        if row:
            for name in re.findall(r"`([a-z_.]+)`", row.group(3)):
                table[f"{row.group(2)}.{name}"] = int(row.group(1))
    return table


def modules():
    """Every module of the package, by name, with its file."""
    found = {}
    for folder in ("coursework", "tools"):
        for path in (ROOT / folder).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "tests" in parts or "student" in parts or "source" in parts:
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def imported(path):
    """The package's modules a file imports, anywhere in it (lazy imports included)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names |= {f"{node.module}.{alias.name}" for alias in node.names} | {node.module}
    return {n for n in names if n.split(".")[0] in ("coursework", "tools")}


def arrows(table, found):
    """The imports that do not go down a floor: (importer, imported)."""
    wrong = []
    for name, path in found.items():
        if name not in table:
            continue
        for other in imported(path):
            if other in table and table[other] >= table[name]:
                wrong.append((name, other))
    return sorted(wrong)


def test_every_module_has_a_floor_and_every_import_goes_down():
    table = floors()
    found = modules()
    packages = {"coursework", "tools", "coursework.hub", "coursework.nbgrader_config",
                "coursework.hub.jupyterhub_config"}
    assert sorted(set(found) - set(table) - packages) == []
    assert sorted(set(table) - set(found)) == []
    assert arrows(table, found) == []


def test_an_import_up_a_floor_is_caught():
    table = floors()
    found = modules()
    table["coursework.rust_kernel"] = 9  # as if the launcher sat above the sandbox
    assert ("coursework.sandbox", "coursework.rust_kernel") in arrows(table, found)


def stray_imports(found):
    """Imports that bypass the package: a module of it by its bare name (`import sandbox`,
    which only a folder on the path can find), a relative import, and `tools` from `coursework`
    (the lower half never imports the upper)."""
    bare = {name.rsplit(".", 1)[-1] for name in found}
    stray = []
    for name, path in found.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level > 0:
                stray.append((name, "." * node.level + (node.module or "")))
            modules = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                       else [node.module] if isinstance(node, ast.ImportFrom) and node.module
                       else [])
            for module in modules:
                if module in bare and module not in ("coursework", "tools"):
                    stray.append((name, module))
                if name.startswith("coursework") and module.split(".")[0] == "tools":
                    stray.append((name, module))
    return sorted(stray)


def test_no_import_bypasses_the_package():
    assert stray_imports(modules()) == []


def test_a_bare_a_relative_and_an_upward_import_are_caught(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("import sandbox\nfrom . import grading\nfrom tools import hub\n")
    found = {"coursework.planted": planted, **modules()}
    assert stray_imports(found) == [("coursework.planted", ".")] + [
        ("coursework.planted", "sandbox"), ("coursework.planted", "tools")]


def test_nothing_edits_sys_path():
    edits = [str(path.relative_to(ROOT)) for folder in ("coursework", "tools")
             for path in (ROOT / folder).rglob("*.py")
             if "sys.path" in path.read_text(encoding="utf-8")
             and path.name != "test_floors.py"]
    assert edits == []
