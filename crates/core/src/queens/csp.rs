//! The lecture's CSP of n queens (the CSP lecture's `create_csp`): variable `Vi` is the column of
//! the queen in row `i`, the values are `1..=n`, and for every pair of rows `i < j` there are the
//! constraints `Vi != Vj` (different columns) and `abs(Vj - Vi) != j - i` (different diagonals).
//! The CSP itself, its expressions and its solvers are [`csp`](crate::csp)'s, which knows no
//! queens.

use std::fmt::Write as _;

use crate::budget::Deadline;
use crate::csp::{Constraint, Csp, CspError, Expr, MAX_CONSTRAINTS, Op};

/// The largest board [`create_csp`] builds: its n·(n−1) constraints stay within
/// [`MAX_CONSTRAINTS`].
pub const MAX_CSP_N: usize = 3162;
const _: () = assert!(MAX_CSP_N * (MAX_CSP_N - 1) <= MAX_CONSTRAINTS);
const _: () = assert!((MAX_CSP_N + 1) * MAX_CSP_N > MAX_CONSTRAINTS);

/// The lecture's n-queens CSP: `V1..Vn`, values `1..=n`, `Vi != Vj` and `abs(Vj - Vi) != j - i`
/// for `i < j` (n = 8: 8 variables, 56 constraints).
///
/// # Errors
/// [`CspError::Empty`] for n = 0, [`CspError::TooLarge`] beyond [`MAX_CONSTRAINTS`].
pub fn create_csp(n: usize) -> Result<Csp, CspError> {
    // Without a deadline it always finishes.
    create_csp_by(n, Deadline::NONE)?.ok_or(CspError::Empty)
}

/// [`create_csp`], or `None` if the deadline passes while the constraints are built (it is read
/// once a row).
///
/// # Errors
/// As [`create_csp`].
pub fn create_csp_by(n: usize, deadline: Deadline) -> Result<Option<Csp>, CspError> {
    if n == 0 {
        return Err(CspError::Empty);
    }
    if n > MAX_CSP_N {
        return Err(CspError::TooLarge(n));
    }
    let var = |i: usize| Box::new(Expr::Var(i - 1));
    let mut constraints = Vec::with_capacity(n * (n - 1));
    for i in 1..=n {
        if deadline.expired() {
            return Ok(None);
        }
        for j in i + 1..=n {
            constraints.push(Constraint::new(Expr::Binary(Op::Ne, var(i), var(j))));
        }
    }
    for i in 1..=n {
        if deadline.expired() {
            return Ok(None);
        }
        for j in i + 1..=n {
            let distance = Expr::Abs(Box::new(Expr::Binary(Op::Sub, var(j), var(i))));
            let rows = Expr::Const(i64::try_from(j - i).unwrap_or(i64::MAX));
            constraints.push(Constraint::new(Expr::Binary(
                Op::Ne,
                Box::new(distance),
                Box::new(rows),
            )));
        }
    }
    let mut names = Vec::with_capacity(n);
    for i in 1..=n {
        let mut name = String::new();
        let _ = write!(name, "V{i}");
        names.push(name);
    }
    let values = (1..=n)
        .map(|v| i64::try_from(v).unwrap_or(i64::MAX))
        .collect();
    Ok(Some(Csp::from_parts(names, values, constraints)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_past_the_largest_are_refused() {
        assert_eq!(
            create_csp(MAX_CSP_N + 1).unwrap_err(),
            CspError::TooLarge(MAX_CSP_N + 1)
        );
        assert_eq!(create_csp(0).unwrap_err(), CspError::Empty);
    }
}
