//! The solver's own small types: values per literal, reasons, and watch-list entries; and the
//! literal as a number, which Davis–Putnam's engine shares ([`crate::sat`]'s `Lit`).

pub(super) use crate::sat::Lit;

/// A literal's value (kept per literal, so that reading one is a single look-up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Value {
    True,
    False,
    Unassigned,
}

/// Why a literal is true: a decision (or a unit of the input), a stored clause, or a binary
/// clause, which is not stored (it lives in its two watch lists only) and is named by its other
/// literal. Packed in 32 bits: all ones for none, the top bit set for a binary clause's other
/// literal, a clause's number otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reason(u32);

/// What a [`Reason`] stands for, unpacked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Why {
    Decision,
    Clause(u32),
    Binary(Lit),
}

impl Reason {
    pub(super) const NONE: Reason = Reason(u32::MAX);
    const BINARY: u32 = 1 << 31;

    pub(super) fn clause(clause: u32) -> Reason {
        debug_assert!(clause < Self::BINARY);
        Reason(clause)
    }

    pub(super) fn binary(other: Lit) -> Reason {
        debug_assert!(other.0 < Self::BINARY - 1);
        Reason(other.0 | Self::BINARY)
    }

    pub(super) fn why(self) -> Why {
        match self.0 {
            u32::MAX => Why::Decision,
            r if r & Self::BINARY != 0 => Why::Binary(Lit(r & !Self::BINARY)),
            clause => Why::Clause(clause),
        }
    }

    pub(super) fn is_none(self) -> bool {
        self == Reason::NONE
    }
}

/// An entry of a watch list: the clause, and one of its other literals ("blocker"): when the
/// blocker is true, the clause is satisfied and need not be looked at. A binary clause has
/// nothing else: its blocker is the other literal, and it is not stored.
#[derive(Debug, Clone, Copy)]
pub(super) struct Watch {
    /// The clause's reference in the arena, or [`Watch::BINARY`].
    cref: u32,
    pub(super) blocker: Lit,
}

impl Watch {
    const BINARY: u32 = u32::MAX;

    pub(super) fn stored(cref: u32, blocker: Lit) -> Watch {
        debug_assert!(cref != Self::BINARY);
        Watch { cref, blocker }
    }

    pub(super) fn binary(other: Lit) -> Watch {
        Watch {
            cref: Self::BINARY,
            blocker: other,
        }
    }

    /// The stored clause watched, or `None` for a binary clause.
    pub(super) fn clause(self) -> Option<u32> {
        (self.cref != Self::BINARY).then_some(self.cref)
    }
}

/// For each literal, the clauses it occurs in, by their positions in some list of clauses, all
/// in one vector: literal `l`'s are `occurs[span(l)]`, in the list's order. The shortest-clause
/// rule keeps them for the input's long clauses, a walk for the clauses it walks on.
#[derive(Debug, Default)]
pub(super) struct Occurrences {
    starts: Vec<u32>,
    pub(super) occurs: Vec<u32>,
}

impl Occurrences {
    /// The occurrences in `count` clauses over the literals `0..literals`, clause `i`'s
    /// literals given by `clause(i)` (called twice for each: to count, then to place).
    pub(super) fn new<I: Iterator<Item = Lit>>(
        literals: usize,
        count: usize,
        clause: impl Fn(usize) -> I,
    ) -> Self {
        let mut starts = vec![0u32; literals + 1];
        for i in 0..count {
            for lit in clause(i) {
                starts[lit.index() + 1] += 1;
            }
        }
        for l in 1..starts.len() {
            starts[l] += starts[l - 1];
        }
        let mut next = starts.clone();
        let mut occurs = vec![0; starts.last().copied().unwrap_or(0) as usize];
        for i in 0..count {
            for lit in clause(i) {
                let slot = &mut next[lit.index()];
                occurs[*slot as usize] = u32::try_from(i).unwrap_or(u32::MAX);
                *slot += 1;
            }
        }
        Occurrences { starts, occurs }
    }

    /// Where a literal's clauses are in [`occurs`](Self::occurs).
    pub(super) fn span(&self, lit: Lit) -> std::ops::Range<usize> {
        self.starts[lit.index()] as usize..self.starts[lit.index() + 1] as usize
    }

    /// Whether there are none (not built).
    pub(super) fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_round_trip_through_dimacs() {
        for n in [1, -1, 7, -7, 1000, -1000] {
            assert_eq!(Lit::from_dimacs(n).to_dimacs(), n);
        }
        assert_eq!(!Lit::from_dimacs(3), Lit::from_dimacs(-3));
    }

    #[test]
    fn occurrences_list_each_literals_clauses_in_order() {
        let clauses = [
            vec![Lit(0), Lit(3)],
            vec![Lit(3), Lit(1), Lit(0)],
            vec![Lit(2)],
        ];
        let occurrences = Occurrences::new(4, clauses.len(), |i| clauses[i].iter().copied());
        let of = |l: u32| &occurrences.occurs[occurrences.span(Lit(l))];
        assert_eq!(
            (of(0), of(1), of(2), of(3)),
            (&[0, 1][..], &[1][..], &[2][..], &[0, 1][..])
        );
        assert!(!occurrences.is_empty() && Occurrences::default().is_empty());
    }

    #[test]
    fn reasons_unpack_as_packed() {
        assert_eq!(Reason::NONE.why(), Why::Decision);
        assert_eq!(Reason::clause(0).why(), Why::Clause(0));
        assert_eq!(Reason::clause(7).why(), Why::Clause(7));
        let lit = Lit::from_dimacs(-5);
        assert_eq!(Reason::binary(lit).why(), Why::Binary(lit));
        assert!(Reason::NONE.is_none() && !Reason::binary(Lit(0)).is_none());
    }
}
