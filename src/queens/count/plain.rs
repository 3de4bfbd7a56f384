//! The plain bitboard search: one thread, no symmetry; for comparison, and an independent count.

use super::size::{MAX_COUNT_N, check_size, full_mask};
use crate::queens::QueensError;

/// The number of solutions by the same bitboard search, on one thread and without the mirror:
/// the plain algorithm, for comparison (and for the tests, an independent count).
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 32.
pub fn count_plain(n: usize) -> Result<u64, QueensError> {
    check_size(n)?;
    if n == 0 {
        return Ok(1);
    }
    Ok(solutions_below(full_mask(n), 0, 0, 0))
}

/// The number of ways to finish a board whose earlier rows left these attacked columns and
/// diagonals (shifted to the current row). A loop over an explicit stack, one entry per row,
/// rather than recursion; the last row is not searched but counted: a solution for each free
/// square there.
pub(super) fn solutions_below(full: u32, columns: u32, falling: u32, rising: u32) -> u64 {
    let rows_left = full.count_ones() - columns.count_ones();
    if rows_left == 0 {
        return 1;
    }
    let free = full & !(columns | falling | rising);
    if rows_left == 1 {
        return u64::from(free.count_ones());
    }
    // stack[d]: the squares of row d (counted from here) not yet tried, and that row's masks.
    let mut stack = [(0_u32, 0_u32, 0_u32, 0_u32); MAX_COUNT_N + 1];
    stack[0] = (free, columns, falling, rising);
    let last = (rows_left - 2) as usize;
    let mut depth = 0;
    let mut found = 0;
    loop {
        let (free, columns, falling, rising) = stack[depth];
        if free == 0 {
            if depth == 0 {
                return found;
            }
            depth -= 1;
            continue;
        }
        let bit = free & free.wrapping_neg();
        stack[depth].0 = free ^ bit;
        let (columns, falling, rising) = (columns | bit, (falling | bit) << 1, (rising | bit) >> 1);
        let next = full & !(columns | falling | rising);
        if depth == last {
            // The next row is the last: each of its free squares finishes a solution.
            found += u64::from(next.count_ones());
        } else if next != 0 {
            depth += 1;
            stack[depth] = (next, columns, falling, rising);
        }
    }
}
