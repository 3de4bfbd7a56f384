//! What both SAT solvers share: the typed answer, which prints as the lecture writes it (a set
//! of unit clauses, or `{{}}`); and, from [`budget`](crate::budget), the [`Budget`] a search may
//! spend and the [`Limit`] that ran out when it gave up.
//!
//! [`dp`](crate::dp) and [`cdcl`](crate::cdcl) are siblings above this module: neither imports
//! the other.

use std::fmt;

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
