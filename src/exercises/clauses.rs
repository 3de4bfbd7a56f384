//! Davis–Putnam: the lecture's `reduce` and the Jeroslow–Wang score.

use std::fmt::Write as _;

use super::report::{Report, quietly, right_before};
use crate::dp;
use crate::logic::{Clause, Clauses, Literal, Variable};
use crate::rng::Rng;

/// The clause sets the Davis–Putnam checkers start from: the lecture's three examples, then
/// random sets over `p, q, r, s, t` (fixed seeds).
pub(super) fn clause_sets() -> Vec<Clauses> {
    const LECTURE: [&str; 3] = [
        "{{¬p, r, q, ¬s}, {r, p, s}, {r, s}, {p, q, s}, {¬p, ¬q}, {¬p, s, ¬r}, {p, ¬q, r}, \
         {¬r, ¬s, q}, {¬p, ¬s}, {p, ¬r, ¬q}}",
        "{{¬p, r, q, ¬s}, {r, p, s}, {r, s}, {p, q, s}, {¬p, ¬q}, {¬p, s, ¬r}, {p, ¬q, r}, \
         {¬r, ¬s, q}, {¬p, ¬s}, {p, ¬r, ¬q}, {p, r, q, ¬s}}",
        "{{p, q, s}, {¬p, r, ¬t}, {r, s}, {¬r, q, ¬p}, {¬s, p}, {¬p, ¬q, s, ¬r}, {p, ¬q, s}, \
         {¬r, ¬s}, {¬p, ¬s}}",
    ];
    let mut sets: Vec<Clauses> = LECTURE
        .iter()
        .filter_map(|text| text.parse().ok())
        .collect();
    let variables: Vec<Variable> = ["p", "q", "r", "s", "t"]
        .into_iter()
        .filter_map(|name| Variable::new(name).ok())
        .collect();
    let mut rng = Rng::new(2024);
    for _ in 0..40 {
        let clauses = 2 + rng.below(7);
        let set: Clauses = (0..clauses)
            .map(|_| {
                let width = 1 + rng.below(4);
                (0..width)
                    .map(|_| {
                        let v = variables[rng.below(variables.len())];
                        if rng.chance(1, 2) {
                            Literal::positive(v)
                        } else {
                            Literal::negative(v)
                        }
                    })
                    .collect::<Clause>()
            })
            .collect();
        sets.push(set);
    }
    sets
}

/// Every literal over the variables of `clauses`, positive first.
fn literals_of(clauses: &Clauses) -> Vec<Literal> {
    clauses
        .variables()
        .into_iter()
        .flat_map(|v| [Literal::positive(v), Literal::negative(v)])
        .collect()
}

/// Runs a Davis–Putnam checker over every test set and literal: `case` gets the set, the literal
/// and the number checked so far, and returns the report's text when the answer is wrong.
fn check_cases(
    exercise: &str,
    mut case: impl FnMut(&Clauses, Literal, usize) -> Option<String>,
) -> Report {
    let mut checked = 0;
    for set in clause_sets() {
        for literal in literals_of(&set) {
            if let Some(text) = case(&set, literal, checked) {
                return Report::fail(exercise, checked, text, None);
            }
            checked += 1;
        }
    }
    let text = format!(
        "✔ {exercise} agrees with the reference on the lecture's three examples and 40 random \
         clause sets, with every literal ({checked} cases).\n"
    );
    Report::pass(exercise, checked, text, None)
}

fn panicked(exercise: &str, literal: Literal, clauses: &Clauses, message: &str) -> String {
    format!(
        "✘ {exercise} panicked on the literal {literal} and the clauses\n  {clauses}\n  {message}\n"
    )
}

/// The start of a report on a wrong answer for a literal and a set of clauses: which case, and the
/// input; the caller adds the reference and the answer.
fn wrong_on(exercise: &str, checked: usize, literal: Literal, clauses: &Clauses) -> String {
    format!(
        "✘ {exercise} is wrong ({}).\n  literal:   {literal}\n  clauses:   {clauses}\n",
        right_before(checked, "case")
    )
}

/// Checks a student's `reduce(clauses, literal)` against [`dp::reduce`]. As in the lecture,
/// `reduce` is called only when the unit clause `{l}` is in the set: for each test set and each
/// literal `l` over its variables, the input is the set with `{l}` added.
pub fn check_reduce(given: impl Fn(&Clauses, Literal) -> Clauses) -> Report {
    let exercise = "reduce";
    check_cases(exercise, |set, literal, checked| {
        let mut input = set.clone();
        input.insert(Clause::unit(literal));
        let expected = dp::reduce(&input, literal);
        let answer = match quietly(|| given(&input, literal)) {
            Ok(answer) => answer,
            Err(message) => return Some(panicked(exercise, literal, &input, &message)),
        };
        if answer == expected {
            return None;
        }
        let mut text = wrong_on(exercise, checked, literal, &input);
        let _ = writeln!(text, "  reference: {expected}");
        let _ = writeln!(text, "  yours:     {answer}");
        let only_in = |a: &Clauses, b: &Clauses| -> Clauses {
            a.iter().filter(|c| !b.contains(c)).cloned().collect()
        };
        let (missing, extra) = (only_in(&expected, &answer), only_in(&answer, &expected));
        if !missing.is_empty() {
            let _ = writeln!(text, "  missing:   {missing}");
        }
        if !extra.is_empty() {
            let _ = writeln!(text, "  too many:  {extra}");
        }
        Some(text)
    })
}

/// Checks a student's Jeroslow–Wang score `jeroslow_wang(clauses, literal)` (`Σ 2^−|C|` over the
/// clauses that contain the literal) against [`dp::jeroslow_wang`], on the same sets and literals
/// as [`check_reduce`]; scores may differ by rounding (one part in 10¹²).
pub fn check_jeroslow_wang(given: impl Fn(&Clauses, Literal) -> f64) -> Report {
    let exercise = "jeroslow_wang";
    check_cases(exercise, |set, literal, checked| {
        let expected = dp::jeroslow_wang(set, literal);
        let answer = match quietly(|| given(set, literal)) {
            Ok(answer) => answer,
            Err(message) => return Some(panicked(exercise, literal, set, &message)),
        };
        if (answer - expected).abs() <= 1e-12 * expected.abs().max(1.0) {
            return None;
        }
        let terms: Vec<String> = set
            .iter()
            .filter(|c| c.contains(literal))
            .map(|c| format!("2^-{}", c.len()))
            .collect();
        let sum = if terms.is_empty() {
            "0 (no clause contains it)".to_owned()
        } else {
            terms.join(" + ")
        };
        let mut text = wrong_on(exercise, checked, literal, set);
        let _ = writeln!(text, "  reference: {expected} = {sum}");
        let _ = writeln!(text, "  yours:     {answer}");
        Some(text)
    })
}
