//! Local search to choose the saved phases ("rephasing by walking", as `CaDiCaL` and Kissat do):
//! from the saved phases, flip variables one at a time the way `ProbSAT` does (Balint and
//! Schöning, 2012), and keep the assignment that left the fewest clauses false as the new saved
//! phases. On a satisfiable formula the search then decides towards an assignment that is close
//! to a model; when the walk finds a model itself, that is the answer.
//!
//! A step takes a clause the assignment falsifies, at random, and flips one of its variables,
//! chosen at random with weights that fall fast with the variable's *break*: how many clauses
//! that are now true only through it would become false.
//!
//! The walk sees the input's clauses under the assignments of level 0 (clauses satisfied there
//! dropped, literals false there removed); its work is counted in *ticks*, one for each
//! occurrence of a literal it looks at, so that its effort can be measured against the search's.

use super::types::{Lit, Occurrences, Value};
use crate::logic::Cnf;
use crate::rng::Rng;

/// `ProbSAT`'s polynomial weights for a break of `b`: `(EPSILON + b)^-CB`, with the paper's
/// constants for 3-SAT.
const EPSILON: f64 = 0.9;
const CB: f64 = 2.38;
/// Breaks above this weigh as much as this one (next to nothing).
const MAX_BREAK: usize = 63;

/// What a walk found.
#[derive(Debug)]
pub(super) struct Walked {
    /// Each variable's value in the best assignment found (the fewest clauses false).
    pub(super) best: Vec<bool>,
    /// How many clauses that assignment leaves false: 0 means it is a model.
    pub(super) unsatisfied: usize,
    /// Variables flipped.
    pub(super) flips: u64,
    /// Whether the time limit ended it.
    pub(super) late: bool,
}

/// The clauses a walk works on, with the data a step needs, kept up to date as it flips.
struct Walk {
    /// The clauses' literals, flat, and where each clause starts (one past the last at the end).
    lits: Vec<Lit>,
    starts: Vec<usize>,
    /// For each literal, the clauses it occurs in.
    occurrences: Occurrences,
    /// Each variable's current value (a fixed one never flips: none of its literals is left
    /// in a clause).
    value: Vec<bool>,
    /// For each clause, how many of its literals are true.
    true_count: Vec<u32>,
    /// The false clauses, and each clause's place in that list (`u32::MAX` when true).
    falsified: Vec<u32>,
    place: Vec<u32>,
    ticks: u64,
}

impl Walk {
    /// The clauses of `cnf` under the level-0 values `fixed` (per literal), starting from the
    /// values `start` (per variable; the fixed ones take their fixed value). `None` when a
    /// clause has no literal left, which the search finds for itself.
    fn new(cnf: &Cnf, fixed: &[Value], start: &[bool]) -> Option<Walk> {
        let mut lits = Vec::with_capacity(cnf.literal_count());
        let mut starts = Vec::with_capacity(cnf.len() + 1);
        for clause in cnf.iter() {
            let first = lits.len();
            let mut satisfied = false;
            for &n in clause {
                let lit = Lit::from_dimacs(n);
                match fixed[lit.index()] {
                    Value::True => satisfied = true,
                    Value::False => {}
                    Value::Unassigned => lits.push(lit),
                }
            }
            if satisfied {
                lits.truncate(first);
                continue;
            }
            if lits.len() == first {
                return None;
            }
            starts.push(first);
        }
        starts.push(lits.len());
        let occurrences = Occurrences::new(fixed.len(), starts.len() - 1, |c| {
            lits[starts[c]..starts[c + 1]].iter().copied()
        });
        let value: Vec<bool> = start
            .iter()
            .enumerate()
            .map(|(v, &phase)| match fixed[Lit::new(v, false).index()] {
                Value::True => true,
                Value::False => false,
                Value::Unassigned => phase,
            })
            .collect();
        let clauses = starts.len() - 1;
        let mut walk = Walk {
            lits,
            starts,
            occurrences,
            value,
            true_count: vec![0; clauses],
            falsified: Vec::new(),
            place: vec![u32::MAX; clauses],
            ticks: 0,
        };
        for c in 0..clauses {
            let count = walk.lits[walk.starts[c]..walk.starts[c + 1]]
                .iter()
                .filter(|&&l| walk.is_true(l))
                .count();
            walk.true_count[c] = u32::try_from(count).unwrap_or(u32::MAX);
            if count == 0 {
                walk.falsify(c);
            }
        }
        Some(walk)
    }

    fn is_true(&self, lit: Lit) -> bool {
        self.value[lit.var()] != lit.negative()
    }

    fn falsify(&mut self, c: usize) {
        self.place[c] = u32::try_from(self.falsified.len()).unwrap_or(u32::MAX);
        self.falsified.push(u32::try_from(c).unwrap_or(u32::MAX));
    }

    fn satisfy(&mut self, c: usize) {
        let at = self.place[c] as usize;
        let last = self.falsified.pop().unwrap_or(0);
        if at < self.falsified.len() {
            self.falsified[at] = last;
            self.place[last as usize] = u32::try_from(at).unwrap_or(u32::MAX);
        }
        self.place[c] = u32::MAX;
    }

    /// How many clauses become false if `lit`, now true, is made false.
    fn break_count(&mut self, lit: Lit) -> usize {
        let occurs = &self.occurrences.occurs[self.occurrences.span(lit)];
        let count = occurs
            .iter()
            .filter(|&&c| self.true_count[c as usize] == 1)
            .count();
        self.ticks += occurs.len() as u64;
        count
    }

    /// Flips the variable of `lit`, which is false, to make it true.
    fn flip(&mut self, lit: Lit) {
        self.value[lit.var()] = !self.value[lit.var()];
        let made_true = self.occurrences.span(lit);
        let made_false = self.occurrences.span(!lit);
        self.ticks += (made_true.len() + made_false.len()) as u64;
        for k in made_true {
            let c = self.occurrences.occurs[k] as usize;
            self.true_count[c] += 1;
            if self.true_count[c] == 1 {
                self.satisfy(c);
            }
        }
        for k in made_false {
            let c = self.occurrences.occurs[k] as usize;
            self.true_count[c] -= 1;
            if self.true_count[c] == 0 {
                self.falsify(c);
            }
        }
    }
}

/// Walks from `start` (each variable's phase) on `cnf` under the level-0 values `fixed`, until a
/// model is found, `max_ticks` are spent, or the time limit (from `began`) passes. `None` when
/// the clauses have an empty one under `fixed`.
pub(super) fn walk(
    cnf: &Cnf,
    fixed: &[Value],
    start: &[bool],
    rng: &mut Rng,
    max_ticks: u64,
    deadline: crate::budget::Deadline,
) -> Option<Walked> {
    let mut walk = Walk::new(cnf, fixed, start)?;
    let weights: Vec<f64> = (0..=MAX_BREAK)
        .map(|b| (EPSILON + f64::from(u8::try_from(b).unwrap_or(u8::MAX))).powf(-CB))
        .collect();
    let mut best = walk.value.clone();
    let mut fewest = walk.falsified.len();
    // The variables flipped since `best` was last brought up to date, while fewer than there
    // are variables (past that, the whole assignment is copied).
    let mut since: Vec<usize> = Vec::new();
    let mut overflow = false;
    let mut flips = 0u64;
    let mut late = false;
    let mut scores: Vec<f64> = Vec::new();
    // The clock is read every 2^16 ticks (a step on long clauses can take thousands).
    let mut next_look = 0;
    while !walk.falsified.is_empty() && walk.ticks < max_ticks {
        if walk.ticks >= next_look {
            next_look = walk.ticks + (1 << 16);
            if deadline.expired() {
                late = true;
                break;
            }
        }
        let c = walk.falsified[rng.below(walk.falsified.len())] as usize;
        let (from, to) = (walk.starts[c], walk.starts[c + 1]);
        scores.clear();
        let mut total = 0.0;
        for k in from..to {
            // The clause is false: each literal's opposite is true.
            let lit = walk.lits[k];
            let weight = weights[walk.break_count(!lit).min(MAX_BREAK)];
            total += weight;
            scores.push(weight);
        }
        let mut r = rng.fraction() * total;
        let mut pick = to - 1;
        for (k, &weight) in (from..to).zip(&scores) {
            if r < weight {
                pick = k;
                break;
            }
            r -= weight;
        }
        let lit = walk.lits[pick];
        walk.flip(lit);
        flips += 1;
        if !overflow {
            since.push(lit.var());
            overflow = since.len() > best.len();
        }
        if walk.falsified.len() < fewest {
            fewest = walk.falsified.len();
            if overflow {
                best.clone_from(&walk.value);
            } else {
                for &v in &since {
                    best[v] = walk.value[v];
                }
            }
            since.clear();
            overflow = false;
        }
    }
    Some(Walked {
        best,
        unsatisfied: fewest,
        flips,
        late,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every clause of `cnf` true under `values`.
    fn satisfies(cnf: &Cnf, values: &[bool]) -> bool {
        cnf.first_falsified(values).is_none()
    }

    fn random_3sat(variables: usize, clauses: usize, seed: u64) -> Cnf {
        let mut rng = Rng::new(seed);
        let mut cnf = Cnf::new();
        for _ in 0..clauses {
            let clause: Vec<i32> = (0..3)
                .map(|_| {
                    let v = i32::try_from(rng.below(variables) + 1).unwrap_or(1);
                    if rng.chance(1, 2) { v } else { -v }
                })
                .collect();
            cnf.add(&clause);
        }
        cnf
    }

    #[test]
    fn a_walk_on_an_easy_formula_ends_on_a_model() {
        // Well below the threshold (3 clauses a variable): nearly always satisfiable, and
        // quickly walked to a model.
        for seed in 1..=5 {
            let cnf = random_3sat(100, 300, seed);
            let fixed = vec![Value::Unassigned; 2 * cnf.variables()];
            let start = vec![false; cnf.variables()];
            let walked = walk(
                &cnf,
                &fixed,
                &start,
                &mut Rng::new(seed),
                10_000_000,
                crate::budget::Deadline::NONE,
            )
            .expect("no empty clause");
            assert_eq!(walked.unsatisfied, 0, "seed {seed}");
            assert!(
                satisfies(&cnf, &walked.best),
                "seed {seed}: the best is a model"
            );
            assert!(walked.flips > 0);
        }
    }

    #[test]
    fn the_best_assignment_leaves_as_many_clauses_false_as_it_says() {
        // Unsatisfiable (all eight clauses over three variables): the walk never ends on a model
        // and stops at its budget; its best leaves exactly one clause false.
        let mut cnf = Cnf::new();
        for signs in 0..8 {
            let clause: Vec<i32> = (0..3)
                .map(|k| if signs >> k & 1 == 1 { -(k + 1) } else { k + 1 })
                .collect();
            cnf.add(&clause);
        }
        let fixed = vec![Value::Unassigned; 6];
        let run = |deadline| {
            walk(
                &cnf,
                &fixed,
                &[true, false, true],
                &mut Rng::new(3),
                5_000,
                deadline,
            )
            .expect("no empty clause")
        };
        let walked = run(crate::budget::Deadline::NONE);
        assert_eq!(walked.unsatisfied, 1);
        let false_clauses = cnf
            .iter()
            .filter(|clause| {
                !clause.iter().any(|&n| {
                    let v = n.unsigned_abs() as usize - 1;
                    walked.best[v] == (n > 0)
                })
            })
            .count();
        assert_eq!(false_clauses, 1);
        assert!(walked.flips > 100 && !walked.late);
        // With its time up before it starts, it stops at once and says so.
        let walked = run(crate::budget::Deadline::after(
            std::time::Instant::now(),
            Some(std::time::Duration::ZERO),
        ));
        assert!(walked.late && walked.flips == 0);
    }

    #[test]
    fn fixed_values_are_kept_and_their_clauses_left_out() {
        // x1 fixed true: {x1, x2} is dropped, {¬x1, x3} keeps x3 alone, so x3 must end true;
        // a clause false under the fixed values means there is nothing to walk.
        let cnf = Cnf::from_lists(&[vec![1, 2], vec![-1, 3], vec![-2, -3]]);
        let mut fixed = vec![Value::Unassigned; 6];
        fixed[0] = Value::True;
        fixed[1] = Value::False;
        let walked = walk(
            &cnf,
            &fixed,
            &[false, true, false],
            &mut Rng::new(1),
            1_000,
            crate::budget::Deadline::NONE,
        )
        .expect("no empty clause");
        assert_eq!(walked.unsatisfied, 0);
        assert_eq!(walked.best, vec![true, false, true]);
        let only = Cnf::from_lists(&[vec![-1]]);
        assert!(
            walk(
                &only,
                &fixed,
                &[false, false, false],
                &mut Rng::new(1),
                1_000,
                crate::budget::Deadline::NONE
            )
            .is_none()
        );
    }
}
