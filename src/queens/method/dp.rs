//! Davis–Putnam on the clauses of an encoding, the board read off the model.

use std::time::Instant;

use super::{Found, Limits, Stats, narrow};
use crate::dp::{self, Budget, Heuristic, Limit, Options, Outcome};
use crate::queens::{Encoding, QueensError, decode};

pub(super) fn place(
    n: usize,
    heuristic: Heuristic,
    encoding: Encoding,
    limits: &Limits,
    start: Instant,
) -> Result<Found, QueensError> {
    let gave_up = |limit: Limit| QueensError::GaveUp {
        n,
        solver: "Davis–Putnam",
        after: limit.into(),
    };
    let deadline = limits.time_limit.map(|limit| start + limit);
    let Some(clauses) = encoding.clauses_until(n, deadline)? else {
        let limit = limits.time_limit.unwrap_or_default();
        return Err(gave_up(Limit::Time(limit)));
    };
    let options = Options {
        heuristic,
        budget: Budget {
            max_splits: limits.max_splits,
            time_limit: limits.time_limit,
        },
        trace: false,
    };
    let report = dp::solve_since(&clauses, &options, start);
    let model = match report.outcome {
        Outcome::Satisfiable(model) => model,
        Outcome::Unsatisfiable => return Err(QueensError::NoSolution { n }),
        Outcome::GaveUp(limit) => return Err(gave_up(limit)),
    };
    let board = decode(&model, n)?;
    let columns = board.columns().into_iter().map(|c| c.unwrap_or(0));
    let s = report.stats;
    let stats = Stats::default()
        .with(
            "encoding",
            format!(
                "{encoding} ({} clauses, {} variables)",
                clauses.len(),
                clauses.variables().len()
            ),
        )
        .with("heuristic", heuristic)
        .with("splits", s.splits)
        .with("unit propagations", s.unit_propagations)
        .with("calls", s.calls)
        .with("conflicts", s.conflicts);
    Ok(Found {
        columns: narrow(columns),
        stats,
    })
}
