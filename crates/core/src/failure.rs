//! [`Failure`]: what a program reports when a request cannot be answered: one sentence, and
//! whether the request was at fault (a program exits 2 for that, 1 for the rest).

use std::fmt;

/// Text from the input as a message quotes it (and the command line prints every message
/// through it): every control character (the terminal's escape
/// sequences, a bell, the separators some readers take for the end of a line) and the Unicode
/// line and paragraph separators written as `\u{…}`, so that a message stays one line of plain
/// text whatever the input held.
pub fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

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

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn control_characters_are_written_out() {
        assert_eq!(printable("abc Q<1,2> ¬x"), "abc Q<1,2> ¬x");
        assert_eq!(
            printable("\u{1b}]0;title\u{7}\u{1b}[2J"),
            "\\u{1b}]0;title\\u{7}\\u{1b}[2J"
        );
        assert_eq!(
            printable("a\u{1e}b\nc\u{2028}"),
            "a\\u{1e}b\\u{a}c\\u{2028}"
        );
    }
}
