//! The lecture's `solve`, run on a trail of assigned literals instead of copied clause sets.
//!
//! Invariant after `propagate` returns without a conflict: every clause is either satisfied or
//! has at least two unassigned literals and no true one. That is exactly the lecture's saturated
//! set: the satisfied clauses are the ones unit subsumption removed, and the unassigned literals
//! of the others are what unit cut left of them. So "every clause is a unit clause" becomes "no
//! clause is open", and the clause lengths that the Jeroslow–Wang score needs are the numbers of
//! unassigned literals.
//!
//! Clauses are kept in the form that makes propagation cheap:
//! * a unit clause of the input is assigned once, at the start;
//! * a binary clause `{a, b}` is two implications, `¬a → b` and `¬b → a`, so a literal that
//!   becomes true costs one look at each clause it shortens and nothing for the clauses it
//!   satisfies (in the n-queens clauses, nearly all are binary);
//! * a longer clause keeps counters of its true and its not-yet-false literals.
//!
//! The recursion of the lecture becomes a stack of open splits: a failed branch undoes the trail
//! back to its split and tries the complement, or, if that was the second branch already, gives
//! the failure to the split above. The search visits the same branches in the same order.

use std::collections::HashMap;
use std::time::Instant;

use super::{Heuristic, Limit, Options, Outcome, Stats, Step, jeroslow_wang_weight};
use crate::hash::{FNV_START, fnv};
use crate::logic::{Clauses, Literal, Model, Variable};
use crate::sat::Lit;

const UNASSIGNED: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// A clause of three or more literals: its place in `literals`, and its counters.
#[derive(Clone, Copy)]
struct Long {
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
    /// The literals of the input's unit clauses.
    units: Vec<Lit>,
    /// For each literal `l`, the literals it forces through binary clauses: `m` for each `{¬l, m}`.
    implied: Vec<Vec<Lit>>,
    /// The literals of the long clauses, end to end, each clause sorted.
    literals: Vec<Lit>,
    /// Per long clause, everything the search reads and updates, side by side in memory.
    long: Vec<Long>,
    /// For each literal, the long clauses that contain it.
    occurs: Vec<Vec<u32>>,
    /// For each literal: `UNASSIGNED`, `TRUE` or `FALSE`.
    truth: Vec<u8>,
    /// How many long clauses have no true literal.
    open: usize,
    /// Every open long clause, and perhaps some that have closed since: scoring drops those.
    listed: Vec<u32>,
    /// Scratch space for the Jeroslow–Wang scores, one per literal.
    scores: Vec<u128>,
    seen: Vec<bool>,
    touched: Vec<Lit>,
    shortened: Vec<(u32, u64, u32)>,
    /// Assigned literals in order; those before `head` have been propagated.
    trail: Vec<Lit>,
    head: usize,
    splits: Vec<Split>,
    /// The input held the empty clause (or a model with no true variable was blocked).
    has_empty: bool,
    /// Clauses added after a model (see `resume`).
    extra: Vec<Vec<Lit>>,
    stats: Stats,
    /// The search's deadline, read every [`CLOCK_EVERY`] literals propagated (a chain of unit
    /// clauses can run long between splits), and whether it passed there.
    deadline: crate::budget::Deadline,
    timed_out: bool,
}

/// How many literals unit propagation makes true between two readings of the clock.
const CLOCK_EVERY: usize = 1 << 14;

impl Engine {
    pub(super) fn new(clauses: &Clauses) -> Self {
        let mut variables: Vec<Variable> = clauses
            .iter()
            .flat_map(|c| c.literals().iter().map(|l| l.variable()))
            .collect();
        variables.sort_unstable();
        variables.dedup();
        let index: HashMap<Variable, usize> =
            variables.iter().enumerate().map(|(i, &v)| (v, i)).collect();
        let lit = |l: &Literal| Lit::new(index[&l.variable()], l.is_negative());
        let literal_count = 2 * variables.len();
        let mut engine = Engine {
            units: Vec::new(),
            implied: vec![Vec::new(); literal_count],
            literals: Vec::new(),
            long: Vec::new(),
            occurs: vec![Vec::new(); literal_count],
            truth: vec![UNASSIGNED; literal_count],
            open: 0,
            listed: Vec::new(),
            scores: vec![0; literal_count],
            seen: vec![false; literal_count],
            touched: Vec::new(),
            shortened: Vec::new(),
            trail: Vec::new(),
            head: 0,
            splits: Vec::new(),
            has_empty: clauses.contains_empty(),
            extra: Vec::new(),
            stats: Stats::default(),
            deadline: crate::budget::Deadline::NONE,
            timed_out: false,
            variables,
        };
        for clause in clauses.iter().filter(|c| !c.is_tautology()) {
            match clause.literals() {
                [] => {}
                [a] => engine.units.push(lit(a)),
                [a, b] => {
                    let (a, b) = (lit(a), lit(b));
                    engine.implied[(!a).index()].push(b);
                    engine.implied[(!b).index()].push(a);
                }
                literals => {
                    let id = to_u32(engine.long.len());
                    let start = to_u32(engine.literals.len());
                    for l in literals {
                        engine.literals.push(lit(l));
                        engine.occurs[lit(l).index()].push(id);
                    }
                    let len = to_u32(literals.len());
                    engine.long.push(Long {
                        start,
                        len,
                        sat: 0,
                        free: len,
                        listed: true,
                    });
                    engine.listed.push(id);
                }
            }
        }
        engine.open = engine.long.len();
        engine
    }

    fn clause(&self, c: usize) -> &[Lit] {
        let Long { start, len, .. } = self.long[c];
        &self.literals[start as usize..(start + len) as usize]
    }

    fn is_unassigned(&self, l: Lit) -> bool {
        self.truth[l.index()] == UNASSIGNED
    }

    /// The literals of long clause `c` that are still unassigned: what unit cut has left of it.
    fn left(&self, c: usize) -> impl Iterator<Item = Lit> + '_ {
        self.clause(c)
            .iter()
            .copied()
            .filter(|&l| self.is_unassigned(l))
    }

    fn to_literal(&self, l: Lit) -> Literal {
        Literal::new(self.variables[l.var()], !l.negative())
    }

    /// Makes `l` true; its clauses are updated when `propagate` reaches it on the trail.
    fn assign(&mut self, l: Lit) {
        self.truth[l.index()] = TRUE;
        self.truth[(!l).index()] = FALSE;
        self.trail.push(l);
    }

    /// Makes `l` true because a clause has only `l` left. Returns `false` if `l` is false (a
    /// conflict).
    fn force(&mut self, l: Lit) -> bool {
        match self.truth[l.index()] {
            UNASSIGNED => {
                self.assign(l);
                self.stats.unit_propagations += 1;
                true
            }
            value => value == TRUE,
        }
    }

    /// Takes the one literal a long clause has left that is not false. Returns `false` if there
    /// is none (a conflict).
    fn unit(&mut self, c: usize) -> bool {
        let mut left = None;
        for &l in self.clause(c) {
            match self.truth[l.index()] {
                TRUE => return true, // already on the trail, not yet propagated
                UNASSIGNED => left = Some(l),
                _ => {}
            }
        }
        left.is_some_and(|l| self.force(l))
    }

    /// Unit propagation to a fixed point: the lecture's `saturate`. Returns `false` on a conflict.
    fn propagate(&mut self) -> bool {
        while self.head < self.trail.len() {
            if self.head.is_multiple_of(CLOCK_EVERY) && self.deadline.expired() {
                // Out of time: the search reads `timed_out` and gives up, whatever this says.
                self.timed_out = true;
                return false;
            }
            let l = self.trail[self.head];
            self.head += 1;
            // The counters of a literal before `head` are always complete, so undo is exact.
            for &c in &self.occurs[l.index()] {
                let long = &mut self.long[c as usize];
                long.sat += 1;
                if long.sat == 1 {
                    self.open -= 1;
                }
            }
            let mut ok = true;
            // (The lists are lent out while `unit` and `force` change the rest of the engine.)
            let shortened = std::mem::take(&mut self.occurs[(!l).index()]);
            for &c in &shortened {
                let long = &mut self.long[c as usize];
                long.free -= 1;
                if ok && long.sat == 0 && long.free <= 1 {
                    ok = self.unit(c as usize);
                }
            }
            self.occurs[(!l).index()] = shortened;
            let implied = std::mem::take(&mut self.implied[l.index()]);
            ok = ok && implied.iter().all(|&m| self.force(m));
            self.implied[l.index()] = implied;
            if !ok {
                return false;
            }
        }
        true
    }

    /// Undoes the trail back to `len` literals.
    fn backtrack(&mut self, len: usize) {
        for i in (len..self.trail.len()).rev() {
            let l = self.trail[i];
            if i < self.head {
                for &c in &self.occurs[l.index()] {
                    let long = &mut self.long[c as usize];
                    long.sat -= 1;
                    if long.sat == 0 {
                        self.open += 1;
                        if !long.listed {
                            long.listed = true;
                            self.listed.push(c);
                        }
                    }
                }
                for &c in &self.occurs[(!l).index()] {
                    self.long[c as usize].free += 1;
                }
            }
            self.truth[l.index()] = UNASSIGNED;
            self.truth[(!l).index()] = UNASSIGNED;
        }
        self.trail.truncate(len);
        self.head = self.head.min(len);
    }

    /// How many open binary clauses contain the unassigned literal `l`: those `{l, m}` with `m`
    /// unassigned too (after propagation, `m` cannot be false).
    fn open_binaries(&self, l: Lit) -> usize {
        self.implied[(!l).index()]
            .iter()
            .filter(|&&m| self.is_unassigned(m))
            .count()
    }

    /// Whether the unassigned literal `l` occurs in an open clause.
    fn occurs_open(&self, l: Lit) -> bool {
        self.occurs[l.index()]
            .iter()
            .any(|&c| self.long[c as usize].sat == 0)
            || self.implied[(!l).index()]
                .iter()
                .any(|&m| self.is_unassigned(m))
    }

    /// The first unassigned variable that occurs in an open clause; positive literal. `None`
    /// when every clause is satisfied.
    fn first_variable(&self) -> Option<Lit> {
        (0..self.variables.len())
            .map(|v| Lit::new(v, false))
            .find(|&l| self.is_unassigned(l) && (self.occurs_open(l) || self.occurs_open(!l)))
    }

    /// The literal with the highest Jeroslow–Wang score over the saturated clause *set*; `None`
    /// when every clause is satisfied.
    fn jeroslow_wang(&mut self) -> Option<Lit> {
        let mut i = 0;
        while i < self.listed.len() {
            let c = self.listed[i] as usize;
            if self.long[c].sat == 0 {
                self.add_score(c, true);
                i += 1;
            } else {
                self.long[c].listed = false;
                self.listed.swap_remove(i);
            }
        }
        let pair = jeroslow_wang_weight(2);
        for l in (0..to_u32(self.truth.len())).map(Lit) {
            if self.is_unassigned(l) {
                let count = self.open_binaries(l);
                if count > 0 {
                    self.score(l, pair * count as u128, true);
                }
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
            let score = self.scores[l.index()];
            if best.is_none_or(|b| {
                let best_score = self.scores[b.index()];
                score > best_score || (score == best_score && l < b)
            }) {
                best = Some(l);
            }
        }
        for &l in &self.touched {
            self.scores[l.index()] = 0;
            self.seen[l.index()] = false;
        }
        self.touched.clear();
        best
    }

    fn score(&mut self, l: Lit, weight: u128, add: bool) {
        let i = l.index();
        if add {
            self.scores[i] += weight;
        } else {
            self.scores[i] -= weight;
        }
        if !self.seen[i] {
            self.seen[i] = true;
            self.touched.push(l);
        }
    }

    /// Adds (or takes back) `2^−|C|` to the score of each unassigned literal of open clause `c`.
    fn add_score(&mut self, c: usize, add: bool) {
        let Long {
            start, len, free, ..
        } = self.long[c];
        let weight = jeroslow_wang_weight(free as usize);
        for k in start..start + len {
            let l = self.literals[k as usize];
            if self.is_unassigned(l) {
                self.score(l, weight, add);
            }
        }
    }

    /// The open long clauses that unit cut has made equal to another open clause, leaving one of
    /// each kind. Only shortened clauses can be such copies: the input is a set.
    fn duplicates(&mut self) -> Vec<usize> {
        let mut shortened = std::mem::take(&mut self.shortened);
        shortened.clear();
        let mut duplicates = Vec::new();
        // `jeroslow_wang` has just dropped the closed clauses from `listed`.
        for &c in &self.listed {
            let Long { len, free, .. } = self.long[c as usize];
            if free < len {
                let c = c as usize;
                if self.equals_whole_clause(c) {
                    duplicates.push(c);
                } else {
                    shortened.push((
                        free,
                        self.left(c).map(|l| u64::from(l.0)).fold(FNV_START, fnv),
                        to_u32(c),
                    ));
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

    /// Whether what is left of long clause `c` is exactly a clause of the input (which is then
    /// whole and open): a binary clause, or another long one.
    fn equals_whole_clause(&self, c: usize) -> bool {
        let mut left = self.left(c);
        let Some(first) = left.next() else {
            return false;
        };
        let free = self.long[c].free;
        if free == 2 {
            let second = left.next().unwrap_or(first);
            return self.implied[(!first).index()].contains(&second);
        }
        self.occurs[first.index()].iter().any(|&d| {
            d as usize != c
                && self.long[d as usize].len == free
                && self.clause(d as usize).iter().copied().eq(self.left(c))
        })
    }

    /// A clause in the engine's numbering, sorted, without repeats; `None` if it mentions a
    /// variable the engine does not have.
    fn numbered(&self, clause: &[Literal]) -> Option<Vec<Lit>> {
        let mut lits = Vec::with_capacity(clause.len());
        for literal in clause {
            let v = self.variables.binary_search(&literal.variable()).ok()?;
            lits.push(Lit::new(v, literal.is_negative()));
        }
        lits.sort_unstable();
        lits.dedup();
        Some(lits)
    }

    /// Adds a clause to the engine, whatever the trail holds: its counters start from the
    /// current assignment, and `extra` remembers it for the checks after backtracking.
    fn insert(&mut self, lits: &[Lit]) {
        if lits.windows(2).any(|pair| !pair[0] == pair[1]) {
            return; // a tautology is always true
        }
        self.extra.push(lits.to_vec());
        match lits {
            [] => self.has_empty = true,
            [a] => self.units.push(*a),
            [a, b] => {
                self.implied[(!*a).index()].push(*b);
                self.implied[(!*b).index()].push(*a);
            }
            _ => {
                let id = to_u32(self.long.len());
                let start = to_u32(self.literals.len());
                let (mut sat, mut free) = (0, 0);
                for &l in lits {
                    self.literals.push(l);
                    self.occurs[l.index()].push(id);
                    sat += u32::from(self.truth[l.index()] == TRUE);
                    free += u32::from(self.truth[l.index()] != FALSE);
                }
                let len = to_u32(lits.len());
                self.long.push(Long {
                    start,
                    len,
                    sat,
                    free,
                    listed: true,
                });
                self.listed.push(id);
                self.open += usize::from(sat == 0);
            }
        }
    }

    /// After backtracking, finds what the usual propagation could not see, since the added
    /// clauses did not exist when the trail was built: an added clause with every literal false
    /// (`false`: a conflict) or with one literal left (made true).
    fn propagate_extra(&mut self) -> bool {
        for i in 0..self.extra.len() {
            let mut left = None;
            let mut open = 0;
            for &l in &self.extra[i] {
                match self.truth[l.index()] {
                    TRUE => {
                        open = usize::MAX;
                        break;
                    }
                    UNASSIGNED => {
                        open += 1;
                        left = Some(l);
                    }
                    _ => {}
                }
            }
            match (open, left) {
                (0, _) => return false,
                (1, Some(l)) if !self.force(l) => return false,
                _ => {}
            }
        }
        true
    }

    fn model(&self) -> Model {
        self.trail.iter().map(|&l| self.to_literal(l)).collect()
    }

    /// How many splits are open.
    fn depth(&self) -> usize {
        self.splits.len()
    }

    /// Searches from scratch.
    pub(super) fn solve(
        &mut self,
        options: &Options,
        start: Instant,
    ) -> (Outcome, Stats, Vec<Step>) {
        self.backtrack(0);
        self.splits.clear();
        self.stats = Stats {
            calls: 1,
            ..Stats::default()
        };
        let units = std::mem::take(&mut self.units);
        let ok = !self.has_empty && units.iter().all(|&l| self.force(l));
        self.units = units;
        self.search(options, start, ok, 0)
    }

    /// After a model, adds a clause that the model falsifies and carries the depth-first search
    /// on from there: every model not yet found, and no model twice.
    pub(super) fn resume(
        &mut self,
        clause: &[Literal],
        options: &Options,
        start: Instant,
    ) -> (Outcome, Stats, Vec<Step>) {
        self.stats = Stats {
            calls: 1,
            ..Stats::default()
        };
        let Some(lits) = self.numbered(clause) else {
            return (Outcome::Unsatisfiable, self.stats, Vec::new());
        };
        self.insert(&lits);
        // The model falsifies the clause: carry on as from a conflict.
        let since = self.trail.len();
        self.search(options, start, false, since)
    }

    /// The conflict loop and the split loop of `solve`, from the current trail. The literals
    /// on the trail from `since` on were made true by unit clauses (traced as such).
    fn search(
        &mut self,
        options: &Options,
        start: Instant,
        mut ok: bool,
        mut since: usize,
    ) -> (Outcome, Stats, Vec<Step>) {
        let mut trace = Vec::new();
        self.deadline = options.budget.deadline(start);
        self.timed_out = false;
        loop {
            ok = ok && self.propagate();
            if self.timed_out {
                return (
                    Outcome::GaveUp(options.budget.time_ran_out()),
                    self.stats,
                    trace,
                );
            }
            if options.trace && self.trail.len() > since {
                trace.push(Step::Units {
                    depth: self.depth(),
                    literals: self.trail[since..]
                        .iter()
                        .map(|&l| self.to_literal(l))
                        .collect(),
                });
            }
            if !ok {
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
                        let literal = !split.literal;
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
                        since = self.trail.len();
                        self.stats.calls += 1;
                        break;
                    }
                }
                ok = self.propagate_extra();
                continue;
            }
            let choice = match options.heuristic {
                Heuristic::FirstVariable => self.first_variable(),
                Heuristic::JeroslowWang => self.jeroslow_wang(),
            };
            // Nothing to split on: every clause is satisfied, only unit clauses are left.
            let Some(literal) = choice else {
                return (Outcome::Satisfiable(self.model()), self.stats, trace);
            };
            if let Some(limit) = self.exhausted(options, start) {
                return (Outcome::GaveUp(limit), self.stats, trace);
            }
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
            since = self.trail.len();
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
        let limit = budget.time_limit?;
        crate::budget::Deadline::after(start, Some(limit))
            .expired()
            .then_some(Limit::Time(limit))
    }
}

/// Clause and variable indices are `u32`: a clause set that needs more is far beyond memory.
fn to_u32(i: usize) -> u32 {
    u32::try_from(i).expect("more than 2^32 clauses or variables")
}
