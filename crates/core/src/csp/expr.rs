//! Constraint expressions as the lecture writes them: `V1 != V2`, `abs(V3 - V1) != 2`.
//!
//! Grammar (usual precedence, all binary operators left-associative):
//!
//! ```text
//! constraint := sum ("==" | "!=" | "<" | "<=" | ">" | ">=") sum
//! sum        := product (("+" | "-") product)*
//! product    := unary ("*" unary)*
//! unary      := "-" unary | atom
//! atom       := integer | variable | "abs" "(" sum ")" | "(" sum ")"
//! ```
//!
//! Parsing resolves variable names to indices once; a constraint is then evaluated on an
//! assignment (a slice of values) without looking at any string.
//!
//! A constraint nests at most [`MAX_NESTING`] parentheses, `abs` and minus signs deep and holds at
//! most [`MAX_TERMS`] numbers and variables, so that evaluating, printing and dropping it (all
//! recursive) never run out of stack; beyond that it is an error, not a crash.

use std::fmt;

use crate::scan::Scanner;

/// The deepest nesting of parentheses, `abs(…)` and unary minus a constraint may have.
pub const MAX_NESTING: usize = 64;

/// The most numbers and variables one constraint may hold.
pub const MAX_TERMS: usize = 1000;

/// A comparison or arithmetic operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl Op {
    fn symbol(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Eq => "==",
            Op::Ne => "!=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
        }
    }

    /// Binding strength, for printing with as few parentheses as possible.
    fn precedence(self) -> u8 {
        match self {
            Op::Mul => 3,
            Op::Add | Op::Sub => 2,
            _ => 1,
        }
    }

    /// `a op b` as a truth value (an arithmetic operator counts as true when nonzero).
    pub(crate) fn compare(self, a: i64, b: i64) -> bool {
        self.apply(a, b) != 0
    }

    fn apply(self, a: i64, b: i64) -> i64 {
        match self {
            Op::Add => a.wrapping_add(b),
            Op::Sub => a.wrapping_sub(b),
            Op::Mul => a.wrapping_mul(b),
            Op::Eq => i64::from(a == b),
            Op::Ne => i64::from(a != b),
            Op::Lt => i64::from(a < b),
            Op::Le => i64::from(a <= b),
            Op::Gt => i64::from(a > b),
            Op::Ge => i64::from(a >= b),
        }
    }
}

/// An expression over the variables of a CSP, by index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expr {
    /// An integer.
    Const(i64),
    /// The value of variable `i`.
    Var(usize),
    /// `-e`
    Neg(Box<Expr>),
    /// `abs(e)`
    Abs(Box<Expr>),
    /// `a op b`
    Binary(Op, Box<Expr>, Box<Expr>),
}

impl Expr {
    /// The value under an assignment (`values[i]` is the value of variable `i`); a comparison is
    /// 1 when it holds and 0 when not.
    pub fn eval(&self, values: &[i64]) -> i64 {
        match self {
            Expr::Const(c) => *c,
            Expr::Var(i) => values[*i],
            Expr::Neg(e) => e.eval(values).wrapping_neg(),
            Expr::Abs(e) => e.eval(values).wrapping_abs(),
            Expr::Binary(op, a, b) => op.apply(a.eval(values), b.eval(values)),
        }
    }

    /// Every variable index the expression mentions, in order, without repeats.
    pub fn variables(&self) -> Vec<usize> {
        let mut found = Vec::new();
        self.collect(&mut found);
        found.sort_unstable();
        found.dedup();
        found
    }

    fn collect(&self, found: &mut Vec<usize>) {
        match self {
            Expr::Const(_) => {}
            Expr::Var(i) => found.push(*i),
            Expr::Neg(e) | Expr::Abs(e) => e.collect(found),
            Expr::Binary(_, a, b) => {
                a.collect(found);
                b.collect(found);
            }
        }
    }

    /// Writes the expression with the given variable names, parenthesised only where needed.
    ///
    /// # Errors
    /// Whatever the writer reports.
    pub fn write(&self, names: &[String], f: &mut impl fmt::Write) -> fmt::Result {
        self.write_within(names, f, 0)
    }

    fn write_within(&self, names: &[String], f: &mut impl fmt::Write, outer: u8) -> fmt::Result {
        match self {
            Expr::Const(c) => write!(f, "{c}"),
            Expr::Var(i) => f.write_str(&names[*i]),
            Expr::Neg(e) => {
                f.write_str("-")?;
                e.write_within(names, f, 4)
            }
            Expr::Abs(e) => {
                f.write_str("abs(")?;
                e.write_within(names, f, 0)?;
                f.write_str(")")
            }
            Expr::Binary(op, a, b) => {
                let own = op.precedence();
                let parens = own < outer;
                if parens {
                    f.write_str("(")?;
                }
                a.write_within(names, f, own)?;
                write!(f, " {} ", op.symbol())?;
                // The right operand binds tighter: a - (b - c) keeps its parentheses.
                b.write_within(names, f, own + 1)?;
                if parens {
                    f.write_str(")")?;
                }
                Ok(())
            }
        }
    }
}

/// A constraint that could not be read; `column` counts characters from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    /// The constraint as written.
    pub text: String,
    /// Where the problem is: the 1-based position of the offending character.
    pub column: usize,
    /// What was expected, and what was found.
    pub message: String,
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "in '{}', column {}: {}",
            crate::failure::printable(&self.text),
            self.column,
            self.message
        )
    }
}

impl std::error::Error for ExprError {}

/// Parses a constraint; `variable` resolves a name to its index (or `None` if unknown).
///
/// # Errors
/// An [`ExprError`] pointing at the first character that does not fit the grammar, at an
/// unknown variable, or at a top level that is not a comparison.
pub fn parse_constraint(
    text: &str,
    variable: &dyn Fn(&str) -> Option<usize>,
) -> Result<Expr, ExprError> {
    let mut parser = Parser {
        text,
        scan: Scanner::new(text),
        variable,
        nesting: 0,
        terms: 0,
    };
    let left = parser.sum()?;
    let Some(op) = parser.comparison() else {
        return Err(parser.error("a comparison (==, !=, <, <=, >, >=)"));
    };
    let right = parser.sum()?;
    if !parser.scan.at_end() {
        return Err(parser.error("the end of the constraint"));
    }
    Ok(Expr::Binary(op, Box::new(left), Box::new(right)))
}

struct Parser<'a> {
    text: &'a str,
    scan: Scanner,
    variable: &'a dyn Fn(&str) -> Option<usize>,
    /// How deep the rule being read is nested.
    nesting: usize,
    /// Numbers and variables read so far.
    terms: usize,
}

impl Parser<'_> {
    fn error_at(&self, column: usize, message: String) -> ExprError {
        ExprError {
            text: self.text.to_owned(),
            column,
            message,
        }
    }

    fn error(&self, expected: &str) -> ExprError {
        self.error_at(
            self.scan.column(),
            format!("expected {expected}, found {}", self.scan.found()),
        )
    }

    fn comparison(&mut self) -> Option<Op> {
        [
            ("==", Op::Eq),
            ("!=", Op::Ne),
            ("<=", Op::Le),
            (">=", Op::Ge),
            ("<", Op::Lt),
            (">", Op::Gt),
        ]
        .into_iter()
        .find(|(token, _)| self.scan.eat(token))
        .map(|(_, op)| op)
    }

    fn sum(&mut self) -> Result<Expr, ExprError> {
        let mut left = self.product()?;
        loop {
            let op = if self.scan.eat("+") {
                Op::Add
            } else if self.scan.eat("-") {
                Op::Sub
            } else {
                return Ok(left);
            };
            left = Expr::Binary(op, Box::new(left), Box::new(self.product()?));
        }
    }

    fn product(&mut self) -> Result<Expr, ExprError> {
        let mut left = self.unary()?;
        while self.scan.eat("*") {
            left = Expr::Binary(Op::Mul, Box::new(left), Box::new(self.unary()?));
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        self.scan.skip_space();
        let column = self.scan.column();
        if self.scan.eat("-") {
            return self.nested(column, |p| Ok(Expr::Neg(Box::new(p.unary()?))));
        }
        self.atom()
    }

    /// Reads a rule one level deeper, refusing to go past [`MAX_NESTING`].
    /// `column` is where the deeper rule starts, for the error.
    fn nested(
        &mut self,
        column: usize,
        rule: impl FnOnce(&mut Self) -> Result<Expr, ExprError>,
    ) -> Result<Expr, ExprError> {
        if self.nesting >= MAX_NESTING {
            return Err(self.error_at(
                column,
                format!(
                    "a constraint nests at most {MAX_NESTING} parentheses, abs and minus signs deep"
                ),
            ));
        }
        self.nesting += 1;
        let expr = rule(self);
        self.nesting -= 1;
        expr
    }

    /// Counts a number or variable, refusing to go past [`MAX_TERMS`].
    fn term(&mut self, column: usize) -> Result<(), ExprError> {
        self.terms += 1;
        if self.terms > MAX_TERMS {
            return Err(self.error_at(
                column,
                format!("a constraint holds at most {MAX_TERMS} numbers and variables"),
            ));
        }
        Ok(())
    }

    /// `sum` followed by `)`.
    fn closed_sum(&mut self) -> Result<Expr, ExprError> {
        let inner = self.sum()?;
        if !self.scan.eat(")") {
            return Err(self.error("')'"));
        }
        Ok(inner)
    }

    fn atom(&mut self) -> Result<Expr, ExprError> {
        self.scan.skip_space();
        let column = self.scan.column();
        match self.scan.peek() {
            Some('(') => {
                self.scan.bump();
                self.nested(column, Self::closed_sum)
            }
            Some(c) if c.is_ascii_digit() => {
                self.term(column)?;
                let digits = self.scan.take_while(|c| c.is_ascii_digit());
                digits
                    .parse()
                    .map(Expr::Const)
                    .map_err(|_| self.error_at(column, format!("{digits} is too large")))
            }
            Some(c) if c.is_alphabetic() || c == '_' => {
                let name = self.scan.take_while(|c| c.is_alphanumeric() || c == '_');
                if name == "abs" {
                    if !self.scan.eat("(") {
                        return Err(self.error("'(' after abs"));
                    }
                    let inner = self.nested(column, Self::closed_sum)?;
                    return Ok(Expr::Abs(Box::new(inner)));
                }
                self.term(column)?;
                (self.variable)(&name)
                    .map(Expr::Var)
                    .ok_or_else(|| self.error_at(column, format!("unknown variable {name}")))
            }
            _ => Err(self.error("a number, a variable, abs(…) or '('")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Vec<String> {
        ["V1", "V2", "V3"].map(String::from).to_vec()
    }

    fn parse(text: &str) -> Result<Expr, ExprError> {
        let names = names();
        parse_constraint(text, &|n| names.iter().position(|m| m == n))
    }

    fn show(expr: &Expr) -> String {
        let mut out = String::new();
        expr.write(&names(), &mut out).unwrap();
        out
    }

    #[test]
    fn the_lectures_constraints_round_trip() {
        for text in [
            "V1 != V2",
            "abs(V3 - V1) != 2",
            "V1 + 2 * V2 <= -V3",
            "V1 - (V2 - V3) == 0",
        ] {
            assert_eq!(show(&parse(text).unwrap()), text);
        }
        assert_eq!(show(&parse("(V1)!=((V2))").unwrap()), "V1 != V2");
    }

    #[test]
    fn evaluation_follows_the_arithmetic() {
        let e = parse("abs(V3 - V1) != 2").unwrap();
        assert_eq!(e.eval(&[1, 0, 3]), 0);
        assert_eq!(e.eval(&[1, 0, 4]), 1);
        assert_eq!(parse("V1 - V2 - V3 == -4").unwrap().eval(&[1, 2, 3]), 1);
        assert_eq!(parse("2 + 3 * V1 == 11").unwrap().eval(&[3, 0, 0]), 1);
        assert_eq!(e.variables(), vec![0, 2]);
    }

    #[test]
    fn errors_point_at_the_character() {
        let error = parse("V1 !! V2").unwrap_err();
        assert_eq!(error.column, 4);
        let error = parse("V1 != V9").unwrap_err();
        assert_eq!(
            (error.column, error.message.as_str()),
            (7, "unknown variable V9")
        );
        assert_eq!(parse("abs(V1 != 2").unwrap_err().column, 8);
        assert_eq!(
            parse("V1 + V2").unwrap_err().message,
            "expected a comparison (==, !=, <, <=, >, >=), found the end of the text"
        );
        assert_eq!(parse("V1 == V2 V3").unwrap_err().column, 10);
        assert_eq!(parse("V1 == 99999999999999999999").unwrap_err().column, 7);
    }

    #[test]
    fn deep_or_long_constraints_are_errors_not_crashes() {
        let deep = format!("{}V1{} != 2", "(".repeat(15_000), ")".repeat(15_000));
        let error = parse(&deep).unwrap_err();
        assert!(error.message.contains("nests at most"), "{}", error.message);
        assert_eq!(error.column, MAX_NESTING + 1);
        let minus = format!("{}V1 != 2", "-".repeat(15_000));
        assert!(parse(&minus).unwrap_err().message.contains("nests at most"));
        let abs = format!("{}V1{} != 2", "abs(".repeat(15_000), ")".repeat(15_000));
        assert!(parse(&abs).unwrap_err().message.contains("nests at most"));
        let long = format!("V1{} != 2", " + 1".repeat(15_000));
        assert!(
            parse(&long)
                .unwrap_err()
                .message
                .contains("at most 1000 numbers")
        );
        // Just inside both limits it parses and evaluates.
        let fits = format!(
            "{}V1{}{} != 2",
            "(".repeat(MAX_NESTING),
            ")".repeat(MAX_NESTING),
            " + 0".repeat(MAX_TERMS - 2)
        );
        assert_eq!(parse(&fits).unwrap().eval(&[1, 0, 0]), 1);
    }
}
