//! Davis–Putnam: subsumption, the original rule that resolves a variable away, the lecture's
//! search noting its splits, and the MOMS count.

use std::fmt::Write as _;

use super::expected;
use super::report::{Report, parted, quietly, right_before, within};
use super::trial::{hidden_inputs, random_set};
use nqueens_core::logic::{Clause, Clauses, Literal, Model, Variable};
use nqueens_core::render::{self, Svg};
use nqueens_core::rng::Rng;
use nqueens_core::sat::Outcome;

/// The clause sets the Davis–Putnam checkers start from, and how their reports name them: the
/// lecture's three examples, then 40 random sets over `p, q, r, s, t` (fixed seeds); in a
/// hidden test, 40 random sets over `p … u` with up to 10 clauses, drawn from the grading seed.
fn test_sets(exercise: &str) -> (Vec<Clauses>, &'static str) {
    let Some(found) = hidden_inputs(exercise) else {
        return (
            clause_sets(),
            "the lecture's three examples and 40 random clause sets",
        );
    };
    found
}

/// The clause sets the Davis–Putnam checkers start from: the lecture's three examples, then
/// random sets over `p, q, r, s, t` (fixed seeds).
pub fn clause_sets() -> Vec<Clauses> {
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

/// Checks a student's `subsume(clauses)` (every clause that holds another clause of the set
/// removed: unit subsumption, for clauses of any length) on the lecture's three examples and 40
/// random sets.
pub fn check_subsume(given: impl Fn(&Clauses) -> Clauses) -> Report {
    let exercise = "subsume";
    check_sets(exercise, |set, checked| {
        let expected = expected::for_subsume(set);
        let answer = match quietly(|| given(set)) {
            Ok(answer) => answer,
            Err(message) => return Some((panicked_on_set(exercise, set, &message), None)),
        };
        if answer == expected {
            return None;
        }
        let mut text = format!(
            "✘ {exercise} is wrong ({}).\n  clauses:   {set}\n  yours:     {answer}\n",
            right_before(checked, "set")
        );
        differences(&mut text, &expected, &answer);
        Some((text, None))
    })
}

/// Checks a student's `eliminate(clauses, variable)`, the original Davis–Putnam rule (the
/// variable resolved away: the clauses without it, and every resolvent on it that is not a
/// tautology), for each test set and each of its variables.
pub fn check_eliminate(given: impl Fn(&Clauses, Variable) -> Clauses) -> Report {
    let exercise = "eliminate";
    check_cases(exercise, |set, literal, checked| {
        // One case per variable: its positive literal stands for it.
        if literal.is_negative() {
            return None;
        }
        let variable = literal.variable();
        let expected = expected::for_eliminate(set, variable);
        let answer = match quietly(|| given(set, variable)) {
            Ok(answer) => answer,
            Err(message) => {
                return Some(format!(
                    "✘ {exercise} panicked on the variable {variable} and the clauses\n  {set}\n  \
                     {message}\n"
                ));
            }
        };
        if answer == expected {
            return None;
        }
        let mut text = format!(
            "✘ {exercise} is wrong ({}).\n  variable:  {variable}\n  clauses:   {set}\n  \
             yours:     {answer}\n",
            right_before(checked, "case")
        );
        differences(&mut text, &expected, &answer);
        let tautologies: Vec<String> = answer
            .iter()
            .filter(|c| c.is_tautology())
            .map(ToString::to_string)
            .collect();
        if !tautologies.is_empty() {
            let _ = writeln!(
                text,
                "  always true, so not wanted: {}",
                tautologies.join(", ")
            );
        }
        Some(text)
    })
}

/// Checks a student's MOMS count `moms(clauses, literal)` (in how many of the shortest clauses
/// of two or more literals the literal occurs) on the same sets and literals as the other
/// checkers.
pub fn check_moms(given: impl Fn(&Clauses, Literal) -> usize) -> Report {
    let exercise = "moms";
    check_cases(exercise, |set, literal, checked| {
        let expected = expected::for_moms(set, literal);
        let answer = match quietly(|| given(set, literal)) {
            Ok(answer) => answer,
            Err(message) => return Some(panicked(exercise, literal, set, &message)),
        };
        if answer == expected {
            return None;
        }
        let shortest = set.iter().map(Clause::len).filter(|&n| n >= 2).min();
        let mut text = wrong_on(exercise, checked, literal, set);
        let _ = writeln!(text, "  yours:     {answer}, the count is {expected}");
        let _ = match shortest {
            Some(k) => writeln!(
                text,
                "  the shortest clauses of two or more literals have {k} literals"
            ),
            None => writeln!(text, "  no clause has two literals or more"),
        };
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

/// Checks a student's `solve(clauses, splits)`, the lecture's Davis–Putnam choosing with the
/// Jeroslow–Wang score and noting its splits: the answer is `{{}}` when the set is
/// unsatisfiable, otherwise a set of unit clauses (a model) that makes every clause true; and
/// `splits` must hold the literals the search added as splits, in order (first `l`, then `¬l`
/// when that failed), the same as the lecture's search, so a table of truth values or another
/// search does not pass. On a wrong answer the report draws the lecture's search on that set.
pub fn check_solve(given: impl Fn(&Clauses, &mut Vec<Literal>) -> Clauses) -> Report {
    let exercise = "solve";
    check_sets(exercise, |set, checked| {
        let (satisfiable, lecture, steps) = expected::for_solve(set);
        let mut yours = Vec::new();
        let answer = match quietly(|| given(set, &mut yours)) {
            Ok(answer) => answer,
            Err(message) => return Some((panicked_on_set(exercise, set, &message), None)),
        };
        let flaw = judge_solve(set, satisfiable, &answer)
            .or_else(|| parted("split", &yours, &lecture, |l| format!("{{{l}}}")))?;
        let text = format!(
            "✘ {exercise} is wrong ({}): {flaw}.\n  clauses:   {set}\n  yours:     {answer}\n",
            right_before(checked, "set"),
        );
        let Some(steps) = steps else {
            return Some((text, None));
        };
        let outcome = if satisfiable {
            Outcome::Satisfiable(Model::new())
        } else {
            Outcome::Unsatisfiable
        };
        let text = text + "The drawing: the lecture's search on these clauses.\n";
        Some((text, Some(render::search_tree_of(&steps, &outcome))))
    })
}

fn panicked_on_set(exercise: &str, set: &Clauses, message: &str) -> String {
    format!("✘ {exercise} panicked on the clauses\n  {set}\n  {message}\n")
}
