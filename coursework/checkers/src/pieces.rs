//! The homework: the squares a piece sees, for the rook, the knight and every other piece.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::expected;
use super::report::{Report, quietly, right_before, within};
use super::trial::hidden_inputs;
use nqueens_core::board::{Board, Piece, Square};
use nqueens_core::render::{self, Gallery, Svg};

/// The largest board the `*_sees` checkers try: every square of every board from 1×1 to 8×8.
pub const LARGEST_BOARD: usize = 8;

/// Checks a student's `rook_sees(square, size)`: every square of every board up to 8×8, compared
/// as sets with the reference; the order of the list does not matter, but a square listed twice,
/// a square off the board and the rook's own square are mistakes.
pub fn check_rook_sees(given: impl Fn(Square, usize) -> Vec<Square>) -> Report {
    check_sees(Piece::Rook, given)
}

/// Checks a student's `knight_sees(square, size)`, as [`check_rook_sees`] does for the rook.
pub fn check_knight_sees(given: impl Fn(Square, usize) -> Vec<Square>) -> Report {
    check_sees(Piece::Knight, given)
}

/// Checks a student's function for the squares `piece` sees (queen, rook, bishop, king, knight,
/// or a pawn moving in a given direction).
pub fn check_sees(piece: Piece, given: impl Fn(Square, usize) -> Vec<Square>) -> Report {
    let exercise = format!("{}_sees", piece.name());
    within(&exercise, || {
        let (cases, which) = sees_cases(&exercise);
        let mut checked = 0;
        for (square, size) in cases {
            let Square { row, col } = square;
            let answer = match quietly(|| given(square, size)) {
                Ok(answer) => answer,
                Err(message) => {
                    let text = format!(
                        "✘ {exercise} panicked for a {} on ({row}, {col}) of a {size}×{size} board: \
                         {message}\n",
                        piece.name()
                    );
                    return Report::fail(&exercise, checked, text, None);
                }
            };
            let expected = expected::for_sees(piece, square, size);
            if let Some(mistakes) = SeesMistakes::find(square, size, &expected, &answer) {
                let text = mistakes.describe(&exercise, piece, checked);
                let picture = mistakes.draw(piece);
                return Report::fail(&exercise, checked, text, Some(picture));
            }
            checked += 1;
        }
        let example = Square::new(3, 4);
        let text = format!(
            "✔ {exercise} agrees with the reference on {which} ({checked} squares).\nThe drawing: \
             what your {} on (3, 4) of an 8×8 board sees.\n",
            piece.name()
        );
        let picture = quietly(|| given(example, LARGEST_BOARD))
            .ok()
            .map(|seen| sees_diagram(piece, example, LARGEST_BOARD, &seen, &[]).render());
        Report::pass(&exercise, checked, text, picture)
    })
}

/// The squares a `*_sees` checker asks about, and how its report names them: every square of
/// every board up to 8×8, or in a hidden test 200 squares of boards from 9×9 to 40×40.
fn sees_cases(exercise: &str) -> (Vec<(Square, usize)>, String) {
    if let Some(found) = hidden_inputs(exercise) {
        return found;
    }
    let cases = (1..=LARGEST_BOARD)
        .flat_map(|size| {
            (1..=size).flat_map(move |row| (1..=size).map(move |col| (Square::new(row, col), size)))
        })
        .collect();
    (
        cases,
        format!("every square of every board from 1×1 to {LARGEST_BOARD}×{LARGEST_BOARD}"),
    )
}

/// How a student's list of squares differs from the reference.
pub(super) struct SeesMistakes {
    square: Square,
    size: usize,
    expected: Vec<Square>,
    answer: Vec<Square>,
    pub(super) missing: Vec<Square>,
    extra: Vec<Square>,
    own: bool,
    off_board: Vec<Square>,
    twice: Vec<Square>,
}

impl SeesMistakes {
    pub(super) fn find(
        square: Square,
        size: usize,
        expected: &[Square],
        answer: &[Square],
    ) -> Option<Self> {
        let on_board = |s: &Square| (1..=size).contains(&s.row) && (1..=size).contains(&s.col);
        let expected_set: BTreeSet<(usize, usize)> =
            expected.iter().map(|s| (s.row, s.col)).collect();
        let mut seen = BTreeSet::new();
        let mut doubled = BTreeSet::new();
        let mut twice = Vec::new();
        for s in answer {
            if !seen.insert((s.row, s.col)) && doubled.insert((s.row, s.col)) {
                twice.push(*s);
            }
        }
        let pairs = |set: &BTreeSet<(usize, usize)>| -> Vec<Square> {
            set.iter().map(|&(r, c)| Square::new(r, c)).collect()
        };
        let missing = pairs(&expected_set.difference(&seen).copied().collect());
        let wrong: Vec<Square> = pairs(&seen.difference(&expected_set).copied().collect());
        let own = wrong.contains(&square);
        let off_board: Vec<Square> = wrong.iter().copied().filter(|s| !on_board(s)).collect();
        let extra: Vec<Square> = wrong
            .into_iter()
            .filter(|s| on_board(s) && *s != square)
            .collect();
        let found = SeesMistakes {
            square,
            size,
            expected: expected.to_vec(),
            answer: answer.to_vec(),
            missing,
            extra,
            own,
            off_board,
            twice,
        };
        let clean = found.missing.is_empty()
            && found.extra.is_empty()
            && !found.own
            && found.off_board.is_empty()
            && found.twice.is_empty();
        (!clean).then_some(found)
    }

    pub(super) fn describe(&self, exercise: &str, piece: Piece, checked: usize) -> String {
        let Square { row, col } = self.square;
        let n = self.size;
        let mut text = format!(
            "✘ {exercise} is wrong for a {} on ({row}, {col}) of a {n}×{n} board ({}).\n",
            piece.name(),
            right_before(checked, "square")
        );
        let mut line = |label: &str, squares: &[Square]| {
            if !squares.is_empty() {
                let _ = writeln!(text, "  {label:<15}{}", square_list(squares));
            }
        };
        line("missing:", &self.missing);
        line("not seen:", &self.extra);
        line("off the board:", &self.off_board);
        line("listed twice:", &self.twice);
        if self.own {
            let _ = writeln!(
                text,
                "  own square:    ({row}, {col}) is listed; a piece does not see its own square"
            );
        }
        text
    }

    fn draw(&self, piece: Piece) -> Svg {
        let expected = sees_diagram(piece, self.square, self.size, &self.expected, &[]);
        let wrong: Vec<Square> = self
            .extra
            .iter()
            .copied()
            .chain(self.own.then_some(self.square))
            .collect();
        let yours = sees_diagram(piece, self.square, self.size, &self.answer, &self.missing);
        let yours = wrong.iter().fold(yours, |d, &s| {
            d.fill(s, &render::Theme::default().conflict, 0.6)
        });
        let cell = if self.size <= 3 { 150 } else { 220 };
        Gallery::new()
            .columns(2)
            .cell_size(cell)
            .diagram(expected, "the reference")
            .diagram(yours, "yours: red wrong, ? missing")
            .render()
    }
}

/// The piece on its square with the squares a function said it sees marked, and `missing`
/// squares labelled `?`.
fn sees_diagram(
    piece: Piece,
    square: Square,
    size: usize,
    seen: &[Square],
    missing: &[Square],
) -> render::Diagram {
    let mut board = Board::new(size);
    // The checkers only ask about squares on the board.
    let _ = board.place(square, piece);
    let ink = render::Theme::default().ink;
    let mut diagram = board.diagram();
    for &s in seen {
        if board.contains(s) && s != square {
            diagram = diagram.fill(s, &ink, 0.25).mark(s);
        }
    }
    for &s in missing {
        diagram = diagram.label(s, "?");
    }
    diagram
}

fn square_list(squares: &[Square]) -> String {
    squares
        .iter()
        .map(|s| format!("{s:?}"))
        .collect::<Vec<_>>()
        .join(" ")
}
