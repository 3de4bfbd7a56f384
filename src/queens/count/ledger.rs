//! The record of one part of a long count: [`Ledger`] (which pieces are counted and what they
//! found, and its text), the [`Part`] it is of, and [`LedgerError`]. Made, read back and counted
//! in `pieces`, kept in files by `store`.

use std::fmt;

use super::tally::{CountMethod, Tally};
use crate::hash::fnv_str;
use crate::queens::QueensError;

/// The first line of a ledger's text.
pub(super) const HEADER: &str = "nqueens count ledger 1";

/// The most parts a count is split into.
pub const MAX_PARTS: usize = 1 << 20;

/// One share of a count's pieces: part `index` of `parts`, counted from 0 (as a Slurm job
/// array's task ids are).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Part {
    pub(super) index: usize,
    pub(super) parts: usize,
}

impl Default for Part {
    /// The whole count.
    fn default() -> Self {
        Part::WHOLE
    }
}

impl Part {
    /// The whole count: part 0 of 1.
    pub const WHOLE: Part = Part { index: 0, parts: 1 };

    /// Part `index` of `parts` (from 0 to `parts` − 1).
    ///
    /// # Errors
    /// When `parts` is 0 or more than [`MAX_PARTS`], or `index` is not below it.
    pub fn new(index: usize, parts: usize) -> Result<Part, LedgerError> {
        if parts == 0 || parts > MAX_PARTS {
            return Err(LedgerError(format!(
                "a count splits into 1 to {MAX_PARTS} parts, not {parts}"
            )));
        }
        if index >= parts {
            return Err(LedgerError(format!(
                "the parts of {parts} are numbered 0 to {}; there is no part {index}",
                parts - 1
            )));
        }
        Ok(Part { index, parts })
    }

    /// The part's number, from 0.
    pub fn index(&self) -> usize {
        self.index
    }

    /// How many parts the count is split into.
    pub fn parts(&self) -> usize {
        self.parts
    }

    /// Whether the count's piece number `piece` is this part's. The pieces are dealt out in a
    /// snake, parts 0, 1, …, K − 1, then K − 1, …, 1, 0, and again: neighbouring pieces cost
    /// about the same, so each part gets its share of the dear ones and of the cheap ones.
    pub fn takes(&self, piece: usize) -> bool {
        let turn = piece % (2 * self.parts);
        let part = if turn < self.parts {
            turn
        } else {
            2 * self.parts - 1 - turn
        };
        part == self.index
    }
}

impl fmt::Display for Part {
    /// "part 3 of 8" (from 0).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "part {} of {}", self.index, self.parts)
    }
}

/// Why a ledger could not be made, read or merged: one sentence for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerError(pub String);

impl fmt::Display for LedgerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LedgerError {}

impl From<QueensError> for LedgerError {
    fn from(error: QueensError) -> Self {
        LedgerError(error.to_string())
    }
}

/// The record of one part of a count: which of its pieces are counted, and what they found.
///
/// ```
/// use nqueens::queens::{CountMethod, CountOptions, Ledger, Part, count_ledger, merge};
/// // 10 queens in three parts, each counted on its own, then added up.
/// let mut parts = Vec::new();
/// for index in 0..3 {
///     let mut ledger = Ledger::new(10, CountMethod::Halves, Part::new(index, 3)?)?;
///     count_ledger(&mut ledger, &CountOptions::default())?;
///     parts.push(ledger);
/// }
/// assert_eq!(merge(&parts)?.all, 724);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Ledger {
    pub(super) n: usize,
    pub(super) method: CountMethod,
    pub(super) part: Part,
    /// The count's pieces in all parts.
    pub(super) total: usize,
    pub(super) covers: u64,
    /// For each of the part's pieces, in order: counted yet?
    pub(super) done: Vec<bool>,
    pub(super) solutions: u64,
    pub(super) classes: u64,
    /// The time spent counting, over every run that added to this ledger.
    pub(super) seconds: f64,
}

impl Ledger {
    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The counting method.
    pub fn method(&self) -> CountMethod {
        self.method
    }

    /// Which part of the count this is.
    pub fn part(&self) -> Part {
        self.part
    }

    /// The checksum of the pieces this part covers (the method, n, the split and every piece).
    pub fn covers(&self) -> u64 {
        self.covers
    }

    /// The pieces of this part, and how many of them are counted.
    pub fn pieces(&self) -> (usize, usize) {
        (self.done.len(), self.done.iter().filter(|&&d| d).count())
    }

    /// The pieces of the whole count, in all parts.
    pub fn pieces_in_all(&self) -> usize {
        self.total
    }

    /// Whether every piece of the part is counted.
    pub fn is_complete(&self) -> bool {
        self.done.iter().all(|&d| d)
    }

    /// The seconds spent counting this part, over every run that added to it.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// What the counted pieces found once every piece is counted: the solutions, and the
    /// classes for the bitboard search; `None` while pieces are left.
    pub fn tally(&self) -> Option<Tally> {
        self.is_complete().then_some(Tally {
            all: self.solutions,
            fundamental: (self.method == CountMethod::Bitboard).then_some(self.classes),
            gave_up: None,
        })
    }

    /// The solutions of the pieces counted so far.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The ledger as a small text file: a line a field, the pieces counted as ranges, and a
    /// checksum of the lines above it, so that a damaged or edited file is refused.
    pub fn to_text(&self) -> String {
        let mut ranges = Vec::new();
        let mut i = 0;
        while i < self.done.len() {
            if self.done[i] {
                let start = i;
                while i + 1 < self.done.len() && self.done[i + 1] {
                    i += 1;
                }
                ranges.push(if start == i {
                    start.to_string()
                } else {
                    format!("{start}-{i}")
                });
            }
            i += 1;
        }
        let done = if ranges.is_empty() {
            "none".to_owned()
        } else {
            ranges.join(" ")
        };
        let body = format!(
            "{HEADER}\nn {}\nmethod {}\npart {} of {}\npieces {} of {}\ncovers {:016x}\ncounted {}\n\
             solutions {}\nclasses {}\nseconds {:.3}\n",
            self.n,
            self.method.flag(),
            self.part.index,
            self.part.parts,
            self.done.len(),
            self.total,
            self.covers,
            done,
            self.solutions,
            self.classes,
            self.seconds,
        );
        format!("{body}check {:016x}\n", fnv_str(&body))
    }
}
