//! `nqueens`: solve or count n queens (Davis–Putnam, the CSP solvers, backtracking), write the
//! clauses as DIMACS, or solve any DIMACS file.
//!
//! Exit codes: 0 success; 1 no solution (n = 2, 3) or the solver gave up; 2 bad input;
//! `sat` answers 10 (satisfiable) or 20 (unsatisfiable) as SAT solvers do.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use nqueens::backtrack;
use nqueens::csp;
use nqueens::dp::{self, Budget, Heuristic, Options, Outcome};
use nqueens::logic::dimacs;
use nqueens::queens::{self, Encoding, QueensError, huge};
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
    },
    /// Solve a DIMACS CNF file (or `-` for standard input) and answer as SAT solvers do.
    Sat {
        /// The file to read, or `-` for standard input.
        file: String,
        /// How Davis–Putnam picks the literal to split on.
        #[arg(long, value_enum, default_value_t = HeuristicArg::First)]
        heuristic: HeuristicArg,
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
    /// How to count.
    #[arg(long, value_enum, default_value_t = CountMethod::Bitboard)]
    method: CountMethod,
    /// Count the solutions up to rotation and reflection instead (bitboard only).
    #[arg(long)]
    fundamental: bool,
    /// Threads for the bitboard count (default: one per core).
    #[arg(long, value_name = "T", default_value_t = 0)]
    threads: usize,
    /// How the board becomes clauses (for `sat`).
    #[arg(long, value_enum, default_value_t = EncodingArg::OneHot)]
    encoding: EncodingArg,
    /// Give the `backtracking` and `csp` counts up after this many search nodes.
    #[arg(long, value_name = "K", default_value_t = 1_000_000_000)]
    max_nodes: u64,
}

#[derive(clap::Args)]
struct SolveArgs {
    /// The board size (rows = columns = queens).
    #[arg(value_parser = board_size)]
    n: usize,
    /// How to solve: Davis–Putnam on clauses, or a solver of the lecture's CSP.
    #[arg(long, value_enum, default_value_t = Method::Dp)]
    method: Method,
    /// The seed of min-conflicts' random choices (the same seed gives the same board).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Give min-conflicts up after this many repair steps.
    #[arg(long, value_name = "K", default_value_t = 10_000_000)]
    max_steps: u64,
    /// Give backtracking, csp-backtracking and csp-propagation up after this many search nodes
    /// (queens placed, or values tried).
    #[arg(long, value_name = "K", default_value_t = 10_000_000)]
    max_nodes: u64,
    /// How Davis–Putnam picks the literal to split on.
    #[arg(long, value_enum, default_value_t = HeuristicArg::First)]
    heuristic: HeuristicArg,
    /// How the board becomes clauses.
    #[arg(long, value_enum, default_value_t = EncodingArg::Lecture)]
    encoding: EncodingArg,
    /// Also print the clause count, the splits, the unit propagations and the time.
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
    #[arg(long, requires = "svg", value_name = "ROW,COL", value_parser = square)]
    attacks: Option<Square>,
}

impl PictureArgs {
    /// Writes the picture asked for, if any.
    fn draw(&self, board: &Board) -> Result<(), Failure> {
        let Some(path) = &self.svg else { return Ok(()) };
        let n = board.size();
        let diagram = match self.attacks {
            Some(square) if !board.contains(square) => {
                return Err(Failure::input(format!(
                    "--attacks {},{} is off the {n}×{n} board",
                    square.row, square.col
                )));
            }
            Some(square) => render::attacks(n, square, true),
            None if self.labels => render::labelled(board),
            None => board.diagram(),
        };
        diagram.save_svg(path).map_err(|e| Failure {
            message: format!("{}: {e}", path.display()),
            code: 1,
        })
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
    /// Give up after this many splits.
    #[arg(long, value_name = "K")]
    max_splits: Option<u64>,
    /// Give up after this many seconds.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    time_limit: Option<Duration>,
}

impl BudgetArgs {
    fn budget(&self) -> Budget {
        Budget {
            max_splits: self.max_splits,
            time_limit: self.time_limit,
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
enum Method {
    /// Davis–Putnam on the clauses (uses --heuristic, --encoding and the DP budget).
    Dp,
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
    fn input(message: impl std::fmt::Display) -> Self {
        Failure {
            message: message.to_string(),
            code: 2,
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
    let mut out = std::io::stdout().lock();
    let result = match cli.command {
        Command::Solve(args) if args.method == Method::Dp => solve(&mut out, &args),
        Command::Solve(args) if args.method == Method::Backtracking => {
            solve_backtracking(&mut out, &args)
        }
        Command::Solve(args) if matches!(args.method, Method::Construct | Method::MinConflicts) => {
            solve_huge(&mut out, &args)
        }
        Command::Solve(args) => solve_csp(&mut out, &args),
        Command::Csp { n } => csp::create_csp(n)
            .map_err(Failure::input)
            .map(|problem| print(&mut out, &format!("{problem}\n"))),
        Command::Count(args) => count(&mut out, &args),
        Command::Cnf { n, encoding } => Encoding::from(encoding)
            .clauses(n)
            .map_err(Failure::input)
            .map(|clauses| print(&mut out, &dimacs::write(&clauses))),
        Command::Sat {
            file,
            heuristic,
            stats,
            budget,
        } => {
            let options = Options {
                heuristic: heuristic.into(),
                budget: budget.budget(),
                trace: false,
            };
            sat(&mut out, &file, &options, stats)
        }
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            eprintln!("nqueens: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}

/// Writes to stdout; a closed pipe (`nqueens cnf 8 | head`) is not an error worth a panic.
fn print(out: &mut impl Write, text: &str) -> u8 {
    let _ = out.write_all(text.as_bytes());
    0
}

fn solve(out: &mut impl Write, args: &SolveArgs) -> Result<u8, Failure> {
    let options = Options {
        heuristic: args.heuristic.into(),
        budget: args.budget.budget(),
        trace: false,
    };
    let run =
        queens::solve_queens(args.n, args.encoding.into(), &options).map_err(Failure::input)?;
    // Write errors (a closed pipe, as in `nqueens solve 8 | head -1`) are not worth a panic.
    let code = match run.board() {
        Ok(board) => {
            show_board(out, &board, args)?;
            0
        }
        Err(error @ (QueensError::NoSolution { .. } | QueensError::GaveUp { .. })) => {
            eprintln!("nqueens: {error}");
            1
        }
        Err(error) => {
            return Err(Failure {
                message: error.to_string(),
                code: 1,
            });
        }
    };
    if args.stats {
        let r = &run.report;
        let _ = write!(
            out,
            "encoding:          {} ({} clauses, {} variables)\nheuristic:         {}\n\
             splits:            {}\nunit propagations: {}\ncalls:             {}\n\
             conflicts:         {}\ntime:              {:.3} ms\n",
            run.encoding,
            run.clauses,
            run.variables,
            options.heuristic,
            r.stats.splits,
            r.stats.unit_propagations,
            r.stats.calls,
            r.stats.conflicts,
            r.elapsed.as_secs_f64() * 1e3
        );
    }
    Ok(code)
}

/// Writes a solved board as `solve` does: the board, or its columns, and the SVG if asked.
fn show_board(out: &mut impl Write, board: &Board, args: &SolveArgs) -> Result<(), Failure> {
    args.picture.draw(board)?;
    if args.columns {
        let cols: Vec<String> = board
            .columns()
            .iter()
            .map(|c| c.map_or("-".into(), |c| c.to_string()))
            .collect();
        let _ = writeln!(out, "{}", cols.join(" "));
    } else {
        let _ = writeln!(out, "{board}");
    }
    Ok(())
}

fn count(out: &mut impl Write, args: &CountArgs) -> Result<u8, Failure> {
    let (n, max_nodes) = (args.n, args.max_nodes);
    if args.fundamental && args.method != CountMethod::Bitboard {
        return Err(Failure::input(
            "--fundamental needs --method bitboard (the default)",
        ));
    }
    let (solutions, gave_up) = match args.method {
        CountMethod::Bitboard => return count_bitboard(out, n, args.fundamental, args.threads),
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
        eprintln!(
            "nqueens: gave up after {max_nodes} search nodes with {solutions} solutions found \
             (raise --max-nodes)"
        );
        return Ok(1);
    }
    Ok(print(out, &format!("{solutions}\n")))
}

/// Counts with the bitboard search; on a terminal, a progress line on stderr once a second has
/// passed.
fn count_bitboard(
    out: &mut impl Write,
    n: usize,
    fundamental: bool,
    threads: usize,
) -> Result<u8, Failure> {
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
    let options = queens::CountOptions {
        threads,
        progress: Some(&progress),
    };
    let counts = queens::count_with(n, &options).map_err(Failure::input)?;
    if shown.load(std::sync::atomic::Ordering::Relaxed) {
        // Clear the progress line.
        eprint!("\r{:60}\r", "");
    }
    let value = if fundamental {
        counts.fundamental
    } else {
        counts.all
    };
    Ok(print(out, &format!("{value}\n")))
}

/// The methods for huge boards: the board stays a list of columns, checked in O(n) before it is
/// printed; printed square by square only when small.
fn solve_huge(out: &mut impl Write, args: &SolveArgs) -> Result<u8, Failure> {
    let start = std::time::Instant::now();
    let failure = |error: QueensError| match error {
        QueensError::NoSolution { .. } => Failure {
            message: error.to_string(),
            code: 1,
        },
        _ => Failure::input(error),
    };
    let (columns, steps) = if args.method == Method::Construct {
        (huge::construct(args.n).map_err(failure)?, None)
    } else {
        let repair = huge::min_conflicts(args.n, args.seed, args.max_steps).map_err(failure)?;
        let Some(columns) = repair.columns else {
            eprintln!(
                "nqueens: min-conflicts gave up on {} queens after {} steps (raise --max-steps)",
                args.n, repair.steps
            );
            return Ok(1);
        };
        (columns, Some((repair.steps, repair.swaps)))
    };
    let elapsed = start.elapsed();
    // An independent check before anything is printed.
    huge::verify(args.n, &columns).map_err(|flaw| Failure {
        message: format!("internal error: the board is not a solution: {flaw}"),
        code: 1,
    })?;
    if let Some(path) = &args.picture.svg {
        if args.n > render::MAX_DRAWN && (args.picture.labels || args.picture.attacks.is_some()) {
            return Err(Failure::input(format!(
                "--labels and --attacks draw whole boards, up to {}×{}",
                render::MAX_DRAWN,
                render::MAX_DRAWN
            )));
        }
        if args.n > render::MAX_DRAWN {
            render::overview(&columns).save(path).map_err(|e| Failure {
                message: format!("{}: {e}", path.display()),
                code: 1,
            })?;
        } else {
            args.picture.draw(&board_of(&columns)?)?;
        }
    }
    if args.columns {
        let mut line = String::with_capacity(columns.len() * 8);
        for (i, c) in columns.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(&c.to_string());
        }
        line.push('\n');
        print(out, &line);
    } else if args.n <= nqueens::board::MAX_PRINTED {
        let _ = writeln!(out, "{}", board_of(&columns)?);
    } else {
        let _ = writeln!(
            out,
            "{n} queens placed, none attacking another (checked); --columns prints them, --svg \
             draws an overview",
            n = args.n
        );
    }
    if args.stats {
        if let Some((steps, swaps)) = steps {
            let _ = writeln!(
                out,
                "steps:             {steps}\nswaps:             {swaps}"
            );
        }
        let _ = writeln!(
            out,
            "time:              {:.3} ms",
            elapsed.as_secs_f64() * 1e3
        );
    }
    Ok(0)
}

fn board_of(columns: &[u32]) -> Result<Board, Failure> {
    let wide: Vec<usize> = columns.iter().map(|&c| c as usize).collect();
    Board::from_columns(&wide).map_err(|e| Failure {
        message: e.to_string(),
        code: 1,
    })
}

fn solve_backtracking(out: &mut impl Write, args: &SolveArgs) -> Result<u8, Failure> {
    let start = std::time::Instant::now();
    let search = backtrack::solve_rows(args.n, args.max_nodes);
    let elapsed = start.elapsed();
    let code = match &search.columns {
        Some(columns) => {
            let board = Board::from_columns(columns).map_err(|e| Failure {
                message: e.to_string(),
                code: 1,
            })?;
            show_board(out, &board, args)?;
            0
        }
        None if search.gave_up => {
            eprintln!(
                "nqueens: backtracking gave up on {} queens after {} queens placed (raise \
                 --max-nodes)",
                args.n, search.nodes
            );
            1
        }
        None => {
            eprintln!(
                "nqueens: {n} queens cannot be placed on a {n}×{n} board without attacking each other",
                n = args.n
            );
            1
        }
    };
    if args.stats {
        let _ = writeln!(
            out,
            "nodes:             {}\nbacktracks:        {}\ntime:              {:.3} ms",
            search.nodes,
            search.backtracks,
            elapsed.as_secs_f64() * 1e3
        );
    }
    Ok(code)
}

fn solve_csp(out: &mut impl Write, args: &SolveArgs) -> Result<u8, Failure> {
    let problem = csp::create_csp(args.n).map_err(Failure::input)?;
    let start = std::time::Instant::now();
    let report = match args.method {
        Method::CspBacktracking => csp::backtracking_with(&problem, args.max_nodes),
        Method::CspPropagation => csp::propagation_with(&problem, args.max_nodes),
        _ => csp::min_conflicts(&problem, args.seed, args.max_steps),
    };
    let elapsed = start.elapsed();
    let code = match &report.assignment {
        Some(assignment) => {
            let columns: Vec<usize> = assignment
                .iter()
                .map(|&v| usize::try_from(v).unwrap_or(0))
                .collect();
            let board = Board::from_columns(&columns).map_err(|e| Failure {
                message: e.to_string(),
                code: 1,
            })?;
            show_board(out, &board, args)?;
            0
        }
        None if report.gave_up && args.method == Method::CspMinConflicts => {
            eprintln!(
                "nqueens: min-conflicts gave up on {} queens after {} steps (raise --max-steps)",
                args.n, report.stats.steps
            );
            1
        }
        None if report.gave_up => {
            eprintln!(
                "nqueens: the search gave up on {} queens after {} nodes (raise --max-nodes)",
                args.n, report.stats.nodes
            );
            1
        }
        None => {
            eprintln!(
                "nqueens: {n} queens cannot be placed on a {n}×{n} board without attacking each other",
                n = args.n
            );
            1
        }
    };
    if args.stats {
        let s = report.stats;
        let _ = writeln!(
            out,
            "csp:               {} variables, {} constraints\nnodes:             {}\nbacktracks:        {}\nsteps:             {}\ntime:              {:.3} ms",
            problem.variables().len(),
            problem.constraints().len(),
            s.nodes,
            s.backtracks,
            s.steps,
            elapsed.as_secs_f64() * 1e3
        );
    }
    Ok(code)
}

fn sat(out: &mut impl Write, file: &str, options: &Options, stats: bool) -> Result<u8, Failure> {
    let text = if file == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Failure::input(format!("standard input: {e}")))?;
        text
    } else {
        std::fs::read_to_string(file).map_err(|e| Failure::input(format!("{file}: {e}")))?
    };
    let cnf = dimacs::read(&text).map_err(|e| Failure::input(format!("{file}: {e}")))?;
    let report = dp::solve_with(&cnf.clauses, options);
    if stats {
        let _ = write!(
            out,
            "c {} variables, {} clauses\nc {}\nc time {:.3} ms\n",
            cnf.variables.len(),
            cnf.clauses.len(),
            report.stats,
            report.elapsed.as_secs_f64() * 1e3
        );
    }
    let code = match &report.outcome {
        Outcome::Satisfiable(model) => {
            // An independent check before we claim it: every clause has a true literal.
            if let Some(clause) = cnf.clauses.first_falsified(model) {
                return Err(Failure {
                    message: format!("internal error: model falsifies {clause}"),
                    code: 1,
                });
            }
            let _ = write!(
                out,
                "s SATISFIABLE\n{}",
                dimacs::model_lines(&cnf.variables, model)
            );
            10
        }
        Outcome::Unsatisfiable => {
            let _ = writeln!(out, "s UNSATISFIABLE");
            20
        }
        Outcome::GaveUp(_) => {
            let _ = write!(out, "c {}\ns UNKNOWN\n", report.outcome);
            0
        }
    };
    Ok(code)
}
