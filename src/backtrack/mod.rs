//! The introductory lecture's backtracking: the board as a grid of booleans and the squares a
//! queen sees (the core's), and filling the board row by row.
//!
//! * [`fill_board_naive`] puts a queen in the first free square of each row and never changes
//!   its mind; on 4×4 it gets stuck in row 3, and it returns the board where it got stuck.
//! * [`fill_board_recursion`] is the same with backtracking: when a row has no free square, it
//!   goes back a row and tries the next square there; it takes any piece's lines.
//! * [`place_as_many`] places pieces greedily anywhere, for pieces (like the knight) for which
//!   one per row makes no sense.

pub use nqueens_core::backtrack::*;

mod search;
pub use search::*;
