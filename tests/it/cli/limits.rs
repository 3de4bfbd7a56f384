//! The command line under its limits: time limits that hold while it reads, builds, searches and
//! writes, and inputs too large for the memory to be had.

#[allow(clippy::wildcard_imports)]
use super::*;

#[test]
fn a_time_limit_that_runs_out_says_to_raise_the_time_limit() {
    let output = run(&[
        "solve",
        "3000",
        "--method",
        "csp-propagation",
        "--time-limit",
        "0.001",
    ]);
    assert_refused(
        &output,
        1,
        "CSP propagation gave up on 3000 queens after 0.001 s (",
    );
    // With the time it really took (building the CSP included), which a limit this small
    // cannot hold to the millisecond.
    let message = String::from_utf8_lossy(&output.stderr);
    let used: f64 = message
        .split(" s in all; raise --time-limit)")
        .next()
        .and_then(|head| head.rsplit('(').next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("no time used in {message}"));
    assert!((0.001..60.0).contains(&used), "{message}");
}

#[test]
fn time_limits_are_positive_and_at_most_a_billion_seconds() {
    for method in [
        "dp",
        "csp-backtracking",
        "csp-propagation",
        "csp-min-conflicts",
        "cdcl",
    ] {
        let output = run(&["solve", "12", "--method", method, "--time-limit", "1e19"]);
        assert_refused(&output, 2, "at most 1000000000 seconds");
    }
    assert_refused(&run(&["solve", "12", "--time-limit", "1e20"]), 2, "at most");
    assert_refused(&run(&["solve", "12", "--time-limit", "-1"]), 2, "positive");
    assert_refused(&run(&["solve", "12", "--time-limit", "NaN"]), 2, "positive");
    // The largest limit taken is taken.
    let output = run(&["solve", "12", "--time-limit", "1e9", "--columns"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[test]
fn the_time_limit_holds_for_cdcl_while_the_clauses_are_written() {
    // 372 queens' pairwise clauses take seconds to write and gigabytes to hold; the limit stops
    // the writing, and the message gives the limit asked for, not what was left of it. The
    // writing alone took over ten seconds when the limit did not hold.
    assert_stopped_in_time(
        &[
            "solve",
            "372",
            "--method",
            "cdcl",
            "--amo",
            "pairwise",
            "--time-limit",
            "0.5",
        ],
        "CDCL gave up on 372 queens after 0.500 s",
        5.0,
    );
}

#[test]
fn the_time_limit_holds_while_the_input_blocks() {
    // A FIFO that no one writes: opening it waits in the operating system, past any clock.
    let Some((dir, fifo)) = fifo_in("nqueens-fifo", "input.cnf") else {
        return; // No mkfifo here: nothing to try.
    };
    let start = std::time::Instant::now();
    let output = run(&["sat", fifo.to_str().unwrap(), "--time-limit", "0.5"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains("s UNKNOWN"), "{}", stdout(&output));
    assert!(start.elapsed().as_secs_f64() < 3.0, "{:?}", start.elapsed());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_time_limit_holds_for_the_row_search() {
    // 32 queens take the row search seconds to find; with squares to spare, the time limit is
    // what stops it, and the message says so. The search ran 7 s and answered when the limit
    // did not hold.
    assert_stopped_in_time(
        &[
            "solve",
            "32",
            "--method",
            "backtracking",
            "--max-nodes",
            "1000000000000",
            "--time-limit",
            "0.5",
        ],
        "backtracking gave up on 32 queens after 0.500 s",
        4.0,
    );
}

#[test]
fn the_time_limit_holds_for_min_conflicts_from_its_first_placement() {
    // Five million queens' greedy start alone took seconds when nothing read the clock there.
    assert_stopped_in_time(
        &[
            "solve",
            "5000000",
            "--method",
            "min-conflicts",
            "--columns",
            "--time-limit",
            "0.2",
        ],
        "min-conflicts gave up on 5000000 queens after 0.200 s",
        2.0,
    );
}

#[test]
fn the_time_limit_counts_the_reading_of_the_file() {
    // Written by the program itself: a thousand queens, sequential counters, 170 MB.
    let cnf = run(&["cnf", "1000", "--amo", "sequential"]);
    assert_eq!(cnf.status.code(), Some(0));
    let dir = std::env::temp_dir().join(format!("nqueens-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("1000.cnf");
    std::fs::write(&file, &cnf.stdout).unwrap();
    for solver in ["dp", "cdcl"] {
        let start = std::time::Instant::now();
        let output = run(&[
            "sat",
            file.to_str().unwrap(),
            "--solver",
            solver,
            "--time-limit",
            "0.3",
        ]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{solver}: {}",
            stderr(&output)
        );
        assert!(stdout(&output).contains("s UNKNOWN"), "{solver}");
        assert!(
            stdout(&output).contains("0.300 s"),
            "{solver}: {}",
            stdout(&output)
        );
        // Reading and naming the clauses took over ten seconds when the limit did not hold.
        assert!(
            start.elapsed().as_secs_f64() < 5.0,
            "{solver}: {:?}",
            start.elapsed()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_time_limit_holds_while_the_clauses_are_parsed_and_simplified() {
    // 150 queens' lecture clauses, 59 MB: reading them takes a tenth of a second, parsing and
    // renumbering them a third, and loading them into the simplifier longer. The parsing was
    // not counted against the limit (what was left of it was reckoned before), the simplifier
    // read no clock while it loaded the clauses, and freeing its store came after: a limit of
    // 0.5 s came back after 1.38 to 1.56 s. Now within half a second of it.
    let cnf = run(&["cnf", "150"]);
    assert_eq!(cnf.status.code(), Some(0));
    let dir = std::env::temp_dir().join(format!("nqueens-simplify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("150.cnf");
    std::fs::write(&file, &cnf.stdout).unwrap();
    let start = std::time::Instant::now();
    let output = run(&[
        "sat",
        file.to_str().unwrap(),
        "--solver",
        "cdcl",
        "--simplify",
        "--time-limit",
        "0.5",
    ]);
    let took = start.elapsed().as_secs_f64();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "c gave up after 0.500 s\ns UNKNOWN\n",
        "{}",
        stderr(&output)
    );
    assert!(took < 1.0, "{took:.2} s");
}

#[test]
fn boards_whose_memory_cannot_be_had_are_refused_with_the_figure() {
    // Under a 4 GB address-space limit, a billion queens cannot be written down.
    let output = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 4000000 && exec \"$0\" solve 1073741824 --method construct",
        ])
        .arg(env!("CARGO_BIN_EXE_nqueens"))
        .output()
        .unwrap();
    assert_refused(&output, 2, "needs about 34.4 GB of memory");
}

#[test]
fn count_obeys_its_time_limit_and_refuses_boards_its_method_cannot_take() {
    let dir = fresh_dir("count-limit");
    let d = dir.to_str().unwrap();
    let stopped = run(&["count", "30", "--time-limit", "0.3", "--dir", d]);
    assert_refused(&stopped, 1, "nqueens count 30 --dir");
    assert!(dir.join("nqueens-count-30.checkpoint").exists());
    assert_refused(
        &run(&["count", "400", "--method", "csp", "--time-limit", "0.3"]),
        1,
        "raise --time-limit",
    );
    assert_refused(
        &run(&["count", "16777217", "--method", "backtracking"]),
        2,
        "up to 16777216",
    );
    assert_refused(&run(&["count", "22", "--method", "halves"]), 2, "up to 21");
    assert_refused(
        &run(&["count", "12", "--resume", "--dir", d]),
        2,
        "no checkpoint",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_time_limit_holds_while_the_halves_are_set_up() {
    // Listing the quarters of 21 queens, before the first piece is counted, took 1.35 s that
    // no limit interrupted: a limit of 0.2 s came back after 1.45 s.
    let dir = std::env::temp_dir().join(format!("nqueens-cli-halves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    assert_stopped_in_time(
        &[
            "count",
            "21",
            "--time-limit",
            "0.2",
            "--dir",
            dir.to_str().unwrap(),
        ],
        "counting 21 queens stopped at the time limit (0.200 s, after",
        1.0,
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_time_limit_holds_while_a_slow_reader_takes_the_columns() {
    use std::io::Read;
    // Ten million columns are 79 MB of text; a reader taking 4 KiB every 10 ms would need minutes
    // for them. The construction takes a fraction of the second allowed; the writing must stop
    // at the limit too (it ran on for the whole text, then exited 0).
    let start = std::time::Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args([
            "solve",
            "10000000",
            "--method",
            "construct",
            "--columns",
            "--time-limit",
            "1",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = child.stdout.take().unwrap();
    let slow = std::thread::spawn(move || {
        let mut buffer = [0_u8; 4096];
        while reader.read(&mut buffer).is_ok_and(|got| got > 0) {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    });
    let output = finished_within(
        child,
        20,
        "still writing after 20 s with a time limit of 1 s",
    );
    slow.join().unwrap();
    assert_refused(
        &output,
        1,
        "the time limit ran out while the columns were written",
    );
    assert!(start.elapsed().as_secs_f64() < 3.0, "{:?}", start.elapsed());
}

#[test]
fn the_time_limit_holds_while_cdcl_loads_its_clauses() {
    // 2500 queens' clauses (40 million) are written within a second; loading them into the
    // solver (a watch list per literal, then every clause) read no clock, and a limit of 1 s
    // came back after 2.2 to 3.4 s, with 2.3 GB taken.
    assert_stopped_in_time(
        &["solve", "2500", "--method", "cdcl", "--time-limit", "1"],
        "CDCL gave up on 2500 queens after 1.000 s",
        2.0,
    );
}

#[test]
fn a_text_too_large_for_the_memory_to_be_had_is_refused_with_the_figure() {
    // 120 queens' clauses, 29 MB of DIMACS, take Davis–Putnam about 320 MB. Under an address
    // space of 300 MB (what `ulimit -v` sets) the solver's memory cannot be had: a clean
    // refusal, exit 2, before the work, where an allocation failure used to abort the process.
    let path = std::env::temp_dir().join(format!("nqueens-cli-memory-{}.cnf", std::process::id()));
    let cnf = run(&["cnf", "120"]);
    assert!(cnf.status.success());
    std::fs::write(&path, &cnf.stdout).unwrap();
    let limited = |solver: &str, from_stdin: bool| {
        let bin = env!("CARGO_BIN_EXE_nqueens");
        let input = if from_stdin {
            format!("< {} {bin} sat -", path.display())
        } else {
            format!("{bin} sat {}", path.display())
        };
        Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 300000; exec {input} --solver {solver}"))
            .output()
            .unwrap()
    };
    for from_stdin in [false, true] {
        let refused = limited("dp", from_stdin);
        assert_refused(
            &refused,
            2,
            "29 MB of DIMACS text needs about 350 MB of memory",
        );
    }
    // CDCL, which holds about four bytes for each byte of text, solves it within the same limit.
    let solved = limited("cdcl", true);
    assert_eq!(solved.status.code(), Some(10), "{solved:?}");
    std::fs::remove_file(&path).unwrap();
}
