//! Symmetry: the canonical image, the size of a class, the classes.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The eight symmetries, written out as a student would, each a map of (row, col) on an n×n
/// board: the identity, three turns, four mirrors.
type SquareMap = fn(usize, usize, usize) -> (usize, usize);

pub(super) fn symmetric_images(squares: &[Square], n: usize) -> Vec<Vec<Square>> {
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

pub(super) fn canonical(squares: &[Square], n: usize) -> Vec<Square> {
    symmetric_images(squares, n).into_iter().min().unwrap()
}

pub(super) fn class_size(squares: &[Square], n: usize) -> usize {
    let mut images = symmetric_images(squares, n);
    images.sort();
    images.dedup();
    images.len()
}

/// Every solution of n queens avoiding the holes, by trying every ordering of the columns.
pub(super) fn solutions_by_brute_force(n: usize, holes: &[Square]) -> Vec<Vec<Square>> {
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
pub(super) fn classes(n: usize, holes: &[Square]) -> u64 {
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
#[test]
fn symmetry_is_checked_on_any_board_and_classes_agree_with_brute_force() {
    use nqueens_checkers::{check_canonical, check_class_size, check_classes};
    use nqueens_judge::hidden;
    // The classes the checker expects are the distinct canonical forms of every solution found by
    // trying every ordering of the columns (boards up to 8×8).
    for (n, holes) in nqueens_checkers::class_boards() {
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
        hidden::run(4, || nqueens_checkers::check_canonical(canonical)),
        check_class_size(class_size),
        hidden::run(4, || nqueens_checkers::check_class_size(class_size)),
        check_classes(classes),
        hidden::run(4, || nqueens_checkers::check_classes(classes)),
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
    assert_eq!(
        hidden::run(4, || nqueens_checkers::check_classes(no_holes)).parts(),
        Some((0, 3))
    );
    failed_with(
        &hidden::run(4, || nqueens_checkers::check_classes(no_holes)),
        "too many",
    );
}
