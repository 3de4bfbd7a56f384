//! The command line's arguments: what each command takes, its help text, and how a value is
//! read. The enums of the library (`Heuristic`, `Encoding`, `Amo`, `Decide`) are read as they
//! are; the two below name a method and its options in one word.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use nqueens::Budget;
use nqueens::Square;
use nqueens::cdcl::Decide;
use nqueens::dp::Heuristic;
use nqueens::encode::Amo;
use nqueens::queens::{CountMethod, Encoding, MAX_PARTS, Method};
use nqueens::render::SolutionPicture;

/// Solve, count and draw n queens: the logic lectures' clauses and Davis–Putnam, their CSP and
/// backtracking, counting with symmetry, and boards of millions of queens.
#[derive(Parser)]
#[command(name = "nqueens", version, about, allow_negative_numbers = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Solve n queens and print the board.
    Solve(SolveArgs),
    /// Print the lecture's CSP for n queens: variables, values, constraints.
    Csp {
        /// The board size.
        #[arg(value_parser = board_size, allow_negative_numbers = true)]
        n: usize,
    },
    /// Count the solutions of n queens.
    Count(CountArgs),
    /// Write the clauses for n queens as DIMACS CNF to standard output.
    Cnf {
        /// The board size.
        #[arg(value_parser = board_size, allow_negative_numbers = true)]
        n: usize,
        /// How the board becomes clauses.
        #[arg(long, value_enum, default_value_t = Encoding::Lecture)]
        encoding: Encoding,
        /// How each "at most one" becomes clauses. The linear ones add auxiliary variables and
        /// write plain numbers (no `c var` name table).
        #[arg(long, value_enum, default_value_t = Amo::Pairwise)]
        amo: Amo,
    },
    /// Solve a DIMACS CNF file (or `-` for standard input) and answer as SAT solvers do: exit
    /// 10 satisfiable, 20 unsatisfiable, 0 unknown (the budget ran out).
    Sat(SatArgs),
}

#[derive(clap::Args)]
pub struct SatArgs {
    /// The file to read, or `-` for standard input. A pipe or FIFO is read as it comes: one
    /// without a writer waits for one, for ever without `--time-limit`.
    pub file: String,
    /// The solver: the lecture's Davis–Putnam, or conflict-driven clause learning.
    #[arg(long, value_enum, default_value_t = SolverArg::Dp)]
    pub solver: SolverArg,
    /// How Davis–Putnam picks the literal to split on (`--solver dp`).
    #[arg(long, value_enum, default_value_t = Heuristic::FirstVariable)]
    pub heuristic: Heuristic,
    /// With `--solver cdcl`: write a DRAT proof to FILE when the answer is unsatisfiable
    /// (in the file's variable numbers; check it with any DRAT checker).
    #[arg(long, value_name = "FILE")]
    pub proof: Option<String>,
    /// How CDCL picks its decisions (`--solver cdcl`).
    #[arg(long, value_enum, default_value_t = Decide::Vsids)]
    pub decide: Decide,
    /// Simplify the clauses before the search (`--solver cdcl`): units, subsumption,
    /// self-subsuming resolution and bounded variable elimination, as SatELite does; `--stats`
    /// says what went.
    #[arg(long)]
    pub simplify: bool,
    /// The seed of CDCL's random choices (`--solver cdcl`; 1 unless given): the same file and
    /// seed give the same search, another seed another search, whose time on a satisfiable
    /// formula can differ several times over.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = whole_number)]
    pub seed: Option<u64>,
    /// Also print the splits, unit propagations and time as `c` comment lines.
    #[arg(long)]
    pub stats: bool,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

// Its switches are the command's flags, one bool each.
#[allow(clippy::struct_excessive_bools)]
#[derive(clap::Args)]
pub struct CountArgs {
    /// The board size.
    #[arg(value_parser = board_size, allow_negative_numbers = true)]
    pub n: usize,
    /// How to count [default: halves from n = 12 to 21, where it is faster, and bitboard
    /// otherwise or with --fundamental].
    #[arg(long, value_enum)]
    pub method: Option<CountMethodArg>,
    /// Count the solutions up to rotation and reflection instead (bitboard only).
    #[arg(long)]
    pub fundamental: bool,
    /// Threads for the bitboard count (default: one per core).
    #[arg(long, value_name = "T", default_value_t = 0)]
    pub threads: usize,
    /// How the board becomes clauses (for `sat`).
    #[arg(long, value_enum, default_value_t = Encoding::OneHot)]
    pub encoding: Encoding,
    /// Give the `backtracking` and `csp` counts up after this many search nodes (squares or
    /// values tried).
    #[arg(long, value_name = "K", default_value_t = 1_000_000_000, allow_negative_numbers = true, value_parser = whole_number)]
    pub max_nodes: u64,
    /// Give up after this many seconds, whatever the method; a bitboard or halves count keeps
    /// what it finished in its checkpoint, and --resume goes on from there.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds)]
    pub time_limit: Option<Duration>,
    /// Split the count into K parts, for K machines or the tasks of a cluster job (with
    /// --part; bitboard and halves).
    #[arg(long, value_name = "K", requires = "part", value_parser = parts)]
    pub parts: Option<usize>,
    /// Count part I (0 to K − 1, as `$SLURM_ARRAY_TASK_ID`) and write its result file in --dir.
    #[arg(long, value_name = "I", requires = "parts", allow_negative_numbers = true, value_parser = whole_number)]
    pub part: Option<u64>,
    /// Where the checkpoint and a part's result file are written.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub dir: PathBuf,
    /// Go on from the checkpoint a stopped count of the same n, method and part left in --dir.
    #[arg(long)]
    pub resume: bool,
    /// Write the checkpoint every this many seconds (a count that finishes sooner writes none).
    #[arg(long, value_name = "SECONDS", default_value = "30", allow_negative_numbers = true, value_parser = seconds)]
    pub checkpoint_every: Duration,
    /// Instead of counting, print where this count (or part, with --parts and --part) keeps
    /// its checkpoint and result file in --dir: `checkpoint PATH`, then `result PATH` for a part.
    #[arg(long, conflicts_with_all = ["merge", "resume"])]
    pub files: bool,
    /// Instead of counting, add up the result files of all the parts of a count of n queens
    /// (each part exactly once; regular files only, so that nothing waits on a pipe).
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["parts", "resume", "method", "time_limit"])]
    pub merge: Vec<PathBuf>,
    /// Print no progress line (a long bitboard or halves count shows one on a terminal: the
    /// pieces done of all, the time so far and an estimate of what is left).
    #[arg(long, short)]
    pub quiet: bool,
}

impl CountArgs {
    /// The method asked for, or the fastest for n (the bitboard search for `--fundamental`).
    pub fn method(&self) -> CountMethod {
        match self.method {
            None if self.fundamental => CountMethod::Bitboard,
            None => CountMethod::fastest(self.n),
            Some(CountMethodArg::Bitboard) => CountMethod::Bitboard,
            Some(CountMethodArg::Halves) => CountMethod::Halves,
            Some(CountMethodArg::Sat) => CountMethod::Sat(self.encoding),
            Some(CountMethodArg::Backtracking) => CountMethod::Backtracking,
            Some(CountMethodArg::Csp) => CountMethod::Csp,
        }
    }
}

#[derive(clap::Args)]
pub struct SolveArgs {
    /// The board size (rows = columns = queens).
    #[arg(value_parser = board_size, allow_negative_numbers = true)]
    pub n: usize,
    /// How to solve: Davis–Putnam on clauses, or a solver of the lecture's CSP.
    #[arg(long, value_enum, default_value_t = MethodArg::Dp)]
    pub method: MethodArg,
    /// The seed of min-conflicts' random choices (the same seed gives the same board).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = whole_number)]
    pub seed: u64,
    /// Give min-conflicts up after this many repair steps.
    #[arg(long, value_name = "K", default_value_t = 10_000_000, allow_negative_numbers = true, value_parser = whole_number)]
    pub max_steps: u64,
    /// Give backtracking, csp-backtracking and csp-propagation up after this many search nodes
    /// (squares or values tried).
    #[arg(long, value_name = "K", default_value_t = 10_000_000, allow_negative_numbers = true, value_parser = whole_number)]
    pub max_nodes: u64,
    /// How Davis–Putnam picks the literal to split on.
    #[arg(long, value_enum, default_value_t = Heuristic::FirstVariable)]
    pub heuristic: Heuristic,
    /// How the board becomes clauses.
    #[arg(long, value_enum, default_value_t = Encoding::Lecture)]
    pub encoding: Encoding,
    /// How each "at most one" becomes clauses (`--method cdcl`) [default: pairwise up to 32
    /// queens, product above].
    #[arg(long, value_enum)]
    pub amo: Option<Amo>,
    /// How CDCL picks its decisions (`--method cdcl`) [default: vsids up to 32 queens,
    /// shortest-clause above].
    #[arg(long, value_enum)]
    pub decide: Option<Decide>,
    /// Also print what the solver counted and the time.
    #[arg(long)]
    pub stats: bool,
    /// Print only the column of the queen in each row (1-based, one line), for scripts.
    #[arg(long)]
    pub columns: bool,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub picture: PictureArgs,
}

impl SolveArgs {
    /// The method with its options.
    pub fn method(&self) -> Method {
        let seed = self.seed;
        match self.method {
            MethodArg::Dp => Method::Dp {
                heuristic: self.heuristic,
                encoding: self.encoding,
            },
            MethodArg::Cdcl => Method::cdcl_for(self.n, self.encoding, self.amo, self.decide),
            MethodArg::CspBacktracking => Method::CspBacktracking,
            MethodArg::CspPropagation => Method::CspPropagation,
            MethodArg::CspMinConflicts => Method::CspMinConflicts { seed },
            MethodArg::Backtracking => Method::Backtracking,
            MethodArg::Construct => Method::Construct,
            MethodArg::MinConflicts => Method::MinConflicts { seed },
        }
    }

    /// Every budget, each used by the methods that count it.
    pub fn budget(&self) -> Budget {
        Budget {
            max_nodes: Some(self.max_nodes),
            max_steps: Some(self.max_steps),
            ..self.budget.budget()
        }
    }
}

#[derive(clap::Args)]
pub struct PictureArgs {
    /// Also draw the solved board as an SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// In the SVG, label every square with its variable Q<row,col> (the lecture's picture).
    #[arg(long, requires = "svg")]
    pub labels: bool,
    /// Draw instead the lecture's captures picture: a lone queen on ROW,COL and the squares it
    /// attacks.
    #[arg(
        long,
        requires = "svg",
        conflicts_with = "labels",
        value_name = "ROW,COL"
    )]
    pub attacks: Option<Square>,
}

impl PictureArgs {
    /// The picture asked for.
    pub fn picture(&self) -> SolutionPicture {
        SolutionPicture {
            labels: self.labels,
            attacks: self.attacks,
        }
    }
}

impl BudgetArgs {
    /// The splits and the time.
    pub fn budget(&self) -> Budget {
        Budget {
            max_splits: self.max_splits,
            time_limit: self.time_limit,
            ..Budget::default()
        }
    }
}

#[derive(clap::Args)]
pub struct BudgetArgs {
    /// Give Davis–Putnam up after this many splits.
    #[arg(long, value_name = "K", allow_negative_numbers = true, value_parser = whole_number)]
    pub max_splits: Option<u64>,
    /// Give up after this many seconds, whatever the solver: building the clauses or the CSP,
    /// and for `sat` reading the file, count against it.
    #[arg(long, value_name = "SECONDS", allow_negative_numbers = true, value_parser = seconds)]
    pub time_limit: Option<Duration>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolverArg {
    /// The lecture's Davis–Putnam.
    Dp,
    /// Conflict-driven clause learning (learnt clauses, VSIDS, restarts).
    Cdcl,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    /// Davis–Putnam on the clauses (uses --heuristic, --encoding and the DP budget).
    Dp,
    /// Conflict-driven clause learning on the clauses (uses --encoding; --max-splits counts
    /// its decisions).
    Cdcl,
    /// The CSP lecture's backtracking: rows in order, columns in increasing order.
    CspBacktracking,
    /// Most constrained variable first, with forward checking.
    CspPropagation,
    /// Min-conflicts local search (uses --seed and --max-steps).
    CspMinConflicts,
    /// The backtracking lecture's search on the board: row by row, first free square, back a
    /// row when stuck (uses --max-nodes).
    Backtracking,
    /// The explicit construction for every n ≥ 4: O(n), instant for millions of queens.
    Construct,
    /// Local search made for queens, with diagonal counters (uses --seed and --max-steps):
    /// a million queens in well under a second.
    MinConflicts,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CountMethodArg {
    /// Bitboard backtracking with the board's symmetry, on every core (up to n = 32).
    Bitboard,
    /// The quadrant method: the placements of the east half, built from its north and south
    /// quarters one set of rows at a time, joined with their mirror images, the west half; on
    /// every core (up to n = 21, in little memory: see docs/benchmarks.md).
    Halves,
    /// Every model of the clauses with Davis–Putnam, each blocked after it is found (up to
    /// n = 12).
    Sat,
    /// The board backtracking, going on after each solution.
    Backtracking,
    /// The CSP lecture's backtracking, going on after each solution.
    Csp,
}

fn board_size(text: &str) -> Result<usize, String> {
    match text.trim().parse::<i128>() {
        Ok(n) if n >= 1 => usize::try_from(n).map_err(|_| format!("{n} is too large for a board")),
        Ok(n) => Err(format!("a board needs at least one row, got {n}")),
        Err(_) => Err("expected a whole number such as 8".to_owned()),
    }
}

/// A number of parts: from 1 to `MAX_PARTS`.
fn parts(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(k) if (1..=MAX_PARTS).contains(&k) => Ok(k),
        _ => Err(format!("expected a number of parts from 1 to {MAX_PARTS}")),
    }
}

/// The longest time limit taken: about 31 years.
const MAX_SECONDS: f64 = 1e9;

fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| "expected a number of seconds, such as 2.5".to_owned())?;
    if value.is_nan() || value <= 0.0 {
        return Err(format!(
            "expected a positive number of seconds, got {value}"
        ));
    }
    if value > MAX_SECONDS {
        return Err(format!("at most {MAX_SECONDS:.0} seconds (about 31 years)"));
    }
    Ok(Duration::from_secs_f64(value))
}

/// A count or a seed: a whole number from 0 (a negative one is refused by name, not taken for
/// an option).
fn whole_number(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("expected a whole number from 0 to {}", u64::MAX))
}
