//! Eight queens as propositional logic, a step further: at most two of a list, the diagonals of a
//! board whose edges wrap around (a torus), and the clauses of n queens on it.

use std::fmt::Write as _;

use super::expected;
use super::report::{Parts, Report, quietly, right_before, within};
use super::trial::hidden_inputs;
use nqueens_core::board::{Board, Square};
use nqueens_core::logic::{Clause, Clauses, Variable};
use nqueens_core::queens::{self, var};
use nqueens_core::render::{self, Gallery, Svg};

/// The board sizes [`check_torus_clauses`] tries, one part of the score each.
pub const CLAUSE_SIZES: std::ops::RangeInclusive<usize> = 1..=8;

/// The clauses of `a` that are not in `b`.
fn only_in(a: &Clauses, b: &Clauses) -> Clauses {
    a.iter().filter(|c| !b.contains(c)).cloned().collect()
}

/// One clause on an n×n board: its squares shaded and labelled with their literal (`Q` true,
/// `¬Q` false); literals that are not queens' variables are listed in the caption only.
fn clause_board(n: usize, clause: &Clause, shaded: &[Square]) -> render::Diagram {
    let mut diagram = Board::new(n.max(1)).diagram();
    for &square in shaded {
        diagram = diagram.fill(square, "#1f5fa8", 0.2);
    }
    for literal in clause.literals() {
        if let Some(square) = queens::square_of(literal.variable()) {
            let label = if literal.is_negative() { "¬Q" } else { "Q" };
            diagram = diagram.fill(square, "#d62d20", 0.45).label(square, label);
        }
    }
    diagram
}

/// The first clause the answer lacks and the first it has too many, drawn on the board.
fn difference_picture(n: usize, expected: &Clauses, answer: &Clauses, shaded: &[Square]) -> Svg {
    let mut gallery = Gallery::new().columns(2).cell_size(200);
    if let Some(clause) = only_in(expected, answer).iter().next() {
        gallery = gallery.diagram(
            clause_board(n, clause, shaded),
            &format!("missing: {clause}"),
        );
    }
    if let Some(clause) = only_in(answer, expected).iter().next() {
        gallery = gallery.diagram(
            clause_board(n, clause, shaded),
            &format!("not wanted: {clause}"),
        );
    }
    gallery.render()
}

/// The lines of a report that compare two clause sets: counts, then what is missing and extra.
fn compare(text: &mut String, expected: &Clauses, answer: &Clauses) {
    let _ = writeln!(
        text,
        "  reference: {} clauses; yours: {}",
        expected.len(),
        answer.len()
    );
    let (missing, extra) = (only_in(expected, answer), only_in(answer, expected));
    let first_few = |set: &Clauses| {
        let shown: Vec<String> = set.iter().take(4).map(ToString::to_string).collect();
        let more = set.len().saturating_sub(4);
        if more > 0 {
            format!("{} and {more} more", shown.join(", "))
        } else {
            shown.join(", ")
        }
    };
    if !missing.is_empty() {
        let _ = writeln!(text, "  missing:   {}", first_few(&missing));
    }
    if !extra.is_empty() {
        let _ = writeln!(text, "  not wanted: {}", first_few(&extra));
    }
}

/// The lists of variables [`check_at_most_one`] tries, each with the size of the board that
/// draws it, and how its report names them.
fn amo_cases(exercise: &str) -> (Vec<(usize, Vec<Variable>)>, &'static str) {
    if let Some(found) = hidden_inputs(exercise) {
        return found;
    }
    let mut cases: Vec<(usize, Vec<Variable>)> = (0..=8)
        .map(|n| (n.max(1), (1..=n).map(|c| var(1, c)).collect()))
        .collect();
    cases.push((3, vec![var(1, 1), var(1, 2), var(1, 1)]));
    (
        cases,
        "every row of the boards up to 8×8 and on a list with a variable twice",
    )
}

/// Checks a student's `at_most_two(variables)`: `{¬a, ¬b, ¬c}` for every three different
/// variables of the list, the lecture's pairwise at-most-one taken one step up, compared as sets
/// with the reference on the rows of the boards up to 8×8 (0 to 8 variables; 56 clauses for 8)
/// and on lists with a variable twice. The first wrong list is drawn as a row of the board with
/// the clause that differs.
pub fn check_at_most_two(given: impl Fn(&[Variable]) -> Clauses) -> Report {
    let exercise = "at_most_two";
    within(exercise, || {
        let (cases, which) = amo_cases(exercise);
        let mut checked = 0;
        for (n, variables) in &cases {
            let expected = expected::for_at_most_two(variables);
            let names: Vec<String> = variables.iter().map(|v| v.name().to_owned()).collect();
            let answer = match quietly(|| given(variables)) {
                Ok(answer) => answer,
                Err(message) => {
                    let text = format!(
                        "✘ {exercise} panicked on [{}]: {message}\n",
                        names.join(", ")
                    );
                    return Report::fail(exercise, checked, text, None);
                }
            };
            if answer != expected {
                let mut text = format!(
                    "✘ {exercise} is wrong ({}).\n  variables: [{}]\n",
                    right_before(checked, "list"),
                    names.join(", ")
                );
                compare(&mut text, &expected, &answer);
                let shaded: Vec<Square> = variables
                    .iter()
                    .filter_map(|&v| queens::square_of(v))
                    .collect();
                let picture = difference_picture(*n, &expected, &answer, &shaded);
                return Report::fail(exercise, checked, text, Some(picture));
            }
            checked += 1;
        }
        let text =
            format!("✔ {exercise} agrees with the reference on {which} ({checked} lists).\n");
        Report::pass(exercise, checked, text, None)
    })
}

/// Checks a student's `at_most_one_in_wrapped_diagonal(k, n)`: at most one queen on the wrapped
/// falling diagonal `(col − row) mod n = k` of the n×n torus (the board whose right edge joins
/// its left and whose bottom joins its top), for every `k` from 0 to n − 1 of every board up to
/// 8×8. The first wrong diagonal is drawn.
pub fn check_wrapped_diagonal(given: impl Fn(usize, usize) -> Clauses) -> Report {
    let exercise = "at_most_one_in_wrapped_diagonal";
    within(exercise, || {
        let (sizes, which) =
            super::hidden::sizes_for(exercise, 1..=8, "every board from 1×1 to 8×8");
        let mut checked = 0;
        for n in sizes {
            for k in 0..n {
                let expected = expected::for_wrapped_diagonal(k, n);
                // The diagonal's squares: those its clauses name.
                let squares: Vec<Square> = expected
                    .variables()
                    .into_iter()
                    .filter_map(queens::square_of)
                    .collect();
                let answer = match quietly(|| given(k, n)) {
                    Ok(answer) => answer,
                    Err(message) => {
                        let text =
                            format!("✘ {exercise} panicked for k = {k} on {n}×{n}: {message}\n");
                        return Report::fail(exercise, checked, text, None);
                    }
                };
                if answer != expected {
                    let mut text = format!(
                        "✘ {exercise}({k}, {n}) is wrong ({}): the wrapped diagonal (col − row) \
                         mod {n} = {k}, shaded in the drawing.\n",
                        right_before(checked, "diagonal")
                    );
                    compare(&mut text, &expected, &answer);
                    let picture = difference_picture(n, &expected, &answer, &squares);
                    return Report::fail(exercise, checked, text, Some(picture));
                }
                checked += 1;
            }
        }
        let text = format!(
            "✔ {exercise} agrees with the reference on every wrapped falling diagonal of {which} \
             ({checked} diagonals).\n"
        );
        Report::pass(exercise, checked, text, None)
    })
}

/// Checks a student's `torus_clauses(n)`, the clauses of n queens on the n×n torus (at most one
/// queen per row and per wrapped diagonal, falling and rising, at least one per column), against
/// the reference for every n from 1 to 8. Each size is one part of the score; the report draws
/// the first clause that is missing or not wanted.
pub fn check_torus_clauses(given: impl Fn(usize) -> Clauses) -> Report {
    let exercise = "torus_clauses";
    within(exercise, || {
        let (sizes, which) =
            super::hidden::sizes_for(exercise, CLAUSE_SIZES, "every n from 1 to 8");
        let mut parts = Parts::new(exercise);
        for n in sizes {
            let expected = expected::for_torus_clauses(n);
            match quietly(|| given(n)) {
                Err(message) => {
                    parts.wrong(|| (format!("{exercise} panicked for n = {n}: {message}"), None));
                }
                // One queen on a 1×1 board: the one set a constant could give.
                Ok(answer) if answer == expected && n == 1 => parts.right_trivially(),
                Ok(answer) if answer == expected => parts.right(),
                Ok(answer) => parts.wrong(|| {
                    let mut text = format!("{exercise}({n}) is wrong.\n");
                    compare(&mut text, &expected, &answer);
                    let picture = difference_picture(n, &expected, &answer, &[]);
                    (text.trim_end().to_owned(), Some(picture))
                }),
            }
        }
        parts.report(|total| {
            let text =
                format!("✔ {exercise} agrees with the reference for {which} ({total} sizes).\n");
            (text, None)
        })
    })
}
