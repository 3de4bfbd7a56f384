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
            hidden::run(seed, || {
                nqueens_checkers::check_queen_attacks(queen_attacks)
            }),
            hidden::run(seed, || nqueens_checkers::check_rook_sees(rook)),
            hidden::run(seed, || nqueens_checkers::check_knight_sees(knight)),
            hidden::run(seed, || nqueens_checkers::check_complete_board(complete)),
            hidden::run(seed, || {
                nqueens_checkers::check_next_generation(next_generation)
            }),
            hidden::run(seed, || nqueens_checkers::check_evolve(evolve)),
            hidden::run(seed, || nqueens_checkers::check_at_most_two(at_most_two)),
            hidden::run(seed, || {
                nqueens_checkers::check_wrapped_diagonal(wrapped_diagonal)
            }),
            hidden::run(seed, || {
                nqueens_checkers::check_torus_clauses(torus_clauses)
            }),
            hidden::run(seed, || nqueens_checkers::check_solve(solve)),
            hidden::run(seed, || {
                nqueens_checkers::check_superqueens_csp(superqueens_csp)
            }),
            hidden::run(seed, || nqueens_checkers::check_consistent(is_consistent)),
            hidden::run(seed, || {
                nqueens_checkers::check_csp_backtracking(backtracking)
            }),
            hidden::run(seed, || nqueens_checkers::check_count(count)),
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
    failed_with(
        &hidden::run(3, || nqueens_checkers::check_queen_attacks(small_queen)),
        "missing",
    );
    let small_clauses = |n: usize| {
        if n <= 8 {
            torus_clauses(n)
        } else {
            Clauses::new()
        }
    };
    assert!(check_torus_clauses(small_clauses).passed());
    assert_eq!(
        hidden::run(3, || nqueens_checkers::check_torus_clauses(small_clauses)).parts(),
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
        &hidden::run(3, || nqueens_checkers::check_next_generation(short_rows)),
        "must the next generation",
    );
}
