//! One way to solve: every method through `queens::place`, each answer checked on its own.

use std::time::Duration;

use nqueens::Budget;
use nqueens::Limit;
use nqueens::cdcl::Decide;
use nqueens::dp::Heuristic;
use nqueens::encode::Amo;
use nqueens::queens::{self, Encoding, Method, QueensError};

const METHODS: [Method; 11] = [
    Method::LECTURE,
    Method::Dp {
        heuristic: Heuristic::JeroslowWang,
        encoding: Encoding::OneHot,
    },
    Method::Cdcl {
        encoding: Encoding::Lecture,
        amo: Amo::Pairwise,
        decide: Decide::Vsids,
    },
    Method::Cdcl {
        encoding: Encoding::OneHot,
        amo: Amo::Sequential,
        decide: Decide::ShortestClause,
    },
    Method::Cdcl {
        encoding: Encoding::Lecture,
        amo: Amo::Binary,
        decide: Decide::ShortestClause,
    },
    Method::CspBacktracking,
    Method::CspPropagation,
    Method::CspMinConflicts { seed: 3 },
    Method::Backtracking,
    Method::Construct,
    Method::MinConflicts { seed: 3 },
];

#[test]
fn every_method_places_queens_that_do_not_attack() {
    for method in METHODS {
        for n in [1, 4, 5, 8, 13] {
            let placed = queens::place(n, &method, &Budget::default())
                .unwrap_or_else(|e| panic!("{method}, n = {n}: {e}"));
            assert_eq!(placed.n(), n);
            assert_eq!(placed.method(), method);
            // An independent certificate: the board's own attack rules.
            let board = placed.board().unwrap();
            assert!(board.is_solution(), "{method}, n = {n}:\n{board}");
            assert_eq!(board.len(), n);
        }
    }
}

#[test]
fn two_and_three_have_no_solution_by_every_method() {
    let limits = Budget {
        max_steps: Some(10_000),
        ..Budget::default()
    };
    for method in METHODS {
        for n in [2, 3] {
            let answer = queens::place(n, &method, &limits);
            if method == (Method::CspMinConflicts { seed: 3 }) {
                // The general local search cannot prove there is none: it runs out of steps.
                assert!(
                    matches!(answer, Err(QueensError::GaveUp { .. })),
                    "{answer:?}"
                );
            } else {
                assert_eq!(answer, Err(QueensError::NoSolution { n }), "{method}");
            }
        }
        assert_eq!(
            queens::place(0, &method, &Budget::default()),
            Err(QueensError::Empty)
        );
    }
}

#[test]
fn each_method_reports_what_it_counted() {
    let limits = Budget::default();
    let dp = queens::place(8, &Method::LECTURE, &limits).unwrap();
    assert_eq!(
        dp.stats.get("encoding"),
        Some("lecture (512 clauses, 64 variables)")
    );
    let rows = queens::place(8, &Method::Backtracking, &limits).unwrap();
    assert_eq!(rows.columns(), [1, 5, 8, 6, 3, 7, 2, 4]);
    assert_eq!(rows.stats.get("squares tried"), Some("876"));
    let csp = queens::place(8, &Method::CspBacktracking, &limits).unwrap();
    assert_eq!(csp.stats.get("nodes"), Some("876"));
    assert_eq!(csp.columns(), rows.columns());
    assert!(
        dp.stats
            .to_string()
            .starts_with("encoding:          lecture")
    );
}

#[test]
fn limits_give_up_with_the_solver_and_what_ran_out() {
    let tight = Budget {
        max_splits: Some(2),
        max_nodes: Some(50),
        max_steps: Some(1),
        ..Budget::default()
    };
    let cases = [
        (
            Method::LECTURE,
            "Davis–Putnam gave up on 30 queens after 2 splits",
        ),
        (
            Method::Backtracking,
            "backtracking gave up on 30 queens after 50 squares tried",
        ),
        (
            Method::CspBacktracking,
            "CSP backtracking gave up on 30 queens after 50 nodes",
        ),
        (
            Method::MinConflicts { seed: 1 },
            "min-conflicts gave up on 30 queens after 1 steps",
        ),
    ];
    for (method, message) in cases {
        let error = queens::place(30, &method, &tight).unwrap_err();
        assert!(
            matches!(error, QueensError::GaveUp { n: 30, .. }),
            "{error}"
        );
        assert_eq!(error.to_string(), message);
    }
    // What ran out is typed, so a caller can say which limit to raise.
    let error = queens::place(30, &Method::Backtracking, &tight).unwrap_err();
    assert!(matches!(
        error,
        QueensError::GaveUp {
            after: Limit::Squares(50),
            ..
        }
    ));
}

#[test]
fn the_time_limit_counts_building_the_clauses() {
    // With no time at all, Davis–Putnam gives up before the first group of clauses: the
    // 4.7 million clauses of 160 queens are never built.
    let none = Budget {
        time_limit: Some(Duration::ZERO),
        ..Budget::default()
    };
    let error = queens::place(160, &Method::LECTURE, &none).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Davis–Putnam gave up on 160 queens after 0.000 s"
    );
    // The CSP solvers too: building the 9 million constraints of 3000 queens stops at once.
    for method in [
        Method::CspBacktracking,
        Method::CspPropagation,
        Method::CspMinConflicts { seed: 1 },
    ] {
        let error = queens::place(3000, &method, &none).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("{} gave up on 3000 queens after 0.000 s", method.name())
        );
    }
    // A limit that is not reached changes nothing.
    let ample = Budget {
        time_limit: Some(Duration::from_secs(3600)),
        ..Budget::default()
    };
    for method in [Method::LECTURE, Method::CspPropagation] {
        let with = queens::place(12, &method, &ample).unwrap();
        let without = queens::place(12, &method, &Budget::default()).unwrap();
        assert_eq!(with.columns(), without.columns());
    }
}

#[test]
fn boards_too_large_for_a_method_are_refused_up_front() {
    let limits = Budget::default();
    for (method, n) in [
        (Method::LECTURE, 200),
        (Method::CspBacktracking, 5000),
        (Method::Backtracking, 1 << 40),
        (Method::Construct, (1 << 30) + 1),
    ] {
        let error = queens::place(n, &method, &limits).unwrap_err();
        assert!(
            matches!(
                error,
                QueensError::TooLarge { .. } | QueensError::OutOfRange { .. }
            ),
            "{method}: {error}"
        );
    }
}

#[test]
fn huge_boards_stay_lists_of_columns() {
    let placed = queens::place(5000, &Method::Construct, &Budget::default()).unwrap();
    assert_eq!(placed.columns().len(), 5000);
    assert!(matches!(
        placed.board(),
        Err(QueensError::OutOfRange { max: 1000, .. })
    ));
}
