//! The CSP: the lecture's n-queens CSP, its notation, and three solvers whose every answer is
//! checked against the constraints and against the board, and compared with the SAT route.

use nqueens::Board;
use nqueens::csp::{self, Csp, CspError};
use nqueens::dp;
use nqueens::queens;
use nqueens::{Budget, Limit};

fn columns(assignment: &[i64]) -> Vec<usize> {
    assignment
        .iter()
        .map(|&v| usize::try_from(v).unwrap())
        .collect()
}

#[test]
fn the_lectures_csp_has_the_lectures_size() {
    let eight = queens::create_csp(8).unwrap();
    assert_eq!(
        (eight.variables().len(), eight.constraints().len()),
        (8, 56)
    );
    let four = queens::create_csp(4).unwrap();
    let text = four.to_string();
    assert!(
        text.starts_with("Variables:   {V1, V2, V3, V4}\nValues:      {1, 2, 3, 4}\nConstraints:"),
        "{text}"
    );
    assert!(text.contains("\n             V1 != V2\n"));
    assert!(text.contains("\n             abs(V4 - V1) != 3\n"));
    assert_eq!(text.lines().count(), 3 + 12);
    assert!(matches!(queens::create_csp(0), Err(CspError::Empty)));
}

#[test]
fn constraints_written_as_text_behave_like_the_built_ones() {
    let n = 6;
    let built = queens::create_csp(n).unwrap();
    let texts: Vec<String> = built
        .constraints()
        .iter()
        .map(|c| built.constraint_text(c))
        .collect();
    let parsed = Csp::new(built.variables(), 1..=6, &texts).unwrap();
    assert_eq!(parsed.to_string(), built.to_string());
    let a = csp::backtracking(&built, &Budget::default())
        .assignment
        .unwrap();
    let b = csp::backtracking(&parsed, &Budget::default())
        .assignment
        .unwrap();
    assert_eq!(a, b);
}

#[test]
fn bad_csps_are_refused_with_a_pointer() {
    let error = Csp::new(&["A", "B"], 1..=3, &["A != C"]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "in 'A != C', column 6: unknown variable C"
    );
    assert!(matches!(
        Csp::new(&["A", "A"], 1..=3, &[] as &[&str]),
        Err(CspError::BadVariable(_))
    ));
    assert!(matches!(
        Csp::new(&["1x"], 1..=3, &[] as &[&str]),
        Err(CspError::BadVariable(_))
    ));
    assert!(matches!(
        Csp::new(&["A"], [], &[] as &[&str]),
        Err(CspError::NoValues)
    ));
}

#[test]
fn every_solver_answers_correctly_up_to_12() {
    for n in 1..=12 {
        let problem = queens::create_csp(n).unwrap();
        let exists = !matches!(n, 2 | 3);
        for (name, report) in [
            (
                "backtracking",
                csp::backtracking(&problem, &Budget::default()),
            ),
            (
                "propagation",
                csp::propagation(&problem, &Budget::default()),
            ),
        ] {
            assert_eq!(report.assignment.is_some(), exists, "{name}, n = {n}");
            if let Some(assignment) = report.assignment {
                assert!(problem.is_solution(&assignment), "{name}, n = {n}");
                assert!(
                    Board::from_columns(&columns(&assignment))
                        .unwrap()
                        .is_solution(),
                    "{name}, n = {n}"
                );
            }
        }
        // The SAT route agrees on whether a solution exists.
        assert_eq!(
            dp::satisfy_one(&queens::all_clauses(n).unwrap()).is_some(),
            exists,
            "n = {n}"
        );
        if exists {
            let report = csp::min_conflicts(&problem, 7, &Budget::steps(100_000));
            let assignment = report.assignment.expect("min-conflicts finds small boards");
            assert!(problem.is_solution(&assignment));
            assert!(
                Board::from_columns(&columns(&assignment))
                    .unwrap()
                    .is_solution()
            );
        }
    }
}

#[test]
fn backtracking_counts_the_lectures_nodes() {
    // Rows in order, columns in increasing order: the classic first solution of 8 queens.
    let report = csp::backtracking(&queens::create_csp(8).unwrap(), &Budget::default());
    assert_eq!(report.assignment, Some(vec![1, 5, 8, 6, 3, 7, 2, 4]));
    assert_eq!(report.stats.nodes, 876);
}

#[test]
fn larger_boards_for_the_fast_solvers() {
    for n in [32, 64] {
        let problem = queens::create_csp(n).unwrap();
        let assignment = csp::propagation(&problem, &Budget::default())
            .assignment
            .unwrap();
        assert!(problem.is_solution(&assignment));
        let report = csp::min_conflicts(&problem, 1, &Budget::steps(100_000));
        assert!(problem.is_solution(&report.assignment.unwrap()));
    }
}

#[test]
fn min_conflicts_is_repeatable_and_respects_its_budget() {
    let problem = queens::create_csp(20).unwrap();
    assert_eq!(
        csp::min_conflicts(&problem, 3, &Budget::steps(100_000)),
        csp::min_conflicts(&problem, 3, &Budget::steps(100_000))
    );
    let starved = csp::min_conflicts(&problem, 3, &Budget::steps(1));
    assert!(starved.gave_up == Some(Limit::Steps(1)) && starved.assignment.is_none());
    let none = csp::min_conflicts(&queens::create_csp(3).unwrap(), 3, &Budget::steps(500));
    assert_eq!(
        none.gave_up,
        Some(Limit::Steps(500)),
        "no solution: it can only run out of steps"
    );
    let limited = csp::backtracking(&queens::create_csp(30).unwrap(), &Budget::nodes(1000));
    assert!(limited.gave_up == Some(Limit::Nodes(1000)) && limited.stats.nodes == 1000);
}

/// A general CSP (not queens), checked against brute force: the solvers find a solution
/// exactly when one exists.
#[test]
fn a_general_csp_agrees_with_brute_force() {
    let variables = ["A", "B", "C"];
    let sets: [&[&str]; 4] = [
        &["A + B == C", "A < B", "C * 2 >= 7"],
        &["A == B", "B == C", "A != C"],
        &["abs(A - B) == 2", "-C < -1", "A + B + C == 6"],
        &["A * B - C == 0", "A > 1", "B > A"],
    ];
    for constraints in sets {
        let problem = Csp::new(&variables, 0..=4, constraints).unwrap();
        let mut brute = Vec::new();
        for a in 0..=4 {
            for b in 0..=4 {
                for c in 0..=4 {
                    if problem.is_solution(&[a, b, c]) {
                        brute.push(vec![a, b, c]);
                    }
                }
            }
        }
        for report in [
            csp::backtracking(&problem, &Budget::default()),
            csp::propagation(&problem, &Budget::default()),
        ] {
            match report.assignment {
                Some(found) => assert!(brute.contains(&found), "{constraints:?}: {found:?}"),
                None => assert!(brute.is_empty(), "{constraints:?}: missed {brute:?}"),
            }
        }
        // Backtracking takes the first solution in order.
        assert_eq!(
            csp::backtracking(&problem, &Budget::default())
                .assignment
                .as_ref(),
            brute.first()
        );
    }
}
