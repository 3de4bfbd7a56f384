//! Huge boards: the construction and the queens-specific local search, both checked by the O(n)
//! verifier, and the verifier itself checked against `Board::is_solution`.

use nqueens::Budget;
use nqueens::queens::QueensError;
use nqueens::queens::huge::{self, Flaw, Line};
use nqueens::rng::Rng;
use nqueens::{Board, render};

#[test]
fn the_construction_is_a_solution_for_every_n_from_4_and_each_residue() {
    for n in (1..=300).chain((0..12).map(|k| 100_000 + k)) {
        if matches!(n, 2 | 3) {
            continue;
        }
        let columns = huge::construct(n).unwrap();
        assert_eq!(huge::verify(n, &columns), Ok(()), "n = {n}");
    }
    // The three forms of the rule, on the boards the lecture knows.
    assert_eq!(huge::construct(8).unwrap(), [2, 4, 6, 8, 3, 1, 7, 5]);
    assert_eq!(huge::construct(9).unwrap(), [4, 6, 8, 2, 5, 7, 9, 1, 3]);
    assert_eq!(huge::construct(6).unwrap(), [2, 4, 6, 1, 3, 5]);
    let million = huge::construct(1_000_000).unwrap();
    assert_eq!(huge::verify(1_000_000, &million), Ok(()));
}

#[test]
fn boards_without_solutions_and_bad_sizes_are_errors() {
    assert!(matches!(
        huge::construct(2),
        Err(QueensError::NoSolution { n: 2 })
    ));
    assert!(matches!(
        huge::min_conflicts(3, 1, &Budget::steps(1000)),
        Err(QueensError::NoSolution { n: 3 })
    ));
    assert!(matches!(huge::construct(0), Err(QueensError::Empty)));
    assert!(matches!(
        huge::construct(huge::MAX_HUGE_N + 1),
        Err(QueensError::OutOfRange { .. })
    ));
}

#[test]
fn the_verifier_names_the_first_flaw() {
    assert_eq!(
        huge::verify(4, &[2, 4, 1]),
        Err(Flaw::Length { n: 4, len: 3 })
    );
    assert_eq!(
        huge::verify(4, &[2, 5, 1, 3]),
        Err(Flaw::OffBoard { row: 2, col: 5 })
    );
    assert_eq!(
        huge::verify(4, &[2, 4, 2, 3]),
        Err(Flaw::Attack {
            first: 1,
            second: 3,
            line: Line::Column
        })
    );
    assert_eq!(
        huge::verify(4, &[1, 2, 4, 3]).unwrap_err(),
        Flaw::Attack {
            first: 1,
            second: 2,
            line: Line::Falling
        }
    );
    let rising = huge::verify(4, &[2, 1, 4, 3]).unwrap_err();
    assert_eq!(
        rising,
        Flaw::Attack {
            first: 1,
            second: 2,
            line: Line::Rising
        }
    );
    assert_eq!(
        rising.to_string(),
        "the queens of rows 1 and 2 share a rising diagonal"
    );
}

#[test]
fn the_verifier_agrees_with_the_board_on_random_placements() {
    let mut rng = Rng::new(11);
    for _ in 0..3000 {
        let n = 1 + rng.below(8);
        let columns: Vec<u32> = (0..n)
            .map(|_| u32::try_from(1 + rng.below(n)).unwrap())
            .collect();
        let wide: Vec<usize> = columns.iter().map(|&c| c as usize).collect();
        let board = Board::from_columns(&wide).unwrap();
        assert_eq!(
            huge::verify(n, &columns).is_ok(),
            board.is_solution(),
            "{columns:?}"
        );
    }
}

#[test]
fn min_conflicts_solves_small_and_large_boards_and_follows_its_seed() {
    for n in (4..=60).chain([1]) {
        for seed in 0..5 {
            let repair = huge::min_conflicts(n, seed, &Budget::steps(1_000_000)).unwrap();
            let columns = repair.columns.expect("solved within the budget");
            assert_eq!(huge::verify(n, &columns), Ok(()), "n = {n}, seed {seed}");
        }
    }
    let a = huge::min_conflicts(100_000, 7, &Budget::steps(10_000_000)).unwrap();
    let b = huge::min_conflicts(100_000, 7, &Budget::steps(10_000_000)).unwrap();
    assert_eq!(a, b, "the same seed gives the same run");
    let c = huge::min_conflicts(100_000, 8, &Budget::steps(10_000_000)).unwrap();
    assert_ne!(a.columns, c.columns, "another seed, another board");
    assert_eq!(huge::verify(100_000, a.columns.as_ref().unwrap()), Ok(()));
    let million = huge::min_conflicts(1_000_000, 1, &Budget::steps(10_000_000)).unwrap();
    assert_eq!(
        huge::verify(1_000_000, million.columns.as_ref().unwrap()),
        Ok(())
    );
    // The greedy start leaves only a few rows in conflict.
    assert!(
        million.conflicted_at_start < 1000,
        "{}",
        million.conflicted_at_start
    );
}

#[test]
fn the_step_budget_is_respected() {
    // Find a run that needs repairs, then starve it.
    let (seed, needed) = (0..50)
        .map(|seed| {
            (
                seed,
                huge::min_conflicts(500, seed, &Budget::steps(1_000_000)).unwrap(),
            )
        })
        .find(|(_, r)| r.steps > 1)
        .expect("some start needs repairs");
    let starved = huge::min_conflicts(500, seed, &Budget::steps(needed.steps - 1)).unwrap();
    assert_eq!(starved.columns, None);
    assert_eq!(starved.steps, needed.steps - 1);
}

#[test]
fn large_boards_are_summarised_not_drawn_whole() {
    let columns = huge::construct(100).unwrap();
    let overview = render::overview(&columns);
    let doc = roxmltree::Document::parse(overview.as_str()).expect("well-formed SVG");
    // The 32×32 corner holds exactly the queens of the first 32 rows in the first 32 columns.
    let in_corner = columns.iter().take(32).filter(|&&c| c <= 32).count();
    let drawn = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("piece queen"))
        .count();
    assert_eq!(drawn, in_corner);
    // A Board that large draws as the overview, and stays small.
    let wide: Vec<usize> = columns.iter().map(|&c| c as usize).collect();
    let board = Board::from_columns(&wide).unwrap();
    let svg = board.to_svg();
    assert!(svg.as_str().contains("nqueens-overview"));
    assert!(svg.as_str().len() < 300_000, "{}", svg.as_str().len());
    // A window keeps the true coordinates in its margin.
    let window = render::window(&columns, 41, 61, 8).render();
    assert!(window.as_str().contains("\n41\n") && window.as_str().contains("\n68\n"));
    // The density picture of a million queens stays small: one path per shade.
    let million = huge::construct(1_000_000).unwrap();
    let density = render::density(&million, 200);
    assert!(
        density.as_str().len() < 100_000,
        "{}",
        density.as_str().len()
    );
    assert!(density.ascii().contains("1,000,000×1,000,000"));
    // Even when every block holds queens (a random-looking board), and in the overview.
    let spread = huge::min_conflicts(100_000, 1, &Budget::steps(10_000_000))
        .unwrap()
        .columns
        .unwrap();
    let overview = render::overview(&spread);
    assert!(
        overview.as_str().len() < 400_000,
        "{}",
        overview.as_str().len()
    );
    let doc = roxmltree::Document::parse(overview.as_str()).expect("well-formed SVG");
    let shades = doc
        .descendants()
        .filter(|n| n.has_tag_name("path") && n.attribute("fill-opacity").is_some())
        .count();
    assert!((1..=8).contains(&shades), "{shades}");
}

#[test]
fn huge_boards_print_one_line() {
    let board = Board::new(5000);
    assert_eq!(board.to_string().lines().count(), 1);
    assert_eq!(Board::new(3).to_string().lines().count(), 3);
}
