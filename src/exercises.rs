//! Checkers for the coursework in `notebooks/exercises/`.
//!
//! Each checker takes a student's function, runs it on many inputs beside the crate's reference,
//! and returns a [`Report`]: a pass, or the first input where the two disagree, explained in words
//! and, where a picture helps, drawn. In a notebook the report is the last expression of a cell:
//!
//! ```
//! use nqueens::Square;
//! use nqueens::exercises::check_rook_sees;
//!
//! // A rook that forgets its column.
//! fn rook_sees(square: Square, size: usize) -> Vec<Square> {
//!     (1..=size).filter(|&c| c != square.col).map(|c| Square::new(square.row, c)).collect()
//! }
//! let report = check_rook_sees(rook_sees);
//! assert!(!report.passed());
//! assert!(report.text().contains("missing"));
//! ```
//!
//! A student's function that panics (a `todo!()` still in place) is reported, not propagated:
//! the checker catches the panic and says where it happened.
//!
//! | exercise | the student writes | the checker |
//! |---|---|---|
//! | pre-homework (0/1 list) | `fn next_generation(cells: &[u8]) -> Vec<u8>` | [`check_next_generation`] |
//! | homework | `fn rook_sees(square: Square, size: usize) -> Vec<Square>` | [`check_rook_sees`] |
//! | homework | `fn knight_sees(square: Square, size: usize) -> Vec<Square>` | [`check_knight_sees`] |
//! | Davis–Putnam | `fn reduce(clauses: &Clauses, literal: Literal) -> Clauses` | [`check_reduce`] |
//! | Davis–Putnam | `fn jeroslow_wang(clauses: &Clauses, literal: Literal) -> f64` | [`check_jeroslow_wang`] |

use std::collections::BTreeSet;
use std::fmt::{self, Write as _};
use std::panic::{self, AssertUnwindSafe};

use crate::board::{Board, Piece, Square};
use crate::dp;
use crate::logic::{Clause, Clauses, Literal, Variable};
use crate::render::{self, Gallery, Svg};
use crate::rng::Rng;

/// The largest board the `*_sees` checkers try: every square of every board from 1×1 to 8×8.
pub const LARGEST_BOARD: usize = 8;

/// What a checker found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    exercise: String,
    passed: bool,
    checked: usize,
    text: String,
    picture: Option<Svg>,
}

impl Report {
    fn pass(exercise: &str, checked: usize, text: String, picture: Option<Svg>) -> Self {
        Report {
            exercise: exercise.to_owned(),
            passed: true,
            checked,
            text,
            picture,
        }
    }

    fn fail(exercise: &str, checked: usize, text: String, picture: Option<Svg>) -> Self {
        Report {
            passed: false,
            ..Report::pass(exercise, checked, text, picture)
        }
    }

    /// Whether the student's function agreed with the reference on every input.
    pub fn passed(&self) -> bool {
        self.passed
    }

    /// The name of the exercise (the function the student wrote).
    pub fn exercise(&self) -> &str {
        &self.exercise
    }

    /// How many inputs agreed before the report was written (all of them, when it passed).
    pub fn checked(&self) -> usize {
        self.checked
    }

    /// The report in words: the verdict on the first line, then the counterexample, if any.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The drawing that goes with the report, if there is one.
    pub fn picture(&self) -> Option<&Svg> {
        self.picture.as_ref()
    }

    /// The report as HTML: the verdict, the details, the drawing.
    pub fn to_html(&self) -> String {
        let (class, rest) = self.text.split_once('\n').unwrap_or((&self.text, ""));
        let mut html = format!(
            "<div class=\"nqueens-report {}\"><p class=\"verdict\">{}</p>",
            if self.passed { "passed" } else { "failed" },
            render::escape_html(class)
        );
        if !rest.trim().is_empty() {
            let _ = write!(html, "<pre>{}</pre>", render::escape_html(rest.trim_end()));
        }
        if let Some(picture) = &self.picture {
            html.push_str(&picture.to_html());
        }
        html.push_str("</div>");
        html
    }

    /// Shows the report in a notebook: HTML with the drawing, and the text.
    pub fn evcxr_display(&self) {
        let html = self.to_html();
        render::Html::new(&html, &self.text).evcxr_display();
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Runs the student's code, turning a panic into its message. The default panic hook is silenced
/// meanwhile: the report says what happened, and a notebook shows no stack of errors.
fn quietly<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    // One swap of the process-wide hook at a time: two checkers on two threads must not put
    // each other's silent hook back for good.
    static HOOK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _only_one = HOOK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    panic::set_hook(hook);
    result.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".to_owned())
    })
}

fn square_list(squares: &[Square]) -> String {
    squares
        .iter()
        .map(|s| format!("{s:?}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// "1 square was right before this one", "5 squares were ...".
fn right_before(checked: usize, noun: &str) -> String {
    if checked == 1 {
        format!("1 {noun} was right before this one")
    } else {
        format!("{checked} {noun}s were right before this one")
    }
}

// ---------------------------------------------------------------------------------------------
// The squares a piece sees (the lecture's homework).

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
    let mut checked = 0;
    for size in 1..=LARGEST_BOARD {
        for row in 1..=size {
            for col in 1..=size {
                let square = Square::new(row, col);
                let answer = match quietly(|| given(square, size)) {
                    Ok(answer) => answer,
                    Err(message) => {
                        let text = format!(
                            "✘ {exercise} panicked for a {} on ({row}, {col}) of a {size}×{size} \
                             board: {message}\n",
                            piece.name()
                        );
                        return Report::fail(&exercise, checked, text, None);
                    }
                };
                let expected = piece.sees(square, size);
                if let Some(mistakes) = SeesMistakes::find(square, size, &expected, &answer) {
                    let text = mistakes.describe(&exercise, piece, checked);
                    let picture = mistakes.draw(piece);
                    return Report::fail(&exercise, checked, text, Some(picture));
                }
                checked += 1;
            }
        }
    }
    let example = Square::new(3, 4);
    let text = format!(
        "✔ {exercise} agrees with the reference on every square of every board from 1×1 to \
         {LARGEST_BOARD}×{LARGEST_BOARD} ({checked} squares).\nThe drawing: what your {} on (3, 4) \
         of an 8×8 board sees.\n",
        piece.name()
    );
    let picture = quietly(|| given(example, LARGEST_BOARD))
        .ok()
        .map(|seen| sees_diagram(piece, example, LARGEST_BOARD, &seen, &[]).render());
    Report::pass(&exercise, checked, text, picture)
}

/// How a student's list of squares differs from the reference.
struct SeesMistakes {
    square: Square,
    size: usize,
    answer: Vec<Square>,
    missing: Vec<Square>,
    extra: Vec<Square>,
    own: bool,
    off_board: Vec<Square>,
    twice: Vec<Square>,
}

impl SeesMistakes {
    fn find(square: Square, size: usize, expected: &[Square], answer: &[Square]) -> Option<Self> {
        let on_board = |s: &Square| (1..=size).contains(&s.row) && (1..=size).contains(&s.col);
        let expected_set: BTreeSet<(usize, usize)> =
            expected.iter().map(|s| (s.row, s.col)).collect();
        let mut seen = BTreeSet::new();
        let mut twice = Vec::new();
        for s in answer {
            if !seen.insert((s.row, s.col)) && !twice.contains(s) {
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

    fn describe(&self, exercise: &str, piece: Piece, checked: usize) -> String {
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
        let expected = render::attacks_of(self.size, self.square, piece, false);
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

// ---------------------------------------------------------------------------------------------
// The pre-homework: a row of 0s and 1s and its next generation.

/// The pre-homework's rule: in the next generation, a cell is 1 when it and its two neighbours
/// hold one or two 1s between them, and 0 when they hold none or three. A cell at either end has
/// one neighbour; the missing one counts as 0.
///
/// ```
/// use nqueens::exercises::next_generation;
/// assert_eq!(next_generation(&[0, 1, 0, 0, 1, 1, 1]), vec![1, 1, 1, 1, 1, 0, 1]);
/// ```
pub fn next_generation(cells: &[u8]) -> Vec<u8> {
    (0..cells.len())
        .map(|i| {
            let left = if i == 0 { 0 } else { cells[i - 1] };
            let right = cells.get(i + 1).copied().unwrap_or(0);
            let sum = u32::from(left) + u32::from(cells[i]) + u32::from(right);
            u8::from(sum == 1 || sum == 2)
        })
        .collect()
}

/// `len` random 0s and 1s, the same for the same seed: the pre-homework's starting row.
pub fn random_cells(len: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    (0..len).map(|_| u8::from(rng.chance(1, 2))).collect()
}

/// The first row and the `steps` generations that follow it, each made by [`next_generation`]
/// (draw them with [`render::generations`]).
pub fn generations(first: &[u8], steps: usize) -> Vec<Vec<u8>> {
    let mut rows = vec![first.to_vec()];
    for _ in 0..steps {
        let next = next_generation(rows.last().map_or(&[][..], Vec::as_slice));
        rows.push(next);
    }
    rows
}

/// Checks a student's `next_generation(cells)`: every row of up to 8 cells, then 20 random rows
/// of 40 cells (fixed seeds), compared with [`next_generation`].
pub fn check_next_generation(given: impl Fn(&[u8]) -> Vec<u8>) -> Report {
    let exercise = "next_generation";
    let short = (0..=8_u32).flat_map(|len| {
        (0..1_u32 << len).map(move |bits| (0..len).map(|i| u8::from(bits >> i & 1 == 1)).collect())
    });
    let long = (0..20).map(|seed| random_cells(40, seed));
    let mut checked = 0;
    for row in short.chain(long).collect::<Vec<Vec<u8>>>() {
        let expected = next_generation(&row);
        let answer = match quietly(|| given(&row)) {
            Ok(answer) => answer,
            Err(message) => {
                let text = format!(
                    "✘ {exercise} panicked on the row {}: {message}\n",
                    digits(&row)
                );
                return Report::fail(exercise, checked, text, None);
            }
        };
        if answer != expected {
            let text = describe_generation(exercise, checked, &row, &expected, &answer);
            let wrong: Vec<(usize, usize)> = (0..row.len().max(answer.len()))
                .filter(|&i| answer.get(i) != expected.get(i))
                .map(|i| (2, i))
                .collect();
            let picture = render::cells(
                &[row, expected, answer],
                &["row", "reference", "yours"],
                &wrong,
            );
            return Report::fail(exercise, checked, text, Some(picture));
        }
        checked += 1;
    }
    let text = format!(
        "✔ {exercise} agrees with the reference on every row of up to 8 cells and on 20 random \
         rows of 40 ({checked} rows).\n"
    );
    Report::pass(exercise, checked, text, None)
}

fn digits(row: &[u8]) -> String {
    if row.is_empty() {
        return "[] (no cells)".to_owned();
    }
    row.iter().map(ToString::to_string).collect()
}

fn describe_generation(
    exercise: &str,
    checked: usize,
    row: &[u8],
    expected: &[u8],
    answer: &[u8],
) -> String {
    let mut text = format!(
        "✘ {exercise} is wrong ({}).\n",
        right_before(checked, "row")
    );
    let _ = writeln!(text, "  row:       {}", digits(row));
    let _ = writeln!(text, "  reference: {}", digits(expected));
    let _ = writeln!(text, "  yours:     {}", digits(answer));
    if answer.len() == expected.len() {
        if let Some(i) = (0..answer.len()).find(|&i| answer[i] != expected[i]) {
            let _ = writeln!(
                text,
                "             {}^ cell {} (counting from 1) should be {}",
                " ".repeat(i),
                i + 1,
                expected[i]
            );
        }
    } else {
        let _ = writeln!(
            text,
            "  the row has {} cells and so must the next generation; yours has {}",
            row.len(),
            answer.len()
        );
    }
    text
}

// ---------------------------------------------------------------------------------------------
// Davis–Putnam: reduce and the Jeroslow–Wang score.

/// The clause sets the Davis–Putnam checkers start from: the lecture's three examples, then
/// random sets over `p, q, r, s, t` (fixed seeds).
fn clause_sets() -> Vec<Clauses> {
    const LECTURE: [&str; 3] = [
        "{{¬p, r, q, ¬s}, {r, p, s}, {r, s}, {p, q, s}, {¬p, ¬q}, {¬p, s, ¬r}, {p, ¬q, r}, \
         {¬r, ¬s, q}, {¬p, ¬s}, {p, ¬r, ¬q}}",
        "{{¬p, r, q, ¬s}, {r, p, s}, {r, s}, {p, q, s}, {¬p, ¬q}, {¬p, s, ¬r}, {p, ¬q, r}, \
         {¬r, ¬s, q}, {¬p, ¬s}, {p, ¬r, ¬q}, {p, r, q, ¬s}}",
        "{{p, q, s}, {¬p, r, ¬t}, {r, s}, {¬r, q, ¬p}, {¬s, p}, {¬p, ¬q, s, ¬r}, {p, ¬q, s}, \
         {¬r, ¬s}, {¬p, ¬s}}",
    ];
    let mut sets: Vec<Clauses> = LECTURE
        .iter()
        .filter_map(|text| text.parse().ok())
        .collect();
    let variables: Vec<Variable> = ["p", "q", "r", "s", "t"]
        .into_iter()
        .filter_map(|name| Variable::new(name).ok())
        .collect();
    let mut rng = Rng::new(2024);
    for _ in 0..40 {
        let clauses = 2 + rng.below(7);
        let set: Clauses = (0..clauses)
            .map(|_| {
                let width = 1 + rng.below(4);
                (0..width)
                    .map(|_| {
                        let v = variables[rng.below(variables.len())];
                        if rng.chance(1, 2) {
                            Literal::positive(v)
                        } else {
                            Literal::negative(v)
                        }
                    })
                    .collect::<Clause>()
            })
            .collect();
        sets.push(set);
    }
    sets
}

/// Every literal over the variables of `clauses`, positive first.
fn literals_of(clauses: &Clauses) -> Vec<Literal> {
    clauses
        .variables()
        .into_iter()
        .flat_map(|v| [Literal::positive(v), Literal::negative(v)])
        .collect()
}

/// Runs a Davis–Putnam checker over every test set and literal: `case` gets the set, the literal
/// and the number checked so far, and returns the report's text when the answer is wrong.
fn check_cases(
    exercise: &str,
    mut case: impl FnMut(&Clauses, Literal, usize) -> Option<String>,
) -> Report {
    let mut checked = 0;
    for set in clause_sets() {
        for literal in literals_of(&set) {
            if let Some(text) = case(&set, literal, checked) {
                return Report::fail(exercise, checked, text, None);
            }
            checked += 1;
        }
    }
    let text = format!(
        "✔ {exercise} agrees with the reference on the lecture's three examples and 40 random \
         clause sets, with every literal ({checked} cases).\n"
    );
    Report::pass(exercise, checked, text, None)
}

fn panicked(exercise: &str, literal: Literal, clauses: &Clauses, message: &str) -> String {
    format!(
        "✘ {exercise} panicked on the literal {literal} and the clauses\n  {clauses}\n  {message}\n"
    )
}

/// The start of a report on a wrong answer for a literal and a set of clauses: which case, and the
/// input; the caller adds the reference and the answer.
fn wrong_on(exercise: &str, checked: usize, literal: Literal, clauses: &Clauses) -> String {
    format!(
        "✘ {exercise} is wrong ({}).\n  literal:   {literal}\n  clauses:   {clauses}\n",
        right_before(checked, "case")
    )
}

/// Checks a student's `reduce(clauses, literal)` against [`dp::reduce`]. As in the lecture,
/// `reduce` is called only when the unit clause `{l}` is in the set: for each test set and each
/// literal `l` over its variables, the input is the set with `{l}` added.
pub fn check_reduce(given: impl Fn(&Clauses, Literal) -> Clauses) -> Report {
    let exercise = "reduce";
    check_cases(exercise, |set, literal, checked| {
        let mut input = set.clone();
        input.insert(Clause::unit(literal));
        let expected = dp::reduce(&input, literal);
        let answer = match quietly(|| given(&input, literal)) {
            Ok(answer) => answer,
            Err(message) => return Some(panicked(exercise, literal, &input, &message)),
        };
        if answer == expected {
            return None;
        }
        let mut text = wrong_on(exercise, checked, literal, &input);
        let _ = writeln!(text, "  reference: {expected}");
        let _ = writeln!(text, "  yours:     {answer}");
        let only_in = |a: &Clauses, b: &Clauses| -> Clauses {
            a.iter().filter(|c| !b.contains(c)).cloned().collect()
        };
        let (missing, extra) = (only_in(&expected, &answer), only_in(&answer, &expected));
        if !missing.is_empty() {
            let _ = writeln!(text, "  missing:   {missing}");
        }
        if !extra.is_empty() {
            let _ = writeln!(text, "  too many:  {extra}");
        }
        Some(text)
    })
}

/// Checks a student's Jeroslow–Wang score `jeroslow_wang(clauses, literal)` (`Σ 2^−|C|` over the
/// clauses that contain the literal) against [`dp::jeroslow_wang`], on the same sets and literals
/// as [`check_reduce`]; scores may differ by rounding (one part in 10¹²).
pub fn check_jeroslow_wang(given: impl Fn(&Clauses, Literal) -> f64) -> Report {
    let exercise = "jeroslow_wang";
    check_cases(exercise, |set, literal, checked| {
        let expected = dp::jeroslow_wang(set, literal);
        let answer = match quietly(|| given(set, literal)) {
            Ok(answer) => answer,
            Err(message) => return Some(panicked(exercise, literal, set, &message)),
        };
        if (answer - expected).abs() <= 1e-12 * expected.abs().max(1.0) {
            return None;
        }
        let terms: Vec<String> = set
            .iter()
            .filter(|c| c.contains(literal))
            .map(|c| format!("2^-{}", c.len()))
            .collect();
        let sum = if terms.is_empty() {
            "0 (no clause contains it)".to_owned()
        } else {
            terms.join(" + ")
        };
        let mut text = wrong_on(exercise, checked, literal, set);
        let _ = writeln!(text, "  reference: {expected} = {sum}");
        let _ = writeln!(text, "  yours:     {answer}");
        Some(text)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_generation_follows_the_rule_at_the_ends_too() {
        assert_eq!(next_generation(&[]), Vec::<u8>::new());
        assert_eq!(next_generation(&[0]), vec![0]);
        assert_eq!(next_generation(&[1]), vec![1]);
        assert_eq!(next_generation(&[1, 1, 1]), vec![1, 0, 1]);
        assert_eq!(next_generation(&[0, 0, 1, 0, 0]), vec![0, 1, 1, 1, 0]);
    }

    #[test]
    fn random_cells_repeat_for_a_seed_and_hold_only_bits() {
        let a = random_cells(40, 7);
        assert_eq!(a, random_cells(40, 7));
        assert_ne!(a, random_cells(40, 8));
        assert!(a.iter().all(|&c| c <= 1));
        assert!(a.contains(&0) && a.contains(&1));
    }

    #[test]
    fn generations_start_with_the_first_row() {
        let rows = generations(&[0, 1, 0], 2);
        assert_eq!(rows, vec![vec![0, 1, 0], vec![1, 1, 1], vec![1, 0, 1]]);
    }

    #[test]
    fn quietly_returns_the_panic_message() {
        assert_eq!(quietly(|| 3), Ok(3));
        let err = quietly(|| -> u8 { panic!("not yet {}", 1) }).unwrap_err();
        assert_eq!(err, "not yet 1");
    }

    #[test]
    fn the_lecture_sets_all_parse() {
        assert_eq!(clause_sets().len(), 43);
        assert_eq!(clause_sets()[0].len(), 10);
        assert_eq!(clause_sets()[1].len(), 11);
        assert_eq!(clause_sets()[2].len(), 9);
    }
}
