//! Min-conflicts local search: a random full assignment, then repairs: a random variable in a
//! violated constraint takes the value with the fewest violated constraints (ties at random), and
//! one step in 16 a random value, to get off plateaus. Seeded, with a step budget.

use super::{Cap, CspReport, CspStats, constants_hold, constraints_of};
use std::time::Instant;

use crate::budget::Budget;
use crate::csp::Csp;
use crate::rng::Rng;

/// Min-conflicts local search from a random assignment, within the budget's steps (repairs) and
/// time. It cannot prove that a CSP has no solution: on one that has none it repairs until the
/// budget runs out, so give it steps or a time limit (with neither it never returns there).
pub fn min_conflicts(csp: &Csp, seed: u64, budget: &Budget) -> CspReport {
    min_conflicts_by(
        csp,
        seed,
        Cap::steps(budget.max_steps, budget.deadline(Instant::now())),
    )
}

/// [`min_conflicts`] with a deadline too.
pub(crate) fn min_conflicts_by(csp: &Csp, seed: u64, cap: Cap) -> CspReport {
    let mut stats = CspStats::default();
    if !constants_hold(csp) {
        return CspReport::unsolvable(stats);
    }
    let n = csp.variables().len();
    let m = csp.values().len();
    let of = constraints_of(csp);
    let mut rng = Rng::new(seed);
    let mut values: Vec<i64> = (0..n).map(|_| csp.values()[rng.below(m)]).collect();
    // Which constraints are violated, how many per variable, and the variables with any.
    let mut violated: Vec<bool> = csp
        .constraints()
        .iter()
        .map(|c| !c.variables().is_empty() && !c.holds(&values))
        .collect();
    let mut count = vec![0usize; n];
    for (c, constraint) in csp.constraints().iter().enumerate() {
        if violated[c] {
            for &v in constraint.variables() {
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
        if let Some(limit) = cap.ran_out(stats.steps) {
            return CspReport::stopped(stats, limit);
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
        values[x] = csp.values()[choice];
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
    for (i, &value) in csp.values().iter().enumerate() {
        values[x] = value;
        // Counting stops as soon as this value is worse than the best so far.
        let mut broken = 0;
        for &c in constraints {
            if !csp.constraints()[c].holds(values) {
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
        let now = !csp.constraints()[c].holds(values);
        if now != violated[c] {
            violated[c] = now;
            for &v in csp.constraints()[c].variables() {
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
