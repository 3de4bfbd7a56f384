//! [`Failure`]: what a program reports when a request cannot be answered: one sentence, and
//! whether the request was at fault (a program exits 2 for that, 1 for the rest).

use std::fmt;

/// A request that could not be answered: the sentence for the user, and whose fault it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The sentence, naming what it is about (a file, a flag).
    pub message: String,
    /// `true` when what was asked is at fault (bad input, a wrong file); `false` when there is
    /// no answer (no solution, a budget run out) or nowhere to put it.
    pub input: bool,
}

impl Failure {
    /// Bad input.
    pub fn input(message: impl fmt::Display) -> Self {
        Failure {
            message: message.to_string(),
            input: true,
        }
    }

    /// No answer, or nowhere to write it.
    pub fn output(message: impl fmt::Display) -> Self {
        Failure {
            message: message.to_string(),
            input: false,
        }
    }

    /// The exit code of a program that stops for it: 2 for bad input, 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        if self.input { 2 } else { 1 }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Failure {}
