//! How the next decision is chosen: VSIDS (the most active variable, in its saved phase), or
//! [`Decide::ShortestClause`](super::Decide::ShortestClause), the CSP lecture's *most constrained first*: a literal of a
//! shortest unsatisfied long clause, which needs each long clause's free and true literals
//! counted as literals are assigned and undone.

use super::long::LongClauses;
use super::solver::Solver;
use super::types::{Lit, Occurrences, Value};

impl Solver {
    pub(super) fn track_long_clauses(&mut self) {
        let mut long = LongClauses::default();
        for clause in self.arena.input() {
            let (mut free, mut satisfied) = (0, 0);
            for l in self.lits(clause) {
                match self.value(l) {
                    Value::Unassigned => free += 1,
                    Value::True => satisfied += 1,
                    Value::False => {}
                }
            }
            long.clauses.push(clause);
            long.free.push(free);
            long.satisfied.push(satisfied);
        }
        long.occurrences = Occurrences::new(self.values.len(), long.clauses.len(), |t| {
            self.lits(long.clauses[t])
        });
        self.long = long;
    }

    /// The next decision: an unassigned literal to make true, or `None` when every variable
    /// has a value.
    pub(super) fn pick(&mut self) -> Option<Lit> {
        if let Some(lit) = self.shortest_clause_literal() {
            return Some(lit);
        }
        // The most active unassigned variable, in its saved phase.
        loop {
            let v = self.order.pop(&self.activity)?;
            if self.value(Lit::new(v, false)) == Value::Unassigned {
                return Some(Lit::new(v, !self.saved[v]));
            }
        }
    }

    /// For [`Decide::ShortestClause`](super::Decide::ShortestClause): an unassigned literal of one of the shortest
    /// unsatisfied long clauses, both drawn at random (seeded), so that each restart tries
    /// another way down.
    pub(super) fn shortest_clause_literal(&mut self) -> Option<Lit> {
        let long = &self.long;
        let mut best = u32::MAX;
        let mut chosen = None;
        let mut ties = 0;
        for t in 0..long.clauses.len() {
            let free = long.free[t];
            if long.satisfied[t] > 0 || free == 0 || free > best {
                continue;
            }
            if free < best {
                best = free;
                ties = 0;
            }
            // Reservoir sampling: each of the shortest has the same chance.
            ties += 1;
            if self.rng.below(ties) == 0 {
                chosen = Some(t);
            }
        }
        let free: Vec<Lit> = self
            .lits(long.clauses[chosen?])
            .filter(|&l| self.value(l) == Value::Unassigned)
            .collect();
        let pick = self.rng.below(free.len());
        free.get(pick).copied()
    }
}
