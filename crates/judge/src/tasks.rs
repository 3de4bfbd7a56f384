//! What the judge answers for the checkers (its [`Oracle`]): the references' answer to each task
//! by its name, on an input as the wire writes it, and a hidden test's inputs drawn from the
//! grader's seed. While [`table`] runs, every answer given is noted: the table the students' kit
//! looks its answers up in (`crates/checkers/src/expected.txt`).

use std::any::Any;
use std::cell::RefCell;

use nqueens::board::{Direction, Piece, Square};
use nqueens::logic::{Clause, Clauses, Literal, Variable};
use nqueens::queens;
use nqueens_checkers::answers::Rows;
use nqueens_checkers::oracle::Oracle;
use nqueens_checkers::trial::{self, Trail};
use nqueens_checkers::wire::{self, Wire};

use crate::{inputs, reference};

/// The judge's oracle: the references, and with a seed the inputs of that hidden test.
pub(crate) struct References {
    /// The grader's seed of a hidden test, or `None` for the visible inputs.
    pub(crate) seed: Option<u64>,
}

impl Oracle for References {
    fn answer(&self, task: &str, input: &str) -> String {
        let answer = answer(task, input);
        RECORD.with(|record| {
            if let Some(lines) = record.borrow_mut().as_mut() {
                lines.push(format!("{task}\t{input}\t{answer}"));
            }
        });
        answer
    }

    fn hidden_inputs(&self, exercise: &str) -> Option<Box<dyn Any>> {
        self.seed.map(|seed| inputs::drawn_for(exercise, seed))
    }
}

/// The reference `reference` on an input read from the wire, its answer written back.
fn by<I: Wire, O: Wire>(task: &str, input: &str, reference: impl FnOnce(I) -> O) -> String {
    let input = wire::read(input)
        .unwrap_or_else(|error| panic!("an input of {task} does not read: {error}"));
    wire::write(&reference(input))
}

/// The reference's answer to `task` on `input`.
///
/// # Panics
/// For a task the judge does not know, or an input that does not read: a bug of the checkers.
fn answer(task: &str, input: &str) -> String {
    match task {
        "queen_attacks" => by(task, input, |(square, grid): (Square, Rows)| {
            reference::queen_attacks(square, &grid.0)
        }),
        "complete_board" => by(task, input, |grid: Rows| {
            let mut placed = Vec::new();
            let first = reference::complete(&grid.0, 1, &mut placed);
            (first.map(Rows), placed)
        }),
        "next_generation" => by(task, input, |row: Vec<u8>| reference::next_generation(&row)),
        "evolve" => by(task, input, |(first, steps): (Vec<u8>, usize)| {
            reference::generations(&first, steps)
        }),
        "at_most_two" => by(task, input, |variables: Vec<Variable>| {
            reference::at_most_two(&variables)
        }),
        "at_most_one_in_wrapped_diagonal" => by(task, input, |(k, n): (usize, usize)| {
            reference::wrapped_diagonal(k, n)
        }),
        "torus_clauses" => by(task, input, reference::torus_clauses),
        "subsume" => by(task, input, |set: Clauses| reference::subsume(&set)),
        "eliminate" => by(task, input, |(set, variable): (Clauses, Variable)| {
            reference::eliminate(&set, variable)
        }),
        "moms" => by(task, input, |(set, literal): (Clauses, Literal)| {
            reference::moms(&set, literal)
        }),
        "solve" => by(task, input, |set: Clauses| reference::solve(&set)),
        "superqueens_csp" => by(task, input, reference::superqueens_csp),
        "is_consistent" => by(
            task,
            input,
            |(n, assignment, var): (usize, Vec<Option<i64>>, usize)| {
                let csp = queens::create_csp(n).expect("the CSP of n queens");
                reference::consistent(&csp, &assignment, var)
            },
        ),
        "backtracking" => by(task, input, |n: usize| {
            let csp = queens::create_csp(n).expect("the CSP of n queens");
            let (mut kept, mut assignment) = (Vec::new(), vec![None; n]);
            let first = reference::search(&csp, &mut assignment, 0, &mut kept)
                .then(|| assignment.into_iter().flatten().collect::<Vec<i64>>());
            (first, kept)
        }),
        "count" => by(task, input, |(n, holes): (usize, Vec<Square>)| {
            reference::count(n, &holes)
        }),
        "canonical" => by(task, input, |(squares, n): (Vec<Square>, usize)| {
            reference::canonical(&squares, n)
        }),
        "class_size" => by(task, input, |(squares, n): (Vec<Square>, usize)| {
            reference::class_size(&squares, n)
        }),
        "classes" => by(task, input, |(n, holes): (usize, Vec<Square>)| {
            reference::classes(n, &holes)
        }),
        "attacking_pairs" => by(task, input, |rows: trial::Rows| {
            reference::attacking_pairs(&trial::board_of(&rows))
        }),
        "best_column" => by(task, input, |(rows, row): (trial::Rows, usize)| {
            reference::best_column(&trial::board_of(&rows), row)
        }),
        "greedy_start" => by(task, input, reference::greedy_start),
        "minimise" => by(task, input, |(_, trail, clause): (usize, Trail, Clause)| {
            reference::minimise(&clause, &trail)
        }),
        "luby" => by(task, input, reference::luby),
        sees => match piece_seeing(sees) {
            Some(piece) => by(task, input, |(square, size): (Square, usize)| {
                reference::sees(piece, square, size)
            }),
            None => panic!("the judge has no reference for the task {task}"),
        },
    }
}

/// The piece whose squares the task `sees_task` asks for (see [`sees_task`]).
fn piece_seeing(sees_task: &str) -> Option<Piece> {
    Piece::ALL
        .into_iter()
        .chain([Piece::Pawn(Direction::Down)])
        .find(|&piece| nqueens_checkers::sees_task(piece) == sees_task)
}

thread_local! {
    static RECORD: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
}

/// The table the kit looks answers up in: one line per task and visible input (the task, the
/// input and the answer, tab-separated: the wire's text escapes tabs and newlines), sorted,
/// each once. It records the references' answers while every visible checker runs with the
/// reference in the student's place (the judge's own way of finding a checker's inputs), and
/// while the pictures the tasks show are drawn.
pub fn table() -> String {
    RECORD.with(|record| *record.borrow_mut() = Some(Vec::new()));
    for checker in crate::CHECKERS {
        let _ = crate::inputs(checker, None);
    }
    let _ = nqueens_checkers::oracle::consulting(
        std::rc::Rc::new(References { seed: None }),
        nqueens_checkers::queen_attacks_example,
    );
    let mut lines = RECORD
        .with(|record| record.borrow_mut().take())
        .unwrap_or_default();
    lines.sort();
    lines.dedup();
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use nqueens_checkers::oracle::{self, Oracle};

    use super::References;

    #[test]
    fn the_committed_table_is_what_the_references_answer() {
        let committed = include_str!("../../checkers/src/expected.txt");
        let table = super::table();
        assert!(
            table.lines().count() > 1000,
            "every visible input of every checker: {} lines",
            table.lines().count()
        );
        assert!(
            committed == table,
            "crates/checkers/src/expected.txt is stale: write it anew with `make expected`"
        );
    }

    #[test]
    fn a_hidden_test_draws_its_inputs_only_while_the_judge_consults() {
        // The reference's count on the boards the notebook shows, one too many on any other.
        let visible = nqueens_checkers::count_boards();
        let count = |n: usize, holes: &[nqueens::Square], nodes: &mut u64| -> u64 {
            let (count, searched) = crate::reference::count(n, holes);
            *nodes = searched;
            let shown = visible
                .iter()
                .any(|(m, h)| *m == n && h.as_slice() == holes);
            if shown { count } else { count + 1 }
        };
        // The visible test passes on its own, with the kit's table, and with the references.
        assert!(nqueens_checkers::check_count(count).passed());
        let visible = Rc::new(References { seed: None });
        assert!(oracle::consulting(visible, || nqueens_checkers::check_count(count)).passed());
        // The hidden one does not (it has holes), and after it the visible inputs are back.
        let hidden = Rc::new(References { seed: Some(7) });
        assert!(hidden.hidden_inputs("count").is_some());
        let report = oracle::consulting(hidden, || nqueens_checkers::check_count(count));
        assert!(!report.passed(), "{}", report.text());
        assert!(nqueens_checkers::check_count(count).passed());
        // A panic inside leaves no oracle behind either.
        let failed = std::panic::catch_unwind(|| {
            oracle::consulting(Rc::new(References { seed: Some(8) }), || panic!("inside"))
        });
        assert!(failed.is_err());
        assert!(nqueens_checkers::check_count(count).passed());
    }
}
