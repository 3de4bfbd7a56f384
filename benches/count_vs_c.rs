//! Counting by halves against Takaken's symmetric bitboard scheme in C, in alternating runs:
//! `cargo bench --bench count_vs_c` (sizes as arguments, default `-- 16 17 18 19`; rounds with
//! `NQUEENS_ROUNDS`, default 3 up to n = 17 and 1 above).
//!
//! The C program is `benches/c/takaken.c`, compiled here with `cc -O3 -march=native` into
//! `target/count-vs-c/`. Each round times, one after the other: the C program (one thread, a
//! process), `queens::count_by_halves` on one thread, and on two. Alternating keeps the
//! machine's drift out of the ratios. Above n = 18 (or `NQUEENS_C_UP_TO`) the C program, which
//! would take over ten minutes, is left out and only the halves are timed. Every count is
//! checked against the published one (OEIS A000170). The targets: halves on one thread at most
//! 0.5 × the C program's time for n = 16, 17 and 18, and at least 1.8 × faster on two threads
//! than on one.

use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use nqueens::queens::{self, CountOptions};

/// OEIS A000170.
const KNOWN: [(usize, u64); 7] = [
    (15, 2_279_184),
    (16, 14_772_512),
    (17, 95_815_104),
    (18, 666_090_624),
    (19, 4_968_057_848),
    (20, 39_029_188_884),
    (21, 314_666_222_712),
];

fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("target/count-vs-c");
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("{}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    let program = dir.join("takaken");
    let compiled = Command::new("cc")
        .args(["-O3", "-march=native", "-o"])
        .arg(&program)
        .arg(root.join("benches/c/takaken.c"))
        .status();
    if !matches!(compiled, Ok(status) if status.success()) {
        eprintln!("cannot compile benches/c/takaken.c with cc: {compiled:?}");
        return ExitCode::FAILURE;
    }
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![16, 17, 18, 19]
    } else {
        sizes
    };
    let setting = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|value| value.parse::<usize>().ok())
    };
    let c_up_to = setting("NQUEENS_C_UP_TO").unwrap_or(18);
    println!("n | C, one thread | halves, one thread | ratio | halves, two threads | second core");
    let mut wrong = false;
    for n in sizes {
        let Some(&(_, known)) = KNOWN.iter().find(|k| k.0 == n) else {
            eprintln!("n = {n}: no published count here (15 to 21)");
            return ExitCode::FAILURE;
        };
        let rounds = setting("NQUEENS_ROUNDS").unwrap_or(if n <= 17 { 3 } else { 1 });
        let (mut c, mut one, mut two) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..rounds.max(1) {
            if n <= c_up_to {
                let start = Instant::now();
                let output = Command::new(&program).arg(n.to_string()).output();
                c.push(start.elapsed());
                let counted = output
                    .ok()
                    .and_then(|o| String::from_utf8(o.stdout).ok())
                    .and_then(|text| text.trim().parse::<u64>().ok());
                wrong |= counted != Some(known);
            }
            for (threads, times) in [(1, &mut one), (2, &mut two)] {
                let start = Instant::now();
                let counted = queens::count_by_halves(
                    n,
                    &CountOptions {
                        threads,
                        ..CountOptions::default()
                    },
                );
                times.push(start.elapsed());
                wrong |= counted.ok() != Some(known);
            }
        }
        let (one, two) = (median(&mut one), median(&mut two));
        let (c, ratio) = if c.is_empty() {
            ("—".to_owned(), "—".to_owned())
        } else {
            let c = median(&mut c).as_secs_f64();
            (format!("{c:.2} s"), format!("{:.2}", one.as_secs_f64() / c))
        };
        println!(
            "{n} | {c} | {:.2} s | {ratio} | {:.2} s | {:.2} ×",
            one.as_secs_f64(),
            two.as_secs_f64(),
            one.as_secs_f64() / two.as_secs_f64()
        );
    }
    if wrong {
        eprintln!("a count differs from the published one");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
