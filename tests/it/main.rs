//! The crate's integration tests, in one binary (one link of the crate, not one a file): a
//! module per part of the library, and the command line. Every solver answer is checked by a
//! certificate of its own: a model against every clause, a board for attacks, an unsatisfiable
//! answer against brute force or a DRAT proof.
//! (The coursework's checkers and judge have tests of their own, in `coursework/judge/tests/`.)

mod common;

mod agreement;
mod all_solutions;
mod backtrack;
mod cdcl;
#[cfg(feature = "cli")]
mod cli;
mod counting;
mod csp;
mod dimacs;
mod dp;
mod files;
#[cfg(feature = "cli")]
mod fuzz;
mod huge;
mod method;
mod parts;
#[cfg(feature = "plot")]
mod plot;
mod queens;
mod render;
mod simplify;
