//! Constraint satisfaction problems (the core's: variables, values, constraints written as small
//! expressions), and their solvers ([`solve`]).

pub use nqueens_core::csp::*;

pub mod solve;

pub use solve::{
    CspCount, CspReport, CspStats, backtracking, count_solutions, min_conflicts, propagation,
};
