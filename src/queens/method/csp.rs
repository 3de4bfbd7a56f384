//! The lecture's CSP, solved by one of its three solvers.

use std::time::Instant;

use super::found::{Found, Stats, narrow};
use super::kind::Method;
use crate::budget::Budget;
use crate::csp::solve::{self, Cap};
use crate::queens::QueensError;

pub(super) fn place(
    n: usize,
    method: &Method,
    limits: &Budget,
    start: Instant,
) -> Result<Found, QueensError> {
    let deadline = limits.deadline(start);
    let built = crate::queens::create_csp_by(n, deadline)
        .map_err(|error| QueensError::of_csp(n, &error))?;
    let Some(problem) = built else {
        return Err(QueensError::GaveUp {
            n,
            solver: method.name(),
            after: deadline.ran_out(),
        });
    };
    let nodes = Cap::nodes(limits.max_nodes, deadline);
    let report = match *method {
        Method::CspBacktracking => solve::backtracking_by(&problem, nodes),
        Method::CspPropagation => solve::propagation_by(&problem, nodes),
        Method::CspMinConflicts { seed } => {
            solve::min_conflicts_by(&problem, seed, Cap::steps(limits.max_steps, deadline))
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
        None => Err(match report.gave_up {
            Some(after) => QueensError::GaveUp {
                n,
                solver: method.name(),
                after,
            },
            None => QueensError::NoSolution { n },
        }),
    }
}
