//! The backtracking lecture's row-by-row search (see [`crate::backtrack::solve_rows`]).

use std::time::Instant;

use super::found::{Found, Stats, narrow, out_of_range};
use crate::backtrack::{self, MAX_ROWS};
use crate::budget::Budget;
use crate::queens::QueensError;

/// The row search, within the squares and the time of `limits` (the time counted from `start`).
pub(super) fn place(n: usize, limits: &Budget, start: Instant) -> Result<Found, QueensError> {
    out_of_range(n, MAX_ROWS, "backtracking")?;
    let max_squares = limits.max_nodes.unwrap_or(u64::MAX);
    let search = backtrack::solve_rows_by(n, max_squares, limits.deadline(start));
    let stats = Stats::default()
        .with("nodes", search.nodes)
        .with("squares tried", search.squares)
        .with("backtracks", search.backtracks);
    match search.columns {
        Some(columns) => Ok(Found {
            columns: narrow(columns),
            stats,
        }),
        None => Err(match search.gave_up {
            Some(after) => QueensError::GaveUp {
                n,
                solver: "backtracking",
                after,
            },
            None => QueensError::NoSolution { n },
        }),
    }
}
