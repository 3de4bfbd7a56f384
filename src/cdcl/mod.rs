//! A conflict-driven clause-learning (CDCL) SAT solver, written to be read beside the lecture's
//! Davis–Putnam.
//!
//! Davis–Putnam splits, propagates, and on a conflict undoes its last split. CDCL does the same
//! first two, but on a conflict it asks *why*: following the reasons of the propagated literals
//! back from the conflict, it finds a clause that the formula implies and that the current
//! assignment falsifies, learns it, and jumps back to where that clause propagates. The parts,
//! each a section of this file:
//!
//! * **two watched literals**: each clause watches two of its literals that are not false, and
//!   is looked at only when one of them becomes false; undoing an assignment costs nothing;
//! * **1UIP learning** with **clause minimisation**: the learnt clause has exactly one literal of
//!   the conflict's level (the first unique implication point), and literals implied by the
//!   others are removed (recursively, as in MiniSat);
//! * **VSIDS**: variables in recent conflicts get their activity bumped, all activities decay,
//!   and the next decision is the most active unassigned variable (a binary heap);
//! * **phase saving**: a variable is decided the way it was last assigned;
//! * **restarts** on the Luby sequence (100 conflicts per unit);
//! * **learnt-clause deletion**: when there are too many, the half with the largest LBD (literal
//!   block distance: how many decision levels a clause spans) goes, keeping reasons and clauses
//!   of LBD 2 or less.
//!
//! Every answer can be checked: a model against the clauses, and an unsatisfiability proof in
//! DRAT, which [`drat::check`] verifies independently.

mod cnf;
pub mod drat;

pub use cnf::Cnf;

use std::time::{Duration, Instant};

use crate::dp::{Budget, Limit, Outcome};
use crate::logic::{Clauses, Literal, Model, Variable, dimacs};
use crate::rng::Rng;

/// A literal: variable `v` (from 0) is `2v` when positive and `2v + 1` when negative.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Lit(u32);

impl Lit {
    fn from_dimacs(n: i32) -> Lit {
        Lit((n.unsigned_abs() - 1) * 2 + u32::from(n < 0))
    }
    fn to_dimacs(self) -> i32 {
        let v = i32::try_from(self.var() + 1).unwrap_or(i32::MAX);
        if self.negative() { -v } else { v }
    }
    fn var(self) -> usize {
        (self.0 >> 1) as usize
    }
    fn negative(self) -> bool {
        self.0 & 1 == 1
    }
    fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// A literal's value (kept per literal, so that reading one is a single look-up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    True,
    False,
    Unassigned,
}

/// A clause in the store: where its literals are in the arena (the first two are watched),
/// whether it was learnt, its LBD, and whether it was deleted.
#[derive(Debug, Clone, Copy)]
struct Header {
    start: u32,
    len: u32,
    learnt: bool,
    deleted: bool,
    lbd: u32,
}

/// An entry of a watch list: the clause, and one of its other literals ("blocker"): when the
/// blocker is true, the clause is satisfied and need not be looked at. A binary clause has
/// nothing else: its blocker is the other literal, and the clause itself is never read.
#[derive(Debug, Clone, Copy)]
struct Watch {
    clause: u32,
    blocker: Lit,
    binary: bool,
}

/// One line of a DRAT proof, in DIMACS numbering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProofStep {
    /// A clause added: it must follow from the clauses so far by unit propagation (RUP).
    Add(Vec<i32>),
    /// A clause deleted.
    Delete(Vec<i32>),
}

/// How CDCL picks its next decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Decide {
    /// VSIDS: the most active unassigned variable (activity grows with each conflict the
    /// variable takes part in, and fades), in the phase it last had. What MiniSat does.
    #[default]
    Vsids,
    /// The shortest clause of the input (of those with three literals or more) that is not yet
    /// satisfied, and one of its unassigned literals made true; VSIDS once every such clause is
    /// satisfied. In the queens clauses these are the "at least one queen per column" clauses,
    /// so this is the CSP lecture's *most constrained variable first*, with unit propagation
    /// doing the forward checking.
    ShortestClause,
}

impl std::fmt::Display for Decide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Decide::Vsids => "VSIDS",
            Decide::ShortestClause => "shortest clause first",
        })
    }
}

/// What to run [`solve`] with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CdclOptions {
    /// When to give up: `max_splits` counts decisions.
    pub budget: Budget,
    /// Whether to record a DRAT proof (see [`CdclReport::proof`]).
    pub proof: bool,
    /// How to pick decisions.
    pub decide: Decide,
}

/// Counts of the work a search did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CdclStats {
    /// Decisions: literals chosen, not forced.
    pub decisions: u64,
    /// Literals set by unit propagation.
    pub propagations: u64,
    /// Conflicts, each one learnt clause.
    pub conflicts: u64,
    /// Restarts.
    pub restarts: u64,
    /// Learnt clauses deleted.
    pub deleted: u64,
    /// Literals removed from learnt clauses by minimisation.
    pub minimised: u64,
}

impl std::fmt::Display for CdclStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} decisions, {} propagations, {} conflicts, {} restarts, {} learnt clauses deleted, \
             {} literals minimised away",
            self.decisions,
            self.propagations,
            self.conflicts,
            self.restarts,
            self.deleted,
            self.minimised
        )
    }
}

/// What [`solve`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CdclReport {
    /// The answer: a model, unsatisfiable, or gave up.
    pub outcome: Outcome,
    /// The work done.
    pub stats: CdclStats,
    /// With [`CdclOptions::proof`], the DRAT proof: every learnt clause added, every deleted one
    /// removed, ending with the empty clause when the answer is unsatisfiable.
    pub proof: Vec<ProofStep>,
    /// Wall time.
    pub elapsed: Duration,
}

/// Solves a set of clauses with CDCL. The variables are numbered in order, as
/// [`dimacs::numbering`] does, so the proof's numbers are those of [`dimacs::write`].
///
/// ```
/// use nqueens::cdcl::{self, CdclOptions};
/// use nqueens::dp::Outcome;
/// use nqueens::logic::Clauses;
/// let set: Clauses = "{p, q}, {¬p, q}, {p, ¬q}, {¬p, ¬q}".parse()?;
/// let report = cdcl::solve(&set, &CdclOptions { proof: true, ..CdclOptions::default() });
/// assert_eq!(report.outcome, Outcome::Unsatisfiable);
/// assert!(cdcl::drat::check(2, &cdcl::numbered(&set), &report.proof).is_ok());
/// # Ok::<(), nqueens::logic::ParseError>(())
/// ```
pub fn solve(clauses: &Clauses, options: &CdclOptions) -> CdclReport {
    let start = Instant::now();
    let variables = dimacs::numbering(clauses);
    let report = solve_cnf(&Cnf::from_lists(&numbered(clauses)), options);
    let outcome = match report.outcome {
        CnfOutcome::Satisfiable(values) => {
            let model: Model = variables
                .iter()
                .zip(values)
                .map(|(&v, value)| {
                    if value {
                        Literal::positive(v)
                    } else {
                        Literal::negative(v)
                    }
                })
                .collect();
            // Callers check the model independently (the command line before it prints it).
            debug_assert!(clauses.first_falsified(&model).is_none());
            Outcome::Satisfiable(model)
        }
        CnfOutcome::Unsatisfiable => Outcome::Unsatisfiable,
        CnfOutcome::GaveUp(limit) => Outcome::GaveUp(limit),
    };
    CdclReport {
        outcome,
        stats: report.stats,
        proof: report.proof,
        elapsed: start.elapsed(),
    }
}

/// What [`solve_cnf`] found: an assignment of every variable, unsatisfiable, or gave up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CnfOutcome {
    /// A model: `values[v − 1]` is variable `v`'s value.
    Satisfiable(Vec<bool>),
    /// No assignment satisfies the clauses.
    Unsatisfiable,
    /// The budget ran out first.
    GaveUp(Limit),
}

/// What [`solve_cnf`] found, with the work it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CnfReport {
    /// The answer.
    pub outcome: CnfOutcome,
    /// The work done.
    pub stats: CdclStats,
    /// With [`CdclOptions::proof`], the DRAT proof, in the clauses' own numbers.
    pub proof: Vec<ProofStep>,
    /// Wall time.
    pub elapsed: Duration,
}

/// Solves clauses in DIMACS numbers with CDCL: the form for millions of clauses.
///
/// ```
/// use nqueens::cdcl::{self, CdclOptions, Cnf, CnfOutcome};
/// let mut cnf = Cnf::new();
/// cnf.add(&[1, 2]);
/// cnf.add(&[-1]);
/// let report = cdcl::solve_cnf(&cnf, &CdclOptions::default());
/// assert_eq!(report.outcome, CnfOutcome::Satisfiable(vec![false, true]));
/// ```
pub fn solve_cnf(cnf: &Cnf, options: &CdclOptions) -> CnfReport {
    let start = Instant::now();
    let mut solver = Solver::new(cnf.variables(), options);
    let outcome = match solver.run(cnf, start) {
        Answer::Sat(values) => CnfOutcome::Satisfiable(values),
        Answer::Unsat => CnfOutcome::Unsatisfiable,
        Answer::GaveUp(limit) => CnfOutcome::GaveUp(limit),
    };
    CnfReport {
        outcome,
        stats: solver.stats,
        proof: solver.proof,
        elapsed: start.elapsed(),
    }
}

/// The clauses in DIMACS numbers (variables in order, from 1), as [`solve`] and its proofs see
/// them.
pub fn numbered(clauses: &Clauses) -> Vec<Vec<i32>> {
    let variables: Vec<Variable> = dimacs::numbering(clauses);
    let number = |v: Variable| {
        let i = variables.binary_search(&v).unwrap_or(0);
        i32::try_from(i + 1).unwrap_or(i32::MAX)
    };
    clauses
        .iter()
        .map(|clause| {
            clause
                .literals()
                .iter()
                .map(|l| {
                    let n = number(l.variable());
                    if l.is_negative() { -n } else { n }
                })
                .collect()
        })
        .collect()
}

enum Answer {
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
const MINIMISE_WALK: usize = 100;
/// How fast activities decay: after each conflict the bump grows by 1/0.95.
const VAR_DECAY: f64 = 0.95;

struct Solver {
    budget: Budget,
    decide: Decide,
    headers: Vec<Header>,
    /// Every clause's literals, one after another.
    arena: Vec<Lit>,
    watches: Vec<Vec<Watch>>,
    /// Each literal's value (a variable's two literals always opposite or both unassigned).
    values: Vec<Value>,
    level: Vec<u32>,
    reason: Vec<Option<u32>>,
    trail: Vec<Lit>,
    /// Where each decision level starts on the trail.
    levels: Vec<usize>,
    head: usize,
    activity: Vec<f64>,
    bump: f64,
    order: Heap,
    saved: Vec<bool>,
    seen: Vec<bool>,
    /// Variables found not to be implied during one minimisation.
    poison: Vec<bool>,
    learnts: usize,
    max_learnts: usize,
    record: bool,
    proof: Vec<ProofStep>,
    stats: CdclStats,
    /// For [`Decide::ShortestClause`]: the input's clauses of three literals or more, and for
    /// each its unassigned and its true literals, kept up to date as literals are assigned.
    long: LongClauses,
    /// The random choices of [`Decide::ShortestClause`], seeded: the same clauses give the
    /// same search.
    rng: Rng,
}

/// The long clauses [`Decide::ShortestClause`] chooses among.
#[derive(Default)]
struct LongClauses {
    clauses: Vec<u32>,
    /// For each literal `l`, the long clauses (positions in `clauses`) it is in are
    /// `occurs[starts[l]..starts[l + 1]]`.
    starts: Vec<u32>,
    occurs: Vec<u32>,
    free: Vec<u32>,
    satisfied: Vec<u32>,
}

impl LongClauses {
    fn of(&self, lit: Lit) -> std::ops::Range<usize> {
        self.starts[lit.index()] as usize..self.starts[lit.index() + 1] as usize
    }

    fn assigned(&mut self, lit: Lit) {
        for i in self.of(lit) {
            let t = self.occurs[i] as usize;
            self.satisfied[t] += 1;
            self.free[t] -= 1;
        }
        for i in self.of(!lit) {
            self.free[self.occurs[i] as usize] -= 1;
        }
    }

    fn unassigned(&mut self, lit: Lit) {
        for i in self.of(lit) {
            let t = self.occurs[i] as usize;
            self.satisfied[t] -= 1;
            self.free[t] += 1;
        }
        for i in self.of(!lit) {
            self.free[self.occurs[i] as usize] += 1;
        }
    }
}

impl Solver {
    fn new(variables: usize, options: &CdclOptions) -> Self {
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
            reason: vec![None; variables],
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

    fn value(&self, lit: Lit) -> Value {
        self.values[lit.index()]
    }

    fn decision_level(&self) -> u32 {
        u32::try_from(self.levels.len()).unwrap_or(u32::MAX)
    }

    fn assign(&mut self, lit: Lit, reason: Option<u32>) {
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

    fn prove(&mut self, step: impl FnOnce() -> ProofStep) {
        if self.record {
            self.proof.push(step());
        }
    }

    /// A stored clause's literals.
    fn lits(&self, clause: u32) -> &[Lit] {
        let h = self.headers[clause as usize];
        &self.arena[h.start as usize..(h.start + h.len) as usize]
    }

    /// Loads the clauses: tautologies dropped, duplicate literals merged, units assigned.
    /// Returns `false` when the clauses are already contradictory.
    fn load(&mut self, cnf: &Cnf) -> bool {
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
        for clause in cnf.iter() {
            lits.clear();
            lits.extend(clause.iter().map(|&n| Lit::from_dimacs(n)));
            lits.sort_unstable();
            lits.dedup();
            if lits.windows(2).any(|w| w[0] == !w[1]) {
                continue;
            }
            match lits.len() {
                0 => return false,
                1 => match self.value(lits[0]) {
                    Value::False => return false,
                    Value::True => {}
                    Value::Unassigned => self.assign(lits[0], None),
                },
                _ => {
                    self.attach(&lits, false, 0);
                }
            }
        }
        self.max_learnts = (self.headers.len() / 3).max(1000);
        if self.decide == Decide::ShortestClause {
            self.track_long_clauses();
        }
        true
    }

    fn track_long_clauses(&mut self) {
        let mut long = LongClauses::default();
        let mut counts = vec![0u32; self.values.len() + 1];
        for c in 0..self.headers.len() {
            let clause = u32::try_from(c).unwrap_or(u32::MAX);
            if self.headers[c].len < 3 {
                continue;
            }
            let (mut free, mut satisfied) = (0, 0);
            for &l in self.lits(clause) {
                counts[l.index() + 1] += 1;
                match self.value(l) {
                    Value::Unassigned => free += 1,
                    Value::True => satisfied += 1,
                    Value::False => {}
                }
            }
            long.clauses.push(clause);
            long.free.push(free);
            long.satisfied.push(satisfied);
        }
        // Counts to starts, then each clause's position put in its literals' ranges.
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        long.starts.clone_from(&counts);
        long.occurs = vec![0; counts.last().copied().unwrap_or(0) as usize];
        for (t, &clause) in long.clauses.iter().enumerate() {
            for &l in self.lits(clause) {
                let slot = &mut counts[l.index()];
                long.occurs[*slot as usize] = u32::try_from(t).unwrap_or(u32::MAX);
                *slot += 1;
            }
        }
        self.long = long;
    }

    /// Stores a clause and watches its first two literals.
    fn attach(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> u32 {
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
        self.headers.push(Header {
            start: u32::try_from(self.arena.len()).unwrap_or(u32::MAX),
            len: u32::try_from(lits.len()).unwrap_or(u32::MAX),
            learnt,
            deleted: false,
            lbd,
        });
        self.arena.extend_from_slice(lits);
        index
    }

    /// Unit propagation with two watched literals. Returns the clause that became false, if
    /// one did.
    fn propagate(&mut self) -> Option<u32> {
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
                        conflict = Some(watch.clause);
                        break;
                    }
                    self.assign(watch.blocker, Some(watch.clause));
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
                    conflict = Some(watch.clause);
                    break;
                }
                self.assign(first, Some(watch.clause));
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

    fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.bump;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        self.order.update(v, &self.activity);
    }

    /// 1UIP conflict analysis: the learnt clause (its first literal the one that will be
    /// propagated) and the level to jump back to.
    fn analyze(&mut self, conflict: u32) -> (Vec<Lit>, u32) {
        let mut learnt = vec![Lit(0)];
        let mut open = 0;
        let mut clause = conflict;
        let mut index = self.trail.len();
        let current = self.decision_level();
        // The variable whose reason is being looked at (its own literal there is skipped).
        let mut implied = usize::MAX;
        loop {
            let h = self.headers[clause as usize];
            for k in h.start..h.start + h.len {
                let q = self.arena[k as usize];
                let v = q.var();
                if v != implied && !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump_var(v);
                    if self.level[v] >= current {
                        open += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            // The next literal of the trail that is part of the conflict.
            loop {
                index -= 1;
                if self.seen[self.trail[index].var()] {
                    break;
                }
            }
            let p = self.trail[index];
            self.seen[p.var()] = false;
            open -= 1;
            implied = p.var();
            if open == 0 {
                learnt[0] = !p;
                break;
            }
            clause = self.reason[p.var()].unwrap_or(conflict);
        }
        let before = learnt.len();
        self.minimise(&mut learnt);
        self.stats.minimised += (before - learnt.len()) as u64;
        // The literal of the highest level after the first is watched second: backjump there.
        let mut back = 0;
        if learnt.len() > 1 {
            let (k, _) = learnt
                .iter()
                .enumerate()
                .skip(1)
                .max_by_key(|(_, l)| self.level[l.var()])
                .unwrap_or((1, &learnt[1]));
            learnt.swap(1, k);
            back = self.level[learnt[1].var()];
        }
        for l in &learnt {
            self.seen[l.var()] = false;
        }
        (learnt, back)
    }

    /// Recursive clause minimisation: a literal goes when its reason's other literals are all
    /// in the clause already, or themselves removable (at level 0, or implied the same way).
    fn minimise(&mut self, learnt: &mut Vec<Lit>) {
        for l in learnt.iter() {
            self.seen[l.var()] = true;
        }
        let mut marked: Vec<usize> = Vec::new();
        let mut poisoned: Vec<usize> = Vec::new();
        let mut keep = vec![learnt[0]];
        let levels = learnt
            .iter()
            .fold(0u64, |mask, l| mask | self.abstract_level(l.var()));
        for &l in &learnt[1..] {
            if self.reason[l.var()].is_none()
                || !self.redundant(l, levels, &mut marked, &mut poisoned)
            {
                keep.push(l);
            }
        }
        for v in marked {
            self.seen[v] = false;
        }
        for v in poisoned {
            self.poison[v] = false;
        }
        for l in learnt.iter() {
            self.seen[l.var()] = false;
        }
        *learnt = keep;
        for l in learnt.iter() {
            self.seen[l.var()] = true;
        }
    }

    /// A variable's level as one bit of 64: a literal whose level is not among the clause's
    /// cannot be implied by the clause's literals, which saves walking its reasons (MiniSat's
    /// "abstract levels").
    fn abstract_level(&self, v: usize) -> u64 {
        1 << (self.level[v] & 63)
    }

    /// Whether `lit` is implied by the literals marked `seen` (a depth-first walk over reasons;
    /// variables found redundant stay marked, listed in `marked`). `levels` holds the clause's
    /// abstract levels. The variables a failed walk went through are marked `poison`, listed
    /// in `poisoned`, and not walked again: without that, long chains of implications (as the
    /// sequential counter makes) are walked once for every literal of the clause.
    fn redundant(
        &mut self,
        lit: Lit,
        levels: u64,
        marked: &mut Vec<usize>,
        poisoned: &mut Vec<usize>,
    ) -> bool {
        let mut stack = vec![lit];
        let top = marked.len();
        while let Some(p) = stack.pop() {
            let Some(reason) = self.reason[p.var()] else {
                continue;
            };
            let h = self.headers[reason as usize];
            for k in h.start..h.start + h.len {
                let q = self.arena[k as usize];
                let v = q.var();
                if v == p.var() || self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                if self.reason[v].is_none()
                    || self.poison[v]
                    || self.abstract_level(v) & levels == 0
                    || marked.len() - top >= MINIMISE_WALK
                {
                    // A decision that is not in the clause, a literal already found not to be
                    // implied, or one of a level the clause does not have: not redundant. A
                    // walk that grows too long is given up the same way (keeping a literal is
                    // always sound).
                    for &m in &marked[top..] {
                        self.seen[m] = false;
                        self.poison[m] = true;
                    }
                    poisoned.extend_from_slice(&marked[top..]);
                    marked.truncate(top);
                    return false;
                }
                self.seen[v] = true;
                marked.push(v);
                stack.push(q);
            }
        }
        true
    }

    /// Undoes every assignment above `level`, saving each variable's phase.
    fn backjump(&mut self, level: u32) {
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
            self.reason[v] = None;
            self.order.insert(v, &self.activity);
            if !self.long.starts.is_empty() {
                self.long.unassigned(lit);
            }
        }
        self.trail.truncate(start);
        self.head = start;
        self.levels.truncate(level as usize);
    }

    fn lbd(&mut self, lits: &[Lit]) -> u32 {
        let mut levels: Vec<u32> = lits.iter().map(|l| self.level[l.var()]).collect();
        levels.sort_unstable();
        levels.dedup();
        u32::try_from(levels.len()).unwrap_or(u32::MAX)
    }

    /// Deletes the worse half of the learnt clauses (largest LBD first), keeping reasons and
    /// clauses of LBD 2 or less (binary ones among them).
    fn reduce(&mut self) {
        let locked: std::collections::HashSet<u32> = self
            .trail
            .iter()
            .filter_map(|l| self.reason[l.var()])
            .collect();
        let mut candidates: Vec<u32> = (0..self.headers.len())
            .filter(|&c| {
                let h = &self.headers[c];
                h.learnt && !h.deleted && h.lbd > 2 && h.len > 2
            })
            .filter_map(|c| u32::try_from(c).ok())
            .filter(|c| !locked.contains(c))
            .collect();
        candidates.sort_by_key(|&c| std::cmp::Reverse(self.headers[c as usize].lbd));
        for &c in &candidates[..candidates.len() / 2] {
            self.headers[c as usize].deleted = true;
            self.learnts -= 1;
            self.stats.deleted += 1;
            if self.record {
                let lits: Vec<i32> = self.lits(c).iter().map(|l| l.to_dimacs()).collect();
                self.proof.push(ProofStep::Delete(lits));
            }
        }
        self.max_learnts += self.max_learnts / 10;
    }

    fn exhausted(&self, start: Instant) -> Option<Limit> {
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

    /// The next decision: an unassigned literal to make true, or `None` when every variable
    /// has a value.
    fn pick(&mut self) -> Option<Lit> {
        if let Some(lit) = self.shortest_clause_literal() {
            return Some(lit);
        }
        // The most active unassigned variable, in its saved phase.
        loop {
            let v = self.order.pop(&self.activity)?;
            if self.value(Lit(u32::try_from(2 * v).unwrap_or(u32::MAX))) == Value::Unassigned {
                return Some(Lit(
                    u32::try_from(2 * v).unwrap_or(u32::MAX) + u32::from(!self.saved[v])
                ));
            }
        }
    }

    /// For [`Decide::ShortestClause`]: an unassigned literal of one of the shortest
    /// unsatisfied long clauses, both drawn at random (seeded), so that each restart tries
    /// another way down.
    fn shortest_clause_literal(&mut self) -> Option<Lit> {
        let long = &self.long;
        let mut best = u32::MAX;
        let mut chosen = None;
        let mut ties = 0;
        for t in 0..long.clauses.len() {
            let free = long.free[t];
            if long.satisfied[t] > 0 || free == 0 || free > best {
                continue;
            }
            if free < best {
                best = free;
                ties = 0;
            }
            // Reservoir sampling: each of the shortest has the same chance.
            ties += 1;
            if self.rng.below(ties) == 0 {
                chosen = Some(t);
            }
        }
        let lits = self.lits(long.clauses[chosen?]);
        let free: Vec<Lit> = lits
            .iter()
            .copied()
            .filter(|&l| self.value(l) == Value::Unassigned)
            .collect();
        let pick = self.rng.below(free.len());
        free.get(pick).copied()
    }

    fn run(&mut self, cnf: &Cnf, start: Instant) -> Answer {
        if !self.load(cnf) || self.propagate().is_some() {
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
                    self.assign(learnt[0], None);
                } else {
                    let lbd = self.lbd(&learnt);
                    let index = self.attach(&learnt, true, lbd);
                    self.learnts += 1;
                    self.assign(learnt[0], Some(index));
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
            self.assign(lit, None);
        }
    }
}

/// A binary max-heap of variables by activity, with each variable's place, so that a bumped
/// variable moves up in O(log n).
struct Heap {
    heap: Vec<usize>,
    place: Vec<Option<usize>>,
}

impl Heap {
    fn new(variables: usize) -> Self {
        Heap {
            heap: Vec::with_capacity(variables),
            place: vec![None; variables],
        }
    }

    fn insert(&mut self, v: usize, activity: &[f64]) {
        if self.place[v].is_some() {
            return;
        }
        self.place[v] = Some(self.heap.len());
        self.heap.push(v);
        self.up(self.heap.len() - 1, activity);
    }

    fn update(&mut self, v: usize, activity: &[f64]) {
        if let Some(i) = self.place[v] {
            self.up(i, activity);
        }
    }

    fn pop(&mut self, activity: &[f64]) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.place[top] = None;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.place[last] = Some(0);
            self.down(0, activity);
        }
        Some(top)
    }

    fn up(&mut self, mut i: usize, activity: &[f64]) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if activity[self.heap[parent]] >= activity[v] {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.place[self.heap[i]] = Some(i);
            i = parent;
        }
        self.heap[i] = v;
        self.place[v] = Some(i);
    }

    fn down(&mut self, mut i: usize, activity: &[f64]) {
        let v = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len()
                && activity[self.heap[right]] > activity[self.heap[left]]
            {
                right
            } else {
                left
            };
            if activity[self.heap[child]] <= activity[v] {
                break;
            }
            self.heap[i] = self.heap[child];
            self.place[self.heap[i]] = Some(i);
            i = child;
        }
        self.heap[i] = v;
        self.place[v] = Some(i);
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

    #[test]
    fn literals_round_trip_through_dimacs() {
        for n in [1, -1, 7, -7, 1000, -1000] {
            assert_eq!(Lit::from_dimacs(n).to_dimacs(), n);
        }
        assert_eq!(!Lit::from_dimacs(3), Lit::from_dimacs(-3));
    }
}
