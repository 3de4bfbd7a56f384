"""The tools' tests import the tools as modules from the folder above."""

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
