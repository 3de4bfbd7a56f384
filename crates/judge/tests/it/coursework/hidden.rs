//! The hidden tests: right answers pass for any seed, answers that fit only the visible inputs do not.

use super::*;
#[allow(clippy::wildcard_imports)]
use nqueens::prelude::*;
#[test]
fn right_answers_pass_every_hidden_test_for_any_seed() {
    use nqueens_judge::hidden;
    let rook = |square: Square, n: usize| Piece::Rook.sees(square, n);
    let knight = |square: Square, n: usize| Piece::Knight.sees(square, n);
    for seed in [1, 2026, u64::MAX] {
        let reports = [
            hidden::check_queen_attacks(queen_attacks, seed),
            hidden::check_rook_sees(rook, seed),
            hidden::check_knight_sees(knight, seed),
            hidden::check_complete_board(complete, seed),
            hidden::check_next_generation(next_generation, seed),
            hidden::check_evolve(evolve, seed),
            hidden::check_at_most_two(at_most_two, seed),
            hidden::check_wrapped_diagonal(wrapped_diagonal, seed),
            hidden::check_torus_clauses(torus_clauses, seed),
            hidden::check_solve(solve, seed),
            hidden::check_superqueens_csp(superqueens_csp, seed),
            hidden::check_consistent(is_consistent, seed),
            hidden::check_csp_backtracking(backtracking, seed),
            hidden::check_count(count, seed),
        ];
        for report in reports {
            assert!(report.passed(), "seed {seed}: {report}");
            assert!(report.text().contains("drawn when graded"), "{report}");
        }
    }
}
#[test]
fn hidden_tests_catch_answers_that_only_fit_the_visible_inputs() {
    use nqueens_judge::hidden;
    // Right on boards up to 8×8, and blind beyond them.
    let small_queen = |square: Square, grid: &Grid| {
        if grid.len() <= 8 {
            queen_attacks(square, grid)
        } else {
            vec![]
        }
    };
    assert!(check_queen_attacks(small_queen).passed());
    failed_with(&hidden::check_queen_attacks(small_queen, 3), "missing");
    let small_clauses = |n: usize| {
        if n <= 8 {
            torus_clauses(n)
        } else {
            Clauses::new()
        }
    };
    assert!(check_torus_clauses(small_clauses).passed());
    assert_eq!(
        hidden::check_torus_clauses(small_clauses, 3).parts(),
        Some((0, 2))
    );
    // A pre-homework answer that only knows rows of up to 40 cells.
    let short_rows = |cells: &[u8]| {
        let mut next = next_generation(cells);
        next.truncate(40);
        next
    };
    assert!(check_next_generation(short_rows).passed());
    failed_with(
        &hidden::check_next_generation(short_rows, 3),
        "must the next generation",
    );
}
