//! One way to place n queens with any of the crate's solvers: [`place`] takes a [`Method`] and
//! a [`Budget`] and returns a [`Placement`], always checked in O(n) before it is returned.
//!
//! Each solver is one file here with one function that turns its own answer into a list of
//! columns and its statistics; adding a solver is that file and one variant of [`Method`].

mod backtracking;
mod construct;
mod csp;
mod dp;
mod found;
mod kind;
mod min_conflicts;

pub use found::Stats;
pub use kind::{CDCL_PAIRWISE_UP_TO, Method};

use crate::budget::Budget;
use std::time::{Duration, Instant};

use super::huge;
use crate::board::{Board, MAX_PRINTED};
use crate::queens::QueensError;

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

    /// The columns on one line (`2 4 1 3`, with a newline), in pieces of [`COLUMNS_A_PIECE`]
    /// columns: the whole line for 60 million queens would be half a gigabyte of text.
    pub fn columns_text(&self) -> impl Iterator<Item = String> + '_ {
        let chunks = self.columns.chunks(COLUMNS_A_PIECE).enumerate();
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

/// How many columns each piece of [`Placement::columns_text`] holds.
pub const COLUMNS_A_PIECE: usize = 4096;

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
/// min-conflicts cannot tell: it runs until the budget's steps or time run out, so give it one
/// of them, or it never returns there);
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

#[cfg(test)]
mod tests {
    use super::found::narrow;
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
