//! What the SAT benchmarks share: the seeded random 3-SAT formulas they time.

use nqueens::cdcl::Cnf;
use nqueens::rng::Rng;

/// A random 3-SAT formula: `clauses` clauses of three distinct variables among `variables`,
/// each negated with chance ½.
pub fn random_3sat(variables: usize, clauses: usize, seed: u64) -> Cnf {
    let mut rng = Rng::new(seed);
    let mut cnf = Cnf::new();
    for _ in 0..clauses {
        let mut clause: Vec<i32> = Vec::with_capacity(3);
        while clause.len() < 3 {
            let v = i32::try_from(rng.below(variables) + 1).expect("small");
            if clause.iter().all(|l| l.abs() != v) {
                clause.push(if rng.chance(1, 2) { -v } else { v });
            }
        }
        cnf.add(&clause);
    }
    cnf
}
