//! What both SAT solvers share: the budget a search may spend, what ran out when it gave up
//! ([`Limit`], every search's reason), and
//! the typed answer, which prints as the lecture writes it (a set of unit clauses, or `{{}}`).
//!
//! [`dp`](crate::dp) and [`cdcl`](crate::cdcl) are siblings above this module: neither imports
//! the other.

use std::fmt;
use std::time::Duration;

pub use crate::deadline::Limit;
use crate::logic::{Clauses, Model};

/// Limits that stop a search which runs too long; `None` means no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Budget {
    /// The most splits the search may make: Davis–Putnam's case distinctions, CDCL's decisions.
    pub max_splits: Option<u64>,
    /// The most time the search may take.
    pub time_limit: Option<Duration>,
}

/// The answer of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A model of every clause.
    Satisfiable(Model),
    /// No model exists.
    Unsatisfiable,
    /// The budget ran out first.
    GaveUp(Limit),
}

impl Outcome {
    /// The model, if one was found.
    pub fn model(&self) -> Option<&Model> {
        match self {
            Outcome::Satisfiable(model) => Some(model),
            _ => None,
        }
    }

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
