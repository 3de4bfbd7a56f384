//! Counting by halves against Takaken's symmetric bitboard scheme in C, in alternating runs:
//! `cargo bench --bench count_vs_c` (sizes as arguments: `-- 16 17`; rounds with
//! `NQUEENS_ROUNDS`, default 3).
//!
//! The C program is `benches/c/takaken.c`, compiled here with `cc -O3 -march=native` into
//! `target/count-vs-c/`. Each round times, one after the other: the C program (one thread, a
//! process), `queens::count_by_halves` on one thread, and on two. Alternating keeps the
//! machine's drift out of the ratios. Every count is checked against the published one
//! (OEIS A000170). The targets: halves on one thread at most 0.5 × the C program's time for
//! n = 16, 17 and 18, and at least 1.8 × faster on two threads than on one.

use std::path::Path;
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use nqueens::queens;

/// OEIS A000170.
const KNOWN: [(usize, u64); 4] = [
    (15, 2_279_184),
    (16, 14_772_512),
    (17, 95_815_104),
    (18, 666_090_624),
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
        vec![16, 17, 18]
    } else {
        sizes
    };
    let rounds: usize = std::env::var("NQUEENS_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3)
        .max(1);
    println!("n | C, one thread | halves, one thread | ratio | halves, two threads | second core");
    let mut wrong = false;
    for n in sizes {
        let Some(&(_, known)) = KNOWN.iter().find(|k| k.0 == n) else {
            eprintln!("n = {n}: no published count here (15 to 18)");
            return ExitCode::FAILURE;
        };
        let (mut c, mut one, mut two) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..rounds {
            let start = Instant::now();
            let output = Command::new(&program).arg(n.to_string()).output();
            c.push(start.elapsed());
            let counted = output
                .ok()
                .and_then(|o| String::from_utf8(o.stdout).ok())
                .and_then(|text| text.trim().parse::<u64>().ok());
            wrong |= counted != Some(known);
            for (threads, times) in [(1, &mut one), (2, &mut two)] {
                let start = Instant::now();
                let counted = queens::count_by_halves(n, threads);
                times.push(start.elapsed());
                wrong |= counted.ok() != Some(known);
            }
        }
        let (c, one, two) = (median(&mut c), median(&mut one), median(&mut two));
        println!(
            "{n} | {:.2} s | {:.2} s | {:.2} | {:.2} s | {:.2} ×",
            c.as_secs_f64(),
            one.as_secs_f64(),
            one.as_secs_f64() / c.as_secs_f64(),
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
