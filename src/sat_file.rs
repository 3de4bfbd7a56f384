//! A DIMACS file solved by either solver and answered as SAT solvers answer (`nqueens sat`):
//! the file (or standard input) read a megabyte at a time and held to the deadline even while a
//! read waits, refused before the work when solving it would need more memory than the process
//! can have, parsed by [`dimacs`], solved by [`dp`] or [`cdcl`] with what is left of the time
//! limit, the model checked against every clause before it is claimed, and a DRAT proof written
//! in the file's numbers beside the answer.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::budget::{Deadline, Limit};
use crate::cdcl::{self, CdclOptions, CnfOutcome, Decide, drat};
use crate::dp::{self, Heuristic, Options};
use crate::failure::Failure;
use crate::logic::dimacs::{self, DimacsError};
use crate::sat::{Budget, Outcome};

/// Which solver, with its choice of decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    /// The lecture's Davis–Putnam, on the clauses with their names.
    Dp(Heuristic),
    /// Conflict-driven clause learning, on the clauses as numbers.
    Cdcl {
        /// How it picks its decisions.
        decide: Decide,
        /// Whether it simplifies the clauses first ([`CdclOptions::simplify`]).
        simplify: bool,
        /// The seed of its random choices ([`CdclOptions::seed`]).
        seed: u64,
    },
}

/// What to solve and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SatRequest<'a> {
    /// The file to read, or `-` for standard input.
    pub file: &'a str,
    /// The solver.
    pub solver: Solver,
    /// The budget; reading and parsing the file count against its time limit.
    pub budget: Budget,
    /// Where to write a DRAT proof (the solver must be CDCL): after "unsatisfiable" the proof,
    /// after any other answer an empty file.
    pub proof: Option<&'a Path>,
}

/// What [`solve_file`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SatRun {
    /// The answer, its model as the `v` lines of the values in the file's numbers.
    pub answer: Outcome<String>,
    /// The `c` lines of the file's size, the solver's work and its time; `None` when the time
    /// limit ran out before the search began.
    pub stats: Option<String>,
}

impl SatRun {
    /// What a SAT solver prints: the `s` line, after the model's `v` lines or the reason as a
    /// `c` line.
    pub fn text(&self) -> String {
        match &self.answer {
            Outcome::Satisfiable(lines) => format!("s SATISFIABLE\n{lines}"),
            Outcome::Unsatisfiable => "s UNSATISFIABLE\n".to_owned(),
            Outcome::GaveUp(limit) => format!("c gave up after {limit}\ns UNKNOWN\n"),
        }
    }

    /// The exit code SAT solvers use: 10, 20, or 0 for unknown.
    pub fn exit_code(&self) -> u8 {
        match self.answer {
            Outcome::Satisfiable(_) => 10,
            Outcome::Unsatisfiable => 20,
            Outcome::GaveUp(_) => 0,
        }
    }
}

/// Solves the file asked for.
///
/// # Errors
/// A file that cannot be read or is not DIMACS text, one too large to solve, a proof asked of
/// Davis–Putnam or with nowhere to go, and a model that fails the check (a bug, reported rather
/// than printed).
pub fn solve_file(request: &SatRequest<'_>) -> Result<SatRun, Failure> {
    let start = Instant::now();
    if request.proof.is_some() && !matches!(request.solver, Solver::Cdcl { .. }) {
        return Err(Failure::input(
            "--proof needs --solver cdcl (Davis–Putnam keeps no proof)",
        ));
    }
    let proof = request
        .proof
        .map(|path| ProofFile::create(path, request.file))
        .transpose()?;
    let budget = request.budget;
    let deadline = budget.deadline(start);
    let out_of_time = SatRun {
        answer: Outcome::GaveUp(budget.time_ran_out()),
        stats: None,
    };
    let name = shown_name(request.file);
    // A file's size is known before it is read; standard input's (or a pipe's) once it has been.
    let sized = std::fs::metadata(request.file)
        .ok()
        .filter(|meta| meta.is_file() && request.file != "-");
    if let Some(meta) = &sized {
        check_memory(name, meta.len(), request.solver)?;
    }
    let Some(text) = read_input(request.file, deadline)? else {
        return Ok(out_of_time);
    };
    if sized.is_none() {
        check_memory(name, text.len() as u64, request.solver)?;
    }
    let solved = match request.solver {
        Solver::Dp(heuristic) => solve_dp(text, heuristic, budget, start, name)?,
        Solver::Cdcl {
            decide,
            simplify,
            seed,
        } => {
            let options = CdclOptions {
                budget,
                proof: proof.is_some(),
                decide,
                simplify,
                seed,
            };
            solve_cdcl(text, &options, start, name, proof)?
        }
    };
    let Some((answer, stats)) = solved else {
        return Ok(out_of_time);
    };
    // Out of time is said with the time limit asked for, not what was left of it.
    let answer = match answer {
        Outcome::GaveUp(Limit::Time(_)) => out_of_time.answer,
        answer => answer,
    };
    Ok(SatRun {
        answer,
        stats: Some(stats),
    })
}

/// The answer and statistics of a search, or `None` when the deadline passed while parsing.
type Solved = Option<(Outcome<String>, String)>;

/// Davis–Putnam on the clauses with their names, the model checked on the assignment printed.
fn solve_dp(
    text: String,
    heuristic: Heuristic,
    budget: Budget,
    start: Instant,
    name: &str,
) -> Result<Solved, Failure> {
    let Some(cnf) = parsed(dimacs::read(&text, budget.deadline(start)), name)? else {
        return Ok(None);
    };
    drop(text);
    let options = Options {
        heuristic,
        // What is left of the time limit once the file is read and parsed.
        budget: budget.remaining(start),
        trace: false,
    };
    let report = dp::search(&cnf.clauses, &options);
    let stats = stats_lines(
        cnf.declared,
        cnf.clauses.len(),
        &report.stats,
        report.elapsed,
    );
    let answer = match &report.outcome {
        Outcome::Satisfiable(model) => {
            // An independent check before we claim it, on the assignment we print.
            let printed = cnf.completed(model);
            if let Some(clause) = cnf.clauses.first_falsified(&printed) {
                return Err(Failure::output(format!(
                    "internal error: model falsifies {clause}"
                )));
            }
            Outcome::Satisfiable(dimacs::model_lines(&cnf, model))
        }
        Outcome::Unsatisfiable => Outcome::Unsatisfiable,
        Outcome::GaveUp(limit) => Outcome::GaveUp(*limit),
    };
    Ok(Some((answer, stats)))
}

/// CDCL on the clauses as numbers (no names: millions of clauses read in seconds), renumbered
/// densely for the solver; the model and the proof go back to the file's numbers.
fn solve_cdcl(
    text: String,
    options: &CdclOptions,
    start: Instant,
    name: &str,
    proof: Option<ProofFile>,
) -> Result<Solved, Failure> {
    let deadline = options.budget.deadline(start);
    let Some(numbers) = parsed(dimacs::read_numbers(&text, deadline), name)? else {
        return Ok(None);
    };
    // The text is let go as soon as it is read: a thousand queens' clauses are 170 MB of it.
    drop(text);
    let (declared, clause_count) = (numbers.declared, numbers.clauses.len());
    let dense = numbers.dense();
    // What is left of the time limit once the file is read, parsed and renumbered.
    let options = CdclOptions {
        budget: options.budget.remaining(start),
        ..*options
    };
    let report = cdcl::solve_cnf(&dense.clauses, &options);
    let stats = stats_lines(declared, clause_count, &report.stats, report.elapsed);
    let answer = match &report.outcome {
        CnfOutcome::Satisfiable(values) => {
            // An independent check before we claim it.
            if let Some(i) = dense.clauses.first_falsified(values) {
                return Err(Failure::output(format!(
                    "internal error: model falsifies clause {} of the file",
                    i + 1
                )));
            }
            Outcome::Satisfiable(dense.value_lines(values))
        }
        CnfOutcome::Unsatisfiable => Outcome::Unsatisfiable,
        CnfOutcome::GaveUp(limit) => Outcome::GaveUp(*limit),
    };
    if let Some(file) = proof {
        let mut text = Vec::new();
        if answer == Outcome::Unsatisfiable {
            // Writing to memory cannot fail.
            let _ = drat::write(&report.proof, |l| dense.file_literal(l), &mut text);
        }
        file.place(&text)?;
    }
    Ok(Some((answer, stats)))
}

/// What was read, `None` when the deadline passed first, or the file's error.
fn parsed<T>(read: Result<T, DimacsError>, name: &str) -> Result<Option<T>, Failure> {
    match read {
        Ok(read) => Ok(Some(read)),
        Err(DimacsError::OutOfTime) => Ok(None),
        Err(e) => Err(Failure::input(format!("{name}: {e}"))),
    }
}

/// The `c` lines of the statistics: the file's size, the solver's work, its time.
fn stats_lines(
    declared: usize,
    clauses: usize,
    work: &dyn std::fmt::Display,
    elapsed: Duration,
) -> String {
    format!(
        "c {declared} variables, {clauses} clauses\nc {work}\nc time {:.3} ms\n",
        elapsed.as_secs_f64() * 1e3
    )
}

/// About how many bytes each solver holds for each byte of DIMACS text, the text included, at
/// most (measured on 120 queens' clauses, 29 MB of text: Davis–Putnam held 320 MB, CDCL 119 MB
/// (4.1 bytes a byte; 5 leaves a margin), CDCL simplifying first 277 MB; simplifying holds its
/// own store of the clauses, the resolvents, the eliminated clauses and with a proof every step,
/// most where it eliminates most: 303 MB for the 13.8 MB of 300 queens' sequential counter with
/// a proof, 22 bytes a byte).
fn bytes_per_text_byte(solver: Solver) -> u64 {
    match solver {
        Solver::Dp(_) => 12,
        Solver::Cdcl {
            simplify: false, ..
        } => 5,
        Solver::Cdcl { simplify: true, .. } => 24,
    }
}

/// Refuses, before the work, a text whose solving needs more memory than the allocator would
/// give: the whole amount is asked for once and given back, so that a refusal is an error with
/// the figure, never an abort halfway (what a machine can hold is the cap, not a fixed size).
fn check_memory(name: &str, text_bytes: u64, solver: Solver) -> Result<(), Failure> {
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
fn read_input(file: &str, deadline: Deadline) -> Result<Option<String>, Failure> {
    let Some(left) = deadline.remaining() else {
        return read_all(file, deadline);
    };
    let (send, receive) = std::sync::mpsc::channel();
    let owned = file.to_owned();
    std::thread::spawn(move || {
        let _ = send.send(read_all(&owned, deadline));
    });
    receive.recv_timeout(left).unwrap_or(Ok(None))
}

/// Reads the file named, or standard input for `-`, a megabyte at a time: binary data (a NUL
/// byte, or bytes that are not UTF-8) is refused as soon as it is seen, more text than the
/// allocator gives is refused with the size read, and `None` means the deadline passed first.
fn read_all(file: &str, deadline: Deadline) -> Result<Option<String>, Failure> {
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

/// Where a proof is written: a file beside the proof's path, put in its place once the search
/// has answered, so that a run that fails leaves an old file as it was and an answer never
/// stands beside an old proof. The path must not be the input (the formula would be gone) and
/// must be a regular file, if it is there at all (a FIFO would wait for a reader forever).
struct ProofFile {
    path: PathBuf,
    partial: PathBuf,
    placed: bool,
}

impl ProofFile {
    /// Checks the path against the input (`-` for standard input) and makes the partial file,
    /// so that a place that cannot be written fails before the search.
    fn create(target: &Path, input: &str) -> Result<Self, Failure> {
        let path = target.display();
        if let Ok(meta) = std::fs::metadata(target) {
            if !meta.is_file() {
                return Err(Failure::input(format!(
                    "--proof {path}: not a regular file (a proof is written whole, then put in \
                     its place)"
                )));
            }
            let input = if input == "-" { "/dev/stdin" } else { input };
            if std::fs::metadata(input).is_ok_and(|other| same_file(&meta, &other)) {
                return Err(Failure::input(format!(
                    "--proof {path}: that is the input file, and the proof would replace the \
                     formula: name another file"
                )));
            }
        }
        let name = target
            .file_name()
            .ok_or_else(|| Failure::input(format!("--proof {path}: not a file name")))?;
        let partial = target.with_file_name(format!(
            ".{}.{}.partial",
            name.to_string_lossy(),
            std::process::id()
        ));
        std::fs::File::create(&partial).map_err(|e| Failure::output(format!("{path}: {e}")))?;
        Ok(ProofFile {
            path: target.to_owned(),
            partial,
            placed: false,
        })
    }

    /// Writes `proof` (empty when there is none) and puts it in the proof's place.
    fn place(mut self, proof: &[u8]) -> Result<(), Failure> {
        let failed = |e: std::io::Error| Failure::output(format!("{}: {e}", self.path.display()));
        std::fs::write(&self.partial, proof).map_err(failed)?;
        std::fs::rename(&self.partial, &self.path).map_err(failed)?;
        self.placed = true;
        Ok(())
    }
}

impl Drop for ProofFile {
    fn drop(&mut self) {
        if !self.placed {
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}

#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    false
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
