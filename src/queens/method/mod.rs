//! One way to place n queens with any of the crate's solvers: [`place`] takes a [`Method`] and
//! a [`Budget`] and returns a [`Placement`], always checked in O(n) before it is returned.
//!
//! Each solver is one file here with one function that turns its own answer into a list of
//! columns and its statistics; adding a solver is that file and one variant of [`Method`].

mod backtracking;
mod construct;
mod csp;
mod dp;
mod min_conflicts;

use std::fmt;

use crate::budget::Budget;
use std::time::{Duration, Instant};

use super::QueensError;
use super::huge;
use crate::board::{Board, MAX_PRINTED};
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

/// What a solver reports besides the board: named counts, in the order they are printed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    entries: Vec<(&'static str, String)>,
}

impl Stats {
    /// Adds a line.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl fmt::Display) -> Self {
        self.entries.push((name, value.to_string()));
        self
    }

    /// The value of a line, as printed.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The lines, in order.
    pub fn entries(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.entries.iter().map(|(n, v)| (*n, v.as_str()))
    }
}

impl fmt::Display for Stats {
    /// One `name: value` line each, the values aligned.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.entries {
            writeln!(f, "{:<19}{value}", format!("{name}:"))?;
        }
        Ok(())
    }
}

/// n queens placed, none attacking another (checked before it was returned).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    method: Method,
    columns: Vec<u32>,
    /// What the solver counted.
    pub stats: Stats,
    /// The time from the call of [`place`] to the answer, set-up included, the check not.
    pub elapsed: Duration,
}

impl Placement {
    /// The board size.
    pub fn n(&self) -> usize {
        self.columns.len()
    }

    /// The method that found it.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The 1-based column of the queen in each row.
    pub fn columns(&self) -> &[u32] {
        &self.columns
    }

    /// The columns on one line (`2 4 1 3`, with a newline), in pieces of a few thousand
    /// columns: the whole line for 60 million queens would be half a gigabyte of text.
    pub fn columns_text(&self) -> impl Iterator<Item = String> + '_ {
        let chunks = self.columns.chunks(4096).enumerate();
        chunks
            .map(|(i, chunk)| {
                let mut text = String::with_capacity(chunk.len() * 9);
                for (j, column) in chunk.iter().enumerate() {
                    if i + j > 0 {
                        text.push(' ');
                    }
                    text.push_str(&column.to_string());
                }
                text
            })
            .chain(std::iter::once("\n".to_owned()))
    }

    /// The board, for boards up to [`MAX_PRINTED`] rows (larger ones stay a list of columns).
    ///
    /// # Errors
    /// [`QueensError::OutOfRange`] above [`MAX_PRINTED`].
    pub fn board(&self) -> Result<Board, QueensError> {
        let n = self.n();
        if n > MAX_PRINTED {
            return Err(QueensError::OutOfRange {
                n,
                max: MAX_PRINTED,
                method: "a board drawn square by square",
            });
        }
        let columns: Vec<usize> = self.columns.iter().map(|&c| c as usize).collect();
        Board::from_columns(&columns).map_err(|e| QueensError::Wrong {
            method: self.method.name(),
            flaw: e.to_string(),
        })
    }
}

/// What a solver found, before it is checked.
struct Found {
    columns: Vec<u32>,
    stats: Stats,
}

/// Places n queens with a method, within the limits; the board is checked in O(n) (every row,
/// column and diagonal holds at most one queen) before it is returned.
///
/// ```
/// use nqueens::Budget;
/// use nqueens::queens::method::{self, Method};
/// let placed = method::place(8, &Method::Backtracking, &Budget::default())?;
/// assert_eq!(placed.columns(), [1, 5, 8, 6, 3, 7, 2, 4]);
/// assert!(placed.board()?.is_solution());
/// # Ok::<(), nqueens::queens::QueensError>(())
/// ```
///
/// # Errors
/// [`QueensError::Empty`] for n = 0; [`QueensError::NoSolution`] for n = 2 and 3 (the searches
/// prove it, the construction and the queens' min-conflicts know it up front; the CSP's
/// min-conflicts cannot tell, and runs out of steps);
/// [`QueensError::GaveUp`] when a limit ran out; [`QueensError::TooLarge`] or
/// [`QueensError::OutOfRange`] when the board is too large for the method;
/// [`QueensError::Wrong`] if a solver's answer fails the check (a bug).
pub fn place(n: usize, method: &Method, limits: &Budget) -> Result<Placement, QueensError> {
    let start = Instant::now();
    if n == 0 {
        return Err(QueensError::Empty);
    }
    let found = match *method {
        Method::Dp {
            heuristic,
            encoding,
        } => dp::place(n, heuristic, encoding, limits, start)?,
        Method::Cdcl {
            encoding,
            amo,
            decide,
        } => dp::place_cdcl(n, encoding, amo, decide, limits, start)?,
        Method::CspBacktracking | Method::CspPropagation | Method::CspMinConflicts { .. } => {
            csp::place(n, method, limits, start)?
        }
        Method::Backtracking => backtracking::place(n, limits, start)?,
        Method::Construct => construct::place(n)?,
        Method::MinConflicts { seed } => min_conflicts::place(n, seed, limits, start)?,
    };
    let elapsed = start.elapsed();
    huge::verify(n, &found.columns).map_err(|flaw| QueensError::Wrong {
        method: method.name(),
        flaw: flaw.to_string(),
    })?;
    Ok(Placement {
        method: *method,
        columns: found.columns,
        stats: found.stats,
        elapsed,
    })
}

/// 1-based columns as `u32`, as [`Placement`] keeps them (every method's n is at most
/// [`huge::MAX_HUGE_N`], so they fit).
fn narrow(columns: impl IntoIterator<Item = usize>) -> Vec<u32> {
    columns
        .into_iter()
        .map(|c| u32::try_from(c).unwrap_or(u32::MAX))
        .collect()
}

/// The refusal for a board larger than a method takes.
fn out_of_range(n: usize, max: usize, method: &'static str) -> Result<(), QueensError> {
    if n > max {
        Err(QueensError::OutOfRange { n, max, method })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_print_aligned_lines() {
        let stats = Stats::default()
            .with("nodes", 3)
            .with("unit propagations", 12);
        assert_eq!(
            stats.to_string(),
            "nodes:             3\nunit propagations: 12\n"
        );
        assert_eq!(stats.get("nodes"), Some("3"));
        assert_eq!(stats.get("splits"), None);
    }

    #[test]
    fn narrow_keeps_columns() {
        assert_eq!(narrow([1, 5, huge::MAX_HUGE_N]), vec![1, 5, 1 << 30]);
    }
}
