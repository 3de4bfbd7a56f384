//! [`Encoding`]: the encodings the crate has, the named clauses each writes, and their counts.

use std::fmt;

use super::constraint::Encode;
use super::{lecture, one_hot};
use crate::encode::Amo;
use crate::logic::Clauses;
use crate::queens::error::QueensError;
use crate::queens::variables::var;

/// The most clauses a builder will make; beyond it, it refuses instead of exhausting memory.
pub const MAX_CLAUSES: u128 = 5_000_000;

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
    ///
    /// # Errors
    /// As [`Encoding::clauses`].
    pub fn clauses_by(
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
                encoding: self.encoder().name(),
                clauses,
                max: MAX_CLAUSES,
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
/// let table = nqueens_core::queens::clause_table([8]);
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
