//! The n-queens puzzle, every way the crate has of taking it on. Five jobs, each with its place:
//!
//! * **clauses** (`variables.rs`, and here): the variable `Q<r,c>` ([`var`]) is true when a queen
//!   stands in row `r`, column `c` (1-based), and the lecture's builders make the clauses row by
//!   row and diagonal by diagonal: [`at_most_one_in_row`], [`one_in_column`], the two diagonal
//!   families, and [`all_clauses`]. The DIMACS number of `Q<r,c>` is [`number`].
//! * **encodings** (`encoding/`, one file each): [`Encoding::Lecture`] ([`all_clauses`]) says
//!   at most one queen per row and per diagonal and at least one per column, which is enough: n
//!   columns each with a queen make at least n queens, and n rows with at most one each make at
//!   most n (8 queens: 512 clauses over 64 variables). [`Encoding::OneHot`], the PyEDA essay's
//!   ([`one_hot_clauses`]), says exactly one per row and per column and at most one per diagonal
//!   (744 clauses). Diagonals of a single square give no clause in either. Both can be written
//!   as named clauses or in DIMACS numbers with any at-most-one ([`Encoding::numbered`]).
//!   [`lex_leader`] adds clauses that leave one solution of each symmetry class.
//! * **placing** (`method/`, one file per solver): [`place`] solves n queens with a [`Method`]
//!   (Davis–Putnam, CDCL, the CSP's three solvers, board backtracking, the construction,
//!   min-conflicts) within a [`Budget`](crate::Budget), and checks the board before it returns it; [`queens`] and
//!   [`solve_queens`] are the lecture's own route, and [`decode`] reads a board off a model.
//! * **counting** (`count/`): every solution and the classes up to symmetry, with bitboards,
//!   symmetry and threads, by the quadrant method's halves, or by the lectures' searches, through
//!   one [`count_by`].
//! * **huge boards** ([`huge`]): the O(n) construction, min-conflicts made for queens, and the
//!   O(n) check, for millions of queens.
//!
//! Every error a user can meet here is a [`QueensError`].

mod csp;
mod encoding;
mod error;
mod lex_leader;
mod variables;

pub use csp::{MAX_CSP_N, create_csp, create_csp_by};
pub use encoding::{Constraint, Encode, Encoding, MAX_CLAUSES, MAX_NUMBERED_CLAUSES, clause_table};
pub use error::QueensError;
pub use lex_leader::lex_leader;
use variables::{column_squares, falling_squares, rising_squares, row_squares, vars};
pub use variables::{decode, number, square_of, square_of_number, var};

use crate::board::Board;
use crate::dp::{self, Report};
use crate::encode::{Amo, at_least_one, at_most_one};
use crate::logic::{Clauses, Literal, Variable};

/// At most one queen in this row of the n×n board. A row off the board gives no clause.
pub fn at_most_one_in_row(row: usize, n: usize) -> Clauses {
    at_most_one(&vars(&row_squares(row, n)))
}

/// At least one queen in this column: the clause `{Q<1,col>, …, Q<n,col>}`.
pub fn one_in_column(col: usize, n: usize) -> Clauses {
    at_least_one(&vars(&column_squares(col, n)))
}

/// At most one queen on the falling diagonal `row − col = k` (top-left to bottom-right).
pub fn at_most_one_in_falling_diagonal(k: isize, n: usize) -> Clauses {
    at_most_one(&vars(&falling_squares(k, n)))
}

/// At most one queen on the rising diagonal `row + col = k` (bottom-left to top-right).
pub fn at_most_one_in_rising_diagonal(k: usize, n: usize) -> Clauses {
    at_most_one(&vars(&rising_squares(k, n)))
}

/// The lecture's clauses for n queens: at most one per row, rising and falling diagonal, at least
/// one per column (n = 8: 512 clauses, 64 variables).
///
/// # Errors
/// As [`Encoding::clauses`].
pub fn all_clauses(n: usize) -> Result<Clauses, QueensError> {
    Encoding::Lecture.clauses(n)
}

/// The largest board [`amo_clauses`] builds with a linear at-most-one encoding (about
/// 12 n² clauses: five million at n = 640).
pub const MAX_LINEAR_N: usize = 640;

/// The lecture's clauses for n queens (at most one queen per row and diagonal, at least one per
/// column) with the at-most-one constraints written by `amo`: pairwise is [`all_clauses`]; the
/// linear encodings need O(n²) clauses in all instead of O(n³). They are
/// [`Encoding::numbered`]'s clauses, named: the queens `Q<r,c>`, the helpers `aux` and their
/// number.
///
/// # Errors
/// [`QueensError::Empty`] for n = 0; as [`all_clauses`] for pairwise;
/// [`QueensError::OutOfRange`] past [`MAX_LINEAR_N`] for the others.
pub fn amo_clauses(n: usize, amo: Amo) -> Result<Clauses, QueensError> {
    if amo == Amo::Pairwise {
        return all_clauses(n);
    }
    if n == 0 {
        return Err(QueensError::Empty);
    }
    if n > MAX_LINEAR_N {
        return Err(QueensError::OutOfRange {
            n,
            max: MAX_LINEAR_N,
            method: "the linear encodings",
        });
    }
    // The same clauses as the numbered ones, named: the queens Q<r,c>, the helpers after their
    // numbers.
    let cnf = Encoding::Lecture.numbered(n, amo)?;
    let name = |lit: i32| {
        let number = i32::try_from(lit.unsigned_abs()).unwrap_or(i32::MAX);
        match square_of_number(number, n) {
            Some(square) => var(square.row, square.col),
            None => Variable::intern(&format!("aux{number}")),
        }
    };
    Ok(cnf
        .iter()
        .map(|clause| {
            clause
                .iter()
                .map(|&l| Literal::new(name(l), l > 0))
                .collect()
        })
        .collect())
}

/// The PyEDA essay's clauses for n queens (n = 8: 744 clauses).
///
/// # Errors
/// As [`Encoding::clauses`].
pub fn one_hot_clauses(n: usize) -> Result<Clauses, QueensError> {
    Encoding::OneHot.clauses(n)
}

/// A solved (or abandoned) n-queens search, with everything worth reporting about it.
#[derive(Debug, Clone)]
pub struct Run {
    /// The board size.
    pub n: usize,
    /// The encoding used.
    pub encoding: Encoding,
    /// How many clauses the encoding made.
    pub clauses: usize,
    /// How many variables occur in them.
    pub variables: usize,
    /// The solver's answer, statistics and time.
    pub report: Report,
}

impl Run {
    /// The board, decoded from the model.
    ///
    /// # Errors
    /// [`QueensError::NoSolution`] or [`QueensError::GaveUp`] when there is no model.
    pub fn board(&self) -> Result<Board, QueensError> {
        match &self.report.outcome {
            dp::Outcome::Satisfiable(model) => decode(model, self.n),
            dp::Outcome::Unsatisfiable => Err(QueensError::NoSolution { n: self.n }),
            dp::Outcome::GaveUp(limit) => Err(QueensError::GaveUp {
                n: self.n,
                solver: "Davis–Putnam",
                after: *limit,
            }),
        }
    }
}
