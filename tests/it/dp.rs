//! The Davis–Putnam solver: the lecture's test vectors, and seeded random clause sets checked
//! against brute force and against the lecture's set-based definition.

use crate::common;

use std::time::Duration;

use common::{brute_force_models, random_clauses};
use nqueens::dp::{self, Budget, Heuristic, Limit, Options, Outcome, Step};
use nqueens::logic::{Clauses, Literal, Model};
use nqueens::rng::Rng;

const SATISFIABLE: &str = "{¬p, r, q, ¬s}, {r, p, s}, {r, s}, {p, q, s}, {¬p, ¬q}, {¬p, s, ¬r}, \
                           {p, ¬q, r}, {¬r, ¬s, q}, {¬p, ¬s}, {p, ¬r, ¬q}";

fn clauses(text: &str) -> Clauses {
    text.parse().unwrap()
}

fn literal(text: &str) -> Literal {
    text.parse().unwrap()
}

const HEURISTICS: [Heuristic; 2] = [Heuristic::FirstVariable, Heuristic::JeroslowWang];

#[test]
fn the_lecture_example_has_exactly_one_model() {
    let set = clauses(SATISFIABLE);
    let expected: Model = ["¬p", "¬q", "¬r", "s"].into_iter().map(literal).collect();
    assert_eq!(brute_force_models(&set), vec![expected.clone()]);
    for heuristic in HEURISTICS {
        let report = dp::search(&set, &Options::with_heuristic(heuristic));
        assert_eq!(
            report.outcome,
            Outcome::Satisfiable(expected.clone()),
            "{heuristic}"
        );
        assert_eq!(dp::solve_by_sets(&set, heuristic), expected.to_clauses());
    }
    assert_eq!(dp::solve(&set).to_string(), "{{¬p}, {¬q}, {¬r}, {s}}");
}

#[test]
fn the_lecture_unsatisfiable_examples_give_the_empty_clause() {
    let with_extra = format!("{SATISFIABLE}, {{p, r, q, ¬s}}");
    let worked = "{p, q, s}, {¬p, r, ¬t}, {r, s}, {¬r, q, ¬p}, {¬s, p}, {¬p, ¬q, s, ¬r}, \
                  {p, ¬q, s}, {¬r, ¬s}, {¬p, ¬s}";
    for text in [with_extra.as_str(), worked] {
        let set = clauses(text);
        assert!(brute_force_models(&set).is_empty(), "{text}");
        for heuristic in HEURISTICS {
            assert_eq!(
                dp::search(&set, &Options::with_heuristic(heuristic)).outcome,
                Outcome::Unsatisfiable
            );
            assert_eq!(dp::solve_by_sets(&set, heuristic), Clauses::falsum());
        }
        assert_eq!(dp::solve(&set).to_string(), "{{}}");
    }
}

#[test]
fn reduce_is_unit_cut_and_unit_subsumption() {
    let set = clauses("{p, q}, {¬p, r}, {¬p, ¬q, s}, {q, s}, {p}");
    let reduced = dp::reduce(&set, literal("p"));
    // {p, q} is subsumed; ¬p is cut from the others; {q, s} stays; {p} is kept.
    assert_eq!(reduced, clauses("{r}, {¬q, s}, {q, s}, {p}"));
    assert_eq!(dp::complement(literal("¬p")), literal("p"));
}

#[test]
fn saturate_propagates_every_unit() {
    let set = clauses("{p}, {¬p, q}, {¬q, r, s}, {¬r}");
    assert_eq!(dp::saturate(&set), clauses("{p}, {q}, {¬r}, {s}"));
    let conflict = clauses("{p}, {¬p, q}, {¬q}");
    assert!(dp::saturate(&conflict).contains_empty());
}

#[test]
fn edge_cases_empty_set_and_empty_clause() {
    assert_eq!(dp::solve(&Clauses::new()), Clauses::new());
    assert_eq!(dp::solve(&Clauses::falsum()), Clauses::falsum());
    // A tautology alone leaves its variable unassigned: it vanishes from every clause.
    let report = dp::search(&clauses("{p, ¬p}"), &Options::default());
    assert_eq!(report.outcome, Outcome::Satisfiable(Model::new()));
}

/// The engine and the lecture's set-based definition agree on every answer, model for model;
/// every model satisfies its clauses and every "unsatisfiable" is confirmed by brute force.
#[test]
fn random_clause_sets_agree_with_brute_force_and_the_lecture() {
    let mut rng = Rng::new(2026);
    let (mut sat, mut unsat) = (0, 0);
    for round in 0..400 {
        let vars = 3 + rng.below(6);
        let count = 2 + rng.below(5 * vars);
        let set = random_clauses(&mut rng, vars, count, 4);
        let models = brute_force_models(&set);
        for heuristic in HEURISTICS {
            let report = dp::search(&set, &Options::with_heuristic(heuristic));
            match &report.outcome {
                Outcome::Satisfiable(model) => {
                    assert!(
                        set.is_satisfied_by(model),
                        "round {round}: {model} fails {set}"
                    );
                    assert!(!models.is_empty());
                    sat += 1;
                }
                Outcome::Unsatisfiable => {
                    assert!(
                        models.is_empty(),
                        "round {round}: brute force satisfies {set}"
                    );
                    unsat += 1;
                }
                Outcome::GaveUp(limit) => panic!("no budget was set, yet it gave up: {limit:?}"),
            }
            let by_sets = dp::solve_by_sets(&set, heuristic);
            assert_eq!(
                report.outcome.to_clauses(),
                Some(by_sets),
                "round {round}, {heuristic}: {set}"
            );
        }
    }
    // The generator must exercise both answers for the agreement to mean something.
    assert!(
        sat > 100 && unsat > 100,
        "{sat} satisfiable, {unsat} unsatisfiable"
    );
}

#[test]
fn jeroslow_wang_picks_the_literal_in_the_most_short_clauses() {
    assert_eq!(
        dp::select_literal(&clauses("{p}, {¬q}"), Heuristic::JeroslowWang),
        None
    );
    // ¬q is in two binary clauses (score 1/2); p is in one binary and one ternary (3/8).
    let set = clauses("{p, ¬q}, {¬q, r}, {p, r, s}");
    assert_eq!(
        dp::select_literal(&set, Heuristic::JeroslowWang),
        Some(literal("¬q"))
    );
    assert_eq!(
        dp::select_literal(&set, Heuristic::FirstVariable),
        Some(literal("p"))
    );
    // A tie goes to the earlier variable, then to the positive literal.
    let tie = clauses("{p, q}, {¬p, ¬q}");
    assert_eq!(
        dp::select_literal(&tie, Heuristic::JeroslowWang),
        Some(literal("p"))
    );
}

#[test]
fn the_trace_records_splits_retries_and_conflicts() {
    let set = clauses(SATISFIABLE);
    let options = Options {
        trace: true,
        ..Options::default()
    };
    let report = dp::search(&set, &options);
    let splits = report
        .trace
        .iter()
        .filter(|s| matches!(s, Step::Split { .. }))
        .count();
    let conflicts = report
        .trace
        .iter()
        .filter(|s| matches!(s, Step::Conflict { .. }))
        .count();
    let forced: usize = report
        .trace
        .iter()
        .map(|s| match s {
            Step::Units { literals, .. } => literals.len(),
            _ => 0,
        })
        .sum();
    assert_eq!(splits as u64, report.stats.splits);
    assert_eq!(conflicts as u64, report.stats.conflicts);
    assert_eq!(forced as u64, report.stats.unit_propagations);
    assert!(matches!(
        report.trace.first(),
        Some(Step::Split { depth: 0, .. })
    ));
    assert_eq!(report.trace[0].to_string(), "split: try {p}");
}

#[test]
fn a_budget_stops_the_search_with_a_clear_answer() {
    let set = nqueens::queens::all_clauses(12).unwrap();
    let budget = Budget {
        max_splits: Some(3),
        time_limit: None,
        ..Budget::default()
    };
    let report = dp::search(
        &set,
        &Options {
            budget,
            ..Options::default()
        },
    );
    assert_eq!(report.outcome, Outcome::GaveUp(Limit::Splits(3)));
    assert_eq!(report.stats.splits, 3);
    assert_eq!(report.outcome.to_string(), "gave up after 3 splits");
    let budget = Budget {
        max_splits: None,
        time_limit: Some(Duration::ZERO),
        ..Budget::default()
    };
    let report = dp::search(
        &set,
        &Options {
            budget,
            ..Options::default()
        },
    );
    assert_eq!(report.outcome, Outcome::GaveUp(Limit::Time(Duration::ZERO)));
}

/// The search keeps its open splits on the heap: a 64×64 board runs on a thread with a small
/// stack, where a recursion one frame per split would overflow.
#[test]
fn deep_searches_do_not_use_the_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            let set = nqueens::queens::all_clauses(64).unwrap();
            let budget = Budget {
                max_splits: Some(5_000),
                time_limit: None,
                ..Budget::default()
            };
            let options = Options {
                heuristic: Heuristic::JeroslowWang,
                budget,
                trace: false,
            };
            dp::search(&set, &options)
        })
        .unwrap();
    let report = handle.join().expect("no stack overflow");
    match report.outcome {
        Outcome::Satisfiable(model) => {
            assert!(
                nqueens::queens::all_clauses(64)
                    .unwrap()
                    .is_satisfied_by(&model)
            );
        }
        Outcome::GaveUp(Limit::Splits(5_000)) => assert_eq!(report.stats.splits, 5_000),
        other => panic!("64 queens has solutions, got {other}"),
    }
}

/// The Jeroslow–Wang score is taken over the clause *set*: when unit cut turns {a, x, y} into
/// {x, y}, which is already there, it counts once. Counted twice, x would score 1/2 and beat z
/// (3/8); counted once, it scores 1/4 and z wins.
#[test]
fn jeroslow_wang_counts_a_clause_that_cut_made_equal_to_another_once() {
    let set = clauses("{¬a}, {a, x, y}, {x, y}, {z, w}, {z, u, v}");
    let saturated = dp::saturate(&set);
    assert_eq!(saturated, clauses("{¬a}, {x, y}, {z, w}, {z, u, v}"));
    assert_eq!(
        dp::select_literal(&saturated, Heuristic::JeroslowWang),
        Some(literal("z"))
    );
    let options = Options {
        heuristic: Heuristic::JeroslowWang,
        trace: true,
        ..Options::default()
    };
    let report = dp::search(&set, &options);
    // The unit clause comes first, then the split.
    assert_eq!(
        report.trace[..2],
        [
            Step::Units {
                depth: 0,
                literals: vec![literal("¬a")]
            },
            Step::Split {
                depth: 0,
                literal: literal("z")
            }
        ]
    );
    assert_eq!(report.trace[0].to_string(), "units: ¬a");
    // Two clauses shortened into the same one count once too.
    let set = clauses("{¬a}, {¬b}, {a, x, y}, {b, x, y}, {z, w}, {z, u, v}");
    let report = dp::search(&set, &options);
    assert_eq!(
        report.trace[1],
        Step::Split {
            depth: 0,
            literal: literal("z")
        }
    );
    assert_eq!(
        dp::select_literal(&dp::saturate(&set), Heuristic::JeroslowWang),
        Some(literal("z"))
    );
}

#[test]
fn a_long_chain_of_unit_clauses_stops_at_the_time_limit() {
    // x0, and x(i) implies x(i + 1): one unit propagation, no split, makes every variable true.
    // The clock used to be read only at a split, so a chain this long ran to its model however
    // small the limit.
    let names: Vec<nqueens::logic::Variable> = (0..300_000)
        .map(|i| nqueens::logic::Variable::new(&format!("x{i}")).unwrap())
        .collect();
    let mut chain = Clauses::new();
    chain.insert(nqueens::logic::Clause::unit(Literal::positive(names[0])));
    for pair in names.windows(2) {
        chain.insert(
            [Literal::negative(pair[0]), Literal::positive(pair[1])]
                .into_iter()
                .collect(),
        );
    }
    let limited = Options {
        budget: Budget::time(Duration::from_millis(1)),
        ..Options::with_heuristic(Heuristic::JeroslowWang)
    };
    let report = dp::search(&chain, &limited);
    assert_eq!(
        report.outcome,
        Outcome::GaveUp(Limit::Time(Duration::from_millis(1)))
    );
    // Without a limit the same chain has its one model.
    let whole = dp::search(&chain, &Options::with_heuristic(Heuristic::JeroslowWang));
    assert!(matches!(whole.outcome, Outcome::Satisfiable(_)));
}
