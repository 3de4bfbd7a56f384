//! What a test cell does when the coursework is graded: it runs the student's function on the
//! inputs the judge sent and shows the answers, for the judge outside the student's process to
//! compare with its reference (see the coursework's README, "How a test cell scores").
//!
//! Nothing here decides anything: the answers are the student's claims, whatever else the
//! student's code prints, and the judge believes nothing else from the notebook.
//!
//! ```
//! use nqueens::exercises::{answers, wire};
//! fn count(n: usize) -> u64 { [1, 1, 0, 0, 2][n] }
//! // What a graded test cell shows for the judge, for the inputs 1 and 4 (without the display
//! // markers, and without the watchdog that stops a loop):
//! let shown = answers::collected("count", &wire::write(&vec![1_usize, 4]), |n: usize| count(n));
//! assert_eq!(shown, r#"["count",[["answer",1],["answer",2]]]"#);
//! ```

use std::sync::{Arc, Mutex, PoisonError};

use super::report::{TIME_LIMIT, quietly, within_then};
use super::wire::{self, Value, Wire, WireError};
use crate::backtrack::Grid;
use crate::board::Square;
use crate::csp::{Csp, CspError};
use crate::logic::{Clause, Clauses, Literal, Variable};

/// The MIME type the answers are shown with, which the judge looks for.
pub const MIME: &str = "text/x-nqueens-answers";

/// What starts the line on stderr that carries the answers when the calls were stopped (the
/// kernel's process ends then, too soon for a display).
pub const STOPPED: &str = "nqueens-answers-when-stopped: ";

/// What became of one call of the student's function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome<O> {
    /// It returned this.
    Answer(O),
    /// It panicked with this message.
    Panicked(String),
    /// It was stopped: the calls together ran past the time limit.
    Stopped(String),
}

impl<O: Wire> Wire for Outcome<O> {
    fn put(&self, out: &mut String) {
        out.push('[');
        match self {
            Outcome::Answer(answer) => {
                out.push_str("\"answer\",");
                answer.put(out);
            }
            Outcome::Panicked(message) => {
                out.push_str("\"panicked\",");
                message.put(out);
            }
            Outcome::Stopped(message) => {
                out.push_str("\"stopped\",");
                message.put(out);
            }
        }
        out.push(']');
    }

    fn take(value: &Value) -> Result<Self, WireError> {
        let (kind, inner) = match value {
            Value::List(items) if items.len() == 2 => (String::take(&items[0])?, &items[1]),
            _ => return Err(WireError("expected an outcome: [kind, value]".to_owned())),
        };
        match kind.as_str() {
            "answer" => O::take(inner).map(Outcome::Answer),
            "panicked" => String::take(inner).map(Outcome::Panicked),
            "stopped" => String::take(inner).map(Outcome::Stopped),
            other => Err(WireError(format!("no outcome is called '{other}'"))),
        }
    }
}

/// A board as rows of `0` and `1`: the compact form a [`Grid`] travels in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rows(pub Grid);

impl Wire for Rows {
    fn put(&self, out: &mut String) {
        let rows: Vec<String> = self
            .0
            .iter()
            .map(|row| row.iter().map(|&q| if q { '1' } else { '0' }).collect())
            .collect();
        rows.put(out);
    }

    fn take(value: &Value) -> Result<Self, WireError> {
        let rows = Vec::<String>::take(value)?;
        rows.iter()
            .map(|row| {
                row.chars()
                    .map(|c| match c {
                        '0' => Ok(false),
                        '1' => Ok(true),
                        other => Err(WireError(format!(
                            "a board's square is 0 or 1, not {other:?}"
                        ))),
                    })
                    .collect()
            })
            .collect::<Result<_, _>>()
            .map(Rows)
    }
}

/// The text a test cell shows for the judge: the exercise, then one outcome per input.
pub fn collected<I: Wire, O: Wire>(exercise: &str, inputs: &str, call: impl Fn(I) -> O) -> String {
    let inputs: Vec<I> = match wire::read(inputs) {
        Ok(inputs) => inputs,
        Err(error) => {
            let said = wire::write(&format!("the inputs do not read: {error}"));
            return format!("[{},{said}]", wire::write(&exercise.to_owned()));
        }
    };
    let outcomes: Vec<String> = inputs
        .into_iter()
        .map(|input| wire::write(&outcome(&call, input)))
        .collect();
    listed(exercise, &outcomes)
}

/// What one call of the student's function came to: its answer, or the message of its panic.
fn outcome<I, O>(call: &impl Fn(I) -> O, input: I) -> Outcome<O> {
    match quietly(|| call(input)) {
        Ok(answer) => Outcome::Answer(answer),
        Err(message) => Outcome::Panicked(message),
    }
}

/// Runs `call` on every input and shows the outcomes with [`MIME`], for the judge. When the
/// calls run past [`TIME_LIMIT`], the outcomes so far are shown with the rest marked stopped,
/// and the kernel's process ends, as a checker's does.
fn collect<I: Wire, O: Wire>(exercise: &str, inputs: &str, call: impl Fn(I) -> O) {
    let inputs: Vec<I> = match wire::read(inputs) {
        Ok(inputs) => inputs,
        Err(error) => {
            eprintln!("✘ the grader's inputs for {exercise} do not read: {error}");
            return;
        }
    };
    let total = inputs.len();
    let done: Arc<Mutex<Vec<String>>> = Arc::default();
    let so_far = Arc::clone(&done);
    let name = exercise.to_owned();
    let last_words = move || {
        let mut outcomes = so_far
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        let stopped = Outcome::<u8>::Stopped(format!(
            "{name} did not return within {} s: is there an endless loop?",
            TIME_LIMIT.as_secs()
        ));
        outcomes.resize(total, wire::write(&stopped));
        // The kernel's process ends next, and evcxr drops a display it has not finished
        // reading by then: the answers go as one line on stderr, which it passes on whole.
        eprintln!("{STOPPED}{}", listed(&name, &outcomes));
    };
    within_then(exercise, last_words, || {
        for input in inputs {
            let text = wire::write(&outcome(&call, input));
            done.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(text);
        }
    });
    let outcomes = done.lock().unwrap_or_else(PoisonError::into_inner).clone();
    show(exercise, &outcomes);
}

/// Prints the outcomes in evcxr's display markers.
fn show(exercise: &str, outcomes: &[String]) {
    println!(
        "EVCXR_BEGIN_CONTENT {MIME}\n{}\nEVCXR_END_CONTENT",
        listed(exercise, outcomes)
    );
}

/// The exercise and its outcomes (each already as text), as the judge reads them.
fn listed(exercise: &str, outcomes: &[String]) -> String {
    let mut text = String::from("[");
    exercise.to_owned().put(&mut text);
    text.push_str(",[");
    text.push_str(&outcomes.join(","));
    text.push_str("]]");
    text
}

macro_rules! collector {
    ($(#[$doc:meta])* $name:ident, $exercise:literal, $given:ty, $in:ty, |$f:ident, $input:pat_param| $body:expr) => {
        $(#[$doc])*
        pub fn $name($f: $given, inputs: &str) {
            collect($exercise, inputs, |$input: $in| $body);
        }
    };
}

collector!(
    /// `queen_attacks` on the judge's inputs (each a square and a board).
    check_queen_attacks, "queen_attacks", impl Fn(Square, &Grid) -> Vec<Square>,
    (Square, Rows),
    |f, (square, board)| f(square, &board.0));
collector!(
/// `complete_board` on the judge's boards, with the queens it noted.
check_complete_board, "complete_board", impl Fn(&Grid, &mut Vec<Square>) -> Option<Grid>,
Rows,
|f, board| {
    let mut placed = Vec::new();
    let answer = f(&board.0, &mut placed);
    (answer.map(Rows), placed)
});
collector!(
    /// `next_generation` on the judge's rows.
    check_next_generation, "next_generation", impl Fn(&[u8]) -> Vec<u8>,
    Vec<u8>,
    |f, row| f(&row));
collector!(
    /// `evolve` on the judge's rows and step counts.
    check_evolve, "evolve", impl Fn(&[u8], usize) -> Vec<Vec<u8>>,
    (Vec<u8>, usize),
    |f, (row, steps)| f(&row, steps));
collector!(
    /// `rook_sees` on the judge's squares and board sizes.
    check_rook_sees, "rook_sees", impl Fn(Square, usize) -> Vec<Square>,
    (Square, usize),
    |f, (square, size)| f(square, size));
collector!(
    /// `knight_sees` on the judge's squares and board sizes.
    check_knight_sees, "knight_sees", impl Fn(Square, usize) -> Vec<Square>,
    (Square, usize),
    |f, (square, size)| f(square, size));
collector!(
    /// `at_most_two` on the judge's lists of variables.
    check_at_most_two, "at_most_two", impl Fn(&[Variable]) -> Clauses,
    Vec<Variable>,
    |f, variables| f(&variables));
collector!(
    /// `at_most_one_in_wrapped_diagonal` on the judge's diagonals and sizes.
    check_wrapped_diagonal, "at_most_one_in_wrapped_diagonal", impl Fn(usize, usize) -> Clauses,
    (usize, usize),
    |f, (k, n)| f(k, n));
collector!(
    /// `torus_clauses` on the judge's sizes.
    check_torus_clauses, "torus_clauses", impl Fn(usize) -> Clauses,
    usize,
    |f, n| f(n));
collector!(
    /// `subsume` on the judge's clause sets.
    check_subsume, "subsume", impl Fn(&Clauses) -> Clauses,
    Clauses,
    |f, set| f(&set));
collector!(
    /// `eliminate` on the judge's clause sets and variables.
    check_eliminate, "eliminate", impl Fn(&Clauses, Variable) -> Clauses,
    (Clauses, Variable),
    |f, (set, variable)| f(&set, variable));
collector!(
/// `solve` on the judge's clause sets, with the splits it noted.
check_solve, "solve", impl Fn(&Clauses, &mut Vec<Literal>) -> Clauses,
Clauses,
|f, set| {
    let mut splits = Vec::new();
    let answer = f(&set, &mut splits);
    (answer, splits)
});
collector!(
    /// The MOMS count on the judge's clause sets and literals.
    check_moms, "moms", impl Fn(&Clauses, Literal) -> usize,
    (Clauses, Literal),
    |f, (set, literal)| f(&set, literal));
collector!(
    /// `superqueens_csp` on the judge's sizes.
    check_superqueens_csp, "superqueens_csp", impl Fn(usize) -> Result<Csp, CspError>,
    usize,
    |f, n| f(n));
collector!(
    /// `is_consistent` on the judge's CSPs, partial assignments and variables.
    check_consistent, "is_consistent", impl Fn(&Csp, &[Option<i64>], usize) -> bool,
    (Csp, Vec<Option<i64>>, usize),
    |f, (csp, assignment, var)| f(&csp, &assignment, var));
collector!(
/// `backtracking` on the judge's CSPs, with the values it kept.
check_csp_backtracking, "backtracking",
impl Fn(&Csp, &mut Vec<(usize, i64)>) -> Option<Vec<i64>>,
Csp,
|f, csp| {
    let mut kept = Vec::new();
    let answer = f(&csp, &mut kept);
    (answer, kept)
});
collector!(
/// `count` on the judge's boards, with the nodes it noted.
check_count, "count", impl Fn(usize, &[Square], &mut u64) -> u64,
(usize, Vec<Square>),
|f, (n, holes)| {
    let mut nodes = 0;
    let found = f(n, &holes, &mut nodes);
    (found, nodes)
});
collector!(
    /// `canonical` on the judge's boards of queens.
    check_canonical, "canonical", impl Fn(&[Square], usize) -> Vec<Square>,
    (Vec<Square>, usize),
    |f, (squares, n)| f(&squares, n));
collector!(
    /// `class_size` on the judge's boards of queens.
    check_class_size, "class_size", impl Fn(&[Square], usize) -> usize,
    (Vec<Square>, usize),
    |f, (squares, n)| f(&squares, n));
collector!(
    /// `classes` on the judge's boards with holes.
    check_classes, "classes", impl Fn(usize, &[Square]) -> u64,
    (usize, Vec<Square>),
    |f, (n, holes)| f(n, &holes));
collector!(
    /// `attacking_pairs` on the judge's boards (a large one drawn here from its size and seed).
    check_attacking_pairs, "attacking_pairs", impl Fn(&[usize]) -> u64,
    super::trial::Rows,
    |f, rows| f(&super::trial::board_of(&rows)));
collector!(
    /// `best_column` on the judge's boards and rows.
    check_best_column, "best_column", impl Fn(&[usize], usize) -> usize,
    (super::trial::Rows, usize),
    |f, (rows, row)| f(&super::trial::board_of(&rows), row));
collector!(
    /// `greedy_start` on the judge's sizes.
    check_greedy_start, "greedy_start", impl Fn(usize) -> Vec<usize>,
    usize,
    |f, n| f(n));
collector!(
    /// `luby` on the judge's indices.
    check_luby, "luby", impl Fn(u64) -> u64,
    u64,
    |f, i| f(i));
collector!(
    /// `minimise` on the judge's trails and clauses.
    check_minimise, "minimise", impl Fn(&Clause, &[(Literal, usize, Option<Clause>)]) -> Clause,
    (Vec<(Literal, usize, Option<Clause>)>, Clause),
    |f, (trail, clause)| f(&clause, &trail));
collector!(
    /// `refutation` on the judge's formulas.
    check_refutation, "refutation", impl Fn(&Clauses) -> Vec<Clause>,
    Clauses,
    |f, set| f(&set));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_and_boards_travel_whole() {
        let outcomes = vec![
            Outcome::Answer(Rows(vec![vec![false, true], vec![true, false]])),
            Outcome::Panicked("not yet \"done\"".to_owned()),
            Outcome::Stopped("too slow".to_owned()),
        ];
        assert_eq!(
            wire::read::<Vec<Outcome<Rows>>>(&wire::write(&outcomes)).unwrap(),
            outcomes
        );
        assert!(wire::read::<Rows>("[\"01\",\"2\"]").is_err());
        assert!(wire::read::<Outcome<u8>>("[\"won\",1]").is_err());
    }

    #[test]
    fn a_panic_is_an_outcome_and_bad_inputs_are_said() {
        let shown = collected("count", "[1,2]", |n: usize| {
            assert!(n < 2, "n = {n} is too large");
            7_u64
        });
        assert_eq!(
            shown,
            r#"["count",[["answer",7],["panicked","n = 2 is too large"]]]"#
        );
        assert!(collected("count", "[1,", |n: usize| n).contains("do not read"));
    }
}
