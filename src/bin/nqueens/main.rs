//! `nqueens`: solve or count n queens (Davis–Putnam, CDCL, the CSP solvers, backtracking), write
//! the clauses as DIMACS, or solve any DIMACS file.
//!
//! Each command is parse → one library call → print: `solve` goes through [`queens::place`],
//! `count` through [`queens::count_by`] or a ledger of pieces (`count`), `sat` through [`dp::solve_with`] or
//! [`cdcl::solve_cnf`]. `args` holds the arguments, `output` the printing.
//!
//! Exit codes: 0 success; 1 no solution (n = 2, 3), the solver gave up, or the output could not
//! be written; 2 bad input; `sat` answers 10 (satisfiable), 20 (unsatisfiable) or 0 (unknown:
//! the budget ran out) as SAT solvers do.

mod args;
mod count;
mod output;

use std::io::{Read, Write};
use std::process::ExitCode;

use args::{Cli, Command, PictureArgs, SatArgs, SolveArgs, SolverArg};
use clap::Parser;
use nqueens::cdcl::{self, CdclOptions, CnfOutcome, drat};
use nqueens::dp::{self, Budget, Options};
use nqueens::encode::Amo;
use nqueens::logic::dimacs;
use nqueens::queens::{self, Placement, QueensError, Spent};
use nqueens::render;
use nqueens::sat::{Limit, Outcome};
use nqueens::{Board, csp};
use output::{Answer, Failure, Output, ProofFile, stats_lines};
use std::time::Instant;

fn main() -> ExitCode {
    let mut out = match Output::open() {
        Ok(out) => out,
        Err(failure) => {
            eprintln!("nqueens: {}", failure.message);
            return ExitCode::from(failure.code);
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
            eprintln!("nqueens: {}", argument_error(&error.render().to_string()));
            return ExitCode::from(2);
        }
    };
    let result =
        match cli.command {
            Command::Solve(args) => solve(&mut out, &args),
            Command::Csp { n } => csp::create_csp(n)
                .map_err(Failure::input)
                .map(|problem| out.line(problem)),
            Command::Count(args) => count::count(&mut out, &args),
            Command::Cnf {
                n,
                encoding,
                amo: Amo::Pairwise,
            } => encoding
                .clauses(n)
                .map_err(Failure::input)
                .map(|clauses| out.text(&dimacs::write(&clauses))),
            Command::Cnf { n, encoding, amo } => encoding
                .numbered(n, amo)
                .map_err(Failure::input)
                .map(|cnf| {
                    let mut text = Vec::new();
                    // Writing to memory cannot fail.
                    let _ = cnf.write_dimacs(&mut text);
                    out.text(&String::from_utf8_lossy(&text))
                }),
            Command::Sat(args) => sat(&mut out, &args),
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
    check_picture(&args.picture, args.n)?;
    let start = std::time::Instant::now();
    let placed = queens::place(args.n, &args.method(), &args.limits()).map_err(|error| {
        let hint = match &error {
            QueensError::GaveUp { after, .. } => raise(*after),
            _ => return Failure::from(error),
        };
        // A time limit is what was asked; the time used says how closely it held.
        if let QueensError::GaveUp {
            after: Spent::Time(_),
            ..
        } = error
        {
            let used = start.elapsed().as_secs_f64();
            return Failure::output(format!("{error} ({used:.3} s in all; raise {hint})"));
        }
        Failure::output(format!("{error} (raise {hint})"))
    })?;
    draw_picture(&args.picture, &placed)?;
    let n = placed.n();
    if args.columns {
        // Written a few thousand columns at a time: the whole line for 60 million queens would
        // be half a gigabyte of text on top of the board.
        for (i, chunk) in placed.columns().chunks(4096).enumerate() {
            let mut text = String::with_capacity(chunk.len() * 9);
            for (j, column) in chunk.iter().enumerate() {
                if i + j > 0 {
                    text.push(' ');
                }
                text.push_str(&column.to_string());
            }
            out.text(&text);
        }
        out.text("\n");
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

/// Checks what can be checked before solving: a picture of the whole board needs a board small
/// enough to draw square by square, and a square on it.
fn check_picture(picture: &PictureArgs, n: usize) -> Result<(), Failure> {
    if picture.svg.is_none() {
        return Ok(());
    }
    let whole = picture.labels || picture.attacks.is_some();
    if whole && n > render::MAX_DRAWN {
        return Err(Failure::input(format!(
            "--labels and --attacks draw whole boards, up to {max}×{max}",
            max = render::MAX_DRAWN
        )));
    }
    match picture.attacks {
        Some(square) if !Board::new(n).contains(square) => Err(Failure::input(format!(
            "--attacks {},{} is off the {n}×{n} board",
            square.row, square.col
        ))),
        _ => Ok(()),
    }
}

/// Writes the picture asked for, if any.
fn draw_picture(picture: &PictureArgs, placed: &Placement) -> Result<(), Failure> {
    let Some(path) = &picture.svg else {
        return Ok(());
    };
    let n = placed.n();
    let svg = match picture.attacks {
        Some(square) => render::attacks(n, square, true).render(),
        None if picture.labels => {
            render::labelled(&placed.board().map_err(Failure::from)?).render()
        }
        None => render::picture(placed.columns()),
    };
    svg.save(path)
        .map_err(|e| Failure::output(format!("{}: {e}", path.display())))
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

/// About how many bytes each solver holds for each byte of DIMACS text, the text included
/// (measured on 120 queens' clauses, 29 MB of text: Davis–Putnam held 320 MB, CDCL 106 MB).
fn bytes_per_text_byte(solver: SolverArg) -> u64 {
    match solver {
        SolverArg::Dp => 12,
        SolverArg::Cdcl => 4,
    }
}

/// Refuses, before the work, a text whose solving needs more memory than the allocator would
/// give: the whole amount is asked for once and given back, so that a refusal is an error with
/// the figure, never an abort halfway (what a machine can hold is the cap, not a fixed size).
fn check_memory(name: &str, text_bytes: u64, solver: SolverArg) -> Result<(), Failure> {
    let bytes = text_bytes.saturating_mul(bytes_per_text_byte(solver));
    let mut probe: Vec<u8> = Vec::new();
    let wanted = usize::try_from(bytes).unwrap_or(usize::MAX);
    probe.try_reserve_exact(wanted).map_err(|_| {
        Failure::input(format!(
            "{name}: {} of DIMACS text needs about {} of memory to solve, more than this \
             process can have",
            in_bytes(text_bytes),
            in_bytes(bytes)
        ))
    })
}

/// A number of bytes for a reader: "1.4 GB", "29 MB", "512 bytes".
fn in_bytes(bytes: u64) -> String {
    match bytes {
        b if b >= 1_000_000_000 => format!(
            "{}.{} GB",
            b / 1_000_000_000,
            b % 1_000_000_000 / 100_000_000
        ),
        b if b >= 1_000_000 => format!("{} MB", b / 1_000_000),
        b => format!("{b} bytes"),
    }
}

/// How messages name the input: the file's name, or "standard input" for `-`.
fn shown_name(file: &str) -> &str {
    if file == "-" { "standard input" } else { file }
}

/// [`read_all`], held to the deadline even while a read waits: a pipe whose writer is slow
/// (`sleep 8 | nqueens sat - --time-limit 2`), or a FIFO with no writer, blocks in the operating
/// system, where no clock is read. So with a deadline the reading runs on a thread of its own,
/// and when the deadline passes first the answer is "out of time" (`None`); the thread, still
/// waiting, ends with the process.
fn read_input(file: &str, deadline: nqueens::Deadline) -> Result<Option<String>, Failure> {
    let Some(left) = deadline.remaining() else {
        return read_all(file, deadline);
    };
    let (send, receive) = std::sync::mpsc::channel();
    let owned = file.to_owned();
    std::thread::spawn(move || {
        let _ = send.send(read_all(&owned, deadline));
    });
    match receive.recv_timeout(left) {
        Ok(read) => read,
        Err(_) => Ok(None),
    }
}

/// Reads the file named, or standard input for `-`, a megabyte at a time: binary data (a NUL
/// byte, or bytes that are not UTF-8) is refused as soon as it is seen, more text than the
/// allocator gives is refused with the size read, and `None` means the deadline passed first.
fn read_all(file: &str, deadline: nqueens::Deadline) -> Result<Option<String>, Failure> {
    let name = shown_name(file);
    let fail = |what: String| Failure::input(format!("{name}: {what}"));
    let mut reader: Box<dyn Read> = if file == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(file).map_err(|e| fail(e.to_string()))?)
    };
    let mut bytes: Vec<u8> = Vec::new();
    let mut chunk = vec![0_u8; 1 << 20];
    // Bytes known to be whole UTF-8 characters.
    let mut valid = 0;
    loop {
        let got = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(got) => got,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(fail(e.to_string())),
        };
        if let Some(at) = chunk[..got].iter().position(|&b| b == 0) {
            return Err(fail(format!(
                "binary data (a NUL byte at byte {}), not a DIMACS text",
                bytes.len() + at + 1
            )));
        }
        if bytes.try_reserve(got).is_err() {
            return Err(fail(format!(
                "more text than this process can hold ({} read)",
                in_bytes(bytes.len() as u64)
            )));
        }
        bytes.extend_from_slice(&chunk[..got]);
        match std::str::from_utf8(&bytes[valid..]) {
            Ok(_) => valid = bytes.len(),
            // A character cut at the end of the chunk is completed by the next one.
            Err(e) if e.error_len().is_none() => valid += e.valid_up_to(),
            Err(e) => {
                return Err(fail(format!(
                    "binary data (not UTF-8 at byte {}), not a DIMACS text",
                    valid + e.valid_up_to() + 1
                )));
            }
        }
        if deadline.expired() {
            return Ok(None);
        }
    }
    String::from_utf8(bytes).map(Some).map_err(|e| {
        fail(format!(
            "ends inside a UTF-8 character at byte {}",
            e.utf8_error().valid_up_to() + 1
        ))
    })
}

/// The answer when the time limit ran out before the search began (reading the file).
fn out_of_time(budget: &Budget) -> Answer {
    Answer::Unknown(Outcome::GaveUp(Limit::Time(budget.time_limit.unwrap_or_default())).to_string())
}

/// What is left of the time limit at this point, for the solver.
fn remaining(budget: Budget, start: Instant) -> Budget {
    Budget {
        time_limit: budget
            .time_limit
            .map(|limit| limit.saturating_sub(start.elapsed())),
        ..budget
    }
}

fn sat(out: &mut Output, args: &SatArgs) -> Result<u8, Failure> {
    let start = Instant::now();
    if args.proof.is_some() && args.solver != SolverArg::Cdcl {
        return Err(Failure::input(
            "--proof needs --solver cdcl (Davis–Putnam keeps no proof)",
        ));
    }
    let proof = args
        .proof
        .as_deref()
        .map(|path| ProofFile::create(path, &args.file))
        .transpose()?;
    let budget = Budget {
        max_splits: args.budget.max_splits,
        time_limit: args.budget.time_limit,
    };
    let deadline = nqueens::Deadline::after(start, budget.time_limit);
    // A file's size is known before it is read; standard input's (or a pipe's) once it has been.
    let sized = std::fs::metadata(&args.file)
        .ok()
        .filter(|meta| meta.is_file() && args.file != "-");
    if let Some(meta) = &sized {
        check_memory(shown_name(&args.file), meta.len(), args.solver)?;
    }
    let Some(text) = read_input(&args.file, deadline)? else {
        return Ok(out_of_time(&budget).write(out));
    };
    if sized.is_none() {
        check_memory(shown_name(&args.file), text.len() as u64, args.solver)?;
    }
    if args.solver == SolverArg::Cdcl {
        return sat_cdcl(out, args, text, budget, (start, deadline), proof);
    }
    let file = shown_name(&args.file);
    let Some(cnf) =
        dimacs::read_until(&text, deadline).map_err(|e| Failure::input(format!("{file}: {e}")))?
    else {
        return Ok(out_of_time(&budget).write(out));
    };
    drop(text);
    let options = Options {
        heuristic: args.heuristic,
        budget: remaining(budget, start),
        trace: false,
    };
    let report = dp::solve_with(&cnf.clauses, &options);
    if args.stats {
        let lines = stats_lines(
            cnf.declared,
            cnf.clauses.len(),
            &report.stats,
            report.elapsed,
        );
        out.text(&lines);
    }
    let answer = match &report.outcome {
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
        Outcome::GaveUp(Limit::Time(_)) => out_of_time(&budget),
        Outcome::GaveUp(_) => Answer::Unknown(report.outcome.to_string()),
    };
    Ok(answer.write(out))
}

/// `sat --solver cdcl`: the file read as numbers (no names: millions of clauses read in
/// seconds), renumbered densely for the solver, and the model and proof written back in the
/// file's numbers.
fn sat_cdcl(
    out: &mut Output,
    args: &SatArgs,
    text: String,
    budget: Budget,
    (start, deadline): (Instant, nqueens::Deadline),
    proof: Option<ProofFile>,
) -> Result<u8, Failure> {
    let file = shown_name(&args.file);
    let Some(numbers) = dimacs::read_numbers_until(&text, deadline)
        .map_err(|e| Failure::input(format!("{file}: {e}")))?
    else {
        return Ok(out_of_time(&budget).write(out));
    };
    // The text is let go as soon as it is read: a thousand queens' clauses are 170 MB of it.
    drop(text);
    let (declared, clause_count) = (numbers.declared, numbers.clauses.len());
    let dense = numbers.dense();
    let options = CdclOptions {
        budget: remaining(budget, start),
        proof: args.proof.is_some(),
        decide: args.decide,
    };
    let report = cdcl::solve_cnf(&dense.clauses, &options);
    if args.stats {
        out.text(&stats_lines(
            declared,
            clause_count,
            &report.stats,
            report.elapsed,
        ));
    }
    let answer = match &report.outcome {
        CnfOutcome::Satisfiable(values) => {
            // An independent check before we claim it.
            if let Some(i) = dense.clauses.first_falsified(values) {
                return Err(Failure::output(format!(
                    "internal error: model falsifies clause {} of the file",
                    i + 1
                )));
            }
            Answer::Satisfiable(dense.value_lines(values))
        }
        CnfOutcome::Unsatisfiable => Answer::Unsatisfiable,
        CnfOutcome::GaveUp(Limit::Time(_)) => out_of_time(&budget),
        CnfOutcome::GaveUp(limit) => Answer::Unknown(Outcome::GaveUp(*limit).to_string()),
    };
    if let Some(file) = proof {
        let mut text = Vec::new();
        if matches!(report.outcome, CnfOutcome::Unsatisfiable) {
            // Writing to memory cannot fail.
            let _ = drat::write(&report.proof, |l| dense.file_literal(l), &mut text);
        }
        file.place(&text)?;
    }
    Ok(answer.write(out))
}

#[cfg(test)]
mod tests {
    use super::in_bytes;

    #[test]
    fn sizes_read_as_bytes_megabytes_or_gigabytes() {
        assert_eq!(in_bytes(512), "512 bytes");
        assert_eq!(in_bytes(29_193_544), "29 MB");
        assert_eq!(in_bytes(1_400_000_000), "1.4 GB");
        assert_eq!(in_bytes(16_800_000_000), "16.8 GB");
    }
}
