//! The most constrained variable first (fewest values left; ties to the earlier variable), with
//! forward checking: after each assignment, the values that a constraint with one unassigned
//! variable left now rules out leave the other domains; an empty domain means backtrack.
//! Removals are kept on a trail and undone.

use super::{Cap, CspReport, CspStats, constants_hold, constraints_of};
use std::time::Instant;

use crate::budget::Budget;
use crate::csp::Csp;

/// The state of the propagation search.
struct Domains<'a> {
    csp: &'a Csp,
    of: Vec<Vec<usize>>,
    /// `live[v * choices + i]`: value `csp.values()[i]` is still possible for variable `v`.
    live: Vec<bool>,
    choices: usize,
    size: Vec<usize>,
    assigned: Vec<bool>,
    values: Vec<i64>,
    /// Removals, to undo: (variable, value index).
    trail: Vec<(usize, usize)>,
}

impl Domains<'_> {
    fn remove(&mut self, v: usize, i: usize) {
        self.live[v * self.choices + i] = false;
        self.size[v] -= 1;
        self.trail.push((v, i));
    }

    fn restore(&mut self, len: usize) {
        while self.trail.len() > len {
            let (v, i) = self.trail.pop().expect("longer than len");
            self.live[v * self.choices + i] = true;
            self.size[v] += 1;
        }
    }

    /// The unassigned variable with the fewest values left.
    fn most_constrained(&self) -> Option<usize> {
        (0..self.size.len())
            .filter(|&v| !self.assigned[v])
            .min_by_key(|&v| (self.size[v], v))
    }

    /// Prunes `v`'s domain by constraint `c`, in which `v` is the only unassigned variable.
    /// `false` if the domain becomes empty.
    fn prune(&mut self, c: usize, v: usize) -> bool {
        for i in 0..self.choices {
            if self.live[v * self.choices + i] {
                self.values[v] = self.csp.values()[i];
                if !self.csp.constraints()[c].holds(&self.values) {
                    self.remove(v, i);
                }
            }
        }
        self.size[v] > 0
    }

    /// After `x` is assigned: check the constraints it completes, and prune through those with
    /// one unassigned variable left. `false` on a violated constraint or an empty domain.
    fn forward_check(&mut self, x: usize) -> bool {
        for k in 0..self.of[x].len() {
            let c = self.of[x][k];
            let mut open = self.csp.constraints()[c]
                .variables()
                .iter()
                .filter(|&&v| !self.assigned[v]);
            match (open.next().copied(), open.next()) {
                (None, _) if !self.csp.constraints()[c].holds(&self.values) => return false,
                (Some(v), None) if !self.prune(c, v) => return false,
                _ => {}
            }
        }
        true
    }
}

/// Search with the most-constrained-variable rule and forward checking, within the budget's
/// nodes (values tried) and time.
pub fn propagation(csp: &Csp, budget: &Budget) -> CspReport {
    propagation_by(
        csp,
        Cap::nodes(budget.max_nodes, budget.deadline(Instant::now())),
    )
}

/// [`propagation`], by a cap set by the caller.
pub(crate) fn propagation_by(csp: &Csp, cap: Cap) -> CspReport {
    let mut stats = CspStats::default();
    let variables = csp.variables().len();
    let choices = csp.values().len();
    let mut search = Domains {
        csp,
        of: constraints_of(csp),
        live: vec![true; choices * variables],
        choices,
        size: vec![choices; variables],
        assigned: vec![false; variables],
        values: vec![0; variables],
        trail: Vec::new(),
    };
    if !constants_hold(csp) {
        return CspReport::unsolvable(stats);
    }
    // Constraints on one variable only narrow its domain once, at the start.
    for (c, constraint) in csp.constraints().iter().enumerate() {
        if let [v] = constraint.variables()[..] {
            if !search.prune(c, v) {
                return CspReport::unsolvable(stats);
            }
        }
    }
    // Open choices: the variable, the next value index to try, the trail before it.
    let mut stack: Vec<(usize, usize, usize)> = Vec::new();
    loop {
        let Some(x) = search.most_constrained() else {
            return CspReport::solved(search.values, stats);
        };
        stack.push((x, 0, search.trail.len()));
        // Try values for the choice on top, going back while a variable has none left.
        loop {
            let Some(&(x, from, trail_len)) = stack.last() else {
                return CspReport::unsolvable(stats);
            };
            search.restore(trail_len);
            search.assigned[x] = false;
            let Some(i) = (from..choices).find(|&i| search.live[x * choices + i]) else {
                stack.pop();
                stats.backtracks += 1;
                continue;
            };
            if let Some(top) = stack.last_mut() {
                top.1 = i + 1;
            }
            if let Some(limit) = cap.ran_out(stats.nodes) {
                return CspReport::stopped(stats, limit);
            }
            stats.nodes += 1;
            search.assigned[x] = true;
            search.values[x] = csp.values()[i];
            if search.forward_check(x) {
                break;
            }
        }
    }
}
