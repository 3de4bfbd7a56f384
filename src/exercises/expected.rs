//! What the checkers compare a student's answer with: the reference's answer on that input.
//!
//! With the `solvers` feature (the library, the judge) each function here asks the reference
//! (`reference.rs`). Without it (the coursework's kit, the one crate students get) the
//! references are not compiled, and not shipped: each function looks its input up in
//! `expected.txt`, the references' answers on every visible input of every checker, written by
//! [`table`] and committed beside this file. The checkers cannot tell the two apart, so a
//! student's visible test cell reports what the judge would, and a hidden test (new inputs the
//! kit has no answers for) can only be judged by the grader.
//!
//! An input missing from the table is a bug of the table (the checkers ask only what [`table`]
//! recorded): the lookup panics, and the checker reports that it failed.

use crate::backtrack::Grid;
use crate::board::{Piece, Square};
use crate::csp::{Csp, CspError};
use crate::dp::Step;
use crate::logic::{Clause, Clauses, Literal, Variable};

use super::answers::Rows;
use super::wire::{self, Wire};

/// The reference's answer on `$input` for `$task`: computed (and noted, while [`table`] records)
/// with the `solvers` feature, looked up in the committed table without it.
macro_rules! answer {
    ($task:expr, $input:expr, $reference:expr) => {{
        #[cfg(feature = "solvers")]
        let found = recorded($task, &$input, || $reference);
        #[cfg(not(feature = "solvers"))]
        let found = looked_up($task, &$input);
        found
    }};
}

/// The squares `piece` on `square` of a `size`×`size` board attacks.
pub(super) fn for_sees(piece: Piece, square: Square, size: usize) -> Vec<Square> {
    let task = format!("{}_sees", piece.name());
    answer!(
        &task,
        (square, size),
        super::reference::sees(piece, square, size)
    )
}

/// The squares a queen on `square` attacks on `grid`, up to the first queen on each line.
pub(super) fn for_queen_attacks(square: Square, grid: &Grid) -> Vec<Square> {
    answer!(
        "queen_attacks",
        (square, Rows(grid.clone())),
        super::reference::queen_attacks(square, grid)
    )
}

/// The lecture's fill completing `grid`: the first full board (or `None`), and the queens it
/// placed, in order.
pub(super) fn for_complete(grid: &Grid) -> (Option<Grid>, Vec<Square>) {
    let (first, placed): (Option<Rows>, Vec<Square>) =
        answer!("complete_board", Rows(grid.clone()), {
            let mut placed = Vec::new();
            let first = super::reference::complete(grid, 1, &mut placed);
            (first.map(Rows), placed)
        });
    (first.map(|rows| rows.0), placed)
}

/// The next generation of a row of cells.
pub(super) fn for_next_generation(row: &[u8]) -> Vec<u8> {
    answer!(
        "next_generation",
        row.to_vec(),
        super::reference::next_generation(row)
    )
}

/// The first row and the `steps` generations after it.
pub(super) fn for_generations(first: &[u8], steps: usize) -> Vec<Vec<u8>> {
    answer!(
        "evolve",
        (first.to_vec(), steps),
        super::reference::generations(first, steps)
    )
}

/// At most two of the variables true.
pub(super) fn for_at_most_two(variables: &[Variable]) -> Clauses {
    answer!(
        "at_most_two",
        variables.to_vec(),
        super::reference::at_most_two(variables)
    )
}

/// At most one queen on the wrapped falling diagonal `k` of the n×n torus.
pub(super) fn for_wrapped_diagonal(k: usize, n: usize) -> Clauses {
    answer!(
        "at_most_one_in_wrapped_diagonal",
        (k, n),
        super::reference::wrapped_diagonal(k, n)
    )
}

/// The clauses of n queens on the n×n torus.
pub(super) fn for_torus_clauses(n: usize) -> Clauses {
    answer!("torus_clauses", n, super::reference::torus_clauses(n))
}

/// The clauses of the set that hold no other clause of it.
pub(super) fn for_subsume(clauses: &Clauses) -> Clauses {
    answer!(
        "subsume",
        clauses.clone(),
        super::reference::subsume(clauses)
    )
}

/// `variable` resolved away.
pub(super) fn for_eliminate(clauses: &Clauses, variable: Variable) -> Clauses {
    answer!(
        "eliminate",
        (clauses.clone(), variable),
        super::reference::eliminate(clauses, variable)
    )
}

/// The MOMS count of a literal.
pub(super) fn for_moms(clauses: &Clauses, literal: Literal) -> usize {
    answer!(
        "moms",
        (clauses.clone(), literal),
        super::reference::moms(clauses, literal)
    )
}

/// The lecture's search on a set: whether it is satisfiable, the splits it makes, and the steps
/// of the search the report draws (none when the library's search splits otherwise).
pub(super) fn for_solve(clauses: &Clauses) -> (bool, Vec<Literal>, Option<Vec<Step>>) {
    answer!("solve", clauses.clone(), super::reference::solve(clauses))
}

/// The CSP of n superqueens.
pub(super) fn for_superqueens_csp(n: usize) -> Result<Csp, CspError> {
    answer!("superqueens_csp", n, super::reference::superqueens_csp(n))
}

/// The lecture's consistency check on `csp`, the CSP of n queens.
pub(super) fn for_consistent(n: usize, csp: &Csp, assignment: &[Option<i64>], var: usize) -> bool {
    let _ = csp;
    answer!(
        "is_consistent",
        (n, assignment.to_vec(), var),
        super::reference::consistent(csp, assignment, var)
    )
}

/// The lecture's backtracking on `csp`, the CSP of n queens: the first solution (or `None`), and
/// every `(variable, value)` it kept, in order.
pub(super) fn for_backtracking(n: usize, csp: &Csp) -> (Option<Vec<i64>>, Vec<(usize, i64)>) {
    let _ = csp;
    answer!("backtracking", n, {
        let mut kept = Vec::new();
        let mut assignment = vec![None; n];
        let first = super::reference::search(csp, &mut assignment, 0, &mut kept)
            .then(|| assignment.into_iter().flatten().collect());
        (first, kept)
    })
}

/// The number of ways to place n queens with none on a hole, and the nodes of the row-by-row
/// search that counts them.
pub(super) fn for_count(n: usize, holes: &[Square]) -> (u64, u64) {
    answer!(
        "count",
        (n, holes.to_vec()),
        super::reference::count(n, holes)
    )
}

/// The least of the eight images of a board of queens, listed by row and column.
pub(super) fn for_canonical(squares: &[Square], n: usize) -> Vec<Square> {
    answer!(
        "canonical",
        (squares.to_vec(), n),
        super::reference::canonical(squares, n)
    )
}

/// How many different boards the eight symmetries make of a board of queens.
pub(super) fn for_class_size(squares: &[Square], n: usize) -> usize {
    answer!(
        "class_size",
        (squares.to_vec(), n),
        super::reference::class_size(squares, n)
    )
}

/// The classes of the solutions of n queens on a board with holes that every symmetry keeps.
pub(super) fn for_classes(n: usize, holes: &[Square]) -> u64 {
    answer!(
        "classes",
        (n, holes.to_vec()),
        super::reference::classes(n, holes)
    )
}

/// The pairs of queens that attack each other on a board of the huge-board tasks.
pub(super) fn for_attacking_pairs(rows: &super::trial::Rows) -> u64 {
    answer!(
        "attacking_pairs",
        rows.clone(),
        super::reference::attacking_pairs(&super::trial::board_of(rows))
    )
}

/// The column of `row` that the other queens attack least, the leftmost on a tie.
pub(super) fn for_best_column(rows: &super::trial::Rows, row: usize) -> usize {
    answer!(
        "best_column",
        (rows.clone(), row),
        super::reference::best_column(&super::trial::board_of(rows), row)
    )
}

/// The greedy start of n queens.
pub(super) fn for_greedy_start(n: usize) -> Vec<usize> {
    answer!("greedy_start", n, super::reference::greedy_start(n))
}

/// The clause of a trail case without the literals that can go.
pub(super) fn for_minimise(n: usize, trail: &super::trial::Trail, clause: &Clause) -> Clause {
    answer!(
        "minimise",
        (n, trail.clone(), clause.clone()),
        super::reference::minimise(clause, trail)
    )
}

/// The i-th term of the Luby sequence.
pub(super) fn for_luby(i: u64) -> u64 {
    answer!("luby", i, super::reference::luby(i))
}

#[cfg(feature = "solvers")]
thread_local! {
    static RECORD: std::cell::RefCell<Option<Vec<String>>> = const { std::cell::RefCell::new(None) };
}

/// The reference's answer, noted as a line of the table while [`table`] records.
#[cfg(feature = "solvers")]
fn recorded<I: Wire, O: Wire>(task: &str, input: &I, reference: impl FnOnce() -> O) -> O {
    let answer = reference();
    RECORD.with(|record| {
        if let Some(lines) = record.borrow_mut().as_mut() {
            lines.push(line(task, &wire::write(input), &wire::write(&answer)));
        }
    });
    answer
}

#[cfg(feature = "solvers")]
/// A line of the table: the task, the input and the answer, tab-separated (the wire's text
/// escapes tabs and newlines, so neither occurs inside a field).
fn line(task: &str, input: &str, answer: &str) -> String {
    format!("{task}\t{input}\t{answer}")
}

/// The table the kit looks answers up in: one line per task and visible input, sorted, each
/// once. It records the references' answers while every visible checker runs with the
/// reference in the student's place (the judge's own way of finding a checker's inputs), and
/// while the pictures the tasks show are drawn.
#[cfg(feature = "solvers")]
pub fn table() -> String {
    RECORD.with(|record| *record.borrow_mut() = Some(Vec::new()));
    for checker in super::judge::CHECKERS {
        let _ = super::judge::inputs(checker, None);
    }
    let _ = super::queen_attacks_example();
    let mut lines = RECORD
        .with(|record| record.borrow_mut().take())
        .unwrap_or_default();
    lines.sort();
    lines.dedup();
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

/// The committed table, read once.
#[cfg(not(feature = "solvers"))]
fn committed() -> &'static std::collections::HashMap<(String, String), String> {
    static TABLE: std::sync::OnceLock<std::collections::HashMap<(String, String), String>> =
        std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        include_str!("expected.txt")
            .lines()
            .filter_map(|line| {
                let mut fields = line.splitn(3, '\t');
                let (task, input, answer) = (fields.next()?, fields.next()?, fields.next()?);
                Some(((task.to_owned(), input.to_owned()), answer.to_owned()))
            })
            .collect()
    })
}

/// The committed answer for `input`: a panic (reported by the checker) when it is missing.
#[cfg(not(feature = "solvers"))]
fn looked_up<I: Wire, O: Wire>(task: &str, input: &I) -> O {
    let key = (task.to_owned(), wire::write(input));
    let Some(text) = committed().get(&key) else {
        panic!("the checker has no expected answer for this input of {task}: a bug of the kit")
    };
    wire::read(text)
        .unwrap_or_else(|error| panic!("the kit's answer for {task} is damaged: {error}"))
}

#[cfg(all(test, feature = "solvers"))]
mod tests {
    #[test]
    fn the_committed_table_is_what_the_references_answer() {
        let committed = include_str!("expected.txt");
        let table = super::table();
        assert!(
            table.lines().count() > 1000,
            "every visible input of every checker: {} lines",
            table.lines().count()
        );
        assert!(
            committed == table,
            "src/exercises/expected.txt is stale: write it anew with `make expected`"
        );
    }
}
