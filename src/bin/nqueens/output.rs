//! What the command line prints: standard output that reports a failed write, and the progress
//! line of a long count.

use std::io::{BufWriter, Write};

use nqueens::Failure;

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

/// Standard output, buffered; the first write error is kept and reported at the end. A pipe
/// whose reader went away before the output was written (`nqueens cnf 40 | head -c1`) is an
/// error like any other: the caller must see that the output was cut short (exit 1, never a
/// silent 0; the runtime ignores SIGPIPE, so the write fails instead of ending the process).
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
                "standard output is closed (or is /dev/null open for reading too, which is how \
                 the runtime replaces a closed one): there is nowhere to write the answer",
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
            Some(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Failure::output(
                "standard output's reader closed it before the output ended (a broken pipe): \
                 the output was cut short",
            )),
            Some(e) => Err(Failure::output(format!("cannot write the output: {e}"))),
            None => Ok(()),
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
