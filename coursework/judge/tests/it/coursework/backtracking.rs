//! The first assignment: a queen's attacks, the completion of a board, the pre-homework's cells.

use super::*;
#[allow(clippy::wildcard_imports)]
use nqueens::prelude::*;

/// What a queen attacks, step by step along each of the eight lines, stopping on a queen.
pub(super) fn queen_attacks(square: Square, grid: &Grid) -> Vec<Square> {
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
pub(super) fn complete(grid: &Grid, placed: &mut Vec<Square>) -> Option<Grid> {
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
pub(super) fn fill(n: usize) -> Option<Grid> {
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
#[test]
fn hidden_tests_draw_new_boards_from_the_seed_and_say_so() {
    use nqueens_judge::hidden;
    let a = hidden::run(11, || nqueens_checkers::check_complete_board(complete));
    assert!(a.passed(), "{a}");
    assert!(a.text().starts_with("✔ Hidden test: "), "{a}");
    assert!(
        !a.text().contains("seed"),
        "the feedback does not name the seed: {a}"
    );
    assert!(a.text().contains("drawn when graded"));
    // The same seed, the same boards; another seed, other boards (for some seed nearby).
    assert_eq!(
        a.text(),
        hidden::run(11, || nqueens_checkers::check_complete_board(complete)).text()
    );
    // A table of the visible boards fails the hidden ones, which are larger than 8×8.
    let table = |grid: &Grid, placed: &mut Vec<Square>| {
        if grid.len() <= 8 {
            complete(grid, placed)
        } else {
            None
        }
    };
    assert!(check_complete_board(table).passed());
    let hidden_report = hidden::run(11, || nqueens_checkers::check_complete_board(table));
    assert_eq!(hidden_report.parts().map(|(_, total)| total), Some(2));
    assert!(!hidden_report.passed());
    // Outside a hidden test, the checkers are back on the visible inputs.
    assert!(check_complete_board(complete).text().contains("1×1 to 8×8"));
}

#[test]
fn a_pending_hidden_test_shows_a_note_and_neither_passes_nor_fails() {
    let pending = nqueens_checkers::hidden::pending("count");
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

/// The pre-homework's rule, written here as a student would: a cell is 1 when it and its
/// neighbours (0 past either end) hold one or two 1s.
pub(super) fn next_generation(cells: &[u8]) -> Vec<u8> {
    let padded: Vec<u8> = [0].iter().chain(cells).chain(&[0]).copied().collect();
    padded
        .windows(3)
        .map(|w| u8::from(matches!(w.iter().sum::<u8>(), 1 | 2)))
        .collect()
}

/// The first row and `steps` generations after it, by [`next_generation`].
pub(super) fn evolve(first: &[u8], steps: usize) -> Vec<Vec<u8>> {
    let mut rows = vec![first.to_vec()];
    for _ in 0..steps {
        let next = next_generation(rows.last().unwrap());
        rows.push(next);
    }
    rows
}
