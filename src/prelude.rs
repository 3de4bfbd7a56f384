//! The traits that give the core's types their solver methods: a piece's moves
//! ([`PieceMoves`]: `attacks`, `sees`, `ray_ends`), a board's attacking pairs of any pieces
//! ([`BoardAttacks`]: `conflicts`), and a board's symmetry class ([`Symmetries`]: `canonical`,
//! `class_size`). `use nqueens::prelude::*;` brings them in.

pub use crate::board::{BoardAttacks, PieceMoves, Symmetries};
