//! The checkers of the nbgrader assignments: each passes a correct answer written here
//! independently of the crate, rejects wrong ones with the first counterexample, and gives the
//! partial credit it promises.

use nqueens::backtrack::Grid;
use nqueens::csp::{Csp, CspError};
use nqueens::exercises::{
    Report, check_all_clauses, check_at_most_one, check_consistent, check_count, check_create_csp,
    check_csp_backtracking, check_evolve, check_falling_diagonal, check_fill_board_recursion,
    check_next_generation, check_queen_sees, check_saturate, check_solve, next_generation,
};
use nqueens::logic::{Clause, Clauses, Literal, Variable};
use nqueens::queens::var;
use nqueens::{Piece, Square, dp};

fn failed_with(report: &Report, words: &str) {
    assert!(!report.passed(), "{report}");
    assert!(report.text().contains(words), "{report}");
}

// ---- backtracking ----

fn queen_sees(square: Square, n: usize) -> Vec<Square> {
    let mut seen = Vec::new();
    for r in 1..=n {
        for c in 1..=n {
            let (dr, dc) = (r.abs_diff(square.row), c.abs_diff(square.col));
            if (r, c) != (square.row, square.col) && (dr == 0 || dc == 0 || dr == dc) {
                seen.push(Square::new(r, c));
            }
        }
    }
    seen
}

fn fill(n: usize) -> Option<Grid> {
    fn place(cols: &mut Vec<usize>, n: usize) -> bool {
        if cols.len() == n {
            return true;
        }
        let row = cols.len();
        for c in 0..n {
            if cols
                .iter()
                .enumerate()
                .all(|(r, &q)| q != c && row - r != q.abs_diff(c))
            {
                cols.push(c);
                if place(cols, n) {
                    return true;
                }
                cols.pop();
            }
        }
        false
    }
    let mut cols = Vec::new();
    place(&mut cols, n).then(|| {
        cols.iter()
            .map(|&c| (0..n).map(|i| i == c).collect())
            .collect()
    })
}

#[test]
fn queen_sees_and_the_fill_pass_when_right() {
    assert!(check_queen_sees(queen_sees).passed());
    let report = check_fill_board_recursion(fill);
    assert!(report.passed(), "{report}");
    assert_eq!(report.parts(), Some((8, 8)));
    assert!((report.points(4.0) - 4.0).abs() < 1e-12);
}

#[test]
fn a_fill_that_ignores_diagonals_earns_nothing_and_a_partial_one_earns_its_share() {
    // Queens on the main diagonal: right only for 1×1, which a constant answers too.
    let report = check_fill_board_recursion(|n| {
        Some((0..n).map(|r| (0..n).map(|c| r == c).collect()).collect())
    });
    failed_with(&report, "2 queens do not fit");
    assert_eq!(report.parts(), Some((0, 8)));
    assert!(report.picture().is_some(), "the wrong board is drawn");
    assert!(std::panic::catch_unwind(|| report.grade()).is_err());
    // `None` everywhere is right for 2×2 and 3×3 only: no free credit for a constant.
    let none = check_fill_board_recursion(|_| None);
    assert_eq!(none.parts(), Some((0, 8)));
    failed_with(&none, "as a constant answer would be");
    assert!(std::panic::catch_unwind(|| none.points(4.0)).is_err());
    // Right up to 6×6, then nothing: six parts of eight, the small ones counting now.
    let short = check_fill_board_recursion(|n| if n <= 6 { fill(n) } else { None });
    assert_eq!(short.parts(), Some((6, 8)));
    assert!((short.points(4.0) - 3.0).abs() < 1e-12);
    let stub = check_fill_board_recursion(|_| todo!());
    assert_eq!(stub.parts(), Some((0, 8)));
    assert!(std::panic::catch_unwind(|| stub.points(4.0)).is_err());
    assert!(std::panic::catch_unwind(|| stub.grade()).is_err());
}

#[test]
fn a_fill_must_find_the_board_the_lectures_order_finds_first() {
    // Columns tried from the right: every board is a solution, the mirror image of the first.
    let mirrored = check_fill_board_recursion(|n| {
        fill(n).map(|grid| {
            grid.into_iter()
                .map(|row| row.into_iter().rev().collect())
                .collect()
        })
    });
    failed_with(&mirrored, "not the board the search finds first");
    // 1×1 is its own mirror image, and 2, 3 are None: those are all a constant could have.
    assert_eq!(mirrored.parts(), Some((0, 8)));
    // An independent reference: the first of the row-by-row enumeration is 1 5 8 6 3 7 2 4.
    let eight = fill(8).unwrap();
    let columns: Vec<usize> = eight
        .iter()
        .map(|row| row.iter().position(|&q| q).unwrap() + 1)
        .collect();
    assert_eq!(columns, vec![1, 5, 8, 6, 3, 7, 2, 4]);
}

#[test]
fn hidden_tests_draw_new_boards_from_the_seed_and_say_so() {
    use nqueens::exercises::hidden;
    let a = hidden::check_fill_board_recursion(fill, 11);
    assert!(a.passed(), "{a}");
    assert!(a.text().starts_with("✔ Hidden test (seed 11)"), "{a}");
    assert!(a.text().contains("drawn when graded"));
    // The same seed, the same boards; another seed, other boards (for some seed nearby).
    assert_eq!(
        a.text(),
        hidden::check_fill_board_recursion(fill, 11).text()
    );
    assert!(
        (12..20).any(|seed| {
            let b = hidden::check_fill_board_recursion(fill, seed);
            b.text().replace(&format!("seed {seed}"), "seed 11") != a.text()
        }),
        "every seed drew the same boards"
    );
    // A table of the visible sizes fails the hidden ones, which are larger than 8.
    let table = |n: usize| if n <= 8 { fill(n) } else { None };
    assert!(check_fill_board_recursion(table).passed());
    let hidden_report = hidden::check_fill_board_recursion(table, 11);
    assert_eq!(hidden_report.parts(), Some((0, 2)));
    failed_with(&hidden_report, "returned None");
    // Outside a hidden test, the checkers are back on the visible inputs.
    assert!(
        check_fill_board_recursion(fill)
            .text()
            .contains("1×1 to 8×8")
    );
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
    let evolve = |first: &[u8], steps: usize| {
        let mut rows = vec![first.to_vec()];
        for _ in 0..steps {
            let next = next_generation(rows.last().unwrap());
            rows.push(next);
        }
        rows
    };
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

fn falling(k: isize, n: usize) -> Clauses {
    let squares: Vec<Variable> = (1..=n)
        .filter_map(|c| {
            let r = isize::try_from(c).ok()? + k;
            let r = usize::try_from(r).ok()?;
            (1..=n).contains(&r).then(|| var(r, c))
        })
        .collect();
    at_most_one(&squares)
}

fn all_clauses(n: usize) -> Clauses {
    let mut clauses = Clauses::new();
    for r in 1..=n {
        clauses.extend(at_most_one(&(1..=n).map(|c| var(r, c)).collect::<Vec<_>>()));
    }
    for c in 1..=n {
        clauses.insert((1..=n).map(|r| Literal::positive(var(r, c))).collect());
    }
    let n_i = isize::try_from(n).unwrap();
    for k in -n_i..=n_i {
        clauses.extend(falling(k, n));
    }
    for s in 2..=2 * n {
        let diagonal: Vec<Variable> = (1..=n)
            .filter(|&c| s > c && (1..=n).contains(&(s - c)))
            .map(|c| var(s - c, c))
            .collect();
        clauses.extend(at_most_one(&diagonal));
    }
    clauses
}

#[test]
fn the_clause_builders_pass_when_right() {
    assert!(check_at_most_one(at_most_one).passed());
    assert!(check_falling_diagonal(falling).passed());
    let report = check_all_clauses(all_clauses);
    assert!(report.passed(), "{report}");
    assert_eq!(all_clauses(8).len(), 512);
}

#[test]
fn wrong_clause_builders_show_the_clause_that_differs() {
    // Every ordered pair: {¬p, ¬q} and {¬q, ¬p} are one clause, but {¬p, ¬p} = {¬p} is not wanted.
    let doubled = check_at_most_one(|vars: &[Variable]| {
        vars.iter()
            .flat_map(|&p| {
                vars.iter()
                    .map(move |&q| Clause::from_iter([Literal::negative(p), Literal::negative(q)]))
            })
            .collect()
    });
    failed_with(&doubled, "not wanted");
    assert!(doubled.picture().is_some());
    // The rising diagonal instead of the falling one.
    let rising = check_falling_diagonal(|k, n| {
        let s = usize::try_from(isize::try_from(n).unwrap() + 1 + k).unwrap_or(0);
        let diagonal: Vec<Variable> = (1..=n)
            .filter(|&c| s > c && (1..=n).contains(&(s - c)))
            .map(|c| var(s - c, c))
            .collect();
        at_most_one(&diagonal)
    });
    failed_with(&rising, "missing");
    // No column clauses: wrong for every n (n = 1 has one column clause too).
    let no_columns = check_all_clauses(|n| {
        all_clauses(n)
            .iter()
            .filter(|c| c.literals().iter().any(|l| l.is_negative()))
            .cloned()
            .collect()
    });
    failed_with(&no_columns, "missing");
    assert_eq!(no_columns.parts(), Some((0, 8)));
    // Right up to 4×4 only.
    let small = check_all_clauses(|n| {
        if n <= 4 {
            all_clauses(n)
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

fn solve(clauses: &Clauses) -> Clauses {
    let set = saturate(clauses);
    if set.contains_empty() {
        return Clauses::falsum();
    }
    let open = set.iter().find(|c| c.as_unit().is_none()).cloned();
    let Some(clause) = open else { return set };
    let l = clause.literals()[0];
    for choice in [l, !l] {
        let mut next = set.clone();
        next.insert(Clause::unit(choice));
        let answer = solve(&next);
        if !answer.contains_empty() {
            return answer;
        }
    }
    Clauses::falsum()
}

#[test]
fn saturate_and_solve_pass_when_right() {
    let report = check_saturate(saturate);
    assert!(report.passed(), "{report}");
    // Stopping as soon as {} appears is as good: solve only asks whether it is there.
    let stopping = check_saturate(|clauses: &Clauses| {
        let set = saturate(clauses);
        if set.contains_empty() {
            Clauses::falsum()
        } else {
            set
        }
    });
    assert!(stopping.passed(), "{stopping}");
    let report = check_solve(solve);
    assert!(report.passed(), "{report}");
    assert!(check_solve(dp::solve).passed());
}

#[test]
fn wrong_saturate_and_solve_are_caught() {
    // One round of reduce only.
    let once = check_saturate(
        |clauses: &Clauses| match clauses.iter().find_map(Clause::as_unit) {
            Some(l) => dp::reduce(clauses, l),
            None => clauses.clone(),
        },
    );
    failed_with(&once, "missing:");
    // Always "unsatisfiable".
    let pessimist = check_solve(|_: &Clauses| Clauses::falsum());
    failed_with(&pessimist, "have a model");
    assert!(
        pessimist.picture().is_some(),
        "the reference's search is drawn"
    );
    // The saturated set without splitting: not a set of unit clauses.
    let lazy = check_solve(saturate);
    failed_with(&lazy, "unit");
}

// ---- the CSP ----

fn create_csp(n: usize) -> Result<Csp, CspError> {
    let names: Vec<String> = (1..=n).map(|i| format!("V{i}")).collect();
    let mut constraints = Vec::new();
    for i in 1..=n {
        for j in i + 1..=n {
            constraints.push(format!("V{i} != V{j}"));
            constraints.push(format!("abs(V{j} - V{i}) != {}", j - i));
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

fn backtracking(csp: &Csp) -> Option<Vec<i64>> {
    fn go(csp: &Csp, assignment: &mut Vec<Option<i64>>, var: usize) -> bool {
        if var == assignment.len() {
            return true;
        }
        for &value in csp.values() {
            assignment[var] = Some(value);
            if is_consistent(csp, assignment, var) && go(csp, assignment, var + 1) {
                return true;
            }
        }
        assignment[var] = None;
        false
    }
    let mut assignment = vec![None; csp.variables().len()];
    go(csp, &mut assignment, 0).then(|| assignment.into_iter().map(Option::unwrap).collect())
}

#[test]
fn the_csp_exercises_pass_when_right() {
    for report in [
        check_create_csp(create_csp),
        check_consistent(is_consistent),
        check_csp_backtracking(backtracking),
    ] {
        assert!(report.passed(), "{report}");
    }
    // The same constraints written the other way round are the same CSP.
    let swapped = check_create_csp(|n| {
        let names: Vec<String> = (1..=n).map(|i| format!("V{i}")).collect();
        let mut constraints = Vec::new();
        for i in 1..=n {
            for j in i + 1..=n {
                constraints.push(format!("V{j} != V{i}"));
                constraints.push(format!("abs(V{i} - V{j}) != {}", j - i));
            }
        }
        Csp::new(
            &names,
            (1..=n).map(|v| i64::try_from(v).unwrap()),
            &constraints,
        )
    });
    assert!(swapped.passed(), "{swapped}");
}

#[test]
fn wrong_csp_answers_are_caught() {
    // No diagonal constraints: right for n = 1 only.
    let rooks = check_create_csp(|n| {
        let names: Vec<String> = (1..=n).map(|i| format!("V{i}")).collect();
        let constraints: Vec<String> = (1..=n)
            .flat_map(|i| (i + 1..=n).map(move |j| format!("V{i} != V{j}")))
            .collect();
        Csp::new(
            &names,
            (1..=n).map(|v| i64::try_from(v).unwrap()),
            &constraints,
        )
    });
    failed_with(&rooks, "attack each other");
    // Right for one queen only, which has no constraints to get wrong: nothing earned.
    assert_eq!(rooks.parts(), Some((0, 8)));
    assert!(rooks.picture().is_some());
    // Checking every constraint, assigned or not.
    let eager = check_consistent(|csp: &Csp, assignment: &[Option<i64>], _| {
        let values: Vec<i64> = assignment.iter().map(|v| v.unwrap_or(0)).collect();
        csp.constraints().iter().all(|c| c.holds(&values))
    });
    failed_with(&eager, "reference: true");
    // The first value everywhere.
    let naive = check_csp_backtracking(|csp: &Csp| Some(vec![1; csp.variables().len()]));
    failed_with(&naive, "do not fit");
    assert_eq!(naive.parts(), Some((0, 8)));
    // A solution, but the search's last rather than its first.
    let backwards = check_csp_backtracking(|csp: &Csp| {
        backtracking(csp).map(|values| {
            values
                .iter()
                .map(|v| i64::try_from(csp.values().len()).unwrap() + 1 - v)
                .collect()
        })
    });
    failed_with(&backwards, "not the one the search finds first");
}

// ---- counting ----

fn count(n: usize) -> u64 {
    fn go(n: usize, row: usize, cols: u32, left: u32, right: u32) -> u64 {
        if row == n {
            return 1;
        }
        let full = (1_u32 << n) - 1;
        let mut free = full & !(cols | left | right);
        let mut total = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            total += go(
                n,
                row + 1,
                cols | bit,
                (left | bit) << 1,
                (right | bit) >> 1,
            );
        }
        total
    }
    go(n, 0, 0, 0, 0)
}

#[test]
fn counting_is_checked_size_by_size() {
    let report = check_count(count);
    assert!(report.passed(), "{report}");
    assert!(
        report.text().contains("724"),
        "the student's own counts are listed"
    );
    // Eleven to thirteen queens, when hidden.
    let hidden = nqueens::exercises::hidden::check_count(count, 5);
    assert!(hidden.passed(), "{hidden}");
    // A table of the visible counts: nothing for the hidden sizes.
    let table = nqueens::exercises::hidden::check_count(|n| if n <= 10 { count(n) } else { 0 }, 5);
    assert_eq!(table.parts(), Some((0, 2)));
    failed_with(&table, "too few");
    // Zero for every n: right for 2 and 3, which a constant answers, so nothing.
    let zero = check_count(|_| 0);
    assert_eq!(zero.parts(), Some((0, 10)));
    assert!(
        !zero.text().contains("724"),
        "the report does not give the reference's counts"
    );
    // Forgetting one diagonal overcounts from n = 2 on.
    let one_diagonal = check_count(|n| {
        fn go(n: usize, row: usize, cols: u32, left: u32) -> u64 {
            if row == n {
                return 1;
            }
            let mut free = ((1_u32 << n) - 1) & !(cols | left);
            let mut total = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                total += go(n, row + 1, cols | bit, (left | bit) << 1);
            }
            total
        }
        go(n, 0, 0, 0)
    });
    failed_with(&one_diagonal, "count(2) is 1: too many");
    assert_eq!(one_diagonal.parts(), Some((0, 10)));
}

// ---- the hidden tests ----

#[test]
fn right_answers_pass_every_hidden_test_for_any_seed() {
    use nqueens::exercises::hidden;
    let rook = |square: Square, n: usize| Piece::Rook.sees(square, n);
    let knight = |square: Square, n: usize| Piece::Knight.sees(square, n);
    let evolve = |first: &[u8], steps: usize| nqueens::exercises::generations(first, steps);
    for seed in [1, 2026, u64::MAX] {
        let reports = [
            hidden::check_queen_sees(queen_sees, seed),
            hidden::check_rook_sees(rook, seed),
            hidden::check_knight_sees(knight, seed),
            hidden::check_fill_board_recursion(fill, seed),
            hidden::check_next_generation(next_generation, seed),
            hidden::check_evolve(evolve, seed),
            hidden::check_at_most_one(at_most_one, seed),
            hidden::check_falling_diagonal(falling, seed),
            hidden::check_all_clauses(all_clauses, seed),
            hidden::check_reduce(dp::reduce, seed),
            hidden::check_saturate(saturate, seed),
            hidden::check_solve(solve, seed),
            hidden::check_jeroslow_wang(dp::jeroslow_wang, seed),
            hidden::check_create_csp(create_csp, seed),
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

#[test]
fn hidden_tests_catch_answers_that_only_fit_the_visible_inputs() {
    use nqueens::exercises::hidden;
    // Right on boards up to 8×8, and blind beyond them.
    let small_queen = |square: Square, n: usize| {
        if n <= 8 {
            queen_sees(square, n)
        } else {
            vec![]
        }
    };
    assert!(check_queen_sees(small_queen).passed());
    failed_with(&hidden::check_queen_sees(small_queen, 3), "missing");
    let small_clauses = |n: usize| {
        if n <= 8 {
            all_clauses(n)
        } else {
            Clauses::new()
        }
    };
    assert!(check_all_clauses(small_clauses).passed());
    assert_eq!(
        hidden::check_all_clauses(small_clauses, 3).parts(),
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
