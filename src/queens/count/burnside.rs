//! The symmetry classes by Burnside's lemma, from solutions fixed by a turn counted directly.

use super::plain::count_plain;
use super::size::check_size;
use crate::board::Symmetry;
use crate::queens::QueensError;

/// Solutions that a quarter turn (`Symmetry::Rotate90`) or a half turn (`Symmetry::Rotate180`)
/// leaves unchanged, counted directly: placing a queen places its whole orbit under the turn.
/// Other symmetries leave no solution of n > 1 unchanged, and give 0; the identity gives
/// [`count`](super::count).
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 32.
pub fn count_symmetric(n: usize, symmetry: Symmetry) -> Result<u64, QueensError> {
    check_size(n)?;
    match symmetry {
        Symmetry::Identity => count_plain(n),
        Symmetry::Rotate90 | Symmetry::Rotate270 => Ok(Orbits::new(n, 4).count()),
        Symmetry::Rotate180 => Ok(Orbits::new(n, 2).count()),
        // A reflection in a row or column fixes a queen only in the middle line; one in a
        // diagonal pairs (r, c) with (c, r), which share a rising diagonal.
        _ if n <= 1 => Ok(1),
        _ => Ok(0),
    }
}

/// The number of symmetry classes by Burnside's lemma, from counts of their own: `(all + fixed by
/// a half turn + 2 × fixed by a quarter turn) / 8`. Slower than [`count_fundamental`](super::count_fundamental), and
/// independent of it; the tests hold the two against each other.
///
/// # Errors
/// [`QueensError::OutOfRange`] for n > 32.
pub fn count_fundamental_by_burnside(n: usize) -> Result<u64, QueensError> {
    let all = count_plain(n)?;
    if n <= 1 {
        return Ok(all);
    }
    let half_turn = count_symmetric(n, Symmetry::Rotate180)?;
    let quarter_turn = count_symmetric(n, Symmetry::Rotate90)?;
    Ok((all + half_turn + 2 * quarter_turn) / 8)
}

/// The search for solutions fixed by a turn: a queen on (r, c) brings the queens of its orbit
/// ((c, n−1−r), … for a quarter turn; (n−1−r, n−1−c) for a half turn), rows are filled top down
/// and rows already filled by an orbit are skipped.
struct Orbits {
    n: usize,
    turns: usize,
    row_of: Vec<Option<usize>>,
    column: Vec<bool>,
    falling: Vec<bool>,
    rising: Vec<bool>,
}

impl Orbits {
    fn new(n: usize, turns: usize) -> Self {
        Orbits {
            n,
            turns,
            row_of: vec![None; n],
            column: vec![false; n],
            falling: vec![false; 2 * n],
            rising: vec![false; 2 * n],
        }
    }

    fn count(&mut self) -> u64 {
        self.below(0)
    }

    /// The squares of the orbit of (r, c), without repeats.
    fn orbit(&self, r: usize, c: usize) -> Vec<(usize, usize)> {
        let last = self.n - 1;
        let mut squares = vec![(r, c)];
        let mut square = (r, c);
        for _ in 1..self.turns {
            square = if self.turns == 4 {
                (square.1, last - square.0)
            } else {
                (last - square.0, last - square.1)
            };
            if !squares.contains(&square) {
                squares.push(square);
            }
        }
        squares
    }

    fn below(&mut self, row: usize) -> u64 {
        let Some(row) = (row..self.n).find(|&r| self.row_of[r].is_none()) else {
            return 1;
        };
        let mut found = 0;
        for c in 0..self.n {
            let orbit = self.orbit(row, c);
            if self.fits(&orbit) {
                self.set(&orbit, true);
                found += self.below(row + 1);
                self.set(&orbit, false);
            }
        }
        found
    }

    /// Whether the orbit's queens are on free lines and do not attack each other.
    fn fits(&self, orbit: &[(usize, usize)]) -> bool {
        let n = self.n;
        orbit.iter().enumerate().all(|(i, &(r, c))| {
            self.row_of[r].is_none()
                && !self.column[c]
                && !self.falling[r + n - c]
                && !self.rising[r + c]
                && orbit[..i].iter().all(|&(r2, c2)| {
                    r2 != r && c2 != c && r2 + n - c2 != r + n - c && r2 + c2 != r + c
                })
        })
    }

    fn set(&mut self, orbit: &[(usize, usize)], on: bool) {
        let n = self.n;
        for &(r, c) in orbit {
            self.row_of[r] = on.then_some(c);
            self.column[c] = on;
            self.falling[r + n - c] = on;
            self.rising[r + c] = on;
        }
    }
}
