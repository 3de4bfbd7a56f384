//! The backtracking lecture's row-by-row search (see [`crate::backtrack::solve_rows`]).

use super::{Found, Limits, Stats, narrow, out_of_range};
use crate::backtrack::{self, MAX_ROWS};
use crate::queens::{QueensError, Spent};

pub(super) fn place(n: usize, limits: &Limits) -> Result<Found, QueensError> {
    out_of_range(n, MAX_ROWS, "backtracking")?;
    let search = backtrack::solve_rows(n, limits.max_nodes);
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
            after: Spent::Squares(search.squares),
        }),
        None => Err(QueensError::NoSolution { n }),
    }
}
