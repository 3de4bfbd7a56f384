//! The PyEDA essay's encoding: exactly one queen per row and per column (`OneHot`), at most one
//! per diagonal (`OneHot0`). 8 queens: 744 clauses.

use super::{Encode, diagonal_count, diagonal_groups, pairs};
use crate::encode::exactly_one;
use crate::logic::Clauses;
use crate::queens::{column_vars, row_vars};

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

    fn groups(&self, n: usize) -> Box<dyn Iterator<Item = Clauses> + '_> {
        let lines = (1..=n).flat_map(move |i| {
            [
                exactly_one(&row_vars(i, n)),
                exactly_one(&column_vars(i, n)),
            ]
        });
        Box::new(diagonal_groups(n).chain(lines))
    }
}
