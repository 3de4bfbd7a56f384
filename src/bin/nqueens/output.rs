//! What the command line prints: standard output that reports a failed write, and the progress
//! line of a long count.

use std::fmt::Write as _;
use std::io::{BufWriter, Write};
use std::time::Duration;

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

/// Runs `count` with a progress callback that, on a terminal and without `quiet`, keeps a
/// progress line on standard error once a second has passed ([`progress_line`]), redrawn as
/// pieces finish (when a percent more is done or a second has passed), and clears it at the
/// end. Nothing is printed when standard error is not a terminal (a log, a pipe, a cluster
/// job's file).
pub fn with_progress<T>(
    n: usize,
    quiet: bool,
    count: impl FnOnce(&(dyn Fn(usize, usize) + Sync)) -> T,
) -> T {
    use std::io::IsTerminal;
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
    let start = std::time::Instant::now();
    // The pieces an earlier run of a resumed count had done: the count's first report, before
    // its first piece (the pace is this run's).
    let before = AtomicUsize::new(usize::MAX);
    // What the line last showed (the percent done and the second), so that it is redrawn only
    // when one of them changes, and the widest line drawn, which clearing must cover.
    let last = AtomicU64::new(u64::MAX);
    let widest = AtomicUsize::new(0);
    let on = !quiet && std::io::stderr().is_terminal();
    let progress = |done: usize, total: usize| {
        let _ = before.compare_exchange(usize::MAX, done, Relaxed, Relaxed);
        let elapsed = start.elapsed();
        let percent = (done * 100 / total.max(1)) as u64;
        let now = (percent << 32) | elapsed.as_secs();
        if on && elapsed.as_secs() >= 1 && last.swap(now, Relaxed) != now {
            let pace = (done.saturating_sub(before.load(Relaxed)), elapsed);
            let line = progress_line(n, done, total, pace);
            widest.fetch_max(line.chars().count(), Relaxed);
            eprint!("\r{line:<0$}", widest.load(Relaxed));
        }
    };
    let result = count(&progress);
    let drawn = widest.load(Relaxed);
    if drawn > 0 {
        // Clear the progress line.
        eprint!("\r{:drawn$}\r", "");
    }
    result
}

/// The progress line of a count of n queens with `done` of its `total` pieces counted: the
/// pieces, the percentage, the time this run has taken and, once it has counted a piece, what
/// is left at its pace (`pace`: the pieces this run counted, in the time it took)
/// (`counting 18 queens: 512/2048 pieces (25%), 12 s, about 36 s left`).
pub fn progress_line(n: usize, done: usize, total: usize, pace: (usize, Duration)) -> String {
    let (counted, elapsed) = pace;
    let percent = done * 100 / total.max(1);
    let mut line = format!(
        "counting {n} queens: {done}/{total} pieces ({percent}%), {}",
        span(elapsed.as_secs())
    );
    if counted > 0 && done < total {
        // The pace so far, in milliseconds, rounded to the second.
        let left = elapsed.as_millis() * (total - done) as u128 / counted as u128;
        let seconds = u64::try_from((left + 500) / 1000).unwrap_or(u64::MAX);
        if seconds == 0 {
            line.push_str(", less than a second left");
        } else {
            let _ = write!(line, ", about {} left", span(seconds));
        }
    }
    line
}

/// A span of seconds as a person says it: `45 s`, `3 min 5 s`, `2 h 7 min`.
fn span(seconds: u64) -> String {
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{} min {} s", seconds / 60, seconds % 60),
        _ => format!("{} h {} min", seconds / 3600, seconds % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_line_says_the_pieces_the_time_and_what_is_left() {
        let line = progress_line(18, 512, 2048, (512, Duration::from_secs(12)));
        assert_eq!(
            line,
            "counting 18 queens: 512/2048 pieces (25%), 12 s, about 36 s left"
        );
        // No estimate before this run's first piece, nor after the last.
        let start = progress_line(21, 0, 4096, (0, Duration::from_secs(3)));
        assert_eq!(start, "counting 21 queens: 0/4096 pieces (0%), 3 s");
        assert!(!progress_line(8, 10, 10, (10, Duration::from_secs(2))).contains("left"));
        let nearly = progress_line(16, 859, 860, (859, Duration::from_secs(2)));
        assert!(nearly.ends_with("2 s, less than a second left"), "{nearly}");
        // A resumed count: 1,000 pieces were done before, 24 in this run's 12 s.
        let resumed = progress_line(18, 1024, 2048, (24, Duration::from_secs(12)));
        assert!(
            resumed.ends_with("12 s, about 8 min 32 s left"),
            "{resumed}"
        );
        let long = progress_line(21, 1, 3, (1, Duration::from_secs(754)));
        assert_eq!(
            long,
            "counting 21 queens: 1/3 pieces (33%), 12 min 34 s, about 25 min 8 s left"
        );
        assert_eq!(span(7_500), "2 h 5 min");
    }
}
