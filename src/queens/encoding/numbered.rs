//! The encodings' clauses in DIMACS numbers, for the CDCL solver: built straight into a flat
//! [`Cnf`], without names, so that a thousand queens (twelve million clauses with a linear
//! at-most-one) take a second to write down.

use super::{Encoding, QueensError};
use crate::encode::Amo;
use crate::logic::Cnf;

/// The most clauses [`Encoding::numbered`] makes (about 16 bytes each: a gigabyte).
pub const MAX_NUMBERED_CLAUSES: u128 = 60_000_000;

impl Encoding {
    /// The encoding's clauses for n queens in DIMACS numbers, every "at most one" written by
    /// `amo`. The queen on row r, column c (both from 1) is variable (r − 1)·n + c; the
    /// auxiliary variables come after the n² queens. With [`Amo::Pairwise`] these are the
    /// clauses of [`Encoding::clauses`], numbered.
    ///
    /// ```
    /// use nqueens::encode::Amo;
    /// use nqueens::queens::Encoding;
    /// let cnf = Encoding::Lecture.numbered(8, Amo::Pairwise)?;
    /// assert_eq!((cnf.variables(), cnf.len()), (64, 512));
    /// let linear = Encoding::Lecture.numbered(1000, Amo::Sequential)?;
    /// assert!(linear.len() < 12_000_000);
    /// # Ok::<(), nqueens::queens::QueensError>(())
    /// ```
    ///
    /// # Errors
    /// [`QueensError::Empty`] for n = 0; [`QueensError::OutOfRange`] when it would make more
    /// than [`MAX_NUMBERED_CLAUSES`] clauses.
    pub fn numbered(self, n: usize, amo: Amo) -> Result<Cnf, QueensError> {
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
        // The estimate keeps n² far below i32::MAX.
        let queen = |r: usize, c: usize| i32::try_from(r * n + c + 1).unwrap_or(i32::MAX);
        for _ in 0..n * n {
            cnf.fresh();
        }
        let rows = (0..n).map(|r| (0..n).map(|c| queen(r, c)).collect::<Vec<_>>());
        let columns = (0..n).map(|c| (0..n).map(|r| queen(r, c)).collect::<Vec<_>>());
        for (row, column) in rows.zip(columns) {
            amo.add_to(&row, &mut cnf);
            if self == Encoding::OneHot {
                cnf.add(&row);
                amo.add_to(&column, &mut cnf);
            }
            cnf.add(&column);
        }
        for sum in 0..2 * n - 1 {
            let low = sum.saturating_sub(n - 1);
            let squares: Vec<i32> = (low..=sum.min(n - 1)).map(|r| queen(r, sum - r)).collect();
            amo.add_to(&squares, &mut cnf);
        }
        for shift in 0..2 * n - 1 {
            // Column − row = shift − (n − 1).
            let squares: Vec<i32> = (0..n)
                .filter_map(|r| {
                    let c = (r + shift).checked_sub(n - 1)?;
                    (c < n).then(|| queen(r, c))
                })
                .collect();
            amo.add_to(&squares, &mut cnf);
        }
        Ok(cnf)
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
        let per_square = u128::from(3.max(u128::BITS - n.leading_zeros()));
        (families * per_square)
            .saturating_mul(n.saturating_mul(n))
            .saturating_add(2 * n)
    }
}
