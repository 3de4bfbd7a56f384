//! The input's long clauses (three literals or more), each with its free and its true literals
//! counted as literals are assigned and undone: what shortest-clause-first decisions read.

use super::types::Lit;

/// The long clauses [`Decide::ShortestClause`](super::Decide::ShortestClause) chooses among.
#[derive(Default)]
pub(super) struct LongClauses {
    pub(super) clauses: Vec<u32>,
    /// For each literal `l`, the long clauses (positions in `clauses`) it is in are
    /// `occurs[starts[l]..starts[l + 1]]`.
    pub(super) starts: Vec<u32>,
    pub(super) occurs: Vec<u32>,
    pub(super) free: Vec<u32>,
    pub(super) satisfied: Vec<u32>,
}

impl LongClauses {
    pub(super) fn of(&self, lit: Lit) -> std::ops::Range<usize> {
        self.starts[lit.index()] as usize..self.starts[lit.index() + 1] as usize
    }

    pub(super) fn assigned(&mut self, lit: Lit) {
        for i in self.of(lit) {
            let t = self.occurs[i] as usize;
            self.satisfied[t] += 1;
            self.free[t] -= 1;
        }
        for i in self.of(!lit) {
            self.free[self.occurs[i] as usize] -= 1;
        }
    }

    pub(super) fn unassigned(&mut self, lit: Lit) {
        for i in self.of(lit) {
            let t = self.occurs[i] as usize;
            self.satisfied[t] -= 1;
            self.free[t] += 1;
        }
        for i in self.of(!lit) {
            self.free[self.occurs[i] as usize] += 1;
        }
    }
}
