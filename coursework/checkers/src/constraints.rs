//! N-Queens as a CSP, a step further: the CSP of the superqueen (a queen that also jumps like a
//! knight), the consistency check of the lecture's backtracking, and the backtracking search
//! itself, noting every value it keeps.

use super::expected;
use super::report::{Parts, Report, parted, quietly, right_before, within};
use super::trial::hidden_inputs;
use nqueens_core::board::{Board, Piece, Square};
use nqueens_core::csp::{Csp, CspError};
use nqueens_core::queens;
use nqueens_core::render::{self, Svg};

/// The board sizes [`check_superqueens_csp`] and [`check_csp_backtracking`] try, one part each.
pub const CSP_SIZES: std::ops::RangeInclusive<usize> = 1..=8;

/// A (partial) assignment as a board: variable `i` (from 0) is the queen of row `i + 1`, its
/// value the column. Values off the board are left out.
fn board_of(n: usize, assignment: &[Option<i64>]) -> Board {
    let mut board = Board::new(n.max(1));
    for (i, value) in assignment.iter().enumerate().take(n) {
        if let Some(col) = value.and_then(|v| usize::try_from(v).ok()) {
            if (1..=n).contains(&col) {
                let _ = board.place(Square::new(i + 1, col), Piece::Queen);
            }
        }
    }
    board
}

/// Whether the constraints of `csp` that mention only variables `i` and `j` (or one of them)
/// allow `i = a` and `j = b`; `None` when a constraint mentions a third variable.
fn allows(csp: &Csp, first: (usize, i64), second: (usize, i64)) -> Option<bool> {
    let n = csp.variables().len();
    let (i, j) = (first.0, second.0);
    let mut values = vec![csp.values().first().copied().unwrap_or(1); n];
    values[i] = first.1;
    values[j] = second.1;
    let mut allowed = true;
    for constraint in csp.constraints() {
        let vars = constraint.variables();
        if vars.iter().any(|&v| v >= n) {
            return None;
        }
        if vars.iter().all(|&v| v == i || v == j) {
            allowed &= constraint.holds(&values);
        } else if vars.len() > 2 {
            return None;
        }
    }
    Some(allowed)
}

/// What is wrong with a student's CSP for `n` queens, if anything, and a picture of it.
fn judge_csp(n: usize, expected: &Csp, answer: &Csp) -> Option<(String, Option<Svg>)> {
    if answer.variables() != expected.variables() {
        return Some((
            format!(
                "the variables are {:?}, the task's are {:?}",
                answer.variables(),
                expected.variables()
            ),
            None,
        ));
    }
    if answer.values() != expected.values() {
        return Some((
            format!(
                "the values are {:?}, the task's are {:?}",
                answer.values(),
                expected.values()
            ),
            None,
        ));
    }
    if let Some(c) = answer
        .constraints()
        .iter()
        .find(|c| c.variables().len() > 2)
    {
        return Some((
            format!(
                "the constraint {} relates more than two queens; each of the task's relates two",
                answer.constraint_text(c)
            ),
            None,
        ));
    }
    let values = expected.values().to_vec();
    for i in 0..n {
        for j in i + 1..n {
            for &a in &values {
                for &b in &values {
                    let want = allows(expected, (i, a), (j, b));
                    let have = allows(answer, (i, a), (j, b));
                    if want == have {
                        continue;
                    }
                    let (vi, vj) = (&expected.variables()[i], &expected.variables()[j]);
                    let verdict = if want == Some(true) {
                        "the task's CSP allows it, yours does not"
                    } else {
                        "the pieces attack each other, and your CSP allows it"
                    };
                    let mut board = Board::new(n);
                    for (row, col) in [(i + 1, a), (j + 1, b)] {
                        if let Ok(col) = usize::try_from(col) {
                            let _ = board.place(Square::new(row, col), Piece::Queen);
                        }
                    }
                    let text = format!("{vi} = {a} and {vj} = {b}: {verdict}");
                    return Some((text, Some(render::conflicts(&board).render())));
                }
            }
        }
    }
    None
}

/// The numbers of queens a CSP checker tries, and how its report names them: 1 to 8, or in a
/// hidden test two drawn from the grading seed.
fn csp_sizes(exercise: &str) -> (Vec<usize>, String) {
    super::hidden::sizes_for(exercise, CSP_SIZES, "every n from 1 to 8")
}

/// Checks a student's `superqueens_csp(n)`, the CSP of n superqueens (queens that also jump like
/// a knight: the lecture's variables `V1 … Vn` and values `1 … n`, and constraints between every
/// two rows: different columns, different diagonals, and no knight's jump between them), for
/// every n from 1 to 8 (in a hidden test, two sizes from 9 to 11). The constraints may be written
/// any way: for every two variables and every two values, the student's constraints must allow
/// exactly what the task's allow. Each size is one part of the score; the report draws the first
/// two pieces on which the two CSPs disagree.
pub fn check_superqueens_csp(given: impl Fn(usize) -> Result<Csp, CspError>) -> Report {
    let exercise = "superqueens_csp";
    within(exercise, || {
        let (sizes, which) = csp_sizes(exercise);
        let mut parts = Parts::new(exercise);
        for n in sizes {
            let Ok(expected) = expected::for_superqueens_csp(n) else {
                continue;
            };
            let flaw = match quietly(|| given(n)) {
                Err(message) => Some((format!("panicked: {message}"), None)),
                Ok(Err(error)) => Some((format!("returned the error \"{error}\""), None)),
                Ok(Ok(answer)) => judge_csp(n, &expected, &answer),
            };
            match flaw {
                // A piece alone: the one CSP without constraints.
                None if n == 1 => parts.right_trivially(),
                None => parts.right(),
                Some((flaw, picture)) => {
                    parts.wrong(|| (format!("{exercise}({n}) is wrong: {flaw}."), picture));
                }
            }
        }
        parts.report(|total| {
            let text = format!(
                "✔ {exercise} allows exactly what the superqueens' CSP allows for {which} \
                 ({total} sizes).\n"
            );
            (text, None)
        })
    })
}

/// Checks a student's `is_consistent(csp, assignment, var)`, the test the lecture's
/// backtracking makes after giving `var` a value: do all constraints that mention `var`, and
/// whose variables all have values, hold? Tried on the lecture's CSPs for 4 to 8 queens with
/// 300 seeded partial assignments; the first wrong one is drawn.
pub fn check_consistent(given: impl Fn(&Csp, &[Option<i64>], usize) -> bool) -> Report {
    let exercise = "is_consistent";
    within(exercise, || {
        let (mut rng, sizes, each, which) = hidden_inputs(exercise).unwrap_or((
            nqueens_core::rng::Rng::new(2026),
            4..=8,
            60_usize,
            "the CSPs of 4 to 8 queens",
        ));
        let mut checked = 0;
        for n in sizes {
            let Ok(problem) = queens::create_csp(n) else {
                continue;
            };
            for _ in 0..each {
                let var = rng.below(n);
                let assignment: Vec<Option<i64>> = (0..n)
                    .map(|i| {
                        (i == var || rng.chance(1, 2))
                            .then(|| i64::try_from(1 + rng.below(n)).unwrap_or(1))
                    })
                    .collect();
                let expected = expected::for_consistent(n, &assignment, var);
                let answer = match quietly(|| given(&problem, &assignment, var)) {
                    Ok(answer) => answer,
                    Err(message) => {
                        let text = format!("✘ {exercise} panicked: {message}\n");
                        return Report::fail(exercise, checked, text, None);
                    }
                };
                if answer != expected {
                    let shown: Vec<String> = assignment
                        .iter()
                        .enumerate()
                        .filter_map(|(i, v)| v.map(|v| format!("V{} = {v}", i + 1)))
                        .collect();
                    let text = format!(
                        "✘ {exercise} is wrong ({}).\n  {n} queens, assigned: {}\n  var: V{} (just \
                         given its value)\n  reference: {expected}\n  yours:     {answer}\nThe \
                         drawing: the queens assigned, attacks in red; V{} is the queen of row {}.\n",
                        right_before(checked, "case"),
                        shown.join(", "),
                        var + 1,
                        var + 1,
                        var + 1
                    );
                    let picture = render::conflicts(&board_of(n, &assignment)).render();
                    return Report::fail(exercise, checked, text, Some(picture));
                }
                checked += 1;
            }
        }
        let text = format!(
            "✔ {exercise} agrees with the reference on {which} ({checked} partial assignments).\n"
        );
        Report::pass(exercise, checked, text, None)
    })
}

/// Checks a student's `backtracking(csp, kept)`, the lecture's backtracking search, on the
/// lecture's CSPs for 1 to 8 queens (in a hidden test, two sizes from 9 to 16): the first
/// solution the search meets when it gives `V1, V2, …` their values in order, or `None` for 2
/// and 3 queens; and `kept` must list, in order, every `(variable, value)` that passed the
/// consistency check (the values later taken back too), as the lecture's search does, so that a
/// search that tries whole assignments does not pass. Each size is one part of the score; the
/// report draws the first wrong assignment with its attacks.
pub fn check_csp_backtracking(
    given: impl Fn(&Csp, &mut Vec<(usize, i64)>) -> Option<Vec<i64>>,
) -> Report {
    let exercise = "backtracking";
    within(exercise, || {
        let (sizes, which) = csp_sizes(exercise);
        let mut parts = Parts::new(exercise);
        for n in sizes {
            let Ok(problem) = queens::create_csp(n) else {
                continue;
            };
            let (first, lecture) = expected::for_backtracking(n);
            let mut yours = Vec::new();
            let flaw = match quietly(|| given(&problem, &mut yours)) {
                Err(message) => Some((format!("panicked: {message}"), None)),
                Ok(None) if first.is_some() => {
                    Some((format!("returned None, but {n} queens fit"), None))
                }
                Ok(None) => None,
                Ok(Some(assignment)) => {
                    let values: Vec<Option<i64>> = assignment.iter().copied().map(Some).collect();
                    let picture = || Some(render::conflicts(&board_of(n, &values)).render());
                    if first.is_none() {
                        let flaw = format!("returned {assignment:?}, but {n} queens do not fit");
                        Some((flaw, picture()))
                    } else if problem.is_solution(&assignment) {
                        first.as_ref().filter(|&first| *first != assignment).map(|first| {
                            let i = (0..n).find(|&i| first[i] != assignment[i]).unwrap_or(0);
                            let flaw = format!(
                                "{assignment:?} is a solution, but not the one the search finds \
                                 first: giving V1, V2, … their values in order, V{} stops at {} \
                                 before it reaches your {}",
                                i + 1,
                                first[i],
                                assignment[i]
                            );
                            (flaw, picture())
                        })
                    } else {
                        let flaw =
                            format!("{assignment:?} breaks a constraint (or has the wrong length)");
                        Some((flaw, picture()))
                    }
                }
            }
            .or_else(|| {
                parted("value kept", &yours, &lecture, |&(var, value)| {
                    format!("V{} = {value}", var + 1)
                })
                .map(|flaw| (flaw, None))
            });
            match flaw {
                None if n == 1 => parts.right_trivially(),
                None => parts.right(),
                Some((flaw, picture)) => {
                    parts.wrong(|| {
                        (
                            format!("{exercise} on {n} queens is wrong: {flaw}."),
                            picture,
                        )
                    });
                }
            }
        }
        parts.report(|total| {
            let text = format!(
                "✔ {exercise} searches as the lecture's backtracking does on the CSPs of {which}: \
                 the same values kept, the first solution, and none where there is none ({total} \
                 sizes).\n"
            );
            (text, None)
        })
    })
}
