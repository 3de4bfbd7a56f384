//! Boards far too large for clauses or a general CSP: an explicit construction, a local search
//! made for queens, and a checker, all linear in n in time and memory.
//!
//! A board here is its list of columns: `columns[i]` is the 1-based column of the queen in row
//! `i + 1`, as `u32` (four bytes a row: ten million queens take 40 MB). [`verify`] checks such a
//! list in O(n) with three arrays of flags, independently of how it was made.

use std::fmt;

use crate::budget::Budget;
use crate::rng::Rng;

use crate::queens::QueensError;

/// The largest board these functions take: columns are `u32`, and the diagonal counters need
/// 2n entries.
pub const MAX_HUGE_N: usize = 1 << 30;

/// Two queens that attack each other, found by [`verify`] (rows and columns 1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flaw {
    /// The list is not n long.
    Length {
        /// The board size asked for.
        n: usize,
        /// The length of the list.
        len: usize,
    },
    /// A column outside `1..=n`.
    OffBoard {
        /// The row.
        row: usize,
        /// Its column.
        col: u32,
    },
    /// More rows than [`MAX_HUGE_N`].
    TooLarge {
        /// The board size asked for.
        n: usize,
    },
    /// Two queens on one line.
    Attack {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
        /// Which line they share.
        line: Line,
    },
}

/// A line two queens can share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// A column.
    Column,
    /// A falling diagonal (top left to bottom right: `row − col` constant).
    Falling,
    /// A rising diagonal (bottom left to top right: `row + col` constant).
    Rising,
}

impl fmt::Display for Flaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Flaw::Length { n, len } => write!(f, "{len} columns given for {n} rows"),
            Flaw::TooLarge { n } => {
                write!(f, "{n} rows are more than the {MAX_HUGE_N} this checks")
            }
            Flaw::OffBoard { row, col } => {
                write!(f, "row {row} has its queen in column {col}, off the board")
            }
            Flaw::Attack {
                first,
                second,
                line,
            } => {
                let line = match line {
                    Line::Column => "column",
                    Line::Falling => "falling diagonal",
                    Line::Rising => "rising diagonal",
                };
                write!(f, "the queens of rows {first} and {second} share a {line}")
            }
        }
    }
}

impl std::error::Error for Flaw {}

/// Checks that `columns` places n queens on an n×n board with none attacking another: O(n) time,
/// three arrays of flags. Returns the first flaw, reading the rows in order.
///
/// # Errors
/// The first [`Flaw`] found.
pub fn verify(n: usize, columns: &[u32]) -> Result<(), Flaw> {
    if columns.len() != n {
        return Err(Flaw::Length {
            n,
            len: columns.len(),
        });
    }
    if n > MAX_HUGE_N {
        return Err(Flaw::TooLarge { n });
    }
    // The row that holds each column and diagonal (0: free); rows fit u32 as n ≤ 2^30.
    let mut column = vec![0_u32; n + 1];
    let mut falling = vec![0_u32; 2 * n + 1];
    let mut rising = vec![0_u32; 2 * n + 1];
    for (i, &col) in columns.iter().enumerate() {
        let row = i + 1;
        let row32 = u32::try_from(row).unwrap_or(u32::MAX);
        let c = col as usize;
        if c == 0 || c > n {
            return Err(Flaw::OffBoard { row, col });
        }
        let lines = [
            (&mut column[c], Line::Column),
            (&mut falling[row + n - c], Line::Falling),
            (&mut rising[row + c], Line::Rising),
        ];
        for (slot, line) in lines {
            if *slot != 0 {
                return Err(Flaw::Attack {
                    first: *slot as usize,
                    second: row,
                    line,
                });
            }
            *slot = row32;
        }
    }
    Ok(())
}

fn check_size(n: usize, method: &'static str) -> Result<(), QueensError> {
    if n == 0 {
        return Err(QueensError::Empty);
    }
    if n > MAX_HUGE_N {
        return Err(QueensError::OutOfRange {
            n,
            max: MAX_HUGE_N,
            method,
        });
    }
    if matches!(n, 2 | 3) {
        return Err(QueensError::NoSolution { n });
    }
    check_memory(n, method)
}

/// About how many bytes a method needs per queen, its check included: the columns, the check's
/// three arrays of counters, and for the local search its diagonal counters and lists of rows.
fn bytes_per_queen(method: &str) -> u128 {
    if method == "the construction" { 32 } else { 64 }
}

/// Refuses a board whose memory the allocator would not give, before any of it is used: the
/// whole amount is asked for once and given back, so that a refusal is an error with the
/// figure, never an abort halfway.
fn check_memory(n: usize, method: &'static str) -> Result<(), QueensError> {
    let bytes = bytes_per_queen(method) * n as u128;
    let refused = || QueensError::OutOfMemory { n, method, bytes };
    let wanted = usize::try_from(bytes).map_err(|_| refused())?;
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(wanted).map_err(|_| refused())?;
    Ok(())
}

/// A solution for any n ≠ 2, 3, written down directly in O(n): the classic explicit
/// construction (E. J. Hoffman, J. C. Loessi and R. C. Moore, "Constructions for the solution of
/// the m queens problem", *Mathematics Magazine* 42 (1969); in the form of B. Bernhardsson,
/// "Explicit solutions to the N-queens problem for all N", *SIGART Bulletin* 2 (1991)).
///
/// The rows take the even columns `2, 4, 6, …` and then the odd ones `1, 3, 5, …`, which works
/// unless n leaves 2 or 3 on division by 6. For n ≡ 2 (mod 6) the odd columns go
/// `3, 1, 7, 9, …, 5`; for n ≡ 3 (mod 6) column 2 moves to the end of the evens and columns 1
/// and 3 to the end of the odds: `4, 6, …, 2, 5, 7, …, 1, 3`.
///
/// ```
/// use nqueens::queens::huge::{construct, verify};
/// assert_eq!(construct(8)?, vec![2, 4, 6, 8, 3, 1, 7, 5]);
/// let big = construct(1_000_000)?;
/// assert!(verify(1_000_000, &big).is_ok());
/// # Ok::<(), nqueens::queens::QueensError>(())
/// ```
///
/// # Errors
/// [`QueensError::Empty`] for n = 0, [`QueensError::NoSolution`] for n = 2 and 3,
/// [`QueensError::OutOfRange`] above [`MAX_HUGE_N`].
pub fn construct(n: usize) -> Result<Vec<u32>, QueensError> {
    check_size(n, "the construction")?;
    if n == 1 {
        return Ok(vec![1]);
    }
    // Fits: n ≤ 2^30.
    let top = u32::try_from(n).unwrap_or(u32::MAX);
    let mut evens: Vec<u32> = (2..=top).step_by(2).collect();
    let mut odds: Vec<u32> = (1..=top).step_by(2).collect();
    match n % 6 {
        2 => {
            // 3, 1, 7, 9, …, 5: swap 1 and 3, and move 5 to the end.
            odds.swap(0, 1);
            odds.remove(2);
            odds.push(5);
        }
        3 => {
            evens.remove(0);
            evens.push(2);
            odds.drain(0..2);
            odds.extend([1, 3]);
        }
        _ => {}
    }
    evens.extend(odds);
    Ok(evens)
}

/// What [`min_conflicts`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Repair {
    /// The solution, if one was found within the budget.
    pub columns: Option<Vec<u32>>,
    /// Swaps tried during the repair (the budget counts these).
    pub steps: u64,
    /// Swaps made.
    pub swaps: u64,
    /// Rows that still had a conflict after the greedy start.
    pub conflicted_at_start: usize,
}

/// Local search made for queens (after R. Sosič and J. Gu, "Efficient local search with conflict
/// minimization: a case study of the n-queens problem", *IEEE Transactions on Knowledge and Data
/// Engineering* 6 (1994)): seeded, within the budget's steps (tried swaps) and time (the clock is
/// read every 65,536 rows of the greedy start and every 65,536 steps of the repair; a search
/// stopped there returns no columns, with fewer steps than the budget's), in O(n) memory.
///
/// The queens always form a permutation, so rows and columns never clash; only diagonals can.
/// Counters for every diagonal answer "how many queens on it" in O(1).
/// * **Start**: row by row, swap in a random later column that puts the queen on two empty
///   diagonals, with one allowance of about 3.08 n failed tries for the whole board (what Sosič
///   and Gu found enough); once it runs out, the rows not yet placed keep the columns they have
///   and are left for the repair. On large boards this leaves only a few rows in conflict.
/// * **Repair**: take a row in conflict, and a random other row; swap their columns if that
///   lowers the number of clashing pairs. Repeat until no diagonal holds two queens.
/// * **Restart**: on small boards the repair can get stuck where no single swap helps; after
///   `16n + 1000` tries without a gain it starts again from a new greedy start.
///
/// # Errors
/// [`QueensError::Empty`] for n = 0, [`QueensError::NoSolution`] for n = 2 and 3,
/// [`QueensError::OutOfRange`] above [`MAX_HUGE_N`].
pub fn min_conflicts(n: usize, seed: u64, budget: &Budget) -> Result<Repair, QueensError> {
    let max_steps = budget.max_steps.unwrap_or(u64::MAX);
    min_conflicts_by(
        n,
        seed,
        max_steps,
        budget.deadline(std::time::Instant::now()),
    )
}

/// [`min_conflicts`], by a deadline set by the caller.
pub(crate) fn min_conflicts_by(
    n: usize,
    seed: u64,
    max_steps: u64,
    deadline: crate::budget::Deadline,
) -> Result<Repair, QueensError> {
    check_size(n, "min-conflicts")?;
    let mut board = Diagonals::new(n);
    let mut rng = Rng::new(seed);
    let stopped = Repair {
        columns: None,
        steps: 0,
        swaps: 0,
        conflicted_at_start: 0,
    };
    if !board.greedy_start(&mut rng, deadline) {
        return Ok(stopped);
    }
    let mut conflicted: Vec<usize> = (0..n).filter(|&r| board.attacked(r)).collect();
    let mut repair = Repair {
        columns: None,
        steps: 0,
        swaps: 0,
        conflicted_at_start: conflicted.len(),
    };
    let patience = 16 * n as u64 + 1000;
    let mut since_gain = 0;
    while board.clashes > 0 {
        if repair.steps.trailing_zeros() >= 16 && deadline.expired() {
            return Ok(Repair {
                columns: None,
                ..repair
            });
        }
        if since_gain > patience {
            board = Diagonals::new(n);
            if !board.greedy_start(&mut rng, deadline) {
                return Ok(Repair {
                    columns: None,
                    ..repair
                });
            }
            conflicted = (0..n).filter(|&r| board.attacked(r)).collect();
            since_gain = 0;
        }
        // Rows taken off the list when they are found without conflict; refilled from scratch
        // (rarely) when it runs dry while clashes remain.
        let Some(&row) = conflicted.last() else {
            conflicted = (0..n).filter(|&r| board.attacked(r)).collect();
            continue;
        };
        if !board.attacked(row) {
            conflicted.pop();
            continue;
        }
        if repair.steps >= max_steps {
            return Ok(repair);
        }
        repair.steps += 1;
        since_gain += 1;
        let other = rng.below(n);
        if other != row && board.swap_gain(row, other) > 0 {
            board.swap(row, other);
            repair.swaps += 1;
            since_gain = 0;
            if board.attacked(other) {
                conflicted.push(other);
            }
        }
    }
    repair.columns = Some(board.columns.iter().map(|&c| c + 1).collect());
    Ok(repair)
}

/// A permutation board with a count of queens on every diagonal.
struct Diagonals {
    n: usize,
    /// 0-based column of each row's queen.
    columns: Vec<u32>,
    /// Queens on each falling diagonal, by `row + n − 1 − col`.
    falling: Vec<u32>,
    /// Queens on each rising diagonal, by `row + col`.
    rising: Vec<u32>,
    /// Pairs of queens sharing a diagonal.
    clashes: u64,
}

impl Diagonals {
    fn new(n: usize) -> Self {
        Diagonals {
            n,
            columns: (0..u32::try_from(n).unwrap_or(u32::MAX)).collect(),
            falling: vec![0; 2 * n],
            rising: vec![0; 2 * n],
            clashes: 0,
        }
    }

    fn falling_of(&self, row: usize, col: u32) -> usize {
        row + self.n - 1 - col as usize
    }

    fn rising_of(row: usize, col: u32) -> usize {
        row + col as usize
    }

    fn add(&mut self, row: usize) {
        let col = self.columns[row];
        let (f, r) = (self.falling_of(row, col), Self::rising_of(row, col));
        self.clashes += u64::from(self.falling[f]) + u64::from(self.rising[r]);
        self.falling[f] += 1;
        self.rising[r] += 1;
    }

    fn remove(&mut self, row: usize) {
        let col = self.columns[row];
        let (f, r) = (self.falling_of(row, col), Self::rising_of(row, col));
        self.falling[f] -= 1;
        self.rising[r] -= 1;
        self.clashes -= u64::from(self.falling[f]) + u64::from(self.rising[r]);
    }

    /// Whether the queen of `row` shares a diagonal with another.
    fn attacked(&self, row: usize) -> bool {
        let col = self.columns[row];
        self.falling[self.falling_of(row, col)] > 1 || self.rising[Self::rising_of(row, col)] > 1
    }

    /// Places the queens row by row, each on two free diagonals where a few random tries find
    /// one; the rows left over keep the remaining columns in their order.
    /// The greedy start; `false` when the deadline passed (it is asked every 65,536 tries).
    fn greedy_start(&mut self, rng: &mut Rng, deadline: crate::budget::Deadline) -> bool {
        let n = self.n;
        let mut row = 0;
        let mut asked: u32 = 0;
        // Tries in all: about 3.08 n, as Sosič and Gu found enough; rows past the point where the
        // tries run out are placed as they come.
        let mut tries_left = n.saturating_mul(3).saturating_add(n / 12);
        while row < n && tries_left > 0 {
            asked = asked.wrapping_add(1);
            if asked.trailing_zeros() >= 16 && deadline.expired() {
                return false;
            }
            let pick = row + rng.below(n - row);
            self.columns.swap(row, pick);
            let col = self.columns[row];
            if self.falling[self.falling_of(row, col)] == 0
                && self.rising[Self::rising_of(row, col)] == 0
            {
                self.add(row);
                row += 1;
            } else {
                tries_left -= 1;
            }
        }
        for rest in row..n {
            self.add(rest);
        }
        true
    }

    /// How many clashing pairs swapping the columns of two rows removes (negative: adds).
    fn swap_gain(&mut self, a: usize, b: usize) -> i64 {
        let before = self.clashes;
        self.swap(a, b);
        let after = self.clashes;
        self.swap(a, b);
        i64::try_from(before).unwrap_or(i64::MAX) - i64::try_from(after).unwrap_or(i64::MAX)
    }

    fn swap(&mut self, a: usize, b: usize) {
        self.remove(a);
        self.remove(b);
        self.columns.swap(a, b);
        self.add(a);
        self.add(b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clash_counts_follow_swaps() {
        let mut board = Diagonals::new(6);
        for row in 0..6 {
            board.add(row);
        }
        // The identity: all six on one falling diagonal, 15 pairs.
        assert_eq!(board.clashes, 15);
        board.swap(0, 5);
        let brute = |b: &Diagonals| {
            let mut pairs = 0;
            for i in 0..6 {
                for j in i + 1..6 {
                    let (ci, cj) = (i64::from(b.columns[i]), i64::from(b.columns[j]));
                    if (ci - cj).abs() == i64::try_from(j - i).unwrap() {
                        pairs += 1;
                    }
                }
            }
            pairs
        };
        assert_eq!(board.clashes, brute(&board));
    }
}
