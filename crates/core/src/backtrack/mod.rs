//! The introductory lecture's backtracking: the board as a grid of booleans, the squares a piece
//! sees, and filling the board row by row.
//!
//! As in the lecture, a board is a list of rows, each a list of `bool` (`true`: a piece stands
//! there). Squares are 1-based, as everywhere in this crate: `grid[row - 1][col - 1]`.
//!
//! * [`fill_board_naive`] puts a queen in the first free square of each row and never changes
//!   its mind; on 4×4 it gets stuck in row 3, and it returns the board where it got stuck.
//! * [`fill_board_recursion`] is the same with backtracking: when a row has no free square, it
//!   goes back a row and tries the next square there; it takes any piece's lines.
//! * [`place_as_many`] places pieces greedily anywhere, for pieces (like the knight) for which
//!   one per row makes no sense.

use crate::board::{Board, Piece, Square};

/// The lecture's board: `grid[row - 1][col - 1]` is `true` where a piece stands.
pub type Grid = Vec<Vec<bool>>;

/// An empty `size`×`size` board.
pub fn make_board(size: usize) -> Grid {
    vec![vec![false; size]; size]
}

/// The board as a framed grid, `X` where a piece stands, as the lecture draws it.
pub fn display_board(grid: &Grid) -> String {
    let divider = format!("{}+\n", "+---".repeat(grid.len()));
    let mut out = divider.clone();
    for row in grid {
        for &cell in row {
            out.push_str(if cell { "| X " } else { "|   " });
        }
        out.push_str("|\n");
        out.push_str(&divider);
    }
    out
}

/// Every square a queen on `square` sees on a `size`×`size` board: its row, its column and both
/// diagonals, without its own square.
pub fn queen_sees(square: Square, size: usize) -> Vec<Square> {
    (1..=size)
        .flat_map(|row| (1..=size).map(move |col| Square::new(row, col)))
        .filter(|&to| crate::board::queen_reaches(square, to))
        .collect()
}

/// Whether any of the squares holds a piece (squares off the grid hold none).
pub fn has_queen(grid: &Grid, squares: &[Square]) -> bool {
    squares.iter().any(|s| {
        s.row >= 1
            && s.col >= 1
            && grid
                .get(s.row - 1)
                .and_then(|r| r.get(s.col - 1))
                .copied()
                .unwrap_or(false)
    })
}

/// A copy of the board (in Rust, `grid.clone()` does the same).
pub fn clone_board(grid: &Grid) -> Grid {
    grid.clone()
}

/// The grid as a [`Board`] with `piece` on every marked square, to draw it.
pub fn to_board(grid: &Grid, piece: Piece) -> Board {
    let mut board = Board::new(grid.len());
    for (r, row) in grid.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            if cell {
                // On the board by construction.
                let _ = board.place(Square::new(r + 1, c + 1), piece);
            }
        }
    }
    board
}
