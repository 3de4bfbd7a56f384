use super::*;

fn parsed(text: &str) -> Clauses {
    text.parse().unwrap()
}

fn clause(text: &str) -> Clause {
    parsed(&format!("{{{text}}}"))
        .iter()
        .next()
        .unwrap()
        .clone()
}

#[test]
fn a_proof_is_checked_clause_by_clause() {
    let set = parsed("{p, q}, {¬p, q}, {p, ¬q}, {¬p, ¬q}");
    let good = [clause("q"), Clause::empty()];
    assert!(proof_flaw(&set, &good).is_none());
    // With p false, {p, q} makes q true and {p, ¬q} false: {p} follows too.
    assert!(proof_flaw(&set, &[clause("p"), Clause::empty()]).is_none());
    let flaw = proof_flaw(&set, &[Clause::empty()]).unwrap().words;
    assert!(flaw.contains("clause 1 (of 1), {}"), "{flaw}");
    let flaw = proof_flaw(&set, &[clause("q")]).unwrap().words;
    assert!(flaw.contains("must go on to the empty clause"), "{flaw}");
    assert!(
        proof_flaw(&set, &[])
            .unwrap()
            .words
            .contains("the proof is empty")
    );
    let other = parsed("{p, q, r}, {¬p, ¬q}, {¬r}");
    let flaw = proof_flaw(&other, &[clause("p"), Clause::empty()])
        .unwrap()
        .words;
    assert!(flaw.contains("makes true ¬p, ¬r, q"), "{flaw}");
}

#[test]
fn a_fixed_proof_of_the_two_queens_earns_nothing_alone() {
    let fixed = |_: &Clauses| vec![clause("¬Q<1,1>"), Clause::empty()];
    assert!(proof_flaw(&queens_with_holes(2, &[]), &fixed(&Clauses::new())).is_none());
    let report = check_refutation(fixed);
    assert_eq!(report.parts(), Some((0, 8)), "{}", report.text());
}

#[test]
fn a_clause_that_does_not_follow_is_drawn_on_a_queens_board() {
    let three = queens_with_holes(3, &[]);
    let flaw = proof_flaw(&three, &[Clause::empty()]).unwrap();
    assert!(stuck_picture(&three, &flaw).is_some());
    let set = parsed("{p, q}, {¬p, q}, {p, ¬q}, {¬p, ¬q}");
    let flaw = proof_flaw(&set, &[Clause::empty()]).unwrap();
    assert!(flaw.words.contains("makes nothing true"), "{}", flaw.words);
    assert!(stuck_picture(&set, &flaw).is_none());
}

#[test]
fn an_empty_clause_in_the_formula_refutes_it_at_once() {
    let set = parsed("{}, {p}");
    assert!(proof_flaw(&set, &[Clause::empty()]).is_none());
}

#[test]
fn the_luby_block_says_where_a_term_comes_from() {
    assert!(luby_block(7, 4).contains("2^3 − 1 ends a block"));
    assert!(luby_block(10, 2).contains("index 10 − 8 + 1 = 3"));
}

#[cfg(feature = "solvers")]
#[test]
fn every_formula_has_no_model_needs_a_split_and_has_a_reference_proof() {
    use crate::sat::Outcome;
    let mut formulas = refutation_formulas();
    formulas.extend(super::super::hidden::inputs::refutation_formulas(5, "refutation").0);
    for set in &formulas {
        let outcome = crate::cdcl::solve(set, &crate::cdcl::CdclOptions::default()).outcome;
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
        assert!(proof_flaw(set, &[Clause::empty()]).is_some(), "{set}");
        let proof = super::super::reference::refutation(set);
        assert!(proof_flaw(set, &proof).is_none(), "{set}");
    }
}

#[cfg(feature = "solvers")]
#[test]
fn the_luby_terms_are_the_sequence() {
    let terms: Vec<u64> = (1..=15).map(super::super::reference::luby).collect();
    assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    assert_eq!(super::super::reference::luby((1 << 40) - 1), 1 << 39);
    assert_eq!(super::super::reference::luby(1 << 40), 1);
}

/// Minimisation that looks only one reason deep, or that forgets level 0.
#[cfg(feature = "solvers")]
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

#[cfg(feature = "solvers")]
#[test]
fn minimising_needs_the_recursion_and_level_zero() {
    let reference = super::super::reference::minimise;
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
        let hidden = super::super::hidden::check_minimise(
            |c: &Clause, t: &[(Literal, usize, Option<Clause>)]| shallow(c, t, true),
            seed,
        );
        assert!(!hidden.passed(), "seed {seed}");
        let (cases, _) = super::super::hidden::inputs::minimise_cases(seed, "minimise");
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

#[cfg(feature = "solvers")]
#[test]
fn the_example_needs_the_recursion_and_a_hole() {
    let (_, trail, clause) = minimise_example();
    let minimised = super::super::reference::minimise(&clause, &trail);
    assert_ne!(minimised, shallow(&clause, &trail, true));
    assert!(trail.iter().any(|(_, level, _)| *level == 0));
    assert!(
        !minimise_cases()
            .iter()
            .any(|(_, t, c)| *t == trail && *c == clause)
    );
}

#[cfg(feature = "solvers")]
fn trail_level(trail: &[(Literal, usize, Option<Clause>)], l: Literal) -> Option<usize> {
    trail
        .iter()
        .find(|(t, ..)| *t == l.complement())
        .map(|(_, level, _)| *level)
}
