//! The introductory lecture's search: `queen_sees` and `fill_board_recursion`.

use super::pieces::check_sees;
use super::report::{Parts, Report, quietly, within};
use super::trial;
use crate::backtrack::{self, Grid};
use crate::board::{Board, Piece, Square};
use crate::render;

/// The board sizes [`check_fill_board_recursion`] tries, one part of the score each.
pub const FILL_SIZES: std::ops::RangeInclusive<usize> = 1..=8;

/// Checks a student's `queen_sees(square, size)`, as [`check_sees`] does for any piece.
pub fn check_queen_sees(given: impl Fn(Square, usize) -> Vec<Square>) -> Report {
    check_sees(Piece::Queen, given)
}

/// What is wrong with a student's filled board of `size` rows, if anything: it must be `None`
/// when the queens do not fit (2 and 3), and otherwise a `size`×`size` grid with one queen per
/// row and no two queens attacking each other, and the first such board the lecture's search
/// meets (`first`, rows top to bottom, each row's columns left to right).
fn judge_fill(size: usize, answer: Option<&Grid>, first: Option<&Grid>) -> Option<String> {
    let fits = !matches!(size, 2 | 3);
    let Some(grid) = answer else {
        return fits.then(|| format!("returned None, but {size} queens fit on {size}×{size}"));
    };
    if !fits {
        return Some(format!(
            "returned a board, but {size} queens do not fit on {size}×{size}: the answer is None"
        ));
    }
    if grid.len() != size || grid.iter().any(|row| row.len() != size) {
        let widths: Vec<usize> = grid.iter().map(Vec::len).collect();
        return Some(format!(
            "returned a grid of {} rows (widths {widths:?}), not {size}×{size}",
            grid.len()
        ));
    }
    for (r, row) in grid.iter().enumerate() {
        let queens = row.iter().filter(|&&q| q).count();
        if queens != 1 {
            return Some(format!("row {} holds {queens} queens, not one", r + 1));
        }
    }
    let board = backtrack::to_board(grid, Piece::Queen);
    if let Some((a, b)) = board.conflicts().first() {
        return Some(format!(
            "the queens on ({}, {}) and ({}, {}) attack each other",
            a.row, a.col, b.row, b.col
        ));
    }
    let column = |grid: &Grid, r: usize| grid[r].iter().position(|&q| q).map_or(0, |c| c + 1);
    let first = first?;
    let row = (0..size).find(|&r| column(grid, r) != column(first, r))?;
    Some(format!(
        "the queens do not attack each other, but this is not the board the search finds first: \
         going row by row and trying each row's columns from the left, the queen of row {} stops \
         on column {} before it ever reaches your column {}",
        row + 1,
        column(first, row),
        column(grid, row)
    ))
}

/// Checks a student's `fill_board_recursion(size)`, the lecture's backtracking fill, for every
/// size from 1 to 8 (in a hidden test, two sizes from 9 to 16 drawn when graded): the board the
/// search finds first when it goes row by row and tries each row's columns from the left (one
/// queen per row, no two attacking), or `None` for sizes 2 and 3, where no such board exists.
/// Each size is one part of the score (sizes 1 to 3, which a constant answers, count only beside
/// a larger one); the report draws the first wrong board with its attacks.
pub fn check_fill_board_recursion(given: impl Fn(usize) -> Option<Grid>) -> Report {
    let exercise = "fill_board_recursion";
    within(exercise, || {
        let (sizes, which) = trial::sizes_for(
            exercise,
            FILL_SIZES,
            "every board from 1×1 to 8×8",
            9..=16,
            trial::boards,
        );
        let mut parts = Parts::new(exercise);
        for &size in &sizes {
            let answer = match quietly(|| given(size)) {
                Ok(answer) => answer,
                Err(message) => {
                    parts.wrong(|| {
                        (
                            format!("{exercise} panicked for size {size}: {message}"),
                            None,
                        )
                    });
                    continue;
                }
            };
            let first = backtrack::fill_board_recursion(size);
            match judge_fill(size, answer.as_ref(), first.as_ref()) {
                None if size <= 3 => parts.right_trivially(),
                None => parts.right(),
                Some(flaw) => parts.wrong(|| {
                    let picture = answer
                        .as_ref()
                        .map(|grid| render::conflicts(&to_board(grid, size)).render());
                    let drawn = if picture.is_some() {
                        "\n  The drawing: that board, its attacks in red."
                    } else {
                        ""
                    };
                    (
                        format!("{exercise}({size}) is wrong: {flaw}.{drawn}"),
                        picture,
                    )
                }),
            }
        }
        let last = sizes.last().copied().unwrap_or(8);
        parts.report(|total| {
            let text = format!(
                "✔ {exercise} finds the search's first board on {which} where queens fit, and None \
                 where they do not ({total} sizes).\nThe drawing: your {last}×{last} board.\n"
            );
            let picture = quietly(|| given(last))
                .ok()
                .flatten()
                .map(|grid| to_board(&grid, last).to_svg());
            (text, picture)
        })
    })
}

/// A student's grid as a board, cut or padded to `size` (a wrong shape is reported in words).
fn to_board(grid: &Grid, size: usize) -> Board {
    let mut board = Board::new(size.max(1));
    for (r, row) in grid.iter().enumerate().take(size) {
        for (c, &queen) in row.iter().enumerate().take(size) {
            if queen {
                let _ = board.place(Square::new(r + 1, c + 1), Piece::Queen);
            }
        }
    }
    board
}
