//! The lecture's pictures: the squares a piece captures, the variables of the board, the
//! attacking pairs.

use super::Diagram;
#[cfg(feature = "solvers")]
use crate::board::Piece;
use crate::board::{Board, Square};

/// The lecture's *queen captures* picture: a queen on `square` of an empty n×n board with every
/// square it attacks shaded, and either an arrow along each of its lines (`arrows`) or a cross on
/// each attacked square.
#[cfg(feature = "solvers")]
pub fn attacks(n: usize, square: Square, arrows: bool) -> Diagram {
    attacks_of(n, square, Piece::Queen, arrows)
}

/// Like [`attacks`], for any piece.
#[cfg(feature = "solvers")]
pub fn attacks_of(n: usize, square: Square, piece: Piece, arrows: bool) -> Diagram {
    let mut board = Board::new(n);
    if board.place(square, piece).is_err() {
        return Diagram::new(&board);
    }
    let mut diagram = Diagram::new(&board);
    let ink = diagram.theme.ink.clone();
    for row in 1..=n {
        for col in 1..=n {
            let target = Square::new(row, col);
            if piece.attacks(square, target) {
                diagram = diagram.fill(target, &ink, 0.25);
                if !arrows {
                    diagram = diagram.mark(target);
                }
            }
        }
    }
    if arrows {
        for end in piece.ray_ends(square, n) {
            diagram = diagram.arrow(square, end);
        }
    }
    diagram
}

/// The lecture's *queens variables* picture: every square of an empty n×n board labelled with its
/// variable `Q<r,c>`.
pub fn variables(n: usize) -> Diagram {
    labelled(&Board::new(n))
}

/// The board with every square labelled by its variable `Q<r,c>`.
pub fn labelled(board: &Board) -> Diagram {
    let n = board.size();
    let mut diagram = Diagram::new(board);
    for row in 1..=n {
        for col in 1..=n {
            diagram = diagram.label(Square::new(row, col), &format!("Q<{row},{col}>"));
        }
    }
    diagram
}

/// The board with every attacking pair highlighted.
pub fn conflicts(board: &Board) -> Diagram {
    Diagram::new(board).conflicts()
}
