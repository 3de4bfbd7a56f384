//! The board's variables: `Q<r,c>` for a queen on row r, column c, its DIMACS number, and the
//! squares of each line (row, column, diagonal) whose variables the encodings constrain, and the
//! board a model's true variables put queens on.

use crate::board::{Board, Piece, Square};
use crate::logic::{Model, Variable};
use crate::queens::error::QueensError;

/// The variable `Q<row,col>`: a queen stands on that square.
pub fn var(row: usize, col: usize) -> Variable {
    Variable::intern(&format!("Q<{row},{col}>"))
}

/// The DIMACS number of `Q<row,col>` on the n×n board (row and column from 1): `(row − 1)·n +
/// col`, so the queens are `1..=n²` row by row, and any helper variables come after them.
///
/// ```
/// use nqueens_core::queens::{number, square_of_number};
/// assert_eq!((number(1, 1, 8), number(2, 1, 8), number(8, 8, 8)), (1, 9, 64));
/// assert_eq!(square_of_number(9, 8), Some(nqueens_core::Square::new(2, 1)));
/// assert_eq!(square_of_number(65, 8), None);
/// ```
pub fn number(row: usize, col: usize, n: usize) -> i32 {
    // The builders refuse boards whose n² does not fit far below i32::MAX.
    i32::try_from((row - 1) * n + col).unwrap_or(i32::MAX)
}

/// The square of a queen's DIMACS number (see [`number`]), or `None` for a number past the n²
/// queens (a helper variable) or not positive.
pub fn square_of_number(number: i32, n: usize) -> Option<Square> {
    let i = usize::try_from(number).ok()?.checked_sub(1)?;
    (i < n * n).then(|| Square::new(i / n + 1, i % n + 1))
}

/// The square of a variable named `Q<row,col>`, or `None` for any other name.
pub fn square_of(variable: Variable) -> Option<Square> {
    let inner = variable.name().strip_prefix("Q<")?.strip_suffix('>')?;
    let (row, col) = inner.split_once(',')?;
    Some(Square::new(row.parse().ok()?, col.parse().ok()?))
}

/// The squares of row `row`, by column (none if the row is off the board).
pub(super) fn row_squares(row: usize, n: usize) -> Vec<Square> {
    let on = (1..=n).contains(&row);
    (1..=n)
        .filter(|_| on)
        .map(|col| Square::new(row, col))
        .collect()
}

/// The squares of column `col`, from the top row down (none if the column is off the board).
pub(super) fn column_squares(col: usize, n: usize) -> Vec<Square> {
    let on = (1..=n).contains(&col);
    (1..=n)
        .filter(|_| on)
        .map(|row| Square::new(row, col))
        .collect()
}

/// The squares of the falling diagonal `row − col = k`, from the top row down (none off the
/// board).
pub(super) fn falling_squares(k: isize, n: usize) -> Vec<Square> {
    // col = row − k with both in 1..=n.
    (1..=n)
        .filter_map(|row| {
            let col = row.checked_add_signed(-k)?;
            (1..=n).contains(&col).then(|| Square::new(row, col))
        })
        .collect()
}

/// The squares of the rising diagonal `row + col = k`, from the top row down (none off the
/// board).
pub(super) fn rising_squares(k: usize, n: usize) -> Vec<Square> {
    // col = k − row with both in 1..=n.
    (1..=n)
        .filter_map(|row| {
            let col = k.checked_sub(row)?;
            (1..=n).contains(&col).then(|| Square::new(row, col))
        })
        .collect()
}

/// The variables `Q<r,c>` of some squares.
pub(super) fn vars(squares: &[Square]) -> Vec<Variable> {
    squares.iter().map(|sq| var(sq.row, sq.col)).collect()
}

/// Reads a board from a model: a queen on every square whose variable `Q<r,c>` is true.
///
/// Variables with other names are ignored, so models of encodings with helper variables decode
/// too. The board is not checked: see [`Board::is_solution`].
///
/// # Errors
/// [`QueensError::OffBoard`] when a true `Q<r,c>` lies outside the n×n board.
pub fn decode(model: &Model, n: usize) -> Result<Board, QueensError> {
    let mut board = Board::new(n);
    for variable in model.true_variables() {
        if let Some(square) = square_of(variable) {
            board
                .place(square, Piece::Queen)
                .map_err(|_| QueensError::OffBoard { variable, n })?;
        }
    }
    Ok(board)
}
