//! Counting by halves: the board split into a west and an east half, the placements of the
//! east half built from its two quarters, and each joined with the mirror images of the others.
//!
//! This is the quadrant method (Kluev's N-Queens-Count-Sol, after the deepgreen pages). A
//! solution puts exactly one queen in each column, so the west half (the first ⌊n/2⌋ columns)
//! and the east half (the last ⌊n/2⌋) hold ⌊n/2⌋ queens each, on disjoint sets of rows; for odd
//! n the middle column's queen takes the row left over. Two queens of the same half are checked
//! while the half is built; a west and an east queen can only meet on a diagonal. So a solution
//! is a pair (west placement, east placement) whose rows fit together and whose diagonals are
//! disjoint (and which leave the middle queen's square alone), and counting solutions is
//! counting such pairs. The west half is the east half mirrored, so only the east half is built.
//!
//! * **Quarters.** The east half's north quarter (its first ⌊n/2⌋ rows) and its south quarter
//!   (the rest) are listed once: every placement with at most one queen a row and a column,
//!   none attacking another. The east placements on a set of rows R are then the north
//!   quarters on R's north rows, each with the south quarters on R's south rows that fill the
//!   other columns and share no diagonal with it. Only the quarters and the placements of one R
//!   at a time are kept, far less than all the halves at once would take (docs/benchmarks.md
//!   has the peak memory of each size).
//! * **Signatures.** Of a half's diagonals only those that cross into the other half matter:
//!   n − 1 rising ones and n − 1 falling ones (n − 2 each for odd n). A placement becomes a
//!   signature with a bit for each, and a pair fits when the signatures share no bit: one AND.
//! * **The join** (`join`). Both sides are sorted into buckets by a few key bits of their
//!   signatures, and the buckets that may fit are compared bit-sliced, 256 signatures at a time.
//! * **Symmetry.** Mirroring the board left to right swaps the halves, and turning it upside
//!   down maps the placements on R to those on R reversed (and the middle queen's row r to
//!   n − 1 − r): the row sets fall into classes of up to four with the same count, and one of
//!   each class is joined. On even boards the reflections in the two long diagonals (corner
//!   to corner), which do not keep the rows apart from the columns, still pay: of the
//!   solutions with a queen on each long diagonal, those with both in one half are counted
//!   twice and those with one in each half never looked at, and two placements that both have
//!   a queen on a long diagonal are never compared (`Layout::long`, in `join`).

use std::sync::OnceLock;

use super::join::{Joiner, Layout};
use super::plan::{Found, Plan, Worker};
use super::size::check_size;
use crate::hash::{FNV_START, fnv};
use crate::queens::QueensError;

/// The largest board [`count_by_halves`](super::count_by_halves) takes. Each size up multiplies
/// the time by about 3 to 10 (docs/benchmarks.md), so n = 22 would take hours; and from
/// n = 23 on, the marks of a placement (two windows of 2n − 1 − ⌈n/2⌉ bits) no longer fit 64
/// bits.
pub const MAX_HALVES_N: usize = 21;

/// The smallest board on which counting by halves beats the symmetric bitboard search (on the
/// same threads); below it, listing the quarters costs more than the search it saves.
pub const HALVES_FASTER_FROM: usize = 12;

/// The pieces of the halves of n queens (n ≥ 4): one set of rows of each class, with the middle
/// queen's row for odd n. The quarters are listed once, before the first piece is counted.
pub(super) struct Halves {
    split: Split,
    tasks: Vec<Task>,
    quarters: OnceLock<Quarters>,
}

/// One join: the middle queen's row (odd n), the east half's rows, and how many times the count
/// stands for (the members of the rows' class, twice for a middle row that has a mirror image).
#[derive(Debug, Clone, Copy)]
struct Task {
    middle: Option<usize>,
    rows: u32,
    weight: u64,
}

/// The halves' pieces for n queens.
pub(super) fn plan(n: usize) -> Result<Halves, QueensError> {
    check_size(n)?;
    if n > MAX_HALVES_N {
        return Err(QueensError::OutOfRange {
            n,
            max: MAX_HALVES_N,
            method: "counting by halves",
        });
    }
    debug_assert!(n >= 4, "a half needs two columns");
    let split = Split::new(n);
    let tasks = split.tasks();
    Ok(Halves {
        split,
        tasks,
        quarters: OnceLock::new(),
    })
}

impl Plan for Halves {
    fn len(&self) -> usize {
        self.tasks.len()
    }

    fn key(&self, piece: usize) -> u64 {
        let task = &self.tasks[piece];
        let middle = task.middle.map_or(u64::MAX, |row| row as u64);
        [middle, u64::from(task.rows), task.weight]
            .into_iter()
            .fold(FNV_START, fnv)
    }

    fn prepare(&self, stop: &crate::budget::Deadline, threads: usize) -> bool {
        if self.quarters.get().is_none()
            && let Some(quarters) = Quarters::new(&self.split, stop, threads)
        {
            // Another thread may have set them first: the same quarters.
            let _ = self.quarters.set(quarters);
        }
        self.quarters.get().is_some()
    }

    fn worker(&self) -> Worker<'_> {
        let split = &self.split;
        let quarters = self.quarters.get_or_init(|| {
            Quarters::new(split, &crate::budget::Deadline::NONE, 1)
                .expect("without a deadline the quarters are built")
        });
        let mut joiner = Joiner::new(split.layout);
        let (mut east, mut west) = (Vec::new(), Vec::new());
        let full = (1_u32 << split.n) - 1;
        Box::new(move |piece, stop| {
            let task = self.tasks[piece];
            let free = task.middle.map_or(full, |row| full & !(1 << row));
            // With a middle queen, only the placements that leave its square alone.
            let spared = task.middle.map_or(0, |row| split.marks(row, split.half));
            split.halves::<false>(quarters, task.rows, spared, &mut east);
            if east.is_empty() {
                return Some(Found::default());
            }
            split.halves::<true>(quarters, free & !task.rows, spared, &mut west);
            let pairs = joiner.pairs(&east, &west, stop)?;
            Some(Found {
                solutions: task.weight * pairs,
                classes: 0,
            })
        })
    }
}

/// The board's split: two halves of `half` columns, with the middle column between them when
/// n is odd (`gap` = 1); the windows of the diagonals that cross from half to half; and the
/// row where the east half's south quarter begins.
struct Split {
    n: usize,
    half: usize,
    gap: usize,
    /// The east half's first column, and where both windows start (the first diagonal index
    /// that crosses): half + gap.
    start: usize,
    /// Where a signature's bits are, for the join: its two windows of n − 1 − gap bits each.
    layout: Layout,
    /// The diagonals of one direction that pass through the east half: 2n − 1 − `start`.
    span: usize,
}

/// The marks of squares of the east half: a bit for each diagonal through them, the rising
/// ones first (bit r + c − start for row r, column c), then the falling ones (bit span +
/// r + n − 1 − c). Two sets of queens attack along a diagonal when their marks meet.
type Marks = u64;

impl Split {
    fn new(n: usize) -> Self {
        let (half, gap) = (n / 2, n % 2);
        let split = Split {
            n,
            half,
            gap,
            start: half + gap,
            span: 2 * n - 1 - (half + gap),
            layout: Layout::new(n),
        };
        // The marks fill at most a u64.
        debug_assert!(2 * split.span <= 64);
        split
    }

    /// The south quarter's first row: ⌊n/2⌋, where the north quarter ends.
    fn south(&self) -> usize {
        self.half
    }

    /// The marks of the square on `row` and (board) column `col`, or of the middle column's
    /// square on `row` (whose rising diagonal misses the east half when `row` is 0).
    fn marks(&self, row: usize, col: usize) -> Marks {
        let rising = (row + col)
            .checked_sub(self.start)
            .map_or(0, |bit| 1 << bit);
        rising | 1 << (self.span + row + self.n - 1 - col)
    }

    /// A half's signature: the rising window, then the falling one.
    fn signature(&self, marks: Marks) -> u64 {
        let low = (1_u64 << self.layout.window) - 1;
        (marks & low) | ((marks >> (self.span + self.start)) & low) << self.layout.window
    }

    /// The signature of marks in [`Layout::keyed`] form; `WEST`: that of the west half's
    /// placement that mirrors them.
    fn keyed<const WEST: bool>(&self, marks: Marks) -> u64 {
        let signature = self.signature(marks);
        self.layout.keyed(if WEST {
            self.layout.mirrored(signature)
        } else {
            signature
        })
    }

    /// Into `out`, the signature in [`Layout::keyed`] form of every placement of the east half on the set of `rows`
    /// that leaves the squares of `spared` alone: a north quarter on the north rows of the
    /// set, with each south quarter on the south rows that fills the other columns and shares
    /// no diagonal with it. `WEST`: each signature that of the west half placement that
    /// mirrors it.
    fn halves<const WEST: bool>(
        &self,
        quarters: &Quarters,
        rows: u32,
        spared: Marks,
        out: &mut Vec<u64>,
    ) {
        let columns = (1_usize << self.half) - 1;
        let north_rows = (rows & ((1 << self.south()) - 1)) as usize;
        let north = &quarters.north[quarters.north_starts[north_rows << self.half] as usize
            ..quarters.north_starts[(north_rows + 1) << self.half] as usize];
        let south = ((rows >> self.south()) as usize) << self.half;
        // Every bottom is written and the length moves past the ones that fit: no branch.
        let mut len = 0;
        for &Placed {
            columns: taken,
            marks: top,
            keyed,
            ..
        } in north
        {
            if top & spared != 0 {
                continue;
            }
            let at = south | (columns & !(taken as usize));
            let range = quarters.starts[at] as usize..quarters.starts[at + 1] as usize;
            let (bottoms, below) = (
                &quarters.south[range.clone()],
                &quarters.keyed[usize::from(WEST)][range],
            );
            if out.len() < len + bottoms.len() {
                out.resize(len + bottoms.len(), 0);
            }
            let clash = top | spared;
            let above = keyed[usize::from(WEST)];
            // An index, not `zip`: see `join::lanewise`.
            for (i, &bottom) in bottoms.iter().enumerate() {
                // The keyed form is the marks' bits moved: that of the union is the union's.
                out[len] = above | below[i];
                len += usize::from(bottom & clash == 0);
            }
        }
        out.truncate(len);
    }

    /// The joins to count: one set of rows of each class, counted as many times as the class
    /// has members. For odd n each row of the middle column in turn, the upper ones twice for
    /// the board turned upside down; for even n no middle column.
    fn tasks(&self) -> Vec<Task> {
        let full = (1_u32 << self.n) - 1;
        let reverse = |rows: u32| rows.reverse_bits() >> (32 - self.n);
        let middles: Vec<(Option<usize>, u64)> = if self.gap == 0 {
            vec![(None, 1)]
        } else {
            (0..=self.half)
                .map(|row| (Some(row), if row == self.half { 1 } else { 2 }))
                .collect()
        };
        // The row sets that give the same count: the halves swapped (the board mirrored left to
        // right), and turned upside down when that keeps the middle row.
        let mut tasks = Vec::new();
        for (middle, weight) in middles {
            let free = middle.map_or(full, |row| full & !(1 << row));
            let turns = free == reverse(free);
            for rows in (0..=full).filter(|&rows| rows & !free == 0) {
                if rows.count_ones() as usize != self.half {
                    continue;
                }
                let other = free & !rows;
                let mut members = vec![rows, other];
                if turns {
                    members.extend([reverse(rows), reverse(other)]);
                }
                members.sort_unstable();
                members.dedup();
                if members[0] == rows {
                    tasks.push(Task {
                        middle,
                        rows,
                        weight: weight * members.len() as u64,
                    });
                }
            }
        }
        tasks
    }
}

/// The quarters of the east half: every placement of queens on its north rows (above
/// `Split::south`) and on its south rows, at most one a row and one a column, none attacking
/// another.
struct Quarters {
    /// The north quarters by their rows and columns: those of rows R (bits below
    /// `Split::south`) and columns C are `north[north_starts[R << half | C]..north_starts[(R <<
    /// half | C) + 1]]`, so that those of one set of rows come in order of their columns (and
    /// the ones that meet the same south quarters one after another, finding them in the
    /// cache).
    north: Vec<Placed>,
    /// Where each (rows, columns) of `north` begins.
    north_starts: Vec<u32>,
    /// The south quarters' marks, by their rows (shifted down to row 0) and columns: those of
    /// rows R and columns C are `south[starts[R << half | C]..starts[(R << half | C) + 1]]`.
    south: Vec<Marks>,
    /// The signatures of the marks of `south` in [`Layout::keyed`] form: as the east half has
    /// them, and as the west half's placement that mirrors them has them.
    keyed: [Vec<u64>; 2],
    /// Where each (rows, columns) of `south` begins.
    starts: Vec<u32>,
}

impl Quarters {
    /// The quarters of the split, or `None` when `stop` comes first (it is looked at every
    /// 65,536 placements). With `threads` above one, the north and the south quarters are
    /// listed side by side.
    fn new(split: &Split, stop: &crate::budget::Deadline, threads: usize) -> Option<Self> {
        // Each square's signature in keyed form, east and west: a placement's is the OR of its
        // squares'.
        let squares: Vec<[u64; 2]> = (0..split.n * split.half)
            .map(|at| {
                let marks = split.marks(at / split.half, split.start + at % split.half);
                [split.keyed::<false>(marks), split.keyed::<true>(marks)]
            })
            .collect();
        let list = |rows: std::ops::Range<usize>| {
            Self::listed(split, &squares, rows.clone(), stop).map(|found| {
                // By rows (moved down to 0) and columns.
                let place = |placed: &Placed| {
                    ((placed.rows >> rows.start) as usize) << split.half | placed.columns as usize
                };
                let mut starts = vec![0_u32; (1 << (rows.len() + split.half)) + 1];
                for placed in &found {
                    starts[place(placed) + 1] += 1;
                }
                for i in 1..starts.len() {
                    starts[i] += starts[i - 1];
                }
                let mut sorted = vec![Placed::default(); found.len()];
                let mut fill = starts.clone();
                for placed in found {
                    let next = &mut fill[place(&placed)];
                    sorted[*next as usize] = placed;
                    *next += 1;
                }
                (sorted, starts)
            })
        };
        // Each side made ready where it is listed, on its own thread when there are two.
        let north_side = || {
            list(0..split.south()).map(|(mut north, north_starts)| {
                // Those of one rows and columns by their signature: left in the order they were
                // listed, the count of 18 queens took about 7 % longer (`count 18 --threads 1`).
                for pair in north_starts.windows(2) {
                    north[pair[0] as usize..pair[1] as usize]
                        .sort_unstable_by_key(|placed| placed.keyed[0]);
                }
                (north, north_starts)
            })
        };
        let south_side = || {
            list(split.south()..split.n).map(|(south, starts)| {
                let keyed = [
                    south.iter().map(|placed| placed.keyed[0]).collect(),
                    south.iter().map(|placed| placed.keyed[1]).collect(),
                ];
                let marks = south.iter().map(|placed| placed.marks).collect();
                (marks, keyed, starts)
            })
        };
        let (north, south) = if threads > 1 {
            std::thread::scope(|scope| {
                let north = scope.spawn(north_side);
                let south = south_side();
                (north.join().expect("listing the north quarters"), south)
            })
        } else {
            (north_side(), south_side())
        };
        let ((north, north_starts), (south, keyed, starts)) = (north?, south?);
        Some(Quarters {
            north,
            north_starts,
            south,
            keyed,
            starts,
        })
    }

    /// Every placement on `rows` (each row empty or with one queen of the east half), or
    /// `None` when `stop` comes first.
    fn listed(
        split: &Split,
        squares: &[[u64; 2]],
        rows: std::ops::Range<usize>,
        stop: &crate::budget::Deadline,
    ) -> Option<Vec<Placed>> {
        let mut found = Vec::new();
        let done = Self::fill(
            split,
            squares,
            rows.start,
            rows.end,
            Placed::default(),
            &mut |placed| {
                found.push(placed);
                found.len() & 0xffff != 0 || !stop.expired()
            },
        );
        done.then_some(found)
    }

    /// Every placement on the rows from `row` to `end` (each row empty or with one queen of
    /// the east half), added to the queens `placed`, as long as `visit` says to go on; whether
    /// it did to the end. `squares`: each square's signature in keyed form, east and west (row
    /// by row, a column of the half at a time).
    fn fill(
        split: &Split,
        squares: &[[u64; 2]],
        row: usize,
        end: usize,
        placed: Placed,
        visit: &mut impl FnMut(Placed) -> bool,
    ) -> bool {
        if row == end {
            return visit(placed);
        }
        if !Self::fill(split, squares, row + 1, end, placed, visit) {
            return false;
        }
        for c in (0..split.half).filter(|c| placed.columns & 1 << c == 0) {
            let square = split.marks(row, split.start + c);
            if placed.marks & square == 0 {
                let keyed = squares[row * split.half + c];
                let more = Placed {
                    rows: placed.rows | 1 << row,
                    columns: placed.columns | 1 << c,
                    marks: placed.marks | square,
                    keyed: [placed.keyed[0] | keyed[0], placed.keyed[1] | keyed[1]],
                };
                if !Self::fill(split, squares, row + 1, end, more, visit) {
                    return false;
                }
            }
        }
        true
    }
}

/// Queens placed on a quarter: their rows, their columns (bit c − start), their marks, and their
/// signature in keyed form as the east half and the west half have it.
#[derive(Debug, Clone, Copy, Default)]
struct Placed {
    rows: u32,
    columns: u32,
    marks: Marks,
    keyed: [u64; 2],
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of the east half that leaves the squares of `spared` alone, listed
    /// directly, one column at a time: its rows and marks.
    fn listed(split: &Split, spared: Marks) -> Vec<(u32, u64)> {
        fn place(
            split: &Split,
            col: usize,
            rows: u32,
            marks: Marks,
            spared: Marks,
            out: &mut Vec<(u32, u64)>,
        ) {
            if col == split.n {
                out.push((rows, marks));
                return;
            }
            for row in (0..split.n).filter(|row| rows & 1 << row == 0) {
                let square = split.marks(row, col);
                if (marks | spared) & square == 0 {
                    place(split, col + 1, rows | 1 << row, marks | square, spared, out);
                }
            }
        }
        let mut out = Vec::new();
        place(split, split.start, 0, 0, spared, &mut out);
        out
    }

    #[test]
    fn quarters_put_together_give_every_east_half_once() {
        for n in 4..=11 {
            let split = Split::new(n);
            let quarters = Quarters::new(&split, &crate::budget::Deadline::NONE, 2).unwrap();
            // For odd n, also with a queen on each row of the middle column.
            let middles = (0..split.gap * n).map(|row| split.marks(row, split.half));
            for spared in std::iter::once(0).chain(middles) {
                let (mut east, mut west, mut out) = (Vec::new(), Vec::new(), Vec::new());
                for rows in (0..1_u32 << n).filter(|r| r.count_ones() as usize == split.half) {
                    split.halves::<false>(&quarters, rows, spared, &mut out);
                    east.extend(out.iter().map(|&s| (rows, s)));
                    split.halves::<true>(&quarters, rows, spared, &mut out);
                    west.extend(out.iter().map(|&s| (rows, s)));
                }
                let direct = listed(&split, spared);
                assert!(!direct.is_empty(), "n = {n}");
                let form = |west: bool| {
                    let mut form: Vec<_> = direct
                        .iter()
                        .map(|&(rows, marks)| {
                            let signature = split.signature(marks);
                            let signature = if west {
                                split.layout.mirrored(signature)
                            } else {
                                signature
                            };
                            (rows, split.layout.keyed(signature))
                        })
                        .collect();
                    form.sort_unstable();
                    form
                };
                east.sort_unstable();
                west.sort_unstable();
                assert_eq!(east, form(false), "n = {n}, spared {spared:b}");
                assert_eq!(west, form(true), "n = {n}, spared {spared:b}");
            }
        }
    }

    #[test]
    fn every_size_keeps_all_its_bits() {
        for n in 4..=MAX_HALVES_N {
            let split = Split::new(n);
            assert!(2 * split.span <= 64, "n = {n}");
            // Every bit of a signature lands in its key or in what is left: none is dropped.
            for bit in 0..2 * split.layout.window {
                let signature = 1 << bit;
                let layout = split.layout;
                let kept = layout.key(signature).count_ones() + layout.rest(signature).count_ones();
                assert_eq!(kept, 1, "n = {n}, bit {bit}");
            }
            let all = (1_u64 << (2 * split.layout.window)) - 1;
            assert_eq!(
                split.layout.rest(all).count_ones() as usize,
                2 * (split.layout.window - split.layout.key_bits)
            );
        }
    }
}
