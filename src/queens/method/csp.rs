//! The lecture's CSP, solved by one of its three solvers.

use super::{Found, Limits, Method, Stats, narrow};
use crate::csp::{self, CspError};
use crate::queens::QueensError;

pub(super) fn place(n: usize, method: &Method, limits: &Limits) -> Result<Found, QueensError> {
    let problem = csp::create_csp(n).map_err(|error| match error {
        CspError::TooLarge(_) => QueensError::OutOfRange {
            n,
            max: csp::MAX_N,
            method: "the CSP",
        },
        _ => QueensError::Empty,
    })?;
    let report = match *method {
        Method::CspBacktracking => csp::backtracking_with(&problem, limits.max_nodes),
        Method::CspPropagation => csp::propagation_with(&problem, limits.max_nodes),
        Method::CspMinConflicts { seed } => csp::min_conflicts(&problem, seed, limits.max_steps),
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
        None if report.gave_up => Err(QueensError::GaveUp {
            n,
            solver: method.name(),
            after: if matches!(method, Method::CspMinConflicts { .. }) {
                format!("{} steps", s.steps)
            } else {
                format!("{} nodes", s.nodes)
            },
        }),
        None => Err(QueensError::NoSolution { n }),
    }
}
