//! The checkers of the nbgrader assignments: each passes a correct answer written here
//! independently of the crate, rejects wrong ones with the first counterexample, and gives the
//! partial credit it promises.

use nqueens::backtrack::Grid;
use nqueens::csp::{Csp, CspError};
use nqueens::logic::{Clause, Clauses, Literal, Variable};
use nqueens::queens::var;
use nqueens::{Piece, Square, dp};
use nqueens_checkers::{
    Report, check_at_most_two, check_complete_board, check_consistent, check_count,
    check_csp_backtracking, check_evolve, check_next_generation, check_queen_attacks, check_solve,
    check_superqueens_csp, check_torus_clauses, check_wrapped_diagonal,
};

pub(super) fn failed_with(report: &Report, words: &str) {
    assert!(!report.passed(), "{report}");
    assert!(report.text().contains(words), "{report}");
}

mod backtracking;
mod clauses;
mod counting;
mod csp;
mod davis_putnam;
mod hidden;
mod huge;
mod symmetry;

#[allow(unused_imports)]
use backtracking::*;
#[allow(unused_imports)]
use clauses::*;
#[allow(unused_imports)]
use counting::*;
#[allow(unused_imports)]
use csp::*;
#[allow(unused_imports)]
use davis_putnam::*;
#[allow(unused_imports)]
use huge::*;
#[allow(unused_imports)]
use symmetry::*;
