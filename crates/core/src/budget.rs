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

/// The moment a search must stop by, or none, and the time limit it was set from, so that a
/// search that stops for it can say what ran out ([`Deadline::ran_out`]) without its budget.
/// `Deadline::default()` is none: the search never stops for time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Deadline {
    at: Option<Instant>,
    limit: Duration,
}

impl Deadline {
    /// No deadline.
    pub const NONE: Deadline = Deadline {
        at: None,
        limit: Duration::ZERO,
    };

    /// The moment `limit` after `start`: none without a limit, or for one so long that no instant
    /// the clock can hold is that far off (the search then never stops for time).
    pub fn after(start: Instant, limit: Option<Duration>) -> Self {
        match limit.and_then(|limit| Some((start.checked_add(limit)?, limit))) {
            Some((at, limit)) => Deadline {
                at: Some(at),
                limit,
            },
            None => Deadline::NONE,
        }
    }

    /// Whether the moment has come: never, without a deadline.
    pub fn expired(self) -> bool {
        self.at.is_some_and(|d| Instant::now() >= d)
    }

    /// The time left (zero once the moment has come), or `None` without a deadline.
    pub fn remaining(self) -> Option<Duration> {
        self.at.map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// What ran out when a search stopped at this deadline: its time limit (zero without one).
    pub fn ran_out(self) -> Limit {
        Limit::Time(self.limit)
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
        let hour = Deadline::after(start, Some(Duration::from_secs(3600)));
        assert!(hour.remaining().unwrap() <= Duration::from_secs(3600));
        assert_eq!(hour.ran_out(), Limit::Time(Duration::from_secs(3600)));
        assert_eq!(Deadline::NONE.remaining(), None);
    }
}
