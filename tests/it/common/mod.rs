//! Helpers shared by the integration tests: random clause sets and a brute-force solver.

#![allow(dead_code)]

use nqueens::logic::{Clause, Clauses, Literal, Model, Variable};
use nqueens::rng::Rng;

/// A random clause set over `vars` variables `p1..`, each clause over distinct variables.
pub fn random_clauses(rng: &mut Rng, vars: usize, clauses: usize, max_len: usize) -> Clauses {
    let names: Vec<Variable> = (1..=vars)
        .map(|i| Variable::new(&format!("p{i}")).unwrap())
        .collect();
    let mut set = Clauses::new();
    for _ in 0..clauses {
        let len = 1 + rng.below(max_len.min(vars));
        let mut chosen: Vec<Variable> = Vec::new();
        while chosen.len() < len {
            let v = names[rng.below(vars)];
            if !chosen.contains(&v) {
                chosen.push(v);
            }
        }
        let clause: Clause = chosen
            .into_iter()
            .map(|v| {
                if rng.chance(1, 2) {
                    Literal::negative(v)
                } else {
                    Literal::positive(v)
                }
            })
            .collect();
        set.insert(clause);
    }
    set
}

/// Every model over the clause set's variables that satisfies it, by trying all assignments.
pub fn brute_force_models(clauses: &Clauses) -> Vec<Model> {
    let variables: Vec<Variable> = clauses.variables().into_iter().collect();
    assert!(
        variables.len() <= 16,
        "brute force is for small clause sets"
    );
    (0u32..1 << variables.len())
        .map(|bits| {
            variables
                .iter()
                .enumerate()
                .map(|(i, &v)| Literal::new(v, bits >> i & 1 == 1))
                .collect::<Model>()
        })
        .filter(|model| clauses.is_satisfied_by(model))
        .collect()
}

/// Reads a DRAT proof in text, as `sat --proof` writes it.
pub fn read_drat(text: &str) -> Vec<nqueens::cdcl::ProofStep> {
    text.lines()
        .map(|line| {
            let (delete, rest) = match line.strip_prefix("d ") {
                Some(rest) => (true, rest),
                None => (false, line),
            };
            let lits: Vec<i32> = rest
                .split_whitespace()
                .map(|t| t.parse().unwrap())
                .take_while(|&n| n != 0)
                .collect();
            if delete {
                nqueens::cdcl::ProofStep::Delete(lits)
            } else {
                nqueens::cdcl::ProofStep::Add(lits)
            }
        })
        .collect()
}
