//! Counting and symmetry, a step further: the canonical image of any board, the size of its
//! class, and the classes of the solutions of a board with holes that every symmetry keeps.

use std::fmt::Write as _;

use super::expected;
use super::report::{Parts, Report, first_wrong, quietly, within};
use super::trial::{self, hidden_inputs};
use nqueens_core::board::{Board, Piece, Square, Symmetry};
use nqueens_core::render::{Gallery, Svg};
use nqueens_core::rng::Rng;

/// A board of queens as the symmetry tasks take it: its squares (any number of queens,
/// attacking or not) and its size.
pub type Queens = (Vec<Square>, usize);

/// The boards [`check_canonical`] and [`check_class_size`] ask about: 120 of 1×1 to 8×8, with up
/// to 2n queens on random squares, a third of them made symmetric (a few squares and their
/// images under one symmetry), the same every time.
pub fn symmetry_boards() -> Vec<Queens> {
    trial::symmetric_sets(&mut Rng::new(0x0600), 1..=8, 120)
}

/// The empty boards [`check_classes`] tries, one part of the score each, beside
/// [`SYMMETRIC_HOLED_BOARDS`] boards with holes.
pub const CLASS_SIZES: std::ops::RangeInclusive<usize> = 1..=8;

/// How many boards with holes that every symmetry keeps [`check_classes`] tries (5×5 to 8×8,
/// each with a count of classes that is not 0 and that the holes change).
pub const SYMMETRIC_HOLED_BOARDS: usize = 6;

/// The boards of [`check_classes`]: the empty ones from 1×1 to 8×8, then
/// [`SYMMETRIC_HOLED_BOARDS`] whose holes every symmetry keeps, the same every time.
pub fn class_boards() -> Vec<(usize, Vec<Square>)> {
    let mut boards: Vec<(usize, Vec<Square>)> = CLASS_SIZES.map(|n| (n, Vec::new())).collect();
    boards.extend(trial::symmetric_holes(
        &mut Rng::new(22),
        4..=8,
        SYMMETRIC_HOLED_BOARDS,
    ));
    boards
}

/// The squares in the order the tasks list them: by row, then by column.
fn sorted(squares: &[Square]) -> Vec<Square> {
    let mut sorted = squares.to_vec();
    sorted.sort_unstable();
    sorted
}

/// Checks a student's `canonical(squares, n)`: of the eight images of the board (the queens on
/// `squares` of an n×n board, moved by each [`Symmetry`]), each listed by row and then column,
/// the one whose list comes first; returned in that order. Compared exactly with the
/// reference's on every board of [`symmetry_boards`] (in a hidden test, 150 boards from 9×9 to
/// 16×16). The report says whether the answer is not an image of the board at all, not in
/// order, or an image that is not the least, and draws the board beside the answer.
pub fn check_canonical(given: impl Fn(&[Square], usize) -> Vec<Square>) -> Report {
    each_board("canonical", |squares, n| {
        let answer = quietly(|| given(squares, n))?;
        if answer == expected::for_canonical(squares, n) {
            return Ok(None);
        }
        let images: Vec<Vec<Square>> = Symmetry::ALL
            .iter()
            .map(|s| sorted(&moved(squares, n, *s)))
            .collect();
        let what = if images.contains(&answer) {
            "an image of the board, but not the least: another image's list comes first"
        } else if images.contains(&sorted(&answer)) {
            "an image of the board, but not listed by row and then column"
        } else {
            "not an image of the board: no symmetry moves its queens onto these squares"
        };
        let text = format!("your answer is {what}.\n  Yours: {}", square_list(&answer));
        let picture = Gallery::new()
            .columns(2)
            .cell_size(if n <= 4 { 160 } else { 220 })
            .diagram(queens_board(squares, n).diagram(), "the board")
            .diagram(queens_board(&answer, n).diagram(), "yours")
            .render();
        Ok(Some((text, Some(picture))))
    })
}

/// Checks a student's `class_size(squares, n)`: how many different boards the eight symmetries
/// make of the board (1, 2, 4 or 8), on every board of [`symmetry_boards`] (in a hidden test,
/// 150 boards from 9×9 to 16×16). A wrong size is reported as too small or too large, and the
/// board is drawn.
pub fn check_class_size(given: impl Fn(&[Square], usize) -> usize) -> Report {
    each_board("class_size", |squares, n| {
        let answer = quietly(|| given(squares, n))?;
        let expected = expected::for_class_size(squares, n);
        Ok((answer != expected).then(|| {
            let what = if answer < expected {
                "too small"
            } else {
                "too large"
            };
            (
                format!("{answer} is {what}."),
                Some(queens_picture(squares, n)),
            )
        }))
    })
}

/// An all-or-nothing check on the boards of [`symmetry_boards`] (or a hidden test's): `judge`
/// runs the student's function on a board and says what is wrong, if anything (see
/// `first_wrong`); a board is named in words and drawn for a panic.
fn each_board(
    exercise: &'static str,
    judge: impl Fn(&[Square], usize) -> Result<Option<(String, Option<Svg>)>, String>,
) -> Report {
    within(exercise, || {
        let (boards, which) = symmetry_cases(exercise);
        first_wrong(
            exercise,
            (&boards, &which, "board"),
            |(squares, n)| queens_words(squares, *n),
            |(squares, n)| Some(queens_picture(squares, *n)),
            |(squares, n)| judge(squares, *n),
        )
    })
}

/// Checks a student's `classes(n, holes)`: the number of classes of the solutions of n queens
/// with none on a hole, on a board whose holes every symmetry keeps (so a symmetry takes each
/// solution to a solution), two solutions in one class when a symmetry takes one to the other.
/// Every board of [`class_boards`] is one part of the score (in a hidden test, three boards from
/// 9×9 to 11×11 with holes drawn when graded); a count of 0 counts only beside another part. A
/// wrong count is reported as too few or too many, and the board drawn with its holes.
pub fn check_classes(given: impl Fn(usize, &[Square]) -> u64) -> Report {
    let exercise = "classes";
    within(exercise, || {
        let (boards, which) = hidden_inputs(exercise).unwrap_or_else(|| {
            (
                class_boards(),
                "the empty boards from 1×1 to 8×8 and 6 boards with holes".to_owned(),
            )
        });
        let mut parts = Parts::new(exercise);
        let mut table = format!("  {:>4}  {:>5}  {:>8}\n", "n", "holes", "classes");
        for (n, holes) in boards {
            let expected = expected::for_classes(n, &holes);
            let row = format!("  {n:>4}  {:>5}", holes.len());
            match quietly(|| given(n, &holes)) {
                Ok(answer) => {
                    let what = match answer.cmp(&expected) {
                        std::cmp::Ordering::Equal => None,
                        std::cmp::Ordering::Less => Some("too few"),
                        std::cmp::Ordering::Greater => Some("too many"),
                    };
                    let _ = writeln!(
                        table,
                        "{row}  {answer:>8}{}",
                        what.map_or_else(String::new, |w| format!("  ✘ {w}"))
                    );
                    if let Some(what) = what {
                        parts.wrong(|| {
                            let text = format!(
                                "{}: your count of classes, {answer}, is {what}.",
                                holes_words(n, &holes)
                            );
                            (text, Some(super::counting::holed_board(n, &holes)))
                        });
                    } else if expected == 0 {
                        parts.right_trivially();
                    } else {
                        parts.right();
                    }
                }
                Err(message) => {
                    let _ = writeln!(table, "{row}  panicked");
                    parts.wrong(|| {
                        let text =
                            format!("{}: {exercise} panicked: {message}", holes_words(n, &holes));
                        (text, Some(super::counting::holed_board(n, &holes)))
                    });
                }
            }
        }
        let mut report = parts.report(|total| {
            (
                format!("✔ {exercise} is right for {which} ({total} boards).\n"),
                None,
            )
        });
        report.append(&table);
        report
    })
}

/// The boards of the canonical form and class size checkers: the visible ones, or in a hidden
/// test 150 of 9×9 to 16×16.
fn symmetry_cases(exercise: &str) -> (Vec<Queens>, String) {
    hidden_inputs(exercise).unwrap_or_else(|| {
        (
            symmetry_boards(),
            "120 boards from 1×1 to 8×8, a third of them symmetric".to_owned(),
        )
    })
}

/// The squares moved by a symmetry of the n×n board.
pub(super) fn moved(squares: &[Square], n: usize, symmetry: Symmetry) -> Vec<Square> {
    squares.iter().map(|&s| symmetry.apply(s, n)).collect()
}

fn queens_board(squares: &[Square], n: usize) -> Board {
    let mut board = Board::new(n);
    for &square in squares {
        // A square off the board (an answer's) is left out of the drawing.
        let _ = board.place(square, Piece::Queen);
    }
    board
}

fn queens_picture(squares: &[Square], n: usize) -> Svg {
    queens_board(squares, n)
        .diagram()
        .size(if n <= 4 { 160 } else { 240 })
        .render()
}

/// "the 5×5 board with queens on (1, 2), (3, 3)".
fn queens_words(squares: &[Square], n: usize) -> String {
    if squares.is_empty() {
        format!("the empty {n}×{n} board")
    } else {
        format!("the {n}×{n} board with queens on {}", square_list(squares))
    }
}

/// "On the 8×8 board with holes at (1, 1), (1, 8)": a board with holes in words.
fn holes_words(n: usize, holes: &[Square]) -> String {
    if holes.is_empty() {
        format!("On the empty {n}×{n} board")
    } else {
        format!("On the {n}×{n} board with holes at {}", square_list(holes))
    }
}

fn square_list(squares: &[Square]) -> String {
    let listed: Vec<String> = squares
        .iter()
        .map(|s| format!("({}, {})", s.row, s.col))
        .collect();
    if listed.is_empty() {
        "nothing".to_owned()
    } else {
        listed.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_visible_boards_hold_distinct_squares_on_their_board() {
        for (squares, n) in symmetry_boards() {
            assert!(
                squares
                    .iter()
                    .all(|s| (1..=n).contains(&s.row) && (1..=n).contains(&s.col))
            );
            let mut distinct = squares.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(distinct.len(), squares.len());
        }
        for (n, holes) in class_boards() {
            for symmetry in Symmetry::ALL {
                assert_eq!(sorted(&moved(&holes, n, symmetry)), sorted(&holes));
            }
        }
    }
}
