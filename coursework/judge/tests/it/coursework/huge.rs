//! Huge boards: attacking pairs, the best column, the greedy start.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The queens on each line as a student would count them: columns, falling and rising
/// diagonals, leaving out the queen of row `skip` (0: none).
pub(super) fn queens_per_line(columns: &[usize], skip: usize) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
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

pub(super) fn attacking_pairs(columns: &[usize]) -> u64 {
    let (cols, falling, rising) = queens_per_line(columns, 0);
    cols.iter()
        .chain(&falling)
        .chain(&rising)
        .map(|&k| k * k.saturating_sub(1) / 2)
        .sum()
}

pub(super) fn best_column(columns: &[usize], row: usize) -> usize {
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

pub(super) fn greedy_start(n: usize) -> Vec<usize> {
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
pub(super) fn attack(a: (usize, usize), b: (usize, usize)) -> bool {
    a.1 == b.1 || a.0.abs_diff(b.0) == a.1.abs_diff(b.1)
}
#[test]
fn huge_board_tasks_agree_with_pairwise_counts_and_need_one_pass() {
    use nqueens_checkers::{
        board_of, check_attacking_pairs, check_best_column, check_greedy_start,
    };
    use nqueens_judge::hidden;
    // Certificates on the small boards: every pair compared, every column tried.
    for rows in nqueens_checkers::pair_boards().iter().filter(|r| r.0 <= 10) {
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
    for (rows, row) in nqueens_checkers::column_cases()
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
        hidden::run(6, || {
            nqueens_checkers::check_attacking_pairs(attacking_pairs)
        }),
        check_best_column(best_column),
        hidden::run(6, || nqueens_checkers::check_best_column(best_column)),
        check_greedy_start(greedy_start),
        hidden::run(6, || nqueens_checkers::check_greedy_start(greedy_start)),
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
