//! The pre-homework: a row of 0s and 1s and its next generation.

use std::fmt::Write as _;

use super::expected;
use super::report::{Report, quietly, right_before, within};
use super::trial::{hidden_inputs, random_cells};
use nqueens_core::render;

/// Checks a student's `next_generation(cells)`: every row of up to 8 cells, then 20 random rows
/// of 40 cells (fixed seeds), compared with the reference.
pub fn check_next_generation(given: impl Fn(&[u8]) -> Vec<u8>) -> Report {
    let exercise = "next_generation";
    within(exercise, || {
        let (rows, which): (Vec<Vec<u8>>, &str) = if let Some(found) = hidden_inputs(exercise) {
            found
        } else {
            let short = (0..=8_u32).flat_map(|len| {
                (0..1_u32 << len)
                    .map(move |bits| (0..len).map(|i| u8::from(bits >> i & 1 == 1)).collect())
            });
            let long = (0..20).map(|seed| random_cells(40, seed));
            (
                short.chain(long).collect(),
                "every row of up to 8 cells and on 20 random rows of 40",
            )
        };
        let mut checked = 0;
        for row in rows {
            let expected = expected::for_next_generation(&row);
            let answer = match quietly(|| given(&row)) {
                Ok(answer) => answer,
                Err(message) => {
                    let text = format!(
                        "✘ {exercise} panicked on the row {}: {message}\n",
                        digits(&row)
                    );
                    return Report::fail(exercise, checked, text, None);
                }
            };
            if answer != expected {
                let text = describe_generation(exercise, checked, &row, &expected, &answer);
                let wrong: Vec<(usize, usize)> = (0..row.len().max(answer.len()))
                    .filter(|&i| answer.get(i) != expected.get(i))
                    .map(|i| (2, i))
                    .collect();
                let picture = render::cells(
                    &[row, expected, answer],
                    &["row", "reference", "yours"],
                    &wrong,
                );
                return Report::fail(exercise, checked, text, Some(picture));
            }
            checked += 1;
        }
        let text = format!("✔ {exercise} agrees with the reference on {which} ({checked} rows).\n");
        Report::pass(exercise, checked, text, None)
    })
}

/// Checks a student's `evolve(first, steps)`, the pre-homework's loop: the first row and the
/// `steps` rows that follow it, `steps + 1` rows in all. Tried on 20 random rows of 40 cells with
/// 0 to 40 steps, and on short rows; the first wrong row is drawn beside the reference.
pub fn check_evolve(given: impl Fn(&[u8], usize) -> Vec<Vec<u8>>) -> Report {
    let exercise = "evolve";
    within(exercise, || {
        let (cases, which): (Vec<(Vec<u8>, usize)>, &str) =
            if let Some(found) = hidden_inputs(exercise) {
                found
            } else {
                let cases = (0..20_u64)
                    .map(|seed| {
                        (
                            random_cells(40, seed),
                            usize::try_from(seed * 2).unwrap_or(0),
                        )
                    })
                    .chain([(vec![1], 3), (vec![], 2), (vec![0, 1, 1, 0], 0)])
                    .collect();
                (
                    cases,
                    "20 random rows of 40 with 0 to 38 steps and on short rows",
                )
            };
        let mut checked = 0;
        for (first, steps) in cases {
            let expected = expected::for_generations(&first, steps);
            let answer = match quietly(|| given(&first, steps)) {
                Ok(answer) => answer,
                Err(message) => {
                    let text = format!(
                        "✘ {exercise} panicked on the row {} with {steps} steps: {message}\n",
                        digits(&first)
                    );
                    return Report::fail(exercise, checked, text, None);
                }
            };
            if answer == expected {
                checked += 1;
                continue;
            }
            let mut text = format!(
                "✘ {exercise} is wrong ({}).\n  first row: {}\n  steps:     {steps}\n",
                right_before(checked, "case"),
                digits(&first)
            );
            let _ = writeln!(
                text,
                "  rows:      {} expected (the first row and {steps} more), yours has {}",
                expected.len(),
                answer.len()
            );
            let wrong = (0..expected.len().max(answer.len()))
                .find(|&i| answer.get(i) != expected.get(i))
                .unwrap_or(0);
            let show =
                |rows: &[Vec<u8>]| rows.get(wrong).map_or("(none)".to_owned(), |r| digits(r));
            let _ = writeln!(text, "  row {wrong}, reference: {}", show(&expected));
            let _ = writeln!(text, "  row {wrong}, yours:     {}", show(&answer));
            let mut rows = Vec::new();
            let mut labels = Vec::new();
            for (i, row) in expected.iter().enumerate().take(wrong + 1) {
                rows.push(row.clone());
                labels.push(if i == wrong { "reference" } else { "" });
            }
            rows.push(answer.get(wrong).cloned().unwrap_or_default());
            labels.push("yours");
            let marked: Vec<(usize, usize)> = (0..first.len())
                .filter(|&c| {
                    answer.get(wrong).and_then(|r| r.get(c))
                        != expected.get(wrong).and_then(|r| r.get(c))
                })
                .map(|c| (rows.len() - 1, c))
                .collect();
            let picture = render::cells(&rows, &labels, &marked);
            return Report::fail(exercise, checked, text, Some(picture));
        }
        let text =
            format!("✔ {exercise} agrees with the reference on {which} ({checked} cases).\n");
        Report::pass(exercise, checked, text, None)
    })
}

fn digits(row: &[u8]) -> String {
    if row.is_empty() {
        return "[] (no cells)".to_owned();
    }
    row.iter().map(ToString::to_string).collect()
}

fn describe_generation(
    exercise: &str,
    checked: usize,
    row: &[u8],
    expected: &[u8],
    answer: &[u8],
) -> String {
    let mut text = format!(
        "✘ {exercise} is wrong ({}).\n",
        right_before(checked, "row")
    );
    let _ = writeln!(text, "  row:       {}", digits(row));
    let _ = writeln!(text, "  reference: {}", digits(expected));
    let _ = writeln!(text, "  yours:     {}", digits(answer));
    if answer.len() == expected.len() {
        if let Some(i) = (0..answer.len()).find(|&i| answer[i] != expected[i]) {
            let _ = writeln!(
                text,
                "             {}^ cell {} (counting from 1) should be {}",
                " ".repeat(i),
                i + 1,
                expected[i]
            );
        }
    } else {
        let _ = writeln!(
            text,
            "  the row has {} cells and so must the next generation; yours has {}",
            row.len(),
            answer.len()
        );
    }
    text
}
