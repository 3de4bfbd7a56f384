//! Our count beside Kluev's quadrant counter (N-Queens-Count-Sol, public, C++20), one thread
//! each, in alternating runs: `KLUEV_SRC=DIR cargo bench --bench count_vs_kluev`, where DIR is a
//! checkout of <https://github.com/EvgenyKluev/N-Queens-Count-Sol>. Its code is never part of this
//! repository: without `KLUEV_SRC` the benchmark says so and does nothing.
//!
//! Kluev's program takes the board size as a constant of its sources (`size` in
//! `solcounter.h`), so each n is built from a copy in `target/kluev/N/`, with g++ as its README
//! says (`-std=c++20 -O3 -march=native`), its configuration as shipped but for the settings its
//! own table changes by size (the sieve's cut bits and the matcher's smallest group, which change
//! from n = 20, and prefetching, on where the table says so; BMI2 stays off). Both programs are
//! timed as whole processes, `KLUEV_ROUNDS` (default 3)
//! alternating runs each, and the medians compared; both counts must be the published one.
//! `KLUEV_SIZES` (default `16 17 18 19`) chooses the boards.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Builds Kluev's program for n queens from a copy of its sources; `None` (with why) if that
/// fails.
fn build(source: &Path, n: usize) -> Result<PathBuf, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target/kluev")
        .join(n.to_string());
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    for entry in std::fs::read_dir(source).map_err(|e| format!("{}: {e}", source.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "h" || e == "cpp") {
            let name = path.file_name().expect("a file name");
            std::fs::copy(&path, dir.join(name)).map_err(|e| e.to_string())?;
        }
    }
    let config = dir.join("solcounter.h");
    let text = std::fs::read_to_string(&config).map_err(|e| format!("solcounter.h: {e}"))?;
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("inline constexpr int size ="))
        .ok_or("solcounter.h has no `inline constexpr int size = …;` line")?;
    let mut text = text.replace(line, &format!("inline constexpr int size = {n};"));
    // Its own table of settings by size (in the comment beside them): from n = 20 on, three
    // bits cut for its sieve and larger groups before matching; prefetching on where the table
    // says so (to 19, and 22; it marks 20 as either way, and it stays off there). BMI2 stays
    // off as shipped: it is slow on the AMD processors this was measured on.
    let (cuts, min_size, prefetch) = match n {
        ..=19 => (0, 40, true),
        20 | 21 => (3, 60, false),
        _ => (6, 80, true),
    };
    if prefetch {
        let header = dir.join("prefetch.h");
        let text = std::fs::read_to_string(&header).map_err(|e| format!("prefetch.h: {e}"))?;
        let enabled = text.replace("//#include \"prefetchx86.h\"", "#include \"prefetchx86.h\"");
        if enabled == text {
            return Err("prefetch.h has no `//#include \"prefetchx86.h\"` line".to_owned());
        }
        std::fs::write(&header, enabled).map_err(|e| e.to_string())?;
    }
    for (setting, value) in [
        (".sieveCuts = ", cuts.to_string()),
        (".matchMinSize = ", min_size.to_string()),
        (".prefetch = ", prefetch.to_string()),
    ] {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with(setting))
            .ok_or(format!("solcounter.h has no `{setting}…` line"))?
            .to_owned();
        let indent = &line[..line.len() - line.trim_start().len()];
        let comment = line.find("//").map_or("", |at| &line[at..]);
        let new = format!("{indent}{setting}{value},    {comment}");
        text = text.replace(&line, &new);
    }
    std::fs::write(&config, text).map_err(|e| e.to_string())?;
    let program = dir.join("kluev");
    let status = Command::new("g++")
        .args([
            "-std=c++20",
            "-O3",
            "-march=native",
            "main.cpp",
            "-o",
            "kluev",
        ])
        .current_dir(&dir)
        .status()
        .map_err(|e| format!("g++: {e}"))?;
    if status.success() {
        Ok(program)
    } else {
        Err(format!("g++ failed on n = {n}"))
    }
}

/// Runs a program and returns its seconds and its standard output.
fn time(program: &Path, args: &[&str]) -> (f64, String) {
    let start = Instant::now();
    let out = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    assert!(out.status.success(), "{} failed", program.display());
    (
        start.elapsed().as_secs_f64(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The published counts (OEIS A000170).
fn published(n: usize) -> u64 {
    match n {
        14 => 365_596,
        15 => 2_279_184,
        16 => 14_772_512,
        17 => 95_815_104,
        18 => 666_090_624,
        19 => 4_968_057_848,
        20 => 39_029_188_884,
        21 => 314_666_222_712,
        _ => panic!("no published count here for n = {n}"),
    }
}

fn main() {
    let Some(source) = std::env::var_os("KLUEV_SRC").map(PathBuf::from) else {
        println!(
            "count_vs_kluev: skipped: set KLUEV_SRC to a checkout of \
             https://github.com/EvgenyKluev/N-Queens-Count-Sol to compare with it"
        );
        return;
    };
    let rounds: usize = std::env::var("KLUEV_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(3)
        .max(1);
    let sizes: Vec<usize> = std::env::var("KLUEV_SIZES")
        .unwrap_or_else(|_| "16 17 18 19".to_owned())
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_nqueens"));
    println!(
        "{:>3} {:>14} {:>14} {:>11}   (one thread each, median of {rounds} alternating runs)",
        "n", "nqueens s", "Kluev s", "ours/Kluev"
    );
    for n in sizes {
        let kluev = match build(&source, n) {
            Ok(program) => program,
            Err(why) => {
                println!("{n:>3} skipped: {why}");
                continue;
            }
        };
        let n_text = n.to_string();
        let (mut mine, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let (seconds, out) = time(&ours, &["count", &n_text, "--threads", "1"]);
            assert_eq!(
                out.trim().parse::<u64>().ok(),
                Some(published(n)),
                "nqueens, n = {n}"
            );
            mine.push(seconds);
            let (seconds, out) = time(&kluev, &["1"]);
            let count = out
                .lines()
                .find_map(|l| l.strip_prefix("Result:"))
                .and_then(|c| c.trim().parse::<u64>().ok());
            assert_eq!(count, Some(published(n)), "Kluev's program, n = {n}");
            theirs.push(seconds);
        }
        let (mine, theirs) = (median(mine), median(theirs));
        println!("{n:>3} {mine:>14.2} {theirs:>14.2} {:>11.2}", mine / theirs);
    }
}
