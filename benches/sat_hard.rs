//! The SAT engine on hard instances, beside Debian's `MiniSat` and `CaDiCaL`, in one run:
//! `cargo bench --bench sat_hard` (or `make bench`, which installs both when missing). Each
//! instance is solved once by each program, as a process reading the same DIMACS file, and the
//! table printed gives every time and ratio; every answer is checked (a model against the
//! clauses; the three programs' answers must agree). The instances are written to
//! `target/sat-hard/`, generated here from fixed seeds:
//!
//! * random 3-SAT at the threshold (4.26 clauses a variable), 20 formulas each of 250 and 300
//!   variables: the total time against MiniSat's and the worst single ratio;
//! * the sequential-counter clauses of 200 queens: conflicts per second, ours against MiniSat's
//!   (both solvers report them; MiniSat's decisions are VSIDS, so ours are too);
//! * the lecture's clauses for n queens, every 8th n to 200: our time against MiniSat's;
//! * `nqueens solve N --method cdcl` with its defaults, every 50th N to 2000.
//!
//! Timing is of whole processes, one run each, so single figures carry the machine's noise;
//! the totals over twenty formulas are what docs/benchmarks.md quotes. Set `SAT_HARD_QUICK=1` for a
//! smaller run (4 formulas of each size, every 40th n, every 250th N) that checks the harness;
//! `SAT_HARD_PARTS` to some of `random250 random300 conflicts lecture solve` (all by default)
//! to run only those; `SAT_HARD_SOLVERS` to some of `minisat cadical` to compare with those only.

use std::path::Path;

use nqueens::encode::Amo;
use nqueens::queens::Encoding;

#[path = "common/random.rs"]
mod random;
#[path = "common/solvers.rs"]
mod solvers;
use random::random_3sat;
use solvers::{available, check_ours, run, write};

/// The number after `label` in a solver's output (MiniSat's "conflicts : 1234 (…/sec)").
fn number_after(output: &str, label: &str) -> Option<f64> {
    output.lines().find_map(|line| {
        let rest = line.trim_start().strip_prefix(label)?;
        rest.trim_start_matches([' ', ':'])
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    })
}

fn random_batch(dir: &Path, ours: &str, others: &[&str], variables: usize, count: u64) {
    // 4.26 clauses a variable, rounded: 1065 for 250, 1278 for 300.
    let clauses = (variables * 426 + 50) / 100;
    println!("\nrandom 3-SAT, {variables} variables, {clauses} clauses, {count} formulas");
    print!("{:>6} {:>6} {:>10}", "seed", "answer", "nqueens s");
    for other in others {
        print!(" {other:>10} {:>7}", "ratio");
    }
    println!();
    let mut total = 0.0;
    let mut totals = vec![0.0; others.len()];
    let mut worst = vec![0.0_f64; others.len()];
    for seed in 1..=count {
        let cnf = random_3sat(variables, clauses, 1000 * variables as u64 + seed);
        let path = write(dir, &format!("3sat-{variables}-{seed}.cnf"), &cnf);
        let file = path.to_str().expect("a UTF-8 path");
        let mine = run(ours, &["sat", file, "--solver", "cdcl"]);
        check_ours(&cnf, &mine, file);
        total += mine.seconds;
        let answer = if mine.code == 10 { "SAT" } else { "UNSAT" };
        print!("{seed:>6} {answer:>6} {:>10.2}", mine.seconds);
        for (i, other) in others.iter().enumerate() {
            let theirs = run(other, &[file]);
            assert_eq!(
                theirs.code, mine.code,
                "{other} and nqueens disagree on {file}"
            );
            totals[i] += theirs.seconds;
            let ratio = mine.seconds / theirs.seconds.max(0.01);
            worst[i] = worst[i].max(ratio);
            print!(" {:>10.2} {ratio:>7.2}", theirs.seconds);
        }
        println!();
    }
    print!("{:>6} {:>6} {total:>10.2}", "total", "");
    for (i, _) in others.iter().enumerate() {
        print!(" {:>10.2} {:>7.2}", totals[i], total / totals[i]);
    }
    println!();
    for (i, other) in others.iter().enumerate() {
        println!(
            "{variables} variables: nqueens / {other} = {:.2} in total, {:.2} at worst (times under 0.01 s counted as 0.01 s)",
            total / totals[i],
            worst[i]
        );
    }
}

fn main() {
    let quick = std::env::var_os("SAT_HARD_QUICK").is_some();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/sat-hard");
    std::fs::create_dir_all(&dir).expect("target is writable");
    let ours = env!("CARGO_BIN_EXE_nqueens");
    let chosen = |var: &str, name: &str| {
        std::env::var(var).map_or(true, |list| list.split_whitespace().any(|w| w == name))
    };
    let others: Vec<&str> = ["minisat", "cadical"]
        .into_iter()
        .filter(|&p| chosen("SAT_HARD_SOLVERS", p))
        .filter(|&p| {
            let there = available(p);
            if !there {
                println!("note: {p} is not on the PATH (`make bench` installs it); left out");
            }
            there
        })
        .collect();
    let count = if quick { 4 } else { 20 };
    for variables in [250, 300] {
        if chosen("SAT_HARD_PARTS", &format!("random{variables}")) {
            random_batch(&dir, ours, &others, variables, count);
        }
    }
    if chosen("SAT_HARD_PARTS", "conflicts") {
        conflicts_per_second(&dir, ours, &others);
    }
    if chosen("SAT_HARD_PARTS", "lecture") {
        lecture(&dir, ours, &others, if quick { 40 } else { 8 });
    }
    if chosen("SAT_HARD_PARTS", "solve") {
        solve_defaults(ours, if quick { 250 } else { 50 });
    }
}

/// Conflicts per second on the sequential-counter clauses of 200 queens, both with VSIDS, over
/// at most the first [`CONFLICT_SECONDS`] seconds (either may find a model before; with the decay
/// of 0.95, before ab490ae, ours did not).
fn conflicts_per_second(dir: &Path, ours: &str, others: &[&str]) {
    let cnf = Encoding::Lecture
        .numbered(200, Amo::Sequential)
        .expect("within the cap");
    let path = write(dir, "queens-200-sequential.cnf", &cnf);
    let file = path.to_str().expect("a UTF-8 path");
    let limit = CONFLICT_SECONDS.to_string();
    let mine = run(
        ours,
        &[
            "sat",
            file,
            "--solver",
            "cdcl",
            "--stats",
            "--time-limit",
            &limit,
        ],
    );
    if mine.code == 10 {
        check_ours(&cnf, &mine, file);
    }
    let conflicts = mine
        .output
        .lines()
        .find_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = words.iter().position(|w| w.starts_with("conflicts"))?;
            words.get(at - 1)?.trim_end_matches(',').parse::<f64>().ok()
        })
        .unwrap_or(0.0);
    println!(
        "\n200 queens, sequential counter ({} clauses, VSIDS, at most {limit} s each): nqueens {conflicts:.0} conflicts in {:.2} s, {:.0} a second",
        cnf.len(),
        mine.seconds,
        conflicts / mine.seconds
    );
    if others.contains(&"minisat") {
        let cpu = format!("-cpu-lim={limit}");
        let theirs = run("minisat", &[&cpu, file]);
        let their_conflicts = number_after(&theirs.output, "conflicts").unwrap_or(0.0);
        println!(
            "  minisat {their_conflicts:.0} conflicts in {:.2} s, {:.0} a second; ours / minisat = {:.2}",
            theirs.seconds,
            their_conflicts / theirs.seconds,
            (conflicts / mine.seconds) / (their_conflicts / theirs.seconds)
        );
    }
}

/// How long each solver runs on the 200 queens' sequential-counter clauses.
const CONFLICT_SECONDS: u32 = 30;

/// The lecture's clauses for every `step`th n queens to 200: our time against MiniSat's.
fn lecture(dir: &Path, ours: &str, others: &[&str], step: usize) {
    println!("\nthe lecture's clauses for n queens (`nqueens sat --solver cdcl`, VSIDS)");
    println!(
        "{:>4} {:>10} {:>10} {:>7}",
        "n", "nqueens s", "minisat s", "ratio"
    );
    for n in (step..=200).step_by(step) {
        let cnf = Encoding::Lecture
            .numbered(n, Amo::Pairwise)
            .expect("within the cap");
        let path = write(dir, &format!("queens-{n}-lecture.cnf"), &cnf);
        let file = path.to_str().expect("a UTF-8 path");
        let mine = run(ours, &["sat", file, "--solver", "cdcl"]);
        check_ours(&cnf, &mine, file);
        print!("{n:>4} {:>10.2}", mine.seconds);
        if others.contains(&"minisat") {
            let theirs = run("minisat", &[file]);
            assert_eq!(theirs.code, mine.code, "minisat disagrees on {file}");
            print!(
                " {:>10.2} {:>7.2}",
                theirs.seconds,
                mine.seconds / theirs.seconds
            );
        }
        println!();
        std::fs::remove_file(&path).ok();
    }
}

/// `nqueens solve N --method cdcl` with its defaults, every `step`th N to 2000.
fn solve_defaults(ours: &str, step: usize) {
    println!(
        "\n`nqueens solve N --method cdcl` with its defaults (the board checked by the program)"
    );
    let mut slowest = (0, 0.0);
    for n in (step..=2000).step_by(step) {
        let n_text = n.to_string();
        let mine = run(ours, &["solve", &n_text, "--method", "cdcl", "--columns"]);
        assert_eq!(mine.code, 0, "solve {n}: {}", mine.output);
        if mine.seconds > slowest.1 {
            slowest = (n, mine.seconds);
        }
        println!("{n:>5} {:>7.2} s", mine.seconds);
    }
    println!("slowest: {} queens in {:.2} s", slowest.0, slowest.1);
}
