//! DRAT proofs of unsatisfiability: written as text, and checked forward by a checker that is
//! independent of the solver.
//!
//! A proof is a list of clauses added and deleted. Each added clause must follow from the
//! clauses present at that point by *reverse unit propagation* (RUP): assume every literal of the
//! clause false, propagate unit clauses, and a clause must become false. A proof is accepted when
//! it adds the empty clause that way. Clauses learnt by CDCL always pass RUP, so the RAT part of
//! DRAT (which proofs with new variables need) is not checked: a step that is not RUP is
//! rejected. The propagation here is the plain one, clause by clause until nothing changes: slow,
//! and simple enough to trust.

use std::collections::HashMap;
use std::io::{self, Write};

use super::ProofStep;

/// Writes a proof as DRAT text, a step a line (`d ` before a deletion, `0` at the end), each
/// literal numbered by `number`: the identity, or the way back to a file's own numbers (see
/// [`Dense::file_literal`](crate::logic::dimacs::Dense::file_literal)).
///
/// ```
/// use nqueens::cdcl::{ProofStep, drat};
/// let proof = [ProofStep::Add(vec![2]), ProofStep::Delete(vec![1, 2]), ProofStep::Add(vec![])];
/// let mut text = Vec::new();
/// drat::write(&proof, |l| i64::from(l) * 10, &mut text)?;
/// assert_eq!(String::from_utf8(text).unwrap(), "20 0\nd 10 20 0\n0\n");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// As the writer's.
pub fn write(
    proof: &[ProofStep],
    number: impl Fn(i32) -> i64,
    mut out: impl Write,
) -> io::Result<()> {
    let mut line = String::new();
    for step in proof {
        let (prefix, literals) = match step {
            ProofStep::Add(literals) => ("", literals),
            ProofStep::Delete(literals) => ("d ", literals),
        };
        line.clear();
        line.push_str(prefix);
        for &l in literals {
            line.push_str(&number(l).to_string());
            line.push(' ');
        }
        line.push_str("0\n");
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

/// Checks a proof for clauses over variables `1..=variables` (DIMACS numbers).
///
/// # Errors
/// Which step is not implied by unit propagation, or that the proof never derives the empty
/// clause.
pub fn check(variables: usize, clauses: &[Vec<i32>], proof: &[ProofStep]) -> Result<(), String> {
    let mut store: Vec<Option<Vec<i32>>> = clauses.iter().cloned().map(Some).collect();
    let mut index: HashMap<Vec<i32>, Vec<usize>> = HashMap::new();
    for (i, clause) in clauses.iter().enumerate() {
        index.entry(sorted(clause)).or_default().push(i);
    }
    for (step_number, step) in proof.iter().enumerate() {
        match step {
            ProofStep::Add(clause) => {
                if !implied(variables, &store, clause) {
                    return Err(format!(
                        "step {}: the clause {clause:?} does not follow by unit propagation",
                        step_number + 1
                    ));
                }
                if clause.is_empty() {
                    return Ok(());
                }
                index.entry(sorted(clause)).or_default().push(store.len());
                store.push(Some(clause.clone()));
            }
            ProofStep::Delete(clause) => {
                if let Some(i) = index.get_mut(&sorted(clause)).and_then(Vec::pop) {
                    store[i] = None;
                }
            }
        }
    }
    Err("the proof never derives the empty clause".to_owned())
}

fn sorted(clause: &[i32]) -> Vec<i32> {
    let mut c = clause.to_vec();
    c.sort_unstable();
    c.dedup();
    c
}

/// Whether assuming every literal of `clause` false makes unit propagation reach a conflict.
fn implied(variables: usize, store: &[Option<Vec<i32>>], clause: &[i32]) -> bool {
    // value[v]: 0 unassigned, 1 true, -1 false.
    let mut value = vec![0_i8; variables + 1];
    let var = |l: i32| l.unsigned_abs() as usize;
    let truth = |value: &[i8], l: i32| {
        let v = value[var(l)];
        if l < 0 { -v } else { v }
    };
    for &l in clause {
        if var(l) > variables {
            return false;
        }
        if truth(&value, l) == 1 {
            // The clause holds a literal and its complement: a tautology follows from anything.
            return true;
        }
        value[var(l)] = if l < 0 { 1 } else { -1 };
    }
    loop {
        let mut changed = false;
        for c in store.iter().flatten() {
            let mut free = None;
            let mut open = 0;
            let mut satisfied = false;
            for &l in c {
                if var(l) > variables {
                    continue;
                }
                match truth(&value, l) {
                    1 => {
                        satisfied = true;
                        break;
                    }
                    0 => {
                        open += 1;
                        free = Some(l);
                    }
                    _ => {}
                }
            }
            if satisfied {
                continue;
            }
            match (open, free) {
                (0, _) => return true,
                (1, Some(l)) => {
                    value[var(l)] = if l < 0 { -1 } else { 1 };
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ProofStep::{Add, Delete};
    use super::*;

    #[test]
    fn a_correct_proof_is_accepted_and_a_wrong_one_rejected() {
        // (p ∨ q)(¬p ∨ q)(p ∨ ¬q)(¬p ∨ ¬q)
        let clauses = vec![vec![1, 2], vec![-1, 2], vec![1, -2], vec![-1, -2]];
        assert!(check(2, &clauses, &[Add(vec![2]), Add(vec![])]).is_ok());
        // {p} does not follow by unit propagation from the first two clauses alone.
        let two = &clauses[..2];
        assert!(check(2, two, &[Add(vec![1]), Add(vec![])]).is_err());
        // No empty clause at the end.
        assert!(check(2, &clauses, &[Add(vec![2])]).is_err());
        // Deleting a clause the next step needs breaks the proof.
        let broken = [Delete(vec![-1, 2]), Delete(vec![1, 2]), Add(vec![2])];
        assert!(check(2, &clauses, &broken).is_err());
    }
}
