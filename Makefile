# nqueens: the commands the README gives. Every target does the set-up it needs.

CARGO ?= cargo

.PHONY: test lint unit bench build

## test: formatting, lints, and every test (unit, integration, doc, CLI)
test: lint unit

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --all-targets -- -D warnings

# Release: the solver tests search real boards, ten times faster optimised.
unit:
	$(CARGO) test --release

## bench: the criterion benchmarks whose figures the README quotes
bench:
	$(CARGO) bench --bench dp

build:
	$(CARGO) build --release
