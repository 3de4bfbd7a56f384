//! `satisfy_all` and `satisfy_count`: every n-queens solution, each checked on the board; and on
//! random clause sets, the properties that blocking by positive literals promises.

use crate::common;

use std::collections::BTreeSet;

use common::{brute_force_models, random_clauses};
use nqueens::dp::{self, Heuristic, Options, Outcome};
use nqueens::logic::{Clause, Literal, Model, Variable};
use nqueens::queens::{self, Encoding};
use nqueens::rng::Rng;

/// OEIS A000170.
const SOLUTIONS: [u64; 11] = [0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724];

fn true_set(model: &Model) -> BTreeSet<Variable> {
    model.true_variables().collect()
}

#[test]
fn every_solution_up_to_10_queens_once() {
    for encoding in Encoding::ALL {
        for (n, &expected) in SOLUTIONS.iter().enumerate().skip(1) {
            let clauses = encoding.clauses(n).unwrap();
            let mut boards = BTreeSet::new();
            for model in
                dp::satisfy_all(&clauses, &Options::with_heuristic(Heuristic::JeroslowWang))
            {
                assert!(clauses.is_satisfied_by(&model));
                let board = queens::decode(&model, n).unwrap();
                assert!(board.is_solution(), "{encoding}, n = {n}:\n{board}");
                assert!(
                    boards.insert(board.columns()),
                    "{encoding}, n = {n}: twice:\n{board}"
                );
            }
            assert_eq!(boards.len() as u64, expected, "{encoding}, n = {n}");
        }
    }
    assert_eq!(dp::satisfy_count(&queens::one_hot_clauses(8).unwrap()), 92);
    assert!(dp::satisfy_one(&queens::all_clauses(3).unwrap()).is_none());
    assert!(dp::satisfy_one(&queens::all_clauses(6).unwrap()).is_some());
}

/// With the first-variable rule, carrying the search on after each model finds the n-queens
/// solutions in the same order as solving again from scratch with the blocking clauses added.
#[test]
fn resuming_finds_the_same_sequence_as_solving_again() {
    for encoding in Encoding::ALL {
        for n in 1..=7 {
            let mut clauses = encoding.clauses(n).unwrap();
            let resumed: Vec<Model> =
                dp::satisfy_all(&clauses, &Options::with_heuristic(Heuristic::FirstVariable))
                    .collect();
            let mut again = Vec::new();
            while let Outcome::Satisfiable(model) =
                dp::search(&clauses, &Options::default()).outcome
            {
                clauses.insert(
                    model
                        .true_variables()
                        .map(Literal::negative)
                        .collect::<Clause>(),
                );
                again.push(model);
            }
            assert_eq!(resumed, again, "{encoding}, n = {n}");
        }
    }
}

#[test]
fn random_clause_sets_are_enumerated_soundly_and_completely() {
    let mut rng = Rng::new(92);
    let mut total = 0;
    for round in 0..300 {
        let vars = 2 + rng.below(6);
        let count = 1 + rng.below(3 * vars);
        let set = random_clauses(&mut rng, vars, count, 3);
        let all = brute_force_models(&set);
        for heuristic in [Heuristic::FirstVariable, Heuristic::JeroslowWang] {
            let found: Vec<Model> =
                dp::satisfy_all(&set, &Options::with_heuristic(heuristic)).collect();
            total += found.len();
            for (j, model) in found.iter().enumerate() {
                assert!(
                    set.is_satisfied_by(model),
                    "round {round}: {model} fails {set}"
                );
                // Not ruled out by the blocking clause of an earlier model.
                for earlier in &found[..j] {
                    assert!(
                        !true_set(earlier).is_subset(&true_set(model)),
                        "round {round}: {earlier} blocks {model}"
                    );
                }
            }
            // Every model of the set is covered: some model found has no true variable it lacks.
            for model in &all {
                assert!(
                    found
                        .iter()
                        .any(|m| true_set(m).is_subset(&true_set(model))),
                    "round {round}, {heuristic}: {model} of {set} was missed"
                );
            }
        }
    }
    assert!(
        total > 300,
        "the generator should give many models: {total}"
    );
}

#[test]
fn a_time_limit_holds_for_the_whole_enumeration() {
    // Listing the 14,200 solutions of twelve queens takes seconds, each search a fraction of
    // the limit: the limit must stop the listing, not each search.
    let clauses = queens::all_clauses(12).unwrap();
    let start = std::time::Instant::now();
    let mut models = dp::satisfy_all(
        &clauses,
        &Options {
            budget: nqueens::Budget::time(std::time::Duration::from_millis(200)),
            ..Options::with_heuristic(Heuristic::FirstVariable)
        },
    );
    models.by_ref().for_each(drop);
    assert!(
        models.gave_up().is_some(),
        "{} models listed in {:?}",
        models.found(),
        start.elapsed()
    );
    // Stopped near the limit (with the limit taken per search, the listing went on for seconds,
    // until one search alone ran past it).
    assert!(
        start.elapsed() < std::time::Duration::from_millis(1200),
        "{} models listed in {:?}",
        models.found(),
        start.elapsed()
    );
}
