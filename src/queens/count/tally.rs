//! What a count is asked to use and what it gives: [`CountMethod`] and [`Tally`].

use super::halves::{HALVES_FASTER_FROM, MAX_HALVES_N};
use crate::budget::Limit;
use crate::queens::Encoding;

/// A way to count the solutions of n queens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountMethod {
    /// The symmetric bitboard search on threads ([`count_both`](super::count_both)): every solution and the classes.
    Bitboard,
    /// The quadrant method's join of halves ([`count_by_halves`](super::count_by_halves)).
    Halves,
    /// Every model of an encoding's clauses, each blocked once found ([`dp::satisfy_count`](crate::dp::satisfy_count)).
    Sat(Encoding),
    /// The backtracking lecture's row-by-row search, going on after each solution (giving up
    /// after the budget's nodes: squares tried).
    Backtracking,
    /// The CSP lecture's backtracking, going on after each solution (giving up after the
    /// budget's nodes: values tried).
    Csp,
}

impl CountMethod {
    /// The fastest way to count every solution of n queens: the halves where they are faster
    /// ([`HALVES_FASTER_FROM`] to [`MAX_HALVES_N`]), the bitboard search otherwise.
    pub fn fastest(n: usize) -> Self {
        if (HALVES_FASTER_FROM..=MAX_HALVES_N).contains(&n) {
            CountMethod::Halves
        } else {
            CountMethod::Bitboard
        }
    }

    /// The method's name as the command line's `--method` takes it.
    pub fn flag(self) -> &'static str {
        match self {
            CountMethod::Bitboard => "bitboard",
            CountMethod::Halves => "halves",
            CountMethod::Sat(_) => "sat",
            CountMethod::Backtracking => "backtracking",
            CountMethod::Csp => "csp",
        }
    }
}

/// What [`count_by`](super::count_by) found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// The solutions counted: all of them, unless `gave_up`.
    pub all: u64,
    /// The symmetry classes, where the method counts them ([`CountMethod::Bitboard`]).
    pub fundamental: Option<u64>,
    /// What ran out when a search stopped at its budget of nodes (or squares), so that `all` is
    /// only a lower bound. (A count stopped by its time limit is an error instead.)
    pub gave_up: Option<Limit>,
}

impl Tally {
    /// The number asked for: the classes with `fundamental` (where the method counts them),
    /// otherwise every solution.
    pub fn answer(&self, fundamental: bool) -> u64 {
        if fundamental {
            self.fundamental.unwrap_or(self.all)
        } else {
            self.all
        }
    }
}
