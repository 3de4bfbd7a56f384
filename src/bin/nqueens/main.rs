//! `nqueens`: solve or count n queens (Davis–Putnam, CDCL, the CSP solvers, backtracking), write
//! the clauses as DIMACS, or solve any DIMACS file.
//!
//! Each command is parse → one library call → print: `solve` goes through [`queens::place`],
//! `count` through [`queens::count_by`] or a count kept in files (`count`), `sat` through
//! [`sat_file::solve_file`]. `args` holds the arguments, `output` the printing.
//!
//! Exit codes: 0 success; 1 no solution (n = 2, 3), the solver gave up, or the output could not
//! be written; 2 bad input; `sat` answers 10 (satisfiable), 20 (unsatisfiable) or 0 (unknown:
//! the budget ran out) as SAT solvers do.

mod args;
mod count;
mod output;

use std::io::Write;
use std::process::ExitCode;

use args::{Cli, Command, SatArgs, SolveArgs, SolverArg};
use clap::Parser;
use nqueens::failure::printable;
use nqueens::queens::{self, QueensError};
use nqueens::sat_file::{self, SatRequest, Solver};
use nqueens::{Failure, Limit};
use output::Output;

fn main() -> ExitCode {
    // The command's clock: a kept count's time limit counts from here.
    let started = std::time::Instant::now();
    let mut out = match Output::open() {
        Ok(out) => out,
        Err(failure) => {
            eprintln!("nqueens: {}", printable(&failure.to_string()));
            return ExitCode::from(failure.exit_code());
        }
    };
    // `nqueens help --help` asks for the help of `help`: the program's own.
    let mut words: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if words.len() == 3 && words[1] == "help" && (words[2] == "--help" || words[2] == "-h") {
        words.remove(1);
    }
    let cli = match Cli::try_parse_from(words) {
        Ok(cli) => cli,
        Err(error)
            if matches!(
                error.kind(),
                clap::error::ErrorKind::MissingSubcommand
                    | clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) =>
        {
            eprintln!(
                "nqueens: a command is missing: solve, count, csp, cnf or sat (`nqueens help` \
                 lists them, `nqueens help COMMAND` says more)"
            );
            return ExitCode::from(2);
        }
        Err(error) if !error.use_stderr() => {
            // --help and --version: a failed write (`> /dev/full`) is a failure.
            return match error.print().and_then(|()| std::io::stdout().flush()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("nqueens: cannot write the help: {e}");
                    ExitCode::from(1)
                }
            };
        }
        Err(error) => {
            eprintln!(
                "nqueens: {}",
                printable(&argument_error(&error.render().to_string()))
            );
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Solve(args) => solve(&mut out, &args),
        Command::Csp { n } => queens::create_csp(n)
            .map_err(Failure::input)
            .map(|problem| out.line(problem)),
        Command::Count(args) => count::count(&mut out, &args, started),
        Command::Cnf { n, encoding, amo } => encoding
            .dimacs(n, amo)
            .map_err(Failure::input)
            .map(|text| out.text(&text)),
        Command::Sat(args) => sat(&mut out, &args),
    };
    // What was written must have reached its destination (`> /dev/full` is an error).
    let result = out.finish().and(result);
    match result {
        Ok(code) => ExitCode::from(code),
        Err(failure) => {
            // One line of plain text, whatever the input or a path held.
            eprintln!("nqueens: {}", printable(&failure.to_string()));
            ExitCode::from(failure.exit_code())
        }
    }
}

/// What clap says is wrong, on one line: its first line, and the lines under it that name the
/// arguments (a missing one, for instance); the usage lines after them are noise here.
fn argument_error(rendered: &str) -> String {
    let mut lines = rendered.lines();
    let first = lines.next().unwrap_or("error: bad arguments");
    let named: Vec<&str> = lines
        .take_while(|line| line.starts_with(char::is_whitespace) && !line.trim().is_empty())
        .map(str::trim)
        .collect();
    let first = first.trim_start_matches("error: ");
    if named.is_empty() {
        first.to_owned()
    } else {
        format!("{} {}", first, named.join(", "))
    }
}

fn solve(out: &mut Output, args: &SolveArgs) -> Result<u8, Failure> {
    let picture = args.picture.picture();
    picture.check(args.n)?;
    let start = std::time::Instant::now();
    let placed = queens::place(args.n, &args.method(), &args.budget()).map_err(|error| {
        let hint = match &error {
            QueensError::GaveUp { after, .. } => raise(*after),
            _ => return Failure::from(error),
        };
        // A time limit is what was asked; the time used says how closely it held.
        if let QueensError::GaveUp {
            after: Limit::Time(_),
            ..
        } = error
        {
            let used = start.elapsed().as_secs_f64();
            return Failure::output(format!("{error} ({used:.3} s in all; raise {hint})"));
        }
        Failure::output(format!("{error} (raise {hint})"))
    })?;
    if let Some(path) = &args.picture.svg {
        let svg = picture.draw(placed.columns());
        svg.save(path)
            .map_err(|e| Failure::output(format!("{}: {e}", path.display())))?;
    }
    let n = placed.n();
    if args.columns {
        // Millions of columns can take a slow reader longer than the whole time limit: the
        // limit holds for the writing too, checked between chunks.
        let deadline = args.budget().deadline(start);
        let mut written = 0_usize;
        for text in placed.columns_text() {
            if deadline.expired() {
                return Err(Failure::output(format!(
                    "the time limit ran out while the columns were written: {written} of {n} \
                     written, the output cut short ({:.3} s in all)",
                    start.elapsed().as_secs_f64()
                )));
            }
            written = (written + queens::COLUMNS_A_PIECE).min(n);
            out.text(&text);
        }
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
fn raise(spent: Limit) -> &'static str {
    match spent {
        Limit::Time(_) => "--time-limit",
        Limit::Splits(_) => "--max-splits",
        Limit::Nodes(_) | Limit::Squares(_) => "--max-nodes",
        Limit::Steps(_) => "--max-steps",
    }
}

/// `sat`: the file solved by the library, the statistics (if asked for) and the answer printed.
fn sat(out: &mut Output, args: &SatArgs) -> Result<u8, Failure> {
    if args.simplify && matches!(args.solver, SolverArg::Dp) {
        return Err(Failure::input(
            "--simplify needs --solver cdcl (Davis–Putnam is the lecture's, as it is)",
        ));
    }
    if args.seed.is_some() && matches!(args.solver, SolverArg::Dp) {
        return Err(Failure::input(
            "--seed needs --solver cdcl (Davis–Putnam makes no random choice)",
        ));
    }
    let solver = match args.solver {
        SolverArg::Dp => Solver::Dp(args.heuristic),
        SolverArg::Cdcl => Solver::Cdcl {
            decide: args.decide,
            simplify: args.simplify,
            seed: args.seed.unwrap_or(nqueens::cdcl::DEFAULT_SEED),
        },
    };
    let run = sat_file::solve_file(&SatRequest {
        file: &args.file,
        solver,
        budget: args.budget.budget(),
        proof: args.proof.as_deref().map(std::path::Path::new),
    })?;
    if let Some(stats) = run.stats.as_deref().filter(|_| args.stats) {
        out.text(stats);
    }
    out.text(&run.text());
    Ok(run.exit_code())
}
