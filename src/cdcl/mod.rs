//! A conflict-driven clause-learning (CDCL) SAT solver, written to be read beside the lecture's
//! Davis–Putnam.
//!
//! Davis–Putnam splits, propagates, and on a conflict undoes its last split. CDCL does the same
//! first two, but on a conflict it asks *why*: following the reasons of the propagated literals
//! back from the conflict, it finds a clause that the formula implies and that the current
//! assignment falsifies, learns it, and jumps back to where that clause propagates. The parts,
//! one file each (`solver`: the state, propagation and the loop; `learn`; `brancher` and `long`, the decisions; `heap`;
//! `arena`: the clause store; `types`: literals, values, reasons, watches; `walk`: the local
//! search; `simplify`: the clauses simplified before the search; `options`: what goes in and
//! comes out):
//!
//! * **two watched literals**: each clause watches two of its literals that are not false, and
//!   is looked at only when one of them becomes false; undoing an assignment costs nothing;
//! * **1UIP learning** with **clause minimisation**: the learnt clause has exactly one literal of
//!   the conflict's level (the first unique implication point), and literals implied by the
//!   others are removed (recursively, as in MiniSat);
//! * **VSIDS**: variables in recent conflicts get their activity bumped, all activities decay,
//!   and the next decision is the most active unassigned variable (a binary heap);
//! * **phase saving**: a variable is decided the way it was last assigned;
//! * **rephasing by walking** (with VSIDS): at the start of each stable turn after the first, a
//!   local search (`ProbSAT`'s) walks from the saved phases, with 30 % of the propagation work
//!   since the last walk to spend, and the assignment it found with the fewest clauses false
//!   becomes the saved phases; when it finds a model, that is the answer (`walk`). On
//!   satisfiable random 3-SAT near the threshold it reaches models the search alone takes far
//!   longer to find (`docs/benchmarks.md`);
//! * **restarts** in two modes taken in turns, each turn twice as long as the last of its mode:
//!   *stable*, on the Luby sequence (100 conflicts per unit), and *focused*, Glucose's rule
//!   (restart when the recent learnt clauses' LBD is worse than usual, unless the trail is
//!   unusually long);
//! * **learnt-clause deletion** in three tiers by LBD (literal block distance: how many decision
//!   levels a clause spans), as Chanseok Oh's solvers and `CaDiCaL` divide them: the core (LBD 2
//!   or less) is kept; on Glucose's schedule (after 2,000 conflicts, then each interval 300
//!   longer) half of the rest goes, the largest LBD first; and the local clauses (LBD above 6)
//!   also have MiniSat's cap (a third of the input's clauses, growing): each time they reach it,
//!   the less active half of them is deleted (a clause's activity is bumped when it takes part
//!   in a conflict, and decays), and from the first time on Glucose's rounds keep to tier two
//!   (LBD 3 to 6). Reasons are never deleted; binary clauses live in their watch lists only and
//!   are kept;
//! * **a clause arena**: the clauses of three literals or more in one vector of words, header
//!   and literals together, compacted when the deleted take a fifth of it.
//!
//! * **simplifying first**, when [`CdclOptions::simplify`] asks: units, subsumption,
//!   self-subsuming resolution and bounded variable elimination, as `SatELite` does; the model
//!   found is extended back to the eliminated variables, and the proof starts with the
//!   simplification's steps.
//!
//! Every answer can be checked: a model against the clauses, and an unsatisfiability proof in
//! DRAT, which [`drat::check`] verifies independently.

mod arena;
mod brancher;
pub mod drat;
mod heap;
mod learn;
mod long;
mod options;
mod schedule;
mod simplify;
mod solver;
mod types;
mod walk;

/// The numbered clause store, kept in [`logic`](crate::logic); named here too because CDCL is
/// what reads it.
pub use crate::logic::Cnf;
pub use options::{
    CdclOptions, CdclReport, CdclStats, CnfOutcome, CnfReport, DEFAULT_SEED, Decide, ProofStep,
};

use std::time::Instant;

use crate::logic::{Clauses, Literal, Model, dimacs};
use crate::sat::Outcome;
use solver::Solver;

/// Solves a set of clauses with CDCL. The variables are numbered in order, as
/// [`dimacs::numbering`] does, so the proof's numbers are those of [`dimacs::write`].
///
/// ```
/// use nqueens::cdcl::{self, CdclOptions};
/// use nqueens::sat::Outcome;
/// use nqueens::logic::Clauses;
/// let set: Clauses = "{p, q}, {¬p, q}, {p, ¬q}, {¬p, ¬q}".parse()?;
/// let report = cdcl::solve(&set, &CdclOptions { proof: true, ..CdclOptions::default() });
/// assert_eq!(report.outcome, Outcome::Unsatisfiable);
/// assert!(cdcl::drat::check(2, &cdcl::numbered(&set), &report.proof).is_ok());
/// # Ok::<(), nqueens::logic::ParseError>(())
/// ```
pub fn solve(clauses: &Clauses, options: &CdclOptions) -> CdclReport {
    let start = Instant::now();
    let (variables, cnf) = dimacs::numbered(clauses);
    let report = solve_cnf(&cnf, options);
    let outcome = match report.outcome {
        CnfOutcome::Satisfiable(values) => {
            let model: Model = variables
                .iter()
                .zip(values)
                .map(|(&v, value)| Literal::new(v, value))
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
    if !options.simplify {
        let mut solver = Solver::new(cnf.variables(), options);
        let outcome = solver.run(cnf, start);
        return CnfReport {
            outcome,
            stats: solver.stats,
            proof: solver.proof,
            elapsed: start.elapsed(),
        };
    }
    let deadline = options.budget.deadline(start);
    let simplified = simplify::simplify(cnf, options.proof, &|| deadline.expired());
    let removed = simplified.removed;
    let (outcome, mut stats, mut proof) = if simplified.out_of_time {
        // No search on clauses simplified in part: it would start past its deadline anyway.
        let outcome = CnfOutcome::GaveUp(deadline.ran_out());
        (outcome, CdclStats::default(), Vec::new())
    } else if simplified.unsatisfiable {
        (CnfOutcome::Unsatisfiable, CdclStats::default(), Vec::new())
    } else {
        let mut solver = Solver::new(cnf.variables(), options);
        solver.set_aside(simplified.eliminated.iter().copied());
        let mut outcome = solver.run(&simplified.cnf, start);
        if let CnfOutcome::Satisfiable(values) = &mut outcome {
            simplified.extend(values);
        }
        (outcome, solver.stats, solver.proof)
    };
    stats.eliminated = removed.variables;
    stats.subsumed = removed.subsumed;
    stats.strengthened = removed.strengthened;
    stats.resolvents = removed.resolvents;
    let mut steps = simplified.proof;
    steps.append(&mut proof);
    CnfReport {
        outcome,
        stats,
        proof: steps,
        elapsed: start.elapsed(),
    }
}

/// The clauses in DIMACS numbers (variables in order, from 1: [`dimacs::numbered`]), as lists,
/// the form [`drat::check`] takes: the numbers [`solve`] and its proofs use.
pub fn numbered(clauses: &Clauses) -> Vec<Vec<i32>> {
    dimacs::numbered(clauses)
        .1
        .iter()
        .map(<[i32]>::to_vec)
        .collect()
}
