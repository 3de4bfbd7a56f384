"""The tools' tests import the project's package (`tools`, `coursework`), which `make setup`
installs into .venv in editable mode (pyproject.toml)."""
