//! Cardinality constraints as clauses: at most one, at least one, exactly one.
//!
//! `at_most_one` is the pairwise encoding the lecture uses: one clause `{¬p, ¬q}` for every pair,
//! so `k` variables give `k·(k−1)/2` clauses. PyEDA calls the same constraints `OneHot0` (at most
//! one) and `OneHot` (exactly one); [`one_hot0`] and [`one_hot`] are those names.

use std::collections::BTreeSet;

use crate::logic::Cnf;
use crate::logic::{Clause, Clauses, Literal, Variable};

/// The clauses saying that at most one of the variables is true: `{¬p, ¬q}` for each pair.
///
/// A variable listed twice counts once, as in the lecture's sets.
pub fn at_most_one(variables: &[Variable]) -> Clauses {
    let distinct = distinct(variables);
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

/// The variables, each once, in order.
fn distinct(variables: &[Variable]) -> Vec<Variable> {
    variables
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
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

/// How to say "at most one of these is true" in clauses. The lecture's pairwise encoding needs
/// `k(k−1)/2` clauses for `k` variables and no new ones; the others add auxiliary variables
/// (named after a prefix the caller gives, so that two constraints never share them) and need
/// a number of clauses linear in `k` (binary: `k·⌈log₂ k⌉`). Each allows exactly the
/// assignments of the original variables with at most one true: for such an assignment the
/// auxiliary variables can be set to satisfy every clause, and for any other they cannot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Amo {
    /// `{¬p, ¬q}` for every pair: the lecture's.
    Pairwise,
    /// Sinz's sequential counter (2005): `s_i` says "one of the first i is true"; 3k − 4
    /// clauses and k − 1 auxiliary variables.
    Sequential,
    /// Klieber and Kwon's commander encoding (2007): groups of three, each with a commander
    /// that every member implies, pairwise inside a group, and the commanders constrained the
    /// same way, recursively.
    Commander,
    /// Chen's product encoding (2010): the variables on a p × q grid, each implying its row's
    /// and its column's variable, and at most one row and one column, recursively.
    Product,
    /// The binary (bitwise) encoding: ⌈log₂ k⌉ bits, and each variable implies the bits of its
    /// own index, so two true variables would need two values of the bits.
    Binary,
}

impl Amo {
    /// Every encoding, the lecture's first.
    pub const ALL: [Amo; 5] = [
        Amo::Pairwise,
        Amo::Sequential,
        Amo::Commander,
        Amo::Product,
        Amo::Binary,
    ];

    /// At most one of `variables` is true, with auxiliary variables named `prefix` and a
    /// suffix. A variable listed twice counts once.
    pub fn clauses(self, variables: &[Variable], prefix: &str) -> Clauses {
        let mut clauses = Clauses::new();
        self.write(&distinct(variables), prefix, &mut clauses);
        clauses
    }

    /// At most one of `x` (distinct) is true, written to either kind of clause store, its
    /// auxiliary variables named after `prefix` where the store names them.
    pub fn write<S: Sink>(self, x: &[S::Var], prefix: &str, out: &mut S) {
        // Up to four variables, pairs are as short as anything (and the recursions end here).
        if x.len() <= 4 || self == Amo::Pairwise {
            for (i, &p) in x.iter().enumerate() {
                for &q in &x[i + 1..] {
                    out.clause(&[(p, false), (q, false)]);
                }
            }
            return;
        }
        match self {
            Amo::Pairwise => {}
            Amo::Sequential => {
                let k = x.len();
                let s: Vec<S::Var> = (1..k).map(|i| out.fresh(prefix, "s", i)).collect();
                out.clause(&[(x[0], false), (s[0], true)]);
                for i in 1..k - 1 {
                    out.clause(&[(x[i], false), (s[i], true)]);
                    out.clause(&[(s[i - 1], false), (s[i], true)]);
                    out.clause(&[(x[i], false), (s[i - 1], false)]);
                }
                out.clause(&[(x[k - 1], false), (s[k - 2], false)]);
            }
            Amo::Commander => {
                let mut commanders = Vec::new();
                for (g, group) in x.chunks(3).enumerate() {
                    let c = out.fresh(prefix, "c", g);
                    Amo::Pairwise.write(group, prefix, out);
                    for &v in group {
                        out.clause(&[(v, false), (c, true)]);
                    }
                    commanders.push(c);
                }
                self.write(&commanders, &out.name(prefix, "c"), out);
            }
            Amo::Product => {
                let k = x.len();
                let p = (1..=k).find(|p| p * p >= k).unwrap_or(k);
                let q = k.div_ceil(p);
                let rows: Vec<S::Var> = (0..p).map(|i| out.fresh(prefix, "r", i)).collect();
                let cols: Vec<S::Var> = (0..q).map(|j| out.fresh(prefix, "k", j)).collect();
                for (index, &v) in x.iter().enumerate() {
                    out.clause(&[(v, false), (rows[index / q], true)]);
                    out.clause(&[(v, false), (cols[index % q], true)]);
                }
                self.write(&rows, &out.name(prefix, "r"), out);
                self.write(&cols, &out.name(prefix, "k"), out);
            }
            Amo::Binary => {
                let bits = usize::BITS - (x.len() - 1).leading_zeros();
                let b: Vec<S::Var> = (0..bits as usize)
                    .map(|j| out.fresh(prefix, "b", j))
                    .collect();
                for (index, &v) in x.iter().enumerate() {
                    for (j, &bit) in b.iter().enumerate() {
                        out.clause(&[(v, false), (bit, index >> j & 1 == 1)]);
                    }
                }
            }
        }
    }
}

/// Where an encoding writes its clauses: named [`Clauses`] or a numbered [`Cnf`]. Every
/// builder that can make either writes to this, once.
pub trait Sink {
    /// A variable.
    type Var: Copy;
    /// A new auxiliary variable: the `index`th of its `kind` under `prefix` (only the named
    /// store spends time on the name).
    fn fresh(&mut self, prefix: &str, kind: &str, index: usize) -> Self::Var;
    /// The prefix of a recursion's variables.
    fn name(&self, prefix: &str, kind: &str) -> String;
    /// Adds a clause of (variable, positive) pairs.
    fn clause(&mut self, literals: &[(Self::Var, bool)]);
}

impl Sink for Clauses {
    type Var = Variable;
    fn fresh(&mut self, prefix: &str, kind: &str, index: usize) -> Variable {
        Variable::intern(&format!("{prefix}.{kind}{index}"))
    }
    fn name(&self, prefix: &str, kind: &str) -> String {
        format!("{prefix}.{kind}")
    }
    fn clause(&mut self, literals: &[(Variable, bool)]) {
        self.insert(
            literals
                .iter()
                .map(|&(v, positive)| Literal::new(v, positive))
                .collect(),
        );
    }
}

impl Sink for Cnf {
    type Var = i32;
    fn fresh(&mut self, _: &str, _: &str, _: usize) -> i32 {
        Cnf::fresh(self)
    }
    fn name(&self, _: &str, _: &str) -> String {
        String::new()
    }
    fn clause(&mut self, literals: &[(i32, bool)]) {
        let mut numbers = [0; 2];
        if literals.len() == 2 {
            for (slot, &(v, positive)) in numbers.iter_mut().zip(literals) {
                *slot = if positive { v } else { -v };
            }
            self.add(&numbers);
        } else {
            let numbers: Vec<i32> = literals
                .iter()
                .map(|&(v, positive)| if positive { v } else { -v })
                .collect();
            self.add(&numbers);
        }
    }
}

impl std::fmt::Display for Amo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Amo::Pairwise => "pairwise",
            Amo::Sequential => "sequential counter",
            Amo::Commander => "commander",
            Amo::Product => "product",
            Amo::Binary => "binary",
        })
    }
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

    /// Whether the clauses can be satisfied with exactly the originals in `on` true (and the
    /// other originals false), by trying every value of the auxiliary variables.
    fn allows(clauses: &Clauses, originals: &[Variable], on: &[bool]) -> bool {
        let aux: Vec<Variable> = clauses
            .variables()
            .into_iter()
            .filter(|v| !originals.contains(v))
            .collect();
        (0..1_u64 << aux.len()).any(|bits| {
            let fixed = originals.iter().zip(on).map(|(&v, &t)| Literal::new(v, t));
            let free = aux
                .iter()
                .enumerate()
                .map(|(i, &v)| Literal::new(v, bits >> i & 1 == 1));
            clauses
                .first_falsified(&fixed.chain(free).collect())
                .is_none()
        })
    }

    #[test]
    fn every_encoding_allows_exactly_the_assignments_with_at_most_one_true() {
        for amo in Amo::ALL {
            for k in 0..=9 {
                let x: Vec<Variable> = (0..k).map(|i| Variable::intern(&format!("x{i}"))).collect();
                let clauses = amo.clauses(&x, &format!("t.{amo:?}.{k}"));
                for bits in 0..1_u32 << k {
                    let on: Vec<bool> = (0..k).map(|i| bits >> i & 1 == 1).collect();
                    let want = bits.count_ones() <= 1;
                    assert_eq!(allows(&clauses, &x, &on), want, "{amo}, k = {k}, {on:?}");
                }
            }
        }
    }

    #[test]
    fn clause_counts_follow_each_encodings_formula() {
        let x: Vec<Variable> = (0..64)
            .map(|i| Variable::intern(&format!("y{i}")))
            .collect();
        let count = |amo: Amo, k: usize| {
            let clauses = amo.clauses(&x[..k], &format!("u.{amo:?}.{k}"));
            let aux = clauses.variables().len() - k.min(clauses.variables().len());
            (clauses.len(), aux)
        };
        for k in [8, 16, 64] {
            assert_eq!(count(Amo::Pairwise, k), (k * (k - 1) / 2, 0));
            assert_eq!(count(Amo::Sequential, k), (3 * k - 4, k - 1));
            let bits = usize::try_from(usize::BITS - (k - 1).leading_zeros()).unwrap();
            assert_eq!(count(Amo::Binary, k), (k * bits, bits));
        }
        // Commander: 64 variables in 22 groups (21 of three, 1 of one): 21·3 pairs, 64
        // implications; then 22 commanders in 8 groups: 7·3 + 22; then 8 in 3 groups: 2·3 + 1
        // + 8; then 3 commanders, pairwise: 3.
        assert_eq!(count(Amo::Commander, 64).0, 63 + 64 + 21 + 22 + 7 + 8 + 3);
        // Product: 8 × 8, two implications each, then 8 rows and 8 columns as 3 × 3 products.
        let inner = 2 * 8 + 3 + 3; // 3 × 3 grid: 16 implications, pairwise on 3 and on 3
        assert_eq!(count(Amo::Product, 64).0, 2 * 64 + 2 * inner);
        // Linear against quadratic.
        assert!(count(Amo::Sequential, 64).0 * 10 < count(Amo::Pairwise, 64).0);
    }

    #[test]
    fn exactly_one_adds_the_positive_clause() {
        let clauses = exactly_one(&vars(&["a", "b"]));
        assert_eq!(clauses.to_string(), "{{a, b}, {¬a, ¬b}}");
        assert_eq!(at_least_one(&[]), Clauses::falsum());
    }
}
