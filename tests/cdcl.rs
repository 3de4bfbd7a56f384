//! The CDCL solver: every answer certified independently. Models are checked against the
//! clauses; unsatisfiability is checked by brute force on small sets and by the DRAT checker on
//! every proof.

mod common;

use nqueens::cdcl::{self, CdclOptions, ProofStep, drat};
use nqueens::dp::{Budget, Limit, Outcome};
use nqueens::logic::{Clause, Clauses, Literal, Variable};
use nqueens::queens;
use nqueens::rng::Rng;

fn proving() -> CdclOptions {
    CdclOptions {
        proof: true,
        ..CdclOptions::default()
    }
}

fn variable(i: usize) -> Variable {
    Variable::new(&format!("x{i:03}")).unwrap()
}

/// A random k-SAT formula over `n` variables (fixed seed).
fn random_ksat(n: usize, clauses: usize, k: usize, seed: u64) -> Clauses {
    let mut rng = Rng::new(seed);
    (0..clauses)
        .map(|_| {
            (0..k)
                .map(|_| {
                    let v = variable(rng.below(n));
                    if rng.chance(1, 2) {
                        Literal::positive(v)
                    } else {
                        Literal::negative(v)
                    }
                })
                .collect::<Clause>()
        })
        .collect()
}

/// Whether any assignment satisfies the clauses, by trying them all.
fn brute_force(clauses: &Clauses) -> bool {
    !common::brute_force_models(clauses).is_empty()
}

/// Checks an answer: a model satisfies every clause; unsatisfiable comes with a valid proof.
fn certify(clauses: &Clauses, report: &cdcl::CdclReport) -> bool {
    match &report.outcome {
        Outcome::Satisfiable(model) => {
            assert!(
                clauses.first_falsified(model).is_none(),
                "the model falsifies a clause"
            );
            true
        }
        Outcome::Unsatisfiable => {
            let n = clauses.variables().len();
            if let Err(e) = drat::check(n, &cdcl::numbered(clauses), &report.proof) {
                panic!("the proof is rejected: {e}");
            }
            false
        }
        Outcome::GaveUp(limit) => panic!("gave up after {limit}"),
    }
}

#[test]
fn small_random_sets_agree_with_brute_force() {
    for seed in 0..400_u64 {
        let small = usize::try_from(seed).unwrap();
        let n = 3 + small % 10;
        let m = n * 4 + small % 7;
        let clauses = random_ksat(n, m, 1 + small % 4, seed);
        let report = cdcl::solve(&clauses, &proving());
        assert_eq!(
            certify(&clauses, &report),
            brute_force(&clauses),
            "seed {seed}: {clauses}"
        );
    }
}

#[test]
fn random_3sat_at_the_threshold_is_certified() {
    // 150 variables at 4.26 clauses each: about half satisfiable, and thousands of conflicts,
    // so learnt clauses are deleted and the proofs hold deletions.
    let mut both = [0, 0];
    let mut deleted = 0;
    let mut conflicts = 0;
    for seed in 0..6 {
        let clauses = random_ksat(150, 639, 3, 1000 + seed);
        let report = cdcl::solve(&clauses, &proving());
        both[usize::from(certify(&clauses, &report))] += 1;
        conflicts += report.stats.conflicts;
        deleted += report
            .proof
            .iter()
            .filter(|s| matches!(s, ProofStep::Delete(_)))
            .count();
    }
    assert!(both[0] > 0 && both[1] > 0, "{both:?}");
    assert!(
        deleted > 0,
        "no learnt clause was deleted ({conflicts} conflicts)"
    );
}

/// n + 1 pigeons in n holes.
fn pigeonhole(n: usize) -> Clauses {
    let x = |p: usize, h: usize| variable(p * 10 + h);
    let mut clauses: Clauses = (0..=n)
        .map(|p| (0..n).map(|h| Literal::positive(x(p, h))).collect())
        .collect();
    for h in 0..n {
        for p in 0..=n {
            for q in p + 1..=n {
                clauses.insert(Clause::from_iter([
                    Literal::negative(x(p, h)),
                    Literal::negative(x(q, h)),
                ]));
            }
        }
    }
    clauses
}

#[test]
fn pigeonhole_formulas_are_unsatisfiable_with_checked_proofs() {
    for n in 2..=6 {
        let clauses = pigeonhole(n);
        let report = cdcl::solve(&clauses, &proving());
        assert!(!certify(&clauses, &report), "{n} holes");
        assert_eq!(report.proof.last(), Some(&ProofStep::Add(Vec::new())));
    }
}

#[test]
fn queens_are_placed_for_every_n_that_has_a_solution() {
    for n in 1..=20 {
        let clauses = queens::all_clauses(n).unwrap();
        let report = cdcl::solve(&clauses, &proving());
        let satisfiable = certify(&clauses, &report);
        assert_eq!(satisfiable, !matches!(n, 2 | 3), "n = {n}");
        if let Outcome::Satisfiable(model) = &report.outcome {
            let board = queens::decode(model, n).unwrap();
            assert!(board.is_solution(), "n = {n}:\n{board}");
        }
    }
}

#[test]
fn a_tampered_proof_is_rejected() {
    let clauses = pigeonhole(3); // 12 variables: brute force can check the claim below
    let report = cdcl::solve(&clauses, &proving());
    let n = clauses.variables().len();
    let numbered = cdcl::numbered(&clauses);
    assert!(drat::check(n, &numbered, &report.proof).is_ok());
    // Without its learnt clauses the empty clause does not follow.
    assert!(drat::check(n, &numbered, &[ProofStep::Add(Vec::new())]).is_err());
    // Nor from a formula missing a pigeon.
    let fewer: Vec<Vec<i32>> = numbered[1..].to_vec();
    let first_pigeon_free = drat::check(n, &fewer, &report.proof);
    let still_unsat = !brute_force(&clauses.iter().skip(1).cloned().collect());
    assert!(first_pigeon_free.is_err() || still_unsat);
}

#[test]
fn the_budget_stops_the_search() {
    let clauses = pigeonhole(8);
    let budget = Budget {
        max_splits: Some(50),
        time_limit: None,
    };
    let report = cdcl::solve(
        &clauses,
        &CdclOptions {
            budget,
            proof: false,
        },
    );
    assert_eq!(report.outcome, Outcome::GaveUp(Limit::Splits(50)));
    assert_eq!(report.stats.decisions, 50);
    // Trivial sets.
    assert_eq!(
        cdcl::solve(&Clauses::new(), &proving()).outcome,
        Outcome::Satisfiable(nqueens::logic::Model::default())
    );
    let falsum = Clauses::falsum();
    let report = cdcl::solve(&falsum, &proving());
    assert_eq!(report.outcome, Outcome::Unsatisfiable);
    assert!(drat::check(0, &cdcl::numbered(&falsum), &report.proof).is_ok());
}

#[test]
fn the_linear_encodings_place_queens_with_far_fewer_clauses() {
    use nqueens::encode::Amo;
    let n = 30;
    let pairwise = queens::all_clauses_with(n, Amo::Pairwise).unwrap().len();
    for amo in Amo::ALL {
        let clauses = queens::all_clauses_with(n, amo).unwrap();
        if amo != Amo::Pairwise && amo != Amo::Binary {
            assert!(
                clauses.len() * 3 < pairwise,
                "{amo}: {} of {pairwise}",
                clauses.len()
            );
        }
        let report = cdcl::solve(&clauses, &CdclOptions::default());
        let Outcome::Satisfiable(model) = &report.outcome else {
            panic!("{amo}: {}", report.outcome);
        };
        assert!(clauses.first_falsified(model).is_none());
        let board = queens::decode(model, n).unwrap();
        assert!(board.is_solution(), "{amo}:\n{board}");
    }
    // Two and three queens stay impossible, with a checked proof.
    for amo in Amo::ALL {
        for n in [2, 3] {
            let clauses = queens::all_clauses_with(n, amo).unwrap();
            assert!(
                !certify(&clauses, &cdcl::solve(&clauses, &proving())),
                "{amo}, n = {n}"
            );
        }
    }
    assert!(queens::all_clauses_with(queens::MAX_LINEAR_N + 1, Amo::Sequential).is_err());
}
