//! What a CDCL search is run with and what it reports: the decision rule, the options, the
//! counts of its work, the answer, and the steps of its DRAT proof.

use std::time::Duration;

use crate::sat::{Budget, Outcome};

/// One line of a DRAT proof, in DIMACS numbering.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProofStep {
    /// A clause added: it must follow from the clauses so far by unit propagation (RUP).
    Add(Vec<i32>),
    /// A clause deleted.
    Delete(Vec<i32>),
}

/// How CDCL picks its next decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Decide {
    /// VSIDS: the most active unassigned variable (activity grows with each conflict the
    /// variable takes part in, and fades), in the phase it last had. What MiniSat does.
    #[default]
    Vsids,
    /// The shortest clause of the input (of those with three literals or more) that is not yet
    /// satisfied, and one of its unassigned literals made true; VSIDS once every such clause is
    /// satisfied. In the queens clauses these are the "at least one queen per column" clauses,
    /// so this is the CSP lecture's *most constrained variable first*, with unit propagation
    /// doing the forward checking.
    ShortestClause,
}

impl std::fmt::Display for Decide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Decide::Vsids => "VSIDS",
            Decide::ShortestClause => "shortest clause first",
        })
    }
}

/// What to run [`solve`](super::solve) with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CdclOptions {
    /// When to give up: `max_splits` counts decisions.
    pub budget: Budget,
    /// Whether to record a DRAT proof (see [`CdclReport::proof`]).
    pub proof: bool,
    /// How to pick decisions.
    pub decide: Decide,
    /// Whether to simplify the clauses before the search: units, subsumption, self-subsuming
    /// resolution and bounded variable elimination, as SatELite does (see the module's
    /// documentation). A model found is extended back to the eliminated variables, and the
    /// proof holds the simplification's steps too.
    pub simplify: bool,
    /// The seed of the search's random choices: with VSIDS the walks' (which give the saved
    /// phases when a stable turn follows a focused one), with [`Decide::ShortestClause`] the
    /// clause among the equally short ones and the free literal in it. The same clauses and seed
    /// give the same search; another seed another search, which on a satisfiable formula can
    /// take several times longer or shorter (`docs/benchmarks.md`, "One formula, many seeds").
    pub seed: u64,
}

/// The seed a search has unless told otherwise.
pub const DEFAULT_SEED: u64 = 1;

impl Default for CdclOptions {
    /// No budget, no proof, VSIDS, no simplification, [`DEFAULT_SEED`].
    fn default() -> Self {
        CdclOptions {
            budget: Budget::default(),
            proof: false,
            decide: Decide::default(),
            simplify: false,
            seed: DEFAULT_SEED,
        }
    }
}

/// Counts of the work a search did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CdclStats {
    /// Decisions: literals chosen, not forced.
    pub decisions: u64,
    /// Literals set by unit propagation.
    pub propagations: u64,
    /// Conflicts, each one learnt clause.
    pub conflicts: u64,
    /// Restarts.
    pub restarts: u64,
    /// Learnt clauses deleted.
    pub deleted: u64,
    /// The conflict after which the local learnt clauses (LBD above 6) first reached MiniSat's
    /// cap (a third of the input's clauses, growing), from when on they were deleted by
    /// activity; `None` if they never did.
    pub capped_at: Option<u64>,
    /// Literals removed from learnt clauses by minimisation.
    pub minimised: u64,
    /// Times the clause store was compacted after deletions (not printed).
    pub compactions: u64,
    /// Walks: local searches choosing the saved phases, at the start of each stable turn after
    /// the first, with VSIDS.
    pub walks: u64,
    /// Variables flipped by the walks.
    pub flips: u64,
    /// Variables eliminated by simplifying ([`CdclOptions::simplify`]).
    pub eliminated: u64,
    /// Clauses that simplifying removed because another clause subsumed them.
    pub subsumed: u64,
    /// Literals that simplifying removed from clauses (self-subsuming resolution, units).
    pub strengthened: u64,
    /// Resolvents that elimination added in place of the eliminated variables' clauses (those
    /// already satisfied by a unit found meanwhile are not counted).
    pub resolvents: u64,
}

impl std::fmt::Display for CdclStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} decisions, {} propagations, {} conflicts, {} restarts, {} learnt clauses deleted",
            self.decisions, self.propagations, self.conflicts, self.restarts, self.deleted,
        )?;
        if let Some(conflict) = self.capped_at {
            write!(
                f,
                " (those of LBD above 6 by activity from conflict {conflict})"
            )?;
        }
        write!(f, ", {} literals minimised away", self.minimised)?;
        if self.eliminated + self.subsumed + self.strengthened > 0 {
            write!(
                f,
                "; simplified first: {} variables eliminated ({} resolvents for their clauses), \
                 {} clauses subsumed, {} literals strengthened away",
                self.eliminated, self.resolvents, self.subsumed, self.strengthened
            )?;
        }
        if self.walks > 0 {
            let walks = if self.walks == 1 { "walk" } else { "walks" };
            write!(
                f,
                ", {} {walks} flipping {} variables",
                self.walks, self.flips
            )?;
        }
        Ok(())
    }
}

/// What [`solve`](super::solve) found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CdclReport {
    /// The answer: a model, unsatisfiable, or gave up.
    pub outcome: Outcome,
    /// The work done.
    pub stats: CdclStats,
    /// With [`CdclOptions::proof`], the DRAT proof: every learnt clause added, every deleted one
    /// removed, ending with the empty clause when the answer is unsatisfiable.
    pub proof: Vec<ProofStep>,
    /// Wall time.
    pub elapsed: Duration,
}

/// What [`solve_cnf`](super::solve_cnf) found: the one answer type of the crate's SAT solvers,
/// [`Outcome`](crate::sat::Outcome), with the model as the values of the variables in order
/// (`values[v − 1]` is variable `v`'s).
pub type CnfOutcome = crate::sat::Outcome<Vec<bool>>;

/// What [`solve_cnf`](super::solve_cnf) found, with the work it did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CnfReport {
    /// The answer.
    pub outcome: CnfOutcome,
    /// The work done.
    pub stats: CdclStats,
    /// With [`CdclOptions::proof`], the DRAT proof, in the clauses' own numbers.
    pub proof: Vec<ProofStep>,
    /// Wall time.
    pub elapsed: Duration,
}
