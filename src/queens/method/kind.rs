//! [`Method`]: the ways to place n queens, with their options, and their names.

use std::fmt;

use crate::cdcl::Decide;
use crate::dp::Heuristic;
use crate::encode::Amo;
use crate::queens::Encoding;

/// The largest board on which `solve --method cdcl` keeps the lecture's pairwise clauses and
/// VSIDS when no encoding or decision rule is given; see [`Method::cdcl_for`].
pub const CDCL_PAIRWISE_UP_TO: usize = 32;

/// A way to place n queens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Davis–Putnam on the clauses of an encoding (lectures 06 and 07).
    Dp {
        /// How the literal to split on is chosen.
        heuristic: Heuristic,
        /// How the board becomes clauses.
        encoding: Encoding,
    },
    /// Conflict-driven clause learning ([`crate::cdcl`]) on the clauses of an encoding, in
    /// DIMACS numbers ([`Encoding::numbered`]).
    Cdcl {
        /// How the board becomes clauses.
        encoding: Encoding,
        /// How each "at most one" becomes clauses.
        amo: Amo,
        /// How CDCL picks its decisions.
        decide: Decide,
    },
    /// The CSP lecture's backtracking: variables in order, values in increasing order.
    CspBacktracking,
    /// The CSP with the most constrained variable first and forward checking.
    CspPropagation,
    /// The CSP's general min-conflicts local search.
    CspMinConflicts {
        /// The seed of its random choices.
        seed: u64,
    },
    /// The backtracking lecture's row-by-row search on the board.
    Backtracking,
    /// The explicit construction, for every n ≥ 4, in O(n).
    Construct,
    /// Min-conflicts made for queens, with diagonal counters: a million queens in a second.
    MinConflicts {
        /// The seed of its random choices.
        seed: u64,
    },
}

impl Method {
    /// CDCL with the at-most-one encoding and decision rule chosen by size, for when the user
    /// gives neither: up to [`CDCL_PAIRWISE_UP_TO`] queens the lecture's pairwise clauses and
    /// VSIDS, which are quickest there; above, the product encoding (clauses that grow as n²,
    /// not n³, with the fewest helper variables of the linear encodings) and the shortest clause
    /// first (the most constrained column next), which place thousands of queens with a handful
    /// of conflicts. `amo` and `decide`, when given, win.
    pub fn cdcl_for(
        n: usize,
        encoding: Encoding,
        amo: Option<Amo>,
        decide: Option<Decide>,
    ) -> Method {
        let small = n <= CDCL_PAIRWISE_UP_TO;
        Method::Cdcl {
            encoding,
            amo: amo.unwrap_or(if small { Amo::Pairwise } else { Amo::Product }),
            decide: decide.unwrap_or(if small {
                Decide::Vsids
            } else {
                Decide::ShortestClause
            }),
        }
    }

    /// The lecture's own: Davis–Putnam on the lecture's clauses, first variable.
    pub const LECTURE: Method = Method::Dp {
        heuristic: Heuristic::FirstVariable,
        encoding: Encoding::Lecture,
    };

    /// The method's name as the messages give it.
    pub fn name(self) -> &'static str {
        match self {
            Method::Dp { .. } => "Davis–Putnam",
            Method::Cdcl { .. } => "CDCL",
            Method::CspBacktracking => "CSP backtracking",
            Method::CspPropagation => "CSP propagation",
            Method::CspMinConflicts { .. } => "CSP min-conflicts",
            Method::Backtracking => "backtracking",
            Method::Construct => "the construction",
            Method::MinConflicts { .. } => "min-conflicts",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Method::Dp {
                heuristic,
                encoding,
            } => write!(f, "Davis–Putnam ({heuristic}, {encoding} encoding)"),
            Method::Cdcl {
                encoding,
                amo,
                decide,
            } => write!(f, "CDCL ({encoding} encoding, {amo} at-most-one, {decide})"),
            other => f.write_str(other.name()),
        }
    }
}
