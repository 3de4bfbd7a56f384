"""The tools behind `make`: running and checking the notebooks, the browser and JupyterLab tests,
the coursework's release and grading test, the course hub's set-up and test. Each is run as
`python -m tools.NAME` (see tools/README.md). They build on the `coursework` package (the Rust
kernel's launcher, the grading, the hub's layout), which never imports this one; pyproject.toml
makes the two one installed package."""
