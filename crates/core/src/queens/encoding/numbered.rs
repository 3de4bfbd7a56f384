//! The encodings' constraints written in DIMACS numbers, for the CDCL solver: straight into a
//! flat [`Cnf`], without names, so that a thousand queens (twelve million clauses with a linear
//! at-most-one) take a second to write down.

use super::kind::Encoding;
use crate::encode::Amo;
use crate::logic::Cnf;
use crate::queens::error::QueensError;
use crate::queens::variables::number;

/// The most clauses [`Encoding::numbered`] makes (about 16 bytes each: a gigabyte).
pub const MAX_NUMBERED_CLAUSES: u128 = 60_000_000;

impl Encoding {
    /// The clauses for n queens as a DIMACS text (`nqueens cnf`): with pairwise at-most-one the
    /// named clauses of [`Encoding::clauses`] with their name table, otherwise the numbered ones,
    /// helpers after the queens and no table.
    ///
    /// # Errors
    /// As [`Encoding::clauses`] and [`Encoding::numbered`].
    pub fn dimacs(self, n: usize, amo: Amo) -> Result<String, QueensError> {
        if amo == Amo::Pairwise {
            return Ok(crate::logic::dimacs::write(&self.clauses(n)?));
        }
        let mut text = Vec::new();
        // Writing to memory cannot fail, and numbers are text.
        let _ = self.numbered(n, amo)?.write_dimacs(&[], &mut text);
        Ok(String::from_utf8(text).unwrap_or_default())
    }

    /// The encoding's clauses for n queens in DIMACS numbers, every "at most one" written by
    /// `amo`. The queen on row r, column c (both from 1) is variable [`number`]`(r, c, n)`;
    /// the auxiliary variables come after the n² queens. With [`Amo::Pairwise`] these are the
    /// clauses of [`Encoding::clauses`], numbered.
    ///
    /// ```
    /// use nqueens_core::encode::Amo;
    /// use nqueens_core::queens::Encoding;
    /// let cnf = Encoding::Lecture.numbered(8, Amo::Pairwise)?;
    /// assert_eq!((cnf.variables(), cnf.len()), (64, 512));
    /// let linear = Encoding::Lecture.numbered(1000, Amo::Sequential)?;
    /// assert!(linear.len() < 12_000_000);
    /// # Ok::<(), nqueens_core::queens::QueensError>(())
    /// ```
    ///
    /// # Errors
    /// [`QueensError::Empty`] for n = 0; [`QueensError::OutOfRange`] when it would make more
    /// than [`MAX_NUMBERED_CLAUSES`] clauses.
    pub fn numbered(self, n: usize, amo: Amo) -> Result<Cnf, QueensError> {
        // Without a deadline it always finishes.
        Ok(self
            .numbered_by(n, amo, crate::budget::Deadline::NONE)?
            .unwrap_or_else(Cnf::new))
    }

    /// [`Encoding::numbered`], or `None` if the deadline passes while the clauses are written
    /// (the clock is read between constraints).
    ///
    /// # Errors
    /// As [`Encoding::numbered`].
    pub fn numbered_by(
        self,
        n: usize,
        amo: Amo,
        deadline: crate::budget::Deadline,
    ) -> Result<Option<Cnf>, QueensError> {
        if n == 0 {
            return Err(QueensError::Empty);
        }
        if self.numbered_estimate(n, amo) > MAX_NUMBERED_CLAUSES {
            // The estimate grows with n: the largest board under the cap, by bisection.
            let (mut fits, mut too_large) = (1, n);
            while too_large - fits > 1 {
                let mid = fits + (too_large - fits) / 2;
                if self.numbered_estimate(mid, amo) > MAX_NUMBERED_CLAUSES {
                    too_large = mid;
                } else {
                    fits = mid;
                }
            }
            return Err(QueensError::OutOfRange {
                n,
                max: fits,
                method: "CDCL's numbered clauses with this encoding",
            });
        }
        let mut cnf = Cnf::new();
        // The queens first, 1..=n², so that the helpers come after them.
        for _ in 0..n * n {
            cnf.fresh();
        }
        for constraint in self.encoder().constraints(n) {
            if deadline.expired() {
                return Ok(None);
            }
            constraint.write(amo, "", |sq| number(sq.row, sq.col, n), &mut cnf);
        }
        Ok(Some(cnf))
    }

    /// At least as many clauses as [`Encoding::numbered`] makes (saturating).
    fn numbered_estimate(self, n: usize, amo: Amo) -> u128 {
        let n = n as u128;
        if amo == Amo::Pairwise {
            // Exact, up to the duplicate clause the one-hot encoding has for n = 1.
            return self.clause_count(usize::try_from(n).unwrap_or(usize::MAX)) + 1;
        }
        let families = if self == Encoding::OneHot { 4 } else { 3 };
        // A line of k squares takes at most 3k clauses, or k·⌈log₂ k⌉ for the binary encoding.
        let per_square = if amo == Amo::Binary {
            u128::from(3.max(u128::BITS - n.leading_zeros()))
        } else {
            3
        };
        (families * per_square)
            .saturating_mul(n.saturating_mul(n))
            .saturating_add(2 * n)
    }
}
