"""What the nqueens course runs: the Rust kernel's launcher (`rust_kernel`), nbgrader's
Rust-aware executor (`evcxr_execute`) and the grading's preprocessors (`grading`, with `records`
and `outputs`), the grading sandbox (`sandbox`, with `kernel_relay`, a graded kernel's only door)
and the course hub's layout (`hub`). The `tools` package builds on it; nothing here imports
`tools`.

Two files are also shipped alone, without this package: `rust_kernel.py` (run by path by every
kernel spec, in the students' bundle and on the hub) and `evcxr_execute.py` (nbgrader's executor
for a student's Validate); neither imports anything of the package on the paths they take
there (the executor imports `sandbox` only when the course grades)."""
