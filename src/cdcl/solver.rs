//! The search: the solver's state, loading the clauses, unit propagation with two watched
//! literals, backjumping, the budget, and the loop that ties them together (propagate; on a
//! conflict learn and jump back; otherwise restart, delete, or decide).

use std::time::Instant;

use super::heap::Heap;
use super::long::LongClauses;
use super::options::{CdclOptions, CdclStats, Decide, ProofStep};
use super::types::{Header, Lit, Reason, Value, Watch, Why};
use crate::logic::Cnf;
use crate::rng::Rng;
use crate::sat::{Budget, Limit};

pub(super) enum Answer {
    Sat(Vec<bool>),
    Unsat,
    GaveUp(Limit),
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, … (`i` from 0).
fn luby(i: u64) -> u64 {
    let mut size = 1;
    let mut seq = 0;
    while size < i + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    let mut i = i;
    while size - 1 != i {
        size = (size - 1) >> 1;
        seq -= 1;
        i %= size;
    }
    1 << seq
}

/// Conflicts per unit of the Luby sequence.
const RESTART_UNIT: u64 = 100;
/// The most variables one minimisation walk visits before it keeps the literal.
pub(super) const MINIMISE_WALK: usize = 100;
/// How fast activities decay: after each conflict the bump grows by 1/0.95.
const VAR_DECAY: f64 = 0.95;

/// A CDCL search in progress. Variables are numbered from 0; a literal's index is `2v` or
/// `2v + 1` ([`Lit`]). Every field but the options changes as the search goes.
pub(super) struct Solver {
    /// When to give up: `max_splits` counts decisions.
    pub(super) budget: Budget,
    /// How decisions are chosen.
    pub(super) decide: Decide,
    /// Every clause, input and learnt, by its number: where its literals are in `arena`, and
    /// whether it is learnt or deleted.
    pub(super) headers: Vec<Header>,
    /// Every clause's literals, one after another; the first two of a clause are watched.
    pub(super) arena: Vec<Lit>,
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
    /// Learnt clauses present (not deleted).
    pub(super) learnts: usize,
    /// How many learnt clauses trigger a deletion round; grows by a tenth after each.
    pub(super) max_learnts: usize,
    /// Whether to record the DRAT proof.
    pub(super) record: bool,
    /// The DRAT proof so far, when `record`.
    pub(super) proof: Vec<ProofStep>,
    /// Counts of the work done.
    pub(super) stats: CdclStats,
    /// For [`Decide::ShortestClause`]: the input's clauses of three literals or more, and for
    /// each its unassigned and its true literals, kept up to date as literals are assigned.
    pub(super) long: LongClauses,
    /// The random choices of [`Decide::ShortestClause`], seeded: the same clauses give the
    /// same search.
    pub(super) rng: Rng,
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
            headers: Vec::new(),
            arena: Vec::new(),
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
            learnts: 0,
            max_learnts: 0,
            record: options.proof,
            proof: Vec::new(),
            stats: CdclStats::default(),
            long: LongClauses::default(),
            rng: Rng::new(1),
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
        if !self.long.starts.is_empty() {
            self.long.assigned(lit);
        }
    }

    pub(super) fn prove(&mut self, step: impl FnOnce() -> ProofStep) {
        if self.record {
            self.proof.push(step());
        }
    }

    /// A stored clause's literals.
    pub(super) fn lits(&self, clause: u32) -> &[Lit] {
        let h = self.headers[clause as usize];
        &self.arena[h.start as usize..(h.start + h.len) as usize]
    }

    /// Loads the clauses: tautologies dropped, duplicate literals merged, units assigned.
    /// Returns `false` when the clauses are already contradictory.
    /// Loads the clauses: `Some(false)` when they are found unsatisfiable on the way, `None`
    /// when the time limit (counted from `start`) runs out first.
    pub(super) fn load(&mut self, cnf: &Cnf, start: Instant) -> Option<bool> {
        let time_limit = self.budget.time_limit;
        let late = |i: usize| {
            i.is_multiple_of(1 << 16) && time_limit.is_some_and(|limit| start.elapsed() >= limit)
        };
        // Each watch list made as long as it may need to be, once (as many entries as the
        // literal has clauses, at most).
        let mut counts = vec![0usize; self.values.len()];
        for clause in cnf.iter().filter(|c| c.len() >= 2) {
            for &n in clause {
                counts[Lit::from_dimacs(n).index()] += 1;
            }
        }
        self.watches = counts.into_iter().map(Vec::with_capacity).collect();
        self.arena.reserve(cnf.literal_count());
        self.headers.reserve(cnf.len());
        let mut lits = Vec::new();
        // Clauses of two literals or more, stored or not: what the first deletion round is
        // measured against.
        let mut attached = 0;
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
                    attached += 1;
                }
            }
        }
        self.max_learnts = (attached / 3).max(1000);
        if self.decide == Decide::ShortestClause {
            self.track_long_clauses();
        }
        Some(true)
    }

    /// Watches a clause's first two literals, and stores it unless it is binary: a binary
    /// clause lives in its two watch lists only. Returns the reason the clause gives its first
    /// literal when it propagates it.
    pub(super) fn attach(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> Reason {
        let index = u32::try_from(self.headers.len()).unwrap_or(u32::MAX);
        let binary = lits.len() == 2;
        self.watches[lits[0].index()].push(Watch {
            clause: index,
            blocker: lits[1],
            binary,
        });
        self.watches[lits[1].index()].push(Watch {
            clause: index,
            blocker: lits[0],
            binary,
        });
        if binary {
            return Reason::binary(lits[1]);
        }
        self.headers.push(Header {
            start: u32::try_from(self.arena.len()).unwrap_or(u32::MAX),
            len: u32::try_from(lits.len()).unwrap_or(u32::MAX),
            learnt,
            deleted: false,
            lbd,
        });
        self.arena.extend_from_slice(lits);
        Reason::clause(index)
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
                if watch.binary {
                    // The other literal is the whole rest of the clause.
                    watchers[kept] = watch;
                    kept += 1;
                    if blocker == Value::False {
                        conflict = Some(Conflict::Binary(false_lit, watch.blocker));
                        break;
                    }
                    self.assign(watch.blocker, Reason::binary(false_lit));
                    self.stats.propagations += 1;
                    continue;
                }
                let h = self.headers[watch.clause as usize];
                if h.deleted {
                    continue;
                }
                // Put the false literal second.
                let lits = &mut self.arena[h.start as usize..(h.start + h.len) as usize];
                if lits[0] == false_lit {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                if first != watch.blocker && self.values[first.index()] == Value::True {
                    watchers[kept] = Watch {
                        blocker: first,
                        ..watch
                    };
                    kept += 1;
                    continue;
                }
                // Another literal that is not false takes over the watch.
                let values = &self.values;
                if let Some(k) = (2..lits.len()).find(|&k| values[lits[k].index()] != Value::False)
                {
                    lits.swap(1, k);
                    let new = lits[1];
                    self.watches[new.index()].push(Watch {
                        blocker: first,
                        ..watch
                    });
                    continue;
                }
                // None: the clause is unit (or false) under the assignment.
                watchers[kept] = watch;
                kept += 1;
                if self.values[first.index()] == Value::False {
                    conflict = Some(Conflict::Clause(watch.clause));
                    break;
                }
                self.assign(first, Reason::clause(watch.clause));
                self.stats.propagations += 1;
            }
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
            if !self.long.starts.is_empty() {
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
        match self.budget.time_limit {
            // The clock is read every 64 decisions and conflicts.
            Some(limit)
                if (self.stats.decisions + self.stats.conflicts).is_multiple_of(64)
                    && start.elapsed() >= limit =>
            {
                Some(Limit::Time(limit))
            }
            _ => None,
        }
    }

    pub(super) fn run(&mut self, cnf: &Cnf, start: Instant) -> Answer {
        let Some(loaded) = self.load(cnf, start) else {
            return Answer::GaveUp(Limit::Time(self.budget.time_limit.unwrap_or_default()));
        };
        if !loaded || self.propagate().is_some() {
            self.prove(|| ProofStep::Add(Vec::new()));
            return Answer::Unsat;
        }
        let mut restart = 0;
        let mut until_restart = luby(restart) * RESTART_UNIT;
        loop {
            if let Some(conflict) = self.propagate() {
                self.stats.conflicts += 1;
                if self.decision_level() == 0 {
                    self.prove(|| ProofStep::Add(Vec::new()));
                    return Answer::Unsat;
                }
                let (learnt, back) = self.analyze(conflict);
                self.backjump(back);
                if self.record {
                    self.proof.push(ProofStep::Add(
                        learnt.iter().map(|l| l.to_dimacs()).collect(),
                    ));
                }
                if learnt.len() == 1 {
                    self.assign(learnt[0], Reason::NONE);
                } else {
                    let lbd = self.lbd(&learnt);
                    let reason = self.attach(&learnt, true, lbd);
                    // Binary learnt clauses are kept for good; the others count towards the
                    // next deletion round.
                    if learnt.len() > 2 {
                        self.learnts += 1;
                    }
                    self.assign(learnt[0], reason);
                }
                self.bump /= VAR_DECAY;
                until_restart = until_restart.saturating_sub(1);
                continue;
            }
            if let Some(limit) = self.exhausted(start) {
                return Answer::GaveUp(limit);
            }
            if until_restart == 0 {
                self.backjump(0);
                self.stats.restarts += 1;
                restart += 1;
                until_restart = luby(restart) * RESTART_UNIT;
            }
            if self.learnts >= self.max_learnts {
                self.reduce();
            }
            let Some(lit) = self.pick() else {
                let values = (0..self.level.len())
                    .map(|v| self.values[2 * v] == Value::True)
                    .collect();
                return Answer::Sat(values);
            };
            self.stats.decisions += 1;
            self.levels.push(self.trail.len());
            self.assign(lit, Reason::NONE);
        }
    }

    /// The literals of the clause behind a reason: a stored clause's from the arena (the
    /// propagated literal among them), a binary clause's other literal alone.
    pub(super) fn reason_lits(&self, why: Why) -> OtherLits {
        match why {
            Why::Clause(c) => {
                let h = self.headers[c as usize];
                OtherLits::Stored(h.start as usize..(h.start + h.len) as usize)
            }
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
    pub(super) fn next(&mut self, arena: &[Lit]) -> Option<Lit> {
        match self {
            OtherLits::Stored(range) => range.next().map(|k| arena[k]),
            OtherLits::Pair(pair, at) => {
                let lit = pair.get(*at).copied().flatten();
                *at += 1;
                lit
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_luby_sequence_starts_as_published() {
        let first: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
