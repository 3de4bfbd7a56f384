//! How the board becomes clauses: one small interface, [`Encode`], and one file per encoding.
//!
//! An encoding lists its [`Constraint`]s (at most one or at least one queen on a line of
//! squares); `kind` writes them as named clauses ([`Encoding::clauses`]) and `numbered`
//! writes them in DIMACS numbers with any at-most-one encoding ([`Encoding::numbered`]), both
//! through the one [`Sink`](crate::encode::Sink). Adding an encoding is one file with a type that implements
//! [`Encode`], and one variant of [`Encoding`] that names it.

mod constraint;
mod kind;
mod lecture;
mod numbered;
mod one_hot;

pub use constraint::{Constraint, Encode};
pub use kind::{Encoding, MAX_CLAUSES, clause_table};
pub use numbered::MAX_NUMBERED_CLAUSES;
