"""The students' nbgrader configuration, as their bundle holds it: beside the executor, without
the project's package, it loads the executor from its own folder and sets Validate to run it,
with the grading's settings off."""

import shutil
import subprocess
import sys

from tools import course

CHECK = """
from traitlets.config.loader import PyFileConfigLoader
config = PyFileConfigLoader("nbgrader_config.py", path=".").load_config()
names = [p.__name__ + " " + p.__module__ for p in config.Validator.preprocessors]
print(names[-1], config.EvcxrExecute.timeout, config.EvcxrExecute.get("grading", "unset"))
"""


def test_the_bundles_config_loads_the_executor_beside_it(tmp_path):
    for name in ("nbgrader_config.py", "evcxr_execute.py"):
        source = course.COURSE / ("student" if name == "nbgrader_config.py" else "") / name
        shutil.copy(source, tmp_path / name)
    # -I: no user site and no PYTHON* variables; the folder is not the package's, and the
    # package's own copy of the executor must not be the one found.
    done = subprocess.run([sys.executable, "-I", "-c", CHECK], cwd=tmp_path, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["EvcxrExecute", "evcxr_execute", "600", "unset"]


def test_the_bundles_config_fails_without_the_executor(tmp_path):
    shutil.copy(course.COURSE / "student" / "nbgrader_config.py", tmp_path)
    done = subprocess.run([sys.executable, "-I", "-c", CHECK], cwd=tmp_path, capture_output=True,
                          text=True, check=False)
    assert done.returncode != 0 and "evcxr_execute.py" in done.stderr
