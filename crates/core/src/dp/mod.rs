//! The lecture's Davis–Putnam procedure: `complement`, `reduce`, `saturate`, `solve`.
//!
//! `solve(S)` saturates `S` with unit clauses (`reduce` is unit cut plus unit subsumption in one
//! step). If the empty clause appears, `S` is unsatisfiable and the answer is `{{}}`. If only unit
//! clauses are left, they are the model. Otherwise `solve` splits: it picks a literal `l` and
//! tries `S ∪ {{l}}`, then `S ∪ {{¬l}}`.
//!
//! This module has the procedure twice:
//! * [`solve_by_sets`] is the lecture's definition, written on clause sets. Use it for reading and
//!   for small examples.
//! * [`solve`] and [`search`] run the same search on an engine that assigns literals on a
//!   trail instead of copying clause sets. They return the same answer (same splits, same
//!   model); the tests check this on hundreds of random clause sets.
//!
//! The original lecture picks literals in the order of Python's hashed sets, so its splits and
//! models change from run to run. Ours are deterministic:
//! * [`Heuristic::FirstVariable`] (lecture 06): the first variable, in the order of
//!   [`Variable`](crate::logic::Variable), that still occurs in a clause with two or more literals.
//!   The positive literal is tried first.
//! * [`Heuristic::JeroslowWang`] (lecture 07): every literal `l` of such a clause scores
//!   `Σ 2^−|C|` over the clauses `C` of the saturated set that contain it. The highest score wins;
//!   a tie goes to the earlier variable, and then to the positive literal. The literal that wins is
//!   tried first, then its complement.
//!
//! Two small differences from the Python original, both only in wasted work: it may split on a
//! variable that unit propagation has already decided (a split that changes nothing), and it keeps
//! tautological clauses such as `{p, ¬p}`. We split only on undecided variables and drop
//! tautologies on entry to [`solve`], which cannot change whether a set is satisfiable.

// The solvers' common vocabulary, where the lecture's notebooks and older code look for it.
pub use crate::sat::{Budget, Limit, Outcome};

use std::fmt;
use std::time::Duration;

use crate::logic::{Clause, Clauses, Literal};

/// How `solve` chooses the literal to split on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Heuristic {
    /// The first undecided variable, positive literal first (lecture 06).
    #[default]
    #[cfg_attr(feature = "cli", value(name = "first"))]
    FirstVariable,
    /// The literal with the highest Jeroslow–Wang score `Σ 2^−|C|` (lecture 07).
    #[cfg_attr(feature = "cli", value(name = "jw"))]
    JeroslowWang,
}

impl fmt::Display for Heuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Heuristic::FirstVariable => "first variable",
            Heuristic::JeroslowWang => "Jeroslow-Wang",
        })
    }
}

/// How to run [`search`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// How to choose the literal to split on.
    pub heuristic: Heuristic,
    /// When to give up.
    pub budget: Budget,
    /// Whether to record every split, retry, unit propagation and conflict in [`Report::trace`].
    pub trace: bool,
}

impl Options {
    /// Default options with this heuristic.
    pub fn with_heuristic(heuristic: Heuristic) -> Self {
        Options {
            heuristic,
            ..Options::default()
        }
    }
}

/// Counts of the work a search did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Calls of `solve`, counting the first: one per branch tried.
    pub calls: u64,
    /// Splits: literals chosen by the heuristic.
    pub splits: u64,
    /// Literals set by unit clauses (each one a `reduce` step of `saturate`).
    pub unit_propagations: u64,
    /// Branches that ended in the empty clause.
    pub conflicts: u64,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} calls, {} splits, {} unit propagations, {} conflicts",
            self.calls, self.splits, self.unit_propagations, self.conflicts
        )
    }
}

/// One event of a traced search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The first branch of a split: add `{literal}`.
    Split {
        /// How many splits are open above this one.
        depth: usize,
        /// The literal chosen.
        literal: Literal,
    },
    /// The second branch, after the first failed: add `{literal}` (the complement).
    Retry {
        /// How many splits are open above this one.
        depth: usize,
        /// The complement of the literal first chosen.
        literal: Literal,
    },
    /// Unit propagation (the lecture's `saturate`) made these literals true, in order: the unit
    /// clauses of the input at the start, then after each split or retry what its literal
    /// forced. Before a conflict, the literals forced until it was found.
    Units {
        /// How many splits are open.
        depth: usize,
        /// The literals made true.
        literals: Vec<Literal>,
    },
    /// Saturation produced the empty clause.
    Conflict {
        /// How many splits are open.
        depth: usize,
    },
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Step::Split { depth, literal } => write!(f, "{:depth$}split: try {{{literal}}}", ""),
            Step::Retry { depth, literal } => write!(f, "{:depth$}retry: try {{{literal}}}", ""),
            Step::Units {
                depth,
                ref literals,
            } => {
                write!(f, "{:depth$}units:", "")?;
                for literal in literals {
                    write!(f, " {literal}")?;
                }
                Ok(())
            }
            Step::Conflict { depth } => write!(f, "{:depth$}conflict: {{}} derived", ""),
        }
    }
}

/// What [`search`] found, and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The answer.
    pub outcome: Outcome,
    /// The work done.
    pub stats: Stats,
    /// Every split, retry, unit propagation and conflict, in order (empty unless
    /// [`Options::trace`] was set).
    pub trace: Vec<Step>,
    /// Wall time of the search, including building the engine.
    pub elapsed: Duration,
}

/// The complement of a literal: `p ↦ ¬p`, `¬p ↦ p`.
pub fn complement(literal: Literal) -> Literal {
    literal.complement()
}

/// Unit cut and unit subsumption with the unit clause `{l}`, as the lecture defines `reduce`:
///
/// `{ C \ {¬l} | C ∈ S, ¬l ∈ C } ∪ { C ∈ S | ¬l ∉ C, l ∉ C } ∪ { {l} }`.
///
/// The lecture calls it only when `{l}` is in `S`.
pub fn reduce(clauses: &Clauses, literal: Literal) -> Clauses {
    let negation = complement(literal);
    let mut result: Clauses = clauses
        .iter()
        .filter(|c| !c.contains(literal) || c.contains(negation))
        .map(|c| {
            if c.contains(negation) {
                c.without(negation)
            } else {
                c.clone()
            }
        })
        .collect();
    result.insert(Clause::unit(literal));
    result
}

/// Applies `reduce` with every unit clause, each once, until no unused unit clause is left.
///
/// Unit clauses are taken in order, which cannot change the result: it is either a set holding
/// the empty clause or the unique set closed under unit propagation.
pub fn saturate(clauses: &Clauses) -> Clauses {
    let mut result = clauses.clone();
    let mut used: Vec<Literal> = Vec::new();
    while let Some(unit) = result
        .iter()
        .find_map(|c| c.as_unit().filter(|l| !used.contains(l)))
    {
        used.push(unit);
        result = reduce(&result, unit);
    }
    result
}

/// The literal to split on in a saturated set (see the module documentation for the rules), or
/// `None` when every clause is a unit clause and there is nothing left to split on.
pub fn select_literal(saturated: &Clauses, heuristic: Heuristic) -> Option<Literal> {
    let open = saturated.iter().filter(|c| c.len() > 1);
    match heuristic {
        Heuristic::FirstVariable => open
            .flat_map(Clause::literals)
            .min()
            .map(|l| l.variable().into()),
        Heuristic::JeroslowWang => {
            let mut scores = std::collections::BTreeMap::<Literal, u128>::new();
            for clause in open {
                for &literal in clause {
                    *scores.entry(literal).or_default() += jeroslow_wang_weight(clause.len());
                }
            }
            // The first literal with the highest score: `max_by_key` would take the last.
            scores
                .into_iter()
                .rev()
                .max_by_key(|&(_, score)| score)
                .map(|(literal, _)| literal)
        }
    }
}

/// The Jeroslow–Wang score of a literal: `Σ 2^−|C|` over the clauses `C` of the set that contain
/// it. Short clauses weigh most: a literal in a two-literal clause scores `1/4` for it.
///
/// [`select_literal`] applies the same sum to the clauses of two or more literals of the saturated
/// set, in exact fixed point so that ties are exact; this is the sum as a float, for reading.
pub fn jeroslow_wang(clauses: &Clauses, literal: Literal) -> f64 {
    clauses
        .iter()
        .filter(|c| c.contains(literal))
        .map(|c| 0.5_f64.powi(i32::try_from(c.len()).unwrap_or(i32::MAX)))
        .sum()
}

/// `2^−len` as an exact fixed-point number, `2^(96 − len)`; clauses longer than 96 weigh 0.
///
/// Integers make the sum exact and independent of the order of the clauses.
pub fn jeroslow_wang_weight(len: usize) -> u128 {
    if len > 96 { 0 } else { 1u128 << (96 - len) }
}
