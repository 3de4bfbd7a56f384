//! The command line's pictures of a solution.

use super::{MAX_DRAWN, Svg};
use crate::board::{Board, Piece, Square};
use crate::failure::Failure;

/// What the command line's `solve --svg` draws: the solution ([`picture`](super::picture)), the solution with
/// every square labelled by its variable ([`labelled`](super::labelled)), or the lecture's
/// captures picture of a lone queen ([`attacks`](super::attacks)).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolutionPicture {
    /// Label every square with its variable `Q<r,c>`.
    pub labels: bool,
    /// Draw instead a lone queen on this square and the squares it attacks.
    pub attacks: Option<Square>,
}

impl SolutionPicture {
    /// Checks, before any solving, that the picture can be drawn for n queens: the labels and
    /// the captures picture draw whole boards, up to [`MAX_DRAWN`] rows, and the lone queen's
    /// square must be on the board.
    ///
    /// # Errors
    /// A [`Failure::input`] naming the flag.
    pub fn check(&self, n: usize) -> Result<(), Failure> {
        if (self.labels || self.attacks.is_some()) && n > MAX_DRAWN {
            return Err(Failure::input(format!(
                "--labels and --attacks draw whole boards, up to {MAX_DRAWN}×{MAX_DRAWN}"
            )));
        }
        match self.attacks {
            Some(square) if !Board::new(n).contains(square) => Err(Failure::input(format!(
                "--attacks {},{} is off the {n}×{n} board",
                square.row, square.col
            ))),
            _ => Ok(()),
        }
    }

    /// The picture of the queens in `columns` (the 1-based column of each row's queen), for a
    /// size that [`check`](Self::check) passed.
    pub fn draw(&self, columns: &[u32]) -> Svg {
        let n = columns.len();
        match self.attacks {
            Some(square) => super::attacks(n, square, true).render(),
            None if self.labels => {
                let mut board = Board::new(n);
                for (row, &col) in (1..).zip(columns) {
                    // A checked solution's squares are on its board.
                    let _ = board.place(Square::new(row, col as usize), Piece::Queen);
                }
                super::labelled(&board).render()
            }
            None => super::picture(columns),
        }
    }
}
