//! Every model, the PyEDA essay's way: `satisfy_one`, `satisfy_all`, `satisfy_count`.
//!
//! `satisfy_all` solves, reports the model, adds a *blocking clause* that rules it out, and
//! solves again, until no model is left. As in the lecture's follow-up, the blocking clause is
//! built from the model's positive literals only: for a model with true variables `x₁ … x_k` it
//! is `{¬x₁, …, ¬x_k}`, "not all of these at once".
//!
//! That is enough when no model's true variables include all the true variables of another, as
//! for n queens, where every model has exactly n true variables: then the clause rules out the
//! model just found and nothing else. For clause sets where that can fail, a model whose true
//! variables include a found model's would be skipped, so there `satisfy_all` lists the models
//! that are minimal in that sense.
//!
//! The solver's engine is built once. After a model it takes the blocking clause and carries its
//! depth-first search on from where it stopped, instead of starting again from the top: the
//! clause is false under the model, so the search backtracks as from any conflict, and whatever
//! it explored before cannot hold another model. One search in all finds every model once.
//! With the first-variable rule the models come in the order in which repeated solving from
//! scratch finds them in the n-queens examples we checked; in general the order may differ, the
//! set never does.

use std::time::Instant;

use super::engine::Engine;
use super::{Heuristic, Limit, Options, Outcome};
use crate::logic::{Clauses, Literal, Model};

/// The models of a clause set, one search each; see [`satisfy_all`].
pub struct Models {
    engine: Engine,
    options: Options,
    finished: bool,
    gave_up: Option<Limit>,
    found: u64,
    /// The clause that rules out the last model, added when the search resumes.
    blocking: Option<Vec<Literal>>,
    /// When the enumeration began: its time limit counts from here, for all its searches.
    start: Instant,
}

impl Models {
    /// Why the enumeration stopped early (a search ran out of its budget), if it did.
    pub fn gave_up(&self) -> Option<Limit> {
        self.gave_up
    }

    /// How many models have been returned so far.
    pub fn found(&self) -> u64 {
        self.found
    }
}

impl Iterator for Models {
    type Item = Model;

    fn next(&mut self) -> Option<Model> {
        if self.finished {
            return None;
        }
        let (outcome, _, _) = match &self.blocking {
            None => self.engine.solve(&self.options, self.start),
            Some(clause) => self.engine.resume(clause, &self.options, self.start),
        };
        match outcome {
            Outcome::Satisfiable(model) => {
                self.blocking = Some(model.true_variables().map(Literal::negative).collect());
                self.found += 1;
                Some(model)
            }
            Outcome::Unsatisfiable => {
                self.finished = true;
                None
            }
            Outcome::GaveUp(limit) => {
                self.finished = true;
                self.gave_up = Some(limit);
                None
            }
        }
    }
}

/// Every model, each found by Davis–Putnam and then blocked (see the module documentation).
/// `options.budget`'s time limit counts from this call, for the enumeration as a whole; its
/// other limits apply to each search. When one runs out, the iterator ends and
/// [`Models::gave_up`] says so.
pub fn satisfy_all(clauses: &Clauses, options: &Options) -> Models {
    Models {
        engine: Engine::new(clauses),
        options: *options,
        finished: false,
        gave_up: None,
        found: 0,
        blocking: None,
        start: Instant::now(),
    }
}

/// One model, or `None` if there is none (PyEDA's name for [`solve`](super::solve)).
pub fn satisfy_one(clauses: &Clauses) -> Option<Model> {
    satisfy_all(clauses, &Options::with_heuristic(Heuristic::JeroslowWang)).next()
}

/// How many models [`satisfy_all`] finds.
pub fn satisfy_count(clauses: &Clauses) -> u64 {
    let mut models = satisfy_all(clauses, &Options::default());
    models.by_ref().for_each(drop);
    models.found()
}
