//! When a search must stop, in the same words for every search of the crate: [`Budget`], what
//! a caller allows (time, splits, nodes, steps); [`Deadline`], the moment (or none) that every
//! search loop asks about in one place, `deadline.expired()`, as MiniSat asks `withinBudget`;
//! and [`Limit`], what ran out when a search gave up.

use std::time::{Duration, Instant};

/// What a search may spend; `None` is no limit, and `Budget::default()` none at all. Each
/// search reads the fields that count its work and ignores the others: Davis–Putnam and CDCL
/// count splits (CDCL's decisions); the backtracking searches count nodes (values tried, or
/// squares tried on the board); the min-conflicts searches count repair steps; all of them obey
/// the time limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Budget {
    /// The most time, counted from the call of the search (for [`place`](crate::queens::place),
    /// from its call, so that building the clauses or the CSP counts too).
    pub time_limit: Option<Duration>,
    /// The most splits: Davis–Putnam's case distinctions, CDCL's decisions.
    pub max_splits: Option<u64>,
    /// The most nodes: values tried by a CSP's backtracking or propagation, squares tried by the
    /// row-by-row search.
    pub max_nodes: Option<u64>,
    /// The most repair steps of a min-conflicts search.
    pub max_steps: Option<u64>,
}

impl Budget {
    /// At most `max` splits, and no other limit.
    pub fn splits(max: u64) -> Self {
        Budget {
            max_splits: Some(max),
            ..Budget::default()
        }
    }

    /// At most `max` nodes, and no other limit.
    pub fn nodes(max: u64) -> Self {
        Budget {
            max_nodes: Some(max),
            ..Budget::default()
        }
    }

    /// At most `max` repair steps, and no other limit.
    pub fn steps(max: u64) -> Self {
        Budget {
            max_steps: Some(max),
            ..Budget::default()
        }
    }

    /// At most `limit` of time, and no other limit.
    pub fn time(limit: Duration) -> Self {
        Budget {
            time_limit: Some(limit),
            ..Budget::default()
        }
    }

    /// The deadline of a search that began at `start`.
    pub fn deadline(&self, start: Instant) -> Deadline {
        Deadline::after(start, self.time_limit)
    }

    /// What ran out when a search stopped at this budget's time limit (zero without one).
    pub fn time_ran_out(&self) -> Limit {
        Limit::Time(self.time_limit.unwrap_or_default())
    }

    /// This budget with what is left of its time limit at this moment, for a search that began
    /// at `start` and hands the rest of its time to another.
    #[must_use]
    pub fn remaining(self, start: Instant) -> Self {
        Budget {
            time_limit: self
                .time_limit
                .map(|limit| limit.saturating_sub(start.elapsed())),
            ..self
        }
    }
}

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
