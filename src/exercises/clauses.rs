//! Davis–Putnam: the lecture's `reduce` and the Jeroslow–Wang score.

use std::fmt::Write as _;

use super::report::{Report, quietly, right_before, within};
use super::trial::{drawn, hidden_seed};
use crate::dp;
use crate::logic::{Clause, Clauses, Literal, Model, Variable};
use crate::render::{self, Svg};
use crate::rng::Rng;

/// The clause sets the Davis–Putnam checkers start from, and how their reports name them: the
/// lecture's three examples, then 40 random sets over `p, q, r, s, t` (fixed seeds); in a
/// hidden test, 40 random sets over `p … u` with up to 10 clauses, drawn from the grading seed.
fn test_sets(exercise: &str) -> (Vec<Clauses>, &'static str) {
    let Some(seed) = hidden_seed() else {
        return (
            clause_sets(),
            "the lecture's three examples and 40 random clause sets",
        );
    };
    let variables: Vec<Variable> = ["p", "q", "r", "s", "t", "u"]
        .into_iter()
        .filter_map(|name| Variable::new(name).ok())
        .collect();
    let mut rng = drawn(seed, exercise);
    let sets = (0..40)
        .map(|_| {
            let clauses = 2 + rng.below(9);
            random_set(&mut rng, &variables, clauses)
        })
        .collect();
    (
        sets,
        "40 random clause sets over six variables drawn when graded",
    )
}

/// `clauses` random clauses of one to four literals over `variables`.
fn random_set(rng: &mut Rng, variables: &[Variable], clauses: usize) -> Clauses {
    (0..clauses)
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
        .collect()
}

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
        sets.push(random_set(&mut rng, &variables, clauses));
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
    within(exercise, || {
        let (sets, which) = test_sets(exercise);
        let mut checked = 0;
        for set in sets {
            for literal in literals_of(&set) {
                if let Some(text) = case(&set, literal, checked) {
                    return Report::fail(exercise, checked, text, None);
                }
                checked += 1;
            }
        }
        let text = format!(
            "✔ {exercise} agrees with the reference on {which}, with every literal ({checked} \
             cases).\n"
        );
        Report::pass(exercise, checked, text, None)
    })
}

/// The lines of a report that say what an answer lacks and what it has too many of (not the
/// reference's whole answer).
fn differences(text: &mut String, expected: &Clauses, answer: &Clauses) {
    let only_in = |a: &Clauses, b: &Clauses| -> Clauses {
        a.iter().filter(|c| !b.contains(c)).cloned().collect()
    };
    let (missing, extra) = (only_in(expected, answer), only_in(answer, expected));
    if !missing.is_empty() {
        let _ = writeln!(text, "  missing:   {missing}");
    }
    if !extra.is_empty() {
        let _ = writeln!(text, "  too many:  {extra}");
    }
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
        let _ = writeln!(text, "  yours:     {answer}");
        differences(&mut text, &expected, &answer);
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

/// Runs a Davis–Putnam checker over every test set: `case` gets the set and the number checked
/// so far, and returns the report's text (and a drawing) when the answer is wrong.
fn check_sets(
    exercise: &str,
    mut case: impl FnMut(&Clauses, usize) -> Option<(String, Option<Svg>)>,
) -> Report {
    within(exercise, || {
        let (sets, which) = test_sets(exercise);
        let mut checked = 0;
        for set in sets {
            if let Some((text, picture)) = case(&set, checked) {
                return Report::fail(exercise, checked, text, picture);
            }
            checked += 1;
        }
        let text = format!("✔ {exercise} agrees with the reference on {which} ({checked} sets).\n");
        Report::pass(exercise, checked, text, None)
    })
}

/// Checks a student's `saturate(clauses)` (unit propagation to a fixed point: `reduce` with
/// every unit clause, each once, until no unused one is left) against [`dp::saturate`] on the
/// lecture's three examples and 40 random sets. Where propagation derives the empty clause, any
/// answer holding `{}` counts: all `solve` asks of it then is that `{}` is there.
pub fn check_saturate(given: impl Fn(&Clauses) -> Clauses) -> Report {
    let exercise = "saturate";
    check_sets(exercise, |set, checked| {
        let expected = dp::saturate(set);
        let answer = match quietly(|| given(set)) {
            Ok(answer) => answer,
            Err(message) => {
                return Some((
                    format!("✘ {exercise} panicked on the clauses\n  {set}\n  {message}\n"),
                    None,
                ));
            }
        };
        if answer == expected || (expected.contains_empty() && answer.contains_empty()) {
            return None;
        }
        let mut text = format!(
            "✘ {exercise} is wrong ({}).\n  clauses:   {set}\n  yours:     {answer}\n",
            right_before(checked, "set")
        );
        differences(&mut text, &expected, &answer);
        let units: Vec<String> = set
            .iter()
            .filter_map(Clause::as_unit)
            .map(|l| l.to_string())
            .collect();
        let _ = writeln!(
            text,
            "  unit clauses at the start: {}",
            if units.is_empty() {
                "none (nothing to do)".to_owned()
            } else {
                units.join(", ")
            }
        );
        Some((text, None))
    })
}

/// What is wrong with an answer of `solve`, if anything: `{{}}` for an unsatisfiable set, and
/// otherwise unit clauses that do not contradict each other and make every clause true.
fn judge_solve(set: &Clauses, satisfiable: bool, answer: &Clauses) -> Option<String> {
    if !satisfiable {
        return (*answer != Clauses::falsum()).then(|| {
            "the clauses are unsatisfiable, so the answer is {{}} (the set holding the empty \
             clause)"
                .to_owned()
        });
    }
    if answer.contains_empty() {
        return Some("answered {{}} (unsatisfiable), but the clauses have a model".to_owned());
    }
    let mut model = Model::new();
    for clause in answer {
        let Some(literal) = clause.as_unit() else {
            return Some(format!(
                "{clause} is not a unit clause: the answer is a set of units"
            ));
        };
        if model.value_of(!literal) == Some(true) {
            return Some(format!("both {literal} and {} are in the answer", !literal));
        }
        model.assign(literal);
    }
    set.first_falsified(&model)
        .map(|clause| format!("the answer does not make the clause {clause} true"))
}

/// Checks a student's `solve(clauses)`, the lecture's Davis–Putnam: `{{}}` when the set is
/// unsatisfiable, otherwise a set of unit clauses (a model) that makes every clause true. Any
/// model counts, not only the reference's. On a wrong answer the report draws the reference's
/// search on that set as a tree.
pub fn check_solve(given: impl Fn(&Clauses) -> Clauses) -> Report {
    let exercise = "solve";
    check_sets(exercise, |set, checked| {
        let traced = dp::solve_with(
            set,
            &dp::Options {
                trace: true,
                ..dp::Options::default()
            },
        );
        let satisfiable = matches!(traced.outcome, dp::Outcome::Satisfiable(_));
        let answer = match quietly(|| given(set)) {
            Ok(answer) => answer,
            Err(message) => {
                return Some((
                    format!("✘ {exercise} panicked on the clauses\n  {set}\n  {message}\n"),
                    None,
                ));
            }
        };
        let flaw = judge_solve(set, satisfiable, &answer)?;
        let text = format!(
            "✘ {exercise} is wrong ({}): {flaw}.\n  clauses:   {set}\n  yours:     {answer}\nThe \
             drawing: the lecture's search on these clauses.\n",
            right_before(checked, "set"),
        );
        Some((text, Some(render::search_tree(&traced))))
    })
}
