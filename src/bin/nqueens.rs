//! `nqueens`: solve or count n queens (Davis–Putnam, the CSP solvers, backtracking), write the
//! clauses as DIMACS, or solve any DIMACS file.
//!
//! Each command is parse → one library call → print: `solve` goes through
//! [`queens::place`], whatever the method.
//!
//! Exit codes: 0 success; 1 no solution (n = 2, 3), the solver gave up, or the output could not
//! be written; 2 bad input; `sat` answers 10 (satisfiable), 20 (unsatisfiable) or 0 (unknown:
//! the budget ran out) as SAT solvers do.

use std::io::{BufWriter, Read, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use nqueens::backtrack;
use nqueens::cdcl;
use nqueens::csp;
use nqueens::dp::{self, Budget, Heuristic, Options, Outcome};
use nqueens::encode::Amo;
use nqueens::logic::dimacs;
use nqueens::queens::{self, Encoding, Limits, Method, Placement, QueensError, Spent};
use nqueens::render;
use nqueens::{Board, Square};

/// Solve, count and draw n queens: the logic lectures' clauses and Davis–Putnam, their CSP and
/// backtracking, counting with symmetry, and boards of millions of queens.
#[derive(Parser)]
#[command(name = "nqueens", version, about, allow_negative_numbers = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve n queens and print the board.
    Solve(SolveArgs),
    /// Print the lecture's CSP for n queens: variables, values, constraints.
    Csp {
        /// The board size.
        #[arg(value_parser = board_size)]
        n: usize,
    },
    /// Count the solutions of n queens.
    Count(CountArgs),
    /// Write the clauses for n queens as DIMACS CNF to standard output.
    Cnf {
        /// The board size.
        #[arg(value_parser = board_size)]
        n: usize,
        /// How the board becomes clauses.
        #[arg(long, value_enum, default_value_t = EncodingArg::Lecture)]
        encoding: EncodingArg,
        /// How each "at most one" becomes clauses. The linear ones add auxiliary variables and
        /// write plain numbers (no `c var` name table).
        #[arg(long, value_enum, default_value_t = AmoArg::Pairwise)]
        amo: AmoArg,
    },
    /// Solve a DIMACS CNF file (or `-` for standard input) and answer as SAT solvers do: exit
    /// 10 satisfiable, 20 unsatisfiable, 0 unknown (the budget ran out).
    Sat {
        /// The file to read, or `-` for standard input.
        file: String,
        /// The solver: the lecture's Davis–Putnam, or conflict-driven clause learning.
        #[arg(long, value_enum, default_value_t = SolverArg::Dp)]
        solver: SolverArg,
        /// How Davis–Putnam picks the literal to split on (`--solver dp`).
        #[arg(long, value_enum, default_value_t = HeuristicArg::First)]
        heuristic: HeuristicArg,
        /// With `--solver cdcl`: write a DRAT proof to FILE when the answer is unsatisfiable
        /// (in the file's variable numbers; check it with any DRAT checker).
        #[arg(long, value_name = "FILE")]
        proof: Option<String>,
        /// How CDCL picks its decisions (`--solver cdcl`).
        #[arg(long, value_enum, default_value_t = DecideArg::Vsids)]
        decide: DecideArg,
        /// Also print the splits, unit propagations and time as `c` comment lines.
        #[arg(long)]
        stats: bool,
        #[command(flatten)]
        budget: BudgetArgs,
    },
}

#[derive(clap::Args)]
struct CountArgs {
    /// The board size.
    #[arg(value_parser = board_size)]
    n: usize,
    /// How to count [default: halves from n = 12 to 21, where it is faster, and bitboard
    /// otherwise or with --fundamental].
    #[arg(long, value_enum)]
    method: Option<CountMethod>,
    /// Count the solutions up to rotation and reflection instead (bitboard only).
    #[arg(long)]
    fundamental: bool,
    /// Threads for the bitboard count (default: one per core).
    #[arg(long, value_name = "T", default_value_t = 0)]
    threads: usize,
    /// How the board becomes clauses (for `sat`).
    #[arg(long, value_enum, default_value_t = EncodingArg::OneHot)]
    encoding: EncodingArg,
    /// Give the `backtracking` and `csp` counts up after this many search nodes (squares or
    /// values tried).
    #[arg(long, value_name = "K", default_value_t = 1_000_000_000)]
    max_nodes: u64,
}

#[derive(clap::Args)]
struct SolveArgs {
    /// The board size (rows = columns = queens).
    #[arg(value_parser = board_size)]
    n: usize,
    /// How to solve: Davis–Putnam on clauses, or a solver of the lecture's CSP.
    #[arg(long, value_enum, default_value_t = MethodArg::Dp)]
    method: MethodArg,
    /// The seed of min-conflicts' random choices (the same seed gives the same board).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Give min-conflicts up after this many repair steps.
    #[arg(long, value_name = "K", default_value_t = Limits::default().max_steps)]
    max_steps: u64,
    /// Give backtracking, csp-backtracking and csp-propagation up after this many search nodes
    /// (squares or values tried).
    #[arg(long, value_name = "K", default_value_t = Limits::default().max_nodes)]
    max_nodes: u64,
    /// How Davis–Putnam picks the literal to split on.
    #[arg(long, value_enum, default_value_t = HeuristicArg::First)]
    heuristic: HeuristicArg,
    /// How the board becomes clauses.
    #[arg(long, value_enum, default_value_t = EncodingArg::Lecture)]
    encoding: EncodingArg,
    /// How each "at most one" becomes clauses (`--method cdcl`).
    #[arg(long, value_enum, default_value_t = AmoArg::Pairwise)]
    amo: AmoArg,
    /// How CDCL picks its decisions (`--method cdcl`).
    #[arg(long, value_enum, default_value_t = DecideArg::Vsids)]
    decide: DecideArg,
    /// Also print what the solver counted and the time.
    #[arg(long)]
    stats: bool,
    /// Print only the column of the queen in each row (1-based, one line), for scripts.
    #[arg(long)]
    columns: bool,
    #[command(flatten)]
    budget: BudgetArgs,
    #[command(flatten)]
    picture: PictureArgs,
}

impl SolveArgs {
    fn method(&self) -> Method {
        let seed = self.seed;
        match self.method {
            MethodArg::Dp => Method::Dp {
                heuristic: self.heuristic.into(),
                encoding: self.encoding.into(),
            },
            MethodArg::Cdcl => Method::Cdcl {
                encoding: self.encoding.into(),
                amo: self.amo.into(),
                decide: self.decide.into(),
            },
            MethodArg::CspBacktracking => Method::CspBacktracking,
            MethodArg::CspPropagation => Method::CspPropagation,
            MethodArg::CspMinConflicts => Method::CspMinConflicts { seed },
            MethodArg::Backtracking => Method::Backtracking,
            MethodArg::Construct => Method::Construct,
            MethodArg::MinConflicts => Method::MinConflicts { seed },
        }
    }

    fn limits(&self) -> Limits {
        Limits {
            max_splits: self.budget.max_splits,
            time_limit: self.budget.time_limit,
            max_nodes: self.max_nodes,
            max_steps: self.max_steps,
        }
    }
}

#[derive(clap::Args)]
struct PictureArgs {
    /// Also draw the solved board as an SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    /// In the SVG, label every square with its variable Q<row,col> (the lecture's picture).
    #[arg(long, requires = "svg")]
    labels: bool,
    /// Draw instead the lecture's captures picture: a lone queen on ROW,COL and the squares it
    /// attacks.
    #[arg(long, requires = "svg", conflicts_with = "labels", value_name = "ROW,COL", value_parser = square)]
    attacks: Option<Square>,
}

impl PictureArgs {
    /// Checks what can be checked before solving: a picture of the whole board needs a board
    /// small enough to draw square by square, and a square on it.
    fn check(&self, n: usize) -> Result<(), Failure> {
        if self.svg.is_none() {
            return Ok(());
        }
        let whole = self.labels || self.attacks.is_some();
        if whole && n > render::MAX_DRAWN {
            return Err(Failure::input(format!(
                "--labels and --attacks draw whole boards, up to {max}×{max}",
                max = render::MAX_DRAWN
            )));
        }
        match self.attacks {
            Some(square) if !Board::new(n).contains(square) => Err(Failure::input(format!(
                "--attacks {},{} is off the {n}×{n} board",
                square.row, square.col
            ))),
            _ => Ok(()),
        }
    }

    /// Writes the picture asked for, if any.
    fn draw(&self, placed: &Placement) -> Result<(), Failure> {
        let Some(path) = &self.svg else { return Ok(()) };
        let n = placed.n();
        let svg = match self.attacks {
            Some(square) => render::attacks(n, square, true).render(),
            None if self.labels => {
                render::labelled(&placed.board().map_err(Failure::from)?).render()
            }
            None => render::picture(placed.columns()),
        };
        svg.save(path)
            .map_err(|e| Failure::output(format!("{}: {e}", path.display())))
    }
}

fn square(text: &str) -> Result<Square, String> {
    let parse = |t: &str| t.trim().parse::<usize>().ok().filter(|&v| v >= 1);
    match text.split_once(',') {
        Some((row, col)) => match (parse(row), parse(col)) {
            (Some(row), Some(col)) => Ok(Square::new(row, col)),
            _ => Err("expected ROW,COL with rows and columns from 1, such as 3,4".to_owned()),
        },
        None => Err("expected ROW,COL, such as 3,4".to_owned()),
    }
}

#[derive(clap::Args)]
struct BudgetArgs {
    /// Give Davis–Putnam up after this many splits.
    #[arg(long, value_name = "K")]
    max_splits: Option<u64>,
    /// Give Davis–Putnam and the CSP solvers up after this many seconds, building the clauses
    /// or the CSP included.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time_limit: Option<Duration>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SolverArg {
    /// The lecture's Davis–Putnam.
    Dp,
    /// Conflict-driven clause learning (learnt clauses, VSIDS, restarts).
    Cdcl,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum AmoArg {
    /// A clause for every pair (the lecture's; no new variables).
    Pairwise,
    /// Sinz's sequential counter: 3k − 4 clauses, k − 1 new variables.
    Sequential,
    /// Klieber and Kwon's commander encoding, groups of three.
    Commander,
    /// Chen's product encoding: the squares on a grid, one row and one column.
    Product,
    /// The binary encoding: each variable implies the bits of its index.
    Binary,
}

impl From<AmoArg> for Amo {
    fn from(arg: AmoArg) -> Self {
        match arg {
            AmoArg::Pairwise => Amo::Pairwise,
            AmoArg::Sequential => Amo::Sequential,
            AmoArg::Commander => Amo::Commander,
            AmoArg::Product => Amo::Product,
            AmoArg::Binary => Amo::Binary,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum DecideArg {
    /// VSIDS: the variable most active in recent conflicts, in its last phase (as MiniSat).
    Vsids,
    /// The shortest unsatisfied clause of three literals or more, a literal of it made true
    /// (for queens: the column with fewest free squares first).
    ShortestClause,
}

impl From<DecideArg> for cdcl::Decide {
    fn from(arg: DecideArg) -> Self {
        match arg {
            DecideArg::Vsids => cdcl::Decide::Vsids,
            DecideArg::ShortestClause => cdcl::Decide::ShortestClause,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum HeuristicArg {
    /// The first undecided variable (lecture 06).
    First,
    /// Jeroslow–Wang (lecture 07).
    Jw,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum MethodArg {
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
enum CountMethod {
    /// Bitboard backtracking with the board's symmetry, on every core (up to n = 32).
    Bitboard,
    /// The quadrant method: the placements of the east half, built from its north and south
    /// quarters one set of rows at a time, joined with their mirror images, the west half; on
    /// every core (up to n = 21; 206 MB of memory for n = 20).
    Halves,
    /// Every model of the clauses with Davis–Putnam, each blocked after it is found (up to
    /// n = 12).
    Sat,
    /// The board backtracking, going on after each solution.
    Backtracking,
    /// The CSP lecture's backtracking, going on after each solution.
    Csp,
}

/// The largest n that `count --method sat` takes: enumerating 14,200 models of n = 12 is about
/// the most that is sensible one model at a time.
const SAT_COUNT_MAX: usize = 12;

#[derive(Clone, Copy, ValueEnum)]
enum EncodingArg {
    /// At most one per row and diagonal, at least one per column.
    Lecture,
    /// Exactly one per row and column, at most one per diagonal (PyEDA).
    OneHot,
}

impl From<HeuristicArg> for Heuristic {
    fn from(arg: HeuristicArg) -> Self {
        match arg {
            HeuristicArg::First => Heuristic::FirstVariable,
            HeuristicArg::Jw => Heuristic::JeroslowWang,
        }
    }
}

impl From<EncodingArg> for Encoding {
    fn from(arg: EncodingArg) -> Self {
        match arg {
            EncodingArg::Lecture => Encoding::Lecture,
            EncodingArg::OneHot => Encoding::OneHot,
        }
    }
}

fn board_size(text: &str) -> Result<usize, String> {
    match text.trim().parse::<i128>() {
        Ok(n) if n >= 1 => usize::try_from(n).map_err(|_| format!("{n} is too large for a board")),
        Ok(n) => Err(format!("a board needs at least one row, got {n}")),
        Err(_) => Err("expected a whole number such as 8".to_owned()),
    }
}

fn seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| "expected a number of seconds".to_owned())?;
    Duration::try_from_secs_f64(value)
        .map_err(|_| "expected a positive number of seconds".to_owned())
}

/// An error for the user: one line on stderr, and the exit code.
struct Failure {
    message: String,
    code: u8,
}

impl Failure {
    /// Bad input: exit 2.
    fn input(message: impl std::fmt::Display) -> Self {
        Failure {
            message: message.to_string(),
            code: 2,
        }
    }

    /// No answer, or nowhere to write it: exit 1.
    fn output(message: impl std::fmt::Display) -> Self {
        Failure {
            message: message.to_string(),
            code: 1,
        }
    }
}

impl From<QueensError> for Failure {
    /// No solution, a budget run out, a bug caught by the check: exit 1; the rest is input.
    fn from(error: QueensError) -> Self {
        match error {
            QueensError::NoSolution { .. }
            | QueensError::GaveUp { .. }
            | QueensError::Wrong { .. } => Failure::output(error),
            _ => Failure::input(error),
        }
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version.
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            // clap's first line says what is wrong; the usage lines after it are noise here.
            let text = error.render().to_string();
            let first = text.lines().next().unwrap_or("error: bad arguments");
            eprintln!("nqueens: {}", first.trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let mut out = Output::new();
    let result = match cli.command {
        Command::Solve(args) => solve(&mut out, &args),
        Command::Csp { n } => csp::create_csp(n)
            .map_err(Failure::input)
            .map(|problem| out.line(problem)),
        Command::Count(args) => count(&mut out, &args),
        Command::Cnf {
            n,
            encoding,
            amo: AmoArg::Pairwise,
        } => Encoding::from(encoding)
            .clauses(n)
            .map_err(Failure::input)
            .map(|clauses| out.text(&dimacs::write(&clauses))),
        Command::Cnf { n, encoding, amo } => Encoding::from(encoding)
            .numbered(n, amo.into())
            .map_err(Failure::input)
            .map(|cnf| {
                let mut text = Vec::new();
                // Writing to memory cannot fail.
                let _ = cnf.write_dimacs(&mut text);
                out.text(&String::from_utf8_lossy(&text))
            }),
        Command::Sat {
            file,
            solver,
            heuristic,
            proof,
            decide,
            stats,
            budget,
        } => {
            let options = Options {
                heuristic: heuristic.into(),
                budget: Budget {
                    max_splits: budget.max_splits,
                    time_limit: budget.time_limit,
                },
                trace: false,
            };
            if proof.is_some() && solver != SolverArg::Cdcl {
                Err(Failure::input(
                    "--proof needs --solver cdcl (Davis–Putnam keeps no proof)",
                ))
            } else {
                sat(
                    &mut out,
                    &file,
                    &options,
                    stats,
                    solver,
                    proof.as_deref(),
                    decide,
                )
            }
        }
    };
    // What was written must have reached its destination (`> /dev/full` is an error).
    let result = out.finish().and(result);
    match result {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            eprintln!("nqueens: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}

/// Standard output, buffered; the first write error is kept and reported at the end. A closed
/// pipe (`nqueens cnf 8 | head`) is not an error: the reader has what it wanted.
struct Output {
    writer: BufWriter<std::io::Stdout>,
    error: Option<std::io::Error>,
}

impl Output {
    fn new() -> Self {
        Output {
            writer: BufWriter::new(std::io::stdout()),
            error: None,
        }
    }

    /// Writes a text; the exit code 0, for the commands whose only answer is the text.
    fn text(&mut self, text: &str) -> u8 {
        if self.error.is_none() {
            self.error = self.writer.write_all(text.as_bytes()).err();
        }
        0
    }

    /// Writes a value and a newline.
    fn line(&mut self, value: impl std::fmt::Display) -> u8 {
        self.text(&format!("{value}\n"))
    }

    fn finish(mut self) -> Result<(), Failure> {
        let error = self.error.take().or_else(|| self.writer.flush().err());
        match error {
            Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            Some(e) => Err(Failure::output(format!("cannot write the output: {e}"))),
            None => Ok(()),
        }
    }
}

fn solve(out: &mut Output, args: &SolveArgs) -> Result<u8, Failure> {
    args.picture.check(args.n)?;
    let placed = queens::place(args.n, &args.method(), &args.limits()).map_err(|error| {
        let hint = match &error {
            QueensError::GaveUp { after, .. } => raise(*after),
            _ => return Failure::from(error),
        };
        Failure::output(format!("{error} (raise {hint})"))
    })?;
    args.picture.draw(&placed)?;
    let n = placed.n();
    if args.columns {
        let mut line = String::with_capacity(n * 8);
        for (i, c) in placed.columns().iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(&c.to_string());
        }
        out.line(line);
    } else if let Ok(board) = placed.board() {
        out.line(board);
    } else {
        out.line(format!(
            "{n} queens placed, none attacking another (checked); --columns prints them, --svg \
             draws an overview"
        ));
    }
    if args.stats {
        out.text(&placed.stats.to_string());
        out.line(format!(
            "{:<19}{:.3} ms",
            "time:",
            placed.elapsed.as_secs_f64() * 1e3
        ));
    }
    Ok(0)
}

/// The flag that gives a search more of what it ran out of.
fn raise(spent: Spent) -> &'static str {
    match spent {
        Spent::Time(_) => "--time-limit",
        Spent::Splits(_) => "--max-splits",
        Spent::Nodes(_) | Spent::Squares(_) => "--max-nodes",
        Spent::Steps(_) => "--max-steps",
    }
}

fn count(out: &mut Output, args: &CountArgs) -> Result<u8, Failure> {
    let (n, max_nodes) = (args.n, args.max_nodes);
    let method = args.method.unwrap_or(
        if !args.fundamental && (queens::HALVES_FASTER_FROM..=queens::MAX_HALVES_N).contains(&n) {
            CountMethod::Halves
        } else {
            CountMethod::Bitboard
        },
    );
    if args.fundamental && method != CountMethod::Bitboard {
        return Err(Failure::input(
            "--fundamental needs --method bitboard (the default with it)",
        ));
    }
    let (solutions, gave_up) = match method {
        CountMethod::Bitboard => return count_bitboard(out, n, args.fundamental, args.threads),
        CountMethod::Halves => {
            let all = with_progress(n, |progress| {
                let options = queens::CountOptions {
                    threads: args.threads,
                    progress: Some(progress),
                };
                queens::count_by_halves_with(n, &options)
            })
            .map_err(Failure::input)?;
            (all, false)
        }
        CountMethod::Sat if n > SAT_COUNT_MAX => {
            return Err(Failure::input(format!(
                "counting by listing every model is too slow past n = {SAT_COUNT_MAX}; \
                 try --method backtracking"
            )));
        }
        CountMethod::Sat => {
            let clauses = Encoding::from(args.encoding)
                .clauses(n)
                .map_err(Failure::input)?;
            (dp::satisfy_count(&clauses), false)
        }
        CountMethod::Backtracking => {
            let search = backtrack::count_rows(n, max_nodes);
            (search.solutions, search.gave_up)
        }
        CountMethod::Csp => {
            let problem = csp::create_csp(n).map_err(Failure::input)?;
            let counted = csp::count_solutions(&problem, max_nodes);
            (counted.solutions, counted.gave_up)
        }
    };
    if gave_up {
        return Err(Failure::output(format!(
            "gave up after {max_nodes} search nodes with {solutions} solutions found \
             (raise --max-nodes)"
        )));
    }
    Ok(out.line(solutions))
}

/// Counts with the bitboard search.
fn count_bitboard(
    out: &mut Output,
    n: usize,
    fundamental: bool,
    threads: usize,
) -> Result<u8, Failure> {
    let counts = with_progress(n, |progress| {
        queens::count_with(
            n,
            &queens::CountOptions {
                threads,
                progress: Some(progress),
            },
        )
    })
    .map_err(Failure::input)?;
    Ok(out.line(if fundamental {
        counts.fundamental
    } else {
        counts.all
    }))
}

/// Runs `count` with a progress callback that, on a terminal, keeps a progress line on stderr
/// once a second has passed, and clears it at the end.
fn with_progress<T>(n: usize, count: impl FnOnce(&(dyn Fn(usize, usize) + Sync)) -> T) -> T {
    use std::io::IsTerminal;
    let start = std::time::Instant::now();
    let shown = std::sync::atomic::AtomicBool::new(false);
    // The last percentage printed, so that the line changes at most a hundred times.
    let percent_shown = std::sync::atomic::AtomicUsize::new(usize::MAX);
    let terminal = std::io::stderr().is_terminal();
    let progress = |done: usize, total: usize| {
        let seconds = start.elapsed().as_secs();
        let percent = done * 100 / total.max(1);
        let relaxed = std::sync::atomic::Ordering::Relaxed;
        if terminal && seconds >= 1 && percent_shown.swap(percent, relaxed) != percent {
            shown.store(true, relaxed);
            eprint!("\rcounting {n} queens: {percent:>3}% after {seconds} s ");
        }
    };
    let result = count(&progress);
    if shown.load(std::sync::atomic::Ordering::Relaxed) {
        // Clear the progress line.
        eprint!("\r{:60}\r", "");
    }
    result
}

fn sat(
    out: &mut Output,
    file: &str,
    options: &Options,
    stats: bool,
    solver: SolverArg,
    proof: Option<&str>,
    decide: DecideArg,
) -> Result<u8, Failure> {
    let text = if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Failure::input(format!("standard input: {e}")))?;
        text
    } else {
        std::fs::read_to_string(file).map_err(|e| Failure::input(format!("{file}: {e}")))?
    };
    if solver == SolverArg::Cdcl {
        let cdcl_options = cdcl::CdclOptions {
            budget: options.budget,
            proof: proof.is_some(),
            decide: decide.into(),
        };
        return sat_cdcl(out, file, text, &cdcl_options, stats, proof);
    }
    let cnf = dimacs::read(&text).map_err(|e| Failure::input(format!("{file}: {e}")))?;
    let report = dp::solve_with(&cnf.clauses, options);
    let (outcome, work, elapsed) = (report.outcome, report.stats.to_string(), report.elapsed);
    if stats {
        out.text(&stats_lines(
            cnf.declared,
            cnf.clauses.len(),
            &work,
            elapsed,
        ));
    }
    let answer = match &outcome {
        Outcome::Satisfiable(model) => {
            // An independent check before we claim it, on the assignment we print.
            let printed = cnf.completed(model);
            if let Some(clause) = cnf.clauses.first_falsified(&printed) {
                return Err(Failure::output(format!(
                    "internal error: model falsifies {clause}"
                )));
            }
            Answer::Satisfiable(dimacs::model_lines(&cnf, model))
        }
        Outcome::Unsatisfiable => Answer::Unsatisfiable,
        Outcome::GaveUp(_) => Answer::Unknown(outcome.to_string()),
    };
    Ok(answer.write(out))
}

/// The `c` lines of `sat --stats`: the file's size, the solver's work, its time.
fn stats_lines(
    declared: usize,
    clauses: usize,
    work: &dyn std::fmt::Display,
    elapsed: std::time::Duration,
) -> String {
    format!(
        "c {declared} variables, {clauses} clauses\nc {work}\nc time {:.3} ms\n",
        elapsed.as_secs_f64() * 1e3
    )
}

/// A SAT solver's answer, as `sat` prints it whichever solver found it.
enum Answer {
    /// With the `v` lines of the model.
    Satisfiable(String),
    Unsatisfiable,
    /// With why the search stopped.
    Unknown(String),
}

impl Answer {
    /// Prints the `s` line (and the model, or the reason) and returns the exit code SAT
    /// solvers use: 10, 20, or 0 for unknown.
    fn write(&self, out: &mut Output) -> u8 {
        match self {
            Answer::Satisfiable(lines) => {
                out.text(&format!("s SATISFIABLE\n{lines}"));
                10
            }
            Answer::Unsatisfiable => {
                out.text("s UNSATISFIABLE\n");
                20
            }
            Answer::Unknown(why) => {
                out.text(&format!("c {why}\ns UNKNOWN\n"));
                0
            }
        }
    }
}

/// `sat --solver cdcl`: the file read as numbers (no names: millions of clauses read in
/// seconds), its variables renumbered 1, 2, … in order for the solver, and the model and
/// proof written back in the file's numbers.
fn sat_cdcl(
    out: &mut Output,
    file: &str,
    text: String,
    options: &cdcl::CdclOptions,
    stats: bool,
    proof: Option<&str>,
) -> Result<u8, Failure> {
    let numbers =
        dimacs::read_numbers(&text).map_err(|e| Failure::input(format!("{file}: {e}")))?;
    // The text is let go as soon as it is read: a thousand queens' clauses are 170 MB of it.
    drop(text);
    let used = numbers.used();
    let (declared, clause_count) = (numbers.declared, numbers.clauses.len());
    let clauses = if used.iter().enumerate().all(|(i, &number)| number == i + 1) {
        // Already numbered 1, 2, … (as `nqueens cnf` writes): the solver takes them as they are.
        numbers.clauses
    } else {
        let dense = |lit: i32| {
            let number = usize::try_from(lit.unsigned_abs()).unwrap_or(usize::MAX);
            // Every number of a clause is in `used`.
            let v = i32::try_from(used.binary_search(&number).unwrap_or(0) + 1).unwrap_or(i32::MAX);
            if lit < 0 { -v } else { v }
        };
        let mut clauses = cdcl::Cnf::new();
        let mut buffer = Vec::new();
        for clause in numbers.clauses.iter() {
            buffer.clear();
            buffer.extend(clause.iter().map(|&l| dense(l)));
            clauses.add(&buffer);
        }
        clauses
    };
    let report = cdcl::solve_cnf(&clauses, options);
    if stats {
        out.text(&stats_lines(
            declared,
            clause_count,
            &report.stats,
            report.elapsed,
        ));
    }
    let file_number = |lit: i32| {
        let index = usize::try_from(lit.unsigned_abs()).unwrap_or(1) - 1;
        let n = used.get(index).copied().unwrap_or(0);
        if lit < 0 {
            format!("-{n}")
        } else {
            n.to_string()
        }
    };
    let answer = match &report.outcome {
        cdcl::CnfOutcome::Satisfiable(values) => {
            // An independent check before we claim it (the solver's numbers are the file's,
            // renumbered in order).
            if let Some(i) = clauses.first_falsified(values) {
                return Err(Failure::output(format!(
                    "internal error: model falsifies clause {} of the file",
                    i + 1
                )));
            }
            Answer::Satisfiable(dimacs::value_lines(
                used.iter().copied().zip(values.iter().copied()),
            ))
        }
        cdcl::CnfOutcome::Unsatisfiable => {
            if let Some(path) = proof {
                let mut drat = String::new();
                for step in &report.proof {
                    let (prefix, lits) = match step {
                        cdcl::ProofStep::Add(lits) => ("", lits),
                        cdcl::ProofStep::Delete(lits) => ("d ", lits),
                    };
                    drat.push_str(prefix);
                    for &l in lits {
                        drat.push_str(&file_number(l));
                        drat.push(' ');
                    }
                    drat.push_str("0\n");
                }
                std::fs::write(path, drat).map_err(|e| Failure::output(format!("{path}: {e}")))?;
            }
            Answer::Unsatisfiable
        }
        cdcl::CnfOutcome::GaveUp(limit) => Answer::Unknown(Outcome::GaveUp(*limit).to_string()),
    };
    Ok(answer.write(out))
}
