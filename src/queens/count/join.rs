//! The join of the halves' signatures (see `halves`): how many pairs of an east and a west
//! signature share no bit, found by sorting both sides into buckets by a few key bits and
//! comparing the buckets that may fit bit-sliced, 256 signatures at a time.
//!
//! * **Keys.** A signature is two windows of diagonals, rising then falling ([`Layout`]). A few
//!   middle bits of each window make its key; the other bits, squeezed together, its rest (at
//!   most 32 bits). Both are worked out once per quarter of a half, and a half's are the OR of
//!   its quarters'. A bucket meets only the other side's buckets whose key bits it leaves free;
//!   on even boards, also none that shares with it a queen on a long diagonal
//!   ([`Layout::long`]).
//! * **Slices.** The larger side's buckets are cut into groups of 256 rests, and each group is
//!   transposed into a bit of each rest per bit position (bit-sliced, the idea of Kluev's
//!   `matchtr.h`, written anew) and made into tables: for each seven bits of a rest and each
//!   value of them, the members that have none of those bits. A rest of the other side then fits the
//!   members in the AND of its handful of entries, 256 pairs at a time, and the members that fit
//!   are summed by carry-save adders, eight rests before a count of bits.

/// Where a signature's bits are, for n queens: two windows of `window` bits, and the
/// `key_bits` of each that sort the signatures into buckets.
#[derive(Debug, Clone, Copy)]
pub(super) struct Layout {
    /// The bits of one window: n − 1, less one for odd n (the diagonals that cross from half to
    /// half).
    pub(super) window: usize,
    /// The bits of each window that sort the signatures into buckets.
    pub(super) key_bits: usize,
    /// For even n, the key bits of the board's two long diagonals (corner to corner), the middle
    /// bit of each window; else none.
    ///
    /// This is the other half of the board's symmetry, after the row sets' classes (see
    /// `halves`): three of its symmetries keep each long diagonal in place (the half turn and
    /// the reflections in the two long diagonals), and each of the reflections moves a queen
    /// on the other long diagonal from one half to the other while it keeps those on its own.
    /// So the solutions with a queen on each long diagonal come in fours: two with both those
    /// queens in one half (the west or the east) and two with one in each half. It is enough
    /// to count the first two, twice each: a pair counts twice when one side has a queen on
    /// each long diagonal ([`Layout::weight`]), and the join never lets two buckets meet that
    /// both have a bit of `long` ([`Layout::fits`]), since such a pair either clashes or makes
    /// one of the other two. The reflections swap rows and columns, so this holds summed over
    /// every set of rows, not for each class of them; and turning the board upside down or
    /// mirroring it keeps a half's queens on long diagonals in one half, so the weighted
    /// count is still the same across a class.
    long: usize,
}

impl Layout {
    /// The layout of the halves' signatures for n queens.
    pub(super) fn new(n: usize) -> Self {
        let mut layout = Layout {
            window: n - 1 - n % 2,
            // The more placements a set of rows has, the more buckets pay: these were the
            // fastest for each n (`count N --threads 1`, or a part of it, against one bit more
            // and one less), with at most 32 bits left beside them. Even boards take at least
            // one, for the long diagonals.
            key_bits: match n {
                ..=17 if n % 2 == 1 => 0,
                ..=17 => 1,
                18 => 3,
                19 => 2,
                _ => 4,
            },
            long: 0,
        };
        debug_assert!(2 * (layout.window - layout.key_bits) <= 32);
        if n.is_multiple_of(2) {
            // The middle bit of each window, which is among its key bits.
            let (bit, shift) = (n / 2 - 1, (layout.window - layout.key_bits) / 2);
            debug_assert!((shift..shift + layout.key_bits).contains(&bit));
            layout.long = 1 << (bit - shift) | 1 << (layout.key_bits + bit - shift);
        }
        layout
    }

    /// A signature in the form the join takes: its key above 32 bits, its rest below (both
    /// are its bits moved, so the form of the union of two placements' queens is the union of
    /// their forms).
    pub(super) fn keyed(&self, signature: u64) -> u64 {
        (self.key(signature) as u64) << 32 | u64::from(self.rest(signature))
    }

    /// The keys of the buckets that may hold a signature fitting one with this key: those
    /// whose bits are among the ones it leaves free, and none of the long diagonals' when it
    /// has one of them (see [`Layout::long`]).
    fn fits(&self, key: usize) -> usize {
        let free = (self.keys() - 1) & !key;
        if key & self.long == 0 {
            free
        } else {
            free & !self.long
        }
    }

    /// How many times a pair counts for each side in this bucket: twice for the placements with
    /// a queen on each long diagonal (see [`Layout::long`]), else once.
    fn weight(&self, key: usize) -> u64 {
        1 + u64::from(self.long != 0 && key & self.long == self.long)
    }

    /// The signature of the west half that mirrors an east placement: the mirror swaps rising
    /// and falling diagonals, and the two windows start at the same place.
    pub(super) fn mirrored(&self, signature: u64) -> u64 {
        let low = (1_u64 << self.window) - 1;
        ((signature >> self.window) & low) | ((signature & low) << self.window)
    }

    /// The number of buckets.
    pub(super) fn keys(&self) -> usize {
        1 << (2 * self.key_bits)
    }

    /// The bucket of a signature: `key_bits` middle bits of each window.
    pub(super) fn key(&self, signature: u64) -> usize {
        let shift = (self.window - self.key_bits) / 2;
        let bits = (1_u64 << self.key_bits) - 1;
        let rising = (signature >> shift) & bits;
        let falling = (signature >> (shift + self.window)) & bits;
        usize::try_from(rising | (falling << self.key_bits)).unwrap_or(0)
    }

    /// The signature without the key's bits, squeezed into 32 bits (2·(window − `key_bits`)
    /// bits are left: at most 30), so that the comparisons take several
    /// signatures at a time.
    pub(super) fn rest(&self, signature: u64) -> u32 {
        let shift = (self.window - self.key_bits) / 2;
        let low = |s: u64, bits: usize| s & ((1_u64 << bits) - 1);
        let window = |s: u64| {
            // Below the key, and above it moved down over it.
            low(s, shift)
                | (low(
                    s >> (shift + self.key_bits),
                    self.window - shift - self.key_bits,
                ) << shift)
        };
        let rising = window(low(signature, self.window));
        let falling = window(low(signature >> self.window, self.window));
        let rest = rising | (falling << (self.window - self.key_bits));
        u32::try_from(rest).unwrap_or(u32::MAX)
    }
}

/// The join of one set of rows, with its buffers kept from one set to the next.
pub(super) struct Joiner {
    layout: Layout,
    east: Buckets,
    west: Buckets,
    slices: Slices,
}

/// The rest of a signature in [`Layout::keyed`] form: its low half.
fn rest_of(keyed: u64) -> u32 {
    u32::try_from(keyed & u64::from(u32::MAX)).unwrap_or(u32::MAX)
}

/// Signatures sorted by their key, each kept as its [`Layout::rest`].
struct Buckets {
    /// Where each key's bucket begins in `rests` (and, last, where the final one ends).
    starts: Vec<usize>,
    rests: Vec<u32>,
    /// Where the next signature of each key and stream goes, while sorting.
    fill: Vec<usize>,
}

/// The streams a sort counts and places apart.
const STREAMS: usize = 4;

impl Buckets {
    /// A counting sort by key of signatures in [`Layout::keyed`] form.
    fn sort(&mut self, layout: &Layout, keyed: &[u64]) {
        self.starts.clear();
        self.rests.clear();
        if layout.keys() == 1 {
            // One bucket, in the order given.
            self.starts.extend([0, keyed.len()]);
            self.rests.extend(keyed.iter().map(|&k| rest_of(k)));
            return;
        }
        // Four streams (the signatures at i mod 4) counted and placed apart, each in its own
        // part of every bucket, so that a run of signatures with one key does not wait on one
        // counter.
        let keys = layout.keys();
        let key = |k: u64| usize::try_from(k >> 32).unwrap_or(0);
        self.fill.clear();
        self.fill.resize(STREAMS * keys, 0);
        let mut quads = keyed.chunks_exact(STREAMS);
        for quad in &mut quads {
            for (stream, &k) in quad.iter().enumerate() {
                self.fill[key(k) * STREAMS + stream] += 1;
            }
        }
        for &k in quads.remainder() {
            self.fill[key(k) * STREAMS] += 1;
        }
        // Where each key's part of each stream begins, and where each key begins.
        let mut at = 0;
        for (slot, count) in self.fill.iter_mut().enumerate() {
            if slot % STREAMS == 0 {
                self.starts.push(at);
            }
            (*count, at) = (at, at + *count);
        }
        self.starts.push(at);
        self.rests.resize(keyed.len(), 0);
        let mut quads = keyed.chunks_exact(STREAMS);
        for quad in &mut quads {
            for (stream, &k) in quad.iter().enumerate() {
                let next = &mut self.fill[key(k) * STREAMS + stream];
                self.rests[*next] = rest_of(k);
                *next += 1;
            }
        }
        for &k in quads.remainder() {
            let next = &mut self.fill[key(k) * STREAMS];
            self.rests[*next] = rest_of(k);
            *next += 1;
        }
    }

    /// The rests of the signatures with this key.
    fn bucket(&self, key: usize) -> &[u32] {
        &self.rests[self.starts[key]..self.starts[key + 1]]
    }
}

impl Joiner {
    /// A joiner of signatures laid out as `layout` says.
    pub(super) fn new(layout: Layout) -> Self {
        let buckets = || Buckets {
            starts: Vec::new(),
            rests: Vec::new(),
            fill: Vec::new(),
        };
        Joiner {
            layout,
            east: buckets(),
            west: buckets(),
            slices: Slices::default(),
        }
    }

    /// The pairs of an east placement of `east` and a west one of `west` (both signatures in
    /// [`Layout::keyed`] form, the west ones as the west half has them) that share no diagonal;
    /// for even n, with the long diagonals' rule and weights of [`Layout::long`].
    ///
    /// Both sides are sorted into buckets by key; a bucket meets only the other side's buckets
    /// whose key bits it leaves free. The larger side's buckets are cut into groups of 256
    /// signatures and each group is sliced (see [`Slices`]); the smaller side's signatures that
    /// may fit the group then pass by it, each taking a handful of table entries and one AND
    /// for 256 pairs.
    pub(super) fn pairs(
        &mut self,
        east: &[u64],
        west: &[u64],
        stop: &crate::budget::Deadline,
    ) -> Option<u64> {
        let layout = self.layout;
        self.east.sort(&layout, east);
        self.west.sort(&layout, west);
        // Sliced, the larger side makes fewer groups for the smaller one to pass by.
        let (sliced, scanned) = if self.west.rests.len() > self.east.rests.len() {
            (&self.west, &self.east)
        } else {
            (&self.east, &self.west)
        };
        let keys = layout.keys();
        // The chunks of a rest, as many as the counter below looks up.
        let chunks = (2 * (layout.window - layout.key_bits))
            .div_ceil(CHUNK)
            .max(4);
        let counters = Counters::new(chunks);
        let mut total = 0;
        for key in 0..keys {
            if stop.expired() {
                return None;
            }
            // The other side's buckets that may fit this one: every submask of its free bits.
            let free = layout.fits(key);
            let weight = layout.weight(key);
            for group in sliced.bucket(key).chunks(LANES) {
                let table = self.slices.build(group, chunks);
                let mut sub = free;
                loop {
                    total +=
                        weight * layout.weight(sub) * counters.count(&table, scanned.bucket(sub));
                    if sub == 0 {
                        break;
                    }
                    sub = (sub - 1) & free;
                }
            }
        }
        Some(total)
    }
}

/// The words of a group's lanes, at most: 256 signatures side by side, a bit of each in four
/// words. A smaller group takes one or two words (see [`Slices`]).
const WORDS: usize = 4;
/// The signatures of a group.
const LANES: usize = 64 * WORDS;
/// A bit for each signature of a group of `W` words.
type Lanes<const W: usize> = [u64; W];
/// The bits of a signature looked up together in a group's table. Larger tables take longer to
/// build and fewer lookups to use: 7 bits (tables of 4 KiB) was the fastest of 5 to 8 for
/// n = 16 to 18 (`count N --threads 1`).
const CHUNK: usize = 7;
/// The chunks of the longest rest (32 bits).
const MOST_CHUNKS: usize = 32_usize.div_ceil(CHUNK);
/// A chunk's table: for each value of its bits, the lanes whose signature has none of them.
type Table<const W: usize> = [Lanes<W>; 1 << CHUNK];

/// One group of signatures, sliced (bit-sliced, as in Kluev's `matchtr.h`, written anew): for
/// each chunk of [`CHUNK`] bits of a rest and each value v of those bits, the lanes whose
/// signature has none of v's bits. The lanes that fit a signature s are then the AND of the
/// entries of s's chunks, and counting them is counting set bits. A group takes as few words
/// of lanes as its signatures need (one, two or four: buckets are often smaller than 256, and
/// a word less halves both building the tables and passing a signature by them).
#[derive(Default)]
struct Slices {
    /// Bit b of every lane's signature: the group transposed.
    columns: Vec<Lanes<WORDS>>,
    /// The tables of groups of one, two and four words, `MOST_CHUNKS` of each, one a chunk.
    one: Vec<Table<1>>,
    two: Vec<Table<2>>,
    four: Vec<Table<4>>,
}

/// A group's tables, as wide as it needs.
enum Sliced<'a> {
    One(&'a [Table<1>]),
    Two(&'a [Table<2>]),
    Four(&'a [Table<4>]),
}

impl Slices {
    /// The first `chunks` tables of `group` (at most [`LANES`] rests); the lanes past its end
    /// fit nothing.
    fn build(&mut self, group: &[u32], chunks: usize) -> Sliced<'_> {
        // Every entry read below is written first: the buffers are sized once and reused.
        self.columns.resize(MOST_CHUNKS * CHUNK, [0; WORDS]);
        let mut valid = [0_u64; WORDS];
        for (word, lanes) in group.chunks(64).enumerate() {
            valid[word] = u64::MAX >> (64 - lanes.len());
            let mut matrix = [0_u64; 64];
            for (row, &rest) in matrix.iter_mut().zip(lanes) {
                *row = u64::from(rest);
            }
            transpose(&mut matrix);
            for (column, &bits) in self.columns.iter_mut().zip(&matrix) {
                column[word] = bits;
            }
        }
        match group.len().div_ceil(64) {
            ..=1 => Sliced::One(fill(&mut self.one, &self.columns, &valid, chunks)),
            2 => Sliced::Two(fill(&mut self.two, &self.columns, &valid, chunks)),
            _ => Sliced::Four(fill(&mut self.four, &self.columns, &valid, chunks)),
        }
    }
}

/// The first `chunks` tables of a group of `W` words of lanes from its `columns`, for the lanes
/// of `valid`.
fn fill<'a, const W: usize>(
    tables: &'a mut Vec<Table<W>>,
    columns: &[Lanes<WORDS>],
    valid: &Lanes<WORDS>,
    chunks: usize,
) -> &'a [Table<W>] {
    tables.resize(MOST_CHUNKS, [[0; W]; 1 << CHUNK]);
    let columns = columns.chunks_exact(CHUNK);
    for (chunk, (table, columns)) in tables.iter_mut().zip(columns).take(chunks).enumerate() {
        // Only the lanes of the group: the first chunk's tables carry them to the AND (the
        // columns of the words past the group's end are stale, and masked here).
        table[0] = if chunk == 0 {
            *valid
                .first_chunk::<W>()
                .expect("a group of W words at most")
        } else {
            [u64::MAX; W]
        };
        // The values with bit b highest are those below 2^b with bit b added.
        for (b, column) in columns.iter().enumerate() {
            let (below, above) = table.split_at_mut(1 << b);
            let column = column
                .first_chunk::<W>()
                .expect("a group of W words at most");
            for (i, high) in above[..1 << b].iter_mut().enumerate() {
                *high = lanewise(&below[i], column, |low, bit| low & !bit);
            }
        }
    }
    &tables[..chunks]
}

/// Transposes a 64 × 64 matrix of bits, a row a word: afterwards bit c of row r is what bit r
/// of row c was (blocks of 32, 16, …, 1 swapped across the diagonal in turn).
fn transpose(matrix: &mut [u64; 64]) {
    let (mut width, mut mask) = (32, 0x0000_0000_FFFF_FFFF_u64);
    while width != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((matrix[k] >> width) ^ matrix[k + width]) & mask;
            matrix[k] ^= t << width;
            matrix[k + width] ^= t;
            k = (k + width + 1) & !width;
        }
        width >>= 1;
        mask ^= mask << width;
    }
}

/// The lanes of a group's `tables` whose signature shares no bit with the rest `scanned`.
#[inline]
fn fitting<const CHUNKS: usize, const W: usize>(
    tables: &[Table<W>; CHUNKS],
    scanned: u32,
) -> Lanes<W> {
    let mask = (1_u32 << CHUNK) - 1;
    let mut lanes = tables[0][(scanned & mask) as usize];
    let mut chunk = 1;
    while chunk < CHUNKS {
        let entry = &tables[chunk][((scanned >> (chunk * CHUNK)) & mask) as usize];
        lanes = lanewise(&lanes, entry, |lane, bits| lane & bits);
        chunk += 1;
    }
    lanes
}

/// `f` of each lane of `x` and the same lane of `y`.
///
/// The hot loops of the join go lane by lane with an index, not with `zip`, `enumerate` or
/// `std::array::from_fn`: some of those adapters' generic helpers are not marked inline, and a
/// build in several codegen units without link-time optimisation (as the notebooks' kernels
/// build the crate: tools/README.md) would call them out of line here, about three times slower.
#[inline]
#[allow(clippy::needless_range_loop)]
fn lanewise<const W: usize>(x: &Lanes<W>, y: &Lanes<W>, f: impl Fn(u64, u64) -> u64) -> Lanes<W> {
    let mut out = [0; W];
    for i in 0..W {
        out[i] = f(x[i], y[i]);
    }
    out
}

/// The number of lanes set.
fn ones<const W: usize>(lanes: Lanes<W>) -> u64 {
    let mut ones = 0;
    for lane in lanes {
        ones += u64::from(lane.count_ones());
    }
    ones
}

/// A carry-save adder of lanes: lane by lane, the bits of x + y + z, as (carries, sums).
#[inline]
fn csa<const W: usize>(x: Lanes<W>, y: Lanes<W>, z: Lanes<W>) -> (Lanes<W>, Lanes<W>) {
    let odd = lanewise(&x, &y, |x, y| x ^ y);
    let both = lanewise(&x, &y, |x, y| x & y);
    (
        lanewise(&both, &lanewise(&odd, &z, |odd, z| odd & z), |a, b| a | b),
        lanewise(&odd, &z, |odd, z| odd ^ z),
    )
}

/// The pairs of a lane of a group's `tables` and a rest of `scanned` that share no bit. The
/// lanes that fit are added eight rests at a time by carry-save adders (after Harley and Seal)
/// into lanes worth 1, 2 and 4, so that bits are counted once for every eight rests.
#[inline]
fn count_fitting<const CHUNKS: usize, const W: usize>(tables: &[Table<W>], scanned: &[u32]) -> u64 {
    let tables = tables
        .first_chunk::<CHUNKS>()
        .expect("a table for every chunk counted");
    let (mut units, mut twos, mut fours) = ([0; W], [0; W], [0; W]);
    let mut eights = 0;
    let mut batches = scanned.chunks_exact(8);
    for batch in &mut batches {
        let mut fit = [[0; W]; 8];
        for (i, lanes) in fit.iter_mut().enumerate() {
            *lanes = fitting(tables, batch[i]);
        }
        let (two_a, sum) = csa(units, fit[0], fit[1]);
        let (two_b, sum) = csa(sum, fit[2], fit[3]);
        let (four_a, two) = csa(twos, two_a, two_b);
        let (two_c, sum) = csa(sum, fit[4], fit[5]);
        let (two_d, sum) = csa(sum, fit[6], fit[7]);
        let (four_b, two) = csa(two, two_c, two_d);
        let (eight, four) = csa(fours, four_a, four_b);
        (units, twos, fours) = (sum, two, four);
        eights += ones(eight);
    }
    let mut total = 8 * eights + 4 * ones(fours) + 2 * ones(twos) + ones(units);
    for &rest in batches.remainder() {
        total += ones(fitting(tables, rest));
    }
    total
}

/// The counters of a rest of `CHUNKS` chunks, for groups of each width.
struct Counters {
    one: fn(&[Table<1>], &[u32]) -> u64,
    two: fn(&[Table<2>], &[u32]) -> u64,
    four: fn(&[Table<4>], &[u32]) -> u64,
}

impl Counters {
    /// The counters for rests of `chunks` chunks (4 or 5).
    fn new(chunks: usize) -> Self {
        if chunks == 4 {
            Counters {
                one: count_fitting::<4, 1>,
                two: count_fitting::<4, 2>,
                four: count_fitting::<4, 4>,
            }
        } else {
            Counters {
                one: count_fitting::<5, 1>,
                two: count_fitting::<5, 2>,
                four: count_fitting::<5, 4>,
            }
        }
    }

    /// The pairs of a lane of `sliced` and a rest of `scanned` that share no bit.
    fn count(&self, sliced: &Sliced<'_>, scanned: &[u32]) -> u64 {
        match sliced {
            Sliced::One(tables) => (self.one)(tables, scanned),
            Sliced::Two(tables) => (self.two)(tables, scanned),
            Sliced::Four(tables) => (self.four)(tables, scanned),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transposing_swaps_rows_and_columns() {
        let mut rng = crate::rng::Rng::new(11);
        let rows: [u64; 64] = std::array::from_fn(|_| rng.next_u64());
        let mut matrix = rows;
        transpose(&mut matrix);
        for (r, row) in rows.iter().enumerate() {
            for (c, column) in matrix.iter().enumerate() {
                assert_eq!(row >> c & 1, column >> r & 1, "row {r}, column {c}");
            }
        }
    }
    #[test]
    fn the_join_counts_every_pair_that_shares_no_diagonal() {
        // For each width of key in use (n = 17: none; 16: 1 bit; 19: 2 bits; 18: 3; 20: 4),
        // sides of signatures with about a quarter of their bits set, so that some pairs fit,
        // and with buckets both smaller and larger than a group of 256, against every pair
        // tried. On even boards, by the rule of the long diagonals: a pair whose sides both
        // have a queen on one is left out, and a side with a queen on each counts twice.
        let mut rng = crate::rng::Rng::new(5);
        for (n, sizes) in [
            (17, [(0, 0), (1, 700), (300, 1), (900, 1300)]),
            (16, [(0, 0), (1, 700), (300, 1), (900, 1300)]),
            (19, [(5, 3), (257, 40), (2000, 600), (513, 4000)]),
            (18, [(1, 1), (64, 256), (3000, 2500), (256, 9000)]),
            (20, [(2, 9), (100, 1000), (5000, 3000), (1000, 20000)]),
        ] {
            let layout = Layout::new(n);
            let mask = (1_u64 << (2 * layout.window)) - 1;
            // The long diagonals' bits, the middle one of each window, on even boards.
            let long = if n % 2 == 0 {
                1 << (n / 2 - 1) | 1 << (layout.window + n / 2 - 1)
            } else {
                0
            };
            let taken = |s: u64| (s & long).count_ones();
            let mut joiner = Joiner::new(layout);
            let (mut weighed, mut fitted) = (0, 0);
            for (east, west) in sizes {
                let mut side = |len: usize| -> Vec<u64> {
                    (0..len)
                        .map(|_| rng.next_u64() & rng.next_u64() & mask)
                        .collect()
                };
                let (east, west) = (side(east), side(west));
                let tried = east
                    .iter()
                    .map(|&e| {
                        west.iter()
                            .filter(|&&w| e & w == 0 && (taken(e) == 0 || taken(w) == 0))
                            .map(|&w| u64::from(taken(e).max(1) * taken(w).max(1)))
                            .sum::<u64>()
                    })
                    .sum::<u64>();
                weighed += east.iter().chain(&west).filter(|&&s| taken(s) == 2).count();
                let keyed =
                    |side: &[u64]| side.iter().map(|&s| layout.keyed(s)).collect::<Vec<_>>();
                let counted =
                    joiner.pairs(&keyed(&east), &keyed(&west), &crate::budget::Deadline::NONE);
                assert_eq!(
                    counted,
                    Some(tried),
                    "n = {n}, {} × {}",
                    east.len(),
                    west.len()
                );
                fitted += tried;
            }
            assert!(fitted > 0, "n = {n}");
            assert_eq!(weighed > 0, n % 2 == 0, "n = {n}");
        }
    }
}
