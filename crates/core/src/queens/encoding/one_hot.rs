//! The PyEDA essay's encoding: exactly one queen per row and per column (`OneHot`), at most one
//! per diagonal (`OneHot0`). 8 queens: 744 clauses.

use super::constraint::{Constraint, Encode, diagonal_constraints, diagonal_count, pairs};
use crate::queens::variables::{column_squares, row_squares};

/// The PyEDA essay's encoding.
pub(super) struct OneHot;

impl Encode for OneHot {
    fn name(&self) -> &'static str {
        "one-hot"
    }

    fn clause_count(&self, n: usize) -> u128 {
        let n = n as u128;
        // For n = 1 the row clause and the column clause are the same clause {Q<1,1>}.
        if n == 1 {
            return 1;
        }
        (2 * n)
            .saturating_mul(pairs(n) + 1)
            .saturating_add(diagonal_count(n))
    }

    fn constraints(&self, n: usize) -> Box<dyn Iterator<Item = Constraint> + '_> {
        // Exactly one is at most one and at least one.
        let lines = (1..=n).flat_map(move |i| {
            [
                Constraint::AtMostOne(row_squares(i, n)),
                Constraint::AtLeastOne(row_squares(i, n)),
                Constraint::AtMostOne(column_squares(i, n)),
                Constraint::AtLeastOne(column_squares(i, n)),
            ]
        });
        Box::new(lines.chain(diagonal_constraints(n)))
    }
}
