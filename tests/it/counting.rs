//! Counting: the bitboard search with symmetry and threads against the published table
//! (REFERENCE.md, OEIS A000170 and A002562), against the plain bitboard search, against Burnside's
//! lemma, and against listing the boards; the symmetries of the square as functions on boards.

use nqueens::prelude::*;
use std::collections::BTreeSet;
use std::sync::Mutex;

use nqueens::queens::{self, CountOptions, Counts};
use nqueens::{Board, Square, Symmetry};

/// (n, all solutions, solutions up to symmetry), n = 1 … 16.
const TABLE: [(usize, u64, u64); 16] = [
    (1, 1, 1),
    (2, 0, 0),
    (3, 0, 0),
    (4, 2, 1),
    (5, 10, 2),
    (6, 4, 1),
    (7, 40, 6),
    (8, 92, 12),
    (9, 352, 46),
    (10, 724, 92),
    (11, 2680, 341),
    (12, 14200, 1787),
    (13, 73712, 9233),
    (14, 365_596, 45752),
    (15, 2_279_184, 285_053),
    (16, 14_772_512, 1_846_955),
];

#[test]
fn counts_match_the_published_table_up_to_16() {
    for (n, all, fundamental) in TABLE {
        let counts = queens::count_both(n, &CountOptions::default()).unwrap();
        assert_eq!(counts, Counts { all, fundamental }, "n = {n}");
    }
}

#[test]
fn any_number_of_threads_gives_the_same_counts() {
    for n in [4, 9, 12, 13] {
        let counts: Vec<Counts> = [1, 2, 3, 10_000]
            .into_iter()
            .map(|threads| {
                let options = CountOptions {
                    threads,
                    ..CountOptions::default()
                };
                queens::count_both(n, &options).unwrap()
            })
            .collect();
        assert!(
            counts.windows(2).all(|w| w[0] == w[1]),
            "n = {n}: {counts:?}"
        );
    }
}

#[test]
fn the_symmetry_search_agrees_with_plain_search_and_burnside() {
    for n in 1..=13 {
        let counts = queens::count_both(n, &CountOptions::default()).unwrap();
        assert_eq!(queens::count_plain(n).unwrap(), counts.all, "n = {n}");
        assert_eq!(
            queens::count_fundamental_by_burnside(n).unwrap(),
            counts.fundamental,
            "n = {n}"
        );
    }
}

#[test]
fn progress_is_reported_for_every_sub_problem_in_order() {
    // The symmetric search, and the halves on an even and an odd board.
    type Counter = fn(&CountOptions) -> u64;
    let counters: [(&str, u64, Counter); 3] = [
        ("search", 14200, |o| queens::count_both(12, o).unwrap().all),
        ("halves", 14200, |o| queens::count_by_halves(12, o).unwrap()),
        ("halves", 2680, |o| queens::count_by_halves(11, o).unwrap()),
    ];
    for (name, expected, counter) in counters {
        let seen = Mutex::new(Vec::new());
        let report = |done: usize, total: usize| seen.lock().unwrap().push((done, total));
        let options = CountOptions {
            threads: 2,
            progress: Some(&report),
            ..CountOptions::default()
        };
        assert_eq!(counter(&options), expected, "{name}");
        let seen = seen.into_inner().unwrap();
        let total = seen[0].1;
        assert!(total > 10, "{name}: enough sub-problems to share: {total}");
        assert!(seen.iter().all(|&(_, t)| t == total), "{name}");
        let mut done: Vec<usize> = seen.iter().map(|&(d, _)| d).collect();
        done.sort_unstable();
        // Once before the first piece (nothing done yet), then after each.
        assert_eq!(seen[0].0, 0, "{name}");
        assert_eq!(done, (0..=total).collect::<Vec<_>>(), "{name}");
    }
}

#[test]
fn boards_that_are_too_large_are_refused() {
    let error = queens::count(33).unwrap_err();
    assert!(error.to_string().contains("up to 32×32"), "{error}");
    assert!(queens::all_solutions(15).is_err());
}

#[test]
fn listing_gives_every_solution_once_each_a_solution() {
    for (n, all, fundamental) in TABLE.iter().copied().take(10) {
        let boards = queens::all_solutions(n).unwrap();
        assert_eq!(boards.len() as u64, all, "n = {n}");
        assert!(boards.iter().all(Board::is_solution), "n = {n}");
        let distinct: BTreeSet<_> = boards.iter().map(Board::columns).collect();
        assert_eq!(distinct.len(), boards.len(), "n = {n}: a board twice");
        // The classes partition the solutions: their sizes add up.
        let classes = queens::fundamental_solutions(n).unwrap();
        assert_eq!(classes.len() as u64, fundamental, "n = {n}");
        let covered: u64 = classes.iter().map(|b| b.class_size() as u64).sum();
        assert_eq!(covered, all, "n = {n}");
    }
}

#[test]
fn the_twelve_fundamental_solutions_of_eight_queens() {
    let twelve = queens::fundamental_solutions(8).unwrap();
    assert_eq!(twelve.len(), 12);
    let sizes: Vec<usize> = twelve.iter().map(Board::class_size).collect();
    // Eleven classes of eight boards, one of four (the solution a half turn leaves unchanged).
    assert_eq!(sizes.iter().filter(|&&s| s == 8).count(), 11);
    assert_eq!(sizes.iter().filter(|&&s| s == 4).count(), 1);
    for board in &twelve {
        assert!(board.is_solution());
        assert_eq!(&board.canonical(), board);
        // Every image of a solution is a solution with the same canonical form.
        for (_, image) in board.images() {
            assert!(image.is_solution());
            assert_eq!(image.canonical(), *board);
        }
    }
    // The canonical form is the image with the smallest columns: the first solution in
    // lexicographic order is canonical.
    assert_eq!(
        twelve[0].columns(),
        [1, 5, 8, 6, 3, 7, 2, 4].map(Some).to_vec()
    );
}

#[test]
fn the_eight_symmetries_act_on_squares_as_a_group() {
    let n = 5;
    let squares: Vec<Square> = (1..=n)
        .flat_map(|r| (1..=n).map(move |c| Square::new(r, c)))
        .collect();
    // Each is a permutation of the squares.
    for s in Symmetry::ALL {
        let images: BTreeSet<Square> = squares.iter().map(|&q| s.apply(q, n)).collect();
        assert_eq!(images.len(), squares.len(), "{s}");
    }
    // A quarter turn four times is the identity; twice is the half turn; the top-left corner
    // goes to the top-right.
    let turn = |q: Square| Symmetry::Rotate90.apply(q, n);
    for &q in &squares {
        assert_eq!(turn(turn(turn(turn(q)))), q);
        assert_eq!(turn(turn(q)), Symmetry::Rotate180.apply(q, n));
        assert_eq!(turn(turn(turn(q))), Symmetry::Rotate270.apply(q, n));
    }
    assert_eq!(turn(Square::new(1, 1)), Square::new(1, n));
    // Reflections are their own inverses.
    for s in &Symmetry::ALL[4..] {
        for &q in &squares {
            assert_eq!(s.apply(s.apply(q, n), n), q, "{s}");
        }
    }
}

#[test]
fn symmetric_solutions_are_counted_directly() {
    // n = 4: both solutions are unchanged by a quarter turn.
    assert_eq!(queens::count_symmetric(4, Symmetry::Rotate90).unwrap(), 2);
    // Check the direct counts against the listed boards.
    for n in 1..=10 {
        let boards = queens::all_solutions(n).unwrap();
        for symmetry in [
            Symmetry::Rotate90,
            Symmetry::Rotate180,
            Symmetry::FlipColumns,
        ] {
            let fixed = boards
                .iter()
                .filter(|b| b.transformed(symmetry) == **b)
                .count() as u64;
            assert_eq!(
                queens::count_symmetric(n, symmetry).unwrap(),
                fixed,
                "n = {n}, {symmetry}"
            );
        }
    }
}

#[test]
fn counting_by_halves_gives_the_published_counts() {
    for (n, all, _) in TABLE {
        assert_eq!(
            queens::count_by_halves(n, &CountOptions::default()).unwrap(),
            all,
            "n = {n}"
        );
    }
    // Odd and even boards, on any number of threads, against the plain search.
    for n in [5, 8, 11, 12] {
        let plain = queens::count_plain(n).unwrap();
        for threads in [1, 2, 3, 64] {
            assert_eq!(
                queens::count_by_halves(
                    n,
                    &CountOptions {
                        threads,
                        ..CountOptions::default()
                    }
                )
                .unwrap(),
                plain,
                "n = {n}"
            );
        }
    }
    let refused = queens::count_by_halves(
        queens::MAX_HALVES_N + 1,
        &CountOptions {
            threads: 1,
            ..CountOptions::default()
        },
    )
    .unwrap_err();
    assert!(refused.to_string().contains("too large"), "{refused}");
    assert!(
        queens::count_by_halves(
            33,
            &CountOptions {
                threads: 1,
                ..CountOptions::default()
            }
        )
        .is_err()
    );
}
