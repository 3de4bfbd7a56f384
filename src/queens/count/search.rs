//! The symmetric bitboard search on threads: every solution and the classes in one search.

use super::ledger::Ledger;
use super::plan::{Found, Plan, Worker};
use super::size::{MAX_COUNT_N, check_size, full_mask};
use crate::budget::Budget;
use crate::hash::{FNV_START, fnv};
use crate::queens::QueensError;

/// How [`count_both`](super::count_both) runs.
#[derive(Clone, Copy, Default)]
pub struct CountOptions<'a> {
    /// Threads to use; 0 means one per core. At most [`MAX_THREADS`](super::MAX_THREADS) are started.
    pub threads: usize,
    /// Called once before the first sub-problem with the number an earlier run of a resumed
    /// count had done (0 for a fresh count), then after each sub-problem with the number done so
    /// far and the number in all; `done` takes every value from there to the total once, from
    /// whichever thread finished the piece.
    pub progress: Option<&'a (dyn Fn(usize, usize) + Sync)>,
    /// What the count may spend: its time limit, for every method (no piece is begun after it,
    /// and a piece under way stops soon after: [`count_ledger`](super::count_ledger) keeps what
    /// was finished), and its nodes, for the backtracking and CSP counts (squares or values
    /// tried).
    pub budget: Budget,
    /// Called after each piece of a [`count_ledger`](super::count_ledger) with the ledger as it
    /// stands (to write it out now and then).
    pub checkpoint: Option<&'a (dyn Fn(&Ledger) + Sync)>,
}

impl std::fmt::Debug for CountOptions<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CountOptions")
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .field("budget", &self.budget)
            .field("checkpoint", &self.checkpoint.is_some())
            .finish()
    }
}

/// What [`count_both`](super::count_both) found: every solution, and the solutions up to symmetry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// The number of solutions.
    pub all: u64,
    /// The number of symmetry classes (fundamental solutions).
    pub fundamental: u64,
}

/// The pieces the bitboard search of n queens is cut into (for threads, and for
/// [`Part`](super::Part)s), in order: each the columns (from 1) of the queens on the first rows,
/// with which every board counted in that piece begins. The search's board is read with its
/// columns mirrored, which is the same search by symmetry.
///
/// ```
/// let pieces = nqueens::queens::bitboard_pieces(8)?;
/// assert_eq!(pieces.len(), 16);
/// assert!(pieces.iter().all(|queens| queens.len() == 2));
/// # Ok::<(), nqueens::queens::QueensError>(())
/// ```
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 32, [`QueensError::Empty`] for n = 0.
pub fn bitboard_pieces(n: usize) -> Result<Vec<Vec<usize>>, QueensError> {
    if n == 0 {
        return Err(QueensError::Empty);
    }
    if n < 4 {
        // One piece, the whole plain search.
        return Ok(vec![Vec::new()]);
    }
    let plan = plan(n)?;
    Ok(plan
        .tasks
        .iter()
        .map(|task| {
            task.board[..task.row]
                .iter()
                .map(|bit| bit.trailing_zeros() as usize + 1)
                .collect()
        })
        .collect())
}

/// The bitboard search's pieces: its sub-problems, each a case with its first rows filled in.
pub(super) struct Bitboard {
    geometry: Geometry,
    tasks: Vec<Task>,
}

/// The pieces of the bitboard search of n queens (n ≥ 4).
pub(super) fn plan(n: usize) -> Result<Bitboard, QueensError> {
    check_size(n)?;
    debug_assert!(n >= 4, "the cases need a corner, two sides and a middle");
    let geometry = Geometry::new(n);
    let tasks = geometry.tasks();
    Ok(Bitboard { geometry, tasks })
}

impl Plan for Bitboard {
    fn len(&self) -> usize {
        self.tasks.len()
    }

    fn key(&self, piece: usize) -> u64 {
        let task = &self.tasks[piece];
        let case = &task.case;
        let head = [
            u64::from(case.corner),
            case.bound1 as u64,
            task.row as u64,
            u64::from(task.left),
            u64::from(task.down),
            u64::from(task.right),
        ];
        head.into_iter()
            .chain(task.board[..task.row].iter().map(|&b| u64::from(b)))
            .fold(FNV_START, fnv)
    }

    fn worker(&self) -> Worker<'_> {
        let geometry = &self.geometry;
        Box::new(move |piece, stop| {
            let task = &self.tasks[piece];
            let mut classes = Classes::default();
            if task.case.corner {
                classes.eight = geometry.corner_checked(task, stop)?;
            } else {
                let mut search = Sides {
                    mask: geometry.mask,
                    last: geometry.last,
                    case: task.case,
                    top_bit: geometry.top_bit,
                    board: task.board,
                    classes: Classes::default(),
                };
                search.search_checked(task.row, task.left, task.down, task.right, stop)?;
                classes = search.classes;
            }
            Some(Found {
                solutions: 2 * classes.two + 4 * classes.four + 8 * classes.eight,
                classes: classes.two + classes.four + classes.eight,
            })
        })
    }
}

/// Below this many rows from the bottom, a search no longer reads the clock: what is left of a
/// branch there takes well under a millisecond.
const UNCHECKED_ROWS: usize = 10;

/// Solutions found, by the size of their symmetry class.
#[derive(Debug, Clone, Copy, Default)]
struct Classes {
    two: u64,
    four: u64,
    eight: u64,
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

/// The search for canonical solutions, after the classic bitboard program by Takaken
/// (Ken'ichirō Takahashi): only boards that are the least of their symmetry class are
/// completed, and each is counted with the size of its class (2, 4 or 8), found by comparing
/// the board with its turns as it is completed.
///
/// * A queen in a corner of the first row: reflecting in the main diagonal swaps the column of
///   the second row's queen (`bound1`) with the row of the second column's queen, so only the
///   boards where the first is the smaller are completed (column 2 is kept empty in the rows
///   above `bound1`); no turn or reflection of such a board is smaller; it counts 8.
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

    /// A corner case's piece, reading the clock at each node of its upper rows: `None` when
    /// the stop came first.
    fn corner_checked(&self, task: &Task, stop: &crate::budget::Deadline) -> Option<u64> {
        self.corner_upper(
            task.case.bound1,
            task.row,
            task.left,
            task.down,
            task.right,
            stop,
        )
    }

    /// [`corner`](Self::corner) for the rows more than [`UNCHECKED_ROWS`] from the bottom.
    fn corner_upper(
        &self,
        bound1: usize,
        row: usize,
        left: u32,
        down: u32,
        right: u32,
        stop: &crate::budget::Deadline,
    ) -> Option<u64> {
        if row + UNCHECKED_ROWS >= self.last {
            return Some(self.corner(bound1, row, left, down, right));
        }
        if stop.expired() {
            return None;
        }
        let mut free = self.mask & !(left | down | right);
        if row < bound1 {
            free &= !2;
        }
        let mut found = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let (l, d, r) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
            found += self.corner_upper(bound1, row + 1, l, d, r, stop)?;
        }
        Some(found)
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
    /// [`search`](Self::search), reading the clock at each node more than [`UNCHECKED_ROWS`]
    /// from the bottom: `None` when the stop came first.
    fn search_checked(
        &mut self,
        row: usize,
        left: u32,
        down: u32,
        right: u32,
        stop: &crate::budget::Deadline,
    ) -> Option<()> {
        if row + UNCHECKED_ROWS >= self.last {
            self.search(row, left, down, right);
            return Some(());
        }
        if stop.expired() {
            return None;
        }
        let free = self.mask & !(left | down | right);
        let Some(mut free) = Geometry::allowed(&self.case, row, down, free) else {
            return Some(());
        };
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.board[row] = bit;
            let (l, d, r) = ((left | bit) << 1, down | bit, (right | bit) >> 1);
            self.search_checked(row + 1, l, d, r, stop)?;
        }
        Some(())
    }

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
