//! What each solver's file hands back to [`place`](super::place): the columns found and the
//! solver's named counts, before the board is checked.

use std::fmt;

use crate::queens::QueensError;

/// What a solver reports besides the board: named counts, in the order they are printed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    entries: Vec<(&'static str, String)>,
}

impl Stats {
    /// Adds a line.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl fmt::Display) -> Self {
        self.entries.push((name, value.to_string()));
        self
    }

    /// The value of a line, as printed.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The lines, in order.
    pub fn entries(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.entries.iter().map(|(n, v)| (*n, v.as_str()))
    }
}

impl fmt::Display for Stats {
    /// One `name: value` line each, the values aligned.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.entries {
            writeln!(f, "{:<19}{value}", format!("{name}:"))?;
        }
        Ok(())
    }
}

/// What a solver found, before it is checked.
pub(super) struct Found {
    pub(super) columns: Vec<u32>,
    pub(super) stats: Stats,
}

/// 1-based columns as `u32`, as [`Placement`](super::Placement) keeps them (every method's n is at most
/// [`MAX_HUGE_N`](crate::queens::huge::MAX_HUGE_N), so they fit).
pub(super) fn narrow(columns: impl IntoIterator<Item = usize>) -> Vec<u32> {
    columns
        .into_iter()
        .map(|c| u32::try_from(c).unwrap_or(u32::MAX))
        .collect()
}

/// The refusal for a board larger than a method takes.
pub(super) fn out_of_range(n: usize, max: usize, method: &'static str) -> Result<(), QueensError> {
    if n > max {
        Err(QueensError::OutOfRange { n, max, method })
    } else {
        Ok(())
    }
}
