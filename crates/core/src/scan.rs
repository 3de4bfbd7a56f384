//! A cursor over the characters of a text, shared by the parsers of clauses ([`crate::logic`])
//! and of constraints ([`crate::csp`]): positions count characters, so errors can name a column.

/// The characters of a text and the position of the next one.
pub(crate) struct Scanner {
    chars: Vec<char>,
    /// The index of the next character.
    pub(crate) position: usize,
}

impl Scanner {
    pub(crate) fn new(text: &str) -> Self {
        Scanner {
            chars: text.chars().collect(),
            position: 0,
        }
    }

    /// The next character, if any.
    pub(crate) fn peek(&self) -> Option<char> {
        self.chars.get(self.position).copied()
    }

    /// Moves past one character.
    pub(crate) fn bump(&mut self) {
        self.position += 1;
    }

    pub(crate) fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.position += 1;
        }
    }

    /// Whether only whitespace is left.
    pub(crate) fn at_end(&mut self) -> bool {
        self.skip_space();
        self.position >= self.chars.len()
    }

    /// After any whitespace, moves past `token` if it comes next.
    pub(crate) fn eat(&mut self, token: &str) -> bool {
        self.skip_space();
        let end = self.position + token.chars().count();
        let matches = end <= self.chars.len()
            && self.chars[self.position..end]
                .iter()
                .copied()
                .eq(token.chars());
        if matches {
            self.position = end;
        }
        matches
    }

    /// Moves past the characters that satisfy `wanted` and returns them.
    pub(crate) fn take_while(&mut self, wanted: impl Fn(char) -> bool) -> String {
        let start = self.position;
        while self.peek().is_some_and(&wanted) {
            self.position += 1;
        }
        self.chars[start..self.position].iter().collect()
    }

    /// The 1-based column of the next character.
    pub(crate) fn column(&self) -> usize {
        self.position + 1
    }

    /// What an error says it found: the next character quoted, or the end of the text.
    pub(crate) fn found(&self) -> String {
        self.peek()
            .map_or_else(|| "the end of the text".to_owned(), |c| format!("'{c}'"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eats_tokens_after_space_and_counts_characters() {
        let mut scan = Scanner::new("  ¬≠ ab1 !");
        assert!(!scan.eat("≠"));
        assert!(scan.eat("¬≠"));
        assert_eq!(scan.column(), 5);
        scan.skip_space();
        assert_eq!(scan.take_while(char::is_alphanumeric), "ab1");
        assert!(!scan.at_end());
        assert_eq!(scan.found(), "'!'");
        scan.bump();
        assert!(scan.at_end());
        assert_eq!(scan.found(), "the end of the text");
    }
}
