//! What the checkers compare a student's answer with: the reference's answer on that input, by
//! the task's name, from the judge's [`Oracle`](crate::oracle::Oracle) when one runs, otherwise
//! from the committed table `expected.txt` (see [`oracle`](crate::oracle)).
//!
//! An input missing from the table is a bug of the table (the checkers ask only what the judge
//! recorded when it wrote it): the lookup panics, and the checker reports that it failed.

use nqueens_core::backtrack::Grid;
use nqueens_core::board::{Piece, Square};
use nqueens_core::csp::{Csp, CspError};
use nqueens_core::dp::Step;
use nqueens_core::logic::{Clause, Clauses, Literal, Variable};

use super::answers::Rows;
use super::wire::{self, Wire};

/// The squares `piece` on `square` of a `size`×`size` board attacks.
pub(super) fn for_sees(piece: Piece, square: Square, size: usize) -> Vec<Square> {
    answer(&sees_task(piece), &(square, size))
}

/// The name under which the reference answers for the squares `piece` sees: `rook_sees`,
/// `knight_sees`, …, and a pawn's with its direction (`pawn_up_sees`), since the two differ.
pub fn sees_task(piece: Piece) -> String {
    match piece {
        Piece::Pawn(direction) => format!("pawn_{}_sees", format!("{direction:?}").to_lowercase()),
        other => format!("{}_sees", other.name()),
    }
}

/// The squares a queen on `square` attacks on `grid`, up to the first queen on each line.
pub(super) fn for_queen_attacks(square: Square, grid: &Grid) -> Vec<Square> {
    answer("queen_attacks", &(square, Rows(grid.clone())))
}

/// The lecture's fill completing `grid`: the first full board (or `None`), and the queens it
/// placed, in order.
pub(super) fn for_complete(grid: &Grid) -> (Option<Grid>, Vec<Square>) {
    let (first, placed): (Option<Rows>, Vec<Square>) =
        answer("complete_board", &Rows(grid.clone()));
    (first.map(|rows| rows.0), placed)
}

/// The next generation of a row of cells.
pub(super) fn for_next_generation(row: &[u8]) -> Vec<u8> {
    answer("next_generation", &row.to_vec())
}

/// The first row and the `steps` generations after it.
pub(super) fn for_generations(first: &[u8], steps: usize) -> Vec<Vec<u8>> {
    answer("evolve", &(first.to_vec(), steps))
}

/// At most two of the variables true.
pub(super) fn for_at_most_two(variables: &[Variable]) -> Clauses {
    answer("at_most_two", &variables.to_vec())
}

/// At most one queen on the wrapped falling diagonal `k` of the n×n torus.
pub(super) fn for_wrapped_diagonal(k: usize, n: usize) -> Clauses {
    answer("at_most_one_in_wrapped_diagonal", &(k, n))
}

/// The clauses of n queens on the n×n torus.
pub(super) fn for_torus_clauses(n: usize) -> Clauses {
    answer("torus_clauses", &n)
}

/// The clauses of the set that hold no other clause of it.
pub(super) fn for_subsume(clauses: &Clauses) -> Clauses {
    answer("subsume", &clauses.clone())
}

/// `variable` resolved away.
pub(super) fn for_eliminate(clauses: &Clauses, variable: Variable) -> Clauses {
    answer("eliminate", &(clauses.clone(), variable))
}

/// The MOMS count of a literal.
pub(super) fn for_moms(clauses: &Clauses, literal: Literal) -> usize {
    answer("moms", &(clauses.clone(), literal))
}

/// The lecture's search on a set: whether it is satisfiable, the splits it makes, and the steps
/// of the search the report draws (none when the library's search splits otherwise).
pub(super) fn for_solve(clauses: &Clauses) -> (bool, Vec<Literal>, Option<Vec<Step>>) {
    answer("solve", &clauses.clone())
}

/// The CSP of n superqueens.
pub(super) fn for_superqueens_csp(n: usize) -> Result<Csp, CspError> {
    answer("superqueens_csp", &n)
}

/// The lecture's consistency check on the CSP of n queens.
pub(super) fn for_consistent(n: usize, assignment: &[Option<i64>], var: usize) -> bool {
    answer("is_consistent", &(n, assignment.to_vec(), var))
}

/// The lecture's backtracking on the CSP of n queens: the first solution (or `None`), and
/// every `(variable, value)` it kept, in order.
pub(super) fn for_backtracking(n: usize) -> (Option<Vec<i64>>, Vec<(usize, i64)>) {
    answer("backtracking", &n)
}

/// The number of ways to place n queens with none on a hole, and the nodes of the row-by-row
/// search that counts them.
pub(super) fn for_count(n: usize, holes: &[Square]) -> (u64, u64) {
    answer("count", &(n, holes.to_vec()))
}

/// The least of the eight images of a board of queens, listed by row and column.
pub(super) fn for_canonical(squares: &[Square], n: usize) -> Vec<Square> {
    answer("canonical", &(squares.to_vec(), n))
}

/// How many different boards the eight symmetries make of a board of queens.
pub(super) fn for_class_size(squares: &[Square], n: usize) -> usize {
    answer("class_size", &(squares.to_vec(), n))
}

/// The classes of the solutions of n queens on a board with holes that every symmetry keeps.
pub(super) fn for_classes(n: usize, holes: &[Square]) -> u64 {
    answer("classes", &(n, holes.to_vec()))
}

/// The pairs of queens that attack each other on a board of the huge-board tasks.
pub(super) fn for_attacking_pairs(rows: &super::trial::Rows) -> u64 {
    answer("attacking_pairs", &rows.clone())
}

/// The column of `row` that the other queens attack least, the leftmost on a tie.
pub(super) fn for_best_column(rows: &super::trial::Rows, row: usize) -> usize {
    answer("best_column", &(rows.clone(), row))
}

/// The greedy start of n queens.
pub(super) fn for_greedy_start(n: usize) -> Vec<usize> {
    answer("greedy_start", &n)
}

/// The clause of a trail case without the literals that can go.
pub(super) fn for_minimise(n: usize, trail: &super::trial::Trail, clause: &Clause) -> Clause {
    answer("minimise", &(n, trail.clone(), clause.clone()))
}

/// The i-th term of the Luby sequence.
pub(super) fn for_luby(i: u64) -> u64 {
    answer("luby", &i)
}

/// The reference's answer to `task` on `input`: the oracle's, or the committed table's.
fn answer<I: Wire, O: Wire>(task: &str, input: &I) -> O {
    match crate::oracle::current() {
        Some(oracle) => {
            let text = oracle.answer(task, &wire::write(input));
            wire::read(&text).unwrap_or_else(|error| {
                panic!("the judge's answer for {task} does not read: {error}")
            })
        }
        None => looked_up(task, input),
    }
}

/// The committed table, read once.
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
fn looked_up<I: Wire, O: Wire>(task: &str, input: &I) -> O {
    let key = (task.to_owned(), wire::write(input));
    let Some(text) = committed().get(&key) else {
        panic!("the checker has no expected answer for this input of {task}: a bug of the kit")
    };
    wire::read(text)
        .unwrap_or_else(|error| panic!("the kit's answer for {task} is damaged: {error}"))
}
