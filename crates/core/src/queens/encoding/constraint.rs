//! What every encoding is made of: [`Constraint`]s on the board's lines, the [`Encode`]
//! interface each encoding's file implements, and the clause counts and diagonal constraints
//! they share.

use crate::board::Square;
use crate::encode::{Amo, Sink};
use crate::queens::variables::{falling_squares, rising_squares};

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

/// An encoding of n queens: the constraints it puts on the board's lines. [`Encoding::clauses`](super::Encoding::clauses)
/// writes them as the named clauses over `Q<r,c>` of the lectures, [`Encoding::numbered`](super::Encoding::numbered) as
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

/// `k·(k−1)/2`, the pairs among k things (saturating).
pub(super) fn pairs(k: u128) -> u128 {
    k.saturating_mul(k.saturating_sub(1)) / 2
}

/// `k·(k−1)·(k−2)/6`, the triples among k things (saturating).
pub(super) fn triples(k: u128) -> u128 {
    k.saturating_mul(k.saturating_sub(1))
        .saturating_mul(k.saturating_sub(2))
        / 6
}

/// The pairwise "at most one" clauses of every diagonal in both directions: in each direction,
/// diagonals of length 2..n−1 twice and one of length n, Σ pairs(length).
pub(super) fn diagonal_count(n: u128) -> u128 {
    triples(n)
        .saturating_mul(2)
        .saturating_add(pairs(n))
        .saturating_mul(2)
}

/// The constraints every encoding here shares: at most one queen on each diagonal with two or
/// more squares, rising (`row + col = k`, from the top-left corner on) then falling (`row − col =
/// k`, from the top-right corner on), each from the top row down.
pub(super) fn diagonal_constraints(n: usize) -> impl Iterator<Item = Constraint> {
    let reach = n.saturating_sub(1).cast_signed();
    let rising = (2..=2 * n).map(move |k| rising_squares(k, n));
    let falling = (-reach..=reach).rev().map(move |k| falling_squares(k, n));
    rising
        .chain(falling)
        .filter(|line| line.len() >= 2)
        .map(Constraint::AtMostOne)
}
