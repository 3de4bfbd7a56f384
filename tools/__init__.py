"""The tools behind `make`: running and checking the notebooks, the browser and JupyterLab tests,
the coursework's release and grading, and the Rust kernel's kept build folder. Each is run from
the top folder of the repository as `python -m tools.NAME` (see tools/README.md); rust_kernel.py
alone is also run by path, by the kernel spec, and imports nothing of this package."""
