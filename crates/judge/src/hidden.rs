//! The hidden tests themselves: every checker on the inputs of a seed. The judge runs them; the
//! coursework's kit does not have them (it has no answers for inputs it never saw).
//!
//! ```
//! use nqueens_judge::hidden;
//! use nqueens::Square;
//! // The counts of the empty boards, whatever the holes, and no nodes.
//! fn count(n: usize, _holes: &[Square], _nodes: &mut u64) -> u64 {
//!     [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200][n]
//! }
//! let report = hidden::check_count(count, 7);
//! assert!(!report.passed());
//! assert!(report.text().contains("Hidden test"));
//! ```

use nqueens::backtrack::Grid;
use nqueens::board::Square;
use nqueens::csp::{Csp, CspError};
use nqueens::logic::{Clause, Clauses, Literal, Variable};
use nqueens_checkers::Report;
use nqueens_checkers::trial::Rows;

/// Runs a checker on the hidden inputs of `seed`, and says so in its verdict.
fn run(seed: u64, check: impl FnOnce() -> Report) -> Report {
    crate::with_references(Some(seed), check)
}

macro_rules! hidden_checker {
    ($(#[$doc:meta])* $name:ident, $checker:path, $given:ty) => {
        $(#[$doc])*
        pub fn $name(given: $given, seed: u64) -> Report {
            run(seed, || $checker(given))
        }
    };
}

hidden_checker!(
    /// [`check_queen_attacks`](nqueens_checkers::check_queen_attacks) on 200 squares of boards from 9×9 to
    /// 40×40 with queens on them.
    check_queen_attacks, nqueens_checkers::check_queen_attacks, impl Fn(Square, &Grid) -> Vec<Square>);
hidden_checker!(
    /// [`check_rook_sees`](nqueens_checkers::check_rook_sees) on 200 squares of boards from 9×9 to 40×40.
    check_rook_sees, nqueens_checkers::check_rook_sees, impl Fn(Square, usize) -> Vec<Square>);
hidden_checker!(
    /// [`check_knight_sees`](nqueens_checkers::check_knight_sees) on 200 squares of boards from 9×9 to
    /// 40×40.
    check_knight_sees, nqueens_checkers::check_knight_sees, impl Fn(Square, usize) -> Vec<Square>);
hidden_checker!(
    /// [`check_complete_board`](nqueens_checkers::check_complete_board) on two boards from 9×9 to 12×12
    /// with one or two queens on them.
    check_complete_board, nqueens_checkers::check_complete_board,
    impl Fn(&Grid, &mut Vec<Square>) -> Option<Grid>);
hidden_checker!(
    /// [`check_next_generation`](nqueens_checkers::check_next_generation) on 30 random rows of 41 to 200
    /// cells.
    check_next_generation, nqueens_checkers::check_next_generation, impl Fn(&[u8]) -> Vec<u8>);
hidden_checker!(
    /// [`check_evolve`](nqueens_checkers::check_evolve) on 10 random rows of 41 to 120 cells, up to 60
    /// steps.
    check_evolve, nqueens_checkers::check_evolve, impl Fn(&[u8], usize) -> Vec<Vec<u8>>);
hidden_checker!(
    /// [`check_at_most_two`](nqueens_checkers::check_at_most_two) on 30 random lists of up to 12
    /// variables, some listed twice.
    check_at_most_two, nqueens_checkers::check_at_most_two, impl Fn(&[Variable]) -> Clauses);
hidden_checker!(
    /// [`check_wrapped_diagonal`](nqueens_checkers::check_wrapped_diagonal) on every wrapped diagonal of two
    /// boards from 9×9 to 20×20.
    check_wrapped_diagonal, nqueens_checkers::check_wrapped_diagonal, impl Fn(usize, usize) -> Clauses);
hidden_checker!(
    /// [`check_torus_clauses`](nqueens_checkers::check_torus_clauses) on two boards from 9×9 to 12×12.
    check_torus_clauses, nqueens_checkers::check_torus_clauses, impl Fn(usize) -> Clauses);
hidden_checker!(
    /// [`check_subsume`](nqueens_checkers::check_subsume) on 40 random clause sets over six variables.
    check_subsume, nqueens_checkers::check_subsume, impl Fn(&Clauses) -> Clauses);
hidden_checker!(
    /// [`check_eliminate`](nqueens_checkers::check_eliminate) on 40 random clause sets over six variables.
    check_eliminate, nqueens_checkers::check_eliminate, impl Fn(&Clauses, Variable) -> Clauses);
hidden_checker!(
    /// [`check_solve`](nqueens_checkers::check_solve) on 40 random clause sets over six variables.
    check_solve, nqueens_checkers::check_solve, impl Fn(&Clauses, &mut Vec<Literal>) -> Clauses);
hidden_checker!(
    /// [`check_moms`](nqueens_checkers::check_moms) on 40 random clause sets over six variables.
    check_moms, nqueens_checkers::check_moms, impl Fn(&Clauses, Literal) -> usize);
hidden_checker!(
    /// [`check_superqueens_csp`](nqueens_checkers::check_superqueens_csp) on two sizes from 9 to 11.
    check_superqueens_csp, nqueens_checkers::check_superqueens_csp, impl Fn(usize) -> Result<Csp, CspError>);
hidden_checker!(
    /// [`check_consistent`](nqueens_checkers::check_consistent) on 200 partial assignments of the CSPs of 9
    /// to 12 queens.
    check_consistent, nqueens_checkers::check_consistent, impl Fn(&Csp, &[Option<i64>], usize) -> bool);
hidden_checker!(
    /// [`check_csp_backtracking`](nqueens_checkers::check_csp_backtracking) on two sizes from 9 to 16.
    check_csp_backtracking, nqueens_checkers::check_csp_backtracking,
    impl Fn(&Csp, &mut Vec<(usize, i64)>) -> Option<Vec<i64>>);
hidden_checker!(
    /// [`check_count`](nqueens_checkers::check_count) on four boards from 9×9 to 12×12 with holes.
    check_count, nqueens_checkers::check_count, impl Fn(usize, &[Square], &mut u64) -> u64);
hidden_checker!(
    /// [`check_canonical`](nqueens_checkers::check_canonical) on 150 boards from 9×9 to 16×16.
    check_canonical, nqueens_checkers::check_canonical, impl Fn(&[Square], usize) -> Vec<Square>);
hidden_checker!(
    /// [`check_class_size`](nqueens_checkers::check_class_size) on 150 boards from 9×9 to 16×16.
    check_class_size, nqueens_checkers::check_class_size, impl Fn(&[Square], usize) -> usize);
hidden_checker!(
    /// [`check_classes`](nqueens_checkers::check_classes) on three boards from 9×9 to 11×11 with holes
    /// that every symmetry keeps.
    check_classes, nqueens_checkers::check_classes, impl Fn(usize, &[Square]) -> u64);
hidden_checker!(
    /// [`check_attacking_pairs`](nqueens_checkers::check_attacking_pairs) on 100 boards of 11 to 40
    /// queens and three of 50,000 to 100,000.
    check_attacking_pairs, nqueens_checkers::check_attacking_pairs, impl Fn(&[usize]) -> u64);
hidden_checker!(
    /// [`check_best_column`](nqueens_checkers::check_best_column) on 100 rows of boards of 11 to 40
    /// queens and three of boards of 50,000 to 100,000.
    check_best_column, nqueens_checkers::check_best_column, impl Fn(&[usize], usize) -> usize);
hidden_checker!(
    /// [`check_greedy_start`](nqueens_checkers::check_greedy_start) on two n from 1,000 to 3,000.
    check_greedy_start, nqueens_checkers::check_greedy_start, impl Fn(usize) -> Vec<usize>);
hidden_checker!(
    /// [`check_luby`](nqueens_checkers::check_luby) on 210 indices up to 2⁴⁰.
    check_luby, nqueens_checkers::check_luby, impl Fn(u64) -> u64);
hidden_checker!(
    /// [`check_minimise`](nqueens_checkers::check_minimise) on 200 trails of boards from 6×6 to 10×10.
    check_minimise, nqueens_checkers::check_minimise,
    impl Fn(&Clause, &[(Literal, usize, Option<Clause>)]) -> Clause);
hidden_checker!(
    /// [`check_refutation`](nqueens_checkers::check_refutation) on six random formulas without a model
    /// over 30 to 38 variables.
    check_refutation, nqueens_checkers::check_refutation, impl Fn(&Clauses) -> Vec<Clause>);

/// [`check_attacking_pairs`](nqueens_checkers::check_attacking_pairs)'s hidden test with the
/// function taking a board as it travels (the judge's stand-in).
pub fn pairs_by_rows(given: impl Fn(&Rows) -> u64, seed: u64) -> Report {
    run(seed, || nqueens_checkers::pairs_by_rows(given))
}

/// [`check_best_column`](nqueens_checkers::check_best_column)'s hidden test with the function
/// taking a board as it travels (the judge's stand-in).
pub fn best_column_by_rows(given: impl Fn(&Rows, usize) -> usize, seed: u64) -> Report {
    run(seed, || nqueens_checkers::best_column_by_rows(given))
}
