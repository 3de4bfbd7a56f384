//! Simplifying the clauses before the search, as SatELite (Eén and Biere, 2005) and MiniSat's
//! `simp` do: three rules, applied in rounds (at most ten) until elimination finds nothing more,
//! the effort they share runs out, or the deadline passes.
//!
//! * **Units.** A clause of one literal makes it true: every clause it satisfies goes, and its
//!   complement leaves every clause that has it.
//! * **Subsumption and self-subsuming resolution.** A clause C that is a subset of another, D,
//!   makes D redundant: D goes. When C is a subset of D but for one literal that D has negated
//!   (C = A ∨ l, D = A ∨ B ∨ ¬l), resolving them gives D without ¬l, which subsumes D: D loses
//!   the literal ("strengthening"). Each clause is compared only with the clauses of its
//!   rarest variable, and a 64-bit signature of each clause's variables rules most pairs out
//!   with one AND.
//! * **Bounded variable elimination.** A variable v is removed by replacing its clauses with
//!   every resolvent on v of a clause with v and a clause with ¬v (the rule of Davis and
//!   Putnam's paper of 1960, which assignment 02 asks for; the lecture's procedure splits
//!   instead), but only where that does not make the formula bigger: at most as many resolvents that are not tautologies as clauses removed, none
//!   longer than [`RESOLVENT_LIMIT`]. The helper variables of an encoding (a sequential
//!   counter's, a commander's) are what this removes best.
//!
//! Elimination keeps satisfiability, not the models: a model of what is left says nothing of the
//! eliminated variables. Their clauses are kept on a stack, and [`Simplified::extend`] gives each
//! a value, in the reverse order of elimination: a variable is made to satisfy its clauses that
//! the others leave false (as it always can, or its resolvents would be false too).
//!
//! Every step is written into the DRAT proof: a strengthened clause and a resolvent are added
//! (each follows by unit propagation from the two clauses it came from) before the clauses they
//! replace are deleted, so the solver's proof that follows checks against what the search saw.

use super::options::ProofStep;
use super::types::Lit;
use crate::logic::Cnf;

/// The longest resolvent that elimination adds (MiniSat's `clause_lim`).
pub(super) const RESOLVENT_LIMIT: usize = 20;
/// A clause is compared for subsumption with at most this many clauses (the occurrences of its
/// rarest variable); past that it is left alone.
const SUBSUME_LIMIT: usize = 200;
/// A variable with more clauses than this (both signs together) is not eliminated.
const OCCURRENCE_LIMIT: usize = 400;
/// The effort, in literals and occurrence-list entries looked at (about 10 ns each), after which
/// simplifying stops where it is (checked between clauses and between variables; loading the
/// clauses and propagating units are not counted): [`EFFORT_PER_LITERAL`] for each literal of the input, [`EFFORT_FLOOR`] at least, and never
/// more than [`EFFORT_CEILING`] (about 3 s).
const EFFORT_PER_LITERAL: u64 = 40;
const EFFORT_FLOOR: u64 = 1_000_000;
const EFFORT_CEILING: u64 = 300_000_000;

/// What simplifying removed, for `--stats`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Removed {
    /// Variables eliminated.
    pub(super) variables: u64,
    /// Clauses removed because another clause subsumed them.
    pub(super) subsumed: u64,
    /// Literals removed from clauses by self-subsuming resolution and by units.
    pub(super) strengthened: u64,
    /// Resolvents added by elimination (those a unit found meanwhile satisfies are not).
    pub(super) resolvents: u64,
}

/// The clauses after simplifying, what their models need to become models of the input, and the
/// proof of the steps.
pub(super) struct Simplified {
    /// The simplified clauses, over the input's variables; empty of the eliminated ones.
    pub(super) cnf: Cnf,
    /// Whether simplifying alone found the clauses unsatisfiable (the proof then ends with the
    /// empty clause).
    pub(super) unsatisfiable: bool,
    /// For each eliminated variable, its clauses at the time, each with the variable's literal
    /// first; in the order of elimination.
    extension: Vec<Vec<Lit>>,
    /// The eliminated variables (from 0), in the order of elimination.
    pub(super) eliminated: Vec<usize>,
    /// The DRAT steps, when asked for.
    pub(super) proof: Vec<ProofStep>,
    /// What was removed.
    pub(super) removed: Removed,
    /// Whether the deadline passed before the clauses were simplified: nothing else here is
    /// then filled in, and the search must not start.
    pub(super) out_of_time: bool,
}

impl Simplified {
    /// Turns a model of the simplified clauses (`values[v]` for variable v + 1) into one of the
    /// input: each eliminated variable, latest first, is set to satisfy its clauses.
    pub(super) fn extend(&self, values: &mut [bool]) {
        let holds = |values: &[bool], l: Lit| values[l.var()] != l.negative();
        for clause in self.extension.iter().rev() {
            if !clause.iter().any(|&l| holds(values, l)) {
                let pivot = clause[0];
                values[pivot.var()] = !pivot.negative();
            }
        }
    }
}

/// One clause of the simplifier's store.
struct Clause {
    lits: Vec<Lit>,
    /// A bit for each variable (its number modulo 64).
    signature: u64,
    removed: bool,
}

fn signature(lits: &[Lit]) -> u64 {
    lits.iter().fold(0, |s, l| s | 1 << (l.var() % 64))
}

/// Whether C (`small`) subsumes D (`large`, marked with `stamp` in `marks`), strengthens it (the
/// literal of D to remove), or neither.
enum Subsumes {
    No,
    Yes,
    Strengthens(Lit),
}

struct Simplifier {
    clauses: Vec<Clause>,
    /// For each literal, the clauses that hold it; a removed clause stays in the lists until
    /// they are next read (`live`).
    occurs: Vec<Vec<u32>>,
    /// Each variable's value, once a unit fixed it.
    fixed: Vec<Option<bool>>,
    /// Units found and not yet propagated.
    units: Vec<Lit>,
    /// The units, in order, for the output.
    unit_clauses: Vec<Lit>,
    eliminated: Vec<bool>,
    /// The eliminated variables, in order.
    order: Vec<usize>,
    /// Clauses to compare with the others (new or changed), and whether each is queued.
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Variables whose clauses changed since they were last looked at for elimination.
    touched: Vec<bool>,
    /// Marks of one clause's literals, by `stamp`.
    marks: Vec<u32>,
    stamp: u32,
    record: bool,
    proof: Vec<ProofStep>,
    extension: Vec<Vec<Lit>>,
    removed: Removed,
    /// Literals looked at: the effort spent, and the most it may be.
    ticks: u64,
    effort: u64,
    unsatisfiable: bool,
}

/// Simplifies `cnf` (with its DRAT steps when `record`), stopping early when `expired` says so.
pub(super) fn simplify(cnf: &Cnf, record: bool, expired: &dyn Fn() -> bool) -> Simplified {
    let variables = cnf.variables();
    let mut s = Simplifier {
        clauses: Vec::with_capacity(cnf.len()),
        occurs: vec![Vec::new(); 2 * variables],
        fixed: vec![None; variables],
        units: Vec::new(),
        unit_clauses: Vec::new(),
        eliminated: vec![false; variables],
        order: Vec::new(),
        queue: Vec::new(),
        queued: Vec::new(),
        touched: vec![true; variables],
        marks: vec![0; 2 * variables],
        stamp: 0,
        record,
        proof: Vec::new(),
        extension: Vec::new(),
        removed: Removed::default(),
        ticks: 0,
        effort: (EFFORT_PER_LITERAL * cnf.literal_count() as u64)
            .clamp(EFFORT_FLOOR, EFFORT_CEILING),
        unsatisfiable: false,
    };
    if !s.load(cnf, expired) {
        return s.out_of_time();
    }
    let mut rounds = 0;
    while !s.unsatisfiable && s.ticks < s.effort && !expired() {
        s.propagate();
        s.subsume(expired);
        if s.unsatisfiable || !s.eliminate(expired) {
            break;
        }
        rounds += 1;
        if rounds >= 10 {
            break;
        }
    }
    if !s.unsatisfiable && expired() {
        return s.out_of_time();
    }
    s.finish(variables)
}

/// How many input clauses `load` reads between two looks at the clock.
const CLAUSES_BETWEEN_CLOCKS: usize = 1 << 12;

impl Simplifier {
    fn prove(&mut self, step: impl FnOnce() -> ProofStep) {
        if self.record {
            self.proof.push(step());
        }
    }

    fn dimacs(lits: &[Lit]) -> Vec<i32> {
        lits.iter().map(|l| l.to_dimacs()).collect()
    }

    /// The input's clauses: duplicate literals merged (the merged clause added, the input's
    /// deleted), tautologies deleted, units fixed. False when `expired` said so first.
    fn load(&mut self, cnf: &Cnf, expired: &dyn Fn() -> bool) -> bool {
        for (i, clause) in cnf.iter().enumerate() {
            if i.is_multiple_of(CLAUSES_BETWEEN_CLOCKS) && expired() {
                return false;
            }
            let mut lits: Vec<Lit> = clause.iter().map(|&n| Lit::from_dimacs(n)).collect();
            lits.sort_unstable();
            lits.dedup();
            if lits.windows(2).any(|w| w[0] == !w[1]) {
                self.prove(|| ProofStep::Delete(clause.to_vec()));
                continue;
            }
            if lits.len() < clause.len() {
                let merged = Self::dimacs(&lits);
                self.prove(|| ProofStep::Add(merged));
                self.prove(|| ProofStep::Delete(clause.to_vec()));
            }
            self.insert(lits);
            if self.unsatisfiable {
                return true;
            }
        }
        true
    }

    /// The answer when the deadline passed first. The store (millions of small clauses after a
    /// large input) is freed on a thread of its own where one can be had: freeing it takes a
    /// good part of a second that the caller, already out of time, need not wait.
    fn out_of_time(self) -> Simplified {
        let removed = self.removed;
        // Where no thread can be had, `spawn` frees the closure, and the store with it, itself.
        let _ = std::thread::Builder::new().spawn(move || drop(self));
        Simplified {
            cnf: Cnf::new(),
            unsatisfiable: false,
            extension: Vec::new(),
            eliminated: Vec::new(),
            proof: Vec::new(),
            removed,
            out_of_time: true,
        }
    }

    /// Stores a clause (sorted, no duplicates, no tautology, none of its variables fixed or
    /// eliminated), or fixes its literal if it has one, or finds the clauses unsatisfiable if it
    /// has none.
    fn insert(&mut self, lits: Vec<Lit>) {
        match lits.len() {
            0 => self.unsatisfiable = true,
            1 => self.fix(lits[0]),
            _ => {
                let id = u32::try_from(self.clauses.len()).unwrap_or(u32::MAX);
                for &l in &lits {
                    self.occurs[l.index()].push(id);
                    self.touched[l.var()] = true;
                }
                self.clauses.push(Clause {
                    signature: signature(&lits),
                    lits,
                    removed: false,
                });
                self.queued.push(true);
                self.queue.push(id);
            }
        }
    }

    fn fix(&mut self, lit: Lit) {
        match self.fixed[lit.var()] {
            Some(value) if value == lit.negative() => self.unsatisfiable = true,
            Some(_) => {}
            None => {
                self.fixed[lit.var()] = Some(!lit.negative());
                self.units.push(lit);
                self.unit_clauses.push(lit);
            }
        }
    }

    /// The clauses of `lit` still in the store (the list cleaned of removed ones).
    fn live(&mut self, lit: Lit) -> &[u32] {
        let clauses = &self.clauses;
        let occurrences = &mut self.occurs[lit.index()];
        occurrences.retain(|&c| !clauses[c as usize].removed);
        self.ticks += occurrences.len() as u64;
        occurrences
    }

    /// Removes clause `c`; `delete` writes its deletion into the proof.
    fn remove(&mut self, c: u32, delete: bool) {
        let clause = &mut self.clauses[c as usize];
        clause.removed = true;
        for l in &clause.lits {
            self.touched[l.var()] = true;
        }
        if delete && self.record {
            let lits = Self::dimacs(&self.clauses[c as usize].lits);
            self.proof.push(ProofStep::Delete(lits));
        }
    }

    /// Removes `lit` from clause `c` (which the proof allows: the shorter clause follows by unit
    /// propagation, from a unit or from the clause that strengthens it).
    fn strengthen(&mut self, c: u32, lit: Lit) {
        let old = self.clauses[c as usize].lits.clone();
        let lits: Vec<Lit> = old.iter().copied().filter(|&l| l != lit).collect();
        self.removed.strengthened += 1;
        self.occurs[lit.index()].retain(|&d| d != c);
        self.touched[lit.var()] = true;
        if self.record {
            self.proof.push(ProofStep::Add(Self::dimacs(&lits)));
            self.proof.push(ProofStep::Delete(Self::dimacs(&old)));
        }
        if lits.len() <= 1 {
            // A unit (kept as one in the proof) or the empty clause.
            self.clauses[c as usize].removed = true;
            self.insert(lits);
            return;
        }
        let clause = &mut self.clauses[c as usize];
        clause.signature = signature(&lits);
        clause.lits = lits;
        if !self.queued[c as usize] {
            self.queued[c as usize] = true;
            self.queue.push(c);
        }
    }

    /// Propagates the units found: satisfied clauses deleted, false literals removed.
    fn propagate(&mut self) {
        while let Some(lit) = self.units.pop() {
            if self.unsatisfiable {
                return;
            }
            let satisfied = self.live(lit).to_vec();
            for c in satisfied {
                self.remove(c, true);
            }
            let falsified = self.live(!lit).to_vec();
            for c in falsified {
                if !self.clauses[c as usize].removed {
                    self.strengthen(c, !lit);
                }
            }
        }
    }

    /// Compares each queued clause with the others of its rarest variable: those it subsumes go,
    /// those it strengthens lose a literal (and are queued in turn).
    fn subsume(&mut self, expired: &dyn Fn() -> bool) {
        while let Some(c) = self.queue.pop() {
            self.queued[c as usize] = false;
            if self.unsatisfiable
                || self.ticks > self.effort
                || (self.queue.len().is_multiple_of(256) && expired())
            {
                self.queue.clear();
                self.queued.iter_mut().for_each(|q| *q = false);
                return;
            }
            if self.clauses[c as usize].removed {
                continue;
            }
            // The variable of fewest occurrences, by the lists' lengths (removed clauses
            // included: counting only the live ones would cost a pass over every list).
            let rarest = {
                let lits = &self.clauses[c as usize].lits;
                let mut best = (usize::MAX, lits[0]);
                for &l in lits {
                    let count = self.occurs[l.index()].len() + self.occurs[(!l).index()].len();
                    if count < best.0 {
                        best = (count, l);
                    }
                }
                self.ticks += lits.len() as u64;
                best
            };
            if rarest.0 > SUBSUME_LIMIT {
                continue;
            }
            let mut others = self.live(rarest.1).to_vec();
            others.extend_from_slice(self.live(!rarest.1));
            for d in others {
                if d == c || self.clauses[d as usize].removed {
                    continue;
                }
                if self.clauses[c as usize].removed {
                    break;
                }
                match self.compare(c, d) {
                    Subsumes::No => {}
                    Subsumes::Yes => {
                        self.removed.subsumed += 1;
                        self.remove(d, true);
                    }
                    Subsumes::Strengthens(lit) => {
                        self.strengthen(d, lit);
                        self.propagate();
                        if self.unsatisfiable {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Whether clause `c` subsumes clause `d`, or strengthens it.
    fn compare(&mut self, c: u32, d: u32) -> Subsumes {
        let (small, large) = (&self.clauses[c as usize], &self.clauses[d as usize]);
        if small.lits.len() > large.lits.len() || small.signature & !large.signature != 0 {
            return Subsumes::No;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        self.ticks += (small.lits.len() + large.lits.len()) as u64;
        for l in &large.lits {
            self.marks[l.index()] = self.stamp;
        }
        let mut flipped = None;
        for &l in &small.lits {
            if self.marks[l.index()] == self.stamp {
                continue;
            }
            if flipped.is_none() && self.marks[(!l).index()] == self.stamp {
                flipped = Some(!l);
                continue;
            }
            return Subsumes::No;
        }
        flipped.map_or(Subsumes::Yes, Subsumes::Strengthens)
    }

    /// One round of elimination over the variables touched since the last, fewest clauses
    /// first. Whether any was eliminated.
    fn eliminate(&mut self, expired: &dyn Fn() -> bool) -> bool {
        let mut candidates: Vec<(usize, usize)> = Vec::new();
        for v in 0..self.fixed.len() {
            if !std::mem::take(&mut self.touched[v])
                || self.eliminated[v]
                || self.fixed[v].is_some()
            {
                continue;
            }
            let lit = Lit::new(v, false);
            let (pos, neg) = (self.live(lit).len(), self.live(!lit).len());
            if pos + neg == 0 || pos + neg > OCCURRENCE_LIMIT {
                continue;
            }
            candidates.push((pos * neg, v));
        }
        candidates.sort_unstable();
        let mut any = false;
        for (_, v) in candidates {
            if self.unsatisfiable || self.ticks > self.effort || expired() {
                break;
            }
            if self.fixed[v].is_none() && self.try_eliminate(v) {
                any = true;
                self.propagate();
                self.subsume(expired);
            }
        }
        any
    }

    /// Eliminates variable `v` if its resolvents are no more than its clauses and none is too
    /// long. Whether it did.
    fn try_eliminate(&mut self, v: usize) -> bool {
        let lit = Lit::new(v, false);
        let pos = self.live(lit).to_vec();
        let neg = self.live(!lit).to_vec();
        if pos.is_empty() && neg.is_empty() {
            return false;
        }
        let mut resolvents: Vec<Vec<Lit>> = Vec::new();
        for &p in &pos {
            for &n in &neg {
                let (a, b) = (
                    &self.clauses[p as usize].lits,
                    &self.clauses[n as usize].lits,
                );
                self.ticks += (a.len() + b.len()) as u64;
                let Some(resolvent) = resolve(a, b, v) else {
                    continue;
                };
                if resolvent.len() > RESOLVENT_LIMIT || resolvents.len() == pos.len() + neg.len() {
                    return false;
                }
                resolvents.push(resolvent);
            }
        }
        if self.record {
            for r in &resolvents {
                self.proof.push(ProofStep::Add(Self::dimacs(r)));
            }
        }
        for (clauses, pivot) in [(&pos, lit), (&neg, !lit)] {
            for &c in clauses {
                let mut kept = vec![pivot];
                kept.extend(
                    self.clauses[c as usize]
                        .lits
                        .iter()
                        .filter(|&&l| l != pivot),
                );
                self.extension.push(kept);
                self.remove(c, true);
            }
        }
        self.eliminated[v] = true;
        self.order.push(v);
        self.removed.variables += 1;
        for r in resolvents {
            // A variable fixed by an earlier resolvent leaves a later one satisfied or shorter.
            let mut lits = Vec::with_capacity(r.len());
            let mut satisfied = false;
            for &l in &r {
                match self.fixed[l.var()] {
                    Some(value) if value != l.negative() => satisfied = true,
                    Some(_) => {}
                    None => lits.push(l),
                }
            }
            if satisfied {
                self.prove(|| ProofStep::Delete(Self::dimacs(&r)));
                continue;
            }
            if lits.len() < r.len() {
                let shorter = Self::dimacs(&lits);
                self.prove(|| ProofStep::Add(shorter));
                self.prove(|| ProofStep::Delete(Self::dimacs(&r)));
                self.removed.strengthened += (r.len() - lits.len()) as u64;
            }
            self.removed.resolvents += 1;
            self.insert(lits);
            if self.unsatisfiable {
                return true;
            }
        }
        true
    }

    /// The clauses left: the units first, then the store's in order.
    fn finish(mut self, variables: usize) -> Simplified {
        let mut cnf = Cnf::new();
        while cnf.variables() < variables {
            cnf.fresh();
        }
        if self.unsatisfiable {
            // The empty clause, unless the last step (a clause strengthened to nothing) added it.
            if self.proof.last() != Some(&ProofStep::Add(Vec::new())) {
                self.prove(|| ProofStep::Add(Vec::new()));
            }
            cnf.add(&[]);
        } else {
            for &l in &self.unit_clauses {
                cnf.add(&[l.to_dimacs()]);
            }
            for clause in self.clauses.iter().filter(|c| !c.removed) {
                cnf.add(&Self::dimacs(&clause.lits));
            }
        }
        Simplified {
            cnf,
            unsatisfiable: self.unsatisfiable,
            extension: self.extension,
            eliminated: self.order,
            proof: self.proof,
            removed: self.removed,
            out_of_time: false,
        }
    }
}

/// The resolvent of two sorted clauses on variable `pivot` (sorted), or `None` when it is a
/// tautology.
fn resolve(first: &[Lit], second: &[Lit], pivot: usize) -> Option<Vec<Lit>> {
    let mut out: Vec<Lit> = Vec::with_capacity(first.len() + second.len() - 2);
    let mut merged = first.iter().peekable();
    let mut others = second.iter().peekable();
    loop {
        let next = match (merged.peek(), others.peek()) {
            (Some(&&left), Some(&&right)) => {
                if left <= right {
                    merged.next();
                    if left == right {
                        others.next();
                    }
                    left
                } else {
                    others.next();
                    right
                }
            }
            (Some(&&left), None) => {
                merged.next();
                left
            }
            (None, Some(&&right)) => {
                others.next();
                right
            }
            (None, None) => return Some(out),
        };
        if next.var() == pivot {
            continue;
        }
        // A literal and its complement are neighbours in the sorted order.
        if out.last().is_some_and(|&last| last == !next) {
            return None;
        }
        out.push(next);
    }
}
