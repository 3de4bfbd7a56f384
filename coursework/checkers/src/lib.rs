//! Checkers for the coursework: the nbgrader assignments in `coursework/source/`, whose
//! students' copies are `notebooks/exercises/`. The students' kit compiles this crate, so it
//! holds no answer to a task: no reference and no hidden test (those are the judge's crate,
//! `nqueens-judge`).
//!
//! Each checker takes a student's function, runs it on many inputs, compares each answer with
//! the reference's answer on that input (kept as data here, or given by the judge: see
//! [`oracle`]), and returns a [`Report`]: a pass, or the first input where the two disagree,
//! explained in words and, where a picture helps, drawn. Some count parts (one per board size, say) for partial
//! credit. In an autograded test cell, [`Report::grade`] shows the report and fails the cell when
//! the answer is wrong; [`Report::points`] shows it and returns the points earned:
//!
//! ```
//! use nqueens_core::Square;
//! use nqueens_checkers::check_rook_sees;
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
//! the checker catches the panic and says where it happened. One that loops is stopped after
//! [`TIME_LIMIT`] (see [`within`]).
//!
//! | assignment | the student writes | the checker |
//! |---|---|---|
//! | backtracking | `fn queen_attacks(square: Square, board: &Grid) -> Vec<Square>` | [`check_queen_attacks`] |
//! | backtracking | `fn complete_board(board: &Grid, placed: &mut Vec<Square>) -> Option<Grid>` | [`check_complete_board`] |
//! | backtracking | `fn next_generation(cells: &[u8]) -> Vec<u8>` | [`check_next_generation`] |
//! | backtracking | `fn evolve(first: &[u8], steps: usize) -> Vec<Vec<u8>>` | [`check_evolve`] |
//! | backtracking | `fn rook_sees(square: Square, size: usize) -> Vec<Square>` | [`check_rook_sees`] |
//! | backtracking | `fn knight_sees(square: Square, size: usize) -> Vec<Square>` | [`check_knight_sees`] |
//! | clauses | `fn at_most_two(variables: &[Variable]) -> Clauses` | [`check_at_most_two`] |
//! | clauses | `fn at_most_one_in_wrapped_diagonal(k: usize, n: usize) -> Clauses` | [`check_wrapped_diagonal`] |
//! | clauses | `fn torus_clauses(n: usize) -> Clauses` | [`check_torus_clauses`] |
//! | Davis–Putnam | `fn subsume(clauses: &Clauses) -> Clauses` | [`check_subsume`] |
//! | Davis–Putnam | `fn eliminate(clauses: &Clauses, variable: Variable) -> Clauses` | [`check_eliminate`] |
//! | Davis–Putnam | `fn solve(clauses: &Clauses, splits: &mut Vec<Literal>) -> Clauses` | [`check_solve`] |
//! | Davis–Putnam | `fn moms(clauses: &Clauses, literal: Literal) -> usize` | [`check_moms`] |
//! | CSP | `fn superqueens_csp(n: usize) -> Result<Csp, CspError>` | [`check_superqueens_csp`] |
//! | CSP | `fn is_consistent(csp: &Csp, assignment: &[Option<i64>], var: usize) -> bool` | [`check_consistent`] |
//! | CSP | `fn backtracking(csp: &Csp, kept: &mut Vec<(usize, i64)>) -> Option<Vec<i64>>` | [`check_csp_backtracking`] |
//! | counting | `fn count(n: usize, holes: &[Square], nodes: &mut u64) -> u64` | [`check_count`] |
//! | symmetry | `fn canonical(squares: &[Square], n: usize) -> Vec<Square>` | [`check_canonical`] |
//! | symmetry | `fn class_size(squares: &[Square], n: usize) -> usize` | [`check_class_size`] |
//! | symmetry | `fn classes(n: usize, holes: &[Square]) -> u64` | [`check_classes`] |
//! | huge boards | `fn attacking_pairs(columns: &[usize]) -> u64` | [`check_attacking_pairs`] |
//! | huge boards | `fn best_column(columns: &[usize], row: usize) -> usize` | [`check_best_column`] |
//! | huge boards | `fn greedy_start(n: usize) -> Vec<usize>` | [`check_greedy_start`] |
//! | CDCL | `fn luby(i: u64) -> u64` | [`check_luby`] |
//! | CDCL | `fn minimise(clause: &Clause, trail: &[(Literal, usize, Option<Clause>)]) -> Clause` | [`check_minimise`] |
//! | CDCL | `fn refutation(clauses: &Clauses) -> Vec<Clause>` | [`check_refutation`] |

pub mod answers;
mod builders;
mod cells;
mod clauses;
mod constraints;
mod counting;
mod expected;
pub mod hidden;
mod lines;
pub mod oracle;
mod pieces;
mod proofs;
mod report;
mod search;
mod symmetry;
pub mod trial;
pub mod wire;

pub use builders::{CLAUSE_SIZES, check_at_most_two, check_torus_clauses, check_wrapped_diagonal};
pub use cells::{check_evolve, check_next_generation};
pub use clauses::{check_eliminate, check_moms, check_solve, check_subsume, clause_sets};
pub use constraints::{CSP_SIZES, check_consistent, check_csp_backtracking, check_superqueens_csp};
pub use counting::{COUNT_SIZES, HOLED_BOARDS, Holed, check_count, count_boards, holed_board};
pub use expected::sees_task;
pub use lines::{
    GREEDY_SIZES, LARGE_BOARD, best_column_by_rows, check_attacking_pairs, check_best_column,
    check_greedy_start, column_cases, pair_boards, pairs_by_rows,
};
pub use pieces::{LARGEST_BOARD, check_knight_sees, check_rook_sees, check_sees};
pub use proofs::{
    MAX_PROOF, check_luby, check_minimise, check_refutation, luby_indices, minimise_cases,
    minimise_example, refutation_formulas, trail_drawing,
};
pub use report::{Report, TIME_LIMIT, within};
pub use search::{FILL_SIZES, check_complete_board, check_queen_attacks, queen_attacks_example};
pub use symmetry::{
    CLASS_SIZES, Queens, SYMMETRIC_HOLED_BOARDS, check_canonical, check_class_size, check_classes,
    class_boards, symmetry_boards,
};
pub use trial::{Rows, Trail, TrailCase, board_of, drawn_columns, random_cells};

#[cfg(test)]
mod tests {
    use super::report::quietly;
    use super::*;

    #[test]
    fn random_cells_repeat_for_a_seed_and_hold_only_bits() {
        let a = random_cells(40, 7);
        assert_eq!(a, random_cells(40, 7));
        assert_ne!(a, random_cells(40, 8));
        assert!(a.iter().all(|&c| c <= 1));
        assert!(a.contains(&0) && a.contains(&1));
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
