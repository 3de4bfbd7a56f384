//! What a conflict teaches: VSIDS bumps and clause activities, 1UIP analysis, recursive
//! minimisation of the learnt clause, its LBD, and the rounds that delete learnt clauses.

use super::arena::TIER_TWO;
use super::options::ProofStep;
use super::schedule::Deletion;
use super::solver::{Conflict, MINIMISE_WALK, OtherLits, Scratch, Solver};
use super::types::{Lit, Why};

impl Solver {
    pub(super) fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.bump;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        self.order.update(v, &self.activity);
    }

    /// Bumps a learnt clause that took part in a conflict (MiniSat's clause activity; the
    /// bump grows by 1/[`CLAUSE_DECAY`](super::solver::CLAUSE_DECAY) after each conflict, which
    /// decays the older ones).
    fn bump_clause(&mut self, c: u32) {
        if self.arena.is_learnt(c) && self.arena.bump(c, self.clause_bump) {
            self.arena.scale(1e-20);
            self.clause_bump *= 1e-20;
        }
    }

    /// 1UIP conflict analysis: the learnt clause (its first literal the one that will be
    /// propagated) and the level to jump back to.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> (Vec<Lit>, u32) {
        let mut learnt = vec![Lit(0)];
        let mut open = 0;
        if let Conflict::Clause(c) = conflict {
            self.bump_clause(c);
        }
        let mut clause: OtherLits = self.conflict_lits(conflict);
        let mut index = self.trail.len();
        let current = self.decision_level();
        // The variable whose reason is being looked at (its own literal there is skipped).
        let mut implied = usize::MAX;
        loop {
            while let Some(q) = clause.next(&self.arena) {
                let v = q.var();
                if v != implied && !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump_var(v);
                    if self.level[v] >= current {
                        open += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            // The next literal of the trail that is part of the conflict.
            loop {
                index -= 1;
                if self.seen[self.trail[index].var()] {
                    break;
                }
            }
            let p = self.trail[index];
            self.seen[p.var()] = false;
            open -= 1;
            implied = p.var();
            if open == 0 {
                learnt[0] = !p;
                break;
            }
            let why = self.reason[p.var()].why();
            if let Why::Clause(c) = why {
                self.bump_clause(c);
            }
            clause = self.reason_lits(why);
        }
        let before = learnt.len();
        self.minimise(&mut learnt);
        self.stats.minimised += (before - learnt.len()) as u64;
        // The literal of the highest level after the first is watched second: backjump there.
        let mut back = 0;
        if learnt.len() > 1 {
            let (k, _) = learnt
                .iter()
                .enumerate()
                .skip(1)
                .max_by_key(|(_, l)| self.level[l.var()])
                .unwrap_or((1, &learnt[1]));
            learnt.swap(1, k);
            back = self.level[learnt[1].var()];
        }
        for l in &learnt {
            self.seen[l.var()] = false;
        }
        (learnt, back)
    }

    /// Recursive clause minimisation: a literal goes when its reason's other literals are all
    /// in the clause already, or themselves removable (at level 0, or implied the same way).
    pub(super) fn minimise(&mut self, learnt: &mut Vec<Lit>) {
        for l in learnt.iter() {
            self.seen[l.var()] = true;
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        let levels = learnt
            .iter()
            .fold(0u64, |mask, l| mask | self.abstract_level(l.var()));
        let mut kept = 1;
        for i in 1..learnt.len() {
            let l = learnt[i];
            if self.reason[l.var()].is_none() || !self.redundant(l, levels, &mut scratch) {
                learnt[kept] = l;
                kept += 1;
            } else {
                // Its mark is cleared below, with the walks' (it stays marked while the rest
                // of the clause is minimised).
                scratch.marked.push(l.var());
            }
        }
        for &v in &scratch.marked {
            self.seen[v] = false;
        }
        for &v in &scratch.poisoned {
            self.poison[v] = false;
        }
        scratch.marked.clear();
        scratch.poisoned.clear();
        self.scratch = scratch;
        learnt.truncate(kept);
    }

    /// A variable's level as one bit of 64: a literal whose level is not among the clause's
    /// cannot be implied by the clause's literals, which saves walking its reasons (MiniSat's
    /// "abstract levels").
    pub(super) fn abstract_level(&self, v: usize) -> u64 {
        1 << (self.level[v] & 63)
    }

    /// Whether `lit` is implied by the literals marked `seen` (a depth-first walk over reasons;
    /// variables found redundant stay marked, listed in `marked`). `levels` holds the clause's
    /// abstract levels. The variables a failed walk went through are marked `poison`, listed
    /// in `poisoned`, and not walked again: without that, long chains of implications (as the
    /// sequential counter makes) are walked once for every literal of the clause.
    pub(super) fn redundant(&mut self, lit: Lit, levels: u64, scratch: &mut Scratch) -> bool {
        let Scratch {
            stack,
            marked,
            poisoned,
        } = scratch;
        stack.clear();
        stack.push(lit);
        let top = marked.len();
        while let Some(p) = stack.pop() {
            let why = self.reason[p.var()].why();
            if why == Why::Decision {
                continue;
            }
            let mut lits = self.reason_lits(why);
            while let Some(q) = lits.next(&self.arena) {
                let v = q.var();
                if v == p.var() || self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                if self.reason[v].is_none()
                    || self.poison[v]
                    || self.abstract_level(v) & levels == 0
                    || marked.len() - top >= MINIMISE_WALK
                {
                    // A decision that is not in the clause, a literal already found not to be
                    // implied, or one of a level the clause does not have: not redundant. A
                    // walk that grows too long is given up the same way (keeping a literal is
                    // always sound).
                    for &m in &marked[top..] {
                        self.seen[m] = false;
                        self.poison[m] = true;
                    }
                    poisoned.extend_from_slice(&marked[top..]);
                    marked.truncate(top);
                    return false;
                }
                self.seen[v] = true;
                marked.push(v);
                stack.push(q);
            }
        }
        true
    }

    pub(super) fn lbd(&mut self, lits: &[Lit]) -> u32 {
        if self.level_mark == u32::MAX {
            self.level_marks.fill(0);
            self.level_mark = 0;
        }
        self.level_mark += 1;
        let mut count = 0;
        for l in lits {
            let level = self.level[l.var()] as usize;
            if self.level_marks[level] != self.level_mark {
                self.level_marks[level] = self.level_mark;
                count += 1;
            }
        }
        count
    }

    /// A deletion round (which, and its candidates, are [`Deletion`]'s): reasons of the
    /// assignment and clauses of LBD 2 or less are never candidates. Compacts the store when
    /// the deleted take a fifth of it.
    pub(super) fn reduce(&mut self, round: Deletion) {
        let locked: std::collections::HashSet<u32> = self
            .trail
            .iter()
            .filter_map(|l| match self.reason[l.var()].why() {
                Why::Clause(c) => Some(c),
                _ => None,
            })
            .collect();
        let arena = &self.arena;
        let mut candidates: Vec<u32> = (arena.learnt.iter().copied())
            .filter(|&c| !arena.is_deleted(c) && !locked.contains(&c))
            .filter(|&c| match round {
                Deletion::Lbd => arena.lbd(c) > 2,
                Deletion::TierTwo => (3..=TIER_TWO).contains(&arena.lbd(c)),
                Deletion::Local => arena.lbd(c) > TIER_TWO,
            })
            .collect();
        let count = if round == Deletion::Local {
            candidates.sort_by(|&a, &b| arena.activity(a).total_cmp(&arena.activity(b)));
            (arena.local / 2).min(candidates.len())
        } else {
            candidates.sort_by_key(|&c| std::cmp::Reverse(arena.lbd(c)));
            candidates.len() / 2
        };
        for &c in &candidates[..count] {
            self.arena.delete(c);
            self.stats.deleted += 1;
            if self.record {
                let lits: Vec<i32> = self.lits(c).map(Lit::to_dimacs).collect();
                self.proof.push(ProofStep::Delete(lits));
            }
        }
        if self.arena.needs_compacting() {
            self.compact();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cdcl::CdclOptions;

    /// A solver over 12 variables holding six learnt clauses of three literals, the `i`th
    /// starting with literal `4i`, of LBD `lbds[i]` and activity `activities[i]`.
    fn with_learnt(lbds: [u32; 6], activities: [f32; 6]) -> Solver {
        let mut solver = Solver::new(12, &CdclOptions::default());
        solver.watches = vec![Vec::new(); 24];
        for ((i, &lbd), &activity) in (0..).zip(&lbds).zip(&activities) {
            let lits = [Lit(4 * i), Lit(4 * i + 2), Lit((4 * i + 5) % 24)];
            let Why::Clause(cref) = solver.attach(&lits, true, lbd).why() else {
                panic!("a clause of three literals is stored");
            };
            solver.arena.bump(cref, activity);
        }
        solver
    }

    /// LBDs: the core (2), tier two (3, 4) and three local clauses (7, 9, 8), the least
    /// active of these not the one of largest LBD.
    const LBDS: [u32; 6] = [2, 7, 3, 9, 4, 8];
    const ACTIVITIES: [f32; 6] = [0.0, 9.0, 1.0, 8.0, 2.0, 3.0];

    /// Which of the six are left (the store may have been compacted: they are told apart by
    /// their first literals).
    fn kept(solver: &Solver) -> Vec<usize> {
        let arena = &solver.arena;
        let mut left: Vec<usize> = (arena.learnt.iter())
            .filter(|&&c| !arena.is_deleted(c))
            .map(|&c| arena.codes(c)[0] as usize / 4)
            .collect();
        left.sort_unstable();
        left
    }

    #[test]
    fn glucose_rounds_delete_the_largest_lbd_and_keep_lbd_two() {
        let mut solver = with_learnt(LBDS, ACTIVITIES);
        assert_eq!(solver.arena.local, 3);
        solver.reduce(Deletion::Lbd);
        // Five candidates (LBD 2 stays): the two of largest LBD go, however active.
        assert_eq!(kept(&solver), [0, 1, 2, 4]);
        assert_eq!(solver.stats.deleted, 2);
        assert_eq!(solver.arena.local, 1);
    }

    #[test]
    fn tier_two_rounds_leave_the_local_clauses_alone() {
        let mut solver = with_learnt(LBDS, ACTIVITIES);
        solver.reduce(Deletion::TierTwo);
        // Two candidates, LBD 3 and 4: the one of LBD 4 goes.
        assert_eq!(kept(&solver), [0, 1, 2, 3, 5]);
        assert_eq!(solver.arena.local, 3);
    }

    #[test]
    fn local_rounds_delete_the_least_active_local_clauses() {
        let mut solver = with_learnt(LBDS, ACTIVITIES);
        solver.reduce(Deletion::Local);
        // Half of the three local clauses: the least active (LBD 8), not the largest LBD (9);
        // the core and tier two are not candidates, though less active.
        assert_eq!(kept(&solver), [0, 1, 2, 3, 4]);
        assert_eq!(solver.arena.local, 2);
    }

    #[test]
    fn lbd_counts_levels_with_marks_reused_from_count_to_count() {
        // Levels 1, 1, 2, 5: three levels; the next count starts from fresh marks.
        let mut solver = Solver::new(8, &CdclOptions::default());
        solver.level[..4].copy_from_slice(&[1, 1, 2, 5]);
        let lits = [Lit(0), Lit(3), Lit(4), Lit(6)];
        assert_eq!(solver.lbd(&lits), 3);
        assert_eq!(solver.lbd(&lits[..2]), 1);
        solver.level_mark = u32::MAX;
        assert_eq!(
            solver.lbd(&lits),
            3,
            "the marks start again when they run out"
        );
    }
}
