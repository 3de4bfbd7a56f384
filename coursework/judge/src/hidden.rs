//! The hidden tests: every checker on the inputs a grading seed draws (their sizes are in
//! `inputs.rs`, beside the generators). The judge runs them; the coursework's kit does not have
//! them (it has no answers for inputs it never saw).
//!
//! ```
//! use nqueens_judge::hidden;
//! use nqueens::Square;
//! // The counts of the empty boards, whatever the holes, and no nodes.
//! fn count(n: usize, _holes: &[Square], _nodes: &mut u64) -> u64 {
//!     [1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200][n]
//! }
//! let report = hidden::run(7, || nqueens_checkers::check_count(count));
//! assert!(!report.passed());
//! assert!(report.text().contains("Hidden test"));
//! ```

use nqueens_checkers::Report;

/// Runs `check` (a checker called with the student's function) as the hidden test of the
/// grading seed `seed`: on the inputs the seed draws, the references answering for them, and
/// says so in its verdict.
pub fn run(seed: u64, check: impl FnOnce() -> Report) -> Report {
    crate::with_references(Some(seed), check)
}
