//! The CSP: superqueens, the consistency check, the backtracking that notes what it keeps.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The superqueens' CSP, the knight's jumps written as the pairs of columns they join.
pub(super) fn superqueens_csp(n: usize) -> Result<Csp, CspError> {
    let names: Vec<String> = (1..=n).map(|i| format!("V{i}")).collect();
    let mut constraints = Vec::new();
    for i in 1..=n {
        for j in i + 1..=n {
            constraints.push(format!("V{i} != V{j}"));
            constraints.push(format!("abs(V{j} - V{i}) != {}", j - i));
            match j - i {
                1 => constraints.push(format!("abs(V{i} - V{j}) != 2")),
                2 => constraints.push(format!("abs(V{i} - V{j}) != 1")),
                _ => {}
            }
        }
    }
    Csp::new(
        &names,
        (1..=n).map(|v| i64::try_from(v).unwrap()),
        &constraints,
    )
}

pub(super) fn is_consistent(csp: &Csp, assignment: &[Option<i64>], var: usize) -> bool {
    let values: Vec<i64> = assignment.iter().map(|v| v.unwrap_or(0)).collect();
    csp.constraints().iter().all(|c| {
        let vars = c.variables();
        !vars.contains(&var) || vars.iter().any(|&v| assignment[v].is_none()) || c.holds(&values)
    })
}

pub(super) fn backtracking(csp: &Csp, kept: &mut Vec<(usize, i64)>) -> Option<Vec<i64>> {
    fn go(
        csp: &Csp,
        assignment: &mut Vec<Option<i64>>,
        var: usize,
        kept: &mut Vec<(usize, i64)>,
    ) -> bool {
        if var == assignment.len() {
            return true;
        }
        for &value in csp.values() {
            assignment[var] = Some(value);
            if is_consistent(csp, assignment, var) {
                kept.push((var, value));
                if go(csp, assignment, var + 1, kept) {
                    return true;
                }
            }
        }
        assignment[var] = None;
        false
    }
    let mut assignment = vec![None; csp.variables().len()];
    go(csp, &mut assignment, 0, kept).then(|| assignment.into_iter().map(Option::unwrap).collect())
}

#[test]
fn the_csp_exercises_pass_when_right() {
    for report in [
        check_superqueens_csp(superqueens_csp),
        check_consistent(is_consistent),
        check_csp_backtracking(backtracking),
    ] {
        assert!(report.passed(), "{report}");
    }
    // The knight's jumps written as one constraint per pair: the same CSP.
    let joined = check_superqueens_csp(|n| {
        let names: Vec<String> = (1..=n).map(|i| format!("V{i}")).collect();
        let mut constraints = Vec::new();
        for i in 1..=n {
            for j in i + 1..=n {
                constraints.push(format!("V{j} != V{i}"));
                constraints.push(format!("abs(V{i} - V{j}) != {}", j - i));
                if j - i <= 2 {
                    constraints.push(format!("abs(V{i} - V{j}) + {} != 3", j - i));
                }
            }
        }
        Csp::new(
            &names,
            (1..=n).map(|v| i64::try_from(v).unwrap()),
            &constraints,
        )
    });
    assert!(joined.passed(), "{joined}");
}

#[test]
fn wrong_csp_answers_are_caught() {
    // The lecture's queens, without the knight's jumps: right for n = 1 and 2 only (two rows one
    // apart cannot be a jump of two columns on 2×2).
    let queens = check_superqueens_csp(|n| {
        let names: Vec<String> = (1..=n).map(|i| format!("V{i}")).collect();
        let constraints: Vec<String> = (1..=n)
            .flat_map(|i| {
                (i + 1..=n).flat_map(move |j| {
                    [
                        format!("V{i} != V{j}"),
                        format!("abs(V{j} - V{i}) != {}", j - i),
                    ]
                })
            })
            .collect();
        Csp::new(
            &names,
            (1..=n).map(|v| i64::try_from(v).unwrap()),
            &constraints,
        )
    });
    failed_with(&queens, "attack each other");
    assert_eq!(queens.parts(), Some((2, 8)));
    assert!(queens.picture().is_some());
    // Checking every constraint, assigned or not.
    let eager = check_consistent(|csp: &Csp, assignment: &[Option<i64>], _| {
        let values: Vec<i64> = assignment.iter().map(|v| v.unwrap_or(0)).collect();
        csp.constraints().iter().all(|c| c.holds(&values))
    });
    failed_with(&eager, "reference: true");
    // The first value everywhere.
    let naive = check_csp_backtracking(|csp: &Csp, _: &mut Vec<(usize, i64)>| {
        Some(vec![1; csp.variables().len()])
    });
    // (On one queen it is the answer, but the search it skipped keeps V1 = 1 first.)
    failed_with(&naive, "not the lecture's");
    assert_eq!(naive.parts(), Some((0, 8)));
    // A solution, but the search's last rather than its first.
    let backwards = check_csp_backtracking(|csp: &Csp, kept: &mut Vec<(usize, i64)>| {
        backtracking(csp, kept).map(|values| {
            values
                .iter()
                .map(|v| i64::try_from(csp.values().len()).unwrap() + 1 - v)
                .collect()
        })
    });
    failed_with(&backwards, "not the one the search finds first");
    // The right answers, by a search that notes nothing: every whole assignment tried in turn.
    let silent = check_csp_backtracking(|csp: &Csp, _: &mut Vec<(usize, i64)>| {
        backtracking(csp, &mut Vec::new())
    });
    failed_with(&silent, "not the lecture's");
    assert_eq!(silent.parts(), Some((0, 8)));
    // Noting every value tried, not only the ones that pass the check.
    let every = check_csp_backtracking(|csp: &Csp, kept: &mut Vec<(usize, i64)>| {
        let mut all = Vec::new();
        let answer = backtracking(csp, &mut all);
        for &(var, value) in &all {
            for v in csp.values().iter().copied().take_while(|&v| v < value) {
                kept.push((var, v));
            }
            kept.push((var, value));
        }
        answer
    });
    failed_with(&every, "noted by yours");
}
