//! The backtracking lecture's row-by-row search (see [`crate::backtrack::solve_rows`]).

use std::time::Instant;

use super::{Found, Limits, Stats, narrow, out_of_range};
use crate::backtrack::{self, MAX_ROWS};
use crate::deadline::Limit;
use crate::queens::QueensError;

/// The row search, within the squares and the time of `limits` (the time counted from `start`).
pub(super) fn place(n: usize, limits: &Limits, start: Instant) -> Result<Found, QueensError> {
    out_of_range(n, MAX_ROWS, "backtracking")?;
    let deadline = crate::deadline::Deadline::after(start, limits.time_limit);
    let search = backtrack::solve_rows_until(n, limits.max_nodes, deadline);
    let stats = Stats::default()
        .with("nodes", search.nodes)
        .with("squares tried", search.squares)
        .with("backtracks", search.backtracks);
    match search.columns {
        Some(columns) => Ok(Found {
            columns: narrow(columns),
            stats,
        }),
        None if search.gave_up => Err(QueensError::GaveUp {
            n,
            solver: "backtracking",
            after: if search.squares < limits.max_nodes {
                Limit::Time(limits.time_limit.unwrap_or_default())
            } else {
                Limit::Squares(search.squares)
            },
        }),
        None => Err(QueensError::NoSolution { n }),
    }
}
