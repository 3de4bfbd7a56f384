"""The tools' tests import the tools as the package `tools`, from the repository's top folder."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2]))
