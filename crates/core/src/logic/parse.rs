//! Reading the lecture's notation: `p`, `¬p`, `{p, ¬q}`, `{{p, ¬q}, {r}}`.
//!
//! Negation may be written `¬`, `!`, `~` or `-`. Whitespace is free between tokens. The outer
//! braces of a clause set may be left out: `{p, q}, {¬p}` reads as two clauses.

use std::fmt;
use std::str::FromStr;

use super::{Clause, Clauses, Literal, Variable};
use crate::scan::Scanner;

/// A text that is not in the lecture's notation; `column` counts characters from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Where the problem is: the 1-based position of the offending character.
    pub column: usize,
    /// What was expected, and what was found.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// The grammar's rules over a [`Scanner`].
struct Parser {
    scan: Scanner,
}

impl Parser {
    fn new(text: &str) -> Self {
        Parser {
            scan: Scanner::new(text),
        }
    }

    fn peek(&self) -> Option<char> {
        self.scan.peek()
    }

    fn skip_space(&mut self) {
        self.scan.skip_space();
    }

    fn error(&self, expected: &str) -> ParseError {
        ParseError {
            column: self.scan.column(),
            message: format!("expected {expected}, found {}", self.scan.found()),
        }
    }

    fn expect(&mut self, wanted: char) -> Result<(), ParseError> {
        if self.scan.eat(wanted.encode_utf8(&mut [0; 4])) {
            Ok(())
        } else {
            Err(self.error(&format!("'{wanted}'")))
        }
    }

    fn finish(&mut self) -> Result<(), ParseError> {
        if self.scan.at_end() {
            Ok(())
        } else {
            Err(self.error("the end of the text"))
        }
    }

    /// `name := (letter | _) (letter | digit | _ | ')* ('<' inner '>')?`, inner without braces.
    fn variable(&mut self) -> Result<Variable, ParseError> {
        self.skip_space();
        if !self.peek().is_some_and(|c| c.is_alphabetic() || c == '_') {
            return Err(self.error("a variable name (a letter or '_' first)"));
        }
        let mut name = self
            .scan
            .take_while(|c| c.is_alphanumeric() || c == '_' || c == '\'');
        if self.peek() == Some('<') {
            self.scan.bump();
            name.push('<');
            loop {
                match self.peek() {
                    Some('>') => break,
                    Some(c) if c.is_whitespace() => {}
                    Some(c) if !matches!(c, '<' | '{' | '}') => name.push(c),
                    _ => return Err(self.error("'>' to close the variable's '<'")),
                }
                self.scan.bump();
            }
            self.scan.bump();
            name.push('>');
        }
        Ok(Variable::intern(&name))
    }

    fn literal(&mut self) -> Result<Literal, ParseError> {
        self.skip_space();
        if self
            .peek()
            .is_some_and(|c| matches!(c, '¬' | '!' | '~' | '-'))
        {
            self.scan.bump();
            Ok(Literal::negative(self.variable()?))
        } else {
            Ok(Literal::positive(self.variable()?))
        }
    }

    /// `{}` or `{l, l, …}`.
    fn clause(&mut self) -> Result<Clause, ParseError> {
        self.expect('{')?;
        let mut literals = Vec::new();
        self.skip_space();
        if self.scan.eat("}") {
            return Ok(Clause::empty());
        }
        loop {
            literals.push(self.literal()?);
            self.skip_space();
            match self.peek() {
                Some(',') => self.scan.bump(),
                Some('}') => {
                    self.scan.bump();
                    return Ok(literals.into_iter().collect());
                }
                _ => return Err(self.error("',' or '}' in a clause")),
            }
        }
    }

    /// `{C, C, …}`, `{}`, or the bare list `C, C, …` (where `{}, {p}` is the empty clause and
    /// `{p}`, while `{}` alone is the empty set).
    fn clauses(&mut self) -> Result<Clauses, ParseError> {
        self.skip_space();
        let save = self.scan.position;
        self.expect('{')?;
        let braced = if self.scan.eat("}") {
            // `{}` alone is the empty set; followed by a ',' it is the first clause of a list.
            let after = self.scan.position;
            if !self.scan.eat(",") {
                self.scan.position = after;
                return Ok(Clauses::new());
            }
            self.scan.position = save;
            false
        } else {
            self.skip_space();
            let braced = self.peek() == Some('{');
            if !braced {
                // A bare list of clauses: start again at its first '{'.
                self.scan.position = save;
            }
            braced
        };
        let mut clauses = Clauses::new();
        loop {
            clauses.insert(self.clause()?);
            self.skip_space();
            match self.peek() {
                Some(',') => self.scan.bump(),
                Some('}') if braced => {
                    self.scan.bump();
                    return Ok(clauses);
                }
                None if !braced => return Ok(clauses),
                _ if braced => return Err(self.error("',' or '}' between clauses")),
                _ => return Err(self.error("',' between clauses")),
            }
        }
    }
}

/// Parses a whole text with one grammar rule, rejecting anything left over.
fn parse_all<T>(
    text: &str,
    rule: impl FnOnce(&mut Parser) -> Result<T, ParseError>,
) -> Result<T, ParseError> {
    let mut parser = Parser::new(text);
    let value = rule(&mut parser)?;
    parser.finish()?;
    Ok(value)
}

pub(super) fn parse_variable(name: &str) -> Result<Variable, ParseError> {
    let mut parser = Parser::new(name);
    let variable = parser.variable()?;
    // A name is taken as it is: no surrounding space, nothing after it.
    if parser.peek().is_some() || name.starts_with(char::is_whitespace) {
        return Err(ParseError {
            column: parser.scan.column(),
            message: format!(
                "'{}' is not a variable name",
                crate::failure::printable(name)
            ),
        });
    }
    Ok(variable)
}

impl FromStr for Literal {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, ParseError> {
        parse_all(text, Parser::literal)
    }
}

impl FromStr for Clause {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, ParseError> {
        parse_all(text, Parser::clause)
    }
}

impl FromStr for Clauses {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Self, ParseError> {
        parse_all(text, Parser::clauses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_negation_sign() {
        for text in ["¬p", "!p", "~p", "-p", "  ¬ p "] {
            let literal: Literal = text.parse().unwrap();
            assert_eq!(literal.to_string(), "¬p", "{text}");
        }
    }

    #[test]
    fn reads_queen_variables_with_commas_inside() {
        let clause: Clause = "{¬Q<1,2>, Q< 2 , 10 >, Q<2,9>}".parse().unwrap();
        assert_eq!(clause.to_string(), "{¬Q<1,2>, Q<2,9>, Q<2,10>}");
    }

    #[test]
    fn reads_clause_sets_with_or_without_outer_braces() {
        let braced: Clauses = "{{p, ¬q}, {r}}".parse().unwrap();
        let bare: Clauses = "{p, ¬q}, {r}".parse().unwrap();
        assert_eq!(braced, bare);
        assert_eq!(braced.len(), 2);
        assert_eq!("{}".parse::<Clauses>().unwrap(), Clauses::new());
        assert_eq!("{{}}".parse::<Clauses>().unwrap(), Clauses::falsum());
        assert_eq!(" { } ".parse::<Clauses>().unwrap(), Clauses::new());
        // A bare list may start with the empty clause.
        let two: Clauses = "{}, {p}".parse().unwrap();
        assert_eq!(two.len(), 2);
        assert_eq!(two, "{{}, {p}}".parse().unwrap());
        assert_eq!(two.to_string(), "{{}, {p}}");
        assert_eq!(Clauses::falsum().to_string(), "{{}}");
    }

    #[test]
    fn errors_point_at_the_offending_character() {
        let error = "{p, q".parse::<Clause>().unwrap_err();
        assert_eq!(error.column, 6);
        let error = "{p, 3}".parse::<Clause>().unwrap_err();
        assert_eq!(error.column, 5);
        assert!(error.to_string().contains("found '3'"), "{error}");
        let error = "{{p}} x".parse::<Clauses>().unwrap_err();
        assert_eq!(error.column, 7);
        let error = "{Q<1,2}".parse::<Clause>().unwrap_err();
        assert!(error.message.contains("'>'"), "{error}");
        assert!(Variable::new(" p").is_err());
        assert!(Variable::new("p q").is_err());
        assert!(Variable::new("").is_err());
    }
}
