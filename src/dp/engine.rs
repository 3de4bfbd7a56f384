//! The lecture's `solve`, run on a trail of assigned literals instead of copied clause sets.
//!
//! Invariant after `propagate` returns without a conflict: every clause is either satisfied
//! (`sat > 0`) or has at least two unassigned literals (`free ≥ 2`) and no true one. That is
//! exactly the lecture's saturated set: the satisfied clauses are the ones unit subsumption
//! removed, and the unassigned literals of the others are what unit cut left of them. So "every
//! clause is a unit clause" becomes "no clause is open", and the clause lengths that the
//! Jeroslow–Wang score needs are the `free` counters.
//!
//! The recursion of the lecture becomes a stack of open splits: a failed branch undoes the trail
//! back to its split and tries the complement, or, if that was the second branch already, gives
//! the failure to the split above. The search visits the same branches in the same order.

use std::collections::HashMap;
use std::time::Instant;

use super::{Heuristic, Limit, Options, Outcome, Stats, Step, jeroslow_wang_weight};
use crate::logic::{Clauses, Literal, Model, Variable};

/// A literal as a number: `2·variable` for `p`, `2·variable + 1` for `¬p`.
type Lit = u32;

const UNASSIGNED: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// One clause's place in `literals` and its counters.
#[derive(Clone, Copy)]
struct ClauseState {
    start: u32,
    len: u32,
    /// How many of its literals are true.
    sat: u32,
    /// How many of its literals are not (yet) false.
    free: u32,
    /// Whether it is in `listed`.
    listed: bool,
}

/// An open split: where the trail stood before it, the literal tried, and which branch this is.
struct Split {
    trail_len: usize,
    literal: Lit,
    second: bool,
}

pub(super) struct Engine {
    /// The variables, in order; variable `i` is `variables[i]`.
    variables: Vec<Variable>,
    /// All clauses' literals, end to end, each clause sorted.
    literals: Vec<Lit>,
    /// Per clause, everything the search reads and updates, side by side in memory.
    state: Vec<ClauseState>,
    /// For each literal, the clauses that contain it.
    occurs: Vec<Vec<u32>>,
    /// For each literal: `UNASSIGNED`, `TRUE` or `FALSE`.
    truth: Vec<u8>,
    /// How many clauses have no true literal.
    open: usize,
    /// Every open clause, and perhaps some that have closed since: the scoring pass drops those.
    listed: Vec<u32>,
    /// Scratch space for the Jeroslow–Wang scores, one per literal.
    scores: Vec<u128>,
    seen: Vec<bool>,
    touched: Vec<Lit>,
    shortened: Vec<(u32, u64, u32)>,
    /// Assigned literals in order; those before `head` have updated the counters.
    trail: Vec<Lit>,
    head: usize,
    splits: Vec<Split>,
    /// The input held the empty clause.
    has_empty: bool,
    stats: Stats,
}

impl Engine {
    pub(super) fn new(clauses: &Clauses) -> Self {
        // Clauses are sorted, so the variables in order of first occurrence need only a sort.
        let mut variables: Vec<Variable> = clauses
            .iter()
            .flat_map(|c| c.literals().iter().map(|l| l.variable()))
            .collect();
        variables.sort_unstable();
        variables.dedup();
        let index: HashMap<Variable, u32> = variables
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, to_u32(i)))
            .collect();
        let index = |v: Variable| index[&v];
        let mut literals = Vec::with_capacity(clauses.literal_count());
        let mut occurs = vec![Vec::new(); 2 * variables.len()];
        let mut state = Vec::with_capacity(clauses.len());
        for clause in clauses.iter().filter(|c| !c.is_tautology()) {
            let id = to_u32(state.len());
            let start = to_u32(literals.len());
            for &literal in clause {
                let l = 2 * index(literal.variable()) + u32::from(literal.is_negative());
                literals.push(l);
                occurs[l as usize].push(id);
            }
            let len = to_u32(clause.len());
            state.push(ClauseState {
                start,
                len,
                sat: 0,
                free: len,
                listed: true,
            });
        }
        let literal_count = 2 * variables.len();
        Engine {
            open: state.len(),
            listed: (0..to_u32(state.len())).collect(),
            literals,
            state,
            occurs,
            truth: vec![UNASSIGNED; literal_count],
            variables,
            scores: vec![0; literal_count],
            seen: vec![false; literal_count],
            touched: Vec::new(),
            shortened: Vec::new(),
            trail: Vec::new(),
            head: 0,
            splits: Vec::new(),
            has_empty: clauses.contains_empty(),
            stats: Stats::default(),
        }
    }

    fn clause(&self, c: usize) -> &[Lit] {
        let ClauseState { start, len, .. } = self.state[c];
        &self.literals[start as usize..(start + len) as usize]
    }

    /// The literals of clause `c` that are still unassigned: what unit cut has left of it.
    fn left(&self, c: usize) -> impl Iterator<Item = Lit> + '_ {
        self.clause(c)
            .iter()
            .copied()
            .filter(|&l| self.truth[l as usize] == UNASSIGNED)
    }

    fn to_literal(&self, l: Lit) -> Literal {
        let variable = self.variables[(l / 2) as usize];
        if l % 2 == 1 {
            Literal::negative(variable)
        } else {
            Literal::positive(variable)
        }
    }

    /// Makes `l` true; its clauses are updated when `propagate` reaches it on the trail.
    fn assign(&mut self, l: Lit) {
        self.truth[l as usize] = TRUE;
        self.truth[(l ^ 1) as usize] = FALSE;
        self.trail.push(l);
    }

    /// Takes the one literal a clause has left that is not false. Returns `false` if there is
    /// none (a conflict).
    fn unit(&mut self, c: usize) -> bool {
        let mut left = None;
        for &l in self.clause(c) {
            match self.truth[l as usize] {
                TRUE => return true, // already on the trail, not yet propagated
                UNASSIGNED => left = Some(l),
                _ => {}
            }
        }
        match left {
            Some(l) => {
                self.assign(l);
                self.stats.unit_propagations += 1;
                true
            }
            None => false,
        }
    }

    /// Unit propagation to a fixed point: the lecture's `saturate`. Returns `false` on a conflict.
    #[inline(never)]
    fn propagate(&mut self) -> bool {
        let mut ok = true;
        while ok && self.head < self.trail.len() {
            let l = self.trail[self.head] as usize;
            self.head += 1;
            for &c in &self.occurs[l] {
                let state = &mut self.state[c as usize];
                state.sat += 1;
                if state.sat == 1 {
                    self.open -= 1;
                }
            }
            // Every counter of this literal is updated, even after a conflict, so undo is exact.
            // (The list is lent out while `unit` changes the rest of the engine.)
            let falsified = std::mem::take(&mut self.occurs[l ^ 1]);
            for &c in &falsified {
                let state = &mut self.state[c as usize];
                state.free -= 1;
                if ok && state.sat == 0 && state.free <= 1 {
                    ok = self.unit(c as usize);
                }
            }
            self.occurs[l ^ 1] = falsified;
        }
        ok
    }

    /// Undoes the trail back to `len` literals.
    #[inline(never)]
    fn backtrack(&mut self, len: usize) {
        for i in (len..self.trail.len()).rev() {
            let l = self.trail[i] as usize;
            if i < self.head {
                for i in 0..self.occurs[l].len() {
                    let c = self.occurs[l][i];
                    let state = &mut self.state[c as usize];
                    state.sat -= 1;
                    if state.sat == 0 {
                        self.open += 1;
                        if !state.listed {
                            state.listed = true;
                            self.listed.push(c);
                        }
                    }
                }
                for &c in &self.occurs[l ^ 1] {
                    self.state[c as usize].free += 1;
                }
            }
            self.truth[l] = UNASSIGNED;
            self.truth[l ^ 1] = UNASSIGNED;
        }
        self.trail.truncate(len);
        self.head = self.head.min(len);
    }

    fn is_open(&self, c: u32) -> bool {
        self.state[c as usize].sat == 0
    }

    /// The first unassigned variable that occurs in an unsatisfied clause; positive literal.
    fn first_variable(&self) -> Option<Lit> {
        (0..to_u32(self.variables.len())).map(|v| 2 * v).find(|&l| {
            self.truth[l as usize] == UNASSIGNED
                && (self.occurs[l as usize].iter().any(|&c| self.is_open(c))
                    || self.occurs[(l ^ 1) as usize]
                        .iter()
                        .any(|&c| self.is_open(c)))
        })
    }

    /// The literal with the highest Jeroslow–Wang score over the saturated clause *set*.
    #[inline(never)]
    fn jeroslow_wang(&mut self) -> Option<Lit> {
        let mut i = 0;
        while i < self.listed.len() {
            let c = self.listed[i] as usize;
            if self.state[c].sat == 0 {
                self.add_score(c, true);
                i += 1;
            } else {
                self.state[c].listed = false;
                self.listed.swap_remove(i);
            }
        }
        // A set holds each clause once: take back the score of every shortened clause that has
        // become equal to another open clause.
        for c in self.duplicates() {
            self.add_score(c, false);
        }
        // The highest score; among equals the smallest literal (earlier variable, positive first).
        let mut best: Option<Lit> = None;
        for &l in &self.touched {
            let score = self.scores[l as usize];
            if best.is_none_or(|b| {
                score > self.scores[b as usize] || (score == self.scores[b as usize] && l < b)
            }) {
                best = Some(l);
            }
        }
        for &l in &self.touched {
            self.scores[l as usize] = 0;
            self.seen[l as usize] = false;
        }
        self.touched.clear();
        best
    }

    /// Adds (or takes back) `2^−|C|` to the score of each unassigned literal of open clause `c`.
    fn add_score(&mut self, c: usize, add: bool) {
        let ClauseState {
            start, len, free, ..
        } = self.state[c];
        let weight = jeroslow_wang_weight(free as usize);
        for k in start..start + len {
            let l = self.literals[k as usize] as usize;
            if self.truth[l] == UNASSIGNED {
                if add {
                    self.scores[l] += weight;
                } else {
                    self.scores[l] -= weight;
                }
                if !self.seen[l] {
                    self.seen[l] = true;
                    self.touched.push(to_u32(l));
                }
            }
        }
    }

    /// The open clauses that unit cut has made equal to another open clause, but one of each
    /// kind. Only shortened clauses can be such copies: the input is a set.
    fn duplicates(&mut self) -> Vec<usize> {
        let mut shortened = std::mem::take(&mut self.shortened);
        shortened.clear();
        let mut duplicates = Vec::new();
        // `jeroslow_wang` has just dropped the closed clauses from `listed`.
        for &c in &self.listed {
            let ClauseState { len, free, .. } = self.state[c as usize];
            if free < len {
                let c = c as usize;
                if self.equals_whole_clause(c) {
                    duplicates.push(c);
                } else {
                    shortened.push((free, self.left(c).fold(FNV, fnv), to_u32(c)));
                }
            }
        }
        shortened.sort_unstable();
        for run in shortened.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
            for (k, &(_, _, c)) in run.iter().enumerate() {
                let (c, earlier) = (c as usize, &run[..k]);
                if earlier
                    .iter()
                    .any(|&(_, _, d)| self.left(c).eq(self.left(d as usize)))
                {
                    duplicates.push(c);
                }
            }
        }
        self.shortened = shortened;
        duplicates
    }

    /// Whether the unassigned literals of clause `c` are exactly some other clause, which is then
    /// whole and open.
    fn equals_whole_clause(&self, c: usize) -> bool {
        let Some(first) = self.left(c).next() else {
            return false;
        };
        let free = self.state[c].free;
        self.occurs[first as usize].iter().any(|&d| {
            d as usize != c
                && self.state[d as usize].len == free
                && self.clause(d as usize).iter().copied().eq(self.left(c))
        })
    }

    fn model(&self) -> Model {
        self.trail.iter().map(|&l| self.to_literal(l)).collect()
    }

    /// The `depth`: how many splits are open.
    fn depth(&self) -> usize {
        self.splits.len()
    }

    pub(super) fn solve(
        &mut self,
        options: &Options,
        start: Instant,
    ) -> (Outcome, Stats, Vec<Step>) {
        let mut trace = Vec::new();
        self.stats.calls = 1;
        if self.has_empty {
            self.stats.conflicts = 1;
            return (Outcome::Unsatisfiable, self.stats, trace);
        }
        let mut ok = true;
        for c in 0..self.state.len() {
            if self.state[c].free == 1 {
                ok = ok && self.unit(c);
            }
        }
        loop {
            if !(ok && self.propagate()) {
                self.stats.conflicts += 1;
                if options.trace {
                    trace.push(Step::Conflict {
                        depth: self.depth(),
                    });
                }
                // Give the failure up the stack until a split has its second branch left.
                loop {
                    let Some(split) = self.splits.pop() else {
                        return (Outcome::Unsatisfiable, self.stats, trace);
                    };
                    self.backtrack(split.trail_len);
                    if !split.second {
                        let literal = split.literal ^ 1;
                        if options.trace {
                            let literal = self.to_literal(literal);
                            trace.push(Step::Retry {
                                depth: self.depth(),
                                literal,
                            });
                        }
                        self.splits.push(Split {
                            literal,
                            second: true,
                            ..split
                        });
                        self.assign(literal);
                        self.stats.calls += 1;
                        break;
                    }
                }
                ok = true;
                continue;
            }
            if self.open == 0 {
                return (Outcome::Satisfiable(self.model()), self.stats, trace);
            }
            if let Some(limit) = self.exhausted(options, start) {
                return (Outcome::GaveUp(limit), self.stats, trace);
            }
            let choice = match options.heuristic {
                Heuristic::FirstVariable => self.first_variable(),
                Heuristic::JeroslowWang => self.jeroslow_wang(),
            };
            // An unsatisfied clause has two unassigned literals after propagation.
            let Some(literal) = choice else {
                unreachable!("an open clause without unassigned literals after saturation")
            };
            if options.trace {
                trace.push(Step::Split {
                    depth: self.depth(),
                    literal: self.to_literal(literal),
                });
            }
            self.splits.push(Split {
                trail_len: self.trail.len(),
                literal,
                second: false,
            });
            self.assign(literal);
            self.stats.splits += 1;
            self.stats.calls += 1;
        }
    }

    fn exhausted(&self, options: &Options, start: Instant) -> Option<Limit> {
        let budget = options.budget;
        if let Some(max) = budget.max_splits {
            if self.stats.splits >= max {
                return Some(Limit::Splits(max));
            }
        }
        match budget.time_limit {
            Some(limit) if start.elapsed() >= limit => Some(Limit::Time(limit)),
            _ => None,
        }
    }
}

const FNV: u64 = 0xcbf2_9ce4_8422_2325;

/// One step of the FNV-1a hash, over a literal.
fn fnv(hash: u64, l: Lit) -> u64 {
    (hash ^ u64::from(l)).wrapping_mul(0x0100_0000_01b3)
}

/// Clause and variable indices are `u32`: a clause set that needs more is far beyond memory.
fn to_u32(i: usize) -> u32 {
    u32::try_from(i).expect("more than 2^32 clauses or variables")
}
