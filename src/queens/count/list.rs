//! Every solution as a board, and one board of each symmetry class: for small boards.

use super::size::full_mask;
use crate::board::Board;
use crate::prelude::*;
use crate::queens::QueensError;

/// Every solution of n queens, as boards, in the order of the bitboard search (row by row,
/// columns from the left). For small boards: 14,200 for n = 12.
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 14 (365,596 boards).
pub fn all_solutions(n: usize) -> Result<Vec<Board>, QueensError> {
    if n > 14 {
        return Err(QueensError::OutOfRange {
            n,
            max: 14,
            method: "listing every solution",
        });
    }
    let mut boards = Vec::new();
    let mut columns = Vec::with_capacity(n);
    list(full_mask(n), 0, 0, 0, &mut columns, &mut boards);
    Ok(boards)
}

fn list(
    full: u32,
    used: u32,
    falling: u32,
    rising: u32,
    columns: &mut Vec<usize>,
    out: &mut Vec<Board>,
) {
    if used == full {
        // Placed by the search itself, so always a valid set of columns.
        if let Ok(board) = Board::from_columns(columns) {
            out.push(board);
        }
        return;
    }
    let mut free = full & !(used | falling | rising);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        columns.push(bit.trailing_zeros() as usize + 1);
        list(
            full,
            used | bit,
            (falling | bit) << 1,
            (rising | bit) >> 1,
            columns,
            out,
        );
        columns.pop();
    }
}

/// One board of each symmetry class, the canonical one (see [`Board::canonical`]), in the order
/// of their canonical forms: 12 for n = 8.
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 14.
pub fn fundamental_solutions(n: usize) -> Result<Vec<Board>, QueensError> {
    let mut canonical: Vec<Board> = all_solutions(n)?
        .into_iter()
        .filter(|board| board.canonical() == *board)
        .collect();
    canonical.sort_by_key(Board::columns);
    Ok(canonical)
}
