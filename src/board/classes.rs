//! A board's symmetry class: its canonical member and its size. Part of the library's solvers,
//! not of the core, since the coursework asks students for both.

use super::{Board, Symmetry};

/// A board's symmetry class (`use nqueens::prelude::*;` brings it in).
pub trait Symmetries {
    /// The canonical member of the board's symmetry class: of its eight images, the one whose
    /// occupied squares, read row by row, come first. For a solution of n queens this is the
    /// image whose list of columns is smallest. Two boards are symmetric exactly when their
    /// canonical forms are equal.
    #[must_use]
    fn canonical(&self) -> Board;

    /// How many different boards the eight symmetries make of this one: 8 for most solutions,
    /// 4 or 2 for solutions that a half or a quarter turn leaves unchanged (1 only for boards
    /// with every symmetry, such as the empty board).
    fn class_size(&self) -> usize;
}

impl Symmetries for Board {
    fn canonical(&self) -> Board {
        Symmetry::ALL
            .iter()
            .map(|&s| self.transformed(s))
            .min_by(|a, b| a.pieces().cmp(b.pieces()))
            .unwrap_or_else(|| self.clone())
    }

    fn class_size(&self) -> usize {
        let mut images: Vec<Board> = Symmetry::ALL.iter().map(|&s| self.transformed(s)).collect();
        images.sort_by(|a, b| a.pieces().cmp(b.pieces()));
        images.dedup();
        images.len()
    }
}
