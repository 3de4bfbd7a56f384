//! Counting every solution: a bitboard count for boards up to 10×10.

use std::fmt::Write as _;

use super::report::{Parts, Report, quietly, within};
use crate::queens;

/// The board sizes [`check_count`] tries, one part of the score each.
pub const COUNT_SIZES: std::ops::RangeInclusive<usize> = 1..=10;

/// Checks a student's `count(n)`, the number of ways to place n queens on an n×n board, for
/// every n from 1 to 10 (1, 0, 0, 2, 10, 4, 40, 92, 352, 724), against [`queens::count`]. Each
/// size is one part of the score. All ten together must finish within the checkers' time limit,
/// which a bitboard search does with ease even unoptimised.
pub fn check_count(given: impl Fn(usize) -> u64) -> Report {
    let exercise = "count";
    within(exercise, || {
        let mut parts = Parts::new(exercise);
        let mut table = String::from("     n  reference  yours\n");
        for n in COUNT_SIZES {
            let expected = queens::count(n).unwrap_or(0);
            match quietly(|| given(n)) {
                Ok(answer) => {
                    let mark = if answer == expected { "" } else { "  ✘" };
                    let _ = writeln!(table, "  {n:>4}  {expected:>9}  {answer:>5}{mark}");
                    if answer == expected {
                        parts.right();
                    } else {
                        parts.wrong(|| {
                            (
                                format!(
                                    "{exercise}({n}) is {answer}; there are {expected} solutions."
                                ),
                                None,
                            )
                        });
                    }
                }
                Err(message) => {
                    let _ = writeln!(table, "  {n:>4}  {expected:>9}  panicked");
                    parts.wrong(|| (format!("{exercise} panicked for n = {n}: {message}"), None));
                }
            }
        }
        let mut report = parts.report(|total| {
            (
                format!("✔ {exercise} is right for every n from 1 to 10 ({total} sizes).\n"),
                None,
            )
        });
        report.append(&table);
        report
    })
}
