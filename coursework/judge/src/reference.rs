//! The checkers' references: the answer of every task, which the checkers compare a student's
//! answers with. The judge's crate only, so that the coursework's kit (the crate students get)
//! holds none of them: there the checkers read the answers on their visible inputs from
//! `expected.txt` instead (see `nqueens_checkers::oracle`).

use nqueens::backtrack::{self, Grid};
use nqueens::board::{Piece, Square};
use nqueens::csp::{Csp, CspError};
use nqueens::dp::{self, Step};
use nqueens::encode;
use nqueens::logic::{Clause, Clauses, Literal, Variable};
use nqueens::prelude::*;
use nqueens::queens::{self, var};

/// The squares `piece` on `square` attacks on a `size`×`size` board, row by row.
pub(crate) fn sees(piece: Piece, square: Square, size: usize) -> Vec<Square> {
    piece.sees(square, size)
}

/// The queens on each line of a board: columns, falling diagonals (row − col + n) and rising
/// ones (row + col), for the queens of `columns` other than the one of row `skip` (from 1).
fn line_counts(columns: &[usize], skip: usize) -> [Vec<u64>; 3] {
    let n = columns.len();
    let mut lines = [vec![0; n + 1], vec![0; 2 * n + 1], vec![0; 2 * n + 1]];
    for (i, &c) in columns.iter().enumerate() {
        let row = i + 1;
        if row != skip && (1..=n).contains(&c) {
            lines[0][c] += 1;
            lines[1][row + n - c] += 1;
            lines[2][row + c] += 1;
        }
    }
    lines
}

/// The pairs of queens of `columns` that share a column or a diagonal, by the queens on each
/// line.
pub(crate) fn attacking_pairs(columns: &[usize]) -> u64 {
    line_counts(columns, 0)
        .iter()
        .flatten()
        .map(|&k| k * k.saturating_sub(1) / 2)
        .sum()
}

/// The column of `row` where the other queens of `columns` attack a queen least, the leftmost
/// on a tie.
pub(crate) fn best_column(columns: &[usize], row: usize) -> usize {
    let n = columns.len();
    let [cols, falling, rising] = line_counts(columns, row);
    (1..=n)
        .min_by_key(|&c| (cols[c] + falling[row + n - c] + rising[row + c], c))
        .unwrap_or(1)
}

/// n queens placed row by row, each in the column the queens above attack least (the leftmost
/// on a tie), by the queens on each line.
pub(crate) fn greedy_start(n: usize) -> Vec<usize> {
    let (mut cols, mut falling, mut rising) =
        (vec![0; n + 1], vec![0; 2 * n + 1], vec![0; 2 * n + 1]);
    let mut placed = Vec::with_capacity(n);
    for row in 1..=n {
        let best = (1..=n)
            .min_by_key(|&c| (cols[c] + falling[row + n - c] + rising[row + c], c))
            .unwrap_or(1);
        cols[best] += 1;
        falling[row + n - best] += 1;
        rising[row + best] += 1;
        placed.push(best);
    }
    placed
}

/// The least of the eight images of the queens on `squares`, each listed by row and column.
pub(crate) fn canonical(squares: &[Square], n: usize) -> Vec<Square> {
    nqueens::board::Symmetry::ALL
        .iter()
        .map(|&symmetry| {
            let mut image: Vec<Square> = squares.iter().map(|&s| symmetry.apply(s, n)).collect();
            image.sort_unstable();
            image
        })
        .min()
        .unwrap_or_default()
}

/// How many different boards the eight symmetries make of the queens on `squares`.
pub(crate) fn class_size(squares: &[Square], n: usize) -> usize {
    let mut images: Vec<Vec<Square>> = nqueens::board::Symmetry::ALL
        .iter()
        .map(|&symmetry| {
            let mut image: Vec<Square> = squares.iter().map(|&s| symmetry.apply(s, n)).collect();
            image.sort_unstable();
            image
        })
        .collect();
    images.sort_unstable();
    images.dedup();
    images.len()
}

/// The classes of the solutions of n queens with none on a hole, the holes kept by every
/// symmetry: by Burnside's lemma, the average over the eight symmetries of the solutions each
/// leaves unchanged.
pub(crate) fn classes(n: usize, holes: &[Square]) -> u64 {
    fn search(n: usize, holes: &[Square], columns: &mut Vec<usize>, found: &mut Vec<Vec<usize>>) {
        let row = columns.len() + 1;
        if row > n {
            found.push(columns.clone());
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
                search(n, holes, columns, found);
                columns.pop();
            }
        }
    }
    let mut solutions = Vec::new();
    search(n, holes, &mut Vec::new(), &mut solutions);
    let fixed: usize = nqueens::board::Symmetry::ALL
        .iter()
        .map(|&symmetry| {
            solutions
                .iter()
                .filter(|columns| {
                    columns.iter().enumerate().all(|(i, &c)| {
                        let image = symmetry.apply(Square::new(i + 1, c), n);
                        columns[image.row - 1] == image.col
                    })
                })
                .count()
        })
        .sum();
    (fixed / 8) as u64
}

/// The solutions of n queens with none on a hole, and the queens the row-by-row search places
/// (its nodes): a bitboard search, the holes a mask per row.
pub(crate) fn count(n: usize, holes: &[Square]) -> (u64, u64) {
    fn search(full: u64, blocked: &[u64], taken: (u64, u64, u64), nodes: &mut u64) -> u64 {
        let Some((&here, below)) = blocked.split_first() else {
            return 1;
        };
        let (cols, left, right) = taken;
        let mut free = full & !(cols | left | right | here);
        let mut total = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            *nodes += 1;
            let next = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
            total += search(full, below, next, nodes);
        }
        total
    }
    let mut blocked = vec![0_u64; n];
    for hole in holes {
        if (1..=n).contains(&hole.row) && (1..=n).contains(&hole.col) {
            blocked[hole.row - 1] |= 1 << (hole.col - 1);
        }
    }
    let mut nodes = 0;
    let full = if n >= 64 { u64::MAX } else { (1_u64 << n) - 1 };
    let solutions = search(full, &blocked, (0, 0, 0), &mut nodes);
    (solutions, nodes)
}

/// The lecture's search on a set: whether it is satisfiable, the splits it makes, and the
/// library's traced search when it splits as the lecture's does (the library drops clauses that
/// are always true, `{p, ¬p}`, before it starts, and then splits less: no drawing then).
pub(crate) fn solve(set: &Clauses) -> (bool, Vec<Literal>, Option<Vec<Step>>) {
    let mut lecture = Vec::new();
    let satisfiable = !solve_splitting(set, &mut lecture).contains_empty();
    let traced = traced_search(set);
    let drawn = (splits_of(&traced) == lecture).then_some(traced.trace);
    (satisfiable, lecture, drawn)
}

/// The eight directions a queen moves in.
const LINES: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// What a queen on `square` attacks on `grid`: along each line, every square up to and including
/// the first that holds a queen. (The checker's reference.)
pub(crate) fn queen_attacks(square: Square, grid: &Grid) -> Vec<Square> {
    let size = grid.len();
    let mut attacked = Vec::new();
    for (dr, dc) in LINES {
        let (mut r, mut c) = (square.row, square.col);
        while let (Some(nr), Some(nc)) = (r.checked_add_signed(dr), c.checked_add_signed(dc)) {
            if !(1..=size).contains(&nr) || !(1..=size).contains(&nc) {
                break;
            }
            (r, c) = (nr, nc);
            attacked.push(Square::new(r, c));
            if grid[r - 1][c - 1] {
                break;
            }
        }
    }
    attacked
}

/// The lecture's backtracking fill, from a board that may already hold queens: rows top to
/// bottom, skipping rows that hold a queen; in each empty row, the columns from the left, a queen
/// placed (and noted in `placed`) where no queen of the board attacks it. The first full board,
/// or `None`. (The checker's reference.)
pub(crate) fn complete(grid: &Grid, row: usize, placed: &mut Vec<Square>) -> Option<Grid> {
    let size = grid.len();
    if row > size {
        return Some(grid.clone());
    }
    if grid[row - 1].iter().any(|&q| q) {
        return complete(grid, row + 1, placed);
    }
    for col in 1..=size {
        let square = Square::new(row, col);
        if backtrack::has_queen(grid, &queen_attacks(square, grid)) {
            continue;
        }
        placed.push(square);
        let mut next = backtrack::clone_board(grid);
        next[row - 1][col - 1] = true;
        if let Some(done) = complete(&next, row + 1, placed) {
            return Some(done);
        }
    }
    None
}

/// The pre-homework's rule: in the next generation, a cell is 1 when it and its two neighbours
/// hold one or two 1s between them, and 0 when they hold none or three. A cell at either end has
/// one neighbour; the missing one counts as 0.
pub(crate) fn next_generation(cells: &[u8]) -> Vec<u8> {
    (0..cells.len())
        .map(|i| {
            let left = if i == 0 { 0 } else { cells[i - 1] };
            let right = cells.get(i + 1).copied().unwrap_or(0);
            let sum = u32::from(left) + u32::from(cells[i]) + u32::from(right);
            u8::from(sum == 1 || sum == 2)
        })
        .collect()
}

/// The first row and the `steps` generations that follow it, each made by [`next_generation`]
/// (drawn by `render::generations`).
pub(crate) fn generations(first: &[u8], steps: usize) -> Vec<Vec<u8>> {
    let mut rows = vec![first.to_vec()];
    for _ in 0..steps {
        let next = next_generation(rows.last().map_or(&[][..], Vec::as_slice));
        rows.push(next);
    }
    rows
}

/// At most two of the variables true: `{¬a, ¬b, ¬c}` for every three different variables of the
/// list (a variable listed twice counts once). (The checker's reference.)
pub(crate) fn at_most_two(variables: &[Variable]) -> Clauses {
    let mut distinct: Vec<Variable> = Vec::new();
    for &v in variables {
        if !distinct.contains(&v) {
            distinct.push(v);
        }
    }
    let mut clauses = Clauses::new();
    for (i, &a) in distinct.iter().enumerate() {
        for (j, &b) in distinct.iter().enumerate().skip(i + 1) {
            for &c in &distinct[j + 1..] {
                clauses.insert(
                    [a, b, c]
                        .into_iter()
                        .map(Literal::negative)
                        .collect::<Clause>(),
                );
            }
        }
    }
    clauses
}

/// The squares of the wrapped diagonal `k` of an n×n torus: falling, `(col − row) mod n = k`, or
/// rising, `(row + col) mod n = k`; one in each row.
fn wrapped_squares(k: usize, n: usize, falling: bool) -> Vec<Square> {
    (1..=n)
        .map(|row| {
            let col = if falling {
                (row - 1 + k) % n + 1
            } else {
                (k + 2 * n - row - 1) % n + 1
            };
            Square::new(row, col)
        })
        .collect()
}

/// At most one queen on the wrapped falling diagonal `k` of an n×n torus, pairwise. (The
/// checker's reference.)
pub(crate) fn wrapped_diagonal(k: usize, n: usize) -> Clauses {
    encode::at_most_one(&variables_of(&wrapped_squares(k, n, true)))
}

fn variables_of(squares: &[Square]) -> Vec<Variable> {
    squares.iter().map(|s| var(s.row, s.col)).collect()
}

/// The clauses of n queens on an n×n torus: at most one queen per row, at least one per column,
/// at most one per wrapped falling and per wrapped rising diagonal. (The checker's reference.)
pub(crate) fn torus_clauses(n: usize) -> Clauses {
    let mut clauses = Clauses::new();
    for i in 1..=n {
        clauses.extend(queens::at_most_one_in_row(i, n));
        clauses.extend(queens::one_in_column(i, n));
    }
    for k in 0..n {
        for falling in [true, false] {
            clauses.extend(encode::at_most_one(&variables_of(&wrapped_squares(
                k, n, falling,
            ))));
        }
    }
    clauses
}

/// The lecture's unit subsumption made general: the clauses of the set that hold no other clause
/// of it. (The checkers' reference; a clause that holds another is true whenever that one is.)
pub(crate) fn subsume(clauses: &Clauses) -> Clauses {
    let holds = |big: &Clause, small: &Clause| small.iter().all(|&l| big.contains(l));
    clauses
        .iter()
        .filter(|c| !clauses.iter().any(|d| d != *c && holds(c, d)))
        .cloned()
        .collect()
}

/// The original Davis–Putnam rule: `variable` resolved away. The clauses without it, and for
/// every clause `P` with `x` (not `¬x`) and `N` with `¬x` (not `x`) the resolvent
/// `(P \ {x}) ∪ (N \ {¬x})`, unless it holds a literal and its complement; clauses that hold
/// both `x` and `¬x` are always true and go. (The checkers' reference.)
pub(crate) fn eliminate(clauses: &Clauses, variable: Variable) -> Clauses {
    let (x, not_x) = (Literal::positive(variable), Literal::negative(variable));
    let with = |l: Literal| {
        clauses
            .iter()
            .filter(move |c| c.contains(l) && !c.contains(!l))
    };
    let mut result: Clauses = clauses
        .iter()
        .filter(|c| !c.contains(x) && !c.contains(not_x))
        .cloned()
        .collect();
    for p in with(x) {
        for n in with(not_x) {
            let resolvent: Clause = p
                .without(x)
                .iter()
                .chain(n.without(not_x).iter())
                .copied()
                .collect();
            if !resolvent.is_tautology() {
                result.insert(resolvent);
            }
        }
    }
    result
}

/// The MOMS count of a literal: in how many of the shortest clauses of two or more literals it
/// occurs (0 when no clause has two). (The checkers' reference.)
pub(crate) fn moms(clauses: &Clauses, literal: Literal) -> usize {
    let shortest = clauses.iter().map(Clause::len).filter(|&n| n >= 2).min();
    shortest.map_or(0, |k| {
        clauses
            .iter()
            .filter(|c| c.len() == k && c.contains(literal))
            .count()
    })
}

/// The lecture's Davis–Putnam with the Jeroslow–Wang choice, noting every literal it adds as a
/// split, in the order it adds them: the first branch `l`, and `¬l` when `l` failed. (The
/// checkers' reference for the search, not only its answer.)
pub(crate) fn solve_splitting(clauses: &Clauses, splits: &mut Vec<Literal>) -> Clauses {
    let saturated = dp::saturate(clauses);
    if saturated.contains_empty() {
        return Clauses::falsum();
    }
    let Some(literal) = dp::select_literal(&saturated, dp::Heuristic::JeroslowWang) else {
        return saturated;
    };
    for choice in [literal, !literal] {
        splits.push(choice);
        let mut next = saturated.clone();
        next.insert(Clause::unit(choice));
        let answer = solve_splitting(&next, splits);
        if !answer.contains_empty() {
            return answer;
        }
    }
    Clauses::falsum()
}

/// The library's search on a set, choosing as the lecture does with the Jeroslow–Wang score,
/// traced.
fn traced_search(set: &Clauses) -> dp::Report {
    dp::search(
        set,
        &dp::Options {
            heuristic: dp::Heuristic::JeroslowWang,
            trace: true,
            ..dp::Options::default()
        },
    )
}

/// The splits a traced search made, in order.
fn splits_of(traced: &dp::Report) -> Vec<Literal> {
    traced
        .trace
        .iter()
        .filter_map(|step| match step {
            dp::Step::Split { literal, .. } | dp::Step::Retry { literal, .. } => Some(*literal),
            _ => None,
        })
        .collect()
}

/// The CSP of `n` superqueens (the lecture's variables and values; two rows `i < j` must differ
/// in column and diagonal, and not be a knight's jump apart). (The checker's reference.)
pub(crate) fn superqueens_csp(n: usize) -> Result<Csp, CspError> {
    let names: Vec<String> = (1..=n).map(|i| format!("V{i}")).collect();
    let mut constraints = Vec::new();
    for i in 1..=n {
        for j in i + 1..=n {
            let d = j - i;
            constraints.push(format!("V{i} != V{j}"));
            constraints.push(format!("abs(V{j} - V{i}) != {d}"));
            if d <= 2 {
                constraints.push(format!("abs(V{j} - V{i}) != {}", 3 - d));
            }
        }
    }
    Csp::new(
        &names,
        1..=i64::try_from(n).unwrap_or(i64::MAX),
        &constraints,
    )
}

/// The lecture's check after assigning `var`: every constraint that mentions `var` and whose
/// variables all have values holds.
pub(crate) fn consistent(csp: &Csp, assignment: &[Option<i64>], var: usize) -> bool {
    let filler = csp.values().first().copied().unwrap_or(1);
    let values: Vec<i64> = assignment.iter().map(|v| v.unwrap_or(filler)).collect();
    csp.constraints().iter().all(|c| {
        !c.variables().contains(&var)
            || c.variables().iter().any(|&v| assignment[v].is_none())
            || c.holds(&values)
    })
}

/// The lecture's backtracking on `csp` from variable `var` on, noting in `kept` every value that
/// passes the consistency check. (The checker's reference.)
pub(crate) fn search(
    csp: &Csp,
    assignment: &mut Vec<Option<i64>>,
    var: usize,
    kept: &mut Vec<(usize, i64)>,
) -> bool {
    if var == assignment.len() {
        return true;
    }
    for &value in csp.values() {
        assignment[var] = Some(value);
        if consistent(csp, assignment, var) {
            kept.push((var, value));
            if search(csp, assignment, var + 1, kept) {
                return true;
            }
        }
    }
    assignment[var] = None;
    false
}

/// The i-th term (from 1) of the Luby sequence: 2^(k−1) when i = 2^k − 1, else the term of
/// i − 2^(k−1) + 1 for the k with 2^(k−1) ≤ i < 2^k − 1.
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        let mut k = 1;
        while k < 64 && (1_u64 << k) - 1 < i {
            k += 1;
        }
        if i == (1_u64 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// A refutation of `clauses` (which have no model): the clauses CDCL learnt on its way to the
/// empty clause, each of which follows from the ones before by unit propagation.
pub(crate) fn refutation(clauses: &Clauses) -> Vec<Clause> {
    use nqueens::cdcl::{self, CdclOptions, ProofStep};
    let names = nqueens::logic::dimacs::numbering(clauses);
    let report = cdcl::solve(
        clauses,
        &CdclOptions {
            proof: true,
            ..CdclOptions::default()
        },
    );
    let mut proof: Vec<Clause> = report
        .proof
        .iter()
        .filter_map(|step| match step {
            ProofStep::Add(numbers) => Some(
                numbers
                    .iter()
                    .map(|&n| Literal::new(names[n.unsigned_abs() as usize - 1], n > 0))
                    .collect(),
            ),
            ProofStep::Delete(_) => None,
        })
        .collect();
    if proof.last().is_none_or(|c: &Clause| !c.is_empty()) {
        proof.push(Clause::empty());
    }
    proof
}

/// `clause` without each literal that can go on `trail` (see `check_minimise`).
pub(crate) fn minimise(clause: &Clause, trail: &[(Literal, usize, Option<Clause>)]) -> Clause {
    fn can_go(
        literal: Literal,
        clause: &Clause,
        trail: &[(Literal, usize, Option<Clause>)],
    ) -> bool {
        let Some((_, level, reason)) = trail.iter().find(|(l, ..)| *l == literal.complement())
        else {
            return false;
        };
        if *level == 0 {
            return true;
        }
        let Some(reason) = reason else {
            return false;
        };
        reason
            .iter()
            .filter(|&&l| l != literal.complement())
            .all(|&l| clause.contains(l) || can_go(l, clause, trail))
    }
    clause
        .iter()
        .copied()
        .filter(|&l| !can_go(l, clause, trail))
        .collect()
}

#[cfg(test)]
mod tests;
