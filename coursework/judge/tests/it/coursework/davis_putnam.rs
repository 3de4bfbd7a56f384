//! Davis–Putnam: the search that notes its splits.

#[allow(clippy::wildcard_imports)]
use super::*;

pub(super) fn saturate(clauses: &Clauses) -> Clauses {
    let mut set = clauses.clone();
    let mut used = Vec::new();
    while let Some(l) = set
        .iter()
        .filter_map(Clause::as_unit)
        .find(|l| !used.contains(l))
    {
        used.push(l);
        set = dp::reduce(&set, l);
    }
    set
}

/// The lecture's search with the Jeroslow–Wang choice, written here: the literal of highest
/// score `Σ 2^−|C|` over the clauses of two or more literals, the first in the order of literals
/// on a tie; each split noted.
pub(super) fn solve(clauses: &Clauses, splits: &mut Vec<Literal>) -> Clauses {
    let set = saturate(clauses);
    if set.contains_empty() {
        return Clauses::falsum();
    }
    let mut scores: Vec<(Literal, f64)> = Vec::new();
    for clause in set.iter().filter(|c| c.len() >= 2) {
        for &l in clause {
            let weight = 0.5_f64.powi(i32::try_from(clause.len()).unwrap());
            match scores.iter_mut().find(|(m, _)| *m == l) {
                Some((_, s)) => *s += weight,
                None => scores.push((l, weight)),
            }
        }
    }
    scores.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let Some(&(l, _)) = scores.first() else {
        return set;
    };
    for choice in [l, !l] {
        splits.push(choice);
        let mut next = set.clone();
        next.insert(Clause::unit(choice));
        let answer = solve(&next, splits);
        if !answer.contains_empty() {
            return answer;
        }
    }
    Clauses::falsum()
}

#[test]
fn solve_passes_when_right() {
    let report = check_solve(solve);
    assert!(report.passed(), "{report}");
    assert_eq!(report.checked(), 43);
}
#[test]
fn wrong_solves_are_caught() {
    // Always "unsatisfiable".
    let pessimist = check_solve(|_: &Clauses, _: &mut Vec<Literal>| Clauses::falsum());
    failed_with(&pessimist, "have a model");
    assert!(
        pessimist.picture().is_some(),
        "the reference's search is drawn"
    );
    // The saturated set without splitting: not a set of unit clauses.
    let lazy = check_solve(|c: &Clauses, _: &mut Vec<Literal>| saturate(c));
    failed_with(&lazy, "unit");
    // A right answer by another search (the library's, first variable): the splits give it away.
    let other = check_solve(|c: &Clauses, _: &mut Vec<Literal>| dp::solve(c));
    failed_with(&other, "not the lecture's");
    // A table of truth values: every model of the variables tried in turn, the splits unnoted.
    let table = check_solve(|c: &Clauses, _: &mut Vec<Literal>| {
        let vars: Vec<Variable> = c.variables().into_iter().collect();
        for bits in 0..1u32 << vars.len() {
            let model: Clauses = vars
                .iter()
                .enumerate()
                .map(|(i, &v)| Clause::unit(Literal::new(v, bits >> i & 1 == 1)))
                .collect();
            if c.iter()
                .all(|clause| clause.iter().any(|l| model.contains(&Clause::unit(*l))))
            {
                return model;
            }
        }
        Clauses::falsum()
    });
    failed_with(&table, "not the lecture's");
    // The first variable instead of the highest score.
    let first = check_solve(|c: &Clauses, splits: &mut Vec<Literal>| {
        fn go(c: &Clauses, splits: &mut Vec<Literal>) -> Clauses {
            let set = saturate(c);
            if set.contains_empty() {
                return Clauses::falsum();
            }
            let Some(l) = dp::select_literal(&set, dp::Heuristic::FirstVariable) else {
                return set;
            };
            for choice in [l, !l] {
                splits.push(choice);
                let mut next = set.clone();
                next.insert(Clause::unit(choice));
                let answer = go(&next, splits);
                if !answer.contains_empty() {
                    return answer;
                }
            }
            Clauses::falsum()
        }
        go(c, splits)
    });
    failed_with(&first, "split number");
}
