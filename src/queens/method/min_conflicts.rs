//! Min-conflicts made for queens (see [`crate::queens::huge::min_conflicts`]).

use std::time::Instant;

use super::found::{Found, Stats};
use crate::budget::{Budget, Limit};
use crate::queens::QueensError;
use crate::queens::huge;

/// The queens' min-conflicts, within the steps and the time of `limits` (from `start`).
pub(super) fn place(
    n: usize,
    seed: u64,
    limits: &Budget,
    start: Instant,
) -> Result<Found, QueensError> {
    let max_steps = limits.max_steps.unwrap_or(u64::MAX);
    let repair = huge::min_conflicts_by(n, seed, max_steps, limits.deadline(start))?;
    let stats = Stats::default()
        .with("steps", repair.steps)
        .with("swaps", repair.swaps);
    match repair.columns {
        Some(columns) => Ok(Found { columns, stats }),
        None => Err(QueensError::GaveUp {
            n,
            solver: "min-conflicts",
            after: if repair.steps < max_steps {
                limits.time_ran_out()
            } else {
                Limit::Steps(repair.steps)
            },
        }),
    }
}
