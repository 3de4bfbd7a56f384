//! The symmetric bitboard search on threads: every solution and the classes in one search.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::{MAX_COUNT_N, MAX_THREADS, check_size, count_plain, full_mask};
use crate::queens::QueensError;

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
