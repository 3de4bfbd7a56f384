//! Counting every solution of a board with holes, and the nodes of the search that counts them.

use std::fmt::Write as _;

use super::expected;
use super::report::{Parts, Report, quietly, within};
use super::trial::{self, hidden_inputs};
use nqueens_core::board::{Board, Square};
use nqueens_core::render::{self, Svg};
use nqueens_core::rng::Rng;

/// The empty boards [`check_count`] tries, one part of the score each (beside
/// [`HOLED_BOARDS`] boards with holes).
pub const COUNT_SIZES: std::ops::RangeInclusive<usize> = 1..=10;

/// How many boards with holes [`check_count`] tries, from 4×4 to 10×10.
pub const HOLED_BOARDS: usize = 10;

/// A board to count on: its size and its holes (squares no queen may stand on, rows and
/// columns from 1, in any order).
pub type Holed = (usize, Vec<Square>);

/// The visible boards of [`check_count`]: the empty ones from 1×1 to 10×10, then
/// [`HOLED_BOARDS`] with holes, the same every time.
pub fn count_boards() -> Vec<Holed> {
    let mut boards: Vec<Holed> = COUNT_SIZES.map(|n| (n, Vec::new())).collect();
    boards.extend(trial::holed_boards(
        &mut Rng::new(0x05c0_u64),
        4..=10,
        HOLED_BOARDS,
    ));
    boards
}

/// Checks a student's `count(n, holes, nodes)`: the number of ways to place n queens on an n×n
/// board with none on a hole (the holes do not stop an attack), with `nodes` raised by one for
/// every queen the row-by-row search places: a queen on a free square of the next row that no
/// queen above attacks, every such square tried. The count and the nodes are compared with the
/// reference's on every board of [`count_boards`] (in a hidden test, on four boards from 9×9 to
/// 12×12 with holes drawn when graded, which the plainest correct search, lists and all,
/// counts in a few seconds unoptimised). Each board is one part of the score (a board a
/// constant answers, n = 1 to 3 or one whose first row is all holes, counts only beside
/// another). All of them together must finish within the checkers' time limit. A wrong count
/// or number of nodes is reported as too few or too many, not with the reference's number.
pub fn check_count(given: impl Fn(usize, &[Square], &mut u64) -> u64) -> Report {
    let exercise = "count";
    within(exercise, || {
        let (boards, which) = hidden_inputs(exercise).unwrap_or_else(|| {
            (
                count_boards(),
                "the empty boards from 1×1 to 10×10 and 10 boards with holes".to_owned(),
            )
        });
        let mut parts = Parts::new(exercise);
        let mut table = format!(
            "  {:>4}  {:>5}  {:>10}{:11}  {:>10}\n",
            "n", "holes", "count", "", "nodes"
        );
        for (n, holes) in boards {
            let (count, nodes) = expected::for_count(n, &holes);
            let answer = quietly(|| {
                let mut noted = 0;
                let found = given(n, &holes, &mut noted);
                (found, noted)
            });
            let row = format!("  {n:>4}  {:>5}", holes.len());
            match answer {
                Ok((found, noted)) => {
                    let count_verdict = verdict(found, count);
                    let nodes_verdict = verdict(noted, nodes);
                    let _ = writeln!(
                        table,
                        "{row}  {found:>10}{}  {noted:>10}{}",
                        mark(count_verdict),
                        mark(nodes_verdict)
                    );
                    if let Some(what) = count_verdict {
                        parts.wrong(|| {
                            let text = format!(
                                "{}: your count, {found}, is {what}.",
                                board_words(n, &holes)
                            );
                            (text, Some(holed_picture(n, &holes)))
                        });
                    } else if let Some(what) = nodes_verdict {
                        parts.wrong(|| {
                            let text = format!(
                                "{}: the count is right, but your search noted {noted} nodes: \
                                 {what} for the row-by-row search, which places a queen on every \
                                 free square of the next row that no queen above attacks.",
                                board_words(n, &holes)
                            );
                            (text, Some(holed_picture(n, &holes)))
                        });
                    } else if n <= 3 && holes.is_empty() || nodes == 0 {
                        parts.right_trivially();
                    } else {
                        parts.right();
                    }
                }
                Err(message) => {
                    let _ = writeln!(table, "{row}  panicked");
                    parts.wrong(|| {
                        let text =
                            format!("{}: {exercise} panicked: {message}", board_words(n, &holes));
                        (text, Some(holed_picture(n, &holes)))
                    });
                }
            }
        }
        let mut report = parts.report(|total| {
            (
                format!("✔ {exercise} is right for {which} ({total} boards), its nodes too.\n"),
                None,
            )
        });
        report.append(&table);
        report
    })
}

/// "too few" or "too many", or `None` when `yours` is `expected`.
fn verdict(yours: u64, expected: u64) -> Option<&'static str> {
    match yours.cmp(&expected) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Less => Some("too few"),
        std::cmp::Ordering::Greater => Some("too many"),
    }
}

fn mark(verdict: Option<&str>) -> String {
    verdict.map_or_else(|| " ".repeat(11), |what| format!(" ✘ {what:<8}"))
}

/// "On the 8×8 board with holes at (1, 3), (5, 5)": a board in words.
fn board_words(n: usize, holes: &[Square]) -> String {
    if holes.is_empty() {
        return format!("On the empty {n}×{n} board");
    }
    let listed: Vec<String> = holes
        .iter()
        .map(|s| format!("({}, {})", s.row, s.col))
        .collect();
    format!("On the {n}×{n} board with holes at {}", listed.join(", "))
}

/// An n×n board with its holes drawn dark (squares off the board are left out).
pub fn holed_board(n: usize, holes: &[Square]) -> Svg {
    holed_picture(n, holes)
}

/// The board with its holes drawn dark.
fn holed_picture(n: usize, holes: &[Square]) -> Svg {
    let ink = render::Theme::default().ink;
    let board = Board::new(n);
    holes
        .iter()
        .filter(|s| board.contains(**s))
        .fold(board.diagram(), |d, &s| d.fill(s, &ink, 0.8))
        .size(if n <= 4 { 160 } else { 240 })
        .render()
}
