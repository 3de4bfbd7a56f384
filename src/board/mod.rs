//! The chessboard (the core's: squares, pieces, symmetries, boards, and which queens attack each
//! other), with what the solvers add: every piece's moves ([`PieceMoves`]), the attacking pairs of
//! a board of any pieces ([`BoardAttacks`]) and a board's symmetry class ([`Symmetries`]). The
//! coursework asks for the rook's and the knight's moves and for the classes, which is why they
//! are here and not in the core the students' kit compiles.

pub use nqueens_core::board::*;

mod classes;
mod moves;

pub use classes::Symmetries;
pub use moves::{BoardAttacks, PieceMoves};
