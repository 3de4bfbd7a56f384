//! The clause builders: at most two, the wrapped diagonals, the torus.

#[allow(clippy::wildcard_imports)]
use super::*;

pub(super) fn at_most_one(variables: &[Variable]) -> Clauses {
    let mut clauses = Clauses::new();
    for (i, &p) in variables.iter().enumerate() {
        for &q in &variables[i + 1..] {
            if p != q {
                clauses.insert(Clause::from_iter([
                    Literal::negative(p),
                    Literal::negative(q),
                ]));
            }
        }
    }
    clauses
}

/// Every three different variables, by three nested loops over positions.
pub(super) fn at_most_two(variables: &[Variable]) -> Clauses {
    let mut clauses = Clauses::new();
    let n = variables.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let (a, b, c) = (variables[i], variables[j], variables[k]);
                if a != b && b != c && a != c {
                    clauses.insert(Clause::from_iter([a, b, c].map(Literal::negative)));
                }
            }
        }
    }
    clauses
}

/// A wrapped diagonal by walking it: from (1, 1 + k), one row down and one column right, the
/// column wrapping past n (falling), or left, wrapping below 1 (rising, from the square of row
/// 1 whose row + col is k mod n).
pub(super) fn wrapped(k: usize, n: usize, falling: bool) -> Vec<Variable> {
    let mut col = if falling {
        1 + k
    } else {
        match (k + n - 1) % n {
            0 => n,
            c => c,
        }
    };
    let mut out = Vec::new();
    for row in 1..=n {
        out.push(var(row, col));
        col = if falling {
            if col == n { 1 } else { col + 1 }
        } else if col == 1 {
            n
        } else {
            col - 1
        };
    }
    out
}

pub(super) fn wrapped_diagonal(k: usize, n: usize) -> Clauses {
    at_most_one(&wrapped(k, n, true))
}

pub(super) fn torus_clauses(n: usize) -> Clauses {
    let mut clauses = Clauses::new();
    for r in 1..=n {
        clauses.extend(at_most_one(&(1..=n).map(|c| var(r, c)).collect::<Vec<_>>()));
    }
    for c in 1..=n {
        clauses.insert((1..=n).map(|r| Literal::positive(var(r, c))).collect());
    }
    for k in 0..n {
        clauses.extend(at_most_one(&wrapped(k, n, true)));
        clauses.extend(at_most_one(&wrapped(k, n, false)));
    }
    clauses
}

#[test]
fn the_clause_builders_pass_when_right() {
    let two = check_at_most_two(at_most_two);
    assert!(two.passed(), "{two}");
    assert_eq!(
        at_most_two(&(1..=8).map(|c| var(1, c)).collect::<Vec<_>>()).len(),
        56
    );
    let diagonal = check_wrapped_diagonal(wrapped_diagonal);
    assert!(diagonal.passed(), "{diagonal}");
    let report = check_torus_clauses(torus_clauses);
    assert!(report.passed(), "{report}");
}
#[test]
fn torus_models_are_queens_that_no_wrapped_line_joins() {
    // Certificate: every model the solver finds for n = 5 and 7 has one queen per row and column,
    // and no two on a wrapped diagonal; 4, 6 and 8 have none (n must be prime to 6).
    for n in 4..=8 {
        let answer = dp::solve(&torus_clauses(n));
        assert_eq!(answer.contains_empty(), n % 2 == 0 || n % 3 == 0, "{n}");
        if answer.contains_empty() {
            continue;
        }
        let queens: Vec<(usize, usize)> = (1..=n)
            .flat_map(|r| (1..=n).map(move |c| (r, c)))
            .filter(|&(r, c)| answer.contains(&Clause::unit(Literal::positive(var(r, c)))))
            .collect();
        assert_eq!(queens.len(), n);
        for (i, &(r1, c1)) in queens.iter().enumerate() {
            for &(r2, c2) in &queens[i + 1..] {
                assert!(r1 != r2 && c1 != c2);
                assert_ne!((c1 + n - r1 % n) % n, (c2 + n - r2 % n) % n);
                assert_ne!((r1 + c1) % n, (r2 + c2) % n);
            }
        }
    }
}

#[test]
fn wrong_clause_builders_show_the_clause_that_differs() {
    // The lecture's at-most-one: pairs, not triples.
    let pairs = check_at_most_two(at_most_one);
    failed_with(&pairs, "not wanted");
    assert!(pairs.picture().is_some());
    // The diagonal of the ordinary board, not wrapped: the squares past the edge are missing.
    let plain = check_wrapped_diagonal(|k, n| {
        at_most_one(
            &(1..=n)
                .filter(|&r| r + k <= n)
                .map(|r| var(r, r + k))
                .collect::<Vec<_>>(),
        )
    });
    failed_with(&plain, "missing");
    // No column clauses: wrong for every n (n = 1 has one column clause too).
    let no_columns = check_torus_clauses(|n| {
        torus_clauses(n)
            .iter()
            .filter(|c| c.literals().iter().any(|l| l.is_negative()))
            .cloned()
            .collect()
    });
    failed_with(&no_columns, "missing");
    assert_eq!(no_columns.parts(), Some((0, 8)));
    // Right up to 4×4 only.
    let small = check_torus_clauses(|n| {
        if n <= 4 {
            torus_clauses(n)
        } else {
            Clauses::new()
        }
    });
    assert_eq!(small.parts(), Some((4, 8)));
}
