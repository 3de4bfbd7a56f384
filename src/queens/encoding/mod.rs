//! How the board becomes clauses: one small interface, [`Encode`], and one file per encoding.
//!
//! Adding an encoding is one file with a type that implements [`Encode`], and one variant of
//! [`Encoding`] that names it.

mod lecture;
mod numbered;
mod one_hot;

pub use numbered::MAX_NUMBERED_CLAUSES;

use std::fmt;
use std::time::Instant;

use super::QueensError;
use crate::logic::Clauses;

/// The most clauses a builder will make; beyond it, it refuses instead of exhausting memory.
pub const MAX_CLAUSES: u128 = 5_000_000;

/// An encoding of n queens as clauses over the variables `Q<r,c>` (and any helpers it needs).
pub trait Encode: Sync {
    /// Its name, as messages and the command line give it.
    fn name(&self) -> &'static str;

    /// How many clauses it makes for n queens, computed without building them (saturating: huge
    /// sizes only need to compare as huge).
    fn clause_count(&self, n: usize) -> u128;

    /// The clauses for n queens (n ≥ 1), a group at a time (a row, a column, a diagonal), so
    /// that a caller with a deadline can stop between groups.
    fn groups(&self, n: usize) -> Box<dyn Iterator<Item = Clauses> + '_>;
}

/// The encodings the crate has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Encoding {
    /// The lecture's: at most one per row and diagonal, at least one per column.
    #[default]
    Lecture,
    /// The PyEDA essay's: exactly one per row and column, at most one per diagonal.
    OneHot,
}

impl Encoding {
    /// Every encoding, in the order the documentation lists them.
    pub const ALL: [Encoding; 2] = [Encoding::Lecture, Encoding::OneHot];

    /// The implementation.
    pub fn encoder(self) -> &'static dyn Encode {
        match self {
            Encoding::Lecture => &lecture::Lecture,
            Encoding::OneHot => &one_hot::OneHot,
        }
    }

    /// How many clauses the encoding has for n queens, computed without building them.
    pub fn clause_count(self, n: usize) -> u128 {
        self.encoder().clause_count(n)
    }

    /// The clauses for n queens.
    ///
    /// # Errors
    /// [`QueensError::Empty`] for n = 0; [`QueensError::TooLarge`] when it would make more than
    /// [`MAX_CLAUSES`] clauses.
    pub fn clauses(self, n: usize) -> Result<Clauses, QueensError> {
        let built = self.clauses_until(n, None)?;
        Ok(built.unwrap_or_default())
    }

    /// The clauses for n queens, or `None` if the deadline passes while they are built.
    pub(crate) fn clauses_until(
        self,
        n: usize,
        deadline: Option<Instant>,
    ) -> Result<Option<Clauses>, QueensError> {
        if n == 0 {
            return Err(QueensError::Empty);
        }
        let clauses = self.clause_count(n);
        if clauses > MAX_CLAUSES {
            return Err(QueensError::TooLarge {
                n,
                encoding: self,
                clauses,
            });
        }
        let mut all = Clauses::new();
        for group in self.encoder().groups(n) {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(None);
            }
            all.extend(group);
        }
        Ok(Some(all))
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.encoder().name())
    }
}

/// `k·(k−1)/2`, the pairs among k things (saturating).
fn pairs(k: u128) -> u128 {
    k.saturating_mul(k.saturating_sub(1)) / 2
}

/// `k·(k−1)·(k−2)/6`, the triples among k things (saturating).
fn triples(k: u128) -> u128 {
    k.saturating_mul(k.saturating_sub(1))
        .saturating_mul(k.saturating_sub(2))
        / 6
}

/// The pairwise "at most one" clauses of every diagonal in both directions: in each direction,
/// diagonals of length 2..n−1 twice and one of length n, Σ pairs(length).
fn diagonal_count(n: u128) -> u128 {
    triples(n)
        .saturating_mul(2)
        .saturating_add(pairs(n))
        .saturating_mul(2)
}

/// The groups that every encoding here shares: at most one queen on each diagonal with two or
/// more squares, rising (`row + col = k`, `3 ≤ k ≤ 2n − 1`) then falling (`row − col = k`,
/// `|k| ≤ n − 2`).
fn diagonal_groups(n: usize) -> impl Iterator<Item = Clauses> {
    let reach = n.saturating_sub(2).cast_signed();
    let rising = (3..2 * n).map(move |k| super::at_most_one_in_rising_diagonal(k, n));
    let falling = (-reach..=reach).map(move |k| super::at_most_one_in_falling_diagonal(k, n));
    rising.chain(falling)
}
