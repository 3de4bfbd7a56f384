//! Counting by halves: the board split into a west and an east half, every placement of the
//! east half listed once, and each joined with the mirror images of the others.
//!
//! This is the join at the heart of the quadrant method (Kluev's N-Queens-Count-Sol, after the
//! deepgreen pages), with whole halves instead of pairs of quarters. A solution puts exactly one
//! queen in each column, so the west half (the first ⌊n/2⌋ columns) and the east half (the last
//! ⌊n/2⌋) hold ⌊n/2⌋ queens each, on disjoint sets of rows; for odd n the middle column's queen
//! takes the row left over. Two queens of the same half are checked while the half is listed; a
//! west and an east queen can only meet on a diagonal. So a solution is a pair (west placement,
//! east placement) whose rows fit together and whose diagonals are disjoint (and which leave the
//! middle queen's square alone), and counting solutions is counting such pairs. The west half is
//! the east half mirrored, so only the east half is listed.
//!
//! * **Signatures.** Of a half's diagonals only those that cross into the other half matter:
//!   n − 1 rising ones and n − 1 falling ones (n − 2 each for odd n). A placement becomes its set
//!   of rows and a signature with a bit for each, and a pair fits when the signatures share no
//!   bit: one AND. For odd n it also keeps the rows of the middle column that it attacks.
//! * **Buckets.** For each set of rows R, the east placements on R are sorted by three middle
//!   bits of each window of their signature, so that a west placement visits only the buckets
//!   whose bits it leaves free: about a fifth of the pairs are looked at (n = 16).
//! * **Symmetry.** Mirroring the board left to right swaps the halves, and turning it upside
//!   down maps the placements on R to those on R reversed (and the middle queen's row r to
//!   n − 1 − r): the row sets fall into classes of up to four with the same count, and one of
//!   each class is joined.
//!
//! The cost is memory: every placement of the east half is kept, 8 bytes each (15,324,708 for
//! n = 16, 120 MB; 3.4 GB of memory in all for n = 18), which is why [`MAX_HALVES_N`] is 18.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::{check_size, count_plain};
use crate::queens::QueensError;

/// The largest board [`count_by_halves`] takes: n = 18 needs 3.4 GB of memory, and each size
/// up multiplies that by about twenty.
pub const MAX_HALVES_N: usize = 18;

/// The smallest board on which counting by halves beats the symmetric bitboard search (on the
/// same threads); below it, listing the halves costs more than the search it saves.
pub const HALVES_FASTER_FROM: usize = 14;

/// Bits of each diagonal window used to bucket the placements (so 2^6 buckets).
const KEY_HALF: usize = 3;

/// The number of solutions of n queens, counted by joining halves, on `threads` threads (0: one
/// per core). The same numbers as [`count`](super::count).
///
/// ```
/// assert_eq!(nqueens::queens::count_by_halves(10, 1)?, 724);
/// # Ok::<(), nqueens::queens::QueensError>(())
/// ```
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > [`MAX_HALVES_N`].
pub fn count_by_halves(n: usize, threads: usize) -> Result<u64, QueensError> {
    check_size(n)?;
    if n > MAX_HALVES_N {
        return Err(QueensError::OutOfRange {
            n,
            max: MAX_HALVES_N,
            method: "counting by halves",
        });
    }
    if n < 4 {
        return count_plain(n);
    }
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        t => t,
    }
    .clamp(1, n);
    let split = Split::new(n);
    let east = split.list(threads);
    Ok(split.join(&east, threads))
}

/// The board's split: two halves of `half` columns, with the middle column between them when
/// n is odd (`gap` = 1), and the windows of the diagonals that cross from half to half.
struct Split {
    n: usize,
    half: usize,
    gap: usize,
    /// Where both windows start (the first diagonal index that crosses): half + gap.
    start: usize,
    /// The bits of one window: n − 1 − gap.
    window: usize,
}

/// The placements of the east half, by their set of rows (a bit mask): each a signature (the
/// rising window, then the falling one), and for odd n above them the rows of the middle column
/// its queens attack.
type Listing = Vec<Vec<u64>>;

impl Split {
    fn new(n: usize) -> Self {
        let (half, gap) = (n / 2, n % 2);
        Split {
            n,
            half,
            gap,
            start: half + gap,
            window: n - 1 - gap,
        }
    }

    /// Every placement of queens in the east half, one per column, none attacking another,
    /// listed by its rows; the threads share the first column's rows, and each keeps its own
    /// listing (the join reads them all).
    fn list(&self, threads: usize) -> Vec<Listing> {
        let from = self.half + self.gap;
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || {
                        let mut lister = Lister {
                            split: self,
                            out: vec![Vec::new(); 1 << self.n],
                        };
                        // The first column is empty of attacks: every row is free.
                        for row in (t..self.n).step_by(threads) {
                            lister.place(from, row, 0, 0, 0);
                        }
                        for list in &mut lister.out {
                            list.shrink_to_fit();
                        }
                        lister.out
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| {
                    w.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        })
    }

    /// The signature of the west half that mirrors an east placement: the mirror swaps rising
    /// and falling diagonals, and the two windows start at the same place. (The middle column's
    /// rows are dropped: they are the same on both sides, and already used.)
    fn mirrored(&self, signature: u64) -> u64 {
        let low = (1_u64 << self.window) - 1;
        ((signature >> self.window) & low) | ((signature & low) << self.window)
    }

    /// The bucket of a signature: `KEY_HALF` middle bits of each window.
    fn key(&self, signature: u64) -> usize {
        let shift = (self.window - KEY_HALF) / 2;
        let bits = (1_u64 << KEY_HALF) - 1;
        let rising = (signature >> shift) & bits;
        let falling = (signature >> (shift + self.window)) & bits;
        usize::try_from(rising | (falling << KEY_HALF)).unwrap_or(0)
    }

    /// The signature without the key's bits, squeezed into 32 bits (2(n − 1) − 2·`KEY_HALF`
    /// bits are left: 28 for n = 18), so that the comparisons take four signatures at a time.
    fn rest(&self, signature: u64) -> u32 {
        let shift = (self.window - KEY_HALF) / 2;
        let low = |s: u64, bits: usize| s & ((1_u64 << bits) - 1);
        let window = |s: u64| {
            // Below the key, and above it moved down over it.
            low(s, shift) | (low(s >> (shift + KEY_HALF), self.window - shift - KEY_HALF) << shift)
        };
        let rising = window(low(signature, self.window));
        let falling = window(low(signature >> self.window, self.window));
        let rest = rising | (falling << (self.window - KEY_HALF));
        u32::try_from(rest).unwrap_or(u32::MAX)
    }

    /// Counts the pairs (west, east) with complementary rows and disjoint diagonals (and, for
    /// odd n, with a queen of the middle column on the row left over, attacked by neither).
    fn join(&self, east: &[Listing], threads: usize) -> u64 {
        let full = (1_u32 << self.n) - 1;
        let reverse = |rows: u32| rows.reverse_bits() >> (32 - self.n);
        // For odd n each row of the middle column in turn, the upper ones counted twice for the
        // board turned upside down; for even n no middle column.
        let middles: Vec<(Option<usize>, u64)> = if self.gap == 0 {
            vec![(None, 1)]
        } else {
            (0..=self.half)
                .map(|row| (Some(row), if row == self.half { 1 } else { 2 }))
                .collect()
        };
        // The row sets that give the same count: the halves swapped (the board mirrored left to
        // right), and turned upside down when that keeps the middle row. One of each class is
        // joined, counted as many times as the class has members.
        let mut tasks: Vec<(Option<usize>, u32, u64)> = Vec::new();
        for (middle, weight) in middles {
            let free = middle.map_or(full, |row| full & !(1 << row));
            let turns = free == reverse(free);
            for rows in (0..=full).filter(|&rows| rows & !free == 0) {
                let other = free & !rows;
                let none = |rows: u32| east.iter().all(|part| part[rows as usize].is_empty());
                if none(rows) || none(other) {
                    continue;
                }
                let mut members = vec![rows, other];
                if turns {
                    members.extend([reverse(rows), reverse(other)]);
                }
                members.sort_unstable();
                members.dedup();
                if members[0] == rows {
                    tasks.push((middle, rows, weight * members.len() as u64));
                }
            }
        }
        let attacked = 2 * self.window;
        let next = AtomicUsize::new(0);
        let work = || {
            let mut total = 0_u64;
            let mut joiner = Joiner::new(self);
            let mut kept = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(middle, rows, members)) = tasks.get(i) else {
                    break;
                };
                let free = middle.map_or(full, |row| full & !(1 << row));
                // With a middle queen, only the placements that leave its square alone.
                let keep = |e: &&u64| middle.is_none_or(|row| *e >> (attacked + row) & 1 == 0);
                let on = |rows: u32| east.iter().flat_map(move |part| &part[rows as usize]);
                kept.clear();
                kept.extend(on(rows).filter(keep));
                let west = on(free & !rows).filter(keep).map(|&e| self.mirrored(e));
                total += members * joiner.pairs(&kept, west);
            }
            total
        };
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
            let mut total = work();
            for helper in helpers {
                total += helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            }
            total
        })
    }
}

/// The listing's search: one column at a time, each queen on a free row off the diagonals
/// taken so far.
struct Lister<'a> {
    split: &'a Split,
    out: Listing,
}

impl Lister<'_> {
    /// Places the queen of column `col` on `row`, then the rest.
    fn place(&mut self, col: usize, row: usize, rows: u32, rising: u64, falling: u64) {
        let n = self.split.n;
        let rows = rows | 1 << row;
        let rising = rising | 1 << (row + col);
        let falling = falling | 1 << (row + n - 1 - col);
        let col = col + 1;
        if col == n {
            let split = self.split;
            let low = (1_u64 << split.window) - 1;
            let mut signature = ((rising >> split.start) & low)
                | (((falling >> split.start) & low) << split.window);
            if split.gap == 1 {
                // The middle column's square of row r lies on rising diagonal r + half and on
                // falling diagonal r + half as well (n − 1 = 2·half).
                let middle = ((rising | falling) >> split.half) & ((1_u64 << n) - 1);
                signature |= middle << (2 * split.window);
            }
            self.out[rows as usize].push(signature);
            return;
        }
        // Row r of column c lies on rising diagonal r + c and falling diagonal r + n − 1 − c.
        let taken = u64::from(rows) | rising >> col | falling >> (n - 1 - col);
        let mut free = !taken & ((1_u64 << n) - 1);
        while free != 0 {
            let next = free.trailing_zeros() as usize;
            free &= free - 1;
            self.place(col, next, rows, rising, falling);
        }
    }
}

/// The join of one set of rows, with its buffers kept from one set to the next.
struct Joiner<'a> {
    split: &'a Split,
    starts: Vec<usize>,
    sorted: Vec<u32>,
}

impl<'a> Joiner<'a> {
    fn new(split: &'a Split) -> Self {
        Joiner {
            split,
            starts: vec![0; (1 << (2 * KEY_HALF)) + 1],
            sorted: Vec::new(),
        }
    }

    /// The pairs of an east placement of `east` and a west one of `west` that share no
    /// diagonal.
    fn pairs(&mut self, east: &[u64], west: impl Iterator<Item = u64>) -> u64 {
        let split = self.split;
        let keys = 1 << (2 * KEY_HALF);
        // A counting sort of the east signatures by key, the key's bits cleared.
        self.starts.fill(0);
        for &e in east {
            self.starts[split.key(e) + 1] += 1;
        }
        for k in 0..keys {
            self.starts[k + 1] += self.starts[k];
        }
        let mut fill = self.starts.clone();
        self.sorted.clear();
        self.sorted.resize(east.len(), 0);
        for &e in east {
            let k = split.key(e);
            self.sorted[fill[k]] = split.rest(e);
            fill[k] += 1;
        }
        let mut total = 0;
        for w in west {
            // The buckets whose key bits w leaves free: every submask of its free bits.
            let free = (keys - 1) & !split.key(w);
            let rest = split.rest(w);
            let mut sub = free;
            loop {
                let bucket = &self.sorted[self.starts[sub]..self.starts[sub + 1]];
                total += bucket.iter().filter(|&&e| e & rest == 0).count() as u64;
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & free;
            }
        }
        total
    }
}
