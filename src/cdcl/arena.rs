//! The clause store: every clause of three literals or more (binary ones live in their watch
//! lists only) in one vector of 32-bit words, as MiniSat keeps them. A clause is named by where it
//! starts (its reference), and there it has three header words, its length, its flags (learnt,
//! deleted, LBD) and its activity (how often a learnt clause took part in conflicts lately, as a
//! 32-bit float), followed by its literals: the watch that leads to a clause lands on the cache
//! line that holds both what it needs to know and the literals it reads.
//!
//! Deleting a learnt clause only marks it; when the deleted clauses take a fifth of the store,
//! [`Arena::compact`] moves the live ones down (in their order, so that the input's clauses,
//! stored first, keep their references) and leaves a forwarding address in each old place for
//! the watches and reasons to follow.

use super::types::Lit;

/// Header words before a clause's literals.
const HEADER: usize = 3;
const LEARNT: u32 = 1;
const DELETED: u32 = 2;
/// The LBD is kept above the two flag bits.
const LBD_SHIFT: u32 = 2;
/// In a compacted-away store: the length word of a clause that was moved.
const MOVED: u32 = u32::MAX;
/// Where the activity is, after the clause's reference.
const ACTIVITY: usize = 2;

#[derive(Debug, Default)]
pub(super) struct Arena {
    words: Vec<u32>,
    /// Words taken by deleted clauses (what compaction would give back).
    wasted: usize,
    /// The learnt clauses present, by reference (the deleted among them until the next
    /// compaction).
    pub(super) learnt: Vec<u32>,
    /// How many of them are *local*: not deleted, and of LBD above [`TIER_TWO`].
    pub(super) local: usize,
}

/// The largest LBD of a learnt clause of *tier two* (the core being those of LBD 2 or less, as
/// Chanseok Oh divides them, and `CaDiCaL` after him); those above it are *local*.
pub(super) const TIER_TWO: u32 = 6;

impl Arena {
    /// Room for `clauses` clauses of `literals` literals in all.
    pub(super) fn reserve(&mut self, clauses: usize, literals: usize) {
        self.words.reserve(literals + HEADER * clauses);
    }

    /// Stores a clause; returns its reference.
    pub(super) fn push(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> u32 {
        let cref = u32::try_from(self.words.len()).expect("a clause store under 4 G words");
        self.words
            .push(u32::try_from(lits.len()).unwrap_or(u32::MAX));
        self.words
            .push((u32::from(learnt) * LEARNT) | (lbd.min(u32::MAX >> LBD_SHIFT) << LBD_SHIFT));
        self.words.push(0f32.to_bits());
        self.words.extend(lits.iter().map(|l| l.0));
        if learnt {
            self.learnt.push(cref);
            if lbd > TIER_TWO {
                self.local += 1;
            }
        }
        cref
    }

    /// Where a clause's literals are in [`words`](Self::words).
    pub(super) fn span(&self, cref: u32) -> std::ops::Range<usize> {
        let c = cref as usize;
        c + HEADER..c + HEADER + self.words[c] as usize
    }

    /// A clause's literals, as their codes.
    pub(super) fn codes(&self, cref: u32) -> &[u32] {
        &self.words[self.span(cref)]
    }

    /// A clause's literals, as their codes, to reorder.
    pub(super) fn codes_mut(&mut self, cref: u32) -> &mut [u32] {
        let span = self.span(cref);
        &mut self.words[span]
    }

    /// The literal at a position of [`span`](Self::span).
    pub(super) fn lit(&self, at: usize) -> Lit {
        Lit(self.words[at])
    }

    pub(super) fn len(&self, cref: u32) -> usize {
        self.words[cref as usize] as usize
    }

    pub(super) fn is_deleted(&self, cref: u32) -> bool {
        self.words[cref as usize + 1] & DELETED != 0
    }

    pub(super) fn is_learnt(&self, cref: u32) -> bool {
        self.words[cref as usize + 1] & LEARNT != 0
    }

    pub(super) fn lbd(&self, cref: u32) -> u32 {
        self.words[cref as usize + 1] >> LBD_SHIFT
    }

    /// A clause's activity (0 for a clause of the input).
    pub(super) fn activity(&self, cref: u32) -> f32 {
        f32::from_bits(self.words[cref as usize + ACTIVITY])
    }

    /// Adds `by` to a clause's activity; returns whether it has grown past 1e20 (time to
    /// [`scale`](Self::scale) them all down).
    pub(super) fn bump(&mut self, cref: u32, by: f32) -> bool {
        let activity = self.activity(cref) + by;
        self.words[cref as usize + ACTIVITY] = activity.to_bits();
        activity > 1e20
    }

    /// Multiplies every learnt clause's activity by `factor`.
    pub(super) fn scale(&mut self, factor: f32) {
        for &cref in &self.learnt {
            let word = &mut self.words[cref as usize + ACTIVITY];
            *word = (f32::from_bits(*word) * factor).to_bits();
        }
    }

    /// Marks a learnt clause deleted (its watches are dropped as they are met, or at the next
    /// compaction).
    pub(super) fn delete(&mut self, cref: u32) {
        debug_assert!(self.is_learnt(cref) && !self.is_deleted(cref));
        self.words[cref as usize + 1] |= DELETED;
        if self.lbd(cref) > TIER_TWO {
            self.local -= 1;
        }
        self.wasted += HEADER + self.len(cref);
    }

    /// Every clause of the input (those stored before the first learnt one), by reference.
    pub(super) fn input(&self) -> impl Iterator<Item = u32> + '_ {
        let end = self
            .learnt
            .first()
            .map_or(self.words.len(), |&c| c as usize);
        let mut at = 0;
        std::iter::from_fn(move || {
            (at < end).then(|| {
                let cref = at;
                at += HEADER + self.words[at] as usize;
                u32::try_from(cref).unwrap_or(u32::MAX)
            })
        })
        .filter(|&c| !self.is_learnt(c))
    }

    /// Whether deleted clauses take a fifth of the store or more.
    pub(super) fn needs_compacting(&self) -> bool {
        self.wasted * 5 >= self.words.len()
    }

    /// Moves the live clauses down over the deleted ones, in order (the input's keep their
    /// references). Returns the old store, in which [`forward`] finds where each live clause
    /// went.
    pub(super) fn compact(&mut self) -> Vec<u32> {
        let mut old = std::mem::take(&mut self.words);
        self.words.reserve(old.len() - self.wasted);
        let mut at = 0;
        while at < old.len() {
            let len = old[at] as usize;
            let end = at + HEADER + len;
            if old[at + 1] & DELETED == 0 {
                let moved = u32::try_from(self.words.len()).unwrap_or(u32::MAX);
                self.words.extend_from_slice(&old[at..end]);
                old[at] = MOVED;
                old[at + 1] = moved;
            }
            at = end;
        }
        self.wasted = 0;
        self.learnt = self
            .learnt
            .iter()
            .filter_map(|&c| forward(&old, c))
            .collect();
        old
    }
}

/// Where a clause went in a compaction (`old` as [`Arena::compact`] returned it), or `None` if
/// it was deleted.
pub(super) fn forward(old: &[u32], cref: u32) -> Option<u32> {
    let c = cref as usize;
    (old[c] == MOVED).then(|| old[c + 1])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lits(codes: &[u32]) -> Vec<Lit> {
        codes.iter().map(|&c| Lit(c)).collect()
    }

    #[test]
    fn clauses_keep_their_literals_flags_and_lbd() {
        let mut arena = Arena::default();
        let a = arena.push(&lits(&[0, 3, 4]), false, 0);
        let b = arena.push(&lits(&[5, 7, 9, 11]), true, 3);
        assert_eq!(arena.codes(a), &[0, 3, 4]);
        assert_eq!(arena.codes(b), &[5, 7, 9, 11]);
        assert!(!arena.is_learnt(a) && arena.is_learnt(b));
        assert_eq!((arena.lbd(b), arena.len(b)), (3, 4));
        assert_eq!(arena.activity(b).to_bits(), 0f32.to_bits());
        assert!(!arena.bump(b, 2.5) && arena.bump(b, 1e21));
        arena.scale(1e-20);
        assert!(
            (arena.activity(b) - 10.0).abs() < 1e-3,
            "{}",
            arena.activity(b)
        );
        assert_eq!(
            arena.codes(b),
            &[5, 7, 9, 11],
            "the activity is not a literal"
        );
        assert_eq!(arena.local, 0, "LBD 3 is tier two");
        assert_eq!(arena.input().collect::<Vec<_>>(), vec![a]);
        arena.codes_mut(b).swap(0, 3);
        assert_eq!(arena.codes(b), &[11, 7, 9, 5]);
    }

    #[test]
    fn compaction_drops_the_deleted_and_forwards_the_rest_in_order() {
        let mut arena = Arena::default();
        let input = arena.push(&lits(&[0, 2, 4]), false, 0);
        let gone = arena.push(&lits(&[1, 3, 5]), true, TIER_TWO + 1);
        let kept = arena.push(&lits(&[6, 8, 10, 12]), true, 2);
        arena.bump(kept, 4.0);
        assert_eq!(arena.local, 1);
        arena.delete(gone);
        assert!(arena.is_deleted(gone) && arena.needs_compacting());
        assert_eq!(arena.local, 0, "a deleted clause is not counted");
        let old = arena.compact();
        assert_eq!(forward(&old, input), Some(input));
        assert_eq!(forward(&old, gone), None);
        let moved = forward(&old, kept).unwrap();
        assert_eq!(moved, gone, "the kept clause takes the deleted one's place");
        assert_eq!(arena.codes(moved), &[6, 8, 10, 12]);
        assert_eq!(arena.lbd(moved), 2);
        assert_eq!(arena.activity(moved).to_bits(), 4f32.to_bits());
        assert_eq!(arena.learnt, vec![moved]);
        assert!(!arena.needs_compacting());
    }
}
