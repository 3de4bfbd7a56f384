//! A small seeded random number generator (SplitMix64), so that every random choice in the crate
//! and its tests is repeatable from its seed.

/// SplitMix64 (Steele, Lea and Flood, 2014): fast, 64 bits of state, good enough for search and
/// test data. Not for cryptography.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator that always produces the same sequence for the same seed.
    pub fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound`, uniformly (Lemire's multiply-shift; bias below 2⁻³²).
    ///
    /// # Panics
    /// If `bound` is 0.
    pub fn below(&mut self, bound: usize) -> usize {
        assert!(bound > 0, "Rng::below needs a positive bound");
        let wide = u128::from(self.next_u64()) * bound as u128;
        usize::try_from(wide >> 64).expect("below bound, which is a usize")
    }

    /// A number in `[0, 1)`, uniformly, from 53 random bits (which an `f64` holds exactly).
    #[allow(clippy::cast_precision_loss)]
    pub fn fraction(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / 9_007_199_254_740_992.0
    }

    /// `true` with probability `numerator / denominator`.
    pub fn chance(&mut self, numerator: usize, denominator: usize) -> bool {
        self.below(denominator.max(1)) < numerator
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_numbers() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        assert!((0..100).all(|_| a.next_u64() == b.next_u64()));
        assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    }

    #[test]
    fn fractions_stay_below_one_and_spread_over_it() {
        let mut rng = Rng::new(5);
        let mut tenths = [0; 10];
        for _ in 0..10_000 {
            let x = rng.fraction();
            assert!((0.0..1.0).contains(&x), "{x}");
            let tenth = (0u8..10).rev().find(|&k| x >= f64::from(k) / 10.0);
            tenths[usize::from(tenth.unwrap_or(0))] += 1;
        }
        assert!(
            tenths.iter().all(|&n| (900..1100).contains(&n)),
            "{tenths:?}"
        );
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(3);
        let mut seen = [false; 5];
        for _ in 0..1000 {
            seen[rng.below(5)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
