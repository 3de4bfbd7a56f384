//! The lecture's encoding: at most one queen per row and per diagonal, at least one per column.
//!
//! No "at most one per column" is needed: n columns with a queen each make at least n queens,
//! and n rows with at most one each make at most n, so there are exactly n, one per row and one
//! per column. 8 queens: 512 clauses over 64 variables.

use super::constraint::{Constraint, Encode, diagonal_constraints, diagonal_count, pairs};
use crate::queens::variables::{column_squares, row_squares};

/// The lecture's encoding.
pub(super) struct Lecture;

impl Encode for Lecture {
    fn name(&self) -> &'static str {
        "lecture"
    }

    fn clause_count(&self, n: usize) -> u128 {
        let n = n as u128;
        n.saturating_mul(pairs(n))
            .saturating_add(diagonal_count(n))
            .saturating_add(n)
    }

    fn constraints(&self, n: usize) -> Box<dyn Iterator<Item = Constraint> + '_> {
        let lines = (1..=n).flat_map(move |i| {
            [
                Constraint::AtMostOne(row_squares(i, n)),
                Constraint::AtLeastOne(column_squares(i, n)),
            ]
        });
        Box::new(lines.chain(diagonal_constraints(n)))
    }
}
