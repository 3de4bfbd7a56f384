//! The introductory lecture's search, a step further: what a queen attacks when other queens
//! stand in its way, and the backtracking fill completing a board that already holds queens,
//! noting every queen it places.

use std::fmt::Write as _;

use super::expected;
use super::pieces::SeesMistakes;
use super::report::{Parts, Report, parted, quietly, within};
use super::trial::{Boards, hidden_inputs, scattered};
use nqueens_core::backtrack::{self, Grid};
use nqueens_core::board::{Board, Piece, Square};
use nqueens_core::render::{self, Gallery};
use nqueens_core::rng::Rng;

/// The board sizes [`check_complete_board`] fills from empty, one part of the score each.
pub const FILL_SIZES: std::ops::RangeInclusive<usize> = 1..=8;

/// The boards and squares [`check_queen_attacks`] asks about, and how its report names them:
/// every square of three boards of each size from 4×4 to 8×8 with queens scattered over them
/// (fixed seeds), or in a hidden test 200 squares of boards from 9×9 to 40×40.
fn attack_cases(exercise: &str) -> (Vec<(Square, Grid)>, &'static str) {
    if let Some(found) = hidden_inputs(exercise) {
        return found;
    }
    let mut rng = Rng::new(1848);
    let mut cases = Vec::new();
    for size in 4..=8 {
        for _ in 0..3 {
            let queens = size + rng.below(size);
            let grid = scattered(&mut rng, size, queens);
            for row in 1..=size {
                for col in 1..=size {
                    cases.push((Square::new(row, col), grid.clone()));
                }
            }
        }
    }
    (
        cases,
        "every square of three boards of each size from 4×4 to 8×8, with queens on them",
    )
}

/// Checks a student's `queen_attacks(square, board)`: the squares a queen on `square` attacks
/// when the other queens of `board` stand in its way, each line up to and including the first
/// square that holds a queen (whether or not `square` itself holds one). Compared as sets with
/// the reference, as the `*_sees` checkers do: the order does not matter, but a square listed
/// twice, one off the board and the queen's own square are mistakes.
pub fn check_queen_attacks(given: impl Fn(Square, &Grid) -> Vec<Square>) -> Report {
    let exercise = "queen_attacks";
    within(exercise, || {
        let (cases, which) = attack_cases(exercise);
        let mut checked = 0;
        for (square, grid) in &cases {
            let size = grid.len();
            let Square { row, col } = *square;
            let answer = match quietly(|| given(*square, grid)) {
                Ok(answer) => answer,
                Err(message) => {
                    let text = format!(
                        "✘ {exercise} panicked for a queen on ({row}, {col}) of this {size}×{size} \
                         board: {message}\n"
                    );
                    let picture = board_of(grid, *square).diagram().render();
                    return Report::fail(exercise, checked, text, Some(picture));
                }
            };
            let expected = expected::for_queen_attacks(*square, grid);
            if let Some(mistakes) = SeesMistakes::find(*square, size, &expected, &answer) {
                let mut text = mistakes.describe(exercise, Piece::Queen, checked);
                let _ = writeln!(
                    text,
                    "  The drawing: the board (the queen asked about has a ring); on the left what \
                     it attacks, up to the first queen on each line; on the right your answer."
                );
                let reference = marked(board_of(grid, *square).diagram(), *square, &expected, &[]);
                let yours = marked(
                    board_of(grid, *square).diagram(),
                    *square,
                    &answer,
                    &mistakes.missing,
                );
                let picture = Gallery::new()
                    .columns(2)
                    .cell_size(240)
                    .diagram(reference, "the reference")
                    .diagram(yours, "yours: ? missing")
                    .render();
                return Report::fail(exercise, checked, text, Some(picture));
            }
            checked += 1;
        }
        let text =
            format!("✔ {exercise} agrees with the reference on {which} ({checked} squares).\n");
        Report::pass(exercise, checked, text, None)
    })
}

/// The example of the task on `queen_attacks`: a queen on (3, 3) of a 6×6 board among four
/// others, with the squares it attacks shaded, up to and including the first queen on each line.
pub fn queen_attacks_example() -> render::Svg {
    let mut grid = backtrack::make_board(6);
    for (r, c) in [(1, 1), (3, 5), (5, 3), (6, 6)] {
        grid[r - 1][c - 1] = true;
    }
    let square = Square::new(3, 3);
    marked(
        board_of(&grid, square).diagram(),
        square,
        &expected::for_queen_attacks(square, &grid),
        &[],
    )
    .render()
}

/// The queens of a grid on a board, with a queen on `square` too.
fn board_of(grid: &Grid, square: Square) -> Board {
    let mut board = backtrack::to_board(grid, Piece::Queen);
    let _ = board.place(square, Piece::Queen);
    board
}

/// A diagram with a ring on `square`, the squares of `seen` shaded and marked, `missing` ones
/// labelled `?`.
fn marked(
    diagram: render::Diagram,
    square: Square,
    seen: &[Square],
    missing: &[Square],
) -> render::Diagram {
    let ink = render::Theme::default().ink;
    let size = diagram.board().size();
    let on_board = |s: &Square| (1..=size).contains(&s.row) && (1..=size).contains(&s.col);
    let mut diagram = diagram.label(square, "○");
    for s in seen.iter().filter(|s| on_board(s) && **s != square) {
        diagram = diagram.fill(*s, &ink, 0.25).mark(*s);
    }
    for &s in missing {
        diagram = diagram.label(s, "?");
    }
    diagram
}

/// A board to complete: its size, and the queens it starts with.
#[derive(Clone)]
struct Start {
    size: usize,
    queens: Vec<Square>,
}

impl Start {
    fn grid(&self) -> Grid {
        let mut grid = backtrack::make_board(self.size);
        for q in &self.queens {
            grid[q.row - 1][q.col - 1] = true;
        }
        grid
    }

    fn describe(&self) -> String {
        if self.queens.is_empty() {
            return format!("the empty {0}×{0} board", self.size);
        }
        let queens: Vec<String> = self
            .queens
            .iter()
            .map(|q| format!("({}, {})", q.row, q.col))
            .collect();
        format!(
            "the {0}×{0} board with queens on {1}",
            self.size,
            queens.join(", ")
        )
    }
}

/// The boards [`check_complete_board`] starts from: the empty boards of every size from 1 to 8,
/// then three with queens on them; or in a hidden test two boards from 9×9 to 12×12 holding one
/// or two queens that do not attack each other, drawn when graded.
fn starts(exercise: &str) -> (Vec<Start>, &'static str) {
    let drawn: Option<(Boards, &'static str)> = hidden_inputs(exercise);
    if let Some((boards, which)) = drawn {
        let starts = boards
            .into_iter()
            .map(|(size, queens)| Start { size, queens });
        return (starts.collect(), which);
    }
    let mut starts: Vec<Start> = FILL_SIZES
        .map(|size| Start {
            size,
            queens: Vec::new(),
        })
        .collect();
    for (size, queens) in [
        (6, vec![Square::new(1, 1)]),
        (8, vec![Square::new(3, 5)]),
        (8, vec![Square::new(2, 7), Square::new(6, 2)]),
    ] {
        starts.push(Start { size, queens });
    }
    (
        starts,
        "the empty boards from 1×1 to 8×8 and three boards with queens on them",
    )
}

/// What is wrong with a student's completed board, if anything: `None` exactly when the
/// reference finds no completion; otherwise a full grid (one queen per row, none attacking
/// another) keeping the queens it started with, and the first the lecture's search meets.
fn judge_completion(start: &Start, answer: Option<&Grid>, first: Option<&Grid>) -> Option<String> {
    let size = start.size;
    let Some(grid) = answer else {
        return first.map(|_| "returned None, but the board can be completed".to_owned());
    };
    if first.is_none() {
        return Some(
            "returned a board, but this one cannot be completed: the answer is None".to_owned(),
        );
    }
    if grid.len() != size || grid.iter().any(|row| row.len() != size) {
        let widths: Vec<usize> = grid.iter().map(Vec::len).collect();
        return Some(format!(
            "returned a grid of {} rows (widths {widths:?}), not {size}×{size}",
            grid.len()
        ));
    }
    if let Some(q) = start.queens.iter().find(|q| !grid[q.row - 1][q.col - 1]) {
        return Some(format!(
            "the queen on ({}, {}) it started with is gone",
            q.row, q.col
        ));
    }
    for (r, row) in grid.iter().enumerate() {
        let queens = row.iter().filter(|&&q| q).count();
        if queens != 1 {
            return Some(format!("row {} holds {queens} queens, not one", r + 1));
        }
    }
    let board = backtrack::to_board(grid, Piece::Queen);
    if let Some((a, b)) = board.queen_conflicts().first() {
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
         going row by row and trying each empty row's columns from the left, the queen of row {} \
         stops on column {} before it ever reaches your column {}",
        row + 1,
        column(first, row),
        column(grid, row)
    ))
}

/// Checks a student's `complete_board(board, placed)`, the lecture's backtracking fill on a
/// board that may already hold queens (rows top to bottom, skipping rows with a queen; each
/// empty row's columns from the left, placing a queen where none of the board attacks it, going
/// back a row when no column is left). The answer must be the first completed board the search
/// meets, or `None` when there is none; and `placed` must list every square where the search put
/// a queen, in order, the ones it later took back included, as the lecture's search does: a
/// search that tries whole boards, or guesses, does not pass. The empty boards from 1×1 to 8×8
/// and three boards with queens (in a hidden test, two boards from 9×9 to 12×12 with one or two
/// queens) are one part of the score each; the empty 1×1 to 3×3, which a constant answers, count
/// only beside another. The report draws the first wrong board with its attacks.
pub fn check_complete_board(given: impl Fn(&Grid, &mut Vec<Square>) -> Option<Grid>) -> Report {
    let exercise = "complete_board";
    within(exercise, || {
        let (starts, which) = starts(exercise);
        let mut parts = Parts::new(exercise);
        for start in &starts {
            let grid = start.grid();
            let mut yours = Vec::new();
            let answer = match quietly(|| given(&grid, &mut yours)) {
                Ok(answer) => answer,
                Err(message) => {
                    parts.wrong(|| {
                        (
                            format!("{exercise} panicked on {}: {message}", start.describe()),
                            None,
                        )
                    });
                    continue;
                }
            };
            let (first, lecture) = expected::for_complete(&grid);
            let flaw = judge_completion(start, answer.as_ref(), first.as_ref()).or_else(|| {
                parted("queen placed", &yours, &lecture, |s| {
                    format!("({}, {})", s.row, s.col)
                })
            });
            match flaw {
                None if start.queens.is_empty() && start.size <= 3 => parts.right_trivially(),
                None => parts.right(),
                Some(flaw) => parts.wrong(|| {
                    let picture = answer
                        .as_ref()
                        .map(|grid| render::conflicts(&to_board(grid, start.size)).render());
                    let drawn = if picture.is_some() {
                        "\n  The drawing: your board, its attacks in red."
                    } else {
                        ""
                    };
                    (
                        format!(
                            "{exercise} on {} is wrong: {flaw}.{drawn}",
                            start.describe()
                        ),
                        picture,
                    )
                }),
            }
        }
        let last = starts.last().cloned();
        parts.report(|total| {
            let text = format!(
                "✔ {exercise} completes {which} as the lecture's search does, and says None \
                 where no completion exists ({total} boards).\n"
            );
            let picture = last.and_then(|start| {
                let answer = quietly(|| given(&start.grid(), &mut Vec::new()))
                    .ok()
                    .flatten()?;
                Some(to_board(&answer, start.size).to_svg())
            });
            let text = if picture.is_some() {
                text + "The drawing: your completion of the last board.\n"
            } else {
                text
            };
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
