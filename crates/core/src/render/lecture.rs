//! The lecture's pictures: the squares a piece captures, the variables of the board, the
//! attacking pairs.

use super::Diagram;
use crate::board::{Board, Square};

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
