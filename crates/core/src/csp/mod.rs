//! Constraint satisfaction problems, as the CSP lecture states them: variables, values, and
//! constraints written as small expressions (`V1 != V2`, `abs(V2 - V1) != 1`).
//!
//! The lecture's n-queens CSP is built in [`queens`](crate::queens) (`queens::create_csp`); the
//! solvers are in [`solve`].

pub mod expr;

use std::fmt;

pub use expr::{Expr, ExprError, Op};

/// One constraint: its expression, and the variables it mentions (in order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constraint {
    expr: Expr,
    variables: Vec<usize>,
    fast: Fast,
}

/// How a constraint is evaluated: the two shapes of a board's CSP (columns, diagonals) directly, any other by
/// walking its expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fast {
    /// `Va op Vb`
    Compare(Op, usize, usize),
    /// `abs(Va - Vb) op k`
    AbsDifference(Op, usize, usize, i64),
    /// Anything else.
    Tree,
}

impl Fast {
    fn of(expr: &Expr) -> Fast {
        let Expr::Binary(op, left, right) = expr else {
            return Fast::Tree;
        };
        match (&**left, &**right) {
            (Expr::Var(a), Expr::Var(b)) => Fast::Compare(*op, *a, *b),
            (Expr::Abs(inner), Expr::Const(k)) => match &**inner {
                Expr::Binary(Op::Sub, a, b) => match (&**a, &**b) {
                    (Expr::Var(a), Expr::Var(b)) => Fast::AbsDifference(*op, *a, *b, *k),
                    _ => Fast::Tree,
                },
                _ => Fast::Tree,
            },
            _ => Fast::Tree,
        }
    }
}

/// The most constraints a board's CSP is built with (`queens::create_csp`).
pub const MAX_CONSTRAINTS: usize = 10_000_000;

impl Constraint {
    /// The constraint of an expression, its variables read off it.
    pub(crate) fn new(expr: Expr) -> Self {
        let variables = expr.variables();
        let fast = Fast::of(&expr);
        Constraint {
            expr,
            variables,
            fast,
        }
    }

    /// The expression.
    pub fn expr(&self) -> &Expr {
        &self.expr
    }

    /// The indices of the variables it mentions, in order.
    pub fn variables(&self) -> &[usize] {
        &self.variables
    }

    /// Whether it holds when variable `i` has the value `values[i]`.
    pub fn holds(&self, values: &[i64]) -> bool {
        match self.fast {
            Fast::Compare(op, a, b) => op.compare(values[a], values[b]),
            Fast::AbsDifference(op, a, b, k) => {
                op.compare(values[a].wrapping_sub(values[b]).wrapping_abs(), k)
            }
            Fast::Tree => self.expr.eval(values) != 0,
        }
    }
}

/// A constraint satisfaction problem ⟨Vars, Values, Constraints⟩; every variable ranges over the
/// same values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Csp {
    names: Vec<String>,
    values: Vec<i64>,
    constraints: Vec<Constraint>,
}

/// Why a CSP could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CspError {
    /// A variable name that is not an identifier, or is used twice.
    BadVariable(String),
    /// No values to choose from.
    NoValues,
    /// A constraint that does not parse.
    Constraint(ExprError),
    /// A board's CSP for n = 0 (the CSP of n queens, and the coursework's superqueens, whose
    /// answers use these two words too).
    Empty,
    /// A board's CSP for n whose n·(n−1) constraints would be more than [`MAX_CONSTRAINTS`].
    TooLarge(usize),
}

impl fmt::Display for CspError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CspError::BadVariable(name) => write!(
                f,
                "'{}' cannot be a variable: names are identifiers such as V1, each used once, and not 'abs'",
                crate::failure::printable(name)
            ),
            CspError::NoValues => f.write_str("a CSP needs at least one value"),
            CspError::Constraint(error) => write!(f, "{error}"),
            CspError::Empty => f.write_str("a board needs at least one row: n must be 1 or more"),
            CspError::TooLarge(n) => write!(
                f,
                "the CSP of {n} queens needs {} constraints, more than the {MAX_CONSTRAINTS} it builds; choose a smaller board",
                n.saturating_mul(n.saturating_sub(1))
            ),
        }
    }
}

impl std::error::Error for CspError {}

impl From<ExprError> for CspError {
    fn from(error: ExprError) -> Self {
        CspError::Constraint(error)
    }
}

fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
        && name != "abs"
}

impl Csp {
    /// A CSP from its parts, already checked (names are identifiers, each once; values not
    /// empty): for the crate's own builders, which write their constraints as expressions.
    pub(crate) fn from_parts(
        names: Vec<String>,
        values: Vec<i64>,
        constraints: Vec<Constraint>,
    ) -> Self {
        Csp {
            names,
            values,
            constraints,
        }
    }

    /// A CSP from variable names, values, and constraints in the lecture's notation.
    ///
    /// # Errors
    /// [`CspError`] for a bad or repeated name, no values, or a constraint that does not parse
    /// (the error points at the character).
    pub fn new<S: AsRef<str>>(
        variables: &[S],
        values: impl IntoIterator<Item = i64>,
        constraints: &[S],
    ) -> Result<Self, CspError> {
        let names: Vec<String> = variables.iter().map(|v| v.as_ref().to_owned()).collect();
        for (i, name) in names.iter().enumerate() {
            if !is_identifier(name) || names[..i].contains(name) {
                return Err(CspError::BadVariable(name.clone()));
            }
        }
        let mut values: Vec<i64> = values.into_iter().collect();
        values.sort_unstable();
        values.dedup();
        if values.is_empty() {
            return Err(CspError::NoValues);
        }
        let lookup = |name: &str| names.iter().position(|n| n == name);
        let constraints = constraints
            .iter()
            .map(|text| expr::parse_constraint(text.as_ref(), &lookup).map(Constraint::new))
            .collect::<Result<_, _>>()?;
        Ok(Csp {
            names,
            values,
            constraints,
        })
    }

    /// The variable names, in order.
    pub fn variables(&self) -> &[String] {
        &self.names
    }

    /// The values, in increasing order.
    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// The constraints.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// A constraint as the lecture writes it.
    pub fn constraint_text(&self, constraint: &Constraint) -> String {
        let mut text = String::new();
        let _ = constraint.expr.write(&self.names, &mut text);
        text
    }

    /// Whether a full assignment (`values[i]` for variable `i`) uses only allowed values and
    /// satisfies every constraint: a check independent of any solver.
    pub fn is_solution(&self, assignment: &[i64]) -> bool {
        assignment.len() == self.names.len()
            && assignment
                .iter()
                .all(|v| self.values.binary_search(v).is_ok())
            && self.constraints.iter().all(|c| c.holds(assignment))
    }
}

impl fmt::Display for Csp {
    /// The three parts, one constraint per line, as the lecture prints them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let list = |items: Vec<String>| format!("{{{}}}", items.join(", "));
        writeln!(f, "Variables:   {}", list(self.names.clone()))?;
        writeln!(
            f,
            "Values:      {}",
            list(self.values.iter().map(i64::to_string).collect())
        )?;
        f.write_str("Constraints:")?;
        for constraint in &self.constraints {
            write!(f, "\n             {}", self.constraint_text(constraint))?;
        }
        Ok(())
    }
}
