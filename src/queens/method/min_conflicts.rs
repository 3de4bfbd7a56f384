//! Min-conflicts made for queens (see [`crate::queens::huge::min_conflicts`]).

use super::{Found, Limits, Stats};
use crate::queens::{QueensError, Spent, huge};

pub(super) fn place(n: usize, seed: u64, limits: &Limits) -> Result<Found, QueensError> {
    let repair = huge::min_conflicts(n, seed, limits.max_steps)?;
    let stats = Stats::default()
        .with("steps", repair.steps)
        .with("swaps", repair.swaps);
    match repair.columns {
        Some(columns) => Ok(Found { columns, stats }),
        None => Err(QueensError::GaveUp {
            n,
            solver: "min-conflicts",
            after: Spent::Steps(repair.steps),
        }),
    }
}
