//! The lecture's `solve`: on clause sets as it writes it, and on the library's engine.

use super::{Heuristic, Options, Report, complement, engine, saturate, select_literal};
use crate::logic::{Clause, Clauses};

/// The lecture's `solve`, written on clause sets: returns the set of unit clauses that is the
/// model, or `{{}}`. Clear, and slow: every step copies the set. Prefer [`solve`] for real work.
///
/// It recurses once per split, so it is meant for small clause sets.
pub fn solve_by_sets(clauses: &Clauses, heuristic: Heuristic) -> Clauses {
    let saturated = saturate(clauses);
    if saturated.contains_empty() {
        return Clauses::falsum();
    }
    // Only unit clauses left: nothing to split on, and they are the model.
    let Some(literal) = select_literal(&saturated, heuristic) else {
        return saturated;
    };
    for branch in [literal, complement(literal)] {
        let mut with_branch = saturated.clone();
        with_branch.insert(Clause::unit(branch));
        let result = solve_by_sets(&with_branch, heuristic);
        if !result.contains_empty() {
            return result;
        }
    }
    Clauses::falsum()
}

/// Solves with the first-variable heuristic and no budget; the answer in the lecture's form: the
/// set of unit clauses that is the model, or `{{}}` when there is none.
pub fn solve(clauses: &Clauses) -> Clauses {
    let report = search(clauses, &Options::default());
    report.outcome.to_clauses().unwrap_or_else(Clauses::falsum)
}

/// Solves with the given heuristic, budget and tracing; returns a typed outcome with statistics.
pub fn search(clauses: &Clauses, options: &Options) -> Report {
    search_from(clauses, options, std::time::Instant::now())
}

/// [`search`] on a clock that started at `start`: the time limit counts from there, and so
/// does the reported time (for callers that count building the clauses too).
pub(crate) fn search_from(
    clauses: &Clauses,
    options: &Options,
    start: std::time::Instant,
) -> Report {
    let mut engine = engine::Engine::new(clauses);
    let (outcome, stats, trace) = engine.solve(options, start);
    Report {
        outcome,
        stats,
        trace,
        elapsed: start.elapsed(),
    }
}
