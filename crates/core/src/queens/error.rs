//! [`QueensError`]: why the n-queens puzzle could not be set up, solved or decoded. A leaf of
//! the folder: every file of `queens/` imports it from here, and it imports none of them but the
//! CSP's size.

use std::fmt;

use crate::budget::Limit;
use crate::failure::Failure;
use crate::logic::Variable;

impl From<QueensError> for Failure {
    /// No solution, a budget run out, a bug caught by the check: no answer; the rest is input.
    fn from(error: QueensError) -> Self {
        match error {
            QueensError::NoSolution { .. }
            | QueensError::GaveUp { .. }
            | QueensError::Wrong { .. } => Failure::output(error),
            _ => Failure::input(error),
        }
    }
}

/// Why the n-queens puzzle could not be set up, solved or decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueensError {
    /// n = 0.
    Empty,
    /// The encoding would not fit in memory.
    TooLarge {
        /// The board size asked for.
        n: usize,
        /// The encoding asked for, by name.
        encoding: &'static str,
        /// How many clauses it would need.
        clauses: u128,
        /// The most clauses the builder makes.
        max: u128,
    },
    /// The puzzle has no solution for this n (n = 2 or 3).
    NoSolution {
        /// The board size.
        n: usize,
    },
    /// The solver's budget ran out.
    GaveUp {
        /// The board size.
        n: usize,
        /// The solver, as the message names it.
        solver: &'static str,
        /// What ran out.
        after: Limit,
    },
    /// A solver's answer failed the independent check: a bug, reported rather than printed.
    Wrong {
        /// The solver.
        method: &'static str,
        /// What is wrong with its board.
        flaw: String,
    },
    /// The board is larger than a method takes.
    OutOfRange {
        /// The board size asked for.
        n: usize,
        /// The largest board the method takes.
        max: usize,
        /// The method, as the message names it ("counting", ...).
        method: &'static str,
    },
    /// The memory a method needs for this board is not to be had (the allocator refused it).
    OutOfMemory {
        /// The board size asked for.
        n: usize,
        /// The method, as the message names it.
        method: &'static str,
        /// About how many bytes it needs.
        bytes: u128,
    },
    /// A true variable `Q<r,c>` names a square off the board.
    OffBoard {
        /// The variable.
        variable: Variable,
        /// The board size.
        n: usize,
    },
}

impl fmt::Display for QueensError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueensError::Empty => {
                f.write_str("a board needs at least one row: n must be 1 or more")
            }
            QueensError::TooLarge {
                n,
                encoding,
                clauses,
                max,
            } => write!(
                f,
                "the {encoding} encoding of {n} queens needs {clauses} clauses, more than the {max} this builder makes; choose a smaller board"
            ),
            QueensError::OutOfRange { n, max, method } => write!(
                f,
                "{method} takes boards up to {max}×{max}; {n}×{n} is too large"
            ),
            QueensError::NoSolution { n } => write!(
                f,
                "{n} queens cannot be placed on a {n}×{n} board without attacking each other"
            ),
            QueensError::GaveUp { n, solver, after } => {
                write!(f, "{solver} gave up on {n} queens after {after}")
            }
            QueensError::Wrong { method, flaw } => write!(
                f,
                "internal error: {method} returned a board that is not a solution: {flaw}"
            ),
            QueensError::OutOfMemory { n, method, bytes } => {
                // In tenths of a gigabyte, rounded.
                let tenths = (bytes + 50_000_000) / 100_000_000;
                write!(
                    f,
                    "{method} of {n} queens needs about {}.{} GB of memory, more than this process can have; choose a smaller board",
                    tenths / 10,
                    tenths % 10
                )
            }
            QueensError::OffBoard { variable, n } => write!(
                f,
                "the model puts a queen on {variable}, which is off the {n}×{n} board"
            ),
        }
    }
}

impl std::error::Error for QueensError {}

impl QueensError {
    /// Why the CSP of n queens could not be built, as this error: too large, or no board.
    pub fn of_csp(n: usize, error: &crate::csp::CspError) -> Self {
        match error {
            crate::csp::CspError::TooLarge(_) => QueensError::OutOfRange {
                n,
                max: super::csp::MAX_CSP_N,
                method: "the CSP",
            },
            _ => QueensError::Empty,
        }
    }
}
