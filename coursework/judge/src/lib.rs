//! The coursework's judge: the checkers run outside the student's process, on the answers the
//! student's kernel showed, with the references and the hidden tests, which only this crate
//! holds (the students' kit compiles the checkers' crate, `nqueens-checkers`, and neither of
//! these). The grader runs its program, `nqueens-judge`.
//!
//! When the coursework is graded, a test cell no longer checks anything. The grader asks the
//! judge for the cell's [`inputs`] (the checker's own inputs: the visible ones, or the hidden ones
//! of the grader's seed), the cell runs the student's function on them and prints the outcomes
//! ([`answers`](nqueens_checkers::answers)), and the grader hands what arrived before the cell's time ran
//! out to [`judge`], which runs the very same checker with a stand-in for the student's function
//! that answers from the outcomes. The report, and so the score, is worked out here, in the
//! grader's process; what the notebook showed counts only as the student's answers.
//!
//! The inputs are found by running the checker once with the reference in the student's place,
//! noting every input it asks about (the checkers ask the same questions whatever the answers).
//!
//! ```
//! use nqueens::Square;
//! use nqueens_checkers::answers;
//! use nqueens_judge::{self as judge, Shown};
//! let inputs = judge::inputs("check_rook_sees", None).unwrap();
//! let rook = |(s, n): (Square, usize)| -> Vec<Square> {
//!     let row = (1..=n).filter(|&c| c != s.col).map(|c| Square::new(s.row, c));
//!     row.chain((1..=n).filter(|&r| r != s.row).map(|r| Square::new(r, s.col))).collect()
//! };
//! let shown = answers::collected(&inputs, rook);
//! let report = judge::judge("check_rook_sees", None, Shown::finished(&shown)).unwrap();
//! assert!(report.passed());
//! let lazy = answers::collected(&inputs, |_: (Square, usize)| Vec::<Square>::new());
//! assert!(!judge::judge("check_rook_sees", None, Shown::finished(&lazy)).unwrap().passed());
//! ```

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::Read as _;
use std::panic::{self, AssertUnwindSafe};

use std::rc::Rc;

use nqueens_checkers::Report;
use nqueens_checkers::answers::{ANSWER, Reply};
use nqueens_checkers::oracle;
use nqueens_checkers::wire::{self, Wire};

pub mod hidden;
mod inputs;
mod reference;
pub mod table;
mod tasks;

pub use table::{TASKS, Task};
pub use tasks::table as expected_table;

/// Why the judge could not judge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JudgeError {
    /// No checker of that name.
    UnknownChecker(String),
    /// The checker itself failed (a bug of the judge's, not the student's).
    Checker(String),
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::UnknownChecker(name) => write!(f, "no checker is called '{name}'"),
            JudgeError::Checker(message) => write!(f, "the checker failed: {message}"),
        }
    }
}

impl std::error::Error for JudgeError {}

/// The inputs a checker asks about, as text for the student's kernel: the visible ones, or with
/// `seed` those of its hidden test.
///
/// # Errors
/// [`JudgeError::UnknownChecker`] for a name that is not a checker's.
pub fn inputs(checker: &str, seed: Option<u64>) -> Result<String, JudgeError> {
    match dispatch(checker, seed, &Mode::Inputs)? {
        Done::Inputs(text) => Ok(text),
        Done::Report(_) => unreachable!("asked for inputs"),
    }
}

/// What a graded test cell showed, as the grader's executor kept it: the cell's standard output
/// up to its time limit, and whether the clock ended the cell there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown<'a> {
    /// The cell's standard output; only its lines that start with [`ANSWER`] count.
    pub output: &'a str,
    /// The cell's time limit in seconds, when the clock ended the cell before it finished.
    pub stopped_at: Option<u64>,
}

impl<'a> Shown<'a> {
    /// The output of a cell that finished in time.
    pub fn finished(output: &'a str) -> Self {
        Shown {
            output,
            stopped_at: None,
        }
    }

    /// One outcome for each of `count` inputs: the answer shown for it; or, when none came (in
    /// time), when different ones came, or when it does not read, a stop that says so, which
    /// the checker reports as it reports a panic.
    pub fn outcomes<O: Wire>(&self, exercise: &str, count: usize) -> Vec<Reply<O>> {
        // At most two different claims are kept for an input: two already make it count for
        // nothing (and a long list of claims would cost the judge time, not the student).
        let mut claims: Vec<Vec<&str>> = vec![Vec::new(); count];
        for line in self.output.split('\n') {
            let Some((index, outcome)) = line
                .strip_prefix(ANSWER)
                .and_then(|rest| rest.trim_end_matches('\r').split_once(' '))
            else {
                continue;
            };
            if let Some(said) = index.parse::<usize>().ok().and_then(|i| claims.get_mut(i))
                && said.len() < 2
                && !said.contains(&outcome)
            {
                said.push(outcome);
            }
        }
        claims
            .into_iter()
            .map(|said| match said.as_slice() {
                [one] => match wire::read(one) {
                    Ok(Reply::Panicked(message)) => Reply::Panicked(shortened(&message)),
                    Ok(outcome) => outcome,
                    Err(error) => Reply::Stopped(format!("its answer does not read: {error}")),
                },
                [] => Reply::Stopped(match self.stopped_at {
                    Some(limit) => format!(
                        "{exercise} gave no answer within the {limit} s the grader gives a \
                         test cell: is there an endless loop?"
                    ),
                    None => "no answer was shown for it".to_owned(),
                }),
                _ => Reply::Stopped("more than one answer was shown for it".to_owned()),
            })
            .collect()
    }
}

/// At most this many characters of a panic's message are shown in a report: the message is the
/// student's text, and a report is no place for pages of it (the hidden inputs, say).
pub const MESSAGE_CHARS: usize = 200;

/// A panic's message, cut to [`MESSAGE_CHARS`] characters.
fn shortened(message: &str) -> String {
    match message.char_indices().nth(MESSAGE_CHARS) {
        Some((end, _)) => format!("{} … (cut)", &message[..end]),
        None => message.to_owned(),
    }
}

/// The checker's report on what a student's kernel showed for [`inputs`].
///
/// # Errors
/// [`JudgeError::UnknownChecker`], or [`JudgeError::Checker`] when the checker itself fails.
pub fn judge(checker: &str, seed: Option<u64>, shown: Shown) -> Result<Report, JudgeError> {
    match dispatch(checker, seed, &Mode::Judge(shown))? {
        Done::Report(report) => Ok(report),
        Done::Inputs(_) => unreachable!("asked for a report"),
    }
}

/// [`judge`], with a checker that fails turned into a failing report that says why: what a test
/// cell scores.
///
/// # Errors
/// [`JudgeError::UnknownChecker`] only.
pub fn verdict(checker: &str, seed: Option<u64>, shown: Shown) -> Result<Report, JudgeError> {
    match judge(checker, seed, shown) {
        Err(JudgeError::UnknownChecker(name)) => Err(JudgeError::UnknownChecker(name)),
        Err(reason) => {
            let exercise = checker.trim_start_matches("check_");
            let text = format!("✘ no answers to judge: {reason}, so this test scores 0\n");
            Ok(Report::fail(exercise, 0, text, None))
        }
        judged => judged,
    }
}

/// The usage of the judge's program (`nqueens-judge`).
pub const USAGE: &str = "usage: nqueens-judge inputs CHECKER [--seed N]\n       \
                         nqueens-judge score CHECKER [--seed N] --points MAX \
                         [--stopped-at SECONDS] < OUTPUT\n       \
                         nqueens-judge expected\n       \
                         nqueens-judge tasks\n       \
                         nqueens-judge kit";

/// At most this much of the answers is read: a notebook's outputs, not a stream without end.
pub const MAX_ANSWERS: u64 = 64 << 20;

/// The judge's program, given its arguments and its standard input; the text to print, or the
/// message of a bad command line:
/// * `inputs CHECKER [--seed N]`: [`inputs`];
/// * `score CHECKER [--seed N] --points MAX [--stopped-at SECONDS]`: the [`verdict`] on the
///   cell's standard output read (past [`MAX_ANSWERS`], none of it), [`Shown::stopped_at`] the
///   seconds given, as one JSON object, `{"points": …, "passed": …, "text": "…", "html": "…"}`;
/// * `expected`: the references' answers on every visible input (`coursework/checkers/src/expected.txt`);
/// * `tasks`: the table of tasks, a line per task: assignment, checker, name ([`table::task_list`]);
/// * `kit`: the kit's list of checkers (`coursework/kit/src/checkers.rs`, [`table::kit_checkers`]).
///
/// # Errors
/// A bad command line or an unknown checker; the answers are the student's and never make it
/// fail.
pub fn command(args: &[String], answers: &mut dyn std::io::Read) -> Result<String, String> {
    if args == ["expected"] {
        return Ok(expected_table());
    }
    if args == ["tasks"] {
        return Ok(table::task_list(&TASKS));
    }
    if args == ["kit"] {
        return Ok(table::kit_checkers(&TASKS));
    }
    let (score, checker) = match args {
        [verb, checker, ..] if verb == "inputs" || verb == "score" => (verb == "score", checker),
        _ => return Err(USAGE.to_owned()),
    };
    let (mut seed, mut points, mut stopped_at) = (None, 1.0, None);
    let mut rest = args[2..].iter();
    while let Some(flag) = rest.next() {
        let value = rest
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        match flag.as_str() {
            "--seed" => {
                let number = value.parse();
                seed =
                    Some(number.map_err(|_| format!("--seed {value}: not a whole number from 0"))?);
            }
            "--points" if score => {
                points = value
                    .parse()
                    .ok()
                    .filter(|p: &f64| p.is_finite() && *p >= 0.0)
                    .ok_or_else(|| format!("--points {value}: not a number from 0"))?;
            }
            "--stopped-at" if score => {
                let number = value.parse();
                stopped_at =
                    Some(number.map_err(|_| {
                        format!("--stopped-at {value}: not a whole number of seconds")
                    })?);
            }
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
    }
    if !score {
        return inputs(checker, seed)
            .map(|text| format!("{text}\n"))
            .map_err(|e| e.to_string());
    }
    let mut text = String::new();
    let answered = match (&mut *answers)
        .take(MAX_ANSWERS + 1)
        .read_to_string(&mut text)
    {
        Err(error) => format!("({error})"),
        Ok(n) if n as u64 > MAX_ANSWERS => "(the output is past 64 MiB)".to_owned(),
        Ok(_) => text,
    };
    let shown = Shown {
        output: &answered,
        stopped_at,
    };
    let report = verdict(checker, seed, shown).map_err(|e| e.to_string())?;
    let quoted = |text: &str| wire::write(&text.to_owned());
    Ok(format!(
        "{{\"points\": {:.2}, \"passed\": {}, \"text\": {}, \"html\": {}}}\n",
        report.score(points),
        report.passed(),
        quoted(report.text()),
        quoted(&report.to_html())
    ))
}

pub(crate) enum Mode<'a> {
    Inputs,
    Judge(Shown<'a>),
}

pub(crate) enum Done {
    Inputs(String),
    Report(Report),
}

/// The inputs `check` asks about, each once, in order, found by answering with `reference`.
fn asked<I: Wire + Clone, O>(
    reference: &impl Fn(I) -> O,
    check: &impl Fn(&dyn Fn(I) -> O) -> Report,
) -> Vec<I> {
    let seen = RefCell::new((Vec::new(), HashSet::new()));
    check(&|input: I| {
        let mut seen = seen.borrow_mut();
        if seen.1.insert(wire::write(&input)) {
            seen.0.push(input.clone());
        }
        reference(input)
    });
    seen.into_inner().0
}

pub(crate) fn task<I: Wire + Clone, O: Wire + Clone>(
    exercise: &str,
    mode: &Mode,
    reference: impl Fn(I) -> O,
    check: impl Fn(&dyn Fn(I) -> O) -> Report,
) -> Result<Done, JudgeError> {
    let inputs = asked(&reference, &check);
    let Mode::Judge(shown) = mode else {
        return Ok(Done::Inputs(wire::write(&inputs)));
    };
    let outcomes = shown.outcomes::<O>(exercise, inputs.len());
    let table: HashMap<String, Reply<O>> = inputs.iter().map(wire::write).zip(outcomes).collect();
    let replay = |input: I| match table.get(&wire::write(&input)) {
        Some(Reply::Answer(answer)) => answer.clone(),
        Some(Reply::Panicked(message) | Reply::Stopped(message)) => {
            panic::panic_any(message.clone())
        }
        None => panic::panic_any("no answer came for this input".to_owned()),
    };
    panic::catch_unwind(AssertUnwindSafe(|| check(&replay)))
        .map(Done::Report)
        .map_err(|_| JudgeError::Checker(format!("{exercise}'s checker panicked")))
}

/// Runs `check` (a checker called with the student's function) as the judge does: with the
/// references answering for it (see [`Oracle`](nqueens_checkers::oracle::Oracle)), on the
/// visible inputs or, with a seed, on that hidden test's, and says so in its verdict.
pub fn with_references(seed: Option<u64>, check: impl FnOnce() -> Report) -> Report {
    let report = oracle::consulting(Rc::new(tasks::References { seed }), check);
    if seed.is_some() {
        report.into_hidden()
    } else {
        report
    }
}

/// Every checker the judge knows, by the name a test cell calls it by: the table's.
pub fn checkers() -> impl Iterator<Item = &'static str> {
    TASKS.iter().map(|task| task.checker)
}

fn dispatch(checker: &str, seed: Option<u64>, mode: &Mode) -> Result<Done, JudgeError> {
    dispatch_in(&TASKS, checker, seed, mode)
}

/// The checker's run by the judge, its task found in `tasks`.
fn dispatch_in(
    tasks: &[Task],
    checker: &str,
    seed: Option<u64>,
    mode: &Mode,
) -> Result<Done, JudgeError> {
    match tasks.iter().find(|task| task.checker == checker) {
        Some(task) => (task.run)(task.name, seed, mode),
        None => Err(JudgeError::UnknownChecker(checker.to_owned())),
    }
}

#[cfg(test)]
mod tests;
