//! The four routes to n queens agree: Davis–Putnam on clauses, the CSP solvers, the board
//! backtracking and brute force. On whether a solution exists, on *which* boards are solutions
//! (every route enumerates the same set), and on how many there are, for n ≤ 10.

use nqueens::{Budget, Limit};
use std::collections::BTreeSet;
use std::time::Duration;

use nqueens::Board;
use nqueens::backtrack;
use nqueens::csp;
use nqueens::dp::{self, Heuristic};
use nqueens::queens::{self, Encoding};

/// Every solution by trying every permutation of the columns (one queen per row and column
/// already), keeping those with no shared diagonal. Independent of every solver in the crate.
fn brute_force(n: usize) -> BTreeSet<Vec<usize>> {
    fn extend(n: usize, columns: &mut Vec<usize>, out: &mut BTreeSet<Vec<usize>>) {
        if columns.len() == n {
            out.insert(columns.clone());
            return;
        }
        for c in 1..=n {
            if columns.contains(&c) {
                continue;
            }
            columns.push(c);
            let diagonal_free = {
                let r = columns.len();
                (1..r).all(|q| r - q != c.abs_diff(columns[q - 1]))
            };
            // Only the diagonal with the newest queen can be new: prune there, as a person would.
            if diagonal_free {
                extend(n, columns, out);
            }
            columns.pop();
        }
    }
    let mut out = BTreeSet::new();
    extend(n, &mut Vec::new(), &mut out);
    out
}

fn certify(n: usize, columns: &[usize], route: &str) {
    let board = Board::from_columns(columns).unwrap();
    assert_eq!(board.size(), n, "{route}");
    assert!(board.is_solution(), "{route}, n = {n}:\n{board}");
}

#[test]
fn every_route_finds_the_same_solutions_up_to_10() {
    for n in 1..=10 {
        let expected = brute_force(n);

        let mut by_sat = BTreeSet::new();
        let clauses = Encoding::OneHot.clauses(n).unwrap();
        for model in dp::satisfy_all(
            &clauses,
            &dp::Options::with_heuristic(Heuristic::FirstVariable),
        ) {
            assert!(clauses.is_satisfied_by(&model));
            let columns: Vec<usize> = queens::decode(&model, n)
                .unwrap()
                .columns()
                .into_iter()
                .map(Option::unwrap)
                .collect();
            certify(n, &columns, "sat");
            assert!(by_sat.insert(columns), "sat: a solution twice");
        }
        assert_eq!(by_sat, expected, "sat, n = {n}");

        let counted = csp::count_solutions(&queens::create_csp(n).unwrap(), &Budget::default());
        assert_eq!(counted.gave_up, None);
        assert_eq!(counted.solutions, expected.len() as u64, "csp, n = {n}");

        let rows = backtrack::count_rows(n, &Budget::default());
        assert_eq!(rows.gave_up, None);
        assert_eq!(
            rows.solutions,
            expected.len() as u64,
            "backtracking, n = {n}"
        );
        // Both backtracking searches go in the same order, so their first solution is the
        // first in lexicographic order.
        assert_eq!(rows.columns.as_ref(), expected.first(), "n = {n}");
    }
}

#[test]
fn every_solver_agrees_on_existence_and_its_board_checks_out() {
    for n in 1..=12 {
        let exists = !matches!(n, 2 | 3);
        let problem = queens::create_csp(n).unwrap();
        let rows = backtrack::solve_rows(n, &Budget::default());
        let answers = [
            ("backtracking", rows.columns),
            (
                "csp-backtracking",
                csp::backtracking(&problem, &Budget::default())
                    .assignment
                    .map(to_columns),
            ),
            (
                "csp-propagation",
                csp::propagation(&problem, &Budget::default())
                    .assignment
                    .map(to_columns),
            ),
            (
                "dp",
                queens::solve_queens(n, Encoding::Lecture, &dp::Options::default())
                    .unwrap()
                    .board()
                    .ok()
                    .map(|b| b.columns().into_iter().map(Option::unwrap).collect()),
            ),
        ];
        for (route, answer) in answers {
            assert_eq!(answer.is_some(), exists, "{route}, n = {n}");
            if let Some(columns) = answer {
                certify(n, &columns, route);
            }
        }
    }
}

fn to_columns(assignment: Vec<i64>) -> Vec<usize> {
    assignment
        .into_iter()
        .map(|v| usize::try_from(v).unwrap())
        .collect()
}

#[test]
fn the_fast_backtracking_is_the_lectures_search() {
    // Same order as the lecture's recursive fill: the same first board, for every n.
    for n in 1..=12 {
        let lecture = backtrack::fill_board_recursion(n, &backtrack::queen_sees).map(|grid| {
            backtrack::to_board(&grid, nqueens::Piece::Queen)
                .columns()
                .into_iter()
                .map(Option::unwrap)
                .collect::<Vec<usize>>()
        });
        assert_eq!(
            backtrack::solve_rows(n, &Budget::default()).columns,
            lecture,
            "n = {n}"
        );
    }
    // And as many queens placed as the recursive fill places.
    let steps = backtrack::fill_board_steps(4).len() as u64;
    assert_eq!(backtrack::solve_rows(4, &Budget::default()).nodes, steps);
}

#[test]
fn the_backtracking_budget_stops_the_search() {
    let stopped = backtrack::solve_rows(40, &Budget::nodes(1000));
    assert_eq!(stopped.gave_up, Some(Limit::Squares(1000)));
    assert_eq!(stopped.squares, 1000);
    assert_eq!(stopped.columns, None);
    let counted = backtrack::count_rows(8, &Budget::nodes(200));
    assert_eq!(counted.gave_up, Some(Limit::Squares(200)));
    assert!(counted.solutions < 92);
    let csp_counted = csp::count_solutions(&queens::create_csp(8).unwrap(), &Budget::nodes(200));
    assert_eq!(csp_counted.gave_up, Some(Limit::Nodes(200)));
    // Stopped by the clock, each says so, with the limit it was given.
    let no_time = Budget::time(Duration::ZERO);
    assert_eq!(
        backtrack::solve_rows(40, &no_time).gave_up,
        Some(Limit::Time(Duration::ZERO))
    );
    assert_eq!(
        csp::backtracking(&queens::create_csp(8).unwrap(), &no_time).gave_up,
        Some(Limit::Time(Duration::ZERO))
    );
    // Plain backtracking's work jumps about with n: 25 queens take far fewer squares tried
    // than 24 (about 1.2 million against 9.9 million).
    let big = backtrack::solve_rows(25, &Budget::nodes(2_000_000));
    let columns = big.columns.expect("25 queens by plain backtracking");
    certify(25, &columns, "backtracking");
    assert_eq!(
        backtrack::solve_rows(24, &Budget::nodes(2_000_000)).gave_up,
        Some(Limit::Squares(2_000_000))
    );
}

#[test]
fn the_backtracking_budget_bounds_the_work_on_any_board() {
    // Each square tried costs constant time, so the budget bounds the time on wide boards too.
    let wide = backtrack::solve_rows(5000, &Budget::nodes(1_000_000));
    assert!(wide.gave_up == Some(Limit::Squares(1_000_000)) && wide.columns.is_none());
    assert_eq!(wide.squares, 1_000_000);
    // A board wider than the budget cannot be filled within it: the budget is spent all the same
    // (so that a report says how many squares were tried), and bounds the work as above.
    let hopeless = backtrack::solve_rows(2_000_000, &Budget::nodes(1_000_000));
    assert!(hopeless.gave_up == Some(Limit::Squares(1_000_000)) && hopeless.columns.is_none());
    assert_eq!(hopeless.squares, 1_000_000);
    // A board beyond the largest the search takes is given up without allocating anything.
    let huge = backtrack::count_rows(1 << 40, &Budget::default());
    assert!(huge.gave_up == Some(Limit::Squares(0)) && huge.solutions == 0);
    // The squares tried are the CSP's values tried: the same search, counted the same way.
    let eight = backtrack::solve_rows(8, &Budget::default());
    let csp = csp::backtracking(&queens::create_csp(8).unwrap(), &Budget::default());
    assert_eq!(eight.squares, csp.stats.nodes);
}
