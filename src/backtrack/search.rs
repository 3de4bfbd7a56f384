//! The lecture's searches on the grid: the squares each piece sees, and the fills row by row
//! (part of the library's solvers: the coursework asks students for some of them).

use super::{Grid, clone_board, has_queen, make_board, queen_sees};
use crate::prelude::*;
use std::time::Instant;

use crate::board::{Piece, Square};
use crate::budget::{Budget, Deadline, Limit};

/// Every square a rook on `square` sees: its row and its column.
pub fn rook_sees(square: Square, size: usize) -> Vec<Square> {
    Piece::Rook.sees(square, size)
}

/// Every square a bishop on `square` sees: both diagonals.
pub fn bishop_sees(square: Square, size: usize) -> Vec<Square> {
    Piece::Bishop.sees(square, size)
}

/// Every square a king on `square` sees: the (up to) eight around it.
pub fn king_sees(square: Square, size: usize) -> Vec<Square> {
    Piece::King.sees(square, size)
}

/// Every square a knight on `square` sees: a jump of two one way and one the other.
pub fn knight_sees(square: Square, size: usize) -> Vec<Square> {
    Piece::Knight.sees(square, size)
}

/// Every square a pawn on `square` sees: the two diagonally in front, in its direction.
pub fn pawn_sees(square: Square, size: usize, direction: crate::board::Direction) -> Vec<Square> {
    Piece::Pawn(direction).sees(square, size)
}

/// A free square in `row`, the first from column `from` on: one where the new piece sees no
/// piece, and no piece sees it (a pawn only looks one way).
fn free_square(
    grid: &Grid,
    row: usize,
    from: usize,
    sees: &dyn Fn(Square, usize) -> Vec<Square>,
) -> Option<usize> {
    let size = grid.len();
    let placed: Vec<Square> = (1..=size)
        .flat_map(|r| (1..=size).map(move |c| Square::new(r, c)))
        .filter(|s| grid[s.row - 1][s.col - 1])
        .collect();
    (from..=size).find(|&col| {
        let square = Square::new(row, col);
        !has_queen(grid, &sees(square, size))
            && !placed.iter().any(|&p| sees(p, size).contains(&square))
    })
}

/// What the naive fill did: the board, and whether every row got a queen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Filled {
    /// The board as far as it got.
    pub grid: Grid,
    /// `true` when every row holds a queen.
    pub complete: bool,
    /// The first row that had no free square, if it got stuck.
    pub stuck_at: Option<usize>,
}

/// The lecture's first try: row by row, a queen on the first square no queen sees, and no going
/// back. Returns the board where it stopped.
pub fn fill_board_naive(size: usize) -> Filled {
    let mut grid = make_board(size);
    for row in 1..=size {
        match free_square(&grid, row, 1, &queen_sees) {
            Some(col) => grid[row - 1][col - 1] = true,
            None => {
                return Filled {
                    grid,
                    complete: false,
                    stuck_at: Some(row),
                };
            }
        }
    }
    Filled {
        grid,
        complete: true,
        stuck_at: None,
    }
}

/// The lecture's backtracking fill, row by row, each row getting one piece on the first square
/// no earlier piece sees, for the piece whose lines `sees` gives (the lecture's suggestion: swap
/// [`queen_sees`] for another piece's); `None` when there is no way (queens on 2×2 and 3×3).
pub fn fill_board_recursion(
    size: usize,
    sees: &dyn Fn(Square, usize) -> Vec<Square>,
) -> Option<Grid> {
    fill_from(make_board(size), 1, sees, &mut |_, _| {})
}

/// One step of the lecture's fill, as the search took it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The board after the step.
    pub grid: Grid,
    /// The square the step put a queen on.
    pub placed: Square,
    /// Whether the search came back to this row to get here (the rows under it had no way on):
    /// queens were taken away and this row's queen moved along it.
    pub back: bool,
    /// The next row, when no square of it is free: a dead end, from which the search goes back.
    pub dead_end: Option<usize>,
}

/// Every step of the backtracking fill for queens, in order: each time it places a queen, and
/// whether it came back to that row and whether the next row is a dead end. For drawing the
/// search step by step.
pub fn fill_board_steps(size: usize) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    fill_from(make_board(size), 1, &queen_sees, &mut |grid, placed| {
        let back = steps
            .last()
            .is_some_and(|last| last.placed.row >= placed.row);
        let next = placed.row + 1;
        let stuck = next <= size && free_square(grid, next, 1, &queen_sees).is_none();
        steps.push(Step {
            grid: grid.clone(),
            placed,
            back,
            dead_end: stuck.then_some(next),
        });
    });
    steps
}

/// Rows `row..=size` of `grid`, by recursion as in the lecture; `on_place` is shown every board
/// with a new piece on it, and the piece's square. The depth is the board size, so this is meant for boards a person
/// can look at.
fn fill_from(
    grid: Grid,
    row: usize,
    sees: &dyn Fn(Square, usize) -> Vec<Square>,
    on_place: &mut dyn FnMut(&Grid, Square),
) -> Option<Grid> {
    let size = grid.len();
    if row > size {
        return Some(grid);
    }
    let mut from = 1;
    while let Some(col) = free_square(&grid, row, from, sees) {
        let mut next = clone_board(&grid);
        next[row - 1][col - 1] = true;
        on_place(&next, Square::new(row, col));
        if let Some(done) = fill_from(next, row + 1, sees, on_place) {
            return Some(done);
        }
        from = col + 1;
    }
    None
}

/// What [`solve_rows`] and [`count_rows`] did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RowSearch {
    /// The column of the queen in each row (1-based) of the first solution, if one was found.
    pub columns: Option<Vec<usize>>,
    /// The number of solutions found (at most 1 for [`solve_rows`]).
    pub solutions: u64,
    /// Queens placed (search nodes).
    pub nodes: u64,
    /// Squares looked at, placed on or not: the work, which the budget counts.
    pub squares: u64,
    /// Times a row ran out of free squares and the search went back a row.
    pub backtracks: u64,
    /// What ran out when the search stopped at its budget (its squares, or its time; `Squares(0)`
    /// for a board past [`MAX_ROWS`], which it does not try), so that "no solution" or a count is not the whole answer.
    pub gave_up: Option<Limit>,
}

/// The largest board the row search takes (its arrays grow with n); beyond it, it gives up at
/// once. (A budget smaller than n cannot find a board either; the search spends it, so that its
/// report says how many squares it tried.)
pub const MAX_ROWS: usize = 1 << 24;

/// The lecture's backtracking for queens, made to scale: the same search as
/// [`fill_board_recursion`] (row by row, each queen on the first free square from the left, back
/// a row when a row has none), so it finds the same board, but the board is three arrays of flags
/// (columns, falling and rising diagonals) so that a square is checked in constant time, the
/// recursion is a loop, and it stops after looking at `max_squares` squares. Each square costs
/// constant time, so the budget bounds the time.
///
/// Within the budget's nodes (squares tried) and time (the clock is read every 65,536 squares,
/// about a tenth of a millisecond).
///
/// ```
/// use nqueens::Budget;
/// use nqueens::backtrack::solve_rows;
/// let found = solve_rows(8, &Budget::nodes(1_000_000));
/// assert_eq!(found.columns, Some(vec![1, 5, 8, 6, 3, 7, 2, 4]));
/// assert_eq!(solve_rows(3, &Budget::default()).columns, None);
/// ```
pub fn solve_rows(n: usize, budget: &Budget) -> RowSearch {
    let max_squares = budget.max_nodes.unwrap_or(u64::MAX);
    solve_rows_by(n, max_squares, budget.deadline(Instant::now()))
}

/// [`solve_rows`], by a deadline set by the caller.
pub(crate) fn solve_rows_by(n: usize, max_squares: u64, deadline: Deadline) -> RowSearch {
    let mut first = None;
    let mut result = search_rows(n, max_squares, deadline, &mut |columns| {
        first = Some(columns.to_vec());
        true
    });
    result.columns = first;
    result
}

/// Counts every solution with the same search, going on after each one: 2, 10, 4, 40, 92 for
/// n = 4 … 8. Exponential in n; fine to about 12. Within the budget's nodes and time, as
/// [`solve_rows`].
pub fn count_rows(n: usize, budget: &Budget) -> RowSearch {
    let max_squares = budget.max_nodes.unwrap_or(u64::MAX);
    count_rows_by(n, max_squares, budget.deadline(Instant::now()))
}

/// [`count_rows`], by a deadline set by the caller.
pub(crate) fn count_rows_by(n: usize, max_squares: u64, deadline: Deadline) -> RowSearch {
    let mut first = None;
    let mut result = search_rows(n, max_squares, deadline, &mut |columns| {
        first.get_or_insert_with(|| columns.to_vec());
        false
    });
    result.columns = first;
    result
}

/// The search behind [`solve_rows`] and [`count_rows`]: each solution (1-based columns) goes to
/// `on_solution`, which returns `true` to stop there.
fn search_rows(
    n: usize,
    max_squares: u64,
    deadline: Deadline,
    on_solution: &mut dyn FnMut(&[usize]) -> bool,
) -> RowSearch {
    let mut result = RowSearch::default();
    if n == 0 {
        // The empty board holds its zero queens.
        result.solutions = 1;
        on_solution(&[]);
        return result;
    }
    if n > MAX_ROWS {
        result.gave_up = Some(Limit::Squares(0));
        return result;
    }
    let mut column_used = vec![false; n];
    // Falling diagonals by row - col + n - 1, rising ones by row + col (0-based).
    let mut falling = vec![false; 2 * n - 1];
    let mut rising = vec![false; 2 * n - 1];
    let mut placed = vec![0_usize; n];
    let mut next = vec![0_usize; n];
    let mut row = 0;
    loop {
        let mut free = None;
        for c in next[row]..n {
            if result.squares >= max_squares {
                result.gave_up = Some(Limit::Squares(max_squares));
                return result;
            }
            if result.squares.trailing_zeros() >= 16 && deadline.expired() {
                result.gave_up = Some(deadline.ran_out());
                return result;
            }
            result.squares += 1;
            if !column_used[c] && !falling[row + n - 1 - c] && !rising[row + c] {
                free = Some(c);
                break;
            }
        }
        if let Some(col) = free {
            result.nodes += 1;
            next[row] = col + 1;
            placed[row] = col;
            column_used[col] = true;
            falling[row + n - 1 - col] = true;
            rising[row + col] = true;
            if row + 1 < n {
                row += 1;
                next[row] = 0;
                continue;
            }
            result.solutions += 1;
            let columns: Vec<usize> = placed.iter().map(|c| c + 1).collect();
            if on_solution(&columns) {
                return result;
            }
        } else {
            result.backtracks += 1;
            if row == 0 {
                return result;
            }
            row -= 1;
        }
        // Take back the queen of this row before trying its next square.
        let col = placed[row];
        column_used[col] = false;
        falling[row + n - 1 - col] = false;
        rising[row + col] = false;
    }
}

/// Many pieces with none seeing another, greedily: go through the squares in order and put a
/// piece wherever it sees none of those placed and none sees it; do this once from each square
/// as the starting point and keep the fullest board. Greedy, so not always the most that fit:
/// on 8×8 it finds the most rooks (8), bishops (14) and kings (16), but 27 knights where 32 fit.
pub fn place_as_many(size: usize, piece: Piece) -> Grid {
    let squares: Vec<Square> = (1..=size)
        .flat_map(|r| (1..=size).map(move |c| Square::new(r, c)))
        .collect();
    let mut best = make_board(size);
    let mut best_count = 0;
    for start in 0..squares.len() {
        let mut grid = make_board(size);
        let mut count = 0;
        for &square in squares[start..].iter().chain(&squares[..start]) {
            let clashes = piece
                .sees(square, size)
                .iter()
                .any(|s| grid[s.row - 1][s.col - 1])
                || squares.iter().any(|&other| {
                    grid[other.row - 1][other.col - 1] && piece.attacks(other, square)
                });
            if !clashes {
                grid[square.row - 1][square.col - 1] = true;
                count += 1;
            }
        }
        if count > best_count {
            (best, best_count) = (grid, count);
        }
    }
    best
}
