use super::*;
use nqueens_checkers::{
    check_minimise, check_refutation, clause_sets, minimise_cases, minimise_example,
    refutation_formulas,
};

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

#[test]
fn every_formula_has_no_model_needs_a_split_and_has_a_reference_proof() {
    use nqueens::sat::Outcome;
    let mut formulas = refutation_formulas();
    formulas.extend(crate::inputs::refutation_formulas(5, "refutation").0);
    for set in &formulas {
        let outcome = nqueens::cdcl::solve(set, &nqueens::cdcl::CdclOptions::default()).outcome;
        assert_eq!(outcome, Outcome::Unsatisfiable, "{set}");
        // Brute force agrees where it can.
        if set.variables().len() <= 16 {
            let names: Vec<Variable> = set.variables().into_iter().collect();
            let any_model = (0_u32..1 << names.len()).any(|bits| {
                let model = names
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| Literal::new(v, bits >> i & 1 == 1))
                    .collect();
                set.first_falsified(&model).is_none()
            });
            assert!(!any_model, "{set}");
        }
    }
    // Each needs a split (the empty clause alone is no proof), and the reference proves each.
    let at_once = |_: &Clauses| vec![Clause::empty()];
    let reference = |set: &Clauses| refutation(set);
    assert_eq!(
        check_refutation(at_once).parts().map(|(right, _)| right),
        Some(0)
    );
    assert_eq!(
        crate::hidden::run(5, || nqueens_checkers::check_refutation(at_once))
            .parts()
            .map(|(right, _)| right),
        Some(0)
    );
    assert!(check_refutation(reference).passed());
    assert!(crate::hidden::run(5, || nqueens_checkers::check_refutation(reference)).passed());
}

#[test]
fn the_luby_terms_are_the_sequence() {
    let terms: Vec<u64> = (1..=15).map(luby).collect();
    assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    assert_eq!(luby((1 << 40) - 1), 1 << 39);
    assert_eq!(luby(1 << 40), 1);
}

/// Minimisation that looks only one reason deep, or that forgets level 0.
fn shallow(clause: &Clause, trail: &[(Literal, usize, Option<Clause>)], holes: bool) -> Clause {
    clause
        .iter()
        .copied()
        .filter(|&l| {
            let Some((_, level, reason)) = trail.iter().find(|(t, ..)| *t == l.complement()) else {
                return true;
            };
            if *level == 0 {
                return !holes;
            }
            let Some(reason) = reason else { return true };
            !reason.iter().filter(|&&r| r != l.complement()).all(|&r| {
                clause.contains(r)
                    || (holes
                        && trail
                            .iter()
                            .any(|(t, lv, _)| *t == r.complement() && *lv == 0))
            })
        })
        .collect()
}

#[test]
fn minimising_needs_the_recursion_and_level_zero() {
    let reference = minimise;
    assert!(check_minimise(reference).passed());
    assert!(
        !check_minimise(|c: &Clause, _: &[(Literal, usize, Option<Clause>)]| c.clone()).passed()
    );
    let one_deep =
        check_minimise(|c: &Clause, t: &[(Literal, usize, Option<Clause>)]| shallow(c, t, true));
    assert!(!one_deep.passed(), "{}", one_deep.text());
    assert!(
        one_deep.text().contains("which can go"),
        "{}",
        one_deep.text()
    );
    assert!(one_deep.picture().is_some());
    let no_holes = check_minimise(|c: &Clause, t: &[(Literal, usize, Option<Clause>)]| {
        let kept = reference(c, t);
        c.iter()
            .copied()
            .filter(|&l| kept.contains(l) || trail_level(t, l) == Some(0))
            .collect()
    });
    assert!(!no_holes.passed(), "{}", no_holes.text());
    // The hidden tests find the shallow answer out too, whatever the seed.
    for seed in [5, 2026] {
        let hidden = crate::hidden::run(seed, || {
            check_minimise(|c: &Clause, t: &[(Literal, usize, Option<Clause>)]| shallow(c, t, true))
        });
        assert!(!hidden.passed(), "seed {seed}");
        let (cases, _) = crate::inputs::minimise_cases(seed, "minimise");
        let deep = cases
            .iter()
            .filter(|(_, t, c)| shallow(c, t, true) != reference(c, t));
        let deep = deep.count();
        assert!(deep >= 20, "seed {seed}: {deep} of 200 need the recursion");
    }
    // Every case's clause is false on its trail, and the hidden ones change often too.
    let cases = minimise_cases();
    let changed = cases
        .iter()
        .filter(|(_, t, c)| reference(c, t) != *c)
        .count();
    let deep = cases
        .iter()
        .filter(|(_, t, c)| shallow(c, t, true) != reference(c, t))
        .count();
    assert!(
        changed >= 30 && deep >= 5,
        "{changed} changed, {deep} need the recursion"
    );
    for (_, trail, clause) in &cases {
        assert!(
            clause
                .iter()
                .all(|l| trail.iter().any(|(t, ..)| *t == l.complement()))
        );
    }
}

#[test]
fn the_example_needs_the_recursion_and_a_hole() {
    let (_, trail, clause) = minimise_example();
    let minimised = minimise(&clause, &trail);
    assert_ne!(minimised, shallow(&clause, &trail, true));
    assert!(trail.iter().any(|(_, level, _)| *level == 0));
    assert!(
        !minimise_cases()
            .iter()
            .any(|(_, t, c)| *t == trail && *c == clause)
    );
}

fn trail_level(trail: &[(Literal, usize, Option<Clause>)], l: Literal) -> Option<usize> {
    trail
        .iter()
        .find(|(t, ..)| *t == l.complement())
        .map(|(_, level, _)| *level)
}
