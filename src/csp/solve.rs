//! Three solvers for a [`Csp`]: plain backtracking, constraint propagation, min-conflicts.
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

use std::time::Instant;

use super::Csp;
use crate::rng::Rng;

/// Where a solver stops: after `max` nodes (or repair steps), and at a deadline if one is set.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cap {
    pub(crate) max: u64,
    pub(crate) deadline: Option<Instant>,
}

impl Cap {
    fn count(max: u64) -> Self {
        Cap {
            max,
            deadline: None,
        }
    }

    /// Whether a search that has done `done` nodes (or steps) must stop before the next one.
    /// A node of a large CSP can cost milliseconds, so the clock is read at every one.
    fn reached(self, done: u64) -> bool {
        done >= self.max || self.deadline.is_some_and(|d| Instant::now() >= d)
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
    /// `true` when the solver stopped at its budget rather than proving there is no solution.
    pub gave_up: bool,
}

impl CspReport {
    fn solved(assignment: Vec<i64>, stats: CspStats) -> Self {
        CspReport {
            assignment: Some(assignment),
            stats,
            gave_up: false,
        }
    }

    fn unsolvable(stats: CspStats) -> Self {
        CspReport {
            assignment: None,
            stats,
            gave_up: false,
        }
    }

    fn stopped(stats: CspStats) -> Self {
        CspReport {
            assignment: None,
            stats,
            gave_up: true,
        }
    }
}

/// For each variable, the constraints that mention it.
fn constraints_of(csp: &Csp) -> Vec<Vec<usize>> {
    let mut of = vec![Vec::new(); csp.names.len()];
    for (c, constraint) in csp.constraints.iter().enumerate() {
        for &v in &constraint.variables {
            of[v].push(c);
        }
    }
    of
}

/// Whether every constraint without variables holds (such a constraint is true or false once
/// and for all).
fn constants_hold(csp: &Csp) -> bool {
    csp.constraints
        .iter()
        .filter(|c| c.variables.is_empty())
        .all(|c| c.holds(&[]))
}

/// The lecture's backtracking search, without a budget.
pub fn backtracking(csp: &Csp) -> CspReport {
    backtracking_with(csp, u64::MAX)
}

/// The lecture's backtracking search, giving up after `max_nodes` values tried.
pub fn backtracking_with(csp: &Csp, max_nodes: u64) -> CspReport {
    backtracking_within(csp, Cap::count(max_nodes))
}

/// [`backtracking_with`] with a deadline too.
pub(crate) fn backtracking_within(csp: &Csp, cap: Cap) -> CspReport {
    let mut found = None;
    let (stats, ended) = search(csp, cap, &mut |values| {
        found = Some(values.to_vec());
        true
    });
    match (found, ended) {
        (Some(values), _) => CspReport::solved(values, stats),
        (None, Ended::Budget) => CspReport::stopped(stats),
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
    /// `true` when the search stopped at its budget, so that `solutions` is only a lower bound.
    pub gave_up: bool,
}

/// Counts every solution with the lecture's backtracking, giving up after `max_nodes` values
/// tried. For n queens: 2, 10, 4, 40, 92 for n = 4 … 8.
pub fn count_solutions(csp: &Csp, max_nodes: u64) -> CspCount {
    let mut solutions = 0;
    let (stats, ended) = search(csp, Cap::count(max_nodes), &mut |_| {
        solutions += 1;
        false
    });
    CspCount {
        solutions,
        stats,
        gave_up: ended == Ended::Budget,
    }
}

/// Why [`search`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    /// `on_solution` asked to stop.
    Stopped,
    /// Every assignment was tried.
    Exhausted,
    /// The cap was reached.
    Budget,
}

/// The lecture's backtracking: variables in order, values in increasing order, and after each
/// assignment the constraints whose last variable it is. Each solution goes to `on_solution`,
/// which returns `true` to stop the search there.
fn search(csp: &Csp, cap: Cap, on_solution: &mut dyn FnMut(&[i64]) -> bool) -> (CspStats, Ended) {
    let mut stats = CspStats::default();
    let n = csp.names.len();
    // Each constraint is checked when its last variable (in order) is assigned.
    let mut check_at = vec![Vec::new(); n];
    for (c, constraint) in csp.constraints.iter().enumerate() {
        if let Some(&last) = constraint.variables.last() {
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
        if next[k] == csp.values.len() {
            next[k] = 0;
            stats.backtracks += 1;
            if k == 0 {
                return (stats, Ended::Exhausted);
            }
            k -= 1;
            continue;
        }
        if cap.reached(stats.nodes) {
            return (stats, Ended::Budget);
        }
        values[k] = csp.values[next[k]];
        next[k] += 1;
        stats.nodes += 1;
        if check_at[k]
            .iter()
            .all(|&c| csp.constraints[c].holds(&values))
        {
            if k + 1 < n {
                k += 1;
            } else if on_solution(&values) {
                return (stats, Ended::Stopped);
            }
        }
    }
}

/// The state of the propagation search.
struct Domains<'a> {
    csp: &'a Csp,
    of: Vec<Vec<usize>>,
    /// `live[v * choices + i]`: value `csp.values[i]` is still possible for variable `v`.
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
                self.values[v] = self.csp.values[i];
                if !self.csp.constraints[c].holds(&self.values) {
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
            let mut open = self.csp.constraints[c]
                .variables
                .iter()
                .filter(|&&v| !self.assigned[v]);
            match (open.next().copied(), open.next()) {
                (None, _) if !self.csp.constraints[c].holds(&self.values) => return false,
                (Some(v), None) if !self.prune(c, v) => return false,
                _ => {}
            }
        }
        true
    }
}

/// Search with the most-constrained-variable rule and forward checking, without a budget.
pub fn propagation(csp: &Csp) -> CspReport {
    propagation_with(csp, u64::MAX)
}

/// Search with the most-constrained-variable rule and forward checking, giving up after
/// `max_nodes` values tried.
pub fn propagation_with(csp: &Csp, max_nodes: u64) -> CspReport {
    propagation_within(csp, Cap::count(max_nodes))
}

/// [`propagation_with`] with a deadline too.
pub(crate) fn propagation_within(csp: &Csp, cap: Cap) -> CspReport {
    let mut stats = CspStats::default();
    let variables = csp.names.len();
    let choices = csp.values.len();
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
    for (c, constraint) in csp.constraints.iter().enumerate() {
        if let [v] = constraint.variables[..] {
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
            if cap.reached(stats.nodes) {
                return CspReport::stopped(stats);
            }
            stats.nodes += 1;
            search.assigned[x] = true;
            search.values[x] = csp.values[i];
            if search.forward_check(x) {
                break;
            }
        }
    }
}

/// Min-conflicts local search from a random assignment, at most `max_steps` repairs.
pub fn min_conflicts(csp: &Csp, seed: u64, max_steps: u64) -> CspReport {
    min_conflicts_within(csp, seed, Cap::count(max_steps))
}

/// [`min_conflicts`] with a deadline too.
pub(crate) fn min_conflicts_within(csp: &Csp, seed: u64, cap: Cap) -> CspReport {
    let mut stats = CspStats::default();
    if !constants_hold(csp) {
        return CspReport::unsolvable(stats);
    }
    let n = csp.names.len();
    let m = csp.values.len();
    let of = constraints_of(csp);
    let mut rng = Rng::new(seed);
    let mut values: Vec<i64> = (0..n).map(|_| csp.values[rng.below(m)]).collect();
    // Which constraints are violated, how many per variable, and the variables with any.
    let mut violated: Vec<bool> = csp
        .constraints
        .iter()
        .map(|c| !c.variables.is_empty() && !c.holds(&values))
        .collect();
    let mut count = vec![0usize; n];
    for (c, constraint) in csp.constraints.iter().enumerate() {
        if violated[c] {
            for &v in &constraint.variables {
                count[v] += 1;
            }
        }
    }
    let mut conflicted = Conflicted::new(n);
    for v in (0..n).filter(|&v| count[v] > 0) {
        conflicted.insert(v);
    }
    let mut best: Vec<usize> = Vec::new();
    while !conflicted.is_empty() {
        if cap.reached(stats.steps) {
            return CspReport::stopped(stats);
        }
        stats.steps += 1;
        let x = conflicted.items[rng.below(conflicted.items.len())];
        stats.nodes += 1;
        let choice = if rng.chance(1, RANDOM_WALK) {
            // Now and then a random value: a way out of the plateaus where every repair
            // leaves as many conflicts as before.
            rng.below(m)
        } else {
            fewest_conflicts(csp, &of[x], x, &mut values, &mut best);
            best[rng.below(best.len())]
        };
        values[x] = csp.values[choice];
        update(
            csp,
            &of[x],
            &values,
            &mut violated,
            &mut count,
            &mut conflicted,
        );
    }
    CspReport::solved(values, stats)
}

/// Fills `best` with the indices of the values that leave `x` in the fewest violated
/// constraints (`values[x]` is overwritten along the way).
fn fewest_conflicts(
    csp: &Csp,
    constraints: &[usize],
    x: usize,
    values: &mut [i64],
    best: &mut Vec<usize>,
) {
    let mut fewest = usize::MAX;
    best.clear();
    for (i, &value) in csp.values.iter().enumerate() {
        values[x] = value;
        // Counting stops as soon as this value is worse than the best so far.
        let mut broken = 0;
        for &c in constraints {
            if !csp.constraints[c].holds(values) {
                broken += 1;
                if broken > fewest {
                    break;
                }
            }
        }
        if broken < fewest {
            fewest = broken;
            best.clear();
        }
        if broken == fewest {
            best.push(i);
        }
    }
}

/// One step in 16 of min-conflicts gives a random value instead of the best.
const RANDOM_WALK: usize = 16;

/// After a variable changed: re-evaluates its constraints and updates the counts.
fn update(
    csp: &Csp,
    constraints: &[usize],
    values: &[i64],
    violated: &mut [bool],
    count: &mut [usize],
    conflicted: &mut Conflicted,
) {
    for &c in constraints {
        let now = !csp.constraints[c].holds(values);
        if now != violated[c] {
            violated[c] = now;
            for &v in &csp.constraints[c].variables {
                if now {
                    count[v] += 1;
                } else {
                    count[v] -= 1;
                }
                if count[v] == 0 {
                    conflicted.remove(v);
                } else {
                    conflicted.insert(v);
                }
            }
        }
    }
}

/// A set of variables with O(1) insert, remove and random pick.
struct Conflicted {
    items: Vec<usize>,
    position: Vec<usize>,
}

impl Conflicted {
    const ABSENT: usize = usize::MAX;

    fn new(n: usize) -> Self {
        Conflicted {
            items: Vec::new(),
            position: vec![Self::ABSENT; n],
        }
    }

    fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    fn insert(&mut self, v: usize) {
        if self.position[v] == Self::ABSENT {
            self.position[v] = self.items.len();
            self.items.push(v);
        }
    }

    fn remove(&mut self, v: usize) {
        let at = self.position[v];
        if at != Self::ABSENT {
            let last = self.items.pop().expect("not empty");
            if at < self.items.len() {
                self.items[at] = last;
                self.position[last] = at;
            }
            self.position[v] = Self::ABSENT;
        }
    }
}
