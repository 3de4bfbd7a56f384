//! `nqueens-judge`: the coursework's judge, which the grader runs outside the student's kernel
//! (see `coursework/README.md`, "How a test cell scores"). What each command does is
//! [`nqueens_judge::command`]'s documentation:
//!
//! ```text
//! nqueens-judge inputs CHECKER [--seed N]
//! nqueens-judge score CHECKER [--seed N] --points MAX < ANSWERS
//! nqueens-judge expected
//! ```
//!
//! Exit status 2 for a bad command line; answers are the student's and never make it fail.

use std::io::Write as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match nqueens_judge::command(&args, &mut std::io::stdin()) {
        Ok(text) => match std::io::stdout().write_all(text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("nqueens-judge: cannot write the answer: {e}");
                ExitCode::from(1)
            }
        },
        Err(message) => {
            eprintln!("nqueens-judge: {message}");
            ExitCode::from(2)
        }
    }
}
