//! The grader's hidden tests: every checker again, on inputs the notebook never shows, drawn
//! from a seed the grader chooses when it grades (larger boards, other random rows and clause
//! sets). A hidden test cell in the students' copy shows [`pending`]; the grader's copy names
//! the checker with [`SEED`], which the grader replaces by its own number, and the judge runs
//! it, outside the student's kernel. The hidden tests' inputs and their checks are the judge's
//! crate's: this one, which the students' kit compiles, has neither.

use super::Report;

/// The seed the hidden test cells name in the assignments' sources; the grader writes a number
/// of its own in its place when it grades, different for each student and assignment.
pub const SEED: u64 = 2026;

/// What a hidden test cell shows in the students' copy: see [`Report::pending`].
pub fn pending(exercise: &str) -> Report {
    Report::pending(exercise)
}

/// The sizes a checker tries, and how its report names them: `visible` (in the words
/// `visible_words`), or in a hidden test two sizes drawn when graded.
pub(super) fn sizes_for(
    exercise: &str,
    visible: std::ops::RangeInclusive<usize>,
    visible_words: &str,
) -> (Vec<usize>, String) {
    super::trial::hidden_inputs(exercise)
        .unwrap_or_else(|| (visible.collect(), visible_words.to_owned()))
}
