//! Which inputs a checker tries: the fixed ones the notebook's test cells show, or, for the
//! grader's hidden tests, new ones drawn from a seed chosen when the work is graded (larger
//! boards, other random rows and clause sets), so that an answer cannot be a table of the
//! visible cases. The generators are here, since the visible inputs come from them too (with
//! seeds of their own); the hidden inputs are drawn by the judge's crate, which hands them to
//! the checkers through its [`Oracle`](crate::oracle::Oracle).

use std::collections::HashMap;

use nqueens_core::backtrack::{self, Grid};
use nqueens_core::board::{Square, Symmetry};
use nqueens_core::logic::{Clause, Clauses, Literal, Variable};
use nqueens_core::queens;
use nqueens_core::rng::Rng;

/// The inputs of `exercise`'s hidden test, when the judge runs one on this thread (drawn by its
/// oracle), or `None`: always `None` in the students' kit, which runs no hidden test.
///
/// # Panics
/// When the oracle's inputs are not of the type `T` the checker reads: a bug of the judge's
/// table of tasks.
pub(crate) fn hidden_inputs<T: 'static>(exercise: &str) -> Option<T> {
    let drawn = crate::oracle::current()?.hidden_inputs(exercise)?;
    let Ok(inputs) = drawn.downcast::<T>() else {
        panic!("the judge drew hidden inputs for {exercise} of another type than its checker reads")
    };
    Some(*inputs)
}

/// Boards to start from, each its size and the queens it holds.
pub type Boards = Vec<(usize, Vec<Square>)>;

/// `count` boards of sizes drawn from `range`, each with 1 to n distinct holes on random
/// squares, listed in the order drawn.
pub fn holed_boards(
    rng: &mut Rng,
    range: std::ops::RangeInclusive<usize>,
    count: usize,
) -> Vec<(usize, Vec<Square>)> {
    let (low, high) = (*range.start(), *range.end());
    (0..count)
        .map(|_| {
            let n = low + rng.below(high - low + 1);
            let wanted = 1 + rng.below(n);
            let mut holes: Vec<Square> = Vec::new();
            while holes.len() < wanted {
                let hole = Square::new(1 + rng.below(n), 1 + rng.below(n));
                if !holes.contains(&hole) {
                    holes.push(hole);
                }
            }
            (n, holes)
        })
        .collect()
}

/// `squares` with every image of them under `symmetries` (and their combinations) added, each
/// square once, in the order found.
fn closed_under(mut squares: Vec<Square>, n: usize, symmetries: &[Symmetry]) -> Vec<Square> {
    let mut i = 0;
    while i < squares.len() {
        for symmetry in symmetries {
            let image = symmetry.apply(squares[i], n);
            if !squares.contains(&image) {
                squares.push(image);
            }
        }
        i += 1;
    }
    squares
}

/// `count` boards of queens, of sizes drawn from `range`: each with up to 2n queens on distinct
/// random squares, or every third one made symmetric (a few squares and their images under a
/// symmetry other than the identity), the squares in the order drawn.
pub fn symmetric_sets(
    rng: &mut Rng,
    range: std::ops::RangeInclusive<usize>,
    count: usize,
) -> Vec<(Vec<Square>, usize)> {
    let (low, high) = (*range.start(), *range.end());
    (0..count)
        .map(|i| {
            let n = low + rng.below(high - low + 1);
            let wanted = rng.below((2 * n).min(n * n) + 1);
            let mut squares: Vec<Square> = Vec::new();
            while squares.len() < wanted {
                let square = Square::new(1 + rng.below(n), 1 + rng.below(n));
                if !squares.contains(&square) {
                    squares.push(square);
                }
            }
            if i % 3 == 0 {
                let symmetry = Symmetry::ALL[1 + rng.below(7)];
                squares.truncate(1 + n / 3);
                squares = closed_under(squares, n, &[symmetry]);
            }
            (squares, n)
        })
        .collect()
}

/// `count` boards of sizes drawn from `range` whose holes every symmetry keeps: one or two
/// random squares (one on boards up to 5×5) and all their images, no two boards alike.
pub fn symmetric_holes(
    rng: &mut Rng,
    range: std::ops::RangeInclusive<usize>,
    count: usize,
) -> Vec<(usize, Vec<Square>)> {
    let (low, high) = (*range.start(), *range.end());
    let mut boards: Vec<(usize, Vec<Square>)> = Vec::new();
    while boards.len() < count {
        let n = low + rng.below(high - low + 1);
        let seeds = if n <= 5 { 1 } else { 1 + rng.below(2) };
        let squares = (0..seeds)
            .map(|_| Square::new(1 + rng.below(n), 1 + rng.below(n)))
            .collect();
        let mut holes = closed_under(squares, n, &Symmetry::ALL);
        let mut key = holes.clone();
        key.sort_unstable();
        let seen = boards.iter().any(|(m, h)| {
            let mut other = h.clone();
            other.sort_unstable();
            *m == n && other == key
        });
        if !seen {
            boards.push((n, std::mem::take(&mut holes)));
        }
    }
    boards
}

/// A board of queens as the huge-board tasks take it, one queen a row: `(n, seed, columns)`.
/// `columns` lists the column (1 to its length) of each row's queen; when it is empty, the board
/// is n queens in columns drawn at random from `seed` (see [`board_of`]), so that a board of a
/// hundred thousand queens travels as two numbers.
pub type Rows = (usize, u64, Vec<usize>);

/// The columns of a board given as [`Rows`].
pub fn board_of(rows: &Rows) -> Vec<usize> {
    let (n, seed, columns) = rows;
    if columns.is_empty() {
        drawn_columns(*n, *seed)
    } else {
        columns.clone()
    }
}

/// A board of n queens, listed, each in a column (1 to n) drawn from `rng` (two may share one).
pub fn listed_board(rng: &mut Rng, n: usize) -> Rows {
    (n, 0, (0..n).map(|_| 1 + rng.below(n)).collect())
}

/// n queens, one a row, each in a column (1 to n) drawn from `seed`: the large boards of the
/// huge-board tasks, sent as their size and seed.
pub fn drawn_columns(n: usize, seed: u64) -> Vec<usize> {
    let mut rng = Rng::new(seed);
    (0..n).map(|_| 1 + rng.below(n)).collect()
}

/// `len` random 0s and 1s, the same for the same seed: the pre-homework's starting row.
pub fn random_cells(len: usize, seed: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    (0..len).map(|_| u8::from(rng.chance(1, 2))).collect()
}

/// `clauses` random clauses of one to four literals over `variables`.
pub fn random_set(rng: &mut Rng, variables: &[Variable], clauses: usize) -> Clauses {
    (0..clauses)
        .map(|_| {
            let width = 1 + rng.below(4);
            (0..width)
                .map(|_| {
                    let v = variables[rng.below(variables.len())];
                    Literal::new(v, rng.chance(1, 2))
                })
                .collect::<Clause>()
        })
        .collect()
}

/// A `size`×`size` grid with `queens` queens dropped on random squares (two may fall on one).
pub fn scattered(rng: &mut Rng, size: usize, queens: usize) -> Grid {
    let mut grid = backtrack::make_board(size);
    for _ in 0..queens {
        grid[rng.below(size)][rng.below(size)] = true;
    }
    grid
}

/// What is true so far, in order: each literal with its decision level and its reason (the
/// clause that forced it; `None` for a decision), as notebook 08 keeps it.
pub type Trail = Vec<(Literal, usize, Option<Clause>)>;

/// A case of [`check_minimise`](super::check_minimise): the board's size, the trail and the clause to minimise.
pub type TrailCase = (usize, Trail, Clause);

/// A trail of CDCL on the lecture's clauses for n queens: a hole on each of `holes` squares at
/// level 0 (its unit clause as its reason), then a queen decided on a random open square at each
/// new level and unit propagation after it, until no square is open or a clause would become
/// false (the literals set before the conflict stay).
fn queens_trail(rng: &mut Rng, n: usize, holes: usize) -> Trail {
    let clauses: Vec<Clause> = queens::all_clauses(n)
        .unwrap_or_default()
        .iter()
        .cloned()
        .collect();
    let mut value: HashMap<Variable, bool> = HashMap::new();
    let mut trail: Trail = Vec::new();
    let squares: Vec<Variable> = (1..=n)
        .flat_map(|r| (1..=n).map(move |c| queens::var(r, c)))
        .collect();
    for _ in 0..holes {
        let v = squares[rng.below(squares.len())];
        if let std::collections::hash_map::Entry::Vacant(entry) = value.entry(v) {
            entry.insert(false);
            let hole = Literal::negative(v);
            trail.push((hole, 0, Some(Clause::unit(hole))));
        }
    }
    for level in 1..=n {
        let open: Vec<Variable> = squares
            .iter()
            .copied()
            .filter(|v| !value.contains_key(v))
            .collect();
        if open.is_empty() {
            break;
        }
        let decided = open[rng.below(open.len())];
        value.insert(decided, true);
        trail.push((Literal::positive(decided), level, None));
        // Propagate, clause by clause, until nothing changes or a clause would be false.
        loop {
            let mut forced = None;
            for clause in &clauses {
                let is_true = |lit: &Literal| value.get(&lit.variable()) == Some(&lit.polarity());
                if clause.iter().any(is_true) {
                    continue;
                }
                let open: Vec<Literal> = clause
                    .iter()
                    .copied()
                    .filter(|l| !value.contains_key(&l.variable()))
                    .collect();
                match open[..] {
                    [] => return trail,
                    [unit] => {
                        forced = Some((unit, clause.clone()));
                        break;
                    }
                    _ => {}
                }
            }
            let Some((unit, reason)) = forced else {
                break;
            };
            value.insert(unit.variable(), unit.polarity());
            trail.push((unit, level, Some(reason)));
        }
    }
    trail
}

/// A random case of [`check_minimise`](super::check_minimise) on an n×n board: a trail with up to `holes` holes, and
/// the negations of 2 to 6 of its literals as the clause; or, when `deep` and the trail allows,
/// a clause with a literal that can go only through a literal the clause has not (its reason's
/// other literals, but one, and that one's reason's other literals), and up to two more.
pub fn trail_case(rng: &mut Rng, n: usize, holes: usize, deep: bool) -> TrailCase {
    let trail = queens_trail(rng, n, holes);
    let chain = if deep { deep_chain(rng, &trail) } else { None };
    let wanted = if chain.is_some() {
        rng.below(3)
    } else {
        2 + rng.below(5)
    }
    .min(trail.len());
    let mut picked: Vec<usize> = Vec::new();
    while picked.len() < wanted {
        let i = rng.below(trail.len());
        if !picked.contains(&i) {
            picked.push(i);
        }
    }
    let clause = picked
        .iter()
        .map(|&i| trail[i].0.complement())
        .chain(chain.unwrap_or_default())
        .collect();
    (n, trail, clause)
}

/// For a random forced literal t of `trail` whose reason holds a false literal r that was forced
/// too (above level 0): ¬t, the other literals of t's reason but r, and the other literals of
/// the reason of r's complement; `None` when no such pair exists or the clause would pass eight
/// literals.
fn deep_chain(rng: &mut Rng, trail: &Trail) -> Option<Vec<Literal>> {
    let entry = |literal: Literal| trail.iter().find(|(l, ..)| *l == literal);
    let mut pairs: Vec<(usize, Literal)> = Vec::new();
    for (i, (literal, _, reason)) in trail.iter().enumerate() {
        for &r in reason.iter().flatten() {
            if r != *literal
                && matches!(entry(r.complement()), Some((_, level, Some(_))) if *level > 0)
            {
                pairs.push((i, r));
            }
        }
    }
    if pairs.is_empty() {
        return None;
    }
    let (i, r) = pairs[rng.below(pairs.len())];
    let (literal, _, reason) = &trail[i];
    let (parent, _, parent_reason) = entry(r.complement())?;
    let others = |clause: &Option<Clause>, own: Literal| -> Vec<Literal> {
        clause
            .iter()
            .flatten()
            .copied()
            .filter(|&l| l != own)
            .collect()
    };
    let mut chain = vec![literal.complement()];
    chain.extend(others(reason, *literal).into_iter().filter(|&l| l != r));
    chain.extend(others(parent_reason, *parent));
    (chain.len() <= 8).then_some(chain)
}

/// "x1" to "xn": the variables of the random formulas.
fn numbered_variables(n: usize) -> Vec<Variable> {
    (1..=n)
        .filter_map(|i| Variable::new(&format!("x{i}")).ok())
        .collect()
}

/// `clauses` random clauses of three literals over three different variables of `variables`
/// (each variable picked with equal chance, each literal's sign by a coin).
pub fn random_three_sat(rng: &mut Rng, variables: usize, clauses: usize) -> Clauses {
    let names = numbered_variables(variables);
    let mut set = Clauses::new();
    while set.len() < clauses {
        let mut picked: Vec<Variable> = Vec::new();
        while picked.len() < 3 {
            let v = names[rng.below(names.len())];
            if !picked.contains(&v) {
                picked.push(v);
            }
        }
        set.insert(
            picked
                .into_iter()
                .map(|v| Literal::new(v, rng.chance(1, 2)))
                .collect(),
        );
    }
    set
}

/// The lecture's clauses for n queens with a hole on each square of `holes` (`¬Q<r,c>` as a
/// unit clause).
pub fn queens_with_holes(n: usize, holes: &[(usize, usize)]) -> Clauses {
    let mut set = queens::all_clauses(n).unwrap_or_default();
    for &(r, c) in holes {
        set.insert(Clause::unit(Literal::negative(queens::var(r, c))));
    }
    set
}
