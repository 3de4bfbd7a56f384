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
