//! The join of the halves' signatures (see `halves`): how many pairs of an east and a west
//! signature share no bit, found by sorting both sides into buckets by a few key bits and
//! comparing the buckets that may fit bit-sliced, 256 signatures at a time.
//!
//! * **Keys.** A signature is two windows of diagonals, rising then falling ([`Layout`]). A few
//!   middle bits of each window make its key; the other bits, squeezed together, its rest (at
//!   most 32 bits). A bucket meets only the other side's buckets whose key bits it leaves free:
//!   with four bits a side, (3/4)⁸, about a tenth, of the pairs are looked at.
//! * **Slices.** The larger side's buckets are cut into groups of 256 rests, and each group is
//!   transposed into a bit of each rest per bit position (bit-sliced, the idea of Kluev's
//!   `matchtr.h`, written anew) and made into tables: for each five bits of a rest and each value
//!   of them, the members that have none of those bits. A rest of the other side then fits the
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
}

impl Layout {
    /// The layout of the halves' signatures for n queens.
    pub(super) fn new(n: usize) -> Self {
        let layout = Layout {
            window: n - 1 - n % 2,
            // The more placements a set of rows has, the more buckets pay: these were the
            // fastest for each n (`count N --threads 1 --parts 64 --part 9` for n = 20: 4 bits
            // took 0.57 of the time of 3 and 0.73 of 5), with at most 32 bits left beside them.
            key_bits: match n {
                ..=17 => 0,
                18 => 3,
                19 => 2,
                _ => 4,
            },
        };
        debug_assert!(2 * (layout.window - layout.key_bits) <= 32);
        layout
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
    /// bits are left: at most 26, for n = 18 to 21), so that the comparisons take several
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

/// Signatures sorted by their key, each kept as its [`Layout::rest`].
struct Buckets {
    /// Where each key's bucket begins in `rests` (and, last, where the final one ends).
    starts: Vec<usize>,
    rests: Vec<u32>,
}

impl Buckets {
    /// A counting sort of `signatures` by key.
    fn sort(&mut self, layout: &Layout, signatures: &[u64]) {
        if layout.key_bits == 0 {
            // One bucket, and each rest the signature itself (at most 32 bits).
            self.starts.clear();
            self.starts.extend([0, signatures.len()]);
            self.rests.clear();
            self.rests.extend(
                signatures
                    .iter()
                    .map(|&s| u32::try_from(s).unwrap_or(u32::MAX)),
            );
            return;
        }
        self.starts.clear();
        self.starts.resize(layout.keys() + 1, 0);
        for &s in signatures {
            self.starts[layout.key(s) + 1] += 1;
        }
        for k in 1..self.starts.len() {
            self.starts[k] += self.starts[k - 1];
        }
        self.rests.clear();
        self.rests.resize(signatures.len(), 0);
        let mut fill = self.starts.clone();
        for &s in signatures {
            let at = &mut fill[layout.key(s)];
            self.rests[*at] = layout.rest(s);
            *at += 1;
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
        };
        Joiner {
            layout,
            east: buckets(),
            west: buckets(),
            slices: Slices::default(),
        }
    }

    /// The pairs of an east placement of `east` and a west one of `west` (given mirrored, as
    /// west signatures) that share no diagonal.
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
        let layout = &self.layout;
        self.east.sort(layout, east);
        self.west.sort(layout, west);
        // Sliced, the larger side makes fewer groups for the smaller one to pass by.
        let (sliced, scanned) = if self.west.rests.len() > self.east.rests.len() {
            (&self.west, &self.east)
        } else {
            (&self.east, &self.west)
        };
        let keys = layout.keys();
        let chunks = (2 * (layout.window - layout.key_bits)).div_ceil(CHUNK);
        let count: fn(&[Lanes], &[u32]) -> u64 = match chunks {
            ..=4 => count_fitting::<4>,
            5 => count_fitting::<5>,
            6 => count_fitting::<6>,
            _ => count_fitting::<7>,
        };
        let mut total = 0;
        for key in 0..keys {
            if stop.expired() {
                return None;
            }
            // The other side's buckets that may fit this one: those whose key bits it leaves
            // free, every submask of them.
            let free = (keys - 1) & !key;
            for group in sliced.bucket(key).chunks(LANES) {
                let table = self.slices.build(group);
                let mut sub = free;
                loop {
                    total += count(table, scanned.bucket(sub));
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

/// The words of a group's lanes: 256 signatures side by side, a bit of each in four words.
const WORDS: usize = 4;
/// The signatures of a group.
const LANES: usize = 64 * WORDS;
/// A bit for each signature of a group.
type Lanes = [u64; WORDS];
/// The bits of a signature looked up together in a group's table.
const CHUNK: usize = 5;
/// The chunks of the longest rest (32 bits).
const MOST_CHUNKS: usize = 32_usize.div_ceil(CHUNK);

/// One group of signatures, sliced (bit-sliced, as in Kluev's `matchtr.h`, written anew): for
/// each chunk of [`CHUNK`] bits of a rest and each value v of those bits, the lanes whose
/// signature has none of v's bits. The lanes that fit a signature s are then the AND of the
/// entries of s's chunks, and counting them is counting set bits.
#[derive(Default)]
struct Slices {
    /// Bit b of every lane's signature: the group transposed.
    columns: Vec<Lanes>,
    /// `MOST_CHUNKS` tables of 2^`CHUNK` entries, one after another.
    table: Vec<Lanes>,
}

impl Slices {
    /// The tables of `group` (at most [`LANES`] rests); the lanes past its end fit nothing.
    fn build(&mut self, group: &[u32]) -> &[Lanes] {
        self.columns.clear();
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
        self.table.clear();
        self.table.resize(MOST_CHUNKS << CHUNK, [0; WORDS]);
        for chunk in 0..MOST_CHUNKS {
            let table = &mut self.table[chunk << CHUNK..(chunk + 1) << CHUNK];
            // Only the lanes of the group: the first chunk's tables carry them to the AND.
            table[0] = if chunk == 0 { valid } else { [u64::MAX; WORDS] };
            for v in 1..1_usize << CHUNK {
                let low = v & v.wrapping_neg();
                let prev = table[v ^ low];
                let column = self.columns[chunk * CHUNK + low.trailing_zeros() as usize];
                table[v] = std::array::from_fn(|i| prev[i] & !column[i]);
            }
        }
        &self.table
    }
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

/// The lanes of a group's `table` whose signature shares no bit with the rest `scanned`.
#[inline]
fn fitting<const CHUNKS: usize>(table: &[Lanes], scanned: u32) -> Lanes {
    let mask = (1_u32 << CHUNK) - 1;
    let mut lanes = table[(scanned & mask) as usize];
    for chunk in 1..CHUNKS {
        let entry = table[(chunk << CHUNK) | ((scanned >> (chunk * CHUNK)) & mask) as usize];
        for (lane, bits) in lanes.iter_mut().zip(entry) {
            *lane &= bits;
        }
    }
    lanes
}

/// The number of lanes set.
fn ones(lanes: Lanes) -> u64 {
    lanes.iter().map(|x| u64::from(x.count_ones())).sum()
}

/// A carry-save adder of lanes: lane by lane, the bits of x + y + z, as (carries, sums).
#[inline]
fn csa(x: Lanes, y: Lanes, z: Lanes) -> (Lanes, Lanes) {
    let odd: Lanes = std::array::from_fn(|i| x[i] ^ y[i]);
    (
        std::array::from_fn(|i| (x[i] & y[i]) | (odd[i] & z[i])),
        std::array::from_fn(|i| odd[i] ^ z[i]),
    )
}

/// The pairs of a lane of a group's `table` and a rest of `scanned` that share no bit. The
/// lanes that fit are added eight rests at a time by carry-save adders (after Harley and Seal)
/// into lanes worth 1, 2 and 4, so that bits are counted once for every eight rests.
#[inline]
fn count_fitting<const CHUNKS: usize>(table: &[Lanes], scanned: &[u32]) -> u64 {
    let table = &table[..CHUNKS << CHUNK];
    let (mut units, mut twos, mut fours) = ([0; WORDS], [0; WORDS], [0; WORDS]);
    let mut eights = 0;
    let mut batches = scanned.chunks_exact(8);
    for batch in &mut batches {
        let fit: [Lanes; 8] = std::array::from_fn(|i| fitting::<CHUNKS>(table, batch[i]));
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
        total += ones(fitting::<CHUNKS>(table, rest));
    }
    total
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
        // For each width of key in use (n = 16: none; 19: 2 bits; 18: 3; 20: 4), sides of
        // signatures with about a quarter of their bits set, so that some pairs fit, and with
        // buckets both smaller and larger than a group of 256, against every pair tried.
        let mut rng = crate::rng::Rng::new(5);
        for (n, sizes) in [
            (16, [(0, 0), (1, 700), (300, 1), (900, 1300)]),
            (19, [(5, 3), (257, 40), (2000, 600), (513, 4000)]),
            (18, [(1, 1), (64, 256), (3000, 2500), (256, 9000)]),
            (20, [(2, 9), (100, 1000), (5000, 3000), (1000, 20000)]),
        ] {
            let layout = Layout::new(n);
            let mask = (1_u64 << (2 * layout.window)) - 1;
            let mut joiner = Joiner::new(layout);
            for (east, west) in sizes {
                let mut side = |len: usize| -> Vec<u64> {
                    (0..len)
                        .map(|_| rng.next_u64() & rng.next_u64() & mask)
                        .collect()
                };
                let (east, west) = (side(east), side(west));
                let tried = east
                    .iter()
                    .map(|&e| west.iter().filter(|&&w| e & w == 0).count() as u64)
                    .sum::<u64>();
                let counted = joiner.pairs(&east, &west, &crate::budget::Deadline::NONE);
                assert_eq!(
                    counted,
                    Some(tried),
                    "n = {n}, {} × {}",
                    east.len(),
                    west.len()
                );
                assert!(tried > 0 || east.is_empty() || west.len() < 2, "n = {n}");
            }
        }
    }
}
