//! The n-queens puzzle: the core's clauses, encodings, CSP and decoding, and here placing
//! ([`place`], with any [`Method`]), counting ([`count_by`] and the rest), the lecture's own route
//! ([`queens`], [`solve_queens`]) and huge boards ([`huge`]). See the core's `queens` for the
//! clauses and encodings.

pub use nqueens_core::queens::*;

mod count;
pub mod huge;
pub mod method;

pub use count::{
    CountFiles, CountMethod, CountOptions, Counts, HALVES_FASTER_FROM, Kept, KeptCount, Ledger,
    LedgerError, MAX_COUNT_N, MAX_HALVES_N, MAX_PARTS, MAX_SAT_COUNT_N, MAX_THREADS, Part, Tally,
    all_solutions, bitboard_pieces, count, count_both, count_by, count_by_halves,
    count_fundamental, count_fundamental_by_burnside, count_kept, count_ledger, count_plain,
    count_symmetric, fundamental_solutions, merge, merge_files,
};
pub use method::{CDCL_PAIRWISE_UP_TO, COLUMNS_A_PIECE, Method, Placement, place};

use crate::board::Board;
use crate::dp::{self, Heuristic, Options};

/// Builds the clauses for n queens and runs Davis–Putnam on them with the given options.
///
/// # Errors
/// As [`Encoding::clauses`].
pub fn solve_queens(n: usize, encoding: Encoding, options: &Options) -> Result<Run, QueensError> {
    let clauses = encoding.clauses(n)?;
    let report = dp::search(&clauses, options);
    Ok(Run {
        n,
        encoding,
        clauses: clauses.len(),
        variables: clauses.variables().len(),
        report,
    })
}

/// Solves n queens as the lecture does: the lecture's clauses, Davis–Putnam choosing the first
/// variable; returns the board.
///
/// # Errors
/// [`QueensError::NoSolution`] for n = 2 and 3, and the errors of [`Encoding::clauses`].
pub fn queens(n: usize) -> Result<Board, QueensError> {
    solve_queens(
        n,
        Encoding::Lecture,
        &Options::with_heuristic(Heuristic::FirstVariable),
    )?
    .board()
}
