//! The core of nqueens: the board and who attacks whom among queens, propositional logic in the
//! lecture's notation, the clauses that encode n queens, the lecture's CSP of n queens, the
//! parts of the lecture's Davis–Putnam that are not a search (`reduce`, `saturate`, the choice of
//! a literal), and the pictures. It holds no solver and no search, none of the library's answers
//! to the coursework's tasks: the students' kit compiles this crate. (Its pictures count the
//! attacking queens of a board pair by pair, not in the one pass the huge-board task asks for,
//! and the kit draws them for the task text's board only.) The `nqueens` crate adds the solvers
//! on top of it, re-exporting every module here under the same path but `hash` and `scan`,
//! helpers of its solvers.
//!
//! ```
//! use nqueens_core::{queens, render, Board, Square, Piece};
//!
//! let clauses = queens::all_clauses(8)?;            // the lecture's 512 clauses
//! assert_eq!((clauses.len(), clauses.variables().len()), (512, 64));
//! let mut board = Board::new(4);
//! for col in [2, 4, 1, 3] {
//!     board.place(Square::new(board.len() + 1, col), Piece::Queen)?;
//! }
//! assert!(board.is_solution());
//! let picture = render::conflicts(&board).render();
//! assert!(picture.as_str().contains("<svg"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

// The API documentation shows no sources: the course's students read it (on its website), and
// the solvers' sources answer tasks of the coursework.
#![cfg_attr(doc, doc(html_no_source))]
// The documentation names the solvers of the `nqueens` crate, which this one cannot link to.
#![allow(rustdoc::broken_intra_doc_links)]

pub mod backtrack;
pub mod board;
pub mod budget;
pub mod csp;
pub mod dp;
pub mod encode;
pub mod failure;
pub mod hash;
pub mod logic;
pub mod queens;
pub mod render;
pub mod rng;
pub mod sat;
pub mod scan;

pub use board::{Board, Direction, Piece, Square, Symmetry};
pub use budget::{Budget, Deadline, Limit};
pub use failure::Failure;
pub use logic::{Clause, Clauses, Literal, Model, Variable};
