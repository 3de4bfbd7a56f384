//! The coursework's answers and inputs as text, for the trip between the student's kernel and
//! the judge outside it: a small subset of JSON (numbers, strings, lists, `null`, `true`,
//! `false`), written and read for each type a task takes or returns.
//!
//! The judge reads what a student's process wrote, so reading is strict and bounded: a nesting
//! depth of [`MAX_DEPTH`], whole numbers only, and an error (never a panic) for anything else.

use std::fmt::{self, Write as _};

use nqueens_core::board::Square;
use nqueens_core::csp::{Csp, CspError, ExprError};
use nqueens_core::dp::Step;
use nqueens_core::logic::{Clause, Clauses, Literal, Variable};

/// How deeply lists may nest in what is read.
pub const MAX_DEPTH: usize = 32;

/// Why a text could not be read as the value wanted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WireError(pub String);

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WireError {}

fn wrong<T>(what: &str, found: &Value) -> Result<T, WireError> {
    Err(WireError(format!(
        "expected {what}, found {}",
        found.kind()
    )))
}

/// A value as read, before it is taken for a type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A whole number.
    Number(i128),
    /// A string.
    Text(String),
    /// A list.
    List(Vec<Value>),
}

impl Value {
    fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a truth value",
            Value::Number(_) => "a number",
            Value::Text(_) => "a string",
            Value::List(_) => "a list",
        }
    }

    fn list(&self, what: &str) -> Result<&[Value], WireError> {
        match self {
            Value::List(items) => Ok(items),
            other => wrong(what, other),
        }
    }

    fn text(&self, what: &str) -> Result<&str, WireError> {
        match self {
            Value::Text(text) => Ok(text),
            other => wrong(what, other),
        }
    }

    fn number<T: TryFrom<i128>>(&self, what: &str) -> Result<T, WireError> {
        match self {
            Value::Number(n) => {
                T::try_from(*n).map_err(|_| WireError(format!("{n} is not {what}")))
            }
            other => wrong(what, other),
        }
    }

    /// Reads one value from the whole of `text`.
    ///
    /// # Errors
    /// Text that is not one value of the subset, or lists nested past [`MAX_DEPTH`].
    pub fn parse(text: &str) -> Result<Value, WireError> {
        let mut reader = Reader {
            bytes: text.as_bytes(),
            at: 0,
        };
        let value = reader.value(0)?;
        reader.space();
        if reader.at != reader.bytes.len() {
            return Err(reader.error("the end of the text"));
        }
        Ok(value)
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, wanted: &str) -> WireError {
        WireError(format!("expected {wanted} at byte {}", self.at + 1))
    }

    fn space(&mut self) {
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn word(&mut self, word: &str, value: Value) -> Result<Value, WireError> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.error("a value"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, WireError> {
        self.space();
        match self.bytes.get(self.at) {
            Some(b'n') => self.word("null", Value::Null),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'"') => self.string().map(Value::Text),
            Some(b'[') if depth >= MAX_DEPTH => Err(WireError(format!(
                "lists nested more than {MAX_DEPTH} deep"
            ))),
            Some(b'[') => self.list(depth),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.error("a value")),
        }
    }

    fn list(&mut self, depth: usize) -> Result<Value, WireError> {
        self.at += 1;
        let mut items = Vec::new();
        self.space();
        if self.bytes.get(self.at) == Some(&b']') {
            self.at += 1;
            return Ok(Value::List(items));
        }
        loop {
            items.push(self.value(depth + 1)?);
            self.space();
            match self.bytes.get(self.at) {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Value::List(items));
                }
                _ => return Err(self.error("',' or ']'")),
            }
        }
    }

    fn number(&mut self) -> Result<Value, WireError> {
        let start = self.at;
        if self.bytes[self.at] == b'-' {
            self.at += 1;
        }
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        std::str::from_utf8(&self.bytes[start..self.at])
            .ok()
            .and_then(|digits| digits.parse().ok())
            .map(Value::Number)
            .ok_or_else(|| WireError(format!("a number too large at byte {}", start + 1)))
    }

    fn string(&mut self) -> Result<String, WireError> {
        self.at += 1;
        let mut text = String::new();
        loop {
            let start = self.at;
            while !matches!(self.bytes.get(self.at), None | Some(b'"' | b'\\')) {
                self.at += 1;
            }
            text.push_str(
                std::str::from_utf8(&self.bytes[start..self.at])
                    .map_err(|_| self.error("UTF-8 text"))?,
            );
            match self.bytes.get(self.at) {
                Some(b'"') => {
                    self.at += 1;
                    return Ok(text);
                }
                Some(b'\\') => {
                    let escaped = self.bytes.get(self.at + 1).copied();
                    self.at += 2;
                    text.push(match escaped {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => self.unicode()?,
                        _ => return Err(self.error("an escape")),
                    });
                }
                _ => return Err(self.error("the end of the string")),
            }
        }
    }

    /// The character of `\uXXXX` (a pair of them for one past the first plane); a lone
    /// surrogate becomes U+FFFD.
    fn unicode(&mut self) -> Result<char, WireError> {
        let hex = |r: &mut Self| -> Result<u32, WireError> {
            let digits = r
                .bytes
                .get(r.at..r.at + 4)
                .and_then(|d| std::str::from_utf8(d).ok())
                .and_then(|d| u32::from_str_radix(d, 16).ok())
                .ok_or_else(|| r.error("four hex digits"))?;
            r.at += 4;
            Ok(digits)
        };
        let first = hex(self)?;
        if (0xD800..0xDC00).contains(&first) && self.bytes[self.at..].starts_with(b"\\u") {
            self.at += 2;
            let second = hex(self)?;
            let joined = 0x10000 + ((first - 0xD800) << 10) + second.wrapping_sub(0xDC00);
            return Ok(char::from_u32(joined).unwrap_or('\u{FFFD}'));
        }
        Ok(char::from_u32(first).unwrap_or('\u{FFFD}'))
    }
}

/// A value that travels as text.
pub trait Wire: Sized {
    /// Appends the value's text to `out`.
    fn put(&self, out: &mut String);
    /// The value a [`Value`] stands for.
    ///
    /// # Errors
    /// A value of another shape, or one the type cannot hold.
    fn take(value: &Value) -> Result<Self, WireError>;
}

/// The text of a value.
pub fn write<T: Wire>(value: &T) -> String {
    let mut out = String::new();
    value.put(&mut out);
    out
}

/// The value a text stands for.
///
/// # Errors
/// Text that is not a value of the subset, or not one of type `T`.
pub fn read<T: Wire>(text: &str) -> Result<T, WireError> {
    T::take(&Value::parse(text)?)
}

fn put_text(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            fn put(&self, out: &mut String) {
                let _ = write!(out, "{self}");
            }
            fn take(value: &Value) -> Result<Self, WireError> {
                value.number(stringify!($t))
            }
        }
    )*};
}

numbers!(u8, usize, u64, i64);

impl Wire for bool {
    fn put(&self, out: &mut String) {
        out.push_str(if *self { "true" } else { "false" });
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        match value {
            Value::Bool(b) => Ok(*b),
            other => wrong("a truth value", other),
        }
    }
}

impl Wire for String {
    fn put(&self, out: &mut String) {
        put_text(self, out);
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        value.text("a string").map(str::to_owned)
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn put(&self, out: &mut String) {
        out.push('[');
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            item.put(out);
        }
        out.push(']');
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        value.list("a list")?.iter().map(T::take).collect()
    }
}

impl<T: Wire> Wire for Option<T> {
    fn put(&self, out: &mut String) {
        match self {
            None => out.push_str("null"),
            Some(value) => value.put(out),
        }
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        match value {
            Value::Null => Ok(None),
            other => T::take(other).map(Some),
        }
    }
}

/// The items of a list of exactly `n`.
fn items<'a>(value: &'a Value, n: usize, what: &str) -> Result<&'a [Value], WireError> {
    let items = value.list(what)?;
    if items.len() == n {
        Ok(items)
    } else {
        Err(WireError(format!(
            "expected {what}, found a list of {}",
            items.len()
        )))
    }
}

impl<A: Wire, B: Wire> Wire for (A, B) {
    fn put(&self, out: &mut String) {
        out.push('[');
        self.0.put(out);
        out.push(',');
        self.1.put(out);
        out.push(']');
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        let items = items(value, 2, "a pair")?;
        Ok((A::take(&items[0])?, B::take(&items[1])?))
    }
}

impl<A: Wire, B: Wire, C: Wire> Wire for (A, B, C) {
    fn put(&self, out: &mut String) {
        out.push('[');
        self.0.put(out);
        out.push(',');
        self.1.put(out);
        out.push(',');
        self.2.put(out);
        out.push(']');
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        let items = items(value, 3, "a triple")?;
        Ok((
            A::take(&items[0])?,
            B::take(&items[1])?,
            C::take(&items[2])?,
        ))
    }
}

impl Wire for Square {
    fn put(&self, out: &mut String) {
        (self.row, self.col).put(out);
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        let (row, col) = <(usize, usize)>::take(value)?;
        Ok(Square::new(row, col))
    }
}

impl Wire for Variable {
    fn put(&self, out: &mut String) {
        put_text(self.name(), out);
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        Variable::new(value.text("a variable")?).map_err(|e| WireError(e.to_string()))
    }
}

impl Wire for Literal {
    fn put(&self, out: &mut String) {
        put_text(&self.to_string(), out);
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        value
            .text("a literal")?
            .parse()
            .map_err(|e: nqueens_core::logic::ParseError| WireError(e.to_string()))
    }
}

impl Wire for Clause {
    fn put(&self, out: &mut String) {
        self.literals().to_vec().put(out);
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        Ok(Vec::<Literal>::take(value)?.into_iter().collect())
    }
}

impl Wire for Clauses {
    fn put(&self, out: &mut String) {
        let clauses: Vec<Vec<Literal>> = self.iter().map(|c| c.iter().copied().collect()).collect();
        clauses.put(out);
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        let clauses = Vec::<Vec<Literal>>::take(value)?;
        Ok(clauses.into_iter().map(Clause::from_iter).collect())
    }
}

/// A step of a traced Davis–Putnam search: `["split", depth, literal]`, `["retry", depth,
/// literal]`, `["units", depth, [literals]]` or `["conflict", depth]`.
impl Wire for Step {
    fn put(&self, out: &mut String) {
        out.push('[');
        match self {
            Step::Split { depth, literal } | Step::Retry { depth, literal } => {
                let kind = if matches!(self, Step::Split { .. }) {
                    "split"
                } else {
                    "retry"
                };
                put_text(kind, out);
                let _ = write!(out, ",{depth},");
                literal.put(out);
            }
            Step::Units { depth, literals } => {
                put_text("units", out);
                let _ = write!(out, ",{depth},");
                literals.put(out);
            }
            Step::Conflict { depth } => {
                put_text("conflict", out);
                let _ = write!(out, ",{depth}");
            }
        }
        out.push(']');
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        let items = value.list("a step")?;
        let kind = items
            .first()
            .ok_or_else(|| WireError("an empty step".to_owned()))?;
        let depth = |items: &[Value]| {
            items
                .get(1)
                .ok_or_else(|| WireError("a step without its depth".to_owned()))?
                .number::<usize>("a depth")
        };
        let third = |items: &[Value]| {
            items
                .get(2)
                .cloned()
                .ok_or_else(|| WireError("a step without its literals".to_owned()))
        };
        match kind.text("a step's kind")? {
            "split" => Ok(Step::Split {
                depth: depth(items)?,
                literal: Literal::take(&third(items)?)?,
            }),
            "retry" => Ok(Step::Retry {
                depth: depth(items)?,
                literal: Literal::take(&third(items)?)?,
            }),
            "units" => Ok(Step::Units {
                depth: depth(items)?,
                literals: Vec::take(&third(items)?)?,
            }),
            "conflict" => Ok(Step::Conflict {
                depth: depth(items)?,
            }),
            other => Err(WireError(format!("no step is called {other:?}"))),
        }
    }
}

impl Wire for Csp {
    fn put(&self, out: &mut String) {
        let constraints: Vec<String> = self
            .constraints()
            .iter()
            .map(|c| self.constraint_text(c))
            .collect();
        (
            self.variables().to_vec(),
            self.values().to_vec(),
            constraints,
        )
            .put(out);
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        let (names, values, constraints) = <(Vec<String>, Vec<i64>, Vec<String>)>::take(value)?;
        Csp::new(&names, values, &constraints).map_err(|e| WireError(e.to_string()))
    }
}

impl Wire for CspError {
    fn put(&self, out: &mut String) {
        let (kind, text, number) = match self {
            CspError::BadVariable(name) => ("bad-variable", name.clone(), 0),
            CspError::NoValues => ("no-values", String::new(), 0),
            CspError::Constraint(e) => {
                ("constraint", format!("{}\n{}", e.text, e.message), e.column)
            }
            CspError::Empty => ("empty", String::new(), 0),
            CspError::TooLarge(n) => ("too-large", String::new(), *n),
        };
        (kind.to_owned(), text, number).put(out);
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        let (kind, text, number) = <(String, String, usize)>::take(value)?;
        Ok(match kind.as_str() {
            "bad-variable" => CspError::BadVariable(text),
            "no-values" => CspError::NoValues,
            "constraint" => {
                let (text, message) = text.split_once('\n').unwrap_or((&text, ""));
                CspError::Constraint(ExprError {
                    text: text.to_owned(),
                    column: number,
                    message: message.to_owned(),
                })
            }
            "empty" => CspError::Empty,
            "too-large" => CspError::TooLarge(number),
            other => return Err(WireError(format!("no CSP error is called '{other}'"))),
        })
    }
}

impl<T: Wire, E: Wire> Wire for Result<T, E> {
    fn put(&self, out: &mut String) {
        match self {
            Ok(value) => ("ok".to_owned(), write(value)).put(out),
            Err(error) => ("err".to_owned(), write(error)).put(out),
        }
    }
    fn take(value: &Value) -> Result<Self, WireError> {
        let items = items(value, 2, "a result")?;
        let inner = Value::parse(items[1].text("a result's value")?)?;
        match items[0].text("'ok' or 'err'")? {
            "ok" => T::take(&inner).map(Ok),
            "err" => E::take(&inner).map(Err),
            other => Err(WireError(format!(
                "expected 'ok' or 'err', found '{other}'"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Wire + PartialEq + fmt::Debug>(value: &T) {
        let text = write(value);
        assert_eq!(&read::<T>(&text).unwrap(), value, "{text}");
    }

    #[test]
    fn every_shape_a_task_uses_comes_back_as_it_went() {
        round_trip(&vec![Square::new(1, 2), Square::new(40, 3)]);
        round_trip(&(Some(vec![vec![true, false]]), vec![Square::new(2, 2)]));
        round_trip(&vec![0_u8, 1, 1]);
        round_trip(&(usize::MAX, u64::MAX, i64::MIN));
        round_trip(&"quote \" backslash \\ newline \n tab \t é ✘".to_owned());
        let clauses: Clauses = "{{p, ¬q}, {Q<1,2>}, {}}".parse().unwrap();
        round_trip(&clauses);
        round_trip(&(Literal::negative(Variable::new("Q<3,4>").unwrap()), 7_usize));
        let csp = nqueens_core::queens::create_csp(4).unwrap();
        let back: Csp = read(&write(&csp)).unwrap();
        assert_eq!(back.to_string(), csp.to_string());
        for error in [
            CspError::BadVariable("1x".into()),
            CspError::NoValues,
            CspError::Empty,
            CspError::TooLarge(9),
            Csp::new(&["V1"], [1], &["V1 <"]).unwrap_err(),
        ] {
            round_trip::<Result<usize, CspError>>(&Err(error));
        }
        round_trip::<Result<usize, CspError>>(&Ok(3));
    }

    #[test]
    fn what_is_not_a_value_of_the_type_is_an_error_not_a_panic() {
        for text in [
            "",
            "[",
            "[1,",
            "[1 2]",
            "\"open",
            "\"\\x\"",
            "1e5",
            "-",
            "nul",
            "[1]]",
            "\"\\ud800",
            "99999999999999999999999999999999999999999999",
        ] {
            assert!(Value::parse(text).is_err(), "{text}");
        }
        assert!(read::<u8>("256").is_err());
        assert!(read::<usize>("-1").is_err());
        assert!(read::<Square>("[1,2,3]").is_err());
        assert!(read::<Variable>("\"1abc\"").is_err());
        assert!(read::<Csp>("[[\"V1\"],[],[]]").is_err());
        let deep = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
        assert!(Value::parse(&deep).unwrap_err().0.contains("nested"));
        let fine = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(Value::parse(&fine).is_ok());
        assert_eq!(read::<String>("\"\\ud83d\\ude00\"").unwrap(), "😀");
    }
}
