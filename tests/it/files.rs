//! The library's work behind the command line, called directly: a DIMACS file solved
//! ([`sat_file::solve_file`]) and a count kept in files ([`queens::count_kept`],
//! [`queens::merge_files`]). Every answer is checked by its own certificate: a model against
//! every clause of the file, an unsatisfiable answer against brute force and its DRAT proof, a
//! count against the count made in one piece.

use nqueens::{Budget, Deadline};
use std::path::{Path, PathBuf};
use std::time::Duration;

use nqueens::cdcl::{Decide, drat};
use nqueens::dp::Heuristic;
use nqueens::logic::dimacs;
use nqueens::queens::{self, CountFiles, CountMethod, CountOptions, KeptCount, Part};
use nqueens::sat::Outcome;
use nqueens::sat_file::{SatRequest, Solver, solve_file};

use crate::common::{brute_force_models, read_drat};

/// A fresh directory for one test's files.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-files-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The values of a model's `v` lines, by variable number.
fn values(lines: &str) -> Vec<i64> {
    lines
        .split_whitespace()
        .filter(|token| *token != "v")
        .map(|token| token.parse().unwrap())
        .filter(|&literal: &i64| literal != 0)
        .collect()
}

const SOLVERS: [Solver; 3] = [
    Solver::Dp(Heuristic::FirstVariable),
    Solver::Cdcl {
        decide: Decide::Vsids,
        simplify: false,
        seed: nqueens::cdcl::DEFAULT_SEED,
    },
    // Another seed: another search, whose models must hold as well.
    Solver::Cdcl {
        decide: Decide::Vsids,
        simplify: true,
        seed: 2,
    },
];

#[test]
fn a_file_is_solved_by_either_solver_and_each_model_satisfies_every_clause_of_the_file() {
    let dir = fresh_dir("sat");
    let path = dir.join("q6.cnf");
    let text = dimacs::write(&queens::all_clauses(6).unwrap());
    std::fs::write(&path, &text).unwrap();
    let numbers = dimacs::read_numbers(&text, Deadline::NONE).unwrap();
    for solver in SOLVERS {
        let run = solve_file(&SatRequest {
            file: path.to_str().unwrap(),
            solver,
            budget: Budget::default(),
            proof: None,
        })
        .unwrap();
        assert_eq!(run.exit_code(), 10, "{solver:?}");
        let Outcome::Satisfiable(lines) = &run.answer else {
            panic!("{solver:?}: {:?}", run.answer)
        };
        let true_ones: Vec<i64> = values(lines);
        assert_eq!(true_ones.len(), numbers.declared, "one value a variable");
        for clause in numbers.clauses.iter() {
            assert!(
                clause.iter().any(|&l| true_ones.contains(&i64::from(l))),
                "{solver:?} falsifies {clause:?}"
            );
        }
        assert!(run.stats.unwrap().starts_with("c 36 variables, "));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unsatisfiable_file_agrees_with_brute_force_and_its_proof_checks() {
    let dir = fresh_dir("unsat");
    let (path, proof) = (dir.join("q3.cnf"), dir.join("q3.drat"));
    let clauses = queens::all_clauses(3).unwrap();
    assert!(brute_force_models(&clauses).is_empty());
    let text = dimacs::write(&clauses);
    std::fs::write(&path, &text).unwrap();
    for solver in SOLVERS {
        let with_proof = matches!(solver, Solver::Cdcl { .. }).then_some(proof.as_path());
        let run = solve_file(&SatRequest {
            file: path.to_str().unwrap(),
            solver,
            budget: Budget::default(),
            proof: with_proof,
        })
        .unwrap();
        assert_eq!(
            (&run.answer, run.exit_code()),
            (&Outcome::Unsatisfiable, 20)
        );
        if with_proof.is_some() {
            let numbers = dimacs::read_numbers(&text, Deadline::NONE).unwrap();
            let steps = read_drat(&std::fs::read_to_string(&proof).unwrap());
            assert!(!steps.is_empty(), "{solver:?}");
            let lists: Vec<Vec<i32>> = numbers.clauses.iter().map(<[i32]>::to_vec).collect();
            drat::check(numbers.declared, &lists, &steps).unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_budget_a_bad_file_and_a_proof_without_cdcl_are_answered_not_solved() {
    let dir = fresh_dir("refused");
    let path = dir.join("q8.cnf");
    std::fs::write(&path, dimacs::write(&queens::all_clauses(8).unwrap())).unwrap();
    let file = path.to_str().unwrap();
    let request = |solver, budget| SatRequest {
        file,
        solver,
        budget,
        proof: None,
    };
    let one_split = Budget {
        max_splits: Some(1),
        time_limit: None,
        ..Budget::default()
    };
    let run = solve_file(&request(SOLVERS[0], one_split)).unwrap();
    assert_eq!(run.exit_code(), 0);
    assert!(run.text().ends_with("s UNKNOWN\n"), "{}", run.text());
    let bad = dir.join("bad.cnf");
    std::fs::write(&bad, "p cnf 2 1\n1 x 0\n").unwrap();
    let refused = solve_file(&SatRequest {
        file: bad.to_str().unwrap(),
        ..request(SOLVERS[1], Budget::default())
    })
    .unwrap_err();
    assert!(
        refused.input && refused.message.contains("bad.cnf"),
        "{refused}"
    );
    let proof = dir.join("p.drat");
    let refused = solve_file(&SatRequest {
        proof: Some(&proof),
        ..request(SOLVERS[0], Budget::default())
    })
    .unwrap_err();
    assert!(
        refused.input && refused.message.contains("--solver cdcl"),
        "{refused}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A count of n queens kept in `dir`, as part `part` (or whole).
fn kept(
    n: usize,
    part: Option<Part>,
    dir: &Path,
    time_limit: Option<Duration>,
    resume: bool,
) -> Result<queens::Kept, nqueens::Failure> {
    let notice = |_: &str| {};
    let request = KeptCount {
        n,
        method: CountMethod::Bitboard,
        part,
        dir,
        resume,
        checkpoint_every: Duration::ZERO,
        resume_command: "again",
        notice: &notice,
        started: std::time::Instant::now(),
    };
    let options = CountOptions {
        threads: 1,
        budget: Budget {
            time_limit,
            ..Budget::default()
        },
        ..CountOptions::default()
    };
    queens::count_kept(&request, &options)
}

#[test]
fn a_count_kept_in_parts_adds_up_to_the_count_and_is_read_back_from_the_names_it_gives() {
    let dir = fresh_dir("parts");
    let whole = queens::count(11).unwrap();
    let mut results = Vec::new();
    let mut sum = 0;
    for i in 0..3 {
        let part = Part::new(i, 3).unwrap();
        let counted = kept(11, Some(part), &dir, None, false).unwrap();
        assert_eq!(counted.unstored, None);
        sum += counted.tally.all;
        let files = CountFiles::new(&dir, 11, Some(part));
        let result = files.result.unwrap();
        assert!(result.is_file() && !files.checkpoint.exists(), "{result:?}");
        results.push(result);
    }
    assert_eq!(sum, whole);
    let (merged, method) = queens::merge_files(11, &results).unwrap();
    assert_eq!((merged.all, method), (whole, CountMethod::Bitboard));
    assert!(queens::merge_files(11, &results[..2]).is_err());
    assert!(queens::merge_files(12, &results).unwrap_err().input);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_count_stopped_by_its_time_limit_keeps_a_checkpoint_and_resumes_to_the_same_answer() {
    let dir = fresh_dir("resume");
    let stopped = kept(13, None, &dir, Some(Duration::from_nanos(1)), false).unwrap_err();
    assert!(
        !stopped.input && stopped.message.contains("`again` goes on"),
        "{stopped}"
    );
    let checkpoint = CountFiles::new(&dir, 13, None).checkpoint;
    assert!(checkpoint.is_file());
    // A checkpoint is not overwritten by a fresh count.
    assert!(kept(13, None, &dir, None, false).unwrap_err().input);
    let resumed = kept(13, None, &dir, None, true).unwrap();
    assert_eq!(resumed.tally.all, queens::count(13).unwrap());
    assert!(!checkpoint.exists());
    let _ = std::fs::remove_dir_all(&dir);
}
