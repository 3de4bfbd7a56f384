//! FNV-1a, the one small hash the crate uses: for grouping equal clauses in the solver and for
//! the id prefixes of drawings. Not for anything an adversary chooses.

/// The FNV-1a offset basis: the hash of nothing.
pub const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// One FNV-1a step: mixes one value (a byte, or a literal's number) into the hash.
pub fn fnv(hash: u64, value: u64) -> u64 {
    (hash ^ value).wrapping_mul(0x0100_0000_01b3)
}

/// The FNV-1a hash of a text's bytes.
pub fn fnv_str(text: &str) -> u64 {
    text.bytes().map(u64::from).fold(FNV_START, fnv)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_published_test_vectors() {
        // From the FNV reference (Fowler, Noll, Vo): FNV-1a 64 of "" and "a".
        assert_eq!(fnv_str(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv_str("a"), 0xaf63_dc4c_8601_ec8c);
    }
}
