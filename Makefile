# nqueens: the commands the README gives. Every target installs what it needs, once.

CARGO ?= cargo
PYTHON3 ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Every crate a kernel builds, which the kernel's launcher builds again when one changes.
CRATES := --crate . --crate crates/core --crate coursework/checkers --crate coursework/kit
EVCXR_VERSION := 0.22.0
KERNEL_SPEC := $(HOME)/.local/share/jupyter/kernels/rust/kernel.json

FUZZ_SECONDS ?= 60
HUB_STUDENTS ?= 5

.PHONY: site site-test rate hub hub-setup hub-test expected sandbox slurm-count slurm-test fuzz test lint unit bench build setup evcxr chromium minisat notebooks notebooks-update notebooks-check exercises exercises-pictures release exercises-check grade-test browser-test lab-test lab kernel kernel-warm kernel-test

## test: formatting, lints, every Rust test, the notebooks (executed, outputs unchanged), the
## boards of their HTML exports checked in a real browser, every notebook opened and run in
## JupyterLab itself, cold and warm, the kernels' kept builds, the students' copies of the
## coursework up to date, and nbgrader grading
## four submissions of every assignment; a count split into parts through a Slurm of one node;
## a class of five on JupyterHub, a student and the lecturer there in a real browser; the
## course's website built and opened in a real browser.
## The parts that share nothing run side by side (the Slurm test, the kernels' cache test, the
## students' copies, the notebooks, two at a time); the browser test reads the notebooks'
## exports after them, beside the website's build and test; the JupyterLab test runs alone, since it times the first board; the
## grading last (side by side itself), beside the hub's test (whose Slurm must not meet the
## Slurm test's: both are one node's daemons on the same ports).
test: lint unit
	$(MAKE) --no-print-directory -j4 --output-sync=target slurm-test kernel-test exercises-check notebooks-check
	$(MAKE) --no-print-directory -j2 --output-sync=target browser-test site-test
	$(MAKE) --no-print-directory lab-test
	$(MAKE) --no-print-directory -j2 --output-sync=target grade-test hub-test HUB_TEST_BESIDE=grade-test

# The workspace is linted whole, then the kit's crates alone (the kit, the checkers and the
# library's core: what the students' kit compiles, whose core then has no command-line options),
# and the library without its command line and charts (what the lecture notebooks compile).
KIT = -p coursework -p nqueens-checkers -p nqueens-core

lint: $(VENV)/.installed
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	$(CARGO) clippy -p nqueens --lib --no-default-features -- -D warnings
	$(CARGO) clippy $(KIT) --all-targets -- -D warnings
	$(PY) -m tools.run_notebooks --statements
	$(PY) -m ruff check --config tools/ruff.toml tools coursework

# Release: the solver tests search real boards, ten times faster optimised. Then the Python
# tools' own tests (tools/tests/).
unit: $(VENV)/.installed rate
	$(CARGO) test --release --workspace
	$(PY) -m pytest -q tools/tests

## expected: write coursework/checkers/src/expected.txt anew, the references' answers on every visible
## input, which the kit's checkers compare with, and the kit's list of checkers from the judge's
## table of tasks (coursework/kit/src/checkers.rs); a unit test fails while either is stale
expected:
	$(CARGO) build --release -p nqueens-judge
	target/release/nqueens-judge expected > target/expected.txt
	target/release/nqueens-judge kit > target/checkers.rs
	mv target/expected.txt coursework/checkers/src/expected.txt
	mv target/checkers.rs coursework/kit/src/checkers.rs

## fuzz: the DIMACS and constraint parsers, and the command line with its files, fed seeded
## mutations for FUZZ_SECONDS (60) seconds each (`make unit` runs a fixed 20,000 cases of each
## parser and 400 command lines)
fuzz:
	NQUEENS_FUZZ_SECONDS=$(FUZZ_SECONDS) $(CARGO) test --release --test it fuzz::

## bench: the benchmarks whose figures the README quotes (the CDCL ones side by side with
## MiniSat and CaDiCaL, installed when missing; sat_hard alone takes about an hour)
bench: minisat
	$(CARGO) bench --bench dp --bench csp --bench count --bench huge --bench count_large --bench cdcl --bench count_vs_c --bench sat_hard --bench sat_structured

# rate (crates.io), a DRAT checker independent of the crate's own, to which the tests give the
# proofs of CDCL with simplification (the DRAT format drat-trim reads; unlike drat-trim, it does
# not ignore a deleted unit clause): only when missing.
RATE_VERSION := 0.3.0
rate:
	@command -v rate >/dev/null || $(CARGO) install --quiet --locked rate --version $(RATE_VERSION)

# Debian's MiniSat and CaDiCaL, the references for the SAT benchmarks: only when missing.
minisat:
	@(command -v minisat && command -v cadical) >/dev/null || (apt-get update -qq && apt-get install -y -qq minisat cadical)

build:
	$(CARGO) build --release

## slurm-count N=… K=… [DIR=…]: count N queens on a Slurm cluster in K parts, a job array with a
## part a task and a merge job after them, results in DIR (default slurm-count-N-K); run it again
## and only the parts without a result are submitted (see tools/slurm/submit.sh)
slurm-count: build
	tools/slurm/submit.sh "$(N)" "$(K)" $(DIR)

## slurm-test: a Slurm of one node on this machine (slurm-wlm and munge installed when missing):
## 16 queens in 8 parts through sbatch must merge to `nqueens count 16`, a second submission runs
## only the parts taken away, and 18 queens in 1, 2, 4 and 8 parts gives the scaling table;
## says why and passes where Slurm cannot run (not root, no apt)
slurm-test: build
	tools/slurm/test.sh

## setup: the Python tools in .venv and the evcxr Rust kernel (each only if missing), and the
## kernel spec that builds in a kept directory (coursework/rust_kernel.py)
setup: $(VENV)/.installed evcxr kernel

# The pinned tools first, then the project's own package (pyproject.toml: coursework/ and tools/)
# in editable mode, without dependencies: its imports reach the files as they are.
$(VENV)/.installed: tools/requirements.txt tools/constraints.txt pyproject.toml
	$(PYTHON3) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r tools/requirements.txt \
		-c tools/constraints.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --editable .
	cat tools/requirements.txt tools/constraints.txt pyproject.toml > $@

# evcxr_jupyter, the pinned version with the changes of coursework/rust_kernel.py (EVCXR_CHANGE and
# LOCKED_CHANGES: two keep a kernel answering when clients come and go, one asks rust-analyzer
# only for a cell that keeps variables): building it takes 10-15 minutes on two cores, only when
# cargo does not list that build.
evcxr:
	@CARGO=$(CARGO) $(PYTHON3) coursework/rust_kernel.py --evcxr $(EVCXR_VERSION)
	@test -f $(KERNEL_SPEC) || evcxr_jupyter --install

# The Jupyter kernel spec in .venv (which Jupyter prefers to the user's): evcxr started by
# coursework/rust_kernel.py, which gives each kernel a build directory kept between starts.
kernel: $(VENV)/.installed evcxr
	@$(PY) coursework/rust_kernel.py --install $(VENV) $(CRATES)

## kernel-warm: build the crate once in the kernels' cache, for every way the notebooks load it,
## so that the first notebook opened shows its first board in seconds
kernel-warm: setup
	$(PY) coursework/rust_kernel.py --warm notebooks/*.ipynb notebooks/exercises/*.ipynb $(CRATES)

## kernel-test: the kernels' build cache: two kernels never share a directory, and a changed crate
## is built again after a restart (even when its files look older than the build); and a kernel
## keeps answering while clients come and go
kernel-test: setup
	$(PY) -m tools.kernel_test

## notebooks: execute every notebook headless; copies and HTML in target/notebooks/
notebooks: setup
	$(PY) -m tools.run_notebooks

## notebooks-update: execute and write the outputs back into notebooks/ (to commit)
notebooks-update: setup
	$(PY) -m tools.run_notebooks --update

## notebooks-check: execute and fail if any output differs from the committed one
notebooks-check: setup
	$(PY) -m tools.run_notebooks --check

## exercises: release the coursework with nbgrader (generate_assignment on coursework/source/),
## write the students' copies to notebooks/exercises/ and the students' bundle to
## target/nqueens-coursework.zip
exercises: setup
	$(PY) -m tools.coursework release

## exercises-pictures: run the assignments' sources and keep the outputs of their picture cells
## (illustrations, no answers), which the students' copies ship drawn; then `make exercises`
exercises-pictures: setup
	$(PY) -m tools.coursework pictures
	$(PY) -m tools.coursework release

## release: the same; the zip is what students get (the notebooks, the coursework crate, `make lab`)
release: exercises

## exercises-check: fail if notebooks/exercises/ is not what `make exercises` writes
exercises-check: setup
	$(PY) -m tools.coursework release --check

## grade-test: nbgrader autogrades the solutions, wrong answers and the untouched stubs of every
## assignment, an endless loop and cheats, and checks the scores and the feedback's pictures
grade-test: setup sandbox
	$(PY) -m tools.coursework grade

## sandbox: the grading kernels' sandbox (coursework/sandbox.py), as root and once: bubblewrap,
## and the toolchain where the kernels' users (one a kernel, no account) can read it
sandbox: setup
	$(PY) -m coursework.sandbox --install

## chromium: Debian's Chromium for the browser tests, installed or upgraded to the distribution's
## current version (what a new machine gets); prints the version
chromium:
	@tools/chromium.sh

## browser-test: open the notebooks' HTML exports in headless Chromium; screenshots in target/screenshots/
browser-test: chromium setup
	$(CARGO) build --release
	$(PY) -m tools.browser_test

## site: the course as a website in target/site/html, built by Jupyter Book from the committed
## notebooks without running them (docs/site.md): the lectures, the assignments as the students
## get them, the lecturer's pages, the API documentation; NQUEENS_HUB_URL and NQUEENS_REPO_URL
## make each lecture's launch button open it on the course hub; the site is checked for answers
site: $(VENV)/.installed
	$(PY) -m tools.site build

## site-test: every page of the site in headless Chromium, 1280 and 390 px wide, light and dark:
## no console error, every drawing of the committed outputs shown, no text under 9 px, no broken
## internal link, and a search that finds
site-test: site chromium
	$(PY) -m tools.site_test

## lab-test: JupyterLab itself, in headless Chromium, opens every notebook as committed and counts
## the boards it shows, then runs its cells through its UI and times the first board: cold (nothing
## built) for one notebook of each setup cell (01 and 07 on to the last cell, counted again), and
## warm (a fresh kernel on the cache a cold run built) for every one
lab-test: chromium setup
	$(PY) -m tools.lab_test

## hub: JupyterHub for a class, on this machine, as root (docs/hub.md): `hub-setup`, then the
## hub in the foreground on port 8000; students log in with their Unix accounts
hub: hub-setup
	$(PY) -m tools.hub start

## hub-setup: what the hub serves, installed once and brought up to date (tools/hub.py setup):
## its Python and proxy, the lectures and their crates, the warm build, the lecturer's course
hub-setup: setup sandbox
	$(PY) -m tools.hub setup

## hub-test: a class of HUB_STUDENTS (5) on a hub of its own: they log in, open lecture 01 to
## its first board, fetch, answer and submit assignment 01; the lecturer grades every submission;
## what students must not reach is refused; one more student and the lecturer spend the day in
## headless Chromium (screenshots in target/hub-test/browser/); first-board times, memory and
## grading time printed
hub-test: setup sandbox
	HUB_STUDENTS=$(HUB_STUDENTS) HUB_TEST_BESIDE=$(HUB_TEST_BESIDE) $(PY) -m tools.hub_test

## lab: JupyterLab on notebooks/ with the Rust kernel
lab: setup kernel-warm
	$(VENV)/bin/jupyter lab notebooks
