//! How the board becomes clauses: one small interface, [`Encode`], and one file per encoding.
//!
//! An encoding lists its [`Constraint`]s (at most one or at least one queen on a line of
//! squares); this module writes them as named clauses ([`Encoding::clauses`]) and `numbered`
//! writes them in DIMACS numbers with any at-most-one encoding ([`Encoding::numbered`]), both
//! through the one [`Sink`]. Adding an encoding is one file with a type that implements
//! [`Encode`], and one variant of [`Encoding`] that names it.

mod lecture;
mod numbered;
mod one_hot;

pub use numbered::MAX_NUMBERED_CLAUSES;

use std::fmt;

use super::QueensError;
use super::variables::{falling_squares, rising_squares, var};
use crate::board::Square;
use crate::encode::{Amo, Sink};
use crate::logic::Clauses;

/// The most clauses a builder will make; beyond it, it refuses instead of exhausting memory.
pub const MAX_CLAUSES: u128 = 5_000_000;

/// One constraint of an encoding: on a line of squares (a row, a column, a diagonal), at most
/// one queen, or at least one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Constraint {
    /// At most one of the squares holds a queen.
    AtMostOne(Vec<Square>),
    /// At least one of the squares holds a queen.
    AtLeastOne(Vec<Square>),
}

impl Constraint {
    /// Writes the constraint to a clause store, each square's variable given by `variable`,
    /// "at most one" written by `amo` (its helpers named after `prefix` where the store names
    /// them).
    pub fn write<S: Sink>(
        &self,
        amo: Amo,
        prefix: &str,
        variable: impl Fn(Square) -> S::Var,
        out: &mut S,
    ) {
        match self {
            Constraint::AtMostOne(squares) => {
                let vars: Vec<S::Var> = squares.iter().map(|&sq| variable(sq)).collect();
                amo.write(&vars, prefix, out);
            }
            Constraint::AtLeastOne(squares) => {
                let literals: Vec<(S::Var, bool)> =
                    squares.iter().map(|&sq| (variable(sq), true)).collect();
                out.clause(&literals);
            }
        }
    }
}

/// An encoding of n queens: the constraints it puts on the board's lines. [`Encoding::clauses`]
/// writes them as the named clauses over `Q<r,c>` of the lectures, [`Encoding::numbered`] as
/// DIMACS numbers with any at-most-one; both through one [`Sink`].
pub trait Encode: Sync {
    /// Its name, as messages and the command line give it.
    fn name(&self) -> &'static str;

    /// How many clauses it makes for n queens with pairwise at-most-one, computed without
    /// building them (saturating: huge sizes only need to compare as huge).
    fn clause_count(&self, n: usize) -> u128;

    /// The constraints for n queens (n ≥ 1), one line at a time, so that a caller with a
    /// deadline can stop between them.
    fn constraints(&self, n: usize) -> Box<dyn Iterator<Item = Constraint> + '_>;
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
        let built = self.clauses_by(n, crate::budget::Deadline::NONE)?;
        Ok(built.unwrap_or_default())
    }

    /// The clauses for n queens, or `None` if the deadline passes while they are built.
    pub(crate) fn clauses_by(
        self,
        n: usize,
        deadline: crate::budget::Deadline,
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
        for constraint in self.encoder().constraints(n) {
            if deadline.expired() {
                return Ok(None);
            }
            constraint.write(Amo::Pairwise, "", |sq| var(sq.row, sq.col), &mut all);
        }
        Ok(Some(all))
    }
}

/// How many clauses each encoding has for each board size (from the closed form, so any n):
/// the data of a chart of clause counts.
///
/// ```
/// let table = nqueens::queens::clause_table([8]);
/// assert_eq!(table[0].1, [(8, 512)]);
/// assert_eq!(table[1].1, [(8, 744)]);
/// ```
pub fn clause_table(sizes: impl IntoIterator<Item = usize>) -> Vec<(Encoding, Vec<(usize, u128)>)> {
    let sizes: Vec<usize> = sizes.into_iter().collect();
    Encoding::ALL
        .iter()
        .map(|&encoding| {
            let points = sizes.iter().map(|&n| (n, encoding.clause_count(n)));
            (encoding, points.collect())
        })
        .collect()
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

/// The constraints every encoding here shares: at most one queen on each diagonal with two or
/// more squares, rising (`row + col = k`, from the top-left corner on) then falling (`row − col =
/// k`, from the top-right corner on), each from the top row down.
fn diagonal_constraints(n: usize) -> impl Iterator<Item = Constraint> {
    let reach = n.saturating_sub(1).cast_signed();
    let rising = (2..=2 * n).map(move |k| rising_squares(k, n));
    let falling = (-reach..=reach).rev().map(move |k| falling_squares(k, n));
    rising
        .chain(falling)
        .filter(|line| line.len() >= 2)
        .map(Constraint::AtMostOne)
}
