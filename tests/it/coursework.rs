//! The checkers of the nbgrader assignments: each passes a correct answer written here
//! independently of the crate, rejects wrong ones with the first counterexample, and gives the
//! partial credit it promises.

// Run twice: with the library whole, and as the coursework's kit compiles it (no `solvers`:
// the checkers answer from their committed table), where the tests that need a solver or a
// hidden test are left out.
#![cfg_attr(not(feature = "solvers"), allow(unused_imports, dead_code))]

use nqueens::backtrack::Grid;
use nqueens::csp::{Csp, CspError};
use nqueens::exercises::{
    Report, check_at_most_two, check_complete_board, check_consistent, check_count,
    check_csp_backtracking, check_evolve, check_next_generation, check_queen_attacks, check_solve,
    check_superqueens_csp, check_torus_clauses, check_wrapped_diagonal,
};
use nqueens::logic::{Clause, Clauses, Literal, Variable};
use nqueens::queens::var;
use nqueens::{Piece, Square, dp};

fn failed_with(report: &Report, words: &str) {
    assert!(!report.passed(), "{report}");
    assert!(report.text().contains(words), "{report}");
}

// ---- backtracking ----

/// What a queen attacks, step by step along each of the eight lines, stopping on a queen.
fn queen_attacks(square: Square, grid: &Grid) -> Vec<Square> {
    let n = grid.len();
    let mut seen = Vec::new();
    for dr in -1..=1_isize {
        for dc in -1..=1_isize {
            if (dr, dc) == (0, 0) {
                continue;
            }
            let (mut r, mut c) = (square.row, square.col);
            while let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) {
                if nr == 0 || nc == 0 || nr > n || nc > n {
                    break;
                }
                seen.push(Square::new(nr, nc));
                if grid[nr - 1][nc - 1] {
                    break;
                }
                (r, c) = (nr, nc);
            }
        }
    }
    seen
}

/// The fill on a board that may hold queens, kept as a list of queens: a square is free when no
/// queen shares its column or a diagonal (its row is empty, or it would be skipped).
fn complete(grid: &Grid, placed: &mut Vec<Square>) -> Option<Grid> {
    fn go(
        queens: &mut Vec<(usize, usize)>,
        row: usize,
        n: usize,
        placed: &mut Vec<Square>,
    ) -> bool {
        if row == n {
            return true;
        }
        if queens.iter().any(|&(r, _)| r == row) {
            return go(queens, row + 1, n, placed);
        }
        for c in 0..n {
            if queens
                .iter()
                .all(|&(r, q)| q != c && r.abs_diff(row) != q.abs_diff(c))
            {
                placed.push(Square::new(row + 1, c + 1));
                queens.push((row, c));
                if go(queens, row + 1, n, placed) {
                    return true;
                }
                queens.pop();
            }
        }
        false
    }
    let n = grid.len();
    let mut queens: Vec<(usize, usize)> = (0..n)
        .flat_map(|r| (0..n).filter(move |&c| grid[r][c]).map(move |c| (r, c)))
        .collect();
    go(&mut queens, 0, n, placed).then(|| {
        let mut out = vec![vec![false; n]; n];
        for (r, c) in queens {
            out[r][c] = true;
        }
        out
    })
}

#[cfg(test)]
fn fill(n: usize) -> Option<Grid> {
    complete(&vec![vec![false; n]; n], &mut Vec::new())
}

#[test]
fn queen_attacks_and_the_completion_pass_when_right() {
    let attacks = check_queen_attacks(queen_attacks);
    assert!(attacks.passed(), "{attacks}");
    assert!(attacks.checked() > 500, "{}", attacks.checked());
    let report = check_complete_board(complete);
    assert!(report.passed(), "{report}");
    assert_eq!(report.parts(), Some((11, 11)));
    assert!((report.points(4.0) - 4.0).abs() < 1e-12);
}

#[test]
fn a_queen_that_sees_through_other_queens_is_caught() {
    let through =
        check_queen_attacks(|square: Square, grid: &Grid| Piece::Queen.sees(square, grid.len()));
    failed_with(&through, "not seen:");
    assert!(through.picture().is_some(), "the board is drawn");
    // Stopping before the first queen: it cannot be taken then.
    let short = check_queen_attacks(|square: Square, grid: &Grid| {
        queen_attacks(square, grid)
            .into_iter()
            .filter(|s| !grid[s.row - 1][s.col - 1])
            .collect()
    });
    failed_with(&short, "missing:");
}

#[test]
fn a_completion_that_ignores_diagonals_earns_nothing_and_a_partial_one_earns_its_share() {
    // Queens on the main diagonal: right only for 1×1, which a constant answers too.
    let report = check_complete_board(|grid: &Grid, _: &mut Vec<Square>| {
        let n = grid.len();
        Some((0..n).map(|r| (0..n).map(|c| r == c).collect()).collect())
    });
    failed_with(&report, "not the lecture's");
    assert_eq!(report.parts(), Some((0, 11)));
    assert!(report.picture().is_some(), "the wrong board is drawn");
    assert!(std::panic::catch_unwind(|| report.grade()).is_err());
    // `None` everywhere is the answer for 2×2, 3×3 and the 6×6 with a corner queen, but the
    // search that finds it out places queens on the way: nothing noted, nothing earned.
    let none = check_complete_board(|_: &Grid, _: &mut Vec<Square>| None);
    assert_eq!(none.parts(), Some((0, 11)));
    failed_with(&none, "returned None");
    // Right on empty boards up to 6×6 only, then nothing.
    let short = check_complete_board(|grid: &Grid, placed: &mut Vec<Square>| {
        let empty = grid.iter().all(|row| row.iter().all(|&q| !q));
        if grid.len() <= 6 && empty {
            complete(grid, placed)
        } else {
            None
        }
    });
    assert_eq!(short.parts(), Some((6, 11)));
    let stub = check_complete_board(|_: &Grid, _: &mut Vec<Square>| todo!());
    assert_eq!(stub.parts(), Some((0, 11)));
    assert!(std::panic::catch_unwind(|| stub.points(4.0)).is_err());
}

#[test]
fn a_completion_must_search_as_the_lecture_does() {
    // Columns tried from the right: a solution, the mirror image of the first.
    let mirrored = check_complete_board(|grid: &Grid, placed: &mut Vec<Square>| {
        let flipped: Grid = grid
            .iter()
            .map(|row| row.iter().rev().copied().collect())
            .collect();
        complete(&flipped, placed).map(|g| {
            g.into_iter()
                .map(|row| row.into_iter().rev().collect())
                .collect()
        })
    });
    failed_with(&mirrored, "not the board the search finds first");
    // The right boards, found without noting the queens placed: every try of whole boards does.
    let silent =
        check_complete_board(|grid: &Grid, _: &mut Vec<Square>| complete(grid, &mut Vec::new()));
    failed_with(&silent, "not the lecture's");
    assert_eq!(silent.parts(), Some((0, 11)), "{silent}");
    // Only the queens of the answer noted, not the ones taken back.
    let kept = check_complete_board(|grid: &Grid, placed: &mut Vec<Square>| {
        let answer = complete(grid, &mut Vec::new())?;
        for (r, row) in answer.iter().enumerate() {
            if let Some(c) = row.iter().position(|&q| q)
                && !grid[r][c]
            {
                placed.push(Square::new(r + 1, c + 1));
            }
        }
        Some(answer)
    });
    failed_with(&kept, "queen placed number");
    // An independent reference: the first of the row-by-row enumeration is 1 5 8 6 3 7 2 4.
    let eight = fill(8).unwrap();
    let columns: Vec<usize> = eight
        .iter()
        .map(|row| row.iter().position(|&q| q).unwrap() + 1)
        .collect();
    assert_eq!(columns, vec![1, 5, 8, 6, 3, 7, 2, 4]);
}

#[cfg(feature = "solvers")]
#[test]
fn hidden_tests_draw_new_boards_from_the_seed_and_say_so() {
    use nqueens::exercises::hidden;
    let a = hidden::check_complete_board(complete, 11);
    assert!(a.passed(), "{a}");
    assert!(a.text().starts_with("✔ Hidden test: "), "{a}");
    assert!(
        !a.text().contains("seed"),
        "the feedback does not name the seed: {a}"
    );
    assert!(a.text().contains("drawn when graded"));
    // The same seed, the same boards; another seed, other boards (for some seed nearby).
    assert_eq!(a.text(), hidden::check_complete_board(complete, 11).text());
    // A table of the visible boards fails the hidden ones, which are larger than 8×8.
    let table = |grid: &Grid, placed: &mut Vec<Square>| {
        if grid.len() <= 8 {
            complete(grid, placed)
        } else {
            None
        }
    };
    assert!(check_complete_board(table).passed());
    let hidden_report = hidden::check_complete_board(table, 11);
    assert_eq!(hidden_report.parts().map(|(_, total)| total), Some(2));
    assert!(!hidden_report.passed());
    // Outside a hidden test, the checkers are back on the visible inputs.
    assert!(check_complete_board(complete).text().contains("1×1 to 8×8"));
}

#[test]
fn a_pending_hidden_test_shows_a_note_and_neither_passes_nor_fails() {
    let pending = nqueens::exercises::hidden::pending("count");
    assert!(pending.is_pending() && !pending.passed());
    assert!(pending.text().contains("hidden tests"));
    pending.grade();
    assert!(pending.points(2.0).abs() < 1e-12);
}

#[test]
fn the_pre_homework_loop_is_checked_row_by_row() {
    assert!(check_evolve(evolve).passed());
    // One step short: the classic off-by-one.
    let short = check_evolve(|first: &[u8], steps: usize| evolve(first, steps.saturating_sub(1)));
    failed_with(&short, "expected (the first row and");
    assert!(short.picture().is_some());
}

// ---- clauses ----

fn at_most_one(variables: &[Variable]) -> Clauses {
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
fn at_most_two(variables: &[Variable]) -> Clauses {
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
fn wrapped(k: usize, n: usize, falling: bool) -> Vec<Variable> {
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

fn wrapped_diagonal(k: usize, n: usize) -> Clauses {
    at_most_one(&wrapped(k, n, true))
}

fn torus_clauses(n: usize) -> Clauses {
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

#[cfg(feature = "solvers")]
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

// ---- Davis–Putnam ----

fn saturate(clauses: &Clauses) -> Clauses {
    let mut set = clauses.clone();
    let mut used = Vec::new();
    while let Some(l) = set
        .iter()
        .filter_map(Clause::as_unit)
        .find(|l| !used.contains(l))
    {
        used.push(l);
        set = dp::reduce(&set, l);
    }
    set
}

/// The lecture's search with the Jeroslow–Wang choice, written here: the literal of highest
/// score `Σ 2^−|C|` over the clauses of two or more literals, the first in the order of literals
/// on a tie; each split noted.
fn solve(clauses: &Clauses, splits: &mut Vec<Literal>) -> Clauses {
    let set = saturate(clauses);
    if set.contains_empty() {
        return Clauses::falsum();
    }
    let mut scores: Vec<(Literal, f64)> = Vec::new();
    for clause in set.iter().filter(|c| c.len() >= 2) {
        for &l in clause {
            let weight = 0.5_f64.powi(i32::try_from(clause.len()).unwrap());
            match scores.iter_mut().find(|(m, _)| *m == l) {
                Some((_, s)) => *s += weight,
                None => scores.push((l, weight)),
            }
        }
    }
    scores.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let Some(&(l, _)) = scores.first() else {
        return set;
    };
    for choice in [l, !l] {
        splits.push(choice);
        let mut next = set.clone();
        next.insert(Clause::unit(choice));
        let answer = solve(&next, splits);
        if !answer.contains_empty() {
            return answer;
        }
    }
    Clauses::falsum()
}

#[test]
fn solve_passes_when_right() {
    let report = check_solve(solve);
    assert!(report.passed(), "{report}");
    assert_eq!(report.checked(), 43);
}

#[cfg(feature = "solvers")]
#[test]
fn wrong_solves_are_caught() {
    // Always "unsatisfiable".
    let pessimist = check_solve(|_: &Clauses, _: &mut Vec<Literal>| Clauses::falsum());
    failed_with(&pessimist, "have a model");
    assert!(
        pessimist.picture().is_some(),
        "the reference's search is drawn"
    );
    // The saturated set without splitting: not a set of unit clauses.
    let lazy = check_solve(|c: &Clauses, _: &mut Vec<Literal>| saturate(c));
    failed_with(&lazy, "unit");
    // A right answer by another search (the library's, first variable): the splits give it away.
    let other = check_solve(|c: &Clauses, _: &mut Vec<Literal>| dp::solve(c));
    failed_with(&other, "not the lecture's");
    // A table of truth values: every model of the variables tried in turn, the splits unnoted.
    let table = check_solve(|c: &Clauses, _: &mut Vec<Literal>| {
        let vars: Vec<Variable> = c.variables().into_iter().collect();
        for bits in 0..1u32 << vars.len() {
            let model: Clauses = vars
                .iter()
                .enumerate()
                .map(|(i, &v)| Clause::unit(Literal::new(v, bits >> i & 1 == 1)))
                .collect();
            if c.iter()
                .all(|clause| clause.iter().any(|l| model.contains(&Clause::unit(*l))))
            {
                return model;
            }
        }
        Clauses::falsum()
    });
    failed_with(&table, "not the lecture's");
    // The first variable instead of the highest score.
    let first = check_solve(|c: &Clauses, splits: &mut Vec<Literal>| {
        fn go(c: &Clauses, splits: &mut Vec<Literal>) -> Clauses {
            let set = saturate(c);
            if set.contains_empty() {
                return Clauses::falsum();
            }
            let Some(l) = dp::select_literal(&set, dp::Heuristic::FirstVariable) else {
                return set;
            };
            for choice in [l, !l] {
                splits.push(choice);
                let mut next = set.clone();
                next.insert(Clause::unit(choice));
                let answer = go(&next, splits);
                if !answer.contains_empty() {
                    return answer;
                }
            }
            Clauses::falsum()
        }
        go(c, splits)
    });
    failed_with(&first, "split number");
}

// ---- the CSP ----

/// The superqueens' CSP, the knight's jumps written as the pairs of columns they join.
fn superqueens_csp(n: usize) -> Result<Csp, CspError> {
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

fn is_consistent(csp: &Csp, assignment: &[Option<i64>], var: usize) -> bool {
    let values: Vec<i64> = assignment.iter().map(|v| v.unwrap_or(0)).collect();
    csp.constraints().iter().all(|c| {
        let vars = c.variables();
        !vars.contains(&var) || vars.iter().any(|&v| assignment[v].is_none()) || c.holds(&values)
    })
}

fn backtracking(csp: &Csp, kept: &mut Vec<(usize, i64)>) -> Option<Vec<i64>> {
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

// ---- counting ----

/// The count on a board with holes, written as a student would: the columns of each row tried
/// one by one against a list of the queens above (no bitboards), the holes looked up in their
/// list. The nodes are the queens it places.
fn count(n: usize, holes: &[Square], nodes: &mut u64) -> u64 {
    fn go(n: usize, holes: &[Square], queens: &mut Vec<usize>, nodes: &mut u64) -> u64 {
        let row = queens.len() + 1;
        if row > n {
            return 1;
        }
        let mut total = 0;
        for col in 1..=n {
            let attacked = queens
                .iter()
                .enumerate()
                .any(|(i, &c)| c == col || (i + 1).abs_diff(row) == c.abs_diff(col));
            if !attacked && !holes.contains(&Square::new(row, col)) {
                *nodes += 1;
                queens.push(col);
                total += go(n, holes, queens, nodes);
                queens.pop();
            }
        }
        total
    }
    go(n, holes, &mut Vec::new(), nodes)
}

/// Brute force: every way to put one queen in each row, counted when no two attack and none
/// stands on a hole; and the nodes, every placement of the first k rows that passes, k = 1 to n.
fn count_by_brute_force(n: usize, holes: &[Square]) -> (u64, u64) {
    let fits = |cols: &[usize]| {
        let row = cols.len();
        let col = cols[row - 1];
        !holes.contains(&Square::new(row, col))
            && cols[..row - 1]
                .iter()
                .enumerate()
                .all(|(i, &c)| c != col && (i + 1).abs_diff(row) != c.abs_diff(col))
    };
    let (mut solutions, mut nodes) = (0, 0);
    let mut layer: Vec<Vec<usize>> = vec![Vec::new()];
    for _ in 0..n {
        layer = layer
            .into_iter()
            .flat_map(|cols| {
                (1..=n).map(move |c| {
                    let mut next = cols.clone();
                    next.push(c);
                    next
                })
            })
            .filter(|cols| fits(cols))
            .collect();
        nodes += layer.len() as u64;
    }
    solutions += layer.len() as u64;
    (solutions, nodes)
}

#[cfg(feature = "solvers")]
#[test]
fn counting_is_checked_board_by_board_with_its_nodes() {
    // The plain count agrees with brute force on every visible board, holes and nodes alike.
    for (n, holes) in nqueens::exercises::count_boards() {
        let mut nodes = 0;
        let found = count(n, &holes, &mut nodes);
        assert_eq!(
            (found, nodes),
            count_by_brute_force(n, &holes),
            "n = {n}, {holes:?}"
        );
    }
    let report = check_count(count);
    assert!(report.passed(), "{report}");
    assert_eq!(report.parts(), Some((20, 20)));
    assert!(
        report.text().contains("724"),
        "the student's own counts are listed"
    );
    // Four boards of 9×9 to 12×12 with holes, when hidden.
    let hidden = nqueens::exercises::hidden::check_count(count, 5);
    assert!(hidden.passed(), "{hidden}");
    assert_eq!(hidden.parts(), Some((4, 4)));
    // A table of the visible answers: nothing for the hidden boards.
    let visible: Vec<(nqueens::exercises::Holed, (u64, u64))> = nqueens::exercises::count_boards()
        .into_iter()
        .map(|(n, holes)| {
            let answer = count_by_brute_force(n, &holes);
            ((n, holes), answer)
        })
        .collect();
    let table = |n: usize, holes: &[Square], nodes: &mut u64| {
        let found = visible.iter().find(|((m, h), _)| *m == n && h == holes);
        let (count, noted) = found.map_or((0, 0), |(_, answer)| *answer);
        *nodes += noted;
        count
    };
    assert!(check_count(table).passed());
    let tabled = nqueens::exercises::hidden::check_count(table, 5);
    assert_eq!(tabled.parts(), Some((0, 4)));
    failed_with(&tabled, "too few");
    // Holes ignored: right on the ten empty boards only.
    let no_holes = |n: usize, _: &[Square], nodes: &mut u64| count(n, &[], nodes);
    assert_eq!(check_count(no_holes).parts(), Some((10, 20)));
    assert_eq!(
        nqueens::exercises::hidden::check_count(no_holes, 5).parts(),
        Some((0, 4))
    );
    // The right counts with nodes of another search (a queen counted only when its board is
    // finished): the count is right, the nodes are not.
    let finished_only = |n: usize, holes: &[Square], nodes: &mut u64| {
        let found = count(n, holes, &mut 0);
        *nodes += found;
        found
    };
    let report = check_count(finished_only);
    failed_with(&report, "nodes: too few");
    // Zero for every board: right for 2×2 and 3×3, which a constant answers, so nothing.
    let zero = check_count(|_, _, _| 0);
    assert_eq!(zero.parts().map(|(right, _)| right), Some(0));
    assert!(
        !zero.text().contains("724"),
        "the report does not give the reference's counts"
    );
}

// ---- symmetry ----

/// The eight symmetries, written out as a student would, each a map of (row, col) on an n×n
/// board: the identity, three turns, four mirrors.
type SquareMap = fn(usize, usize, usize) -> (usize, usize);

fn symmetric_images(squares: &[Square], n: usize) -> Vec<Vec<Square>> {
    let maps: [SquareMap; 8] = [
        |r, c, _| (r, c),
        |r, c, n| (c, n + 1 - r),
        |r, c, n| (n + 1 - r, n + 1 - c),
        |r, c, n| (n + 1 - c, r),
        |r, c, n| (r, n + 1 - c),
        |r, c, n| (n + 1 - r, c),
        |r, c, _| (c, r),
        |r, c, n| (n + 1 - c, n + 1 - r),
    ];
    maps.iter()
        .map(|map| {
            let mut image: Vec<Square> = squares
                .iter()
                .map(|s| {
                    let (row, col) = map(s.row, s.col, n);
                    Square::new(row, col)
                })
                .collect();
            image.sort_by_key(|s| (s.row, s.col));
            image
        })
        .collect()
}

fn canonical(squares: &[Square], n: usize) -> Vec<Square> {
    symmetric_images(squares, n).into_iter().min().unwrap()
}

fn class_size(squares: &[Square], n: usize) -> usize {
    let mut images = symmetric_images(squares, n);
    images.sort();
    images.dedup();
    images.len()
}

/// Every solution of n queens avoiding the holes, by trying every ordering of the columns.
fn solutions_by_brute_force(n: usize, holes: &[Square]) -> Vec<Vec<Square>> {
    fn orderings(rest: &mut Vec<usize>, taken: &mut Vec<usize>, all: &mut Vec<Vec<usize>>) {
        if rest.is_empty() {
            all.push(taken.clone());
        }
        for i in 0..rest.len() {
            let c = rest.remove(i);
            taken.push(c);
            orderings(rest, taken, all);
            taken.pop();
            rest.insert(i, c);
        }
    }
    let mut all = Vec::new();
    orderings(&mut (1..=n).collect(), &mut Vec::new(), &mut all);
    all.into_iter()
        .filter(|cols| {
            (0..n).all(|i| {
                !holes.contains(&Square::new(i + 1, cols[i]))
                    && (0..i).all(|j| (i - j) != cols[i].abs_diff(cols[j]))
            })
        })
        .map(|cols| {
            cols.iter()
                .enumerate()
                .map(|(i, &c)| Square::new(i + 1, c))
                .collect()
        })
        .collect()
}

/// The classes as a student would count them: the distinct canonical forms of the solutions.
fn classes(n: usize, holes: &[Square]) -> u64 {
    fn search(n: usize, holes: &[Square], columns: &mut Vec<usize>, out: &mut Vec<Vec<Square>>) {
        let row = columns.len() + 1;
        if row > n {
            let squares: Vec<Square> = columns
                .iter()
                .enumerate()
                .map(|(i, &c)| Square::new(i + 1, c))
                .collect();
            out.push(canonical(&squares, n));
            return;
        }
        for col in 1..=n {
            let free = !holes.contains(&Square::new(row, col))
                && columns
                    .iter()
                    .enumerate()
                    .all(|(i, &c)| c != col && (i + 1).abs_diff(row) != c.abs_diff(col));
            if free {
                columns.push(col);
                search(n, holes, columns, out);
                columns.pop();
            }
        }
    }
    let mut forms: Vec<Vec<Square>> = Vec::new();
    search(n, holes, &mut Vec::new(), &mut forms);
    forms.sort();
    forms.dedup();
    forms.len() as u64
}

#[cfg(feature = "solvers")]
#[test]
fn symmetry_is_checked_on_any_board_and_classes_agree_with_brute_force() {
    use nqueens::exercises::{check_canonical, check_class_size, check_classes, hidden};
    // The classes the checker expects are the distinct canonical forms of every solution found by
    // trying every ordering of the columns (boards up to 8×8).
    for (n, holes) in nqueens::exercises::class_boards() {
        let mut forms: Vec<Vec<Square>> = solutions_by_brute_force(n, &holes)
            .iter()
            .map(|s| canonical(s, n))
            .collect();
        forms.sort();
        forms.dedup();
        assert_eq!(forms.len() as u64, classes(n, &holes), "n = {n}, {holes:?}");
    }
    for report in [
        check_canonical(canonical),
        hidden::check_canonical(canonical, 4),
        check_class_size(class_size),
        hidden::check_class_size(class_size, 4),
        check_classes(classes),
        hidden::check_classes(classes, 4),
    ] {
        assert!(report.passed(), "{report}");
    }
    assert_eq!(check_classes(classes).parts(), Some((14, 14)));
    // The least image, but its squares in the order of the board given: not in order.
    let unsorted = |squares: &[Square], n: usize| {
        let least = canonical(squares, n);
        let mut out = least.clone();
        out.reverse();
        out
    };
    failed_with(
        &check_canonical(unsorted),
        "not listed by row and then column",
    );
    // The greatest image instead of the least.
    let greatest =
        |squares: &[Square], n: usize| symmetric_images(squares, n).into_iter().max().unwrap();
    failed_with(&check_canonical(greatest), "not the least");
    // Only the turns: a board symmetric under a mirror but not a turn gets a size too large.
    let turns_only = |squares: &[Square], n: usize| {
        let mut images: Vec<Vec<Square>> = symmetric_images(squares, n)[..4].to_vec();
        images.sort();
        images.dedup();
        images.len() * 2
    };
    failed_with(&check_class_size(turns_only), "too");
    // Every solution divided by eight: wrong where a class has fewer than eight members.
    let divided = |n: usize, holes: &[Square]| count(n, holes, &mut 0).div_ceil(8);
    let report = check_classes(divided);
    assert!(!report.passed());
    // The holes forgotten: right on the empty boards only, and on none of the hidden boards.
    let no_holes = |n: usize, _: &[Square]| classes(n, &[]);
    assert_eq!(check_classes(no_holes).parts(), Some((8, 14)));
    assert_eq!(hidden::check_classes(no_holes, 4).parts(), Some((0, 3)));
    failed_with(&hidden::check_classes(no_holes, 4), "too many");
}

// ---- huge boards ----

/// The queens on each line as a student would count them: columns, falling and rising
/// diagonals, leaving out the queen of row `skip` (0: none).
fn queens_per_line(columns: &[usize], skip: usize) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
    let n = columns.len();
    let (mut cols, mut falling, mut rising) = (vec![0; n + 1], vec![0; 2 * n], vec![0; 2 * n + 1]);
    for (i, &c) in columns.iter().enumerate() {
        if i + 1 != skip {
            cols[c] += 1;
            falling[i + n - c] += 1;
            rising[i + 1 + c] += 1;
        }
    }
    (cols, falling, rising)
}

fn attacking_pairs(columns: &[usize]) -> u64 {
    let (cols, falling, rising) = queens_per_line(columns, 0);
    cols.iter()
        .chain(&falling)
        .chain(&rising)
        .map(|&k| k * k.saturating_sub(1) / 2)
        .sum()
}

fn best_column(columns: &[usize], row: usize) -> usize {
    let n = columns.len();
    let (cols, falling, rising) = queens_per_line(columns, row);
    let mut best = 1;
    for c in 1..=n {
        let here = cols[c] + falling[row - 1 + n - c] + rising[row + c];
        let there = cols[best] + falling[row - 1 + n - best] + rising[row + best];
        if here < there {
            best = c;
        }
    }
    best
}

fn greedy_start(n: usize) -> Vec<usize> {
    let mut placed: Vec<usize> = Vec::new();
    let (mut cols, mut falling, mut rising) = (vec![0; n + 1], vec![0; 2 * n], vec![0; 2 * n + 1]);
    for row in 1..=n {
        let attackers = |c: usize| cols[c] + falling[row - 1 + n - c] + rising[row + c];
        let best = (1..=n).fold(1, |b, c| if attackers(c) < attackers(b) { c } else { b });
        cols[best] += 1;
        falling[row - 1 + n - best] += 1;
        rising[row + best] += 1;
        placed.push(best);
    }
    placed
}

/// Whether two queens of different rows attack each other.
fn attack(a: (usize, usize), b: (usize, usize)) -> bool {
    a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
}

#[cfg(feature = "solvers")]
#[test]
fn huge_board_tasks_agree_with_pairwise_counts_and_need_one_pass() {
    use nqueens::exercises::{
        board_of, check_attacking_pairs, check_best_column, check_greedy_start, hidden,
    };
    // Certificates on the small boards: every pair compared, every column tried.
    for rows in nqueens::exercises::pair_boards()
        .iter()
        .filter(|r| r.0 <= 10)
    {
        let columns = board_of(rows);
        let n = columns.len();
        let mut pairs = 0;
        for a in 0..n {
            for b in a + 1..n {
                pairs += u64::from(attack((a + 1, columns[a]), (b + 1, columns[b])));
            }
        }
        assert_eq!(attacking_pairs(&columns), pairs, "{columns:?}");
    }
    for (rows, row) in nqueens::exercises::column_cases()
        .iter()
        .filter(|c| c.0.0 <= 10)
    {
        let columns = board_of(rows);
        let n = columns.len();
        let count = |c: usize| {
            (1..=n)
                .filter(|&r| r != *row && attack((r, columns[r - 1]), (*row, c)))
                .count()
        };
        let least = (1..=n).map(count).min().unwrap();
        let first = (1..=n).find(|&c| count(c) == least).unwrap();
        assert_eq!(best_column(&columns, *row), first);
    }
    for report in [
        check_attacking_pairs(attacking_pairs),
        hidden::check_attacking_pairs(attacking_pairs, 6),
        check_best_column(best_column),
        hidden::check_best_column(best_column, 6),
        check_greedy_start(greedy_start),
        hidden::check_greedy_start(greedy_start, 6),
    ] {
        assert!(report.passed(), "{report}");
    }
    // The greedy start is a start: for n = 8 its queens clash, and the pairs are counted.
    assert!(attacking_pairs(&greedy_start(8)) > 0);
    // Pairs on diagonals only, as if every board were a permutation: too few.
    let diagonals_only = |columns: &[usize]| {
        let (_, falling, rising) = queens_per_line(columns, 0);
        falling
            .iter()
            .chain(&rising)
            .map(|&k| k * k.saturating_sub(1) / 2)
            .sum()
    };
    failed_with(&check_attacking_pairs(diagonals_only), "too few");
    // The rightmost column on a tie.
    let rightmost = |columns: &[usize], row: usize| {
        let n = columns.len();
        let (cols, falling, rising) = queens_per_line(columns, row);
        let attackers = |c: usize| cols[c] + falling[row - 1 + n - c] + rising[row + c];
        (1..=n).fold(1, |b, c| if attackers(c) <= attackers(b) { c } else { b })
    };
    failed_with(
        &check_best_column(rightmost),
        "a column to its left has as few",
    );
    // The columns forgotten: queens pile into one column.
    let no_columns = |n: usize| {
        let mut placed: Vec<usize> = Vec::new();
        for row in 1..=n {
            let attackers = |c: usize| {
                placed
                    .iter()
                    .enumerate()
                    .filter(|&(i, &q)| (i + 1).abs_diff(row) == q.abs_diff(c))
                    .count()
            };
            placed.push((1..=n).fold(1, |b, c| if attackers(c) < attackers(b) { c } else { b }));
        }
        placed
    };
    let report = check_greedy_start(no_columns);
    failed_with(&report, "parts from the rule in row 2");
    // Right for n = 1 and 2 only, where every queen in column 1 is right too: nothing.
    assert_eq!(report.parts(), Some((0, 16)));
    // Only the nine rows above counted: right up to n = 10.
    let window = |n: usize| {
        let mut placed: Vec<usize> = Vec::new();
        for row in 1..=n {
            let attackers = |c: usize| {
                placed
                    .iter()
                    .enumerate()
                    .filter(|&(i, &q)| row - (i + 1) <= 9 && attack((i + 1, q), (row, c)))
                    .count()
            };
            placed.push((1..=n).fold(1, |b, c| if attackers(c) < attackers(b) { c } else { b }));
        }
        placed
    };
    assert_eq!(check_greedy_start(window).parts(), Some((10, 16)));
}

// ---- the hidden tests ----

#[cfg(feature = "solvers")]
#[test]
fn right_answers_pass_every_hidden_test_for_any_seed() {
    use nqueens::exercises::hidden;
    let rook = |square: Square, n: usize| Piece::Rook.sees(square, n);
    let knight = |square: Square, n: usize| Piece::Knight.sees(square, n);
    for seed in [1, 2026, u64::MAX] {
        let reports = [
            hidden::check_queen_attacks(queen_attacks, seed),
            hidden::check_rook_sees(rook, seed),
            hidden::check_knight_sees(knight, seed),
            hidden::check_complete_board(complete, seed),
            hidden::check_next_generation(next_generation, seed),
            hidden::check_evolve(evolve, seed),
            hidden::check_at_most_two(at_most_two, seed),
            hidden::check_wrapped_diagonal(wrapped_diagonal, seed),
            hidden::check_torus_clauses(torus_clauses, seed),
            hidden::check_solve(solve, seed),
            hidden::check_superqueens_csp(superqueens_csp, seed),
            hidden::check_consistent(is_consistent, seed),
            hidden::check_csp_backtracking(backtracking, seed),
            hidden::check_count(count, seed),
        ];
        for report in reports {
            assert!(report.passed(), "seed {seed}: {report}");
            assert!(report.text().contains("drawn when graded"), "{report}");
        }
    }
}

#[cfg(feature = "solvers")]
#[test]
fn hidden_tests_catch_answers_that_only_fit_the_visible_inputs() {
    use nqueens::exercises::hidden;
    // Right on boards up to 8×8, and blind beyond them.
    let small_queen = |square: Square, grid: &Grid| {
        if grid.len() <= 8 {
            queen_attacks(square, grid)
        } else {
            vec![]
        }
    };
    assert!(check_queen_attacks(small_queen).passed());
    failed_with(&hidden::check_queen_attacks(small_queen, 3), "missing");
    let small_clauses = |n: usize| {
        if n <= 8 {
            torus_clauses(n)
        } else {
            Clauses::new()
        }
    };
    assert!(check_torus_clauses(small_clauses).passed());
    assert_eq!(
        hidden::check_torus_clauses(small_clauses, 3).parts(),
        Some((0, 2))
    );
    // A pre-homework answer that only knows rows of up to 40 cells.
    let short_rows = |cells: &[u8]| {
        let mut next = next_generation(cells);
        next.truncate(40);
        next
    };
    assert!(check_next_generation(short_rows).passed());
    failed_with(
        &hidden::check_next_generation(short_rows, 3),
        "must the next generation",
    );
}

/// The pre-homework's rule, written here as a student would: a cell is 1 when it and its
/// neighbours (0 past either end) hold one or two 1s.
fn next_generation(cells: &[u8]) -> Vec<u8> {
    let padded: Vec<u8> = [0].iter().chain(cells).chain(&[0]).copied().collect();
    padded
        .windows(3)
        .map(|w| u8::from(matches!(w.iter().sum::<u8>(), 1 | 2)))
        .collect()
}

/// The first row and `steps` generations after it, by [`next_generation`].
fn evolve(first: &[u8], steps: usize) -> Vec<Vec<u8>> {
    let mut rows = vec![first.to_vec()];
    for _ in 0..steps {
        let next = next_generation(rows.last().unwrap());
        rows.push(next);
    }
    rows
}
