//! The lecture's backtracking: variables in their order, values in increasing order, and after
//! each assignment only the constraints whose variables are now all assigned and that mention
//! the new variable; also counting every solution by going on after each.

use super::{Cap, CspReport, CspStats, constants_hold};
use std::time::Instant;

use crate::budget::{Budget, Limit};
use crate::csp::Csp;

/// The lecture's backtracking search, within the budget's nodes (values tried) and time.
pub fn backtracking(csp: &Csp, budget: &Budget) -> CspReport {
    backtracking_by(
        csp,
        Cap::nodes(budget.max_nodes, budget.deadline(Instant::now())),
    )
}

/// [`backtracking`], by a cap set by the caller.
pub(crate) fn backtracking_by(csp: &Csp, cap: Cap) -> CspReport {
    let mut found = None;
    let (stats, ended) = search(csp, cap, &mut |values| {
        found = Some(values.to_vec());
        true
    });
    match (found, ended) {
        (Some(values), _) => CspReport::solved(values, stats),
        (None, Ended::Budget(limit)) => CspReport::stopped(stats, limit),
        (None, _) => CspReport::unsolvable(stats),
    }
}

/// How many solutions a CSP has, counted by the lecture's backtracking going on after each one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CspCount {
    /// The solutions found (all of them, unless `gave_up`).
    pub solutions: u64,
    /// The work done.
    pub stats: CspStats,
    /// What ran out when the search stopped at its budget, so that `solutions` is only a lower
    /// bound.
    pub gave_up: Option<Limit>,
}

/// Counts every solution with the lecture's backtracking, within the budget's nodes (values
/// tried) and time (the clock is read at every value tried). For n queens: 2, 10, 4, 40, 92 for
/// n = 4 … 8.
pub fn count_solutions(csp: &Csp, budget: &Budget) -> CspCount {
    count_solutions_by(
        csp,
        Cap::nodes(budget.max_nodes, budget.deadline(Instant::now())),
    )
}

/// [`count_solutions`], by a cap set by the caller.
pub(crate) fn count_solutions_by(csp: &Csp, cap: Cap) -> CspCount {
    let mut solutions = 0;
    let (stats, ended) = search(csp, cap, &mut |_| {
        solutions += 1;
        false
    });
    CspCount {
        solutions,
        stats,
        gave_up: match ended {
            Ended::Budget(limit) => Some(limit),
            Ended::Stopped | Ended::Exhausted => None,
        },
    }
}

/// Why [`search`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    /// `on_solution` asked to stop.
    Stopped,
    /// Every assignment was tried.
    Exhausted,
    /// The cap was reached: this ran out.
    Budget(Limit),
}

/// The lecture's backtracking: variables in order, values in increasing order, and after each
/// assignment the constraints whose last variable it is. Each solution goes to `on_solution`,
/// which returns `true` to stop the search there.
fn search(csp: &Csp, cap: Cap, on_solution: &mut dyn FnMut(&[i64]) -> bool) -> (CspStats, Ended) {
    let mut stats = CspStats::default();
    let n = csp.variables().len();
    // Each constraint is checked when its last variable (in order) is assigned.
    let mut check_at = vec![Vec::new(); n];
    for (c, constraint) in csp.constraints().iter().enumerate() {
        if let Some(&last) = constraint.variables().last() {
            check_at[last].push(c);
        }
    }
    if !constants_hold(csp) {
        return (stats, Ended::Exhausted);
    }
    if n == 0 {
        let stop = on_solution(&[]);
        return (
            stats,
            if stop {
                Ended::Stopped
            } else {
                Ended::Exhausted
            },
        );
    }
    let mut values = vec![0; n];
    let mut next = vec![0; n];
    let mut k = 0;
    loop {
        if next[k] == csp.values().len() {
            next[k] = 0;
            stats.backtracks += 1;
            if k == 0 {
                return (stats, Ended::Exhausted);
            }
            k -= 1;
            continue;
        }
        if let Some(limit) = cap.ran_out(stats.nodes) {
            return (stats, Ended::Budget(limit));
        }
        values[k] = csp.values()[next[k]];
        next[k] += 1;
        stats.nodes += 1;
        if check_at[k]
            .iter()
            .all(|&c| csp.constraints()[c].holds(&values))
        {
            if k + 1 < n {
                k += 1;
            } else if on_solution(&values) {
                return (stats, Ended::Stopped);
            }
        }
    }
}
