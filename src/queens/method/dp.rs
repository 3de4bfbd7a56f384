//! Davis–Putnam, or CDCL, on the clauses of an encoding, the board read off the model.

use std::time::Instant;

use super::found::{Found, Stats, narrow};
use crate::cdcl::{self, CdclOptions, CnfOutcome, Decide};
use crate::dp::{self, Heuristic, Options};
use crate::encode::Amo;
use crate::logic::{Clauses, Model};
use crate::queens::Encoding;
use crate::queens::QueensError;
use crate::queens::decode;
use crate::queens::number;
use crate::sat::{Budget, Limit, Outcome};

pub(super) fn place(
    n: usize,
    heuristic: Heuristic,
    encoding: Encoding,
    limits: &Budget,
    start: Instant,
) -> Result<Found, QueensError> {
    let gave_up = |limit: Limit| QueensError::GaveUp {
        n,
        solver: "Davis–Putnam",
        after: limit,
    };
    let clauses = clauses_for(n, encoding, limits, start, "Davis–Putnam")?;
    let options = Options {
        heuristic,
        budget: *limits,
        trace: false,
    };
    let report = dp::search_from(&clauses, &options, start);
    let model = match report.outcome {
        Outcome::Satisfiable(model) => model,
        Outcome::Unsatisfiable => return Err(QueensError::NoSolution { n }),
        Outcome::GaveUp(limit) => return Err(gave_up(limit)),
    };
    let (columns, stats) = read_off(n, &model, encoding, &clauses)?;
    let s = report.stats;
    let stats = stats
        .with("heuristic", heuristic)
        .with("splits", s.splits)
        .with("unit propagations", s.unit_propagations)
        .with("calls", s.calls)
        .with("conflicts", s.conflicts);
    Ok(Found { columns, stats })
}

/// The clauses of `encoding` for n queens, built under the time limit.
fn clauses_for(
    n: usize,
    encoding: Encoding,
    limits: &Budget,
    start: Instant,
    solver: &'static str,
) -> Result<Clauses, QueensError> {
    let deadline = limits.deadline(start);
    encoding
        .clauses_by(n, deadline)?
        .ok_or_else(|| QueensError::GaveUp {
            n,
            solver,
            after: limits.time_ran_out(),
        })
}

pub(super) fn place_cdcl(
    n: usize,
    encoding: Encoding,
    amo: Amo,
    decide: Decide,
    limits: &Budget,
    start: Instant,
) -> Result<Found, QueensError> {
    // The limit counts from `start`: writing the clauses spends it too, and a report of the
    // time spent gives the limit asked for, not what was left of it for the search.
    let out_of_time = || QueensError::GaveUp {
        n,
        solver: "CDCL",
        after: limits.time_ran_out(),
    };
    let deadline = limits.deadline(start);
    let cnf = encoding
        .numbered_by(n, amo, deadline)?
        .ok_or_else(out_of_time)?;
    let budget = limits.remaining(start);
    if budget.time_limit.is_some_and(|left| left.is_zero()) {
        return Err(out_of_time());
    }
    let options = CdclOptions {
        budget,
        decide,
        ..CdclOptions::default()
    };
    let report = cdcl::solve_cnf(&cnf, &options);
    let values = match report.outcome {
        CnfOutcome::Satisfiable(values) => values,
        CnfOutcome::Unsatisfiable => return Err(QueensError::NoSolution { n }),
        CnfOutcome::GaveUp(Limit::Time(_)) => return Err(out_of_time()),
        CnfOutcome::GaveUp(limit) => {
            return Err(QueensError::GaveUp {
                n,
                solver: "CDCL",
                after: limit,
            });
        }
    };
    // Variable v's value is at v − 1.
    let columns = (1..=n).map(|r| {
        (1..=n)
            .find(|&c| {
                let index = usize::try_from(number(r, c, n) - 1).unwrap_or(usize::MAX);
                values.get(index) == Some(&true)
            })
            .unwrap_or(0)
    });
    let s = report.stats;
    let stats = Stats::default()
        .with(
            "encoding",
            format!(
                "{encoding}, {amo} at-most-one ({} clauses, {} variables)",
                cnf.len(),
                cnf.variables()
            ),
        )
        .with("decide", decide)
        .with("decisions", s.decisions)
        .with("propagations", s.propagations)
        .with("conflicts", s.conflicts)
        .with("restarts", s.restarts);
    Ok(Found {
        columns: narrow(columns),
        stats,
    })
}

/// The board a model describes, as columns, and the stats every SAT method starts with: the
/// encoding and its size.
fn read_off(
    n: usize,
    model: &Model,
    encoding: Encoding,
    clauses: &Clauses,
) -> Result<(Vec<u32>, Stats), QueensError> {
    let board = decode(model, n)?;
    let columns = narrow(board.columns().into_iter().map(|c| c.unwrap_or(0)));
    let stats = Stats::default().with(
        "encoding",
        format!(
            "{encoding} ({} clauses, {} variables)",
            clauses.len(),
            clauses.variables().len()
        ),
    );
    Ok((columns, stats))
}
