//! `count`: one library call for the lectures' methods ([`queens::count_by`]); for the bitboard
//! search and the halves, a count kept in files ([`queens::count_kept`]: checkpoints, resume,
//! parts), or the parts' result files added up ([`queens::merge_files`]).

use std::path::Path;

use nqueens::queens::{self, CountFiles, CountMethod, CountOptions, KeptCount, Part, QueensError};

use nqueens::{Budget, Failure};

use crate::args::CountArgs;
use crate::output::{Output, with_progress};

/// `started`: when the command began, from which its time limit counts.
pub fn count(
    out: &mut Output,
    args: &CountArgs,
    started: std::time::Instant,
) -> Result<u8, Failure> {
    let method = args.method();
    if args.fundamental && method != CountMethod::Bitboard {
        return Err(Failure::input(
            "--fundamental needs --method bitboard (the default with it)",
        ));
    }
    let part = match (args.parts, args.part) {
        (Some(k), Some(i)) => Some(
            Part::new(usize::try_from(i).unwrap_or(usize::MAX), k)
                .map_err(|e| Failure::input(format!("--part {i}: {e}")))?,
        ),
        _ => None,
    };
    if args.files {
        let files = CountFiles::new(&args.dir, args.n, part);
        out.line(format!("checkpoint {}", files.checkpoint.display()));
        return Ok(files
            .result
            .map_or(0, |r| out.line(format!("result {}", r.display()))));
    }
    if !args.merge.is_empty() {
        let (tally, method) = queens::merge_files(args.n, &args.merge)?;
        if args.fundamental && method != CountMethod::Bitboard {
            return Err(Failure::input(
                "--fundamental needs parts counted by --method bitboard",
            ));
        }
        return Ok(out.line(tally.answer(args.fundamental)));
    }
    let options = CountOptions {
        threads: args.threads,
        budget: Budget {
            time_limit: args.time_limit,
            max_nodes: Some(args.max_nodes),
            ..Budget::default()
        },
        ..CountOptions::default()
    };
    let pieces = matches!(method, CountMethod::Bitboard | CountMethod::Halves);
    if !pieces && args.parts.is_none() && !args.resume {
        let tally =
            queens::count_by(args.n, method, &options).map_err(|error| match (method, &error) {
                (CountMethod::Sat(_), QueensError::OutOfRange { .. }) => {
                    Failure::input(format!("{error}; try --method backtracking"))
                }
                (_, QueensError::GaveUp { .. }) => {
                    Failure::output(format!("{error} (raise --time-limit)"))
                }
                _ => Failure::from(error),
            })?;
        if let Some(limit) = tally.gave_up {
            return Err(Failure::output(format!(
                "gave up after {limit} with {} solutions found (raise --max-nodes)",
                tally.all
            )));
        }
        return Ok(out.line(tally.answer(args.fundamental)));
    }
    let notice = |text: &str| eprintln!("nqueens: {}", nqueens::failure::printable(text));
    let request = KeptCount {
        n: args.n,
        method,
        part,
        dir: &args.dir,
        resume: args.resume,
        checkpoint_every: args.checkpoint_every,
        resume_command: &resume_command(args, method),
        notice: &notice,
        started,
    };
    let kept = with_progress(args.n, args.quiet, |progress| {
        let options = CountOptions {
            progress: Some(progress),
            ..options
        };
        queens::count_kept(&request, &options)
    })?;
    let code = out.line(kept.tally.answer(args.fundamental));
    // A count that could not be stored is still printed, then reported.
    kept.unstored.map_or(Ok(code), Err)
}

/// The command that goes on with this count: the same n, method, part and directory.
fn resume_command(args: &CountArgs, method: CountMethod) -> String {
    let mut words = vec!["nqueens count".to_owned(), args.n.to_string()];
    if args.method.is_some() {
        words.push(format!("--method {}", method.flag()));
    }
    if args.fundamental {
        words.push("--fundamental".to_owned());
    }
    if let (Some(k), Some(i)) = (args.parts, args.part) {
        words.push(format!("--parts {k} --part {i}"));
    }
    if args.dir != Path::new(".") {
        words.push(format!("--dir {}", args.dir.display()));
    }
    words.push("--resume".to_owned());
    words.join(" ")
}
