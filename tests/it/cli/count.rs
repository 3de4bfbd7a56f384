//! `nqueens count`: every method, its budget, and long counts kept in files (parts, merges,
//! checkpoints).

#[allow(clippy::wildcard_imports)]
use super::*;

#[test]
fn count_lists_every_solution_through_the_sat_route() {
    for (n, expected) in [(1, "1"), (3, "0"), (6, "4"), (8, "92"), (9, "352")] {
        let output = run(&["count", &n.to_string(), "--method", "sat"]);
        assert!(output.status.success(), "{}", stderr(&output));
        assert_eq!(stdout(&output).trim(), expected, "n = {n}");
    }
    let lecture = run(&["count", "7", "--encoding", "lecture"]);
    assert_eq!(stdout(&lecture).trim(), "40");
    let bad = run(&["count", "0"]);
    assert_eq!(bad.status.code(), Some(2));
    // Listing models one at a time stops being sensible past 12: refused, with a way out.
    let slow = run(&["count", "13", "--method", "sat"]);
    assert_refused(&slow, 2, "--method backtracking");
}

#[test]
fn count_by_bitboard_is_the_default_and_knows_symmetry() {
    for (args, expected) in [
        (vec!["count", "12"], "14200"),
        (vec!["count", "12", "--fundamental"], "1787"),
        (vec!["count", "13", "--threads", "1"], "73712"),
        (vec!["count", "3"], "0"),
        (vec!["count", "1", "--fundamental"], "1"),
        // From 12 on, the default is the join of halves; the answers do not change.
        (vec!["count", "14"], "365596"),
        (vec!["count", "14", "--method", "bitboard"], "365596"),
        (
            vec!["count", "13", "--method", "halves", "--threads", "2"],
            "73712",
        ),
        (vec!["count", "14", "--fundamental"], "45752"),
        // Without a progress line, whether or not a terminal is there.
        (vec!["count", "13", "--quiet"], "73712"),
        (vec!["count", "12", "-q", "--method", "bitboard"], "14200"),
    ] {
        let output = run(&args);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        assert_eq!(stdout(&output).trim(), expected, "{args:?}");
        // Not a terminal: no progress line.
        assert_eq!(stderr(&output), "", "{args:?}");
    }
    for args in [
        vec!["count", "33"],
        vec!["count", "8", "--method", "sat", "--fundamental"],
        vec!["count", "8", "--method", "halves", "--fundamental"],
        vec!["count", "22", "--method", "halves"],
        vec!["count", "8", "--threads", "-1"],
    ] {
        let output = run(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&output).lines().count(), 1, "{args:?}");
    }
}

#[test]
fn count_by_backtracking_agrees_and_respects_its_budget() {
    for method in ["backtracking", "csp"] {
        for (n, expected) in [(1, "1"), (2, "0"), (6, "4"), (8, "92"), (10, "724")] {
            let output = run(&["count", &n.to_string(), "--method", method]);
            assert!(output.status.success(), "{method}: {}", stderr(&output));
            assert_eq!(stdout(&output).trim(), expected, "{method}, n = {n}");
        }
        let starved = run(&["count", "10", "--method", method, "--max-nodes", "100"]);
        assert_refused(&starved, 1, "gave up");
        assert_eq!(stdout(&starved), "", "no partial count on stdout");
    }
}

#[test]
fn the_node_budget_counts_squares_tried_so_it_bounds_wide_boards_too() {
    let output = run(&[
        "solve",
        "5000",
        "--method",
        "backtracking",
        "--max-nodes",
        "100000",
    ]);
    assert_refused(&output, 1, "after 100000 squares tried (raise --max-nodes)");
}

#[test]
fn a_count_whose_folder_cannot_be_written_says_so_first_and_prints_what_it_counted() {
    // A folder that cannot be made: refused before any counting.
    let output = run(&[
        "count",
        "10",
        "--parts",
        "2",
        "--part",
        "0",
        "--dir",
        "/dev/null/x",
    ]);
    assert_refused(&output, 1, "--dir /dev/null/x");
    // A result that cannot be written (the file it is written to first is a folder): the count
    // is printed all the same, then the failure, exit 1.
    let dir = std::env::temp_dir().join(format!("nqueens-unstored-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("nqueens-count-10-part-0-of-2.count.new")).unwrap();
    let output = run(&[
        "count",
        "10",
        "--parts",
        "2",
        "--part",
        "0",
        "--dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert_eq!(stdout(&output).trim(), "408");
    assert!(
        stderr(&output).contains("not stored"),
        "{}",
        stderr(&output)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_merge_of_a_file_without_end_is_refused_with_a_bounded_read() {
    // /dev/zero has no end: read whole, it took gigabytes before the process died. It is not a
    // regular file; a regular file too long for a result is read only so far.
    let output = run(&["count", "8", "--merge", "/dev/zero"]);
    assert_refused(&output, 2, "/dev/zero: not a regular file");
    let path = std::env::temp_dir().join(format!("nqueens-long-{}.part", std::process::id()));
    let long = std::fs::File::create(&path).unwrap();
    long.set_len(65 << 20).unwrap(); // sparse: no disk taken
    let output = run(&["count", "8", "--merge", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_refused(&output, 2, "longer than 64 MiB");
}

#[test]
fn a_merge_of_a_fifo_is_refused_without_waiting_for_a_writer() {
    let Some((dir, fifo)) = fifo_in("nqueens-merge-fifo", "p1") else {
        return; // No mkfifo here: nothing to try.
    };
    // Before the fix, this waited for a writer forever: the test gives it ten seconds.
    let child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["count", "14", "--merge", fifo.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let output = finished_within(
        child,
        10,
        "count --merge of a FIFO was still waiting after 10 s",
    );
    std::fs::remove_dir_all(&dir).unwrap();
    assert_refused(&output, 2, "not a regular file");
}

#[test]
fn a_count_in_parts_merges_to_the_whole_and_refuses_a_bad_set_of_parts() {
    let dir = fresh_dir("parts");
    let d = dir.to_str().unwrap();
    let whole = stdout(&run(&["count", "12"]));
    let part_of = |i: usize, more: &[&str]| {
        let index = i.to_string();
        let words = ["count", "12", "--parts", "4", "--part", &index, "--dir", d];
        run(&[&words[..], more].concat())
    };
    let mut sum = 0_u64;
    for i in 0..4 {
        let part = part_of(i, &[]);
        assert_eq!(part.status.code(), Some(0), "{}", stderr(&part));
        sum += stdout(&part).trim().parse::<u64>().unwrap();
    }
    assert_eq!(sum.to_string(), whole.trim());
    // The program names each part's files (the cluster scripts ask it), and the result is there.
    let file = |i: usize| {
        let named = stdout(&part_of(i, &["--files"]));
        let expected = format!(
            "checkpoint {d}/nqueens-count-12-part-{i}-of-4.checkpoint\n\
             result {d}/nqueens-count-12-part-{i}-of-4.count\n"
        );
        assert_eq!(named, expected);
        let result = named.lines().nth(1).unwrap()["result ".len()..].to_owned();
        assert!(std::path::Path::new(&result).is_file(), "{result}");
        result
    };
    let files: Vec<String> = (0..4).map(file).collect();
    assert_eq!(
        stdout(&run(&["count", "12", "--files", "--dir", d])),
        format!("checkpoint {d}/nqueens-count-12.checkpoint\n")
    );
    let merged = run(&[
        &["count", "12", "--merge"][..],
        &files.iter().map(String::as_str).collect::<Vec<_>>(),
    ]
    .concat());
    assert_eq!(stdout(&merged), whole);
    // A part already counted is read back, not counted again.
    let again = run(&["count", "12", "--parts", "4", "--part", "2", "--dir", d]);
    assert!(
        stderr(&again).contains("already counted"),
        "{}",
        stderr(&again)
    );
    assert_refused(
        &run(&["count", "12", "--merge", &files[0], &files[1], &files[3]]),
        2,
        "missing: 2",
    );
    assert_refused(
        &run(&[
            "count", "12", "--merge", &files[0], &files[1], &files[2], &files[3], &files[1],
        ]),
        2,
        "are both part 1 of 4",
    );
    assert_refused(&run(&["count", "13", "--merge", &files[0]]), 2, "not 13");
    assert_refused(
        &run(&["count", "12", "--parts", "4", "--part", "4"]),
        2,
        "no part 4",
    );
    assert_refused(&run(&["count", "12", "--part", "1"]), 2, "--parts");
    assert_refused(
        &run(&[
            "count", "8", "--method", "csp", "--parts", "2", "--part", "0",
        ]),
        2,
        "bitboard and halves",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_count_killed_midway_goes_on_from_its_checkpoint_to_the_same_answer() {
    let dir = fresh_dir("resume");
    let d = dir.to_str().unwrap();
    let args = [
        "count",
        "17",
        "--threads",
        "1",
        "--checkpoint-every",
        "0.05",
        "--dir",
        d,
    ];
    let checkpoint = dir.join("nqueens-count-17.checkpoint");
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Killed once its first checkpoint is written (or let finish, should it be that fast).
    while !checkpoint.exists() && child.try_wait().unwrap().is_none() {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let _ = child.kill();
    let killed = child.wait().unwrap();
    assert!(
        !killed.success(),
        "the count finished before it could be killed"
    );
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    assert!(!text.contains("counted none"), "{text}");
    // Without --resume the checkpoint is not overwritten.
    assert_refused(&run(&args), 2, "--resume goes on from it");
    let resumed = run(&[&args[..], &["--resume"]].concat());
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert_eq!(stdout(&resumed).trim(), "95815104");
    assert!(
        !checkpoint.exists(),
        "the checkpoint is removed once the count is done"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
