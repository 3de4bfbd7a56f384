//! The n-queens clauses: their sizes, their solutions (each checked on the board, independently
//! of the clauses), and the refusals.

use nqueens::dp::{self, Heuristic, Options, Outcome};
use nqueens::logic::{Clause, Clauses, Literal};
use nqueens::prelude::*;
use nqueens::queens::{self, Encoding, QueensError};
use nqueens::{Board, Square};

/// OEIS A000170, from `REFERENCE.md`.
const SOLUTIONS: [usize; 9] = [0, 1, 0, 0, 2, 10, 4, 40, 92];

#[test]
fn the_lecture_encoding_has_the_lecture_sizes() {
    let eight = queens::all_clauses(8).unwrap();
    assert_eq!((eight.len(), eight.variables().len()), (512, 64));
    for (n, count) in [(4, 56), (8, 512), (16, 4416)] {
        assert_eq!(queens::all_clauses(n).unwrap().len(), count, "n = {n}");
    }
}

#[test]
fn the_one_hot_encoding_has_the_essay_sizes() {
    for (n, count) in [(4, 84), (5, 170), (6, 302), (8, 744), (16, 6352)] {
        assert_eq!(queens::one_hot_clauses(n).unwrap().len(), count, "n = {n}");
    }
}

#[test]
fn the_size_formula_matches_the_builders() {
    for encoding in Encoding::ALL {
        for n in 1..=20 {
            let built = encoding.clauses(n).unwrap().len() as u128;
            assert_eq!(encoding.clause_count(n), built, "{encoding}, n = {n}");
        }
    }
}

#[test]
fn the_builders_mirror_the_lecture_on_a_4x4_board() {
    assert_eq!(queens::var(11, 3).to_string(), "Q<11,3>");
    assert_eq!(queens::at_most_one_in_row(3, 4).len(), 6);
    assert_eq!(
        queens::one_in_column(2, 4).to_string(),
        "{{Q<1,2>, Q<2,2>, Q<3,2>, Q<4,2>}}"
    );
    assert_eq!(
        queens::at_most_one_in_falling_diagonal(1, 4).to_string(),
        "{{¬Q<2,1>, ¬Q<3,2>}, {¬Q<2,1>, ¬Q<4,3>}, {¬Q<3,2>, ¬Q<4,3>}}"
    );
    assert_eq!(queens::at_most_one_in_rising_diagonal(5, 4).len(), 6);
    assert_eq!(
        queens::at_most_one_in_rising_diagonal(3, 4).to_string(),
        "{{¬Q<1,2>, ¬Q<2,1>}}"
    );
    // Lines off the board, and diagonals of one square, give nothing.
    assert!(queens::at_most_one_in_row(5, 4).is_empty());
    assert!(queens::at_most_one_in_falling_diagonal(3, 4).is_empty());
    assert!(queens::at_most_one_in_rising_diagonal(2, 4).is_empty());
}

/// Counts solutions as the follow-up to the lecture does: solve, block the model's queens with
/// the clause {¬Q…} over its true variables, and solve again until none is left. Every board is
/// checked with the board's own attack rules, which know nothing of clauses.
fn count_by_blocking(n: usize, encoding: Encoding, heuristic: Heuristic) -> usize {
    let mut clauses = encoding.clauses(n).unwrap();
    let original = clauses.clone();
    let mut boards = std::collections::BTreeSet::new();
    loop {
        match dp::search(&clauses, &Options::with_heuristic(heuristic)).outcome {
            Outcome::Satisfiable(model) => {
                assert!(original.is_satisfied_by(&model));
                let board = queens::decode(&model, n).unwrap();
                assert!(board.is_solution(), "n = {n}: not a solution:\n{board}");
                assert!(
                    boards.insert(board.columns()),
                    "n = {n}: found twice:\n{board}"
                );
                let blocking: Clause = model.true_variables().map(Literal::negative).collect();
                clauses.insert(blocking);
            }
            Outcome::Unsatisfiable => return boards.len(),
            Outcome::GaveUp(limit) => panic!("no budget was set: {limit:?}"),
        }
    }
}

#[test]
fn blocking_clauses_count_every_solution_up_to_8() {
    for (n, &expected) in SOLUTIONS.iter().enumerate().skip(1) {
        assert_eq!(
            count_by_blocking(n, Encoding::Lecture, Heuristic::JeroslowWang),
            expected,
            "n = {n}"
        );
    }
    for (n, &expected) in SOLUTIONS.iter().enumerate().take(7).skip(1) {
        assert_eq!(
            count_by_blocking(n, Encoding::OneHot, Heuristic::FirstVariable),
            expected,
            "n = {n}"
        );
    }
}

/// An independent count for small boards: every permutation, checked square by square.
#[test]
fn brute_force_agrees_with_the_known_counts() {
    fn count(columns: &mut Vec<usize>, n: usize) -> usize {
        if columns.len() == n {
            return usize::from(Board::from_columns(columns).unwrap().is_solution());
        }
        let free: Vec<usize> = (1..=n).filter(|c| !columns.contains(c)).collect();
        free.into_iter()
            .map(|c| {
                columns.push(c);
                let found = count(columns, n);
                columns.pop();
                found
            })
            .sum()
    }
    for (n, &expected) in SOLUTIONS.iter().enumerate().take(8).skip(1) {
        assert_eq!(count(&mut Vec::new(), n), expected, "n = {n}");
    }
}

#[test]
fn queens_solves_as_the_lecture_does() {
    for n in [1, 4, 5, 8, 10] {
        let board = queens::queens(n).unwrap();
        assert!(board.is_solution(), "n = {n}:\n{board}");
        assert_eq!(board.size(), n);
    }
    for n in [2, 3] {
        assert_eq!(
            queens::queens(n).unwrap_err(),
            QueensError::NoSolution { n }
        );
    }
}

#[test]
fn jeroslow_wang_solves_16_and_32_queens() {
    for n in [16, 32] {
        let run = queens::solve_queens(
            n,
            Encoding::Lecture,
            &Options::with_heuristic(Heuristic::JeroslowWang),
        )
        .unwrap();
        let board = run.board().unwrap();
        assert!(board.is_solution(), "n = {n}:\n{board}");
        assert_eq!(
            (run.clauses, run.variables),
            (Encoding::Lecture.clause_count(n) as usize, n * n)
        );
    }
}

#[test]
fn decoding_reads_only_true_queen_variables() {
    let model = "{Q<1,2>}, {¬Q<1,1>}, {helper}".parse::<Clauses>().unwrap();
    let model = model.iter().filter_map(Clause::as_unit).collect();
    let board = queens::decode(&model, 2).unwrap();
    assert_eq!(board.queens().collect::<Vec<_>>(), vec![Square::new(1, 2)]);
    let off = "{Q<3,1>}".parse::<Clauses>().unwrap();
    let off = off.iter().filter_map(Clause::as_unit).collect();
    let error = queens::decode(&off, 2).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the model puts a queen on Q<3,1>, which is off the 2×2 board"
    );
}

#[test]
fn absurd_sizes_are_refused_before_any_memory_is_used() {
    assert_eq!(queens::all_clauses(0).unwrap_err(), QueensError::Empty);
    let error = queens::all_clauses(5000).unwrap_err();
    assert!(matches!(error, QueensError::TooLarge { n: 5000, .. }));
    assert!(
        error.to_string().contains("choose a smaller board"),
        "{error}"
    );
    assert!(queens::one_hot_clauses(usize::MAX).is_err());
}

/// A board's squares read row by row as bits (true where a queen stands).
fn word(board: &Board) -> Vec<bool> {
    let n = board.size();
    (1..=n)
        .flat_map(|row| (1..=n).map(move |col| Square::new(row, col)))
        .map(|square| board.piece_at(square).is_some())
        .collect()
}

#[test]
fn lex_leader_clauses_leave_one_solution_of_each_class() {
    for n in 1..=9 {
        let mut clauses = queens::all_clauses(n).unwrap();
        clauses.extend(queens::lex_leader(n));
        let boards: Vec<Board> =
            dp::satisfy_all(&clauses, &Options::with_heuristic(Heuristic::JeroslowWang))
                .map(|model| queens::decode(&model, n).unwrap())
                .collect();
        // As many as the classes, counted two other ways.
        let fundamental = queens::count_fundamental(n).unwrap();
        assert_eq!(boards.len() as u64, fundamental, "n = {n}");
        assert_eq!(
            queens::count_fundamental_by_burnside(n).unwrap(),
            fundamental
        );
        // Certificates: each a solution, whose word is at least that of each of its images, so
        // no two are in one class; all of them are the crate's canonical boards.
        let mut canonical = Vec::new();
        for board in &boards {
            assert!(board.is_solution(), "n = {n}: {board}");
            for (symmetry, image) in board.images() {
                assert!(
                    word(board) >= word(&image),
                    "n = {n}, {symmetry:?}: {board}"
                );
            }
            canonical.push(board.canonical());
            assert_eq!(board.canonical(), *board);
        }
        canonical.sort_by_key(Board::columns);
        canonical.dedup();
        assert_eq!(canonical.len(), boards.len());
    }
    assert_eq!(queens::count_fundamental(8).unwrap(), 12);
    assert_eq!(queens::count_fundamental(9).unwrap(), 46);
}
