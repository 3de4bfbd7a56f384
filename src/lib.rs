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

// Without the solvers (the coursework's kit) the documentation's links to them go nowhere.
#![cfg_attr(not(feature = "solvers"), allow(rustdoc::broken_intra_doc_links))]

pub mod backtrack;
pub mod board;
pub mod budget;
#[cfg(feature = "solvers")]
pub mod cdcl;
pub mod csp;
pub mod dp;
pub mod encode;
pub mod failure;
mod hash;
pub mod logic;
#[cfg(feature = "plot")]
pub mod plot;
pub mod queens;
pub mod render;
pub mod rng;
pub mod sat;
#[cfg(feature = "solvers")]
pub mod sat_file;
mod scan;

pub use board::{Board, Direction, Piece, Square, Symmetry};
pub use budget::{Budget, Deadline, Limit};
pub use failure::Failure;
pub use logic::{Clause, Clauses, Literal, Model, Variable};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
