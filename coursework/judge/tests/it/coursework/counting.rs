//! Counting on boards with holes, with the nodes of the search.

#[allow(clippy::wildcard_imports)]
use super::*;

/// The count on a board with holes, written as a student would: the columns of each row tried
/// one by one against a list of the queens above (no bitboards), the holes looked up in their
/// list. The nodes are the queens it places.
pub(super) fn count(n: usize, holes: &[Square], nodes: &mut u64) -> u64 {
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
pub(super) fn count_by_brute_force(n: usize, holes: &[Square]) -> (u64, u64) {
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
#[test]
fn counting_is_checked_board_by_board_with_its_nodes() {
    // The plain count agrees with brute force on every visible board, holes and nodes alike.
    for (n, holes) in nqueens_checkers::count_boards() {
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
    let hidden = nqueens_judge::hidden::run(5, || nqueens_checkers::check_count(count));
    assert!(hidden.passed(), "{hidden}");
    assert_eq!(hidden.parts(), Some((4, 4)));
    // A table of the visible answers: nothing for the hidden boards.
    let visible: Vec<(nqueens_checkers::Holed, (u64, u64))> = nqueens_checkers::count_boards()
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
    let tabled = nqueens_judge::hidden::run(5, || nqueens_checkers::check_count(table));
    assert_eq!(tabled.parts(), Some((0, 4)));
    failed_with(&tabled, "too few");
    // Holes ignored: right on the ten empty boards only.
    let no_holes = |n: usize, _: &[Square], nodes: &mut u64| count(n, &[], nodes);
    assert_eq!(check_count(no_holes).parts(), Some((10, 20)));
    assert_eq!(
        nqueens_judge::hidden::run(5, || nqueens_checkers::check_count(no_holes)).parts(),
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
