//! When a search must stop: [`Deadline`], one moment (or none) that every search loop of the
//! crate asks about in one place, `deadline.expired()`, as MiniSat asks `withinBudget`; and
//! [`Limit`], what ran out when a search gave up, whichever search it was.

use std::time::{Duration, Instant};

/// The moment a search must stop by, or none. `Deadline::default()` is none: the search never
/// stops for time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Deadline(Option<Instant>);

impl Deadline {
    /// No deadline.
    pub const NONE: Deadline = Deadline(None);

    /// The moment `limit` after `start`: none without a limit, or for one so long that no instant
    /// the clock can hold is that far off (the search then never stops for time).
    pub fn after(start: Instant, limit: Option<Duration>) -> Self {
        Deadline(limit.and_then(|limit| start.checked_add(limit)))
    }

    /// The deadline at `instant`.
    pub fn at(instant: Instant) -> Self {
        Deadline(Some(instant))
    }

    /// Whether the moment has come: never, without a deadline.
    pub fn expired(self) -> bool {
        self.0.is_some_and(|d| Instant::now() >= d)
    }

    /// The moment, if there is one.
    pub fn instant(self) -> Option<Instant> {
        self.0
    }

    /// The time left (zero once the moment has come), or `None` without a deadline.
    pub fn remaining(self) -> Option<Duration> {
        self.0.map(|d| d.saturating_duration_since(Instant::now()))
    }
}

/// Why a search stopped without an answer: the one reason every search of the crate gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Its time limit.
    Time(Duration),
    /// Its splits: Davis–Putnam's case distinctions, CDCL's decisions.
    Splits(u64),
    /// Its values tried (the CSP's backtracking and propagation).
    Nodes(u64),
    /// Its squares tried (the row-by-row backtracking).
    Squares(u64),
    /// Its repair steps (the min-conflicts searches).
    Steps(u64),
}

impl std::fmt::Display for Limit {
    /// What ran out: "0.250 s", "2 splits", "1000 squares tried".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::Time(d) => write!(f, "{:.3} s", d.as_secs_f64()),
            Limit::Splits(n) => write!(f, "{n} splits"),
            Limit::Nodes(n) => write!(f, "{n} nodes"),
            Limit::Squares(n) => write!(f, "{n} squares tried"),
            Limit::Steps(n) => write!(f, "{n} steps"),
        }
    }
}

impl From<Option<Instant>> for Deadline {
    fn from(instant: Option<Instant>) -> Self {
        Deadline(instant)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_expires_at_its_moment_and_none_never() {
        let start = Instant::now();
        assert!(!Deadline::NONE.expired() && !Deadline::default().expired());
        assert!(Deadline::after(start, Some(Duration::ZERO)).expired());
        assert!(!Deadline::after(start, Some(Duration::from_secs(3600))).expired());
        assert_eq!(Deadline::after(start, None), Deadline::NONE);
        // A limit past what the clock can hold is no deadline, not an overflow.
        assert_eq!(Deadline::after(start, Some(Duration::MAX)), Deadline::NONE);
        let at = Deadline::at(start + Duration::from_secs(60));
        assert!(at.remaining().unwrap() <= Duration::from_secs(60));
        assert_eq!(Deadline::NONE.remaining(), None);
        assert_eq!(Deadline::from(Some(start)).instant(), Some(start));
    }
}
