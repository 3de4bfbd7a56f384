//! Huge boards, a step further: counting what attacks what by the queens on each line, in one
//! pass, for boards far too large to compare every pair: the attacking pairs, the best column
//! of a min-conflicts step, and the greedy start of a min-conflicts repair.

use super::expected;
use super::report::{Parts, Report, first_wrong, quietly, within};
use super::trial::{self, Rows, board_of, hidden_inputs};
use nqueens_core::board::{Board, Piece, Square};
use nqueens_core::render::{self, Svg};
use nqueens_core::rng::Rng;

/// The size of the large board the visible tests of [`check_attacking_pairs`] and
/// [`check_best_column`] end with, which comparing every pair of queens does not finish in time.
pub const LARGE_BOARD: usize = 100_000;

/// The boards [`check_attacking_pairs`] tries: 150 of 1 to 10 queens in random columns (two may
/// share one), then one of [`LARGE_BOARD`] queens, the same every time.
pub fn pair_boards() -> Vec<Rows> {
    let mut rng = Rng::new(0x0700);
    let mut boards: Vec<Rows> = (0..150)
        .map(|_| {
            let n = 1 + rng.below(10);
            trial::listed_board(&mut rng, n)
        })
        .collect();
    boards.push((LARGE_BOARD, 0x0701, Vec::new()));
    boards
}

/// The boards and rows [`check_best_column`] tries: 150 boards of 1 to 10 queens in random
/// columns, each with a random row, then a row of one board of [`LARGE_BOARD`] queens.
pub fn column_cases() -> Vec<(Rows, usize)> {
    let mut rng = Rng::new(0x0702);
    let mut cases: Vec<(Rows, usize)> = (0..150)
        .map(|_| {
            let n = 1 + rng.below(10);
            (trial::listed_board(&mut rng, n), 1 + rng.below(n))
        })
        .collect();
    cases.push(((LARGE_BOARD, 0x0703, Vec::new()), LARGE_BOARD / 2 + 7));
    cases
}

/// The sizes [`check_greedy_start`] tries, one part of the score each.
pub const GREEDY_SIZES: std::ops::RangeInclusive<usize> = 1..=16;

/// Checks a student's `attacking_pairs(columns)`: how many pairs of queens share a column or a
/// diagonal, the queen of row r (from 1) standing in column `columns[r - 1]`. Compared with the
/// reference on every board of [`pair_boards`] (in a hidden test, 100 boards of 11 to 40 queens
/// and three of 50,000 to 100,000, drawn when graded). A wrong count is reported as too few or
/// too many, a small board drawn with its attacks.
pub fn check_attacking_pairs(given: impl Fn(&[usize]) -> u64) -> Report {
    pairs_by_rows(|rows| given(&board_of(rows)))
}

/// [`check_attacking_pairs`] with the student's function taking a board as it travels (the
/// judge's stand-in answers by it, a large board as its size and seed).
pub fn pairs_by_rows(given: impl Fn(&Rows) -> u64) -> Report {
    let exercise = "attacking_pairs";
    within(exercise, || {
        let (boards, which) = hidden_inputs(exercise).unwrap_or_else(|| {
            (
                pair_boards(),
                format!("150 boards of 1 to 10 queens and one of {LARGE_BOARD}"),
            )
        });
        first_wrong(
            exercise,
            (&boards, &which, "board"),
            |rows| board_words(&board_of(rows)),
            |rows| {
                let columns = board_of(rows);
                picture(&columns, columns.len(), None)
            },
            |rows| {
                let answer = quietly(|| given(rows))?;
                let expected = expected::for_attacking_pairs(rows);
                Ok((answer != expected).then(|| {
                    let what = if answer < expected {
                        "too few"
                    } else {
                        "too many"
                    };
                    let columns = board_of(rows);
                    let drawn = picture(&columns, columns.len(), None);
                    (format!("{answer} is {what}."), drawn)
                }))
            },
        )
    })
}

/// Checks a student's `best_column(columns, row)`: the column (1 to n) where the queen of `row`
/// (from 1) would be attacked by the fewest other queens (each queen of another row that shares
/// that square's column or a diagonal counts once), the leftmost on a tie; its own column is a
/// candidate too. On every case of [`column_cases`] (in a hidden test, 100 rows of boards of 11
/// to 40 queens and one row of each of three boards of 50,000 to 100,000, drawn when graded). A
/// wrong column is drawn on a small board, each square of the row labelled with its attackers.
pub fn check_best_column(given: impl Fn(&[usize], usize) -> usize) -> Report {
    best_column_by_rows(|rows, row| given(&board_of(rows), row))
}

/// [`check_best_column`] with the student's function taking a board as it travels.
pub fn best_column_by_rows(given: impl Fn(&Rows, usize) -> usize) -> Report {
    let exercise = "best_column";
    within(exercise, || {
        let (cases, which) = hidden_inputs(exercise).unwrap_or_else(|| {
            (
                column_cases(),
                format!("150 rows of boards of 1 to 10 queens and one of {LARGE_BOARD}"),
            )
        });
        first_wrong(
            exercise,
            (&cases, &which, "case"),
            |(rows, row)| format!("row {row} of {}", board_words(&board_of(rows))),
            |(rows, _)| {
                let columns = board_of(rows);
                picture(&columns, columns.len(), None)
            },
            |(rows, row)| {
                let row = *row;
                let answer = quietly(|| given(rows, row))?;
                let expected = expected::for_best_column(rows, row);
                if answer == expected {
                    return Ok(None);
                }
                let columns = board_of(rows);
                let n = columns.len();
                let attackers = attackers_in_row(&columns, row, n);
                let said = match attackers.get(answer.wrapping_sub(1)) {
                    None => format!("{answer} is not a column of this board (1 to {n})"),
                    Some(&yours) if yours > attackers[expected - 1] => format!(
                        "your column {answer} has {yours} attackers, and another column fewer"
                    ),
                    Some(&yours) => format!(
                        "your column {answer} has the fewest attackers, {yours}, but a column \
                         to its left has as few"
                    ),
                };
                let drawn = picture(&columns, n, Some((row, &attackers)));
                Ok(Some((format!("{said}."), drawn)))
            },
        )
    })
}

/// Checks a student's `greedy_start(n)`: n queens placed row by row from the top, each in the
/// column where the queens above attack it least (the leftmost on a tie), as a list of columns.
/// Every n of [`GREEDY_SIZES`] is one part of the score (in a hidden test, two n from 1,000 to
/// 3,000 drawn when graded, which a start that counts each square's attackers queen by queen
/// does not finish in time); n = 1 and 2, which a constant answers, count only beside another. The
/// first row where the answer parts from the rule is named, and drawn on a small board.
pub fn check_greedy_start(given: impl Fn(usize) -> Vec<usize>) -> Report {
    let exercise = "greedy_start";
    within(exercise, || {
        let (sizes, which) = hidden_inputs(exercise).unwrap_or_else(|| {
            (
                GREEDY_SIZES.collect::<Vec<_>>(),
                "every n from 1 to 16".to_owned(),
            )
        });
        let mut parts = Parts::new(exercise);
        for n in sizes {
            let expected = expected::for_greedy_start(n);
            match quietly(|| given(n)) {
                Ok(answer) if answer == expected => {
                    if n <= 2 {
                        parts.right_trivially();
                    } else {
                        parts.right();
                    }
                }
                Ok(answer) => parts.wrong(|| greedy_mistake(n, &answer, &expected)),
                Err(message) => {
                    parts.wrong(|| (format!("{exercise}({n}) panicked: {message}"), None));
                }
            }
        }
        parts.report(|total| {
            (
                format!("✔ {exercise} is right for {which} ({total} sizes).\n"),
                None,
            )
        })
    })
}

/// The first row where a greedy start parts from the rule, in words, drawn on a small board.
fn greedy_mistake(n: usize, answer: &[usize], expected: &[usize]) -> (String, Option<Svg>) {
    let exercise = "greedy_start";
    if answer.len() != n {
        return (
            format!(
                "{exercise}({n}) lists {} columns, not one for each of the {n} rows.",
                answer.len()
            ),
            None,
        );
    }
    let row = 1 + (0..n).find(|&i| answer[i] != expected[i]).unwrap_or(0);
    let above = &expected[..row - 1];
    let mut placed = above.to_vec();
    placed.push(answer[row - 1]);
    let attackers = attackers_in_row(&placed, row, n);
    let yours = answer[row - 1];
    let said = match attackers.get(yours.wrapping_sub(1)) {
        None => format!("column {yours} is not on the board (1 to {n})"),
        Some(&count) if count > attackers[expected[row - 1] - 1] => format!(
            "your queen stands in column {yours}, where the queens above attack it {count} times, \
             and another column has fewer"
        ),
        Some(&count) => format!(
            "your queen stands in column {yours}, with the fewest attackers ({count}), but a column \
             to its left has as few"
        ),
    };
    let text = format!(
        "{exercise}({n}) parts from the rule in row {row} (the rows above are right): {said}."
    );
    (text, picture(&placed, n, Some((row, &attackers))))
}

/// For each column c (1 to n) of `row` (from 1), how many queens of the other rows of
/// `columns` share c's column or a diagonal with the square (row, c).
fn attackers_in_row(columns: &[usize], row: usize, n: usize) -> Vec<usize> {
    (1..=n)
        .map(|c| {
            columns
                .iter()
                .enumerate()
                .filter(|&(i, &q)| {
                    i + 1 != row && (q == c || (i + 1).abs_diff(row) == q.abs_diff(c))
                })
                .count()
        })
        .collect()
}

/// "the board of 8 queens in columns 2, 4, 1, …" or, past 40 queens, "a board of 100000
/// queens": a board in words.
fn board_words(columns: &[usize]) -> String {
    let n = columns.len();
    if n > 40 {
        return format!("a board of {n} queens");
    }
    let listed: Vec<String> = columns.iter().map(ToString::to_string).collect();
    format!("the board of {n} queens in columns {}", listed.join(", "))
}

/// An n×n board (n up to 16) with the queens of `columns` in its top rows, each pair that
/// attacks joined; with a row, each square of that row labelled with its attackers.
fn picture(columns: &[usize], n: usize, row: Option<(usize, &[usize])>) -> Option<Svg> {
    if n == 0 || n > 16 {
        return None;
    }
    let mut board = Board::new(n);
    for (i, &c) in columns.iter().enumerate() {
        // A column off the board (an answer's) is left out of the drawing.
        let _ = board.place(Square::new(i + 1, c), Piece::Queen);
    }
    let mut diagram = render::conflicts(&board);
    if let Some((row, attackers)) = row {
        for (c, count) in attackers.iter().enumerate() {
            diagram = diagram.label(Square::new(row, c + 1), &count.to_string());
        }
    }
    Some(diagram.size(if n <= 4 { 160 } else { 260 }).render())
}
