//! When the search restarts and when it deletes learnt clauses: the Luby sequence, the two
//! modes that take turns, and the rounds of deletion with MiniSat's cap on the local clauses.

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, … (`i` from 0).
fn luby(i: u64) -> u64 {
    let mut size = 1;
    let mut seq = 0;
    while size < i + 1 {
        seq += 1;
        size = 2 * size + 1;
    }
    let mut i = i;
    while size - 1 != i {
        size = (size - 1) >> 1;
        seq -= 1;
        i %= size;
    }
    1 << seq
}

/// Conflicts per unit of the Luby sequence.
const RESTART_UNIT: u64 = 100;
/// MiniSat's cap, here on the local learnt clauses (LBD above
/// [`TIER_TWO`](super::arena::TIER_TWO)): at first a third of the input's clauses (binary ones
/// too), growing by a tenth after [`CAP_FIRST_GROWTH`] conflicts, then after intervals each 1.5
/// times as long as the last. Whether a formula reaches it depends on how many conflicts it
/// takes against its number of clauses: a small formula that takes many does (random 3-SAT,
/// Langford pairs, the colourings in `docs/benchmarks.md`). There the local clauses are long and
/// their LBD large, which then says little: kept fewer and chosen by activity, they make the
/// Langford pairs and the colourings far faster, and long refutations of random 3-SAT slower
/// (the figures are in `docs/benchmarks.md`).
pub(super) struct Cap {
    /// The most local clauses kept, beyond the number of assigned variables.
    pub(super) most: usize,
    /// Conflicts left before it grows, and the interval after that.
    left: u64,
    interval: u64,
}

const CAP_FIRST_GROWTH: u64 = 100;

impl Cap {
    pub(super) fn new(clauses: usize) -> Self {
        Cap {
            most: clauses / 3,
            left: CAP_FIRST_GROWTH,
            interval: CAP_FIRST_GROWTH,
        }
    }

    /// After each conflict.
    pub(super) fn conflict(&mut self) {
        self.left -= 1;
        if self.left == 0 {
            self.interval += self.interval / 2;
            self.left = self.interval;
            self.most += self.most / 10;
        }
    }
}

/// The rounds that delete learnt clauses ([`Solver::reduce`](super::solver::Solver::reduce)). Glucose's rounds come on its
/// schedule (after 2,000 conflicts, then each interval 300 longer); the local clauses (LBD
/// above [`TIER_TWO`](super::arena::TIER_TWO)) also have MiniSat's cap ([`Cap`]), and each time
/// they reach it a [`Local`](Self::Local) round halves them. From the first such round on,
/// Glucose's rounds leave the local clauses to the cap and become [`TierTwo`](Self::TierTwo)
/// rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Deletion {
    /// Glucose's rule: half of the learnt clauses of LBD above 2, the largest LBD first.
    Lbd,
    /// The same, of the clauses of tier two only (LBD 3 to
    /// [`TIER_TWO`](super::arena::TIER_TWO)).
    TierTwo,
    /// MiniSat's rule, on the local clauses: half of them (the reasons among them counted in
    /// that number though they stay), the least active first.
    Local,
}

/// When to restart. The search takes turns between two modes, as modern solvers do (`CaDiCaL`'s
/// stable and focused modes), each turn twice as long as the one of the same mode before it
/// (from [`FIRST_TURN`] conflicts):
///
/// * **stable**: restarts on the Luby sequence ([`RESTART_UNIT`] conflicts a unit), rarely, which
///   lets a search that is close to a model get there (satisfiable queens);
/// * **focused**: Glucose's restarts (Audemard and Simon): restart when the learnt clauses of the
///   last [`RECENT`] conflicts are worse (their mean LBD, times 0.8, above the mean of all so
///   far), since the search has then wandered from where it learns well, which proves
///   unsatisfiable formulas far sooner; a restart is held back while the trail is much longer
///   than usual (1.4 times the mean of the last [`TRAILS`]): the search may be close to a model.
pub(super) struct Restarts {
    /// Whether the current turn is focused.
    pub(super) focused: bool,
    /// Conflicts left in this turn, and the length of the next turn of each mode.
    turn_left: u64,
    next_turn: [u64; 2],
    /// Stable mode: the Luby index, and conflicts left before its next restart.
    luby: u64,
    until_luby: u64,
    /// Focused mode: the recent LBDs and their sum, the sum of all and their count, the recent
    /// trail lengths and their sum.
    recent: std::collections::VecDeque<u32>,
    recent_sum: u64,
    lbd_sum: u64,
    conflicts: u64,
    trails: std::collections::VecDeque<usize>,
    trail_sum: u64,
}

/// Conflicts in the first turn of each mode.
const FIRST_TURN: u64 = 1000;
/// The conflicts whose LBDs make the recent mean.
const RECENT: usize = 50;
/// The conflicts whose trail lengths make the mean a restart is held back against.
const TRAILS: usize = 5000;
impl Default for Restarts {
    /// A stable turn first.
    fn default() -> Self {
        Restarts {
            focused: false,
            turn_left: FIRST_TURN,
            next_turn: [2 * FIRST_TURN, FIRST_TURN],
            luby: 0,
            until_luby: luby(0) * RESTART_UNIT,
            recent: std::collections::VecDeque::with_capacity(RECENT + 1),
            recent_sum: 0,
            lbd_sum: 0,
            conflicts: 0,
            trails: std::collections::VecDeque::with_capacity(TRAILS + 1),
            trail_sum: 0,
        }
    }
}

impl Restarts {
    /// Records a conflict: the LBD of the clause learnt and the trail's length.
    pub(super) fn conflict(&mut self, lbd: u32, trail: usize) {
        self.conflicts += 1;
        self.lbd_sum += u64::from(lbd);
        self.until_luby = self.until_luby.saturating_sub(1);
        self.turn_left = self.turn_left.saturating_sub(1);
        self.trails.push_back(trail);
        self.trail_sum += trail as u64;
        if self.trails.len() > TRAILS {
            self.trail_sum -= self.trails.pop_front().unwrap_or(0) as u64;
        }
        if self.recent.len() == RECENT
            && self.trails.len() == TRAILS
            && 5 * trail as u64 * TRAILS as u64 > 7 * self.trail_sum
        {
            self.clear_recent();
        }
        self.recent.push_back(lbd);
        self.recent_sum += u64::from(lbd);
        if self.recent.len() > RECENT {
            self.recent_sum -= u64::from(self.recent.pop_front().unwrap_or(0));
        }
    }

    /// Whether to restart now; a turn that is over switches the mode (with a restart).
    pub(super) fn due(&mut self) -> bool {
        if self.turn_left == 0 {
            let mode = usize::from(self.focused);
            self.turn_left = self.next_turn[1 - mode];
            self.next_turn[1 - mode] *= 2;
            self.focused = !self.focused;
            return true;
        }
        if self.focused {
            // Mean of the recent LBDs × 0.8 > mean of all.
            self.recent.len() == RECENT
                && 4 * self.recent_sum * self.conflicts > 5 * self.lbd_sum * RECENT as u64
        } else {
            self.until_luby == 0
        }
    }

    /// After a restart.
    pub(super) fn restarted(&mut self) {
        self.clear_recent();
        if !self.focused && self.until_luby == 0 {
            self.luby += 1;
            self.until_luby = luby(self.luby) * RESTART_UNIT;
        }
    }

    fn clear_recent(&mut self) {
        self.recent.clear();
        self.recent_sum = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_luby_sequence_starts_as_published() {
        let first: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
