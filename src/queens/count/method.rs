//! One way to count with any of the crate's counting routes: [`count_by`] takes a
//! [`CountMethod`], as [`place`](crate::queens::place) takes a method to place queens.

use std::time::Instant;

use super::pieces::{count_both, count_by_halves};
use super::search::CountOptions;
use super::tally::{CountMethod, Tally};
use crate::backtrack::{self, MAX_ROWS};
use crate::budget::Limit;
use crate::queens::QueensError;
use crate::{csp, dp};

/// The largest n that [`CountMethod::Sat`] takes: listing the 14,200 models of n = 12 one at a
/// time is about the most that is sensible.
pub const MAX_SAT_COUNT_N: usize = 12;

/// Counts the solutions of n queens with `method` (`options`' threads for the two that run on
/// threads; its budget's time limit for all of them, and its nodes for the backtracking and CSP
/// counts).
///
/// ```
/// use nqueens::queens::{CountMethod, CountOptions, count_by};
/// let tally = count_by(8, CountMethod::Csp, &CountOptions::default())?;
/// assert_eq!((tally.all, tally.gave_up), (92, None));
/// # Ok::<(), nqueens::queens::QueensError>(())
/// ```
///
/// # Errors
/// [`QueensError::Empty`] for n = 0, [`QueensError::OutOfRange`] past the size the method
/// takes, and [`QueensError::GaveUp`] when the time limit passes first.
pub fn count_by(
    n: usize,
    method: CountMethod,
    options: &CountOptions,
) -> Result<Tally, QueensError> {
    let start = Instant::now();
    let deadline = options.budget.deadline(start);
    let out_of_time = || QueensError::GaveUp {
        n,
        solver: "counting",
        after: deadline.ran_out(),
    };
    // A search stopped by its nodes counted part of the solutions; one stopped by the clock is
    // an error.
    let tally = |all, gave_up: Option<Limit>| match gave_up {
        Some(Limit::Time(_)) => Err(out_of_time()),
        gave_up => Ok(Tally {
            all,
            fundamental: None,
            gave_up,
        }),
    };
    let all = |all| Tally {
        all,
        fundamental: None,
        gave_up: None,
    };
    if n == 0 {
        return Err(QueensError::Empty);
    }
    match method {
        CountMethod::Bitboard => {
            let counts = count_both(n, options)?;
            Ok(Tally {
                all: counts.all,
                fundamental: Some(counts.fundamental),
                gave_up: None,
            })
        }
        CountMethod::Halves => count_by_halves(n, options).map(all),
        CountMethod::Sat(_) if n > MAX_SAT_COUNT_N => Err(QueensError::OutOfRange {
            n,
            max: MAX_SAT_COUNT_N,
            method: "counting by listing every model",
        }),
        CountMethod::Sat(encoding) => {
            let clauses = encoding.clauses(n)?;
            // Each search reads the clock as it goes (the searches grow longer with every
            // blocking clause): the time left once the clauses are built, for them all.
            let mut models = dp::satisfy_all(
                &clauses,
                &dp::Options {
                    budget: crate::budget::Budget {
                        time_limit: options.budget.remaining(start).time_limit,
                        ..crate::budget::Budget::default()
                    },
                    ..dp::Options::with_heuristic(dp::Heuristic::FirstVariable)
                },
            );
            models.by_ref().for_each(drop);
            if models.gave_up().is_some() || deadline.expired() {
                return Err(out_of_time());
            }
            Ok(all(models.found()))
        }
        CountMethod::Backtracking => {
            let max_squares = options.budget.max_nodes.unwrap_or(u64::MAX);
            if n > MAX_ROWS {
                return Err(QueensError::OutOfRange {
                    n,
                    max: MAX_ROWS,
                    method: "backtracking",
                });
            }
            let search = backtrack::count_rows_by(n, max_squares, deadline);
            tally(search.solutions, search.gave_up)
        }
        CountMethod::Csp => {
            let problem = crate::queens::create_csp_by(n, deadline)
                .map_err(|error| QueensError::of_csp(n, &error))?
                .ok_or_else(out_of_time)?;
            let cap = csp::solve::Cap::nodes(options.budget.max_nodes, deadline);
            let counted = csp::solve::count_solutions_by(&problem, cap);
            tally(counted.solutions, counted.gave_up)
        }
    }
}
