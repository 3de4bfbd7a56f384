//! What a test cell does when the coursework is graded: it runs the student's function on the
//! inputs the judge sent and prints each outcome as it comes, one line each, for the judge
//! outside the student's process to compare with its reference (see the coursework's README,
//! "How a test cell scores").
//!
//! Nothing here decides anything, and nothing here keeps time: the answers are the student's
//! claims, whatever else the student's code prints, and the grader's executor, outside the
//! kernel, keeps the clock (an answer that arrives after the cell's time counts for nothing).
//!
//! ```
//! use nqueens_checkers::{answers, wire};
//! fn count(n: usize) -> u64 { [1, 1, 0, 0, 2][n] }
//! // What a graded test cell prints for the judge, for the inputs 1 and 4:
//! let shown = answers::collected(&wire::write(&vec![1_usize, 4]), |n: usize| count(n));
//! assert_eq!(shown, "nqueens-answer 0 [\"answer\",1]\nnqueens-answer 1 [\"answer\",2]\n");
//! ```

use std::io::Write as _;

use super::report::quietly;
use super::wire::{self, Value, Wire, WireError};
use nqueens_core::backtrack::Grid;
use nqueens_core::board::Square;
use nqueens_core::csp::{Csp, CspError};
use nqueens_core::logic::{Clause, Clauses, Literal, Variable};

/// What starts each line that carries an outcome: `nqueens-answer INDEX OUTCOME`, the index of
/// the input (from 0) and the outcome as [`wire`] text.
pub const ANSWER: &str = "nqueens-answer ";

/// The line a test cell prints after its last outcome. evcxr passes a cell's standard output on
/// from a thread of its own, which can deliver the last lines after it has said the cell is
/// done: the grader waits for this line (within the cell's time) before it goes on.
pub const DONE: &str = "nqueens-answers-done";

/// What became of one call of the student's function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply<O> {
    /// It returned this.
    Answer(O),
    /// It panicked with this message.
    Panicked(String),
    /// No answer counts for it: none came in time, or more than one came, or it did not read
    /// (said by the judge, never by the kernel).
    Stopped(String),
}

impl<O: Wire> Wire for Reply<O> {
    fn put(&self, out: &mut String) {
        out.push('[');
        match self {
            Reply::Answer(answer) => {
                out.push_str("\"answer\",");
                answer.put(out);
            }
            Reply::Panicked(message) => {
                out.push_str("\"panicked\",");
                message.put(out);
            }
            Reply::Stopped(message) => {
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
            "answer" => O::take(inner).map(Reply::Answer),
            "panicked" => String::take(inner).map(Reply::Panicked),
            "stopped" => String::take(inner).map(Reply::Stopped),
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

/// The lines a test cell prints for the judge: one per input, in order, each
/// `nqueens-answer INDEX OUTCOME`, as a test cell prints them while it runs.
pub fn collected<I: Wire, O: Wire>(inputs: &str, call: impl Fn(I) -> O) -> String {
    let mut text = String::new();
    each_outcome(inputs, call, |line| text.push_str(&line));
    text
}

/// Runs `call` on every input read from `inputs`, handing `line` each outcome's line as soon as
/// it is known; inputs that do not read give one line that says so (it carries no answer).
fn each_outcome<I: Wire, O: Wire>(
    inputs: &str,
    call: impl Fn(I) -> O,
    mut line: impl FnMut(String),
) {
    match wire::read::<Vec<I>>(inputs) {
        Ok(inputs) => {
            for (index, input) in inputs.into_iter().enumerate() {
                line(format!(
                    "{ANSWER}{index} {}\n",
                    wire::write(&outcome(&call, input))
                ));
            }
        }
        Err(error) => line(format!("✘ the grader's inputs do not read: {error}\n")),
    }
}

/// What one call of the student's function came to: its answer, or the message of its panic.
fn outcome<I, O>(call: &impl Fn(I) -> O, input: I) -> Reply<O> {
    match quietly(|| call(input)) {
        Ok(answer) => Reply::Answer(answer),
        Err(message) => Reply::Panicked(message),
    }
}

/// Runs `call` on every input and prints each outcome's line on standard output as soon as it
/// is known, so that the answers given before the grader's clock ran out count even when a
/// later call never returns. A standard output that no longer writes loses the lines: the
/// judge then finds no answer.
fn collect<I: Wire, O: Wire>(inputs: &str, call: impl Fn(I) -> O) {
    let out = std::io::stdout();
    each_outcome(inputs, call, |line| {
        let mut out = out.lock();
        let _ = out.write_all(line.as_bytes()).and_then(|()| out.flush());
    });
    let mut out = out.lock();
    let _ = writeln!(out, "{DONE}").and_then(|()| out.flush());
}

macro_rules! collector {
    ($(#[$doc:meta])* $name:ident, $given:ty, $in:ty, |$f:ident, $input:pat_param| $body:expr) => {
        $(#[$doc])*
        pub fn $name($f: $given, inputs: &str) {
            collect(inputs, |$input: $in| $body);
        }
    };
}

collector!(
    /// `queen_attacks` on the judge's inputs (each a square and a board).
    check_queen_attacks, impl Fn(Square, &Grid) -> Vec<Square>,
    (Square, Rows),
    |f, (square, board)| f(square, &board.0));
collector!(
/// `complete_board` on the judge's boards, with the queens it noted.
check_complete_board, impl Fn(&Grid, &mut Vec<Square>) -> Option<Grid>,
Rows,
|f, board| {
    let mut placed = Vec::new();
    let answer = f(&board.0, &mut placed);
    (answer.map(Rows), placed)
});
collector!(
    /// `next_generation` on the judge's rows.
    check_next_generation, impl Fn(&[u8]) -> Vec<u8>,
    Vec<u8>,
    |f, row| f(&row));
collector!(
    /// `evolve` on the judge's rows and step counts.
    check_evolve, impl Fn(&[u8], usize) -> Vec<Vec<u8>>,
    (Vec<u8>, usize),
    |f, (row, steps)| f(&row, steps));
collector!(
    /// `rook_sees` on the judge's squares and board sizes.
    check_rook_sees, impl Fn(Square, usize) -> Vec<Square>,
    (Square, usize),
    |f, (square, size)| f(square, size));
collector!(
    /// `knight_sees` on the judge's squares and board sizes.
    check_knight_sees, impl Fn(Square, usize) -> Vec<Square>,
    (Square, usize),
    |f, (square, size)| f(square, size));
collector!(
    /// `at_most_two` on the judge's lists of variables.
    check_at_most_two, impl Fn(&[Variable]) -> Clauses,
    Vec<Variable>,
    |f, variables| f(&variables));
collector!(
    /// `at_most_one_in_wrapped_diagonal` on the judge's diagonals and sizes.
    check_wrapped_diagonal, impl Fn(usize, usize) -> Clauses,
    (usize, usize),
    |f, (k, n)| f(k, n));
collector!(
    /// `torus_clauses` on the judge's sizes.
    check_torus_clauses, impl Fn(usize) -> Clauses,
    usize,
    |f, n| f(n));
collector!(
    /// `subsume` on the judge's clause sets.
    check_subsume, impl Fn(&Clauses) -> Clauses,
    Clauses,
    |f, set| f(&set));
collector!(
    /// `eliminate` on the judge's clause sets and variables.
    check_eliminate, impl Fn(&Clauses, Variable) -> Clauses,
    (Clauses, Variable),
    |f, (set, variable)| f(&set, variable));
collector!(
/// `solve` on the judge's clause sets, with the splits it noted.
check_solve, impl Fn(&Clauses, &mut Vec<Literal>) -> Clauses,
Clauses,
|f, set| {
    let mut splits = Vec::new();
    let answer = f(&set, &mut splits);
    (answer, splits)
});
collector!(
    /// The MOMS count on the judge's clause sets and literals.
    check_moms, impl Fn(&Clauses, Literal) -> usize,
    (Clauses, Literal),
    |f, (set, literal)| f(&set, literal));
collector!(
    /// `superqueens_csp` on the judge's sizes.
    check_superqueens_csp, impl Fn(usize) -> Result<Csp, CspError>,
    usize,
    |f, n| f(n));
collector!(
    /// `is_consistent` on the judge's CSPs, partial assignments and variables.
    check_consistent, impl Fn(&Csp, &[Option<i64>], usize) -> bool,
    (Csp, Vec<Option<i64>>, usize),
    |f, (csp, assignment, var)| f(&csp, &assignment, var));
collector!(
/// `backtracking` on the judge's CSPs, with the values it kept.
check_csp_backtracking,
impl Fn(&Csp, &mut Vec<(usize, i64)>) -> Option<Vec<i64>>,
Csp,
|f, csp| {
    let mut kept = Vec::new();
    let answer = f(&csp, &mut kept);
    (answer, kept)
});
collector!(
/// `count` on the judge's boards, with the nodes it noted.
check_count, impl Fn(usize, &[Square], &mut u64) -> u64,
(usize, Vec<Square>),
|f, (n, holes)| {
    let mut nodes = 0;
    let found = f(n, &holes, &mut nodes);
    (found, nodes)
});
collector!(
    /// `canonical` on the judge's boards of queens.
    check_canonical, impl Fn(&[Square], usize) -> Vec<Square>,
    (Vec<Square>, usize),
    |f, (squares, n)| f(&squares, n));
collector!(
    /// `class_size` on the judge's boards of queens.
    check_class_size, impl Fn(&[Square], usize) -> usize,
    (Vec<Square>, usize),
    |f, (squares, n)| f(&squares, n));
collector!(
    /// `classes` on the judge's boards with holes.
    check_classes, impl Fn(usize, &[Square]) -> u64,
    (usize, Vec<Square>),
    |f, (n, holes)| f(n, &holes));
collector!(
    /// `attacking_pairs` on the judge's boards (a large one drawn here from its size and seed).
    check_attacking_pairs, impl Fn(&[usize]) -> u64,
    super::trial::Rows,
    |f, rows| f(&super::trial::board_of(&rows)));
collector!(
    /// `best_column` on the judge's boards and rows.
    check_best_column, impl Fn(&[usize], usize) -> usize,
    (super::trial::Rows, usize),
    |f, (rows, row)| f(&super::trial::board_of(&rows), row));
collector!(
    /// `greedy_start` on the judge's sizes.
    check_greedy_start, impl Fn(usize) -> Vec<usize>,
    usize,
    |f, n| f(n));
collector!(
    /// `luby` on the judge's indices.
    check_luby, impl Fn(u64) -> u64,
    u64,
    |f, i| f(i));
collector!(
    /// `minimise` on the judge's trails and clauses.
    check_minimise, impl Fn(&Clause, &[(Literal, usize, Option<Clause>)]) -> Clause,
    (Vec<(Literal, usize, Option<Clause>)>, Clause),
    |f, (trail, clause)| f(&clause, &trail));
collector!(
    /// `refutation` on the judge's formulas.
    check_refutation, impl Fn(&Clauses) -> Vec<Clause>,
    Clauses,
    |f, set| f(&set));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_and_boards_travel_whole() {
        let outcomes = vec![
            Reply::Answer(Rows(vec![vec![false, true], vec![true, false]])),
            Reply::Panicked("not yet \"done\"".to_owned()),
            Reply::Stopped("too slow".to_owned()),
        ];
        assert_eq!(
            wire::read::<Vec<Reply<Rows>>>(&wire::write(&outcomes)).unwrap(),
            outcomes
        );
        assert!(wire::read::<Rows>("[\"01\",\"2\"]").is_err());
        assert!(wire::read::<Reply<u8>>("[\"won\",1]").is_err());
    }

    #[test]
    fn a_panic_is_an_outcome_and_bad_inputs_are_said() {
        let shown = collected("[1,2]", |n: usize| {
            assert!(n < 2, "n = {n} is too large");
            7_u64
        });
        assert_eq!(
            shown,
            "nqueens-answer 0 [\"answer\",7]\nnqueens-answer 1 [\"panicked\",\"n = 2 is too large\"]\n"
        );
        let unread = collected("[1,", |n: usize| n);
        assert!(unread.contains("do not read") && !unread.contains(ANSWER));
    }
}
