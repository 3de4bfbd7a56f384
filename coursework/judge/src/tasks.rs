//! What the judge answers for the checkers (its [`Oracle`]): the references' answer to each task
//! by its name, on an input as the wire writes it, and a hidden test's inputs drawn from the
//! grader's seed. While [`table`] runs, every answer given is noted: the table the students' kit
//! looks its answers up in (`coursework/checkers/src/expected.txt`).

use std::any::Any;
use std::cell::RefCell;

use nqueens::board::{Direction, Piece, Square};
use nqueens::prelude::*;
use nqueens_checkers::oracle::Oracle;
use nqueens_checkers::wire::{self, Wire};

use crate::{TASKS, inputs};

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
        self.seed.map(|seed| hidden_inputs(exercise, seed))
    }
}

/// The reference `reference` on an input read from the wire, its answer written back.
pub(crate) fn by<I: Wire, O: Wire>(
    task: &str,
    input: &str,
    reference: impl FnOnce(I) -> O,
) -> String {
    let input = wire::read(input)
        .unwrap_or_else(|error| panic!("an input of {task} does not read: {error}"));
    wire::write(&reference(input))
}

/// The reference's answer to `task` on `input`: the table's, or for the squares any piece sees
/// (which `check_sees` asks about), the library's moves.
///
/// # Panics
/// For a task the judge has no reference answer for, or an input that does not read: a bug of
/// the checkers.
fn answer(task: &str, input: &str) -> String {
    if let Some(answer) = TASKS
        .iter()
        .find(|row| row.name == task)
        .and_then(|row| row.answer)
    {
        return answer(input);
    }
    match piece_seeing(task) {
        Some(piece) => by(task, input, |(square, size): (Square, usize)| {
            piece.sees(square, size)
        }),
        None => panic!("the judge has no reference answer for the task {task}"),
    }
}

/// The piece whose squares the task `sees_task` asks for (see `nqueens_checkers::sees_task`).
fn piece_seeing(sees_task: &str) -> Option<Piece> {
    Piece::ALL
        .into_iter()
        .chain([Piece::Pawn(Direction::Down)])
        .find(|&piece| nqueens_checkers::sees_task(piece) == sees_task)
}

/// The inputs of `exercise`'s hidden test for `seed`: the table's, or for any piece's squares,
/// the rook's and the knight's kind.
///
/// # Panics
/// For an exercise with no hidden test: a bug of the checkers.
fn hidden_inputs(exercise: &str, seed: u64) -> Box<dyn Any> {
    match TASKS.iter().find(|row| row.name == exercise) {
        Some(row) => (row.hidden)(seed),
        None if piece_seeing(exercise).is_some() => Box::new(inputs::squares(seed, exercise)),
        None => panic!("{exercise} has no hidden test"),
    }
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
    for checker in crate::checkers() {
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
            "coursework/checkers/src/expected.txt is stale: write it anew with `make expected`"
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
