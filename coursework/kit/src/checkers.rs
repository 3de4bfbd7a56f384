//! The checkers of every task, written from the judge's table of tasks by `make expected`
//! (a test of the judge's fails while this file is stale). Do not edit by hand.

pub use nqueens_checkers::check_at_most_two;
pub use nqueens_checkers::check_attacking_pairs;
pub use nqueens_checkers::check_best_column;
pub use nqueens_checkers::check_canonical;
pub use nqueens_checkers::check_class_size;
pub use nqueens_checkers::check_classes;
pub use nqueens_checkers::check_complete_board;
pub use nqueens_checkers::check_consistent;
pub use nqueens_checkers::check_count;
pub use nqueens_checkers::check_csp_backtracking;
pub use nqueens_checkers::check_eliminate;
pub use nqueens_checkers::check_evolve;
pub use nqueens_checkers::check_greedy_start;
pub use nqueens_checkers::check_knight_sees;
pub use nqueens_checkers::check_luby;
pub use nqueens_checkers::check_minimise;
pub use nqueens_checkers::check_moms;
pub use nqueens_checkers::check_next_generation;
pub use nqueens_checkers::check_queen_attacks;
pub use nqueens_checkers::check_refutation;
pub use nqueens_checkers::check_rook_sees;
pub use nqueens_checkers::check_solve;
pub use nqueens_checkers::check_subsume;
pub use nqueens_checkers::check_superqueens_csp;
pub use nqueens_checkers::check_torus_clauses;
pub use nqueens_checkers::check_wrapped_diagonal;
