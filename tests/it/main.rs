//! The crate's integration tests, in one binary (one link of the crate, not one a file): a
//! module per part of the library, and the command line. Every solver answer is checked by a
//! certificate of its own: a model against every clause, a board for attacks, an unsatisfiable
//! answer against brute force or a DRAT proof.
//! (The coursework's checkers and judge have tests of their own, in `crates/judge/tests/`.)

#[cfg(feature = "solvers")]
mod common;

#[cfg(feature = "solvers")]
mod agreement;
#[cfg(feature = "solvers")]
mod all_solutions;
#[cfg(feature = "solvers")]
mod backtrack;
#[cfg(feature = "solvers")]
mod cdcl;
#[cfg(feature = "cli")]
mod cli;
#[cfg(feature = "solvers")]
mod counting;
#[cfg(feature = "solvers")]
mod csp;
#[cfg(feature = "solvers")]
mod dimacs;
#[cfg(feature = "solvers")]
mod dp;
#[cfg(feature = "solvers")]
mod files;
#[cfg(feature = "cli")]
mod fuzz;
#[cfg(feature = "solvers")]
mod huge;
#[cfg(feature = "solvers")]
mod method;
#[cfg(feature = "solvers")]
mod parts;
#[cfg(feature = "plot")]
mod plot;
#[cfg(feature = "solvers")]
mod queens;
#[cfg(feature = "solvers")]
mod render;
#[cfg(feature = "solvers")]
mod simplify;
