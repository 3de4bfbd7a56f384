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

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::board::{Board, Symmetry};

use super::QueensError;

/// The largest board [`count`] takes: a row is one 32-bit word.
pub const MAX_COUNT_N: usize = 32;

/// The most threads [`count_with`] starts, whatever it is asked for.
pub const MAX_THREADS: usize = 256;

/// How [`count_with`] runs.
#[derive(Clone, Copy, Default)]
pub struct CountOptions<'a> {
    /// Threads to use; 0 means one per core. At most [`MAX_THREADS`] are started.
    pub threads: usize,
    /// Called after each sub-problem with the number done so far and the number in all; `done`
    /// takes every value from 1 to the total once, from whichever thread finished the piece.
    pub progress: Option<&'a (dyn Fn(usize, usize) + Sync)>,
}

impl std::fmt::Debug for CountOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CountOptions")
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// What [`count_with`] found: every solution, and the solutions up to symmetry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// The number of solutions.
    pub all: u64,
    /// The number of symmetry classes (fundamental solutions).
    pub fundamental: u64,
}

/// The number of solutions of n queens, with every core. 92 for n = 8; 14,772,512 for n = 16.
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 32.
///
/// ```
/// assert_eq!(nqueens::queens::count(8)?, 92);
/// # Ok::<(), nqueens::queens::QueensError>(())
/// ```
pub fn count(n: usize) -> Result<u64, QueensError> {
    Ok(count_with(n, &CountOptions::default())?.all)
}

/// The number of solutions up to rotation and reflection (each class of equivalent boards
/// counted once): 12 for n = 8, 1,846,955 for n = 16.
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 32.
pub fn count_fundamental(n: usize) -> Result<u64, QueensError> {
    Ok(count_with(n, &CountOptions::default())?.fundamental)
}

/// Both counts in one search, with a number of threads and a progress callback.
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 32.
pub fn count_with(n: usize, options: &CountOptions<'_>) -> Result<Counts, QueensError> {
    check_size(n)?;
    if n < 4 {
        // Too small for the classes search below, which needs a corner, two sides and a middle.
        let all = count_plain(n)?;
        return Ok(Counts {
            all,
            fundamental: all,
        });
    }
    let geometry = Geometry::new(n);
    let tasks = geometry.tasks();
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        t => t,
    }
    .min(tasks.len())
    .clamp(1, MAX_THREADS);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let work = || {
        let mut classes = Classes::default();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(task) = tasks.get(i) else { break };
            if task.case.corner {
                classes.eight +=
                    geometry.corner(task.case.bound1, task.row, task.left, task.down, task.right);
            } else {
                let mut search = Sides {
                    mask: geometry.mask,
                    last: geometry.last,
                    case: task.case,
                    top_bit: geometry.top_bit,
                    board: task.board,
                    classes: Classes::default(),
                };
                search.search(task.row, task.left, task.down, task.right);
                classes.add(&search.classes);
            }
            let finished = done.fetch_add(1, Ordering::AcqRel) + 1;
            if let Some(report) = options.progress {
                report(finished, tasks.len());
            }
        }
        classes
    };
    let classes = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        let mut classes = work();
        for helper in helpers {
            // A helper only counts; should it panic (a bug), the panic goes on here rather than
            // a wrong count.
            match helper.join() {
                Ok(found) => classes.add(&found),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        classes
    });
    Ok(Counts {
        all: 2 * classes.two + 4 * classes.four + 8 * classes.eight,
        fundamental: classes.two + classes.four + classes.eight,
    })
}

/// Solutions found, by the size of their symmetry class.
#[derive(Debug, Clone, Copy, Default)]
struct Classes {
    two: u64,
    four: u64,
    eight: u64,
}

impl Classes {
    fn add(&mut self, other: &Classes) {
        self.two += other.two;
        self.four += other.four;
        self.eight += other.eight;
    }
}

/// One family of sub-searches: the first row's queen in the corner (`corner`), or `bound1`
/// squares from it, with the masks that go with that choice.
#[derive(Debug, Clone, Copy)]
struct Case {
    corner: bool,
    bound1: usize,
    bound2: usize,
    side_mask: u32,
    last_mask: u32,
    end_bit: u32,
}

/// A sub-problem for one thread: a case, and the rows above `row` filled in.
#[derive(Debug, Clone, Copy)]
struct Task {
    case: Case,
    row: usize,
    left: u32,
    down: u32,
    right: u32,
    board: [u32; MAX_COUNT_N],
}

/// The search for canonical solutions, after the classic bitboard program by Takaken (Kenji
/// Takahashi): only boards that are the least of their symmetry class are completed, and each
/// is counted with the size of its class (2, 4 or 8), found by comparing the board with its
/// turns as it is completed.
///
/// * A queen in a corner of the first row: by symmetry, the second row's queen is to the right
///   of the diagonal, and no turn or reflection of such a board is smaller; it counts 8.
/// * Otherwise the first row's queen is in the left half (`bound1` from the corner), and the
///   queens in the border columns and rows are kept from being smaller than it (the side and
///   last masks), so that only candidates for the least board are searched; the rest is decided
///   by comparing with the quarter, half and three-quarter turns.
struct Geometry {
    /// n − 1: the last row.
    last: usize,
    top_bit: u32,
    mask: u32,
}

impl Geometry {
    fn new(n: usize) -> Self {
        let last = n - 1;
        Geometry {
            last,
            top_bit: 1 << last,
            mask: full_mask(n),
        }
    }

    /// The sub-problems: every case, expanded to the first few rows so that there are enough
    /// pieces of work for the threads to share evenly.
    fn tasks(&self) -> Vec<Task> {
        // Below the first rows of every case, and above the last row.
        let split = (self.last / 4).clamp(2, 4).min(self.last - 1);
        let mut tasks = Vec::new();
        let mut push = |task: Task| tasks.push(task);
        let mut board = [0_u32; MAX_COUNT_N];
        // The queen of the first row in the corner, the second's `bound1` squares along.
        for bound1 in 2..self.last {
            let case = Case {
                corner: true,
                bound1,
                bound2: 0,
                side_mask: 0,
                last_mask: 0,
                end_bit: 0,
            };
            let bit = 1_u32 << bound1;
            board[0] = 1;
            board[1] = bit;
            let (left, down, right) = ((2 | bit) << 1, 1 | bit, bit >> 1);
            self.expand(&case, 2, left, down, right, &mut board, split, &mut push);
        }
        // The queen of the first row `bound1` squares from the corner.
        let mut last_mask = self.top_bit | 1;
        let mut end_bit = self.top_bit >> 1;
        let (mut bound1, mut bound2) = (1, self.last - 1);
        while bound1 < bound2 {
            let case = Case {
                corner: false,
                bound1,
                bound2,
                side_mask: self.top_bit | 1,
                last_mask,
                end_bit,
            };
            let bit = 1_u32 << bound1;
            board[0] = bit;
            let (left, down, right) = (bit << 1, bit, bit >> 1);
            self.expand(&case, 1, left, down, right, &mut board, split, &mut push);
            last_mask |= (last_mask >> 1) | (last_mask << 1);
            end_bit >>= 1;
            bound1 += 1;
            bound2 -= 1;
        }
        tasks
    }

    /// The squares of `row` a case allows among `free`, or `None` when the case rules the whole
    /// branch out: the corner case keeps the second column free above row `bound1`; the others
    /// keep the border columns free above row `bound1` and need a border queen by row `bound2`.
    fn allowed(case: &Case, row: usize, down: u32, free: u32) -> Option<u32> {
        if case.corner {
            return Some(if row < case.bound1 { free & !2 } else { free });
        }
        if row < case.bound1 {
            Some(free & !case.side_mask)
        } else if row == case.bound2 {
            match down & case.side_mask {
                0 => None,
                both if both == case.side_mask => Some(free),
                _ => Some(free & case.side_mask),
            }
        } else {
            Some(free)
        }
    }

    /// Rows `row..split` of one case, each partial board at row `split` going to `sink` as a
    /// task. The split lies above the last row, so no board is finished here.
    #[allow(clippy::too_many_arguments)]
    fn expand<S: FnMut(Task)>(
        &self,
        case: &Case,
        row: usize,
        left: u32,
        down: u32,
        right: u32,
        board: &mut [u32; MAX_COUNT_N],
        split: usize,
        sink: &mut S,
    ) {
        debug_assert!(row <= split && split < self.last);
        if row == split {
            sink(Task {
                case: *case,
                row,
                left,
                down,
                right,
                board: *board,
            });
            return;
        }
        let free = self.mask & !(left | down | right);
        let Some(mut free) = Self::allowed(case, row, down, free) else {
            return;
        };
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            board[row] = bit;
            let (left, down, right) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
            self.expand(case, row + 1, left, down, right, board, split, sink);
        }
    }

    /// The rest of a corner case: every board found is the least of a class of eight, so only
    /// the count matters (no board is kept).
    fn corner(&self, bound1: usize, row: usize, left: u32, down: u32, right: u32) -> u64 {
        let mut free = self.mask & !(left | down | right);
        if row == self.last {
            return u64::from(free != 0);
        }
        if row < bound1 {
            // As in `allowed` for the corner case, without building a `Case` on the hot path.
            free &= !2;
        }
        let mut found = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            found += self.corner(
                bound1,
                row + 1,
                (left | bit) << 1,
                down | bit,
                (right | bit) >> 1,
            );
        }
        found
    }
}

/// The search below the split for a case with the first queen off the corner: the case's masks
/// and the board so far in one place, so that each step passes only the row and its masks.
struct Sides {
    mask: u32,
    last: usize,
    case: Case,
    top_bit: u32,
    board: [u32; MAX_COUNT_N],
    classes: Classes,
}

impl Sides {
    /// Rows `row..` below a task; each finished board that is the least of its class is counted
    /// by the size of the class.
    fn search(&mut self, row: usize, left: u32, down: u32, right: u32) {
        let free = self.mask & !(left | down | right);
        if row == self.last {
            if free != 0 && free & self.case.last_mask == 0 {
                self.board[row] = free;
                self.classify();
            }
            return;
        }
        let Some(mut free) = Geometry::allowed(&self.case, row, down, free) else {
            return;
        };
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.board[row] = bit;
            self.search(row + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
        }
    }

    /// A finished board (not in the corner case): is it the least of its class, and how large is
    /// the class? Compares it with its quarter, half and three-quarter turns, row by row; a turn
    /// that comes out smaller means the board is not canonical, and is not counted.
    // Kept out of `search`, which then needs fewer registers saved on every call.
    #[inline(never)]
    fn classify(&mut self) {
        let (last, board, classes) = (self.last, &self.board, &mut self.classes);
        // The quarter turn.
        if board[self.case.bound2] == 1 {
            let (mut own, mut pattern) = (1, 2_u32);
            while own <= last {
                let (mut bit, mut you) = (1_u32, last);
                while board[you] != pattern && board[own] >= bit {
                    bit <<= 1;
                    you -= 1;
                }
                if board[own] > bit {
                    return;
                }
                if board[own] < bit {
                    break;
                }
                own += 1;
                pattern <<= 1;
            }
            if own > last {
                // Unchanged by a quarter turn, so by every turn.
                classes.two += 1;
                return;
            }
        }
        // The half turn.
        if board[last] == self.case.end_bit {
            let (mut own, mut you) = (1, last - 1);
            while own <= last {
                let (mut bit, mut pattern) = (1_u32, self.top_bit);
                while board[you] != pattern && board[own] >= bit {
                    bit <<= 1;
                    pattern >>= 1;
                }
                if board[own] > bit {
                    return;
                }
                if board[own] < bit {
                    break;
                }
                own += 1;
                you = you.wrapping_sub(1);
            }
            if own > last {
                classes.four += 1;
                return;
            }
        }
        // The three-quarter turn.
        if board[self.case.bound1] == self.top_bit {
            let (mut own, mut pattern) = (1, self.top_bit >> 1);
            while own <= last {
                let (mut bit, mut you) = (1_u32, 0);
                while board[you] != pattern && board[own] >= bit {
                    bit <<= 1;
                    you += 1;
                }
                if board[own] > bit {
                    return;
                }
                if board[own] < bit {
                    break;
                }
                own += 1;
                pattern >>= 1;
            }
        }
        classes.eight += 1;
    }
}

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

fn check_size(n: usize) -> Result<(), QueensError> {
    if n > MAX_COUNT_N {
        return Err(QueensError::OutOfRange {
            n,
            max: MAX_COUNT_N,
            method: "counting",
        });
    }
    Ok(())
}

fn full_mask(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1_u32 << n) - 1 }
}

/// The number of ways to finish a board whose earlier rows left these attacked columns and
/// diagonals (shifted to the current row). A loop over an explicit stack, one entry per row,
/// rather than recursion; the last row is not searched but counted: a solution for each free
/// square there.
fn solutions_below(full: u32, columns: u32, falling: u32, rising: u32) -> u64 {
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

/// Solutions that a quarter turn (`Symmetry::Rotate90`) or a half turn (`Symmetry::Rotate180`)
/// leaves unchanged, counted directly: placing a queen places its whole orbit under the turn.
/// Other symmetries leave no solution of n > 1 unchanged, and give 0; the identity gives
/// [`count`].
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 32.
pub fn count_symmetric(n: usize, symmetry: Symmetry) -> Result<u64, QueensError> {
    check_size(n)?;
    match symmetry {
        Symmetry::Identity => count_plain(n),
        Symmetry::Rotate90 | Symmetry::Rotate270 => Ok(Orbits::new(n, 4).count()),
        Symmetry::Rotate180 => Ok(Orbits::new(n, 2).count()),
        // A reflection in a row or column fixes a queen only in the middle line; one in a
        // diagonal pairs (r, c) with (c, r), which share a rising diagonal.
        _ if n <= 1 => Ok(1),
        _ => Ok(0),
    }
}

/// The number of symmetry classes by Burnside's lemma, from counts of their own: `(all + fixed by
/// a half turn + 2 × fixed by a quarter turn) / 8`. Slower than [`count_fundamental`], and
/// independent of it; the tests hold the two against each other.
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 32.
pub fn count_fundamental_by_burnside(n: usize) -> Result<u64, QueensError> {
    let all = count_plain(n)?;
    if n <= 1 {
        return Ok(all);
    }
    let half_turn = count_symmetric(n, Symmetry::Rotate180)?;
    let quarter_turn = count_symmetric(n, Symmetry::Rotate90)?;
    Ok((all + half_turn + 2 * quarter_turn) / 8)
}

/// The search for solutions fixed by a turn: a queen on (r, c) brings the queens of its orbit
/// ((c, n−1−r), … for a quarter turn; (n−1−r, n−1−c) for a half turn), rows are filled top down
/// and rows already filled by an orbit are skipped.
struct Orbits {
    n: usize,
    turns: usize,
    row_of: Vec<Option<usize>>,
    column: Vec<bool>,
    falling: Vec<bool>,
    rising: Vec<bool>,
}

impl Orbits {
    fn new(n: usize, turns: usize) -> Self {
        Orbits {
            n,
            turns,
            row_of: vec![None; n],
            column: vec![false; n],
            falling: vec![false; 2 * n],
            rising: vec![false; 2 * n],
        }
    }

    fn count(&mut self) -> u64 {
        self.below(0)
    }

    /// The squares of the orbit of (r, c), without repeats.
    fn orbit(&self, r: usize, c: usize) -> Vec<(usize, usize)> {
        let last = self.n - 1;
        let mut squares = vec![(r, c)];
        let mut square = (r, c);
        for _ in 1..self.turns {
            square = if self.turns == 4 {
                (square.1, last - square.0)
            } else {
                (last - square.0, last - square.1)
            };
            if !squares.contains(&square) {
                squares.push(square);
            }
        }
        squares
    }

    fn below(&mut self, row: usize) -> u64 {
        let Some(row) = (row..self.n).find(|&r| self.row_of[r].is_none()) else {
            return 1;
        };
        let mut found = 0;
        for c in 0..self.n {
            let orbit = self.orbit(row, c);
            if self.fits(&orbit) {
                self.set(&orbit, true);
                found += self.below(row + 1);
                self.set(&orbit, false);
            }
        }
        found
    }

    /// Whether the orbit's queens are on free lines and do not attack each other.
    fn fits(&self, orbit: &[(usize, usize)]) -> bool {
        let n = self.n;
        orbit.iter().enumerate().all(|(i, &(r, c))| {
            self.row_of[r].is_none()
                && !self.column[c]
                && !self.falling[r + n - c]
                && !self.rising[r + c]
                && orbit[..i].iter().all(|&(r2, c2)| {
                    r2 != r && c2 != c && r2 + n - c2 != r + n - c && r2 + c2 != r + c
                })
        })
    }

    fn set(&mut self, orbit: &[(usize, usize)], on: bool) {
        let n = self.n;
        for &(r, c) in orbit {
            self.row_of[r] = on.then_some(c);
            self.column[c] = on;
            self.falling[r + n - c] = on;
            self.rising[r + c] = on;
        }
    }
}

/// Every solution of n queens, as boards, in the order of the bitboard search (row by row,
/// columns from the left). For small boards: 14,200 for n = 12.
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 14 (365,596 boards).
pub fn all_solutions(n: usize) -> Result<Vec<Board>, QueensError> {
    if n > 14 {
        return Err(QueensError::OutOfRange {
            n,
            max: 14,
            method: "listing every solution",
        });
    }
    let mut boards = Vec::new();
    let mut columns = Vec::with_capacity(n);
    list(full_mask(n), 0, 0, 0, &mut columns, &mut boards);
    Ok(boards)
}

fn list(
    full: u32,
    used: u32,
    falling: u32,
    rising: u32,
    columns: &mut Vec<usize>,
    out: &mut Vec<Board>,
) {
    if used == full {
        // Placed by the search itself, so always a valid set of columns.
        if let Ok(board) = Board::from_columns(columns) {
            out.push(board);
        }
        return;
    }
    let mut free = full & !(used | falling | rising);
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        columns.push(bit.trailing_zeros() as usize + 1);
        list(
            full,
            used | bit,
            (falling | bit) << 1,
            (rising | bit) >> 1,
            columns,
            out,
        );
        columns.pop();
    }
}

/// One board of each symmetry class, the canonical one (see [`Board::canonical`]), in the order
/// of their canonical forms: 12 for n = 8.
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 14.
pub fn fundamental_solutions(n: usize) -> Result<Vec<Board>, QueensError> {
    let mut canonical: Vec<Board> = all_solutions(n)?
        .into_iter()
        .filter(|board| board.canonical() == *board)
        .collect();
    canonical.sort_by_key(Board::columns);
    Ok(canonical)
}
