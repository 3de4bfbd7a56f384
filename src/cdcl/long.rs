//! The input's long clauses (three literals or more), each with its free and its true literals
//! counted as literals are assigned and undone: what shortest-clause-first decisions read.

use super::types::{Lit, Occurrences};

/// The long clauses [`Decide::ShortestClause`](super::Decide::ShortestClause) chooses among.
#[derive(Default)]
pub(super) struct LongClauses {
    pub(super) clauses: Vec<u32>,
    /// For each literal, the long clauses it is in (positions in `clauses`).
    pub(super) occurrences: Occurrences,
    pub(super) free: Vec<u32>,
    pub(super) satisfied: Vec<u32>,
}

impl LongClauses {
    /// Whether the clauses are tracked (only for the shortest-clause rule).
    pub(super) fn tracked(&self) -> bool {
        !self.occurrences.is_empty()
    }

    pub(super) fn assigned(&mut self, lit: Lit) {
        for i in self.occurrences.span(lit) {
            let t = self.occurrences.occurs[i] as usize;
            self.satisfied[t] += 1;
            self.free[t] -= 1;
        }
        for i in self.occurrences.span(!lit) {
            self.free[self.occurrences.occurs[i] as usize] -= 1;
        }
    }

    pub(super) fn unassigned(&mut self, lit: Lit) {
        for i in self.occurrences.span(lit) {
            let t = self.occurrences.occurs[i] as usize;
            self.satisfied[t] -= 1;
            self.free[t] += 1;
        }
        for i in self.occurrences.span(!lit) {
            self.free[self.occurrences.occurs[i] as usize] += 1;
        }
    }
}
