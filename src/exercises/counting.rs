//! Counting every solution: a bitboard count for boards up to 10×10.

use std::fmt::Write as _;

use super::expected;
use super::report::{Parts, Report, quietly, within};

/// The board sizes [`check_count`] tries, one part of the score each.
pub const COUNT_SIZES: std::ops::RangeInclusive<usize> = 1..=10;

/// Checks a student's `count(n)`, the number of ways to place n queens on an n×n board, for
/// every n from 1 to 10 (in a hidden test, two n from 13 to 15 drawn when graded, which a search that keeps its board
/// in lists instead of bitboards does not finish within the time limit unoptimised), against
/// the library's count. Each size is one part of the score (n = 1 to 3, which a constant answers,
/// count only beside a larger one). All of them together must finish within the checkers' time
/// limit, which a bitboard search does with ease even unoptimised. A wrong count is reported as
/// too few or too many, not with the number.
pub fn check_count(given: impl Fn(usize) -> u64) -> Report {
    let exercise = "count";
    within(exercise, || {
        let (sizes, which) =
            super::hidden::sizes_for(exercise, COUNT_SIZES, "every n from 1 to 10");
        let mut parts = Parts::new(exercise);
        let mut table = String::from("     n  yours\n");
        for n in sizes {
            let expected = expected::for_count(n);
            match quietly(|| given(n)) {
                Ok(answer) => {
                    let verdict = match answer.cmp(&expected) {
                        std::cmp::Ordering::Equal => "",
                        std::cmp::Ordering::Less => "  ✘ too few",
                        std::cmp::Ordering::Greater => "  ✘ too many",
                    };
                    let _ = writeln!(table, "  {n:>4}  {answer:>5}{verdict}");
                    if answer != expected {
                        parts.wrong(|| {
                            let what = verdict.trim_start_matches("  ✘ ");
                            (format!("{exercise}({n}) is {answer}: {what}."), None)
                        });
                    } else if n <= 3 {
                        parts.right_trivially();
                    } else {
                        parts.right();
                    }
                }
                Err(message) => {
                    let _ = writeln!(table, "  {n:>4}  panicked");
                    parts.wrong(|| (format!("{exercise} panicked for n = {n}: {message}"), None));
                }
            }
        }
        let mut report = parts.report(|total| {
            (
                format!("✔ {exercise} is right for {which} ({total} sizes).\n"),
                None,
            )
        });
        report.append(&table);
        report
    })
}
