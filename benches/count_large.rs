//! n = 17 and 18, counted once each with every core and checked against the published counts:
//! `cargo bench --bench count_large`. Target: n = 18 within 40 s on both cores.
//!
//! Pass the sizes to count as arguments to choose others (`-- 17`).

use std::process::ExitCode;
use std::time::Instant;

use nqueens::queens::{self, CountOptions, Counts};

/// OEIS A000170 and A002562 (REFERENCE.md).
const KNOWN: [(usize, u64, u64); 4] = [
    (15, 2_279_184, 285_053),
    (16, 14_772_512, 1_846_955),
    (17, 95_815_104, 11_977_939),
    (18, 666_090_624, 83_263_591),
];

fn main() -> ExitCode {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![17, 18]
    } else {
        sizes
    };
    let mut wrong = false;
    for n in sizes {
        let start = Instant::now();
        let counts = match queens::count_both(n, &CountOptions::default()) {
            Ok(counts) => counts,
            Err(error) => {
                eprintln!("n = {n}: {error}");
                return ExitCode::FAILURE;
            }
        };
        let seconds = start.elapsed().as_secs_f64();
        let verdict = match KNOWN.iter().find(|k| k.0 == n) {
            Some(&(_, all, fundamental)) if counts == Counts { all, fundamental } => "as published",
            Some(_) => {
                wrong = true;
                "WRONG"
            }
            None => "no published count here",
        };
        println!(
            "count/{n}: {} solutions, {} up to symmetry, {seconds:.2} s ({verdict})",
            counts.all, counts.fundamental
        );
    }
    if wrong {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
