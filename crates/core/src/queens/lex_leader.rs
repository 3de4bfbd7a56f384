//! Symmetry inside the formula: lex-leader clauses, which leave one board of each symmetry class.
//!
//! Read the n² variables `Q<r,c>` row by row as a word of bits. A symmetry `σ` of the square
//! moves a board's queens, and so its word. Of the (up to) eight images of a solution, exactly
//! one has the largest word; asking for `x ≥ σ(x)`, word against word, for every `σ` but the
//! identity keeps that image and rules out the others. The largest word is the board whose
//! occupied squares, read row by row, come first: the `nqueens` crate's `Symmetries::canonical`.
//!
//! `x ≥ σ(x)` is a comparison of words, and clauses say it with a helper variable per position,
//! `lex<k,i>`: "the two words agree on their first i bits" for the k-th symmetry. In clauses:
//! `lex<k,0>` holds; `lex<k,i>` holds exactly when `lex<k,i−1>` does and the i-th bits agree; and
//! where `lex<k,i−1>` holds, the i-th bit of `x` is not below that of `σ(x)`. A position that `σ`
//! leaves where it is compares a bit with itself and needs no clause. The helpers' names sort
//! after `Q<r,c>`, so that the lecture's first-variable rule decides the queens and leaves the
//! helpers to propagation (split on a helper first and the search wanders: it gives up on eight
//! queens after two million splits).

use crate::board::{Square, Symmetry};
use crate::logic::{Clause, Clauses, Literal, Variable};

use super::variables::var;

/// The lex-leader clauses of the n×n board: together with the clauses of n queens, their models
/// are the canonical solutions, one for each class of solutions up to symmetry (12 for eight
/// queens, 46 for nine). The helpers are named `lex<k,i>`; every model of the board's variables
/// extends to them in exactly one way.
///
/// ```
/// use nqueens_core::queens;
/// let lex = queens::lex_leader(6);
/// // The board's 36 variables and the helpers; six queens have 4 solutions in one class, and
/// // with these clauses one model (the `nqueens` crate's `dp::satisfy_count` counts it).
/// assert!(lex.variables().iter().any(|v| v.to_string().starts_with("lex<")));
/// assert!(lex.variables().iter().any(|v| v.to_string() == "Q<1,1>"));
/// ```
pub fn lex_leader(n: usize) -> Clauses {
    let squares: Vec<Square> = (1..=n)
        .flat_map(|row| (1..=n).map(move |col| Square::new(row, col)))
        .collect();
    let mut clauses = Clauses::new();
    for (k, &symmetry) in Symmetry::ALL.iter().enumerate().skip(1) {
        let agree = |i: usize| helper(k, i);
        clauses.insert(Clause::unit(Literal::positive(agree(0))));
        // The last position where the words agreed so far, as a variable (positions that the
        // symmetry leaves in place compare a bit with itself and keep it).
        let mut before = agree(0);
        for (i, &square) in squares.iter().enumerate() {
            let moved = symmetry.apply(square, n);
            if moved == square {
                continue;
            }
            let (a, b) = (var(square.row, square.col), var(moved.row, moved.col));
            let (now, was) = (agree(i + 1), before);
            let clause = |literals: &[Literal]| literals.iter().copied().collect::<Clause>();
            let (pos, neg) = (Literal::positive, Literal::negative);
            // Where the words agreed so far, x's bit is not below σ(x)'s.
            clauses.insert(clause(&[neg(was), pos(a), neg(b)]));
            // They still agree exactly when they agreed and the bits are equal.
            clauses.insert(clause(&[neg(now), pos(was)]));
            clauses.insert(clause(&[neg(now), neg(a), pos(b)]));
            clauses.insert(clause(&[neg(now), pos(a), neg(b)]));
            clauses.insert(clause(&[neg(was), neg(a), neg(b), pos(now)]));
            clauses.insert(clause(&[neg(was), pos(a), pos(b), pos(now)]));
            before = now;
        }
    }
    clauses
}

/// `lex<k,i>`: the board and its k-th image agree on their first i squares.
fn helper(k: usize, i: usize) -> Variable {
    Variable::new(&format!("lex<{k},{i}>")).expect("lex<k,i> is a variable name")
}
