//! The boards a count takes (a row is one 32-bit word), the threads it starts, and a row's mask.

use crate::queens::QueensError;

/// The largest board [`count`](super::count) takes: a row is one 32-bit word.
pub const MAX_COUNT_N: usize = 32;

/// The most threads [`count_both`](super::count_both) starts, whatever it is asked for.
pub const MAX_THREADS: usize = 256;

/// Refuses boards wider than a 32-bit word.
pub(super) fn check_size(n: usize) -> Result<(), QueensError> {
    if n > MAX_COUNT_N {
        return Err(QueensError::OutOfRange {
            n,
            max: MAX_COUNT_N,
            method: "counting",
        });
    }
    Ok(())
}

/// The n low bits: every column of a row.
pub(super) fn full_mask(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1_u32 << n) - 1 }
}
