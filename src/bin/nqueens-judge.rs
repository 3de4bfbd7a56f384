//! `nqueens-judge`: the coursework's judge, which the grader runs outside the student's kernel
//! (see `coursework/README.md`, "How a test cell scores").
//!
//! ```text
//! nqueens-judge inputs CHECKER [--seed N]
//!     the inputs the checker asks about (its hidden test's, with a seed), as text
//! nqueens-judge score CHECKER [--seed N] --points MAX < ANSWERS
//!     the checker's report on the answers a test cell showed, as one JSON object:
//!     {"points": …, "passed": …, "text": "…", "html": "…"}; answers that do not fit the
//!     inputs score 0, with the reason as the text
//! nqueens-judge expected
//!     the references' answers on every visible input, the table the students' kit checks
//!     with (`src/exercises/expected.txt`, written by `make expected`)
//! ```
//!
//! Exit status 2 for a bad command line; answers are the student's and never make it fail.

use std::io::Read as _;
use std::process::ExitCode;

use nqueens::exercises::judge;

/// At most this much of the answers is read: a notebook's outputs, not a stream without end.
const MAX_ANSWERS: u64 = 64 << 20;

const USAGE: &str = "usage: nqueens-judge inputs CHECKER [--seed N]\n       \
                     nqueens-judge score CHECKER [--seed N] --points MAX < ANSWERS\n       \
                     nqueens-judge expected";

struct Command {
    score: bool,
    checker: String,
    seed: Option<u64>,
    points: f64,
}

fn parse(args: &[String]) -> Result<Command, String> {
    let (score, checker) = match args {
        [verb, checker, ..] if verb == "inputs" || verb == "score" => {
            (verb == "score", checker.clone())
        }
        _ => return Err(USAGE.to_owned()),
    };
    let mut command = Command {
        score,
        checker,
        seed: None,
        points: 1.0,
    };
    let mut rest = args[2..].iter();
    while let Some(flag) = rest.next() {
        let value = rest
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
        match flag.as_str() {
            "--seed" => {
                command.seed = Some(
                    value
                        .parse()
                        .map_err(|_| format!("--seed {value}: not a whole number from 0"))?,
                );
            }
            "--points" if score => {
                command.points = value
                    .parse()
                    .ok()
                    .filter(|p: &f64| p.is_finite() && *p >= 0.0)
                    .ok_or_else(|| format!("--points {value}: not a number from 0"))?;
            }
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
    }
    Ok(command)
}

/// A JSON string.
fn quoted(text: &str) -> String {
    nqueens::exercises::wire::write(&text.to_owned())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args == ["expected"] {
        print!("{}", nqueens::exercises::expected_table());
        return ExitCode::SUCCESS;
    }
    let command = match parse(&args) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("nqueens-judge: {message}");
            return ExitCode::from(2);
        }
    };
    if !command.score {
        return match judge::inputs(&command.checker, command.seed) {
            Ok(text) => {
                println!("{text}");
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("nqueens-judge: {error}");
                ExitCode::from(2)
            }
        };
    }
    let mut answers = String::new();
    let read = std::io::stdin()
        .take(MAX_ANSWERS + 1)
        .read_to_string(&mut answers);
    let report = match read {
        Err(error) => judge::verdict(&command.checker, command.seed, &format!("({error})")),
        Ok(n) if n as u64 > MAX_ANSWERS => judge::verdict(
            &command.checker,
            command.seed,
            "(the answers are past 64 MiB)",
        ),
        Ok(_) => judge::verdict(&command.checker, command.seed, &answers),
    };
    let report = match report {
        Ok(report) => report,
        Err(error) => {
            eprintln!("nqueens-judge: {error}");
            return ExitCode::from(2);
        }
    };
    let (points, passed) = (report.score(command.points), report.passed());
    let (text, html) = (report.text(), report.to_html());
    println!(
        "{{\"points\": {points:.2}, \"passed\": {passed}, \"text\": {}, \"html\": {}}}",
        quoted(text),
        quoted(&html)
    );
    ExitCode::SUCCESS
}
