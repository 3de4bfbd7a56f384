//! `count`: one library call for the lectures' methods; for the bitboard search and the halves,
//! a ledger of pieces that survives the process. The ledger is written to a checkpoint file now
//! and then (atomically: a new file renamed over the old), kept when the time limit stops the
//! count, taken up again by `--resume`, and removed when the count is done. A part of a split
//! count (`--parts K --part I`) leaves its finished ledger as its result file; `--merge` adds
//! the result files of every part.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use nqueens::queens::{
    self, CountMethod, CountOptions, Ledger, Part, QueensError, Spent, Tally, count_ledger,
};

use crate::args::CountArgs;
use crate::output::{Failure, Output, with_progress};

pub fn count(out: &mut Output, args: &CountArgs) -> Result<u8, Failure> {
    if !args.merge.is_empty() {
        return merge(out, args);
    }
    let method = args.method();
    if args.fundamental && method != CountMethod::Bitboard {
        return Err(Failure::input(
            "--fundamental needs --method bitboard (the default with it)",
        ));
    }
    let (tally, unstored) = match method {
        CountMethod::Bitboard | CountMethod::Halves => by_pieces(args, method)?,
        _ if args.parts.is_some() || args.resume => {
            return Err(Failure::input(
                "--parts and --resume are for the bitboard and halves counts, which are cut \
                 into pieces",
            ));
        }
        _ => (by_search(args, method)?, None),
    };
    if tally.gave_up {
        return Err(Failure::output(format!(
            "gave up after {} search nodes with {} solutions found (raise --max-nodes)",
            args.max_nodes, tally.all
        )));
    }
    let code = out.line(answer(&tally, args.fundamental));
    // A count that could not be stored is still printed, then reported.
    unstored.map_or(Ok(code), Err)
}

/// The number asked for: every solution, or the classes.
fn answer(tally: &Tally, fundamental: bool) -> u64 {
    if fundamental {
        tally.fundamental.unwrap_or(tally.all)
    } else {
        tally.all
    }
}

/// The lectures' searches and the SAT count: one call, no pieces.
fn by_search(args: &CountArgs, method: CountMethod) -> Result<Tally, Failure> {
    let options = CountOptions {
        threads: args.threads,
        time_limit: args.time_limit,
        ..CountOptions::default()
    };
    queens::count_by(args.n, method, &options).map_err(|error| match (method, &error) {
        (CountMethod::Sat(_), QueensError::OutOfRange { .. }) => {
            Failure::input(format!("{error}; try --method backtracking"))
        }
        (_, QueensError::GaveUp { .. }) => Failure::output(format!("{error} (raise --time-limit)")),
        _ => Failure::from(error),
    })
}

/// The files of one count (or part of one) in `--dir`.
struct Files {
    checkpoint: PathBuf,
    /// A part's result; `None` for a whole count.
    result: Option<PathBuf>,
}

impl Files {
    /// The files of `part`, or of the whole count when `part` is `None` (a count split into
    /// one part is a part: it has a result file).
    fn new(dir: &Path, n: usize, part: Option<Part>) -> Self {
        let stem = match part {
            None => format!("nqueens-count-{n}"),
            Some(part) => format!(
                "nqueens-count-{n}-part-{}-of-{}",
                part.index(),
                part.parts()
            ),
        };
        Files {
            checkpoint: dir.join(format!("{stem}.checkpoint")),
            result: part.map(|_| dir.join(format!("{stem}.count"))),
        }
    }
}

/// Reads a ledger file, naming the file in any error.
fn read_ledger(path: &Path) -> Result<Ledger, Failure> {
    use std::io::Read as _;
    let failed = |e: &dyn std::fmt::Display| Failure::input(format!("{}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(|e| failed(&e))?;
    // A result or checkpoint is small (a line a piece); anything longer is not one, and reading
    // it whole (`--merge /dev/zero`) would take the machine's memory.
    let mut bytes = Vec::new();
    file.take(MAX_LEDGER_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| failed(&e))?;
    if bytes.len() as u64 > MAX_LEDGER_BYTES {
        return Err(failed(&format!(
            "longer than {} MiB, so not a count's result or checkpoint",
            MAX_LEDGER_BYTES >> 20
        )));
    }
    let text = String::from_utf8(bytes).map_err(|_| failed(&"not text, so not a count's file"))?;
    Ledger::from_text(&text).map_err(|e| failed(&e))
}

/// The most of a result or checkpoint file that is read.
const MAX_LEDGER_BYTES: u64 = 64 << 20;

/// Writes a ledger file whole or not at all: a new file beside it, renamed over it.
fn write_ledger(path: &Path, ledger: &Ledger) -> std::io::Result<()> {
    let mut fresh = path.as_os_str().to_owned();
    fresh.push(".new");
    let fresh = PathBuf::from(fresh);
    std::fs::write(&fresh, ledger.to_text())?;
    std::fs::rename(&fresh, path)
}

/// The name of a method as `--method` takes it.
fn method_flag(method: CountMethod) -> &'static str {
    if method == CountMethod::Halves {
        "halves"
    } else {
        "bitboard"
    }
}

/// The bitboard search or the halves, through a ledger: a part's result file already written is
/// the answer; otherwise a fresh ledger (or, with `--resume`, the checkpoint's) is counted, the
/// checkpoint written every `--checkpoint-every` seconds and kept if the time limit stops it.
///
/// The tally comes with a failure to report after it is printed, when its result file could not
/// be written.
fn by_pieces(args: &CountArgs, method: CountMethod) -> Result<(Tally, Option<Failure>), Failure> {
    let n = args.n;
    let split = match (args.parts, args.part) {
        (Some(k), Some(i)) => Some(
            Part::new(usize::try_from(i).unwrap_or(usize::MAX), k)
                .map_err(|e| Failure::input(format!("--part {i}: {e}")))?,
        ),
        _ => None,
    };
    let part = split.unwrap_or(Part::WHOLE);
    let files = Files::new(&args.dir, n, split);
    if let Some(tally) = already_counted(&files, n, method, part)? {
        return Ok((tally, None));
    }
    writable(&args.dir)?;
    let mut ledger = open_ledger(args, &files, method, part)?;
    let start = Instant::now();
    // When the checkpoint was last written (or the count began), whether it ever was, and
    // whether a failed write was reported (once is enough).
    let saved = Mutex::new((start, false, false));
    let checkpoint = |ledger: &Ledger| {
        let mut saved = saved
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if saved.0.elapsed() < args.checkpoint_every {
            return;
        }
        match write_ledger(&files.checkpoint, ledger) {
            Ok(()) if !saved.1 => eprintln!(
                "nqueens: checkpoint in {} (if the count is stopped, --resume goes on from it)",
                files.checkpoint.display()
            ),
            Ok(()) => {}
            Err(_) if saved.2 => {}
            Err(e) => {
                eprintln!(
                    "nqueens: cannot write the checkpoint {}: {e} (said once; the count goes on)",
                    files.checkpoint.display()
                );
                saved.2 = true;
            }
        }
        saved.0 = Instant::now();
        saved.1 = true;
    };
    let counted = with_progress(n, |progress| {
        let options = CountOptions {
            threads: args.threads,
            progress: Some(progress),
            time_limit: args.time_limit,
            checkpoint: Some(&checkpoint),
        };
        count_ledger(&mut ledger, &options)
    });
    match counted {
        Ok(()) => {
            if let Some(result) = &files.result {
                if let Err(e) = write_ledger(result, &ledger) {
                    let failure = Failure::output(format!(
                        "{}: {e}: the count above is right but not stored; --merge will \
                         not find this part",
                        result.display()
                    ));
                    return Ok((ledger.tally(), Some(failure)));
                }
                eprintln!(
                    "nqueens: {n} queens, {part}: counted in {}",
                    result.display()
                );
            }
            // The count is whole (or its result written): the checkpoint has served.
            let _ = std::fs::remove_file(&files.checkpoint);
            Ok((ledger.tally(), None))
        }
        Err(QueensError::GaveUp {
            after: Spent::Time(limit),
            ..
        }) => {
            let (pieces, done) = ledger.pieces();
            if let Err(e) = write_ledger(&files.checkpoint, &ledger) {
                return Err(Failure::output(format!(
                    "counting {n} queens stopped at the time limit ({:.3} s, after {:.3} s) with \
                     {done} of {pieces} pieces counted ({} solutions so far), which could not be \
                     kept: {}: {e}",
                    limit.as_secs_f64(),
                    start.elapsed().as_secs_f64(),
                    ledger.tally().all,
                    files.checkpoint.display()
                )));
            }
            Err(Failure::output(format!(
                "counting {n} queens stopped at the time limit ({:.3} s, after {:.3} s) with \
                 {done} of {pieces} pieces counted, kept in {}; `{}` goes on from there",
                limit.as_secs_f64(),
                start.elapsed().as_secs_f64(),
                files.checkpoint.display(),
                resume_command(args)
            )))
        }
        Err(error) => Err(Failure::from(error)),
    }
}

/// Fails, before any counting, when `dir` cannot be made or written: a count whose checkpoint
/// and result would have nowhere to go.
fn writable(dir: &Path) -> Result<(), Failure> {
    let failed = |e: std::io::Error| {
        Failure::output(format!(
            "--dir {}: {e}: the count could not keep its checkpoint or result there",
            dir.display()
        ))
    };
    std::fs::create_dir_all(dir).map_err(failed)?;
    let probe = dir.join(format!(".nqueens-probe-{}", std::process::id()));
    std::fs::write(&probe, b"").map_err(failed)?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// A part's count read back from its result file, when it was counted before.
fn already_counted(
    files: &Files,
    n: usize,
    method: CountMethod,
    part: Part,
) -> Result<Option<Tally>, Failure> {
    let Some(result) = files.result.as_deref().filter(|path| path.exists()) else {
        return Ok(None);
    };
    let ledger = read_ledger(result)?;
    check_same(&ledger, n, method, part, result)?;
    if !ledger.is_complete() {
        return Ok(None);
    }
    eprintln!(
        "nqueens: {n} queens, {part}: already counted in {}",
        result.display()
    );
    Ok(Some(ledger.tally()))
}

/// The ledger to count into: the checkpoint's with `--resume`, otherwise a fresh one (and a
/// checkpoint left by a stopped count is not overwritten without `--resume`).
fn open_ledger(
    args: &CountArgs,
    files: &Files,
    method: CountMethod,
    part: Part,
) -> Result<Ledger, Failure> {
    let n = args.n;
    if args.resume {
        if !files.checkpoint.exists() {
            return Err(Failure::input(format!(
                "--resume: no checkpoint {} to go on from",
                files.checkpoint.display()
            )));
        }
        let ledger = read_ledger(&files.checkpoint)?;
        check_same(&ledger, n, method, part, &files.checkpoint)?;
        return Ok(ledger);
    }
    if files.checkpoint.exists() {
        return Err(Failure::input(format!(
            "{} holds a count of this board that was stopped: --resume goes on from it \
             (delete it to start again)",
            files.checkpoint.display()
        )));
    }
    Ledger::new(n, method, part).map_err(Failure::input)
}

/// The command that goes on with this count: the same n, method, part and directory.
fn resume_command(args: &CountArgs) -> String {
    let mut words = vec!["nqueens count".to_owned(), args.n.to_string()];
    if args.method.is_some() {
        words.push(format!("--method {}", method_flag(args.method())));
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

/// Refuses a ledger file of another count than the one asked for.
fn check_same(
    ledger: &Ledger,
    n: usize,
    method: CountMethod,
    part: Part,
    path: &Path,
) -> Result<(), Failure> {
    if (ledger.n(), ledger.method(), ledger.part()) == (n, method, part) {
        return Ok(());
    }
    Err(Failure::input(format!(
        "{} is {} of the count of {} queens by --method {}, not {part} of {n} queens by \
         --method {}",
        path.display(),
        ledger.part(),
        ledger.n(),
        method_flag(ledger.method()),
        method_flag(method)
    )))
}

/// `--merge`: the parts' result files added up.
fn merge(out: &mut Output, args: &CountArgs) -> Result<u8, Failure> {
    let mut ledgers: Vec<Ledger> = Vec::new();
    for (i, path) in args.merge.iter().enumerate() {
        let ledger = read_ledger(path)?;
        if let Some(j) = ledgers
            .iter()
            .position(|other| other.part() == ledger.part())
        {
            return Err(Failure::input(format!(
                "{} and {} are both {}",
                args.merge[j].display(),
                path.display(),
                ledger.part()
            )));
        }
        debug_assert_eq!(i, ledgers.len());
        if ledger.n() != args.n {
            return Err(Failure::input(format!(
                "{} is a part of the count of {} queens, not {}",
                path.display(),
                ledger.n(),
                args.n
            )));
        }
        ledgers.push(ledger);
    }
    if args.fundamental && ledgers[0].method() != CountMethod::Bitboard {
        return Err(Failure::input(
            "--fundamental needs parts counted by --method bitboard",
        ));
    }
    let tally = queens::merge(&ledgers).map_err(Failure::input)?;
    Ok(out.line(answer(&tally, args.fundamental)))
}
