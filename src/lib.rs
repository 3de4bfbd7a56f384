//! N-Queens the way a logic course teaches it, and further: propositional logic in the lecture's
//! notation, the lecture's Davis–Putnam solver, the clauses that encode the board, and boards.
//!
//! ```
//! use nqueens::{dp, queens};
//!
//! let clauses = queens::all_clauses(8)?;            // the lecture's 512 clauses
//! assert_eq!((clauses.len(), clauses.variables().len()), (512, 64));
//! let solution = dp::solve(&clauses);               // a set of unit clauses, or {{}}
//! let model = dp::search(&clauses, &dp::Options::default()).outcome;
//! let board = queens::decode(model.model().unwrap(), 8)?;
//! assert!(board.is_solution());
//! assert_eq!(solution.len(), 64);
//! println!("{board}");
//! # Ok::<(), queens::QueensError>(())
//! ```
//!
//! Layers call only downwards: [`logic`] knows nothing of solvers or queens; [`sat`] holds what
//! both solvers share; [`dp`] and [`cdcl`] are siblings above it; [`queens`] builds clauses,
//! places and counts queens, and decodes models into a [`board::Board`]; [`render`] and `plot`
//! draw what they are given.
//!
//! Everything but the solvers is the `nqueens-core` crate's (what the coursework's kit compiles),
//! re-exported here under the same paths: each module below that has solvers adds them to core's.

// The API documentation shows no sources: the course's students read it (on its website), and
// the solvers' sources answer tasks of the coursework.
#![cfg_attr(doc, doc(html_no_source))]
pub mod backtrack;
pub mod board;
pub use nqueens_core::budget;
pub mod cdcl;
pub mod csp;
pub mod dp;
pub use nqueens_core::encode;
pub use nqueens_core::failure;
pub use nqueens_core::logic;
#[cfg(feature = "plot")]
pub mod plot;
pub mod prelude;
pub mod queens;
pub mod render;
pub use nqueens_core::rng;
pub use nqueens_core::sat;
pub mod sat_file;

pub(crate) use nqueens_core::hash;

pub use board::{Board, Direction, Piece, Square, Symmetry};
pub use budget::{Budget, Deadline, Limit};
pub use failure::Failure;
pub use logic::{Clause, Clauses, Literal, Model, Variable};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
