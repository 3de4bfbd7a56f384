//! Min-conflicts made for queens (see [`crate::queens::huge::min_conflicts`]).

use std::time::Instant;

use super::{Found, Limits, Stats};
use crate::deadline::Limit;
use crate::queens::{QueensError, huge};

/// The queens' min-conflicts, within the steps and the time of `limits` (from `start`).
pub(super) fn place(
    n: usize,
    seed: u64,
    limits: &Limits,
    start: Instant,
) -> Result<Found, QueensError> {
    let deadline = crate::deadline::Deadline::after(start, limits.time_limit);
    let repair = huge::min_conflicts_until(n, seed, limits.max_steps, deadline)?;
    let stats = Stats::default()
        .with("steps", repair.steps)
        .with("swaps", repair.swaps);
    match repair.columns {
        Some(columns) => Ok(Found { columns, stats }),
        None => Err(QueensError::GaveUp {
            n,
            solver: "min-conflicts",
            after: if repair.steps < limits.max_steps {
                Limit::Time(limits.time_limit.unwrap_or_default())
            } else {
                Limit::Steps(repair.steps)
            },
        }),
    }
}
