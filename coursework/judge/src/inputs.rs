//! The hidden tests' inputs: what each checker asks about in a hidden test, drawn from the
//! grading seed. The judge's crate only: the students' kit does not have them.

use nqueens::backtrack::Grid;
use nqueens::board::Square;
use nqueens::logic::{Clauses, Variable};
use nqueens::queens::var;
use nqueens::rng::Rng;
use nqueens_checkers::trial::{self, Boards, Rows, random_cells, random_set, scattered};

/// A generator for the hidden inputs of one checker: the grading seed, told apart per checker,
/// so that two tasks do not draw the same sequence.
fn drawn(seed: u64, exercise: &str) -> Rng {
    let salt = exercise.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    Rng::new(seed ^ salt)
}

/// `count` numbers drawn from `range`, in increasing order, without repeats.
fn distinct(rng: &mut Rng, range: std::ops::RangeInclusive<usize>, count: usize) -> Vec<usize> {
    let all: Vec<usize> = range.collect();
    let mut chosen: Vec<usize> = Vec::new();
    while chosen.len() < count.min(all.len()) {
        let pick = all[rng.below(all.len())];
        if !chosen.contains(&pick) {
            chosen.push(pick);
        }
    }
    chosen.sort_unstable();
    chosen
}

/// "13 and 14", "9, 11 and 12": numbers in words.
fn numbers_in_words(sizes: &[usize]) -> String {
    in_words(sizes.iter().map(ToString::to_string).collect())
}

/// "9×9 and 13×13", "9×9, 11×11 and 12×12": the boards a hidden test drew, in words.
fn boards_in_words(sizes: &[usize]) -> String {
    in_words(sizes.iter().map(|n| format!("{n}×{n}")).collect())
}

/// "a, b and c".
fn in_words(mut names: Vec<String>) -> String {
    match names.pop() {
        None => "none".to_owned(),
        Some(last) if names.is_empty() => last,
        Some(last) => format!("{} and {last}", names.join(", ")),
    }
}

/// The squares of a hidden test of a `*_sees` checker: 200 of boards from 9×9 to 40×40.
pub(crate) fn squares(seed: u64, exercise: &str) -> (Vec<(Square, usize)>, String) {
    let mut rng = drawn(seed, exercise);
    let cases = (0..200)
        .map(|_| {
            let size = 9 + rng.below(32);
            let square = Square::new(1 + rng.below(size), 1 + rng.below(size));
            (square, size)
        })
        .collect();
    (
        cases,
        "200 squares of boards from 9×9 to 40×40 drawn when graded".to_owned(),
    )
}

/// The squares and boards of the hidden test of `check_queen_attacks`: 200 squares of boards
/// from 9×9 to 40×40 with queens on them.
pub(crate) fn attack_cases(seed: u64, exercise: &str) -> (Vec<(Square, Grid)>, &'static str) {
    let mut rng = drawn(seed, exercise);
    let cases = (0..200)
        .map(|_| {
            let size = 9 + rng.below(32);
            let queens = size + rng.below(2 * size);
            let grid = scattered(&mut rng, size, queens);
            (Square::new(1 + rng.below(size), 1 + rng.below(size)), grid)
        })
        .collect();
    (
        cases,
        "200 squares of boards from 9×9 to 40×40 with queens on them, drawn when graded",
    )
}

/// The boards of the hidden test of `check_complete_board`, each its size and its queens: two
/// from 9×9 to 12×12 holding one or two queens that do not attack each other.
pub(crate) fn starts(seed: u64, exercise: &str) -> (Boards, &'static str) {
    let mut rng = drawn(seed, exercise);
    let starts = distinct(&mut rng, 9..=12, 2)
        .into_iter()
        .map(|size| {
            let wanted = 1 + rng.below(2);
            let mut queens: Vec<Square> = Vec::new();
            while queens.len() < wanted {
                let q = Square::new(1 + rng.below(size), 1 + rng.below(size));
                let apart = queens.iter().all(|p| {
                    p.row != q.row
                        && p.col != q.col
                        && p.row.abs_diff(q.row) != p.col.abs_diff(q.col)
                });
                if apart {
                    queens.push(q);
                }
            }
            (size, queens)
        })
        .collect();
    (
        starts,
        "two boards from 9×9 to 12×12 with one or two queens on them, drawn when graded",
    )
}

/// The lists of the hidden test of `check_at_most_two`: 30 random lists of up to 12 variables,
/// some listed twice.
pub(crate) fn variable_lists(
    seed: u64,
    exercise: &str,
) -> (Vec<(usize, Vec<Variable>)>, &'static str) {
    let mut rng = drawn(seed, exercise);
    let cases = (0..30)
        .map(|_| {
            let n = 12;
            let mut list: Vec<Variable> = (0..rng.below(13))
                .map(|_| var(1 + rng.below(n), 1 + rng.below(n)))
                .collect();
            if !list.is_empty() && rng.chance(1, 3) {
                list.push(list[rng.below(list.len())]);
            }
            (n, list)
        })
        .collect();
    (
        cases,
        "30 random lists of up to 13 variables, some twice, drawn when graded",
    )
}

/// The clause sets of a hidden test of a Davis–Putnam checker: 40 random sets over `p … u` with
/// up to 10 clauses.
pub(crate) fn clause_sets(seed: u64, exercise: &str) -> (Vec<Clauses>, &'static str) {
    let variables: Vec<Variable> = ["p", "q", "r", "s", "t", "u"]
        .into_iter()
        .filter_map(|name| Variable::new(name).ok())
        .collect();
    let mut rng = drawn(seed, exercise);
    let sets = (0..40)
        .map(|_| {
            let clauses = 2 + rng.below(9);
            random_set(&mut rng, &variables, clauses)
        })
        .collect();
    (
        sets,
        "40 random clause sets over six variables drawn when graded",
    )
}

/// The rows of the hidden test of `check_next_generation`: 30 random rows of 41 to 200 cells.
pub(crate) fn rows(seed: u64, exercise: &str) -> (Vec<Vec<u8>>, &'static str) {
    let mut rng = drawn(seed, exercise);
    let rows = (0..30)
        .map(|_| random_cells(41 + rng.below(160), rng.next_u64()))
        .collect();
    (rows, "30 random rows of 41 to 200 cells drawn when graded")
}

/// The rows and steps of the hidden test of `check_evolve`: 10 random rows of 41 to 120 cells,
/// up to 60 steps.
pub(crate) fn evolve_cases(seed: u64, exercise: &str) -> (Vec<(Vec<u8>, usize)>, &'static str) {
    let mut rng = drawn(seed, exercise);
    let cases = (0..10)
        .map(|_| {
            (
                random_cells(41 + rng.below(80), rng.next_u64()),
                rng.below(61),
            )
        })
        .collect();
    (
        cases,
        "10 random rows of 41 to 120 cells with up to 60 steps, drawn when graded",
    )
}

/// The partial assignments of the hidden test of `check_consistent`: a generator, the CSPs of 9
/// to 12 queens, 50 assignments each.
pub(crate) fn assignments(
    seed: u64,
    exercise: &str,
) -> (Rng, std::ops::RangeInclusive<usize>, usize, &'static str) {
    (
        drawn(seed, exercise),
        9..=12_usize,
        50,
        "the CSPs of 9 to 12 queens, with assignments drawn when graded",
    )
}

/// The sizes of a hidden test that draws two sizes: boards from 9×9 to 20×20 for the wrapped
/// diagonals, 9×9 to 12×12 for the torus, 9 to 11 superqueens, 9 to 16 queens for the
/// backtracking.
pub(crate) fn sizes(seed: u64, exercise: &str) -> (Vec<usize>, String) {
    let (range, name): (_, fn(&[usize]) -> String) = match exercise {
        "at_most_one_in_wrapped_diagonal" => (9..=20, boards_in_words),
        "torus_clauses" => (9..=12, boards_in_words),
        "superqueens_csp" => (9..=11, |sizes| {
            format!("{} queens", numbers_in_words(sizes))
        }),
        "backtracking" => (9..=16, |sizes| {
            format!("{} queens", numbers_in_words(sizes))
        }),
        other => panic!("{other} draws no sizes in a hidden test"),
    };
    let sizes = distinct(&mut drawn(seed, exercise), range, 2);
    let which = format!("{} (drawn when graded)", name(&sizes));
    (sizes, which)
}

/// The boards of the hidden test of `check_count`: four from 9×9 to 12×12, each with 1 to n
/// holes.
pub(crate) fn holed_boards(seed: u64, exercise: &str) -> (Vec<(usize, Vec<Square>)>, String) {
    let boards = trial::holed_boards(&mut drawn(seed, exercise), 9..=12, 4);
    let sizes: Vec<usize> = boards.iter().map(|(n, _)| *n).collect();
    let which = format!("{} with holes (drawn when graded)", boards_in_words(&sizes));
    (boards, which)
}

/// The boards of a hidden test of `check_canonical` or `check_class_size`: 150 from 9×9 to 16×16
/// with up to 2n queens, a third of them symmetric.
pub(crate) fn symmetry_boards(seed: u64, exercise: &str) -> (Vec<(Vec<Square>, usize)>, String) {
    let boards = trial::symmetric_sets(&mut drawn(seed, exercise), 9..=16, 150);
    (
        boards,
        "150 boards from 9×9 to 16×16, a third of them symmetric, drawn when graded".to_owned(),
    )
}

/// The boards of the hidden test of `check_classes`: three from 9×9 to 11×11 whose holes every
/// symmetry keeps, each with some classes.
pub(crate) fn symmetric_holes(seed: u64, exercise: &str) -> (Vec<(usize, Vec<Square>)>, String) {
    // A board without solutions would be a part a constant answers: drawn again.
    let mut rng = drawn(seed, exercise);
    let mut boards = Vec::new();
    while boards.len() < 3 {
        let board = trial::symmetric_holes(&mut rng, 9..=11, 1).remove(0);
        if crate::reference::classes(board.0, &board.1) > 0 {
            boards.push(board);
        }
    }
    let sizes: Vec<usize> = boards.iter().map(|(n, _)| *n).collect();
    let which = format!(
        "{} with holes that every symmetry keeps (drawn when graded)",
        boards_in_words(&sizes)
    );
    (boards, which)
}

/// The boards of the hidden test of `check_attacking_pairs`: 100 of 11 to 40 queens in random
/// columns, then three of 50,000 to 100,000 queens (sent as their size and a seed).
pub(crate) fn pair_boards(seed: u64, exercise: &str) -> (Vec<Rows>, String) {
    let mut rng = drawn(seed, exercise);
    let mut boards: Vec<Rows> = (0..100)
        .map(|_| {
            let n = 11 + rng.below(30);
            trial::listed_board(&mut rng, n)
        })
        .collect();
    boards.extend((0..3).map(|_| (50_000 + rng.below(50_001), rng.next_u64(), Vec::new())));
    (
        boards,
        "100 boards of 11 to 40 queens and three of 50,000 to 100,000, drawn when graded"
            .to_owned(),
    )
}

/// The cases of the hidden test of `check_best_column`: a row of each of 100 boards of 11 to 40
/// queens, then a row of each of three boards of 50,000 to 100,000.
pub(crate) fn column_cases(seed: u64, exercise: &str) -> (Vec<(Rows, usize)>, String) {
    let mut rng = drawn(seed, exercise);
    let mut cases: Vec<(Rows, usize)> = (0..100)
        .map(|_| {
            let n = 11 + rng.below(30);
            (trial::listed_board(&mut rng, n), 1 + rng.below(n))
        })
        .collect();
    cases.extend((0..3).map(|_| {
        let n = 50_000 + rng.below(50_001);
        ((n, rng.next_u64(), Vec::new()), 1 + rng.below(n))
    }));
    (
        cases,
        "100 rows of boards of 11 to 40 queens and three of boards of 50,000 to 100,000, drawn \
         when graded"
            .to_owned(),
    )
}

/// The sizes of the hidden test of `check_greedy_start`: two n from 1,000 to 3,000.
pub(crate) fn greedy_sizes(seed: u64, exercise: &str) -> (Vec<usize>, String) {
    let sizes = distinct(&mut drawn(seed, exercise), 1000..=3000, 2);
    let which = format!("n = {} (drawn when graded)", numbers_in_words(&sizes));
    (sizes, which)
}

/// The indices of the hidden test of `check_luby`: 200 from 4,096 to 2⁴⁰, and ten of the form
/// 2ᵏ − 1 with k from 13 to 40.
pub(crate) fn luby_indices(seed: u64, exercise: &str) -> (Vec<u64>, String) {
    let mut rng = drawn(seed, exercise);
    let mut indices: Vec<u64> = (0..200)
        .map(|_| 4096 + rng.next_u64() % ((1_u64 << 40) - 4096))
        .collect();
    indices.extend((0..10).map(|_| (1_u64 << (13 + rng.below(28))) - 1));
    (
        indices,
        "210 indices up to 2^40 drawn when graded".to_owned(),
    )
}

/// The formulas of the hidden test of `check_refutation`: six random formulas of three literals
/// a clause over 30 to 38 variables, 5½ times as many clauses as variables, each drawn again
/// until it has no model (CDCL decides).
pub(crate) fn refutation_formulas(seed: u64, exercise: &str) -> (Vec<Clauses>, String) {
    use nqueens::cdcl::{self, CdclOptions};
    use nqueens::sat::Outcome;
    let mut rng = drawn(seed, exercise);
    let formulas = (0..6)
        .map(|_| {
            let variables = 30 + rng.below(9);
            loop {
                let set = trial::random_three_sat(&mut rng, variables, variables * 11 / 2);
                let outcome = cdcl::solve(&set, &CdclOptions::default()).outcome;
                if outcome == Outcome::Unsatisfiable {
                    break set;
                }
            }
        })
        .collect();
    (
        formulas,
        "six random formulas over 30 to 38 variables drawn when graded".to_owned(),
    )
}

/// The cases of the hidden test of `check_minimise`: 200 trails of boards from 6×6 to 10×10, up
/// to three holes each, each with a clause.
pub(crate) fn minimise_cases(seed: u64, exercise: &str) -> (Vec<trial::TrailCase>, String) {
    let mut rng = drawn(seed, exercise);
    let cases = (0..200)
        .map(|_| {
            let n = 6 + rng.below(5);
            let holes = rng.below(4);
            let deep = rng.chance(1, 2);
            trial::trail_case(&mut rng, n, holes, deep)
        })
        .collect();
    (
        cases,
        "200 trails of boards from 6×6 to 10×10 drawn when graded".to_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_distinct_sorted_and_in_range() {
        let mut rng = Rng::new(3);
        let s = distinct(&mut rng, 9..=12, 3);
        assert_eq!(s.len(), 3);
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert!(s.iter().all(|n| (9..=12).contains(n)));
        assert_eq!(distinct(&mut rng, 9..=10, 5), vec![9, 10]);
        assert_eq!(boards_in_words(&[9, 13]), "9×9 and 13×13");
        assert_eq!(boards_in_words(&[9, 11, 12]), "9×9, 11×11 and 12×12");
    }

    #[test]
    fn each_checker_draws_its_own_sequence() {
        assert_ne!(drawn(5, "count").next_u64(), drawn(5, "reduce").next_u64());
        assert_eq!(drawn(5, "count").next_u64(), drawn(5, "count").next_u64());
    }
}
