//! Eight queens as propositional logic, a step further: at most two of a list, the diagonals of a
//! board whose edges wrap around (a torus), and the clauses of n queens on it.

use std::fmt::Write as _;

use super::report::{Parts, Report, quietly, right_before, within};
use super::trial::{self, drawn, hidden_seed};
use crate::board::{Board, Square};
use crate::encode;
use crate::logic::{Clause, Clauses, Literal, Variable};
use crate::queens::{self, var};
use crate::render::{self, Gallery, Svg};

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
    if let Some(seed) = hidden_seed() {
        let mut rng = drawn(seed, exercise);
        let cases = (0..30)
            .map(|_| {
                let n = 12;
                let mut list: Vec<Variable> = (0..rng.below(13))
                    .map(|_| var(1 + rng.below(n), 1 + rng.below(n)))
                    .collect();
                if !list.is_empty() && rng.chance(1, 3) {
                    list.push(list[rng.below(list.len())]);
                }
                (n, list)
            })
            .collect();
        return (
            cases,
            "30 random lists of up to 13 variables, some twice, drawn when graded",
        );
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

/// At most two of the variables true: `{¬a, ¬b, ¬c}` for every three different variables of the
/// list (a variable listed twice counts once). (The checker's reference.)
pub(super) fn at_most_two(variables: &[Variable]) -> Clauses {
    let mut distinct: Vec<Variable> = Vec::new();
    for &v in variables {
        if !distinct.contains(&v) {
            distinct.push(v);
        }
    }
    let mut clauses = Clauses::new();
    for (i, &a) in distinct.iter().enumerate() {
        for (j, &b) in distinct.iter().enumerate().skip(i + 1) {
            for &c in &distinct[j + 1..] {
                clauses.insert(
                    [a, b, c]
                        .into_iter()
                        .map(Literal::negative)
                        .collect::<Clause>(),
                );
            }
        }
    }
    clauses
}

/// The squares of the wrapped diagonal `k` of an n×n torus: falling, `(col − row) mod n = k`, or
/// rising, `(row + col) mod n = k`; one in each row.
fn wrapped_squares(k: usize, n: usize, falling: bool) -> Vec<Square> {
    (1..=n)
        .map(|row| {
            let col = if falling {
                (row - 1 + k) % n + 1
            } else {
                (k + 2 * n - row - 1) % n + 1
            };
            Square::new(row, col)
        })
        .collect()
}

/// At most one queen on the wrapped falling diagonal `k` of an n×n torus, pairwise. (The
/// checker's reference.)
pub(super) fn wrapped_diagonal(k: usize, n: usize) -> Clauses {
    encode::at_most_one(&variables_of(&wrapped_squares(k, n, true)))
}

fn variables_of(squares: &[Square]) -> Vec<Variable> {
    squares.iter().map(|s| var(s.row, s.col)).collect()
}

/// The clauses of n queens on an n×n torus: at most one queen per row, at least one per column,
/// at most one per wrapped falling and per wrapped rising diagonal. (The checker's reference.)
pub(super) fn torus_clauses(n: usize) -> Clauses {
    let mut clauses = Clauses::new();
    for i in 1..=n {
        clauses.extend(queens::at_most_one_in_row(i, n));
        clauses.extend(queens::one_in_column(i, n));
    }
    for k in 0..n {
        for falling in [true, false] {
            clauses.extend(encode::at_most_one(&variables_of(&wrapped_squares(
                k, n, falling,
            ))));
        }
    }
    clauses
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
            let expected = at_most_two(variables);
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
        let (sizes, which) = trial::sizes_for(
            exercise,
            1..=8,
            "every board from 1×1 to 8×8",
            9..=20,
            trial::boards,
        );
        let mut checked = 0;
        for n in sizes {
            for k in 0..n {
                let squares = wrapped_squares(k, n, true);
                let expected = wrapped_diagonal(k, n);
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
        let (sizes, which) = trial::sizes_for(
            exercise,
            CLAUSE_SIZES,
            "every n from 1 to 8",
            9..=12,
            trial::boards,
        );
        let mut parts = Parts::new(exercise);
        for n in sizes {
            let expected = torus_clauses(n);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dp;

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
}
