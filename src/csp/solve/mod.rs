//! Three solvers for a [`Csp`]: plain backtracking, constraint propagation, min-conflicts, one
//! file each, and what they share here (the budget, the statistics, the answer).
//!
//! * [`backtracking`], as in the lecture: variables in their order, values in increasing order;
//!   after each assignment, check only the constraints whose variables are now all assigned and
//!   that mention the new variable.
//! * [`propagation`]: choose the most constrained variable (fewest values left; ties to the
//!   earlier variable), and after each assignment remove from every other variable's domain the
//!   values that a constraint with one unassigned variable left now rules out (forward
//!   checking). An empty domain means backtrack. Removals are kept on a trail and undone.
//! * [`min_conflicts`]: start from a random full assignment, then repeatedly take a random
//!   variable that is in a violated constraint and give it the value with the fewest violated
//!   constraints (ties broken at random); one step in 16 gives it a random value instead, which
//!   gets the search off plateaus. Seeded, with a step budget, so the same seed gives the same
//!   run.

mod backtracking;
mod min_conflicts;
mod propagation;

pub use backtracking::{CspCount, backtracking, count_solutions};
pub(crate) use backtracking::{backtracking_by, count_solutions_by};
pub use min_conflicts::min_conflicts;
pub(crate) use min_conflicts::min_conflicts_by;
pub use propagation::propagation;
pub(crate) use propagation::propagation_by;

use super::Csp;
use crate::budget::{Deadline, Limit};

/// Where a solver stops: after `max` nodes (or repair steps), and at a deadline if one is set.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cap {
    max: u64,
    deadline: Deadline,
    /// What `max` counts, as the limit that ran out.
    unit: fn(u64) -> Limit,
}

impl Cap {
    /// At most `max` nodes (none: no limit), by `deadline`.
    pub(crate) fn nodes(max: Option<u64>, deadline: Deadline) -> Self {
        Cap {
            max: max.unwrap_or(u64::MAX),
            deadline,
            unit: Limit::Nodes,
        }
    }

    /// At most `max` repair steps (none: no limit), by `deadline`.
    pub(crate) fn steps(max: Option<u64>, deadline: Deadline) -> Self {
        Cap {
            unit: Limit::Steps,
            ..Cap::nodes(max, deadline)
        }
    }

    /// What ran out, if a search that has done `done` nodes (or steps) must stop before the
    /// next one. A node of a large CSP can cost milliseconds, so the clock is read at every one.
    fn ran_out(self, done: u64) -> Option<Limit> {
        if done >= self.max {
            Some((self.unit)(self.max))
        } else if self.deadline.expired() {
            Some(self.deadline.ran_out())
        } else {
            None
        }
    }
}

/// Counts of the work a solver did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CspStats {
    /// Values tried on a variable (search nodes).
    pub nodes: u64,
    /// Times a variable ran out of values and the search went back.
    pub backtracks: u64,
    /// Repair steps (min-conflicts only).
    pub steps: u64,
}

/// A solver's answer: a full assignment (`assignment[i]` for variable `i`) or none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CspReport {
    /// The solution, if one was found.
    pub assignment: Option<Vec<i64>>,
    /// The work done.
    pub stats: CspStats,
    /// What ran out when the solver stopped at its budget rather than proving there is no
    /// solution.
    pub gave_up: Option<Limit>,
}

impl CspReport {
    fn solved(assignment: Vec<i64>, stats: CspStats) -> Self {
        CspReport {
            assignment: Some(assignment),
            stats,
            gave_up: None,
        }
    }

    fn unsolvable(stats: CspStats) -> Self {
        CspReport {
            assignment: None,
            stats,
            gave_up: None,
        }
    }

    fn stopped(stats: CspStats, limit: Limit) -> Self {
        CspReport {
            assignment: None,
            stats,
            gave_up: Some(limit),
        }
    }
}

/// For each variable, the constraints that mention it.
pub(super) fn constraints_of(csp: &Csp) -> Vec<Vec<usize>> {
    let mut of = vec![Vec::new(); csp.variables().len()];
    for (c, constraint) in csp.constraints().iter().enumerate() {
        for &v in constraint.variables() {
            of[v].push(c);
        }
    }
    of
}

/// Whether every constraint without variables holds (such a constraint is true or false once
/// and for all).
pub(super) fn constants_hold(csp: &Csp) -> bool {
    csp.constraints()
        .iter()
        .filter(|c| c.variables().is_empty())
        .all(|c| c.holds(&[]))
}
