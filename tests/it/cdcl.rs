//! The CDCL solver: every answer certified independently. Models are checked against the
//! clauses; unsatisfiability is checked by brute force on small sets and by the DRAT checker on
//! every proof.

use crate::common;

use nqueens::cdcl::{self, CdclOptions, ProofStep, drat};
use nqueens::dp::{Budget, Limit, Outcome};
use nqueens::logic::{Clause, Clauses, Literal, Variable};
use nqueens::queens;
use nqueens::rng::Rng;

pub(crate) fn proving() -> CdclOptions {
    CdclOptions {
        proof: true,
        ..CdclOptions::default()
    }
}

fn variable(i: usize) -> Variable {
    Variable::new(&format!("x{i:03}")).unwrap()
}

/// A random k-SAT formula over `n` variables (fixed seed).
pub(crate) fn random_ksat(n: usize, clauses: usize, k: usize, seed: u64) -> Clauses {
    let mut rng = Rng::new(seed);
    (0..clauses)
        .map(|_| {
            (0..k)
                .map(|_| {
                    let v = variable(rng.below(n));
                    Literal::new(v, rng.chance(1, 2))
                })
                .collect::<Clause>()
        })
        .collect()
}

/// Whether any assignment satisfies the clauses, by trying them all.
pub(crate) fn brute_force(clauses: &Clauses) -> bool {
    !common::brute_force_models(clauses).is_empty()
}

/// Checks an answer: a model satisfies every clause; unsatisfiable comes with a valid proof.
pub(crate) fn certify(clauses: &Clauses, report: &cdcl::CdclReport) -> bool {
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
    // so learnt clauses are deleted (the proofs hold deletions) and the store is compacted.
    let mut both = [0, 0];
    let mut deleted = 0;
    let mut conflicts = 0;
    let mut compactions = 0;
    let mut walks = 0;
    for seed in 0..6 {
        let clauses = random_ksat(150, 639, 3, 1000 + seed);
        let report = cdcl::solve(&clauses, &proving());
        both[usize::from(certify(&clauses, &report))] += 1;
        conflicts += report.stats.conflicts;
        compactions += report.stats.compactions;
        walks += report.stats.walks;
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
    // The clause store was compacted under the proofs too (clauses moved, watches and reasons
    // pointed at their new places), and every answer above still checked.
    assert!(compactions > 0, "no compaction ({conflicts} conflicts)");
    // Walks chose the saved phases along the way (at each stable turn after the first), and
    // every answer above still checked: a walk's model against the clauses, the proofs of
    // the searches they steered.
    assert!(walks > 0, "no walk ({conflicts} conflicts)");
}

/// n + 1 pigeons in n holes.
pub(crate) fn pigeonhole(n: usize) -> Clauses {
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
fn a_long_search_deletes_learnt_clauses_and_its_proof_still_checks() {
    // Seven holes (56 variables, 204 clauses) take thousands of conflicts: Glucose's rounds
    // delete learnt clauses, the local ones reach the cap (68 at first) and are deleted by
    // activity from then on, and the proof records each deletion.
    let clauses = pigeonhole(7);
    let report = cdcl::solve(&clauses, &proving());
    assert!(!certify(&clauses, &report));
    assert!(
        report.stats.conflicts > 2000 && report.stats.deleted > 0,
        "{}",
        report.stats
    );
    let capped = report
        .stats
        .capped_at
        .expect("the local clauses reach the cap");
    assert!(capped < report.stats.conflicts, "{}", report.stats);
    let deleted = report
        .proof
        .iter()
        .filter(|s| matches!(s, ProofStep::Delete(_)));
    assert_eq!(deleted.count() as u64, report.stats.deleted);
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
        ..Budget::default()
    };
    let report = cdcl::solve(
        &clauses,
        &CdclOptions {
            budget,
            ..CdclOptions::default()
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
    let pairwise = queens::amo_clauses(n, Amo::Pairwise).unwrap().len();
    for amo in Amo::ALL {
        let clauses = queens::amo_clauses(n, amo).unwrap();
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
            let clauses = queens::amo_clauses(n, amo).unwrap();
            assert!(
                !certify(&clauses, &cdcl::solve(&clauses, &proving())),
                "{amo}, n = {n}"
            );
        }
    }
    assert!(queens::amo_clauses(queens::MAX_LINEAR_N + 1, Amo::Sequential).is_err());
}

/// A clause set as sorted lists of numbers, for comparing stores.
fn as_sets<'a>(clauses: impl Iterator<Item = &'a [i32]>) -> std::collections::BTreeSet<Vec<i32>> {
    clauses
        .map(|c| {
            let mut c = c.to_vec();
            c.sort_unstable();
            c.dedup();
            c
        })
        .collect()
}

#[test]
fn numbered_pairwise_clauses_are_the_named_ones() {
    use nqueens::encode::Amo;
    use nqueens::queens::Encoding;
    for encoding in Encoding::ALL {
        for n in 1..=7 {
            let named = encoding.clauses(n).unwrap();
            // Q<r,c> is (r − 1)·n + c, as `numbered` documents.
            let lists: Vec<Vec<i32>> = named
                .iter()
                .map(|clause| {
                    clause
                        .literals()
                        .iter()
                        .map(|l| {
                            let square = queens::square_of(l.variable()).unwrap();
                            let v = i32::try_from((square.row - 1) * n + square.col).unwrap();
                            if l.is_negative() { -v } else { v }
                        })
                        .collect()
                })
                .collect();
            let numbered = encoding.numbered(n, Amo::Pairwise).unwrap();
            assert_eq!(numbered.variables(), n * n);
            assert_eq!(
                as_sets(numbered.iter()),
                as_sets(lists.iter().map(Vec::as_slice)),
                "{encoding}, n = {n}"
            );
        }
    }
}

/// Clauses and auxiliary variables of one line of k squares, from each encoding's definition.
fn line_size(amo: nqueens::encode::Amo, k: usize) -> (usize, usize) {
    use nqueens::encode::Amo;
    if k <= 4 {
        return (k * k.saturating_sub(1) / 2, 0);
    }
    match amo {
        Amo::Sequential => (3 * k - 4, k - 1),
        Amo::Binary => {
            let bits = (k - 1).ilog2() as usize + 1;
            (k * bits, bits)
        }
        _ => unreachable!("not counted here"),
    }
}

#[test]
fn numbered_linear_clauses_have_the_published_sizes() {
    use nqueens::encode::Amo;
    use nqueens::queens::Encoding;
    for amo in [Amo::Sequential, Amo::Binary] {
        for n in [5, 8, 13] {
            // Rows, then the diagonals: lengths 1..n−1 twice and n once, in each direction.
            let lines = std::iter::repeat_n(n, n)
                .chain((1..n).flat_map(|k| [k, k, k, k]))
                .chain([n, n]);
            let (clauses, aux) = lines.fold((n, 0), |(c, a), k| {
                let (lc, la) = line_size(amo, k);
                (c + lc, a + la)
            });
            let cnf = Encoding::Lecture.numbered(n, amo).unwrap();
            assert_eq!(
                (cnf.len(), cnf.variables()),
                (clauses, n * n + aux),
                "{amo}, {n}"
            );
        }
    }
    assert!(Encoding::Lecture.numbered(0, Amo::Sequential).is_err());
    // Past the cap: refused with the largest board that fits.
    let refused = Encoding::Lecture
        .numbered(100_000, Amo::Sequential)
        .unwrap_err();
    assert!(refused.to_string().contains("100000"), "{refused}");
}

/// Whether queens on these columns (row by row) attack each other.
fn attacks(columns: &[usize]) -> bool {
    (0..columns.len()).any(|a| {
        (a + 1..columns.len())
            .any(|b| columns[a] == columns[b] || columns[a].abs_diff(columns[b]) == b - a)
    })
}

#[test]
fn every_encoding_allows_exactly_the_solutions() {
    use nqueens::cdcl::{CnfOutcome, Decide};
    use nqueens::encode::Amo;
    use nqueens::queens::Encoding;
    let n: usize = 5;
    // Every placement with one queen per row: 3125, of which 10 are solutions.
    let placements: Vec<Vec<usize>> = (0..n.pow(5))
        .map(|mut code| {
            (0..n)
                .map(|_| {
                    let c = code % n;
                    code /= n;
                    c
                })
                .collect()
        })
        .collect();
    for encoding in Encoding::ALL {
        for amo in Amo::ALL {
            let base = encoding.numbered(n, amo).unwrap();
            let mut solutions = 0;
            for (i, columns) in placements.iter().enumerate() {
                let mut cnf = base.clone();
                for (r, &c) in columns.iter().enumerate() {
                    cnf.add(&[i32::try_from(r * n + c + 1).unwrap()]);
                }
                let decide = if i % 2 == 0 {
                    Decide::Vsids
                } else {
                    Decide::ShortestClause
                };
                let options = CdclOptions {
                    decide,
                    proof: i % 97 == 0,
                    ..CdclOptions::default()
                };
                let report = cdcl::solve_cnf(&cnf, &options);
                match &report.outcome {
                    CnfOutcome::Satisfiable(values) => {
                        assert!(cnf.first_falsified(values).is_none());
                        assert!(!attacks(columns), "{encoding}, {amo}: {columns:?}");
                        solutions += 1;
                    }
                    CnfOutcome::Unsatisfiable => {
                        assert!(attacks(columns), "{encoding}, {amo}: {columns:?}");
                        if options.proof {
                            let lists: Vec<Vec<i32>> = cnf.iter().map(<[i32]>::to_vec).collect();
                            drat::check(cnf.variables(), &lists, &report.proof).unwrap();
                        }
                    }
                    CnfOutcome::GaveUp(limit) => panic!("{limit:?}"),
                }
            }
            assert_eq!(solutions, 10, "{encoding}, {amo}");
        }
    }
}

#[test]
fn shortest_clause_first_places_hundreds_of_queens_with_linear_clauses() {
    use nqueens::cdcl::{CnfOutcome, Decide};
    use nqueens::encode::Amo;
    use nqueens::queens::Encoding;
    for (n, amo) in [
        (150, Amo::Sequential),
        (200, Amo::Binary),
        (120, Amo::Commander),
    ] {
        let cnf = Encoding::Lecture.numbered(n, amo).unwrap();
        let options = CdclOptions {
            decide: Decide::ShortestClause,
            ..CdclOptions::default()
        };
        let report = cdcl::solve_cnf(&cnf, &options);
        let CnfOutcome::Satisfiable(values) = &report.outcome else {
            panic!("{n}, {amo}: {:?}", report.outcome);
        };
        assert!(cnf.first_falsified(values).is_none());
        let columns: Vec<usize> = (0..n)
            .map(|r| (0..n).find(|&c| values[r * n + c]).unwrap())
            .collect();
        assert!(!attacks(&columns), "{n}, {amo}");
        // The same clauses, the same search.
        assert_eq!(cdcl::solve_cnf(&cnf, &options).stats, report.stats);
    }
}
