//! The lecture's Davis–Putnam procedure: the core's `complement`, `reduce`, `saturate`, the
//! choice of a literal and its options, and here the searches: [`solve`], [`search`],
//! [`solve_by_sets`], and every model ([`satisfy_all`]). See the core's `dp` for the procedure
//! and how ours differs from the lecture's Python.

pub use nqueens_core::dp::*;

mod all;
mod engine;
mod solve;

pub use all::{Models, satisfy_all, satisfy_count, satisfy_one};
pub(crate) use solve::search_from;
pub use solve::{search, solve, solve_by_sets};
