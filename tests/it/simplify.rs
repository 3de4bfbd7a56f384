//! CDCL with the clauses simplified first (`CdclOptions::simplify`): every model, extended back
//! to the eliminated variables, satisfies every clause of the input; every unsatisfiable answer
//! agrees with brute force on small sets and comes with a proof that the DRAT checker accepts
//! against the input's clauses (the simplification's steps and the search's together); and each
//! rule is seen at work.

use crate::cdcl::{brute_force, certify, pigeonhole, random_ksat};
use crate::common;

use nqueens::board::Board;
use nqueens::cdcl::{self, CdclOptions, CdclStats, CnfOutcome, ProofStep, drat};
use nqueens::dp::Outcome;
use nqueens::encode::Amo;
use nqueens::logic::{Clauses, Cnf};
use nqueens::queens::Encoding;
use nqueens::rng::Rng;

fn simplifying() -> CdclOptions {
    CdclOptions {
        proof: true,
        simplify: true,
        ..CdclOptions::default()
    }
}

fn add(total: &mut CdclStats, stats: &CdclStats) {
    total.eliminated += stats.eliminated;
    total.subsumed += stats.subsumed;
    total.strengthened += stats.strengthened;
    total.resolvents += stats.resolvents;
}

#[test]
fn small_sets_agree_with_brute_force_and_every_rule_is_used() {
    let mut total = CdclStats::default();
    let mut both = [0, 0];
    for seed in 0..600_u64 {
        let small = usize::try_from(seed).unwrap();
        let n = 3 + small % 11;
        let clauses = if seed % 2 == 0 {
            random_ksat(n, n * 4 + small % 7, 2 + small % 3, seed)
        } else {
            // Mixed lengths, one to five: units to propagate, short clauses that subsume and
            // strengthen longer ones.
            common::random_clauses(&mut Rng::new(seed), n, n * 3 + small % 5, 5)
        };
        let report = cdcl::solve(&clauses, &simplifying());
        let satisfiable = certify(&clauses, &report);
        assert_eq!(satisfiable, brute_force(&clauses), "seed {seed}: {clauses}");
        both[usize::from(satisfiable)] += 1;
        add(&mut total, &report.stats);
    }
    assert!(both[0] > 50 && both[1] > 50, "{both:?}");
    assert!(total.eliminated > 0, "{total:?}");
    assert!(total.subsumed > 0, "{total:?}");
    assert!(total.strengthened > 0, "{total:?}");
    assert!(total.resolvents > 0, "{total:?}");
}

#[test]
fn random_3sat_at_the_threshold_is_certified_after_simplifying() {
    let mut both = [0, 0];
    for seed in 0..6 {
        let clauses = random_ksat(150, 639, 3, 1000 + seed);
        let report = cdcl::solve(&clauses, &simplifying());
        both[usize::from(certify(&clauses, &report))] += 1;
    }
    assert!(both[0] > 0 && both[1] > 0, "{both:?}");
}

#[test]
fn pigeonhole_proofs_hold_the_simplification_too() {
    for n in 2..=6 {
        let clauses = pigeonhole(n);
        let report = cdcl::solve(&clauses, &simplifying());
        assert!(!certify(&clauses, &report), "{n} holes");
        assert_eq!(report.proof.last(), Some(&ProofStep::Add(Vec::new())));
    }
}

#[test]
fn simplifying_alone_can_refute() {
    // p, p → q, q → r, ¬r: the units and strengthening find the empty clause; no search.
    let clauses: Clauses = "{p}, {¬p, q}, {¬q, r}, {¬r, s, ¬p}, {¬s, ¬r}, {¬r, ¬q}"
        .parse()
        .unwrap();
    let report = cdcl::solve(&clauses, &simplifying());
    assert!(!certify(&clauses, &report));
    assert_eq!(report.stats.decisions, 0);
    assert_eq!(report.stats.conflicts, 0);
    assert!(report.stats.strengthened > 0, "{:?}", report.stats);
}

/// The variables of an encoding's helpers: those past the n² squares.
fn helpers(cnf: &Cnf, n: usize) -> usize {
    cnf.variables() - n * n
}

#[test]
fn the_encodings_helper_variables_are_eliminated_and_the_boards_hold() {
    let n = 12;
    for encoding in Encoding::ALL {
        for amo in [Amo::Sequential, Amo::Commander, Amo::Product] {
            let cnf = encoding.numbered(n, amo).unwrap();
            let report = cdcl::solve_cnf(&cnf, &simplifying());
            let CnfOutcome::Satisfiable(values) = &report.outcome else {
                panic!("{encoding}, {amo}: {:?}", report.outcome);
            };
            assert_eq!(values.len(), cnf.variables());
            assert!(cnf.first_falsified(values).is_none(), "{encoding}, {amo}");
            // 1-based columns, row by row (variable r·n + c + 1 is the queen on row r, column c).
            let columns: Vec<usize> = (0..n)
                .map(|r| {
                    let row: Vec<usize> = (0..n).filter(|&c| values[r * n + c]).collect();
                    assert_eq!(row.len(), 1, "{encoding}, {amo}: row {r}");
                    row[0] + 1
                })
                .collect();
            let board = Board::from_columns(&columns).unwrap();
            assert!(board.is_solution(), "{encoding}, {amo}:\n{board}");
            assert!(
                report.stats.eliminated > 0 && helpers(&cnf, n) > 0,
                "{encoding}, {amo}: {:?}",
                report.stats
            );
        }
    }
    // Two and three queens: still impossible, the proofs checked against the input.
    for amo in Amo::ALL {
        for n in [2, 3] {
            let cnf = Encoding::ALL[0].numbered(n, amo).unwrap();
            let report = cdcl::solve_cnf(&cnf, &simplifying());
            assert_eq!(report.outcome, CnfOutcome::Unsatisfiable, "{amo}, n = {n}");
            let lists: Vec<Vec<i32>> = cnf.iter().map(<[i32]>::to_vec).collect();
            drat::check(cnf.variables(), &lists, &report.proof).unwrap();
        }
    }
}

#[test]
fn without_the_option_nothing_is_simplified() {
    let clauses = random_ksat(60, 250, 3, 7);
    let report = cdcl::solve(&clauses, &CdclOptions::default());
    assert_eq!(report.stats.eliminated, 0);
    assert_eq!(report.stats.subsumed + report.stats.strengthened, 0);
    let simplified = cdcl::solve(&clauses, &simplifying());
    assert!(simplified.stats.eliminated > 0, "{:?}", simplified.stats);
    assert_eq!(
        matches!(report.outcome, Outcome::Satisfiable(_)),
        matches!(simplified.outcome, Outcome::Satisfiable(_))
    );
}

/// Whether `rate` (a DRAT checker of its own, from crates.io: `make rate` installs it, and
/// `make unit` runs it) accepts the proof of `cnf`, and what it said.
fn rate_accepts(cnf: &Cnf, proof: &[ProofStep], name: &str) -> (bool, String) {
    let dir = std::env::temp_dir().join(format!("nqueens-rate-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut text = format!("p cnf {} {}\n", cnf.variables(), cnf.len());
    for clause in cnf.iter() {
        let words: Vec<String> = clause.iter().map(i32::to_string).collect();
        text.push_str(&words.join(" "));
        text.push_str(" 0\n");
    }
    std::fs::write(dir.join("f.cnf"), text).unwrap();
    let mut drat_text = Vec::new();
    drat::write(proof, i64::from, &mut drat_text).unwrap();
    std::fs::write(dir.join("f.drat"), drat_text).unwrap();
    let run = std::process::Command::new("rate")
        .arg(dir.join("f.cnf"))
        .arg(dir.join("f.drat"))
        .output()
        .unwrap_or_else(|e| panic!("rate cannot run ({e}): `make rate` installs it"));
    std::fs::remove_dir_all(&dir).unwrap();
    let said = String::from_utf8_lossy(&run.stdout).into_owned();
    let accepted = run.status.success() && said.lines().any(|l| l.trim() == "s VERIFIED");
    (accepted, said + &String::from_utf8_lossy(&run.stderr))
}

#[test]
fn rate_accepts_the_proofs_and_rejects_a_broken_one() {
    let mut formulas: Vec<(String, Cnf)> = (2..=6)
        .map(|n| {
            let lists = cdcl::numbered(&pigeonhole(n));
            (format!("pigeons-{n}"), Cnf::from_lists(&lists))
        })
        .collect();
    for amo in Amo::ALL {
        formulas.push((
            format!("queens-3-{amo}"),
            Encoding::ALL[0].numbered(3, amo).unwrap(),
        ));
    }
    for seed in 0..4 {
        let lists = cdcl::numbered(&random_ksat(60, 300, 3, 50 + seed));
        formulas.push((format!("random-{seed}"), Cnf::from_lists(&lists)));
    }
    let mut refuted = 0;
    for (name, cnf) in &formulas {
        let report = cdcl::solve_cnf(cnf, &simplifying());
        if report.outcome != CnfOutcome::Unsatisfiable {
            continue;
        }
        refuted += 1;
        let (accepted, said) = rate_accepts(cnf, &report.proof, name);
        assert!(accepted, "{name}: {said}");
    }
    assert!(refuted >= 10, "{refuted} of {} refuted", formulas.len());
    // The checker can say no: the last pigeonhole proof without the clauses it adds first.
    let cnf = &formulas[4].1;
    let report = cdcl::solve_cnf(cnf, &simplifying());
    let broken: Vec<ProofStep> = report
        .proof
        .iter()
        .skip_while(|s| matches!(s, ProofStep::Delete(_)))
        .skip(3)
        .cloned()
        .collect();
    assert!(!rate_accepts(cnf, &broken, "broken").0);
}
