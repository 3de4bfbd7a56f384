//! What the command line prints: standard output that reports a failed write, one-line errors
//! with their exit codes, a SAT solver's answer lines, and the progress line of a long count.

use std::io::{BufWriter, Write};

use nqueens::queens::QueensError;

/// An error for the user: one line on stderr, and the exit code.
pub struct Failure {
    pub message: String,
    pub code: u8,
}

impl Failure {
    /// Bad input: exit 2.
    pub fn input(message: impl std::fmt::Display) -> Self {
        Failure {
            message: message.to_string(),
            code: 2,
        }
    }

    /// No answer, or nowhere to write it: exit 1.
    pub fn output(message: impl std::fmt::Display) -> Self {
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

/// Whether descriptor 1 is the `/dev/null` the runtime put in place of a closed one (Linux,
/// where `/proc` tells; elsewhere nothing is known, and nothing refused).
fn stdout_was_closed() -> bool {
    const READ_WRITE: u32 = 2; // O_RDWR, the access mode in the low bits of the flags
    let is_null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|p| p.as_os_str() == "/dev/null");
    let flags = std::fs::read_to_string("/proc/self/fdinfo/1")
        .ok()
        .and_then(|info| {
            info.lines()
                .find_map(|line| line.strip_prefix("flags:"))
                .and_then(|octal| u32::from_str_radix(octal.trim(), 8).ok())
        });
    is_null && flags.is_some_and(|f| f & 3 == READ_WRITE)
}

/// Standard output, buffered; the first write error is kept and reported at the end. A closed
/// pipe (`nqueens cnf 8 | head`) is not an error: the reader has what it wanted.
pub struct Output {
    writer: BufWriter<std::io::Stdout>,
    error: Option<std::io::Error>,
}

impl Output {
    /// Standard output, or a failure when it was closed (`nqueens solve 8 >&-`): the Rust
    /// runtime opens `/dev/null` (for reading and writing) in place of a closed standard
    /// descriptor, so the answer would vanish with exit 0. A shell's `> /dev/null` opens it
    /// for writing only, and is left alone.
    pub fn open() -> Result<Self, Failure> {
        if stdout_was_closed() {
            return Err(Failure::output(
                "standard output is closed: there is nowhere to write the answer",
            ));
        }
        Ok(Output::new())
    }

    pub fn new() -> Self {
        Output {
            writer: BufWriter::new(std::io::stdout()),
            error: None,
        }
    }

    /// Writes a text; the exit code 0, for the commands whose only answer is the text.
    pub fn text(&mut self, text: &str) -> u8 {
        if self.error.is_none() {
            self.error = self.writer.write_all(text.as_bytes()).err();
        }
        0
    }

    /// Writes a value and a newline.
    pub fn line(&mut self, value: impl std::fmt::Display) -> u8 {
        self.text(&format!("{value}\n"))
    }

    /// Flushes, and reports the first error of any write.
    pub fn finish(mut self) -> Result<(), Failure> {
        let error = self.error.take().or_else(|| self.writer.flush().err());
        match error {
            Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
            Some(e) => Err(Failure::output(format!("cannot write the output: {e}"))),
            None => Ok(()),
        }
    }
}

/// The `c` lines of `sat --stats`: the file's size, the solver's work, its time.
pub fn stats_lines(
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
pub enum Answer {
    /// With the `v` lines of the model.
    Satisfiable(String),
    Unsatisfiable,
    /// With why the search stopped.
    Unknown(String),
}

impl Answer {
    /// Prints the `s` line (and the model, or the reason) and returns the exit code SAT
    /// solvers use: 10, 20, or 0 for unknown.
    pub fn write(&self, out: &mut Output) -> u8 {
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

/// Runs `count` with a progress callback that, on a terminal, keeps a progress line on stderr
/// once a second has passed, and clears it at the end.
pub fn with_progress<T>(n: usize, count: impl FnOnce(&(dyn Fn(usize, usize) + Sync)) -> T) -> T {
    use std::io::IsTerminal;
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};
    let start = std::time::Instant::now();
    let shown = AtomicBool::new(false);
    // The last percentage printed, so that the line changes at most a hundred times.
    let percent_shown = AtomicUsize::new(usize::MAX);
    let terminal = std::io::stderr().is_terminal();
    let progress = |done: usize, total: usize| {
        let seconds = start.elapsed().as_secs();
        let percent = done * 100 / total.max(1);
        if terminal && seconds >= 1 && percent_shown.swap(percent, Relaxed) != percent {
            shown.store(true, Relaxed);
            eprint!("\rcounting {n} queens: {percent:>3}% after {seconds} s ");
        }
    };
    let result = count(&progress);
    if shown.load(Relaxed) {
        // Clear the progress line.
        eprint!("\r{:60}\r", "");
    }
    result
}

/// Where `sat --proof` writes: a file beside the proof's path, put in its place once the search
/// has answered (the proof after "unsatisfiable", else nothing), so that a run that fails leaves
/// an old file as it was and an answer never stands beside an old proof. The path must not be
/// the input (the formula would be gone) and must be a regular file, if it is there at all (a
/// FIFO would wait for a reader forever).
pub struct ProofFile {
    path: std::path::PathBuf,
    partial: std::path::PathBuf,
    placed: bool,
}

impl ProofFile {
    /// Checks the path against the input (`-` for standard input) and makes the partial file,
    /// so that a place that cannot be written fails before the search.
    pub fn create(path: &str, input: &str) -> Result<Self, Failure> {
        let target = std::path::PathBuf::from(path);
        if let Ok(meta) = std::fs::metadata(&target) {
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
            path: target,
            partial,
            placed: false,
        })
    }

    /// Writes `proof` (empty when there is none) and puts it in the proof's place.
    pub fn place(mut self, proof: &[u8]) -> Result<(), Failure> {
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
