//! How the pieces other than the queen move, and where their lines end: part of the library's
//! solvers (the coursework asks students for the rook's and the knight's moves).

use super::{Direction, Piece, Square};

/// Whether `piece` (not a queen) on `from` attacks `to`, `rows` and `cols` apart (not both 0).
pub(super) fn attacks(piece: Piece, rows: usize, cols: usize, from: Square, to: Square) -> bool {
    match piece {
        Piece::Queen => super::queen_line(rows, cols),
        Piece::Rook => rows == 0 || cols == 0,
        Piece::Bishop => rows == cols,
        Piece::King => rows <= 1 && cols <= 1,
        Piece::Knight => (rows, cols) == (1, 2) || (rows, cols) == (2, 1),
        Piece::Pawn(Direction::Up) => cols == 1 && to.row + 1 == from.row,
        Piece::Pawn(Direction::Down) => cols == 1 && from.row + 1 == to.row,
    }
}

impl Piece {
    /// The last square the piece attacks in each direction it moves from `from` on an n×n
    /// board: where the lecture's arrows end. A piece that jumps (king, knight, pawn) reaches
    /// each of its squares directly, so those are its ends.
    pub fn ray_ends(self, from: Square, n: usize) -> Vec<Square> {
        const QUEEN: [(isize, isize); 8] = [
            (-1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
        ];
        let directions: Vec<(isize, isize)> = match self {
            Piece::Queen => QUEEN.to_vec(),
            Piece::Rook => QUEEN.iter().copied().filter(|(r, c)| r * c == 0).collect(),
            Piece::Bishop => QUEEN.iter().copied().filter(|(r, c)| r * c != 0).collect(),
            // Pieces that jump reach each of their squares directly.
            Piece::King | Piece::Knight | Piece::Pawn(_) => return self.sees(from, n),
        };
        let inside = |r: isize, c: isize| {
            (1..=n.cast_signed()).contains(&r) && (1..=n.cast_signed()).contains(&c)
        };
        let mut ends = Vec::new();
        for (dr, dc) in directions {
            let (mut r, mut c) = (from.row.cast_signed(), from.col.cast_signed());
            while inside(r + dr, c + dc) {
                (r, c) = (r + dr, c + dc);
            }
            if (r, c) != (from.row.cast_signed(), from.col.cast_signed()) {
                ends.push(Square::new(r.unsigned_abs(), c.unsigned_abs()));
            }
        }
        ends
    }
}
