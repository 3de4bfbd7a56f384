//! The search: the solver's state, loading the clauses, unit propagation with two watched
//! literals, backjumping, the budget, and the loop that ties them together (propagate; on a
//! conflict learn and jump back; otherwise restart, delete, or decide).

use std::time::Instant;

use super::arena::{Arena, forward};
use super::heap::Heap;
use super::long::LongClauses;
use super::options::{CdclOptions, CdclStats, CnfOutcome, Decide, ProofStep};
use super::schedule::{Cap, Deletion, Restarts};
use super::types::{Lit, Reason, Value, Watch, Why};
use super::walk;
use crate::logic::Cnf;
use crate::rng::Rng;
use crate::sat::{Budget, Limit};

/// The most variables one minimisation walk visits before it keeps the literal.
pub(super) const MINIMISE_WALK: usize = 100;
/// Conflicts before the first deletion round of learnt clauses, and how much longer each
/// interval between rounds is than the one before (Glucose's schedule).
const FIRST_REDUCE: u64 = 2000;
const REDUCE_GROWTH: u64 = 300;
/// How fast activities decay: after each conflict the bump grows by 1/0.99 (MiniSat's default
/// is 0.95; 0.99 took less time on the queens and Langford families of the structured benchmark
/// and more on the other three, docs/benchmarks.md).
const VAR_DECAY: f64 = 0.99;
/// How fast the learnt clauses' activities decay (MiniSat's 0.999).
pub(super) const CLAUSE_DECAY: f32 = 0.999;

/// The effort of a walk ([`walk`]), in hundredths of the propagation work (watches looked at)
/// since the walk before.
const WALK_PERCENT: u64 = 30;

/// A CDCL search in progress. Variables are numbered from 0; a literal's index is `2v` or
/// `2v + 1` ([`Lit`]). Every field but the options changes as the search goes.
pub(super) struct Solver {
    /// When to give up: `max_splits` counts decisions.
    pub(super) budget: Budget,
    /// How decisions are chosen.
    pub(super) decide: Decide,
    /// Every clause of three literals or more, input and learnt, with its flags; the first two
    /// literals of a clause are watched.
    pub(super) arena: Arena,
    /// For each literal, the clauses watching it: looked at when it becomes false.
    pub(super) watches: Vec<Vec<Watch>>,
    /// Each literal's value (a variable's two literals always opposite or both unassigned).
    pub(super) values: Vec<Value>,
    /// For each variable, the decision level it was assigned at.
    pub(super) level: Vec<u32>,
    /// For each variable, the clause that propagated it; [`Reason::NONE`] for a decision or a
    /// unit of the input.
    pub(super) reason: Vec<Reason>,
    /// The literals made true, in order.
    pub(super) trail: Vec<Lit>,
    /// Where each decision level starts on the trail.
    pub(super) levels: Vec<usize>,
    /// How far along the trail unit propagation has looked: the literals after it still have
    /// watches to visit.
    pub(super) head: usize,
    /// Each variable's VSIDS activity.
    pub(super) activity: Vec<f64>,
    /// What a conflict adds to the activity of its variables; it grows by 1/[`VAR_DECAY`] after
    /// each conflict, which decays every older bump.
    pub(super) bump: f64,
    /// The unassigned variables (and some assigned ones, skipped when popped) by activity.
    pub(super) order: Heap,
    /// Each variable's last value (phase saving): a decision repeats it.
    pub(super) saved: Vec<bool>,
    /// Variables marked during one conflict analysis or minimisation; cleared after each.
    pub(super) seen: Vec<bool>,
    /// Variables found not to be implied during one minimisation.
    pub(super) poison: Vec<bool>,
    /// The conflicts after which the next deletion round comes, and how many conflicts apart
    /// the rounds are (growing by [`REDUCE_GROWTH`] each time, as in Glucose).
    pub(super) next_reduce: u64,
    pub(super) reduce_interval: u64,
    /// Whether to record the DRAT proof.
    pub(super) record: bool,
    /// The DRAT proof so far, when `record`.
    pub(super) proof: Vec<ProofStep>,
    /// Counts of the work done.
    pub(super) stats: CdclStats,
    /// For [`Decide::ShortestClause`]: the input's clauses of three literals or more, and for
    /// each its unassigned and its true literals, kept up to date as literals are assigned.
    pub(super) long: LongClauses,
    /// The random choices of [`Decide::ShortestClause`] and of the walks, seeded: the same
    /// clauses give the same search.
    pub(super) rng: Rng,
    /// Watch-list entries looked at by propagation so far, and how many had been when the last
    /// walk ended: the measure of a walk's budget.
    pub(super) ticks: u64,
    pub(super) walked_at: u64,
    /// What taking part in a conflict adds to a learnt clause's activity; it grows by
    /// 1/[`CLAUSE_DECAY`] after each conflict.
    pub(super) clause_bump: f32,
    /// The minimisation's work lists, kept from one conflict to the next.
    pub(super) scratch: Scratch,
    /// For counting a clause's levels ([`lbd`](Self::lbd)): each level's mark, and this count's.
    pub(super) level_marks: Vec<u32>,
    pub(super) level_mark: u32,
}

/// The work lists of a minimisation ([`Solver::minimise`]): the literals to walk, the variables
/// found implied (marked `seen`) and those found not (marked `poison`).
#[derive(Debug, Default)]
pub(super) struct Scratch {
    pub(super) stack: Vec<Lit>,
    pub(super) marked: Vec<usize>,
    pub(super) poisoned: Vec<usize>,
}

impl Solver {
    pub(super) fn new(variables: usize, options: &CdclOptions) -> Self {
        let mut order = Heap::new(variables);
        let zero = vec![0.0; variables];
        for v in 0..variables {
            order.insert(v, &zero);
        }
        Solver {
            budget: options.budget,
            decide: options.decide,
            arena: Arena::default(),
            watches: Vec::new(),
            values: vec![Value::Unassigned; 2 * variables],
            level: vec![0; variables],
            reason: vec![Reason::NONE; variables],
            trail: Vec::with_capacity(variables),
            levels: Vec::new(),
            head: 0,
            activity: vec![0.0; variables],
            bump: 1.0,
            order,
            saved: vec![false; variables],
            seen: vec![false; variables],
            poison: vec![false; variables],
            next_reduce: FIRST_REDUCE,
            reduce_interval: FIRST_REDUCE,
            record: options.proof,
            proof: Vec::new(),
            stats: CdclStats::default(),
            long: LongClauses::default(),
            rng: Rng::new(options.seed),
            ticks: 0,
            walked_at: 0,
            clause_bump: 1.0,
            scratch: Scratch::default(),
            level_marks: vec![0; variables + 1],
            level_mark: 0,
        }
    }

    pub(super) fn value(&self, lit: Lit) -> Value {
        self.values[lit.index()]
    }

    pub(super) fn decision_level(&self) -> u32 {
        u32::try_from(self.levels.len()).unwrap_or(u32::MAX)
    }

    pub(super) fn assign(&mut self, lit: Lit, reason: Reason) {
        let v = lit.var();
        self.values[lit.index()] = Value::True;
        self.values[(!lit).index()] = Value::False;
        self.level[v] = self.decision_level();
        self.reason[v] = reason;
        self.trail.push(lit);
        if self.long.tracked() {
            self.long.assigned(lit);
        }
    }

    /// Gives variables that no clause holds (eliminated by simplifying) a value at level 0
    /// before the search, so that it never decides them; their values are made later.
    pub(super) fn set_aside(&mut self, variables: impl Iterator<Item = usize>) {
        for v in variables {
            self.assign(Lit::new(v, true), Reason::NONE);
        }
    }

    pub(super) fn prove(&mut self, step: impl FnOnce() -> ProofStep) {
        if self.record {
            self.proof.push(step());
        }
    }

    /// A stored clause's literals.
    pub(super) fn lits(&self, clause: u32) -> impl Iterator<Item = Lit> + '_ {
        self.arena.codes(clause).iter().map(|&code| Lit(code))
    }

    /// Loads the clauses: tautologies dropped, duplicate literals merged, units assigned.
    /// Returns `false` when the clauses are already contradictory.
    /// Loads the clauses: `Some(false)` when they are found unsatisfiable on the way, `None`
    /// when the time limit (counted from `start`) runs out first.
    pub(super) fn load(&mut self, cnf: &Cnf, start: Instant) -> Option<bool> {
        let deadline = self.budget.deadline(start);
        let late = |i: usize| i.is_multiple_of(1 << 16) && deadline.expired();
        // Each watch list made as long as it may need to be, once (as many entries as the
        // literal has clauses, at most).
        let mut counts = vec![0usize; self.values.len()];
        for (i, clause) in cnf.iter().enumerate() {
            if late(i) {
                return None;
            }
            if clause.len() >= 2 {
                for &n in clause {
                    counts[Lit::from_dimacs(n).index()] += 1;
                }
            }
        }
        // Millions of lists for millions of variables: the clock is read between them too.
        self.watches = Vec::with_capacity(counts.len());
        for (i, count) in counts.into_iter().enumerate() {
            if late(i) {
                return None;
            }
            self.watches.push(Vec::with_capacity(count));
        }
        self.arena.reserve(cnf.len(), cnf.literal_count());
        let mut lits = Vec::new();
        for (i, clause) in cnf.iter().enumerate() {
            if late(i) {
                return None;
            }
            lits.clear();
            lits.extend(clause.iter().map(|&n| Lit::from_dimacs(n)));
            lits.sort_unstable();
            lits.dedup();
            if lits.windows(2).any(|w| w[0] == !w[1]) {
                continue;
            }
            match lits.len() {
                0 => return Some(false),
                1 => match self.value(lits[0]) {
                    Value::False => return Some(false),
                    Value::True => {}
                    Value::Unassigned => self.assign(lits[0], Reason::NONE),
                },
                _ => {
                    self.attach(&lits, false, 0);
                }
            }
        }
        if self.decide == Decide::ShortestClause {
            self.track_long_clauses();
        }
        Some(true)
    }

    /// Watches a clause's first two literals, and stores it unless it is binary: a binary
    /// clause lives in its two watch lists only. Returns the reason the clause gives its first
    /// literal when it propagates it.
    pub(super) fn attach(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> Reason {
        if lits.len() == 2 {
            self.watches[lits[0].index()].push(Watch::binary(lits[1]));
            self.watches[lits[1].index()].push(Watch::binary(lits[0]));
            return Reason::binary(lits[1]);
        }
        let cref = self.arena.push(lits, learnt, lbd);
        self.watches[lits[0].index()].push(Watch::stored(cref, lits[1]));
        self.watches[lits[1].index()].push(Watch::stored(cref, lits[0]));
        Reason::clause(cref)
    }

    /// Unit propagation with two watched literals. Returns the clause that became false, if
    /// one did: a stored clause, or a binary one by its two literals.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        while self.head < self.trail.len() {
            let p = self.trail[self.head];
            self.head += 1;
            let false_lit = !p;
            let mut watchers = std::mem::take(&mut self.watches[false_lit.index()]);
            let mut kept = 0;
            let mut conflict = None;
            let mut i = 0;
            while i < watchers.len() {
                let watch = watchers[i];
                i += 1;
                let blocker = self.values[watch.blocker.index()];
                if blocker == Value::True {
                    watchers[kept] = watch;
                    kept += 1;
                    continue;
                }
                let Some(cref) = watch.clause() else {
                    // A binary clause: the other literal is the whole rest of it.
                    watchers[kept] = watch;
                    kept += 1;
                    if blocker == Value::False {
                        conflict = Some(Conflict::Binary(false_lit, watch.blocker));
                        break;
                    }
                    self.assign(watch.blocker, Reason::binary(false_lit));
                    self.stats.propagations += 1;
                    continue;
                };
                if self.arena.is_deleted(cref) {
                    continue;
                }
                // Put the false literal second.
                let lits = self.arena.codes_mut(cref);
                if lits[0] == false_lit.0 {
                    lits.swap(0, 1);
                }
                let first = Lit(lits[0]);
                if first != watch.blocker && self.values[first.index()] == Value::True {
                    watchers[kept] = Watch::stored(cref, first);
                    kept += 1;
                    continue;
                }
                // Another literal that is not false takes over the watch.
                let values = &self.values;
                if let Some(k) = (2..lits.len()).find(|&k| values[lits[k] as usize] != Value::False)
                {
                    lits.swap(1, k);
                    let new = Lit(lits[1]);
                    self.watches[new.index()].push(Watch::stored(cref, first));
                    continue;
                }
                // None: the clause is unit (or false) under the assignment.
                watchers[kept] = watch;
                kept += 1;
                if self.values[first.index()] == Value::False {
                    conflict = Some(Conflict::Clause(cref));
                    break;
                }
                self.assign(first, Reason::clause(cref));
                self.stats.propagations += 1;
            }
            self.ticks += i as u64;
            // After a conflict the watches not looked at stay as they were.
            while i < watchers.len() {
                watchers[kept] = watchers[i];
                kept += 1;
                i += 1;
            }
            watchers.truncate(kept);
            self.watches[false_lit.index()] = watchers;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    /// Moves the live clauses down over the deleted ones ([`Arena::compact`]) and points the
    /// watches and reasons at their new places; the watches of deleted clauses go.
    pub(super) fn compact(&mut self) {
        self.stats.compactions += 1;
        let old = self.arena.compact();
        for list in &mut self.watches {
            list.retain_mut(|watch| match watch.clause() {
                None => true,
                Some(cref) => match forward(&old, cref) {
                    Some(moved) => {
                        *watch = Watch::stored(moved, watch.blocker);
                        true
                    }
                    None => false,
                },
            });
        }
        for &lit in &self.trail {
            let reason = &mut self.reason[lit.var()];
            if let Why::Clause(cref) = reason.why() {
                // A reason is never deleted.
                *reason = Reason::clause(forward(&old, cref).unwrap_or(cref));
            }
        }
    }

    /// Undoes every assignment above `level`, saving each variable's phase.
    pub(super) fn backjump(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.levels[level as usize];
        for i in (start..self.trail.len()).rev() {
            let lit = self.trail[i];
            let v = lit.var();
            self.saved[v] = !lit.negative();
            self.values[lit.index()] = Value::Unassigned;
            self.values[(!lit).index()] = Value::Unassigned;
            self.reason[v] = Reason::NONE;
            self.order.insert(v, &self.activity);
            if self.long.tracked() {
                self.long.unassigned(lit);
            }
        }
        self.trail.truncate(start);
        self.head = start;
        self.levels.truncate(level as usize);
    }

    pub(super) fn exhausted(&self, start: Instant) -> Option<Limit> {
        if let Some(max) = self.budget.max_splits {
            if self.stats.decisions >= max {
                return Some(Limit::Splits(max));
            }
        }
        // The clock is read every 64 decisions and conflicts.
        let limit = self.budget.time_limit?;
        ((self.stats.decisions + self.stats.conflicts).is_multiple_of(64)
            && crate::budget::Deadline::after(start, Some(limit)).expired())
        .then_some(Limit::Time(limit))
    }

    pub(super) fn run(&mut self, cnf: &Cnf, start: Instant) -> CnfOutcome {
        let Some(loaded) = self.load(cnf, start) else {
            return CnfOutcome::GaveUp(self.budget.time_ran_out());
        };
        if !loaded || self.propagate().is_some() {
            self.prove(|| ProofStep::Add(Vec::new()));
            return CnfOutcome::Unsatisfiable;
        }
        let mut restarts = Restarts::default();
        let mut cap = Cap::new(self.watches.iter().map(Vec::len).sum::<usize>() / 2);
        loop {
            if let Some(conflict) = self.propagate() {
                self.stats.conflicts += 1;
                if self.decision_level() == 0 {
                    self.prove(|| ProofStep::Add(Vec::new()));
                    return CnfOutcome::Unsatisfiable;
                }
                let (learnt, back) = self.analyze(conflict);
                self.backjump(back);
                if self.record {
                    self.proof.push(ProofStep::Add(
                        learnt.iter().map(|l| l.to_dimacs()).collect(),
                    ));
                }
                let lbd = self.lbd(&learnt);
                restarts.conflict(lbd, self.trail.len());
                if learnt.len() == 1 {
                    self.assign(learnt[0], Reason::NONE);
                } else {
                    // A binary learnt clause is kept for good (in its watch lists only).
                    let reason = self.attach(&learnt, true, lbd);
                    self.assign(learnt[0], reason);
                }
                self.bump /= VAR_DECAY;
                self.clause_bump /= CLAUSE_DECAY;
                cap.conflict();
                continue;
            }
            if let Some(limit) = self.exhausted(start) {
                return CnfOutcome::GaveUp(limit);
            }
            let was_focused = restarts.focused;
            if restarts.due() {
                self.backjump(0);
                self.stats.restarts += 1;
                restarts.restarted();
                if was_focused && !restarts.focused && self.decide == Decide::Vsids {
                    match self.rephase(cnf, start) {
                        Some(Ok(values)) => return CnfOutcome::Satisfiable(values),
                        Some(Err(limit)) => return CnfOutcome::GaveUp(limit),
                        None => {}
                    }
                }
            }
            if self.arena.local > 0 && self.arena.local >= cap.most + self.trail.len() {
                self.reduce(Deletion::Local);
                self.stats.capped_at.get_or_insert(self.stats.conflicts);
            }
            if self.stats.conflicts >= self.next_reduce {
                self.reduce(if self.stats.capped_at.is_some() {
                    Deletion::TierTwo
                } else {
                    Deletion::Lbd
                });
                self.reduce_interval += REDUCE_GROWTH;
                self.next_reduce = self.stats.conflicts + self.reduce_interval;
            }
            let Some(lit) = self.pick() else {
                let values = (0..self.level.len())
                    .map(|v| self.values[Lit::new(v, false).index()] == Value::True)
                    .collect();
                return CnfOutcome::Satisfiable(values);
            };
            self.stats.decisions += 1;
            self.levels.push(self.trail.len());
            self.assign(lit, Reason::NONE);
        }
    }

    /// At the start of a stable turn, at level 0: a walk from the saved phases
    /// ([`walk`](super::walk)), with 30 % ([`WALK_PERCENT`]) of the propagation work since
    /// the last walk to spend, and its best assignment as the new saved phases. Returns a model
    /// when the walk found one, the time limit when it ran out, `None` otherwise (and when there
    /// is too little budget to walk at all: less than one look at each literal).
    fn rephase(&mut self, cnf: &Cnf, start: Instant) -> Option<Result<Vec<bool>, Limit>> {
        let budget = (self.ticks - self.walked_at) * WALK_PERCENT / 100;
        if budget < cnf.literal_count() as u64 {
            return None;
        }
        let deadline = self.budget.deadline(start);
        let walked = walk::walk(
            cnf,
            &self.values,
            &self.saved,
            &mut self.rng,
            budget,
            deadline,
        )?;
        self.walked_at = self.ticks;
        self.stats.walks += 1;
        self.stats.flips += walked.flips;
        if walked.unsatisfied == 0 {
            return Some(Ok(walked.best));
        }
        if walked.late {
            return Some(Err(self.budget.time_ran_out()));
        }
        self.saved = walked.best;
        None
    }

    /// The literals of the clause behind a reason: a stored clause's from the arena (the
    /// propagated literal among them), a binary clause's other literal alone.
    pub(super) fn reason_lits(&self, why: Why) -> OtherLits {
        match why {
            Why::Clause(c) => OtherLits::Stored(self.arena.span(c)),
            Why::Binary(other) => OtherLits::Pair([Some(other), None], 0),
            Why::Decision => OtherLits::Pair([None, None], 0),
        }
    }

    /// The literals of a conflict's clause.
    pub(super) fn conflict_lits(&self, conflict: Conflict) -> OtherLits {
        match conflict {
            Conflict::Clause(c) => self.reason_lits(Why::Clause(c)),
            Conflict::Binary(a, b) => OtherLits::Pair([Some(a), Some(b)], 0),
        }
    }
}

/// A clause found false by propagation.
#[derive(Debug, Clone, Copy)]
pub(super) enum Conflict {
    /// A stored clause.
    Clause(u32),
    /// A binary clause, by its two literals.
    Binary(Lit, Lit),
}

/// The literals of a clause, as [`Solver::reason_lits`] gives them: positions in the arena, or
/// up to two literals of a clause that is not stored.
pub(super) enum OtherLits {
    Stored(std::ops::Range<usize>),
    Pair([Option<Lit>; 2], usize),
}

impl OtherLits {
    /// The next literal, read from `arena` for a stored clause.
    pub(super) fn next(&mut self, arena: &Arena) -> Option<Lit> {
        match self {
            OtherLits::Stored(range) => range.next().map(|k| arena.lit(k)),
            OtherLits::Pair(pair, at) => {
                let lit = pair.get(*at).copied().flatten();
                *at += 1;
                lit
            }
        }
    }
}
