use super::super::clauses::clause_sets;
use super::*;

#[test]
fn next_generation_follows_the_rule_at_the_ends_too() {
    assert_eq!(next_generation(&[]), Vec::<u8>::new());
    assert_eq!(next_generation(&[0]), vec![0]);
    assert_eq!(next_generation(&[1]), vec![1]);
    assert_eq!(next_generation(&[1, 1, 1]), vec![1, 0, 1]);
    assert_eq!(next_generation(&[0, 0, 1, 0, 0]), vec![0, 1, 1, 1, 0]);
}

#[test]
fn generations_start_with_the_first_row() {
    let rows = generations(&[0, 1, 0], 2);
    assert_eq!(rows, vec![vec![0, 1, 0], vec![1, 1, 1], vec![1, 0, 1]]);
}

#[test]
fn wrapped_diagonals_cover_the_board_once_each() {
    for n in 1..=9 {
        for falling in [true, false] {
            let mut all: Vec<Square> = (0..n)
                .flat_map(|k| wrapped_squares(k, n, falling))
                .collect();
            all.sort_by_key(|s| (s.row, s.col));
            all.dedup();
            assert_eq!(all.len(), n * n, "{n} {falling}");
        }
    }
}

#[test]
fn queens_fit_on_a_torus_when_n_is_prime_to_six() {
    for n in 1..=8 {
        let fits = !dp::solve(&torus_clauses(n)).contains_empty();
        assert_eq!(fits, n % 2 != 0 && n % 3 != 0, "{n}");
    }
}

#[test]
fn the_drawn_search_is_the_search_the_checker_asks_for() {
    let mut drawn = 0;
    for set in clause_sets() {
        let mut splits = Vec::new();
        let answer = solve_splitting(&set, &mut splits);
        if set.iter().all(|c| !c.is_tautology()) {
            assert_eq!(splits, splits_of(&traced_search(&set)), "{set}");
            drawn += 1;
        }
        assert_eq!(answer.contains_empty(), dp::solve(&set).contains_empty());
    }
    assert!(drawn > 15, "{drawn}");
}

#[test]
fn elimination_keeps_satisfiability() {
    for set in clause_sets() {
        for variable in set.variables() {
            let out = eliminate(&set, variable);
            assert!(out.variables().iter().all(|&v| v != variable), "{out}");
            assert_eq!(
                dp::solve(&out).contains_empty(),
                dp::solve(&set).contains_empty(),
                "{set} without {variable}: {out}"
            );
        }
    }
}

#[test]
fn subsumption_keeps_the_models_and_leaves_no_clause_inside_another() {
    for set in clause_sets() {
        let out = subsume(&set);
        assert!(out.iter().all(|c| set.contains(c)));
        for c in &out {
            for d in &out {
                assert!(
                    c == d || !d.iter().all(|&l| c.contains(l)),
                    "{d} inside {c}"
                );
            }
        }
        assert_eq!(
            dp::solve(&out).contains_empty(),
            dp::solve(&set).contains_empty()
        );
    }
}

#[test]
fn the_search_finds_the_fills_first_board() {
    for n in 1..=10 {
        let problem = queens::create_csp(n).unwrap();
        let mut assignment = vec![None; n];
        let mut kept = Vec::new();
        let found = search(&problem, &mut assignment, 0, &mut kept);
        let fill = backtrack::fill_board_recursion(n, &backtrack::queen_sees);
        assert_eq!(found, fill.is_some());
        if let Some(grid) = fill {
            let columns: Vec<i64> = grid
                .iter()
                .map(|row| i64::try_from(row.iter().position(|&q| q).unwrap()).unwrap() + 1)
                .collect();
            assert_eq!(
                assignment,
                columns.into_iter().map(Some).collect::<Vec<_>>()
            );
        }
    }
}

#[test]
fn superqueens_fit_from_ten_on() {
    for n in 2..=11 {
        let problem = superqueens_csp(n).unwrap();
        let mut assignment = vec![None; n];
        let found = search(&problem, &mut assignment, 0, &mut Vec::new());
        assert_eq!(found, n >= 10, "{n}");
        if found {
            let values: Vec<i64> = assignment.into_iter().flatten().collect();
            // Certificate: no two pieces share a column or a diagonal, or are a jump apart.
            for i in 0..n {
                for j in i + 1..n {
                    let (dr, dc) = (
                        j - i,
                        usize::try_from(values[i].abs_diff(values[j])).unwrap(),
                    );
                    assert!(dc != 0 && dc != dr && (dr, dc) != (1, 2) && (dr, dc) != (2, 1));
                }
            }
        }
    }
}
