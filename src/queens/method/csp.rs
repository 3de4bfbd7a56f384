//! The lecture's CSP, solved by one of its three solvers.

use std::time::Instant;

use super::{Found, Limits, Method, Stats, narrow};
use crate::csp;
use crate::csp::solve::{self, Cap};
use crate::deadline::Limit;
use crate::queens::QueensError;

pub(super) fn place(
    n: usize,
    method: &Method,
    limits: &Limits,
    start: Instant,
) -> Result<Found, QueensError> {
    let deadline = crate::deadline::Deadline::after(start, limits.time_limit);
    let built =
        csp::create_csp_until(n, deadline).map_err(|error| QueensError::of_csp(n, &error))?;
    let Some(problem) = built else {
        return Err(out_of_time(n, method, limits));
    };
    let nodes = Cap {
        max: limits.max_nodes,
        deadline,
    };
    let report = match *method {
        Method::CspBacktracking => solve::backtracking_within(&problem, nodes),
        Method::CspPropagation => solve::propagation_within(&problem, nodes),
        Method::CspMinConflicts { seed } => {
            let steps = Cap {
                max: limits.max_steps,
                deadline,
            };
            solve::min_conflicts_within(&problem, seed, steps)
        }
        _ => unreachable!("csp::place is called for the CSP methods only"),
    };
    let s = report.stats;
    let stats = Stats::default()
        .with(
            "csp",
            format!(
                "{} variables, {} constraints",
                problem.variables().len(),
                problem.constraints().len()
            ),
        )
        .with("nodes", s.nodes)
        .with("backtracks", s.backtracks)
        .with("steps", s.steps);
    match report.assignment {
        Some(values) => Ok(Found {
            columns: narrow(values.iter().map(|&v| usize::try_from(v).unwrap_or(0))),
            stats,
        }),
        None if report.gave_up && deadline.expired() => Err(out_of_time(n, method, limits)),
        None if report.gave_up => Err(QueensError::GaveUp {
            n,
            solver: method.name(),
            after: if matches!(method, Method::CspMinConflicts { .. }) {
                Limit::Steps(s.steps)
            } else {
                Limit::Nodes(s.nodes)
            },
        }),
        None => Err(QueensError::NoSolution { n }),
    }
}

fn out_of_time(n: usize, method: &Method, limits: &Limits) -> QueensError {
    QueensError::GaveUp {
        n,
        solver: method.name(),
        after: Limit::Time(limits.time_limit.unwrap_or_default()),
    }
}
