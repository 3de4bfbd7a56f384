//! What a counting method gives the runner of pieces (`pieces`): its pieces in a fixed order
//! ([`Plan`]), a counter for each thread ([`Worker`]), what a piece found ([`Found`]), and when to
//! stop (a [`Deadline`](crate::budget::Deadline)). The bitboard search (`search`) and the halves (`halves`) implement it.

/// What one piece found: its solutions, and (for the bitboard search) its symmetry classes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Found {
    pub(super) solutions: u64,
    pub(super) classes: u64,
}

/// Counts one piece after another for one thread; `None` when the stop came first.
pub(super) type Worker<'a> = Box<dyn FnMut(usize, &crate::budget::Deadline) -> Option<Found> + 'a>;

/// A count's pieces in their fixed order, as a method cuts it.
pub(super) trait Plan: Sync {
    /// The number of pieces.
    fn len(&self) -> usize;
    /// A number that names piece `piece` (what it covers), for the checksum of a part.
    fn key(&self, piece: usize) -> u64;
    /// What every thread needs before counting (built only when there is a piece to count, on
    /// as many as `threads` threads); `false` when `stop` came first and it is not built.
    fn prepare(&self, _stop: &crate::budget::Deadline, _threads: usize) -> bool {
        true
    }
    /// A counter for one thread, with its own buffers.
    fn worker(&self) -> Worker<'_>;
}
