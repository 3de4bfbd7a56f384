//! The chessboard: an n×n grid with pieces on squares, which queens attack each other, and ASCII
//! pictures.
//!
//! Rows and columns are 1-based, as in the lecture: `(1, 1)` is the top-left square. The board
//! stores only its pieces, so a board of a million rows holding a million queens is cheap. The
//! other pieces' moves, and a board's symmetry class, are the `nqueens` crate's (its
//! `board::PieceMoves`, `board::BoardAttacks` and `board::Symmetries`): the coursework asks for
//! them, and this crate is what the students' kit compiles.

use std::collections::{BTreeMap, HashSet};
use std::fmt::{self, Write as _};

/// A square, by 1-based row and column. Its `Debug` form is the pair `(row, col)`, as the
/// lecture writes squares, so that a list of squares reads `[(1, 2), (2, 1)]`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The row, from 1 at the top.
    pub row: usize,
    /// The column, from 1 at the left.
    pub col: usize,
}

impl Square {
    /// The square in this row and column.
    pub fn new(row: usize, col: usize) -> Self {
        Square { row, col }
    }
}

impl std::str::FromStr for Square {
    type Err = String;

    /// `ROW,COL`, both from 1, as the command line takes a square: `"3,4"`.
    fn from_str(text: &str) -> Result<Self, String> {
        let parse = |t: &str| t.trim().parse::<usize>().ok().filter(|&v| v >= 1);
        match text.split_once(',') {
            Some((row, col)) => match (parse(row), parse(col)) {
                (Some(row), Some(col)) => Ok(Square::new(row, col)),
                _ => Err("expected ROW,COL with rows and columns from 1, such as 3,4".to_owned()),
            },
            None => Err("expected ROW,COL, such as 3,4".to_owned()),
        }
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row, self.col)
    }
}

/// The way a pawn moves: towards row 1 (`Up`) or towards row n (`Down`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Towards row 1, the top of the board.
    Up,
    /// Towards row n, the bottom of the board.
    Down,
}

/// A chess piece, with the squares it attacks. Pieces in between never block: as in the
/// n-queens puzzle, a piece sees along its lines to the edge of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// Its row, its column and both diagonals, at any distance.
    Queen,
    /// Its row and its column.
    Rook,
    /// Both diagonals.
    Bishop,
    /// The eight squares around it.
    King,
    /// The squares a knight's jump away: two in one direction and one across.
    Knight,
    /// The two squares diagonally in front of it, in the direction it moves.
    Pawn(Direction),
}

impl Piece {
    /// Every kind of piece (the pawn moving up).
    pub const ALL: [Piece; 6] = [
        Piece::Queen,
        Piece::Rook,
        Piece::Bishop,
        Piece::King,
        Piece::Knight,
        Piece::Pawn(Direction::Up),
    ];

    /// The letter that stands for the piece in ASCII pictures.
    pub fn letter(self) -> char {
        match self {
            Piece::Queen => 'Q',
            Piece::Rook => 'R',
            Piece::Bishop => 'B',
            Piece::King => 'K',
            Piece::Knight => 'N',
            Piece::Pawn(_) => 'P',
        }
    }

    /// The piece's name in English.
    pub fn name(self) -> &'static str {
        match self {
            Piece::Queen => "queen",
            Piece::Rook => "rook",
            Piece::Bishop => "bishop",
            Piece::King => "king",
            Piece::Knight => "knight",
            Piece::Pawn(_) => "pawn",
        }
    }
}

/// Whether a queen on `from` attacks `to`: they share a row, a column or a diagonal (a queen
/// does not attack its own square).
pub fn queen_reaches(from: Square, to: Square) -> bool {
    let (rows, cols) = (from.row.abs_diff(to.row), from.col.abs_diff(to.col));
    rows + cols > 0 && queen_line(rows, cols)
}

/// Whether two squares `rows` and `cols` apart share a row, a column or a diagonal: a queen's
/// line.
pub fn queen_line(rows: usize, cols: usize) -> bool {
    rows == 0 || cols == 0 || rows == cols
}

/// Why a board could not be built or changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// A square outside the board.
    OffBoard {
        /// The square.
        square: Square,
        /// The board's size.
        n: usize,
    },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::OffBoard { square, n } => write!(
                f,
                "{square} is off the {n}×{n} board (rows and columns run from 1 to {n})"
            ),
        }
    }
}

impl std::error::Error for BoardError {}

/// The eight symmetries of the square: four turns and four reflections. Each maps a square of an
/// n×n board to a square of the same board, and a solution of n queens to a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Leaves every square where it is.
    Identity,
    /// A quarter turn clockwise: the top row becomes the right column.
    Rotate90,
    /// A half turn.
    Rotate180,
    /// A quarter turn anticlockwise.
    Rotate270,
    /// The mirror image left to right (columns reversed).
    FlipColumns,
    /// The mirror image top to bottom (rows reversed).
    FlipRows,
    /// The reflection in the main diagonal, top left to bottom right (rows become columns).
    FlipDiagonal,
    /// The reflection in the other diagonal, top right to bottom left.
    FlipAntiDiagonal,
}

impl Symmetry {
    /// All eight, the turns first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipColumns,
        Symmetry::FlipRows,
        Symmetry::FlipDiagonal,
        Symmetry::FlipAntiDiagonal,
    ];

    /// Where the square goes on an n×n board.
    pub fn apply(self, square: Square, n: usize) -> Square {
        let Square { row: r, col: c } = square;
        let (mirror_r, mirror_c) = ((n + 1).wrapping_sub(r), (n + 1).wrapping_sub(c));
        let (row, col) = match self {
            Symmetry::Identity => (r, c),
            Symmetry::Rotate90 => (c, mirror_r),
            Symmetry::Rotate180 => (mirror_r, mirror_c),
            Symmetry::Rotate270 => (mirror_c, r),
            Symmetry::FlipColumns => (r, mirror_c),
            Symmetry::FlipRows => (mirror_r, c),
            Symmetry::FlipDiagonal => (c, r),
            Symmetry::FlipAntiDiagonal => (mirror_c, mirror_r),
        };
        Square::new(row, col)
    }

    /// A short name, as captions use it.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "turn 90°",
            Symmetry::Rotate180 => "turn 180°",
            Symmetry::Rotate270 => "turn 270°",
            Symmetry::FlipColumns => "mirror left-right",
            Symmetry::FlipRows => "mirror top-bottom",
            Symmetry::FlipDiagonal => "mirror in the diagonal",
            Symmetry::FlipAntiDiagonal => "mirror in the other diagonal",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An n×n board with pieces on some squares.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    n: usize,
    pieces: BTreeMap<Square, Piece>,
}

impl Board {
    /// An empty n×n board.
    pub fn new(n: usize) -> Self {
        Board {
            n,
            pieces: BTreeMap::new(),
        }
    }

    /// The board with one queen per row: `columns[i]` is the 1-based column of the queen in row
    /// `i + 1`. The board is `columns.len()` squares wide.
    ///
    /// # Errors
    /// A column outside `1..=n` is [`BoardError::OffBoard`].
    pub fn from_columns(columns: &[usize]) -> Result<Self, BoardError> {
        let mut board = Board::new(columns.len());
        for (i, &col) in columns.iter().enumerate() {
            board.place(Square::new(i + 1, col), Piece::Queen)?;
        }
        Ok(board)
    }

    /// The number of rows (and columns).
    pub fn size(&self) -> usize {
        self.n
    }

    /// Whether the square is on the board.
    pub fn contains(&self, square: Square) -> bool {
        (1..=self.n).contains(&square.row) && (1..=self.n).contains(&square.col)
    }

    /// Puts a piece on a square; returns the piece that was there.
    ///
    /// # Errors
    /// [`BoardError::OffBoard`] if the square is not on the board.
    pub fn place(&mut self, square: Square, piece: Piece) -> Result<Option<Piece>, BoardError> {
        if !self.contains(square) {
            return Err(BoardError::OffBoard { square, n: self.n });
        }
        Ok(self.pieces.insert(square, piece))
    }

    /// Takes the piece off a square; returns it.
    pub fn remove(&mut self, square: Square) -> Option<Piece> {
        self.pieces.remove(&square)
    }

    /// The piece on a square.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.pieces.get(&square).copied()
    }

    /// Every piece with its square, row by row.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.pieces.iter().map(|(&s, &p)| (s, p))
    }

    /// The squares that hold a queen, row by row.
    pub fn queens(&self) -> impl Iterator<Item = Square> + '_ {
        self.pieces()
            .filter(|&(_, p)| p == Piece::Queen)
            .map(|(s, _)| s)
    }

    /// The number of pieces.
    pub fn len(&self) -> usize {
        self.pieces.len()
    }

    /// Whether the board has no pieces.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The board moved by a symmetry of the square. Pieces keep their kind (a pawn keeps its
    /// direction).
    #[must_use]
    pub fn transformed(&self, symmetry: Symmetry) -> Board {
        Board {
            n: self.n,
            pieces: self
                .pieces
                .iter()
                .map(|(&s, &p)| (symmetry.apply(s, self.n), p))
                .collect(),
        }
    }

    /// The board's images under the eight symmetries, in the order of [`Symmetry::ALL`]
    /// (with repeats when the board is symmetric).
    pub fn images(&self) -> Vec<(Symmetry, Board)> {
        Symmetry::ALL
            .iter()
            .map(|&s| (s, self.transformed(s)))
            .collect()
    }

    /// For each row, the 1-based column of its leftmost piece, or `None` for an empty row.
    pub fn columns(&self) -> Vec<Option<usize>> {
        let mut columns = vec![None; self.n];
        for square in self.pieces.keys().rev() {
            columns[square.row - 1] = Some(square.col);
        }
        columns
    }

    /// Every pair of pieces where the first attacks the second, in order, by `attacks` (the
    /// moves of the pieces: see the `nqueens` crate's `board::BoardAttacks` for every piece's).
    pub fn conflicts_by(
        &self,
        attacks: impl Fn(Piece, Square, Square) -> bool,
    ) -> Vec<(Square, Square)> {
        let pieces: Vec<(Square, Piece)> = self.pieces().collect();
        let mut pairs = Vec::new();
        for &(from, piece) in &pieces {
            for &(to, _) in &pieces {
                if attacks(piece, from, to) {
                    pairs.push((from, to));
                }
            }
        }
        pairs
    }

    /// Every pair of queens where the first attacks the second, in order; the board's other
    /// pieces, if any, are left out (their moves are the `nqueens` crate's).
    pub fn queen_conflicts(&self) -> Vec<(Square, Square)> {
        self.conflicts_by(|piece, from, to| piece == Piece::Queen && queen_reaches(from, to))
    }

    /// Whether the board solves the n-queens puzzle: n queens, no other piece, none attacking
    /// another. Runs in time linear in the number of pieces.
    pub fn is_solution(&self) -> bool {
        if self.len() != self.n || self.pieces.values().any(|&p| p != Piece::Queen) {
            return false;
        }
        // Each queen claims its row, column and two diagonals; a line claimed twice is a conflict.
        let mut lines: HashSet<(u8, i128)> = HashSet::with_capacity(4 * self.n);
        self.queens().all(|s| {
            let (r, c) = (s.row as i128, s.col as i128);
            [(0, r), (1, c), (2, r - c), (3, r + c)]
                .into_iter()
                .all(|line| lines.insert(line))
        })
    }

    /// The board as a framed grid, one cell per square, like the backtracking lecture draws it.
    pub fn to_grid(&self) -> String {
        let divider = format!("{}+\n", "+---".repeat(self.n));
        let mut out = divider.clone();
        for row in 1..=self.n {
            for col in 1..=self.n {
                let piece = self.piece_at(Square::new(row, col));
                let _ = write!(out, "| {} ", piece.map_or(' ', Piece::letter));
            }
            out.push_str("|\n");
            out.push_str(&divider);
        }
        out
    }
}

/// The largest board [`Board`]'s `Display` prints square by square.
pub const MAX_PRINTED: usize = 1000;

impl fmt::Display for Board {
    /// One line per row, `Q` for a queen and `.` for an empty square, as the PyEDA essay prints.
    /// A board larger than [`MAX_PRINTED`] prints one line that says what it holds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.n > MAX_PRINTED {
            return write!(
                f,
                "{n}×{n} board with {} pieces (too large to print square by square)",
                self.pieces.len(),
                n = self.n
            );
        }
        for row in 1..=self.n {
            if row > 1 {
                f.write_str("\n")?;
            }
            for col in 1..=self.n {
                let piece = self.piece_at(Square::new(row, col));
                write!(f, "{}", piece.map_or('.', Piece::letter))?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board({n}×{n})", n = self.n)?;
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_solution_is_recognised() {
        let board = Board::from_columns(&[2, 4, 1, 3]).unwrap();
        assert!(board.is_solution());
        assert!(board.queen_conflicts().is_empty());
        assert_eq!(board.to_string(), ".Q..\n...Q\nQ...\n..Q.");
    }

    #[test]
    fn attacking_queens_are_found() {
        let board = Board::from_columns(&[1, 2, 4, 3]).unwrap();
        assert!(!board.is_solution());
        let conflicts = board.queen_conflicts();
        assert!(conflicts.contains(&(Square::new(1, 1), Square::new(2, 2))));
        assert!(conflicts.contains(&(Square::new(3, 4), Square::new(4, 3))));
        assert_eq!(conflicts.len(), 4, "two attacking pairs, each both ways");
    }

    #[test]
    fn squares_off_the_board_are_refused() {
        let error = Board::from_columns(&[1, 5, 2, 3]).unwrap_err();
        assert_eq!(
            error.to_string(),
            "row 2, column 5 is off the 4×4 board (rows and columns run from 1 to 4)"
        );
        assert!(Board::from_columns(&[0]).is_err());
    }

    #[test]
    fn the_grid_has_a_frame() {
        let board = Board::from_columns(&[1]).unwrap();
        assert_eq!(board.to_grid(), "+---+\n| Q |\n+---+\n");
    }
}
