//! Every piece's moves, and where their lines end: part of the library's solvers, not of the
//! core (the coursework asks students for the rook's and the knight's moves).

use super::{Board, Direction, Piece, Square, queen_line};

/// Whether `piece` on `from` attacks `to`, `rows` and `cols` apart (not both 0).
fn attacks(piece: Piece, rows: usize, cols: usize, from: Square, to: Square) -> bool {
    match piece {
        Piece::Queen => queen_line(rows, cols),
        Piece::Rook => rows == 0 || cols == 0,
        Piece::Bishop => rows == cols,
        Piece::King => rows <= 1 && cols <= 1,
        Piece::Knight => (rows, cols) == (1, 2) || (rows, cols) == (2, 1),
        Piece::Pawn(Direction::Up) => cols == 1 && to.row + 1 == from.row,
        Piece::Pawn(Direction::Down) => cols == 1 && from.row + 1 == to.row,
    }
}

/// A piece's moves (`use nqueens::prelude::*;` brings them in).
pub trait PieceMoves {
    /// Whether this piece on `from` attacks `to`. A piece does not attack its own square.
    fn attacks(self, from: Square, to: Square) -> bool;

    /// Every square of an n×n board that this piece on `from` attacks, row by row.
    fn sees(self, from: Square, n: usize) -> Vec<Square>;

    /// The last square the piece attacks in each direction it moves from `from` on an n×n
    /// board: where the lecture's arrows end. A piece that jumps (king, knight, pawn) reaches
    /// each of its squares directly, so those are its ends.
    fn ray_ends(self, from: Square, n: usize) -> Vec<Square>;
}

impl PieceMoves for Piece {
    fn attacks(self, from: Square, to: Square) -> bool {
        let (rows, cols) = (from.row.abs_diff(to.row), from.col.abs_diff(to.col));
        rows + cols > 0 && attacks(self, rows, cols, from, to)
    }

    fn sees(self, from: Square, n: usize) -> Vec<Square> {
        (1..=n)
            .flat_map(|row| (1..=n).map(move |col| Square::new(row, col)))
            .filter(|&to| self.attacks(from, to))
            .collect()
    }

    fn ray_ends(self, from: Square, n: usize) -> Vec<Square> {
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

/// A board's attacking pairs of any pieces (`use nqueens::prelude::*;` brings it in).
pub trait BoardAttacks {
    /// Every pair of pieces where the first attacks the second, in order.
    fn conflicts(&self) -> Vec<(Square, Square)>;
}

impl BoardAttacks for Board {
    fn conflicts(&self) -> Vec<(Square, Square)> {
        self.conflicts_by(PieceMoves::attacks)
    }
}
