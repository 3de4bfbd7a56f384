//! Counting every solution of n queens, far past what listing them one by one can do.
//!
//! [`count`] runs a bitboard backtracking search: a row's free columns are one machine word,
//! `!(columns | falling | rising)`, where the three masks hold the columns and the two kinds of
//! diagonal that earlier rows already attack; moving to the next row shifts the diagonal masks
//! by one. Each step of the search is a handful of bit operations.
//!
//! Two more factors come from the problem itself:
//! * **symmetry**: the eight symmetries of the square (turns and reflections) map solutions to
//!   solutions. The search completes only boards that can be the least of their class, and counts
//!   each with the size of its class (2, 4 or 8), after Takaken's program (see `Geometry`). So it
//!   gives both counts at once: every solution, and the classes (fundamental solutions).
//! * **threads**: the first rows of every case split the search into independent sub-problems
//!   (about 900 for n = 16, 9,000 for n = 17), which the threads take one at a time from a shared
//!   counter, so that every core stays busy to the end.
//!
//! [`count_plain`] is the plain search, without symmetry and on one thread, for comparison. An
//! independent route to the classes is Burnside's lemma ([`count_fundamental_by_burnside`]): the
//! number of classes is the average, over the eight symmetries, of the number of solutions each
//! leaves unchanged. Reflections leave no solution of n > 1 unchanged (two queens would share a
//! diagonal), so only the identity (every solution) and the quarter and half turns count, and
//! solutions symmetric under a turn are few enough for a direct search ([`count_symmetric`]).
//!
//! Files: `search` (the symmetric search on threads), `plain` (the plain search), `burnside`
//! (the classes by Burnside's lemma), `list` (every solution as a board), `halves` (the
//! quadrant method), `method` (one entry, [`count_by`], for every way to count), `plan` (what the
//! bitboard search and the halves give as pieces) and `pieces` (those pieces counted: the entry
//! points of both, parts, ledgers, time limits), `store` (a count kept in files: checkpoints,
//! resume, the parts' result files and their names).

mod burnside;
mod halves;
mod join;
mod ledger;
mod list;
mod method;
mod pieces;
mod plain;
mod plan;
mod search;
mod size;
mod store;
mod tally;

pub use burnside::{count_fundamental_by_burnside, count_symmetric};
pub use halves::{HALVES_FASTER_FROM, MAX_HALVES_N};
pub use ledger::{Ledger, LedgerError, MAX_PARTS, Part};
pub use list::{all_solutions, fundamental_solutions};
pub use method::{MAX_SAT_COUNT_N, count_by};
pub use pieces::{count, count_both, count_by_halves, count_fundamental, count_ledger, merge};
pub use plain::count_plain;
pub use search::{CountOptions, Counts, bitboard_pieces};
pub use size::{MAX_COUNT_N, MAX_THREADS};
pub use store::{CountFiles, Kept, KeptCount, count_kept, merge_files};
pub use tally::{CountMethod, Tally};
