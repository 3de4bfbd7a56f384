//! A long count kept in files, so that it survives its process: the ledger of pieces is written
//! to a checkpoint now and then (whole or not at all: a new file renamed over the old), kept when
//! the time limit stops the count, taken up again on resume, and removed when the count is done.
//! A part of a split count leaves its finished ledger as its result file, and [`merge_files`]
//! adds the result files of every part. [`CountFiles`] names the files; the command line prints
//! those names for the cluster scripts (`nqueens count --files`), which spell none themselves.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::ledger::{Ledger, Part};
use super::pieces::{count_ledger, merge};
use super::search::CountOptions;
use super::tally::{CountMethod, Tally};
use crate::budget::Limit;
use crate::failure::Failure;
use crate::queens::QueensError;

/// The files of one count, or of one part of a count, in a directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CountFiles {
    /// Where the ledger is kept while the count runs and after a time limit stops it.
    pub checkpoint: PathBuf,
    /// A part's finished ledger; `None` for a whole count, which only prints its answer.
    pub result: Option<PathBuf>,
}

impl CountFiles {
    /// The files of `part` of the count of n queens in `dir`, or of the whole count when `part`
    /// is `None` (a count split into one part is a part: it has a result file).
    pub fn new(dir: &Path, n: usize, part: Option<Part>) -> Self {
        let stem = match part {
            None => format!("nqueens-count-{n}"),
            Some(part) => format!(
                "nqueens-count-{n}-part-{}-of-{}",
                part.index(),
                part.parts()
            ),
        };
        CountFiles {
            checkpoint: dir.join(format!("{stem}.checkpoint")),
            result: part.map(|_| dir.join(format!("{stem}.count"))),
        }
    }
}

/// A count kept in files, as [`count_kept`] runs it.
pub struct KeptCount<'a> {
    /// The board size.
    pub n: usize,
    /// The bitboard search or the halves: the counts cut into pieces.
    pub method: CountMethod,
    /// The part to count, or `None` for the whole count.
    pub part: Option<Part>,
    /// Where the checkpoint and the result are written.
    pub dir: &'a Path,
    /// Go on from the checkpoint a stopped count left (none there is an error).
    pub resume: bool,
    /// How often the checkpoint is written (a count that finishes sooner writes none).
    pub checkpoint_every: Duration,
    /// The command that goes on from the checkpoint, named when the time limit stops the count.
    pub resume_command: &'a str,
    /// Notices for the person waiting: where the checkpoint is, a checkpoint that could not be
    /// written (once), the result file written or found.
    pub notice: &'a (dyn Fn(&str) + Sync),
    /// When the command began: the time limit counts from here (the folder made, the
    /// checkpoint read and the pieces planned count too), and a count stopped at it says how
    /// long the command took, its checkpoint written.
    pub started: Instant,
}

/// A count's answer from files: its tally, and, when a part's result file could not be written,
/// why (the count is right but not stored: report it after printing the count).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kept {
    /// The count.
    pub tally: Tally,
    /// The failure to store it, if any.
    pub unstored: Option<Failure>,
}

/// Counts through a ledger kept in files: a part whose result file is already there is read
/// back; otherwise a fresh ledger (or, on resume, the checkpoint's) is counted with `options`
/// (their `checkpoint` is replaced by the writing of the file), its checkpoint written every
/// `checkpoint_every` and kept when the time limit stops it.
///
/// # Errors
/// A method that is not cut into pieces, a file of another count, a missing checkpoint on
/// resume or one left without resume, a directory that cannot be written, the time limit
/// (with how far the count got and where it was kept).
pub fn count_kept(request: &KeptCount<'_>, options: &CountOptions<'_>) -> Result<Kept, Failure> {
    let KeptCount { n, method, dir, .. } = *request;
    if !matches!(method, CountMethod::Bitboard | CountMethod::Halves) {
        return Err(Failure::input(
            "--parts and --resume are for the bitboard and halves counts, which are cut into \
             pieces",
        ));
    }
    let part = request.part.unwrap_or(Part::WHOLE);
    let files = CountFiles::new(dir, n, request.part);
    if let Some(result) = files.result.as_deref().filter(|path| path.exists()) {
        let ledger = read_ledger(result)?;
        check_same(&ledger, n, method, part, result)?;
        if let Some(tally) = ledger.tally() {
            (request.notice)(&format!(
                "{n} queens, {part}: already counted in {}",
                result.display()
            ));
            return Ok(Kept {
                tally,
                unstored: None,
            });
        }
    }
    writable(dir)?;
    let mut ledger = open_ledger(request, &files.checkpoint, part)?;
    let start = Instant::now();
    // What is left of the command's time limit once the folder and the checkpoint are ready.
    let limit = options.budget.time_limit;
    let budget = options.budget.remaining(request.started);
    // When the checkpoint was last written (or the count began), whether it ever was, and
    // whether a failed write was reported (once is enough).
    let saved = Mutex::new((start, false, false));
    let checkpoint = |ledger: &Ledger| {
        let mut saved = saved
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if saved.0.elapsed() < request.checkpoint_every {
            return;
        }
        match write_ledger(&files.checkpoint, ledger) {
            Ok(()) if !saved.1 => (request.notice)(&format!(
                "checkpoint in {} (if the count is stopped, --resume goes on from it)",
                files.checkpoint.display()
            )),
            Ok(()) => {}
            Err(_) if saved.2 => {}
            Err(e) => {
                (request.notice)(&format!(
                    "cannot write the checkpoint {}: {e} (said once; the count goes on)",
                    files.checkpoint.display()
                ));
                saved.2 = true;
            }
        }
        saved.0 = Instant::now();
        saved.1 = true;
    };
    let options = CountOptions {
        checkpoint: Some(&checkpoint),
        budget,
        ..*options
    };
    match count_ledger(&mut ledger, &options) {
        Ok(()) => {
            let mut unstored = None;
            if let Some(result) = &files.result {
                if let Err(e) = write_ledger(result, &ledger) {
                    unstored = Some(Failure::output(format!(
                        "{}: {e}: the count above is right but not stored; --merge will not \
                         find this part",
                        result.display()
                    )));
                } else {
                    (request.notice)(&format!(
                        "{n} queens, {part}: counted in {}",
                        result.display()
                    ));
                }
            }
            if unstored.is_none() {
                // The count is whole (or its result written): the checkpoint has served.
                let _ = std::fs::remove_file(&files.checkpoint);
            }
            let tally = ledger.tally().ok_or_else(|| {
                Failure::output(format!(
                    "counting {n} queens ended with pieces left uncounted"
                ))
            })?;
            Ok(Kept { tally, unstored })
        }
        Err(QueensError::GaveUp {
            after: Limit::Time(_),
            ..
        }) => Err(stopped(
            request,
            &files.checkpoint,
            &ledger,
            limit.unwrap_or_default(),
        )),
        Err(error) => Err(Failure::from(error)),
    }
}

/// The failure of a count stopped at its time limit `limit` (the command's): how far it got,
/// where it was kept (or why it could not be), and how long the command took, measured once the
/// checkpoint is written.
fn stopped(
    request: &KeptCount<'_>,
    checkpoint: &Path,
    ledger: &Ledger,
    limit: Duration,
) -> Failure {
    let (pieces, done) = ledger.pieces();
    let kept = write_ledger(checkpoint, ledger);
    let stopped = format!(
        "counting {} queens stopped at the time limit ({:.3} s, after {:.3} s) with {done} of \
         {pieces} pieces counted",
        request.n,
        limit.as_secs_f64(),
        request.started.elapsed().as_secs_f64(),
    );
    Failure::output(match kept {
        Err(e) => format!(
            "{stopped} ({} solutions so far), which could not be kept: {}: {e}",
            ledger.solutions(),
            checkpoint.display()
        ),
        Ok(()) => format!(
            "{stopped}, kept in {}; `{}` goes on from there",
            checkpoint.display(),
            request.resume_command
        ),
    })
}

/// The result files of every part of the count of n queens, each exactly once, added up.
///
/// # Errors
/// A file that cannot be read or is not a count's result, a part given twice or missing, a part
/// of another board.
pub fn merge_files(n: usize, paths: &[PathBuf]) -> Result<(Tally, CountMethod), Failure> {
    let mut ledgers: Vec<Ledger> = Vec::new();
    for path in paths {
        let ledger = read_ledger(path)?;
        if let Some(j) = ledgers
            .iter()
            .position(|other| other.part() == ledger.part())
        {
            return Err(Failure::input(format!(
                "{} and {} are both {}",
                paths[j].display(),
                path.display(),
                ledger.part()
            )));
        }
        if ledger.n() != n {
            return Err(Failure::input(format!(
                "{} is a part of the count of {} queens, not {n}",
                path.display(),
                ledger.n(),
            )));
        }
        ledgers.push(ledger);
    }
    let tally = merge(&ledgers).map_err(Failure::input)?;
    Ok((tally, ledgers[0].method()))
}

/// The most of a result or checkpoint file that is read.
const MAX_LEDGER_BYTES: u64 = 64 << 20;

/// Reads a ledger file, naming the file in any error.
fn read_ledger(path: &Path) -> Result<Ledger, Failure> {
    use std::io::Read as _;
    let failed = |e: &dyn std::fmt::Display| Failure::input(format!("{}: {e}", path.display()));
    // Only a regular file: opening a FIFO waits for a writer, forever if none comes.
    let kind = std::fs::metadata(path).map_err(|e| failed(&e))?;
    if !kind.is_file() {
        return Err(failed(
            &"not a regular file (a part's result or checkpoint is a file that `count --part` \
              wrote)",
        ));
    }
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

/// Writes a ledger file whole or not at all: a new file beside it, renamed over it.
fn write_ledger(path: &Path, ledger: &Ledger) -> std::io::Result<()> {
    let mut fresh = path.as_os_str().to_owned();
    fresh.push(".new");
    let fresh = PathBuf::from(fresh);
    std::fs::write(&fresh, ledger.to_text())?;
    std::fs::rename(&fresh, path)
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

/// The ledger to count into: the checkpoint's on resume, otherwise a fresh one (and a
/// checkpoint left by a stopped count is not overwritten without resume).
fn open_ledger(request: &KeptCount<'_>, checkpoint: &Path, part: Part) -> Result<Ledger, Failure> {
    let (n, method) = (request.n, request.method);
    if request.resume {
        if !checkpoint.exists() {
            return Err(Failure::input(format!(
                "--resume: no checkpoint {} to go on from",
                checkpoint.display()
            )));
        }
        let ledger = read_ledger(checkpoint)?;
        check_same(&ledger, n, method, part, checkpoint)?;
        return Ok(ledger);
    }
    if checkpoint.exists() {
        return Err(Failure::input(format!(
            "{} holds a count of this board that was stopped: --resume goes on from it \
             (delete it to start again)",
            checkpoint.display()
        )));
    }
    Ledger::new(n, method, part).map_err(Failure::input)
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
        ledger.method().flag(),
        method.flag()
    )))
}
