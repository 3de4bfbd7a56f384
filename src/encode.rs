//! Cardinality constraints as clauses: at most one, at least one, exactly one.
//!
//! `at_most_one` is the pairwise encoding the lecture uses: one clause `{¬p, ¬q}` for every pair,
//! so `k` variables give `k·(k−1)/2` clauses. PyEDA calls the same constraints `OneHot0` (at most
//! one) and `OneHot` (exactly one); [`one_hot0`] and [`one_hot`] are those names.

use std::collections::BTreeSet;

use crate::logic::{Clause, Clauses, Literal, Variable};

/// The clauses saying that at most one of the variables is true: `{¬p, ¬q}` for each pair.
///
/// A variable listed twice counts once, as in the lecture's sets.
pub fn at_most_one(variables: &[Variable]) -> Clauses {
    let distinct: Vec<Variable> = variables
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut clauses = Clauses::new();
    for (i, &p) in distinct.iter().enumerate() {
        for &q in &distinct[i + 1..] {
            clauses.insert(Clause::from_iter([
                Literal::negative(p),
                Literal::negative(q),
            ]));
        }
    }
    clauses
}

/// The clause saying that at least one of the variables is true: `{p, q, …}`.
///
/// With no variables this is the empty clause: "at least one of nothing" is false.
pub fn at_least_one(variables: &[Variable]) -> Clauses {
    std::iter::once(variables.iter().map(|&v| Literal::positive(v)).collect()).collect()
}

/// The clauses saying that exactly one of the variables is true.
pub fn exactly_one(variables: &[Variable]) -> Clauses {
    let mut clauses = at_most_one(variables);
    clauses.extend(at_least_one(variables));
    clauses
}

/// PyEDA's name for [`exactly_one`].
pub fn one_hot(variables: &[Variable]) -> Clauses {
    exactly_one(variables)
}

/// PyEDA's name for [`at_most_one`].
pub fn one_hot0(variables: &[Variable]) -> Clauses {
    at_most_one(variables)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(names: &[&str]) -> Vec<Variable> {
        names.iter().map(|n| Variable::new(n).unwrap()).collect()
    }

    #[test]
    fn pairwise_at_most_one() {
        let clauses = at_most_one(&vars(&["a", "b", "c"]));
        assert_eq!(clauses.to_string(), "{{¬a, ¬b}, {¬a, ¬c}, {¬b, ¬c}}");
        assert_eq!(at_most_one(&vars(&["a", "a"])).len(), 0);
    }

    #[test]
    fn exactly_one_adds_the_positive_clause() {
        let clauses = exactly_one(&vars(&["a", "b"]));
        assert_eq!(clauses.to_string(), "{{a, b}, {¬a, ¬b}}");
        assert_eq!(at_least_one(&[]), Clauses::falsum());
    }
}
