//! A count cut into pieces: the sub-problems of the bitboard search or the sets of rows of the
//! halves, in a fixed order. The pieces make three things possible:
//!
//! * **parts**: [`Part`] deals the pieces out to K shares (for K machines, or K tasks of a
//!   cluster job), each counted on its own and added up afterwards ([`merge`]);
//! * **stopping and going on**: a [`Ledger`] records which pieces of a part are counted and what
//!   they found; it is written out as text ([`Ledger::to_text`]) and read back
//!   ([`Ledger::from_text`]), so that a count stopped by a crash, a reboot or its time limit goes
//!   on where it was ([`count_ledger`]) and gives the same answer;
//! * **a time limit**: the threads take no new piece once the deadline has passed, and a piece
//!   under way stops soon after (the searches read the clock near the top of the tree), so that
//!   only whole pieces are ever counted.
//!
//! A part's pieces are named by a checksum of every piece it covers ([`Ledger::covers`]): the
//! merge recomputes it, so that results of a different split (another version, another n) are
//! refused rather than added.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use super::ledger::{HEADER, Ledger, LedgerError, Part};
use super::plain::count_plain;
use super::plan::{Found, Plan, Worker};
use super::search::{CountOptions, Counts};
use super::size::check_size;
use super::tally::{CountMethod, Tally};
use crate::hash::{fnv, fnv_str};
use crate::queens::QueensError;

/// The plan of a board too small to cut (n < 4): one piece, the plain search.
struct Whole {
    n: usize,
}

impl Plan for Whole {
    fn len(&self) -> usize {
        1
    }

    fn key(&self, _: usize) -> u64 {
        self.n as u64
    }

    fn worker(&self) -> Worker<'_> {
        Box::new(|_, _| {
            let all = count_plain(self.n).unwrap_or(0);
            Some(Found {
                solutions: all,
                classes: all,
            })
        })
    }
}

/// The pieces of a method's count of n queens: the bitboard search's or the halves'.
fn plan(n: usize, method: CountMethod) -> Result<Box<dyn Plan>, QueensError> {
    if n == 0 {
        return Err(QueensError::Empty);
    }
    match method {
        _ if n < 4 => {
            check_size(n)?;
            Ok(Box::new(Whole { n }))
        }
        CountMethod::Halves => Ok(Box::new(super::halves::plan(n)?)),
        _ => Ok(Box::new(super::search::plan(n)?)),
    }
}

/// Whether a method's count is cut into pieces.
fn has_pieces(method: CountMethod) -> bool {
    matches!(method, CountMethod::Bitboard | CountMethod::Halves)
}

/// The pieces of `part` among the plan's, in order.
fn members(plan: &dyn Plan, part: Part) -> Vec<usize> {
    (0..plan.len()).filter(|&p| part.takes(p)).collect()
}

/// The checksum of a part's pieces: the method, n, the part, and each piece's number and key.
fn covers(plan: &dyn Plan, n: usize, method: CountMethod, part: Part, members: &[usize]) -> u64 {
    let mut hash = fnv(fnv_str(method.flag()), n as u64);
    hash = fnv(fnv(hash, part.parts as u64), part.index as u64);
    for &piece in members {
        hash = fnv(fnv(hash, piece as u64), plan.key(piece));
    }
    hash
}

impl Ledger {
    /// A fresh ledger for `part` of the count of n queens by `method` (the bitboard search or
    /// the halves): nothing counted yet.
    ///
    /// # Errors
    /// For a method that does not cut its count into pieces, a board the method does not take,
    /// or more parts than the count has pieces.
    pub fn new(n: usize, method: CountMethod, part: Part) -> Result<Ledger, LedgerError> {
        if !has_pieces(method) {
            return Err(LedgerError(format!(
                "only the bitboard and halves counts are cut into pieces, not {}",
                method.flag()
            )));
        }
        let plan = plan(n, method)?;
        if part.parts > plan.len() {
            return Err(LedgerError(format!(
                "the {} count of {n} queens has {} pieces, so at most {} parts; not {}",
                method.flag(),
                plan.len(),
                plan.len(),
                part.parts
            )));
        }
        Ok(Ledger::fresh(&*plan, n, method, part))
    }

    /// Nothing counted yet of `part` of the plan's pieces.
    fn fresh(plan: &dyn Plan, n: usize, method: CountMethod, part: Part) -> Ledger {
        let members = members(plan, part);
        Ledger {
            n,
            method,
            part,
            total: plan.len(),
            covers: covers(plan, n, method, part, &members),
            done: vec![false; members.len()],
            solutions: 0,
            classes: 0,
            seconds: 0.0,
        }
    }

    /// Reads a ledger written by [`to_text`](Self::to_text), and checks that it belongs to this
    /// version's split: the pieces it says it covers are recomputed.
    ///
    /// # Errors
    /// A text that is not a ledger, is damaged (its check fails), or covers other pieces.
    pub fn from_text(text: &str) -> Result<Ledger, LedgerError> {
        fn fail<T>(what: &str) -> Result<T, LedgerError> {
            Err(LedgerError(format!("not a count ledger: {what}")))
        }
        let Some(at) = text.rfind("check ") else {
            return fail("no check line");
        };
        let (body, check) = text.split_at(at);
        if !body.starts_with(HEADER) {
            return fail("the first line is not the ledger's");
        }
        let check = check.trim_start_matches("check ").trim();
        if u64::from_str_radix(check, 16).ok() != Some(fnv_str(body)) {
            return Err(LedgerError(
                "the ledger is damaged or was edited (its check line does not match)".to_owned(),
            ));
        }
        let field = |name: &str| -> Result<&str, LedgerError> {
            body.lines()
                .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
                .ok_or_else(|| LedgerError(format!("not a count ledger: no {name} line")))
        };
        let number = |name: &str, text: &str| -> Result<u64, LedgerError> {
            text.trim()
                .parse()
                .map_err(|_| LedgerError(format!("not a count ledger: a bad {name}: {text}")))
        };
        let n = usize::try_from(number("n", field("n")?)?).unwrap_or(usize::MAX);
        let method = match field("method")? {
            "bitboard" => CountMethod::Bitboard,
            "halves" => CountMethod::Halves,
            other => return fail(&format!("no method {other}")),
        };
        let of = |name: &str| -> Result<(u64, u64), LedgerError> {
            let text = field(name)?;
            let (a, b) = text
                .split_once(" of ")
                .ok_or_else(|| LedgerError(format!("not a count ledger: a bad {name}")))?;
            Ok((number(name, a)?, number(name, b)?))
        };
        let (index, parts) = of("part")?;
        let usize_of = |v: u64| usize::try_from(v).unwrap_or(usize::MAX);
        let part = Part::new(usize_of(index), usize_of(parts))?;
        let mut ledger = Ledger::new(n, method, part)?;
        let (pieces, total) = of("pieces")?;
        let covers = u64::from_str_radix(field("covers")?, 16).ok();
        if covers != Some(ledger.covers) || usize_of(pieces) != ledger.done.len() {
            return Err(LedgerError(format!(
                "the ledger's pieces are not this version's {} of the {} count of {n} queens \
                 ({pieces} of {total} pieces, checksum {}; here {} of {}, checksum {:016x})",
                part,
                method.flag(),
                field("covers")?,
                ledger.done.len(),
                ledger.total,
                ledger.covers
            )));
        }
        let counted = field("counted")?;
        if counted != "none" {
            for range in counted.split(' ') {
                let (a, b) = range.split_once('-').unwrap_or((range, range));
                let (a, b) = (usize_of(number("range", a)?), usize_of(number("range", b)?));
                if a > b || b >= ledger.done.len() {
                    return fail(&format!("the range {range} is off the part's pieces"));
                }
                ledger.done[a..=b].fill(true);
            }
        }
        ledger.solutions = number("solutions", field("solutions")?)?;
        ledger.classes = number("classes", field("classes")?)?;
        ledger.seconds = field("seconds")?
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|s| s.is_finite() && *s >= 0.0)
            .map_or_else(|| fail("a bad seconds"), Ok)?;
        Ok(ledger)
    }
}

/// Counts the pieces of the ledger's part that are not counted yet, on `options.threads`
/// threads, recording each in the ledger as it is finished. With `options.budget.time_limit`, the
/// threads stop taking pieces when it passes, and the pieces under way stop soon after; what was
/// finished stays in the ledger, to be gone on with by calling this again.
/// `options.checkpoint` is called after each piece with the ledger as it stands.
///
/// # Errors
/// [`QueensError::GaveUp`] when the time limit passed before the part was counted.
pub fn count_ledger(ledger: &mut Ledger, options: &CountOptions) -> Result<(), QueensError> {
    let start = Instant::now();
    let stop = options.budget.deadline(start);
    let plan = plan(ledger.n, ledger.method)?;
    let members = members(&*plan, ledger.part);
    debug_assert_eq!(members.len(), ledger.done.len());
    let left: Vec<usize> = (0..members.len()).filter(|&i| !ledger.done[i]).collect();
    let total = members.len();
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
        t => t,
    }
    .min(left.len())
    .clamp(1, super::size::MAX_THREADS);
    // Setting up can take long too (the halves' quarters of 21 queens: over a second).
    let prepared = left.is_empty() || plan.prepare(&stop, threads);
    let base = ledger.seconds;
    if !prepared {
        ledger.seconds = base + start.elapsed().as_secs_f64();
        return Err(QueensError::GaveUp {
            n: ledger.n,
            solver: "counting",
            after: options.budget.time_ran_out(),
        });
    }
    let next = AtomicUsize::new(0);
    if let Some(report) = options.progress {
        // What an earlier run of a resumed count had done, before this run's first piece.
        report(total - left.len(), total);
    }
    let book = Mutex::new((&mut *ledger, total - left.len()));
    let work = || {
        let mut worker = plan.worker();
        loop {
            if stop.expired() {
                break;
            }
            let Some(&i) = left.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            let Some(found) = worker(members[i], &stop) else {
                break;
            };
            // A thread that panicked while holding the lock has already lost the count.
            let mut book = book
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let (ledger, counted) = &mut *book;
            ledger.done[i] = true;
            ledger.solutions += found.solutions;
            ledger.classes += found.classes;
            ledger.seconds = base + start.elapsed().as_secs_f64();
            *counted += 1;
            if let Some(report) = options.progress {
                report(*counted, total);
            }
            if let Some(checkpoint) = options.checkpoint {
                checkpoint(ledger);
            }
        }
    };
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
        work();
        for helper in helpers {
            // A helper only counts; should it panic (a bug), the panic goes on here rather than
            // a wrong count.
            if let Err(panic) = helper.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    ledger.seconds = base + start.elapsed().as_secs_f64();
    if ledger.is_complete() {
        Ok(())
    } else {
        Err(QueensError::GaveUp {
            n: ledger.n,
            solver: "counting",
            after: options.budget.time_ran_out(),
        })
    }
}

/// The number of solutions of n queens, with every core. 92 for n = 8; 14,772,512 for n = 16.
///
/// # Errors
/// [`QueensError::Empty`] for n = 0, [`QueensError::OutOfRange`] for n > 32.
///
/// ```
/// assert_eq!(nqueens::queens::count(8)?, 92);
/// # Ok::<(), nqueens::queens::QueensError>(())
/// ```
pub fn count(n: usize) -> Result<u64, QueensError> {
    Ok(count_both(n, &CountOptions::default())?.all)
}

/// The number of solutions up to rotation and reflection (each class of equivalent boards
/// counted once): 12 for n = 8, 1,846,955 for n = 16.
///
/// # Errors
/// [`QueensError::Empty`] for n = 0, [`QueensError::OutOfRange`] for n > 32.
pub fn count_fundamental(n: usize) -> Result<u64, QueensError> {
    Ok(count_both(n, &CountOptions::default())?.fundamental)
}

/// Both counts in one search, with a number of threads and a progress callback.
///
/// # Errors
/// [`QueensError::Empty`] for n = 0, [`QueensError::OutOfRange`] for n > 32, and
/// [`QueensError::GaveUp`] when `options.budget.time_limit` passes first.
pub fn count_both(n: usize, options: &CountOptions<'_>) -> Result<Counts, QueensError> {
    count_whole(n, CountMethod::Bitboard, options)
}

/// The number of solutions of n queens, counted by joining halves; the same numbers as
/// [`count`]. With `options`: the threads (0: one per core), a progress callback called after
/// each set of rows is joined (with the number joined so far and the number in all), and a time
/// limit.
///
/// ```
/// use nqueens::queens::{CountOptions, count_by_halves};
/// assert_eq!(count_by_halves(10, &CountOptions { threads: 1, ..CountOptions::default() })?, 724);
/// # Ok::<(), nqueens::queens::QueensError>(())
/// ```
///
/// # Errors
/// [`QueensError::Empty`] for n = 0, [`QueensError::OutOfRange`] for n > [`MAX_HALVES_N`](super::MAX_HALVES_N), and
/// [`QueensError::GaveUp`] when `options.budget.time_limit` passes first.
pub fn count_by_halves(n: usize, options: &CountOptions) -> Result<u64, QueensError> {
    Ok(count_whole(n, CountMethod::Halves, options)?.all)
}

/// Counts the whole of n queens by `method` (the bitboard search or the halves) through a
/// ledger of one part.
pub(super) fn count_whole(
    n: usize,
    method: CountMethod,
    options: &CountOptions,
) -> Result<Counts, QueensError> {
    debug_assert!(has_pieces(method));
    let mut ledger = Ledger::fresh(&*plan(n, method)?, n, method, Part::WHOLE);
    count_ledger(&mut ledger, options)?;
    Ok(Counts {
        all: ledger.solutions,
        fundamental: ledger.classes,
    })
}

/// Adds up the parts of a count: every part of the split exactly once, each complete, all of the
/// same n, method and number of parts. (Each covers the pieces this version's split gives it:
/// [`Ledger::from_text`] checks that as it reads one.)
///
/// # Errors
/// A missing, repeated, unfinished or mismatched part, named.
pub fn merge(parts: &[Ledger]) -> Result<Tally, LedgerError> {
    let Some(first) = parts.first() else {
        return Err(LedgerError("no parts to merge".to_owned()));
    };
    let k = first.part.parts;
    let mut seen = vec![false; k];
    let (mut all, mut classes) = (0_u64, 0_u64);
    for ledger in parts {
        if (ledger.n, ledger.method, ledger.part.parts) != (first.n, first.method, k) {
            return Err(LedgerError(format!(
                "the parts are of different counts: {} of {} queens by {} and {} of {} queens \
                 by {}",
                first.part,
                first.n,
                first.method.flag(),
                ledger.part,
                ledger.n,
                ledger.method.flag()
            )));
        }
        let index = ledger.part.index;
        if std::mem::replace(&mut seen[index], true) {
            return Err(LedgerError(format!("{} is given twice", ledger.part)));
        }
        if !ledger.is_complete() {
            let (pieces, counted) = ledger.pieces();
            return Err(LedgerError(format!(
                "{} is not finished: {counted} of its {pieces} pieces counted",
                ledger.part
            )));
        }
        all += ledger.solutions;
        classes += ledger.classes;
    }
    let missing: Vec<String> = (0..k)
        .filter(|&i| !seen[i])
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(LedgerError(format!(
            "parts missing: {} (of 0 to {})",
            missing.join(", "),
            k - 1
        )));
    }
    Ok(Tally {
        all,
        fundamental: (first.method == CountMethod::Bitboard).then_some(classes),
        gave_up: None,
    })
}
