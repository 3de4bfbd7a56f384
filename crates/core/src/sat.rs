//! What both SAT solvers share: the typed answer, which prints as the lecture writes it (a set
//! of unit clauses, or `{{}}`); and, from [`budget`](crate::budget), the [`Budget`] a search may
//! spend and the [`Limit`] that ran out when it gave up.
//!
//! [`dp`](crate::dp) and [`cdcl`](crate::cdcl) are siblings above this module: neither imports
//! the other.

use std::fmt;
use std::ops::Not;

pub use crate::budget::{Budget, Limit};
use crate::logic::{Clauses, Model};

/// The answer of a search, whichever solver gave it: a model, none, or what ran out first. The
/// model is named clauses' [`Model`] by default, the values of numbered variables for the
/// clauses in DIMACS numbers ([`cdcl::CnfOutcome`](crate::cdcl::CnfOutcome)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome<M = Model> {
    /// A model of every clause.
    Satisfiable(M),
    /// No model exists.
    Unsatisfiable,
    /// The budget ran out first.
    GaveUp(Limit),
}

/// A literal as both solvers number it: variable `v` (from 0) is `2v` when positive and `2v + 1`
/// when negative, so that a literal indexes arrays kept per literal and its complement is one
/// bit away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(pub u32);

impl Lit {
    /// Variable `var` (from 0), negated or not.
    pub fn new(var: usize, negative: bool) -> Lit {
        Lit(u32::try_from(2 * var).unwrap_or(u32::MAX - 1) | u32::from(negative))
    }
    /// The literal of a DIMACS number (variables from 1, negative for a negation).
    pub fn from_dimacs(n: i32) -> Lit {
        Lit((n.unsigned_abs() - 1) * 2 + u32::from(n < 0))
    }
    /// The DIMACS number of the literal.
    pub fn to_dimacs(self) -> i32 {
        let v = i32::try_from(self.var() + 1).unwrap_or(i32::MAX);
        if self.negative() { -v } else { v }
    }
    /// Its variable, from 0.
    pub fn var(self) -> usize {
        (self.0 >> 1) as usize
    }
    /// Whether it is a negation.
    pub fn negative(self) -> bool {
        self.0 & 1 == 1
    }
    /// Its place in an array kept per literal.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

impl<M> Outcome<M> {
    /// The model, if one was found.
    pub fn model(&self) -> Option<&M> {
        match self {
            Outcome::Satisfiable(model) => Some(model),
            _ => None,
        }
    }
}

impl Outcome {
    /// The answer in the lecture's form: the set of unit clauses, or `{{}}`; `None` if it gave up.
    pub fn to_clauses(&self) -> Option<Clauses> {
        match self {
            Outcome::Satisfiable(model) => Some(model.to_clauses()),
            Outcome::Unsatisfiable => Some(Clauses::falsum()),
            Outcome::GaveUp(_) => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Satisfiable(model) => fmt::Display::fmt(model, f),
            Outcome::Unsatisfiable => f.write_str("{{}}"),
            Outcome::GaveUp(limit) => write!(f, "gave up after {limit}"),
        }
    }
}
