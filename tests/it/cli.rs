//! The `nqueens` program: answers checked independently, and every bad input gives one line on
//! stderr and a non-zero exit, never a panic.

use nqueens::Deadline;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use nqueens::Board;
use nqueens::logic::dimacs;

use crate::common::read_drat;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .output()
        .unwrap()
}

fn run_with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// Reads back a board printed as rows of `Q` and `.`.
/// The program stopped with exit code `code` and said `words` on stderr.
fn assert_refused(output: &Output, code: i32, words: &str) {
    let err = stderr(output);
    assert_eq!(output.status.code(), Some(code), "{err}");
    assert!(err.contains(words), "{err}");
}

/// A FIFO named `name` in a fresh folder of its own (the folder, the FIFO), or `None` where
/// `mkfifo` is missing (nothing to try there).
fn fifo_in(folder: &str, name: &str) -> Option<(std::path::PathBuf, std::path::PathBuf)> {
    let dir = std::env::temp_dir().join(format!("{folder}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join(name);
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        std::fs::remove_dir_all(&dir).unwrap();
        return None;
    }
    Some((dir, fifo))
}

/// Waits for `child` at most `seconds`, then kills it and fails with `hang`; its output.
fn finished_within(mut child: std::process::Child, seconds: u64, hang: &str) -> Output {
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= seconds {
            child.kill().unwrap();
            panic!("{hang}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// The program stopped at its time limit: exit 1, `words` on stderr, and well within `bound`
/// seconds (a generous bound; each caller says what it took when the limit did not hold).
fn assert_stopped_in_time(args: &[&str], words: &str, bound: f64) {
    let start = std::time::Instant::now();
    let output = run(args);
    assert_refused(&output, 1, words);
    assert!(
        start.elapsed().as_secs_f64() < bound,
        "{:?}",
        start.elapsed()
    );
}

/// The numbers of a `--columns` line.
fn parse_columns<T: std::str::FromStr>(text: &str) -> Vec<T>
where
    T::Err: std::fmt::Debug,
{
    text.split_whitespace()
        .map(|c| c.parse().expect("a column number"))
        .collect()
}

fn parse_board(text: &str) -> Board {
    let rows: Vec<&str> = text
        .lines()
        .take_while(|l| l.starts_with(['Q', '.']))
        .collect();
    let columns: Vec<usize> = rows
        .iter()
        .map(|r| r.find('Q').expect("a queen in every row") + 1)
        .collect();
    assert!(
        rows.iter()
            .all(|r| r.len() == rows.len() && r.matches('Q').count() == 1),
        "{text}"
    );
    Board::from_columns(&columns).unwrap()
}

#[test]
fn solve_prints_a_solved_board() {
    let output = run(&["solve", "8"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let board = parse_board(&stdout(&output));
    assert_eq!(board.size(), 8);
    assert!(board.is_solution(), "{board}");
}

#[test]
fn solve_with_jeroslow_wang_prints_statistics() {
    let output = run(&["solve", "16", "--heuristic", "jw", "--stats"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(parse_board(&text).is_solution());
    for field in [
        "4416 clauses, 256 variables",
        "Jeroslow-Wang",
        "splits:",
        "unit propagations:",
        "time:",
    ] {
        assert!(text.contains(field), "missing {field:?} in\n{text}");
    }
}

#[test]
fn columns_print_one_line_for_scripts() {
    for encoding in ["lecture", "one-hot"] {
        let output = run(&[
            "solve",
            "10",
            "--columns",
            "--heuristic",
            "jw",
            "--encoding",
            encoding,
        ]);
        assert!(output.status.success());
        let text = stdout(&output);
        assert_eq!(text.lines().count(), 1, "{text}");
        let columns: Vec<usize> = parse_columns(&text);
        assert!(
            Board::from_columns(&columns).unwrap().is_solution(),
            "{text}"
        );
    }
}

#[test]
fn boards_without_solutions_exit_1_with_one_line() {
    for n in ["2", "3"] {
        let output = run(&["solve", n]);
        assert_refused(&output, 1, "cannot be placed");
        assert_eq!(stderr(&output).lines().count(), 1, "{}", stderr(&output));
    }
}

#[test]
fn a_budget_that_runs_out_exits_1() {
    let output = run(&["solve", "30", "--max-splits", "2"]);
    assert_refused(&output, 1, "gave up on 30 queens after 2 splits");
}

#[test]
fn bad_input_gets_one_clear_line_and_exit_2() {
    let cases: [&[&str]; 10] = [
        &["solve", "0"],
        &["solve", "-3"],
        &["solve", "eight"],
        &["solve", "8", "--frobnicate"],
        &["solve", "8", "--heuristic", "best"],
        &["solve", "5000"],
        &["cnf", "0"],
        &["sat", "no/such/file.cnf"],
        &["solve"],
        &["solve", "8", "--time-limit", "soon"],
    ];
    for args in cases {
        let output = run(args);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("nqueens: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
}

#[test]
fn cnf_writes_the_lecture_clauses_as_dimacs() {
    let output = run(&["cnf", "8"]);
    assert!(output.status.success());
    let cnf = dimacs::read(&stdout(&output), Deadline::NONE).unwrap();
    assert_eq!(cnf.clauses, nqueens::queens::all_clauses(8).unwrap());
    let one_hot = dimacs::read(
        &stdout(&run(&["cnf", "8", "--encoding", "one-hot"])),
        Deadline::NONE,
    )
    .unwrap();
    assert_eq!(one_hot.clauses.len(), 744);
}

#[test]
fn sat_answers_like_a_sat_solver() {
    let path = std::env::temp_dir().join(format!("nqueens-cli-test-{}.cnf", std::process::id()));
    std::fs::write(&path, stdout(&run(&["cnf", "6"]))).unwrap();
    let output = run(&["sat", path.to_str().unwrap(), "--stats"]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(output.status.code(), Some(10), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("\ns SATISFIABLE\n") && text.starts_with("c "),
        "{text}"
    );
    assert_queens_model(&text, 6);
}

/// Checks the `v` lines of `sat`'s answer against `nqueens cnf n`'s clauses ourselves, and the
/// board they place.
fn assert_queens_model(text: &str, n: usize) {
    let cnf = dimacs::read(&stdout(&run(&["cnf", &n.to_string()])), Deadline::NONE).unwrap();
    let values: Vec<i64> = text
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .flat_map(|l| l.split_whitespace().map(|t| t.parse::<i64>().unwrap()))
        .collect();
    assert_eq!(values.last(), Some(&0));
    let model = values
        .iter()
        .filter(|&&v| v != 0)
        .map(|&v| {
            let variable = cnf
                .variable(usize::try_from(v.unsigned_abs()).unwrap())
                .unwrap();
            nqueens::Literal::new(variable, v > 0)
        })
        .collect();
    assert!(cnf.clauses.is_satisfied_by(&model));
    let board = nqueens::queens::decode(&model, n).unwrap();
    assert!(board.is_solution());
}

#[test]
fn sat_simplifies_on_request_and_says_what_went() {
    let path = std::env::temp_dir().join(format!("nqueens-cli-simp-{}.cnf", std::process::id()));
    std::fs::write(&path, stdout(&run(&["cnf", "8", "--amo", "sequential"]))).unwrap();
    let file = path.to_str().unwrap();
    let output = run(&["sat", file, "--solver", "cdcl", "--simplify", "--stats"]);
    let refused = run(&["sat", file, "--simplify"]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(output.status.code(), Some(10), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("; simplified first: "), "{text}");
    assert!(text.contains(" variables eliminated ("), "{text}");
    assert_refused(&refused, 2, "--simplify needs --solver cdcl");
}

#[test]
fn sat_takes_a_seed_the_same_seed_the_same_model() {
    let path = std::env::temp_dir().join(format!("nqueens-cli-seed-{}.cnf", std::process::id()));
    std::fs::write(&path, stdout(&run(&["cnf", "10"]))).unwrap();
    let file = path.to_str().unwrap();
    let with = |seed: &str| {
        let args = [
            "sat",
            file,
            "--solver",
            "cdcl",
            "--decide",
            "shortest-clause",
            "--seed",
        ];
        run(&[&args[..], &[seed]].concat())
    };
    let (first, again, other) = (with("5"), with("5"), with("6"));
    let refused = run(&["sat", file, "--seed", "5"]);
    let negative = run(&["sat", file, "--solver", "cdcl", "--seed", "-1"]);
    std::fs::remove_file(&path).unwrap();
    for output in [&first, &other] {
        assert_eq!(output.status.code(), Some(10), "{}", stderr(output));
        assert_queens_model(&stdout(output), 10);
    }
    assert_eq!(
        stdout(&first),
        stdout(&again),
        "the same seed, the same search"
    );
    assert_ne!(
        stdout(&first),
        stdout(&other),
        "another seed, another search"
    );
    assert_refused(&refused, 2, "--seed needs --solver cdcl");
    assert_eq!(negative.status.code(), Some(2));
    assert!(
        stderr(&negative).contains("whole number"),
        "{}",
        stderr(&negative)
    );
}

#[test]
fn sat_reads_standard_input_and_reports_unsatisfiable() {
    let output = run_with_stdin(&["sat", "-"], "p cnf 1 2\n1 0\n-1 0\n");
    assert_eq!(output.status.code(), Some(20));
    assert_eq!(stdout(&output), "s UNSATISFIABLE\n");
}

#[test]
fn sat_reports_a_malformed_file_with_its_line() {
    let output = run_with_stdin(&["sat", "-"], "p cnf 2 1\n1 3 0\n");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "nqueens: standard input: line 2: literal 3 is out of range: the header declares 2 variables\n"
    );
}

#[test]
fn help_and_version_succeed() {
    let help = run(&["--help"]);
    assert!(help.status.success());
    assert!(stdout(&help).contains("solve"));
    assert!(run(&["solve", "--help"]).status.success());
    assert!(run(&["--version"]).status.success());
}

#[test]
fn svg_pictures_are_written_on_request() {
    let dir = std::env::temp_dir().join(format!("nqueens-cli-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    let cases: [(&[&str], &str, &str); 3] = [
        (
            &["solve", "8", "--svg"],
            "board.svg",
            "class=\"piece queen\"",
        ),
        (
            &["solve", "8", "--labels", "--svg"],
            "vars.svg",
            "Q&lt;8,8&gt;",
        ),
        (
            &["solve", "8", "--attacks", "3,4", "--svg"],
            "captures.svg",
            "class=\"arrow\"",
        ),
    ];
    for (args, name, needle) in cases {
        let mut args = args.to_vec();
        let path = file(name);
        args.push(&path);
        let output = run(&args);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.contains(needle), "{name} lacks {needle}");
        assert!(parse_board(&stdout(&output)).is_solution());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_picture_arguments_exit_2() {
    let never = std::env::temp_dir().join("nqueens-never-written.svg");
    let never_name = never
        .to_str()
        .expect("the temporary folder's name is UTF-8");
    let cases: [&[&str]; 4] = [
        &["solve", "8", "--labels"],
        &["solve", "8", "--attacks", "3,4"],
        &["solve", "8", "--attacks", "3", "--svg", "x.svg"],
        &["solve", "8", "--attacks", "9,1", "--svg", never_name],
    ];
    for args in cases {
        let output = run(args);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    assert!(!never.exists());
}

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
fn backtracking_is_the_lectures_search_with_a_budget() {
    let eight = run(&["solve", "8", "--method", "backtracking", "--columns"]);
    // The lecture's fill: the first solution in row-by-row, left-to-right order.
    assert_eq!(stdout(&eight).trim(), "1 5 8 6 3 7 2 4");
    let stats = run(&["solve", "8", "--method", "backtracking", "--stats"]);
    assert!(stdout(&stats).contains("nodes:"), "{}", stdout(&stats));
    for method in ["backtracking", "csp-backtracking", "csp-propagation"] {
        let starved = run(&["solve", "40", "--method", method, "--max-nodes", "50"]);
        assert_eq!(starved.status.code(), Some(1), "{method}");
        let err = stderr(&starved);
        assert!(
            err.contains("gave up") && err.contains("--max-nodes"),
            "{err}"
        );
    }
}

#[test]
fn every_method_solves_and_the_board_checks_out() {
    for method in [
        "dp",
        "csp-backtracking",
        "csp-propagation",
        "csp-min-conflicts",
        "backtracking",
    ] {
        let output = run(&["solve", "12", "--method", method, "--columns"]);
        assert!(output.status.success(), "{method}: {}", stderr(&output));
        let columns: Vec<usize> = parse_columns(&stdout(&output));
        assert!(
            Board::from_columns(&columns).unwrap().is_solution(),
            "{method}: {columns:?}"
        );
        let none = run(&["solve", "3", "--method", method]);
        assert_eq!(none.status.code(), Some(1), "{method}");
        assert_eq!(stderr(&none).lines().count(), 1);
    }
}

#[test]
fn min_conflicts_follows_its_seed_and_budget() {
    let args = |seed: &'static str| {
        [
            "solve",
            "30",
            "--method",
            "csp-min-conflicts",
            "--columns",
            "--seed",
            seed,
        ]
    };
    assert_eq!(stdout(&run(&args("5"))), stdout(&run(&args("5"))));
    let starved = run(&[
        "solve",
        "30",
        "--method",
        "csp-min-conflicts",
        "--max-steps",
        "1",
    ]);
    assert_refused(&starved, 1, "gave up");
}

#[test]
fn csp_prints_the_lectures_csp() {
    let output = run(&["csp", "4"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 3 + 12, "{text}");
    assert!(text.contains("abs(V3 - V1) != 2"));
    let huge = run(&["csp", "5000"]);
    assert_eq!(huge.status.code(), Some(2));
    assert_eq!(stderr(&huge).lines().count(), 1);
}

#[test]
fn huge_boards_by_construction_and_local_search() {
    for method in ["construct", "min-conflicts"] {
        let output = run(&["solve", "1000000", "--method", method, "--columns"]);
        assert!(output.status.success(), "{method}: {}", stderr(&output));
        let columns: Vec<u32> = parse_columns(&stdout(&output));
        assert_eq!(
            nqueens::queens::huge::verify(1_000_000, &columns),
            Ok(()),
            "{method}"
        );
        // Without --columns a board this large is summarised in one line.
        let summary = run(&["solve", "5000", "--method", method]);
        assert!(summary.status.success());
        assert_eq!(stdout(&summary).lines().count(), 1, "{method}");
        // Small boards print as boards and check out.
        let small = run(&["solve", "10", "--method", method]);
        let board = parse_board(&stdout(&small));
        assert!(board.is_solution(), "{method}");
        let none = run(&["solve", "2", "--method", method]);
        assert_eq!(none.status.code(), Some(1), "{method}");
        assert_eq!(stderr(&none).lines().count(), 1);
    }
    let starved = run(&[
        "solve",
        "100000",
        "--method",
        "min-conflicts",
        "--max-steps",
        "0",
    ]);
    assert_refused(&starved, 1, "--max-steps");
    let too_big = run(&["solve", "4000000000", "--method", "construct"]);
    assert_eq!(too_big.status.code(), Some(2));
}

#[test]
fn huge_boards_draw_an_overview() {
    let dir = std::env::temp_dir().join(format!("nqueens-cli-huge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("overview.svg");
    let output = run(&[
        "solve",
        "100000",
        "--method",
        "construct",
        "--svg",
        path.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("nqueens-overview"));
    roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let labels = run(&[
        "solve",
        "100000",
        "--method",
        "construct",
        "--svg",
        path.to_str().unwrap(),
        "--labels",
    ]);
    assert_eq!(labels.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

// Reliability findings, each tried as a new user would.

#[test]
fn sat_answers_satisfiable_when_the_file_holds_a_tautology() {
    // {x1, ¬x1} is true under every assignment; the solver drops it, the answer must not.
    let output = run_with_stdin(&["sat", "-"], "p cnf 2 2\n1 -1 0\n2 0\n");
    assert_eq!(output.status.code(), Some(10), "{}", stderr(&output));
    assert_eq!(stdout(&output), "s SATISFIABLE\nv -1 2 0\n");
}

#[test]
fn sat_stays_in_proportion_to_the_clauses_whatever_the_header_declares() {
    for header in ["p cnf 2000000000 1\n1 0\n", "p cnf 10000000 1\n-3 0\n"] {
        let output = run_with_stdin(&["sat", "-"], header);
        assert_eq!(output.status.code(), Some(10), "{}", stderr(&output));
        // One variable in the clauses: one value in the answer.
        assert_eq!(stdout(&output).lines().count(), 2, "{}", stdout(&output));
    }
    let empty = run_with_stdin(&["sat", "-"], "p cnf 2000000000 0\n");
    assert_eq!(empty.status.code(), Some(10));
    assert_eq!(stdout(&empty), "s SATISFIABLE\nv 0\n");
}

#[test]
fn sat_with_no_splits_allowed_answers_unknown_and_exits_0_as_the_readme_says() {
    let output = run_with_stdin(
        &["sat", "-", "--max-splits", "0"],
        "p cnf 3 2\n1 2 0\n-1 3 0\n",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stdout(&output).ends_with("s UNKNOWN\n"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn backtracking_refuses_a_board_it_cannot_hold_instead_of_aborting() {
    let output = run(&["solve", "1000000000000", "--method", "backtracking"]);
    assert_refused(&output, 2, "backtracking takes boards up to");
    assert_eq!(stderr(&output).lines().count(), 1);
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
fn a_failed_write_exits_non_zero() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // Not a Linux machine: nothing to try.
    };
    let output = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["cnf", "8"])
        .stdout(full)
        .output()
        .unwrap();
    assert_refused(&output, 1, "cannot write the output");
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
fn no_command_says_which_there_are_and_help_of_help_is_the_help() {
    let output = run(&[]);
    assert_refused(
        &output,
        2,
        "a command is missing: solve, count, csp, cnf or sat",
    );
    for flag in ["--help", "-h"] {
        let output = run(&["help", flag]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        assert!(
            stdout(&output).contains("Usage: nqueens"),
            "{}",
            stdout(&output)
        );
    }
}

#[test]
fn a_reader_that_goes_away_before_the_output_ends_makes_it_exit_one() {
    use std::io::Read;
    // Outputs far larger than a pipe holds (64 KiB): the reader takes one byte and closes its
    // end, so a later write finds no reader.
    for args in [
        &["cnf", "40"][..],
        &["solve", "100000", "--method", "construct", "--columns"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut reader = child.stdout.take().unwrap();
        let mut first = [0_u8; 1];
        reader.read_exact(&mut first).unwrap();
        drop(reader);
        let output = child.wait_with_output().unwrap();
        assert_refused(&output, 1, "the output was cut short");
    }
}

#[test]
fn control_characters_in_the_input_are_written_out_in_the_message() {
    // A token that would retitle the terminal, ring its bell and clear it, and a record
    // separator that some readers take for the end of a line.
    let path = std::env::temp_dir().join("nqueens-control-characters.cnf");
    std::fs::write(&path, "p cnf 1 1\n\u{1b}]0;owned\u{7}\u{1b}[2J\u{1e}x 0\n").unwrap();
    let output = run(&["sat", path.to_str().unwrap()]);
    assert_refused(
        &output,
        2,
        "'\\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{1e}x' is not a literal",
    );
    let err = stderr(&output);
    assert!(!err.chars().any(|c| c.is_control() && c != '\n'), "{err:?}");
    assert_eq!(err.lines().count(), 1, "{err:?}");
}

#[test]
fn a_closed_standard_output_exits_one_with_the_reason() {
    // `>&-` closes the descriptor; the answer has nowhere to go, for an answer or a help text.
    for args in ["solve 8", "sat /dev/null", "--help"] {
        let output = Command::new("sh")
            .args([
                "-c",
                &format!("exec \"$0\" {args} >&-"),
                env!("CARGO_BIN_EXE_nqueens"),
            ])
            .output()
            .unwrap();
        assert_refused(&output, 1, "standard output is closed");
    }
}

#[test]
fn labels_and_attacks_are_two_pictures_so_both_at_once_is_refused() {
    let path = std::env::temp_dir().join("nqueens-labels-and-attacks.svg");
    let output = run(&[
        "solve",
        "8",
        "--svg",
        path.to_str().unwrap(),
        "--labels",
        "--attacks",
        "3,3",
    ]);
    assert_refused(&output, 2, "cannot be used with");
    assert!(!path.exists());
}

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
fn sat_with_cdcl_answers_and_proves_in_the_files_numbers() {
    // Satisfiable: a model in `v` lines, exit 10.
    let output = run_with_stdin(
        &["sat", "-", "--solver", "cdcl"],
        "p cnf 3 2\n1 -2 0\n2 3 0\n",
    );
    assert_eq!(output.status.code(), Some(10), "{}", stderr(&output));
    assert!(stdout(&output).contains("s SATISFIABLE"));
    // Unsatisfiable with numbers that are not 1..n: the proof must use the file's numbers.
    let dir = std::env::temp_dir().join(format!("nqueens-drat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let proof_path = dir.join("proof.drat");
    let cnf = "p cnf 9 4\n5 9 0\n-5 9 0\n5 -9 0\n-5 -9 0\n";
    let output = run_with_stdin(
        &[
            "sat",
            "-",
            "--solver",
            "cdcl",
            "--proof",
            proof_path.to_str().unwrap(),
        ],
        cnf,
    );
    assert_eq!(output.status.code(), Some(20), "{}", stderr(&output));
    let proof = read_drat(&std::fs::read_to_string(&proof_path).unwrap());
    let clauses = vec![vec![5, 9], vec![-5, 9], vec![5, -9], vec![-5, -9]];
    assert!(
        nqueens::cdcl::drat::check(9, &clauses, &proof).is_ok(),
        "{proof:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // Eight queens' clauses through the pipe, and two queens' (unsatisfiable).
    let eight = stdout(&run(&["cnf", "8"]));
    let output = run_with_stdin(&["sat", "-", "--solver", "cdcl", "--stats"], &eight);
    assert_eq!(output.status.code(), Some(10));
    assert!(stdout(&output).contains("decisions"), "{}", stdout(&output));
    let two = stdout(&run(&["cnf", "2"]));
    let output = run_with_stdin(&["sat", "-", "--solver", "cdcl"], &two);
    assert_eq!(output.status.code(), Some(20));
    // A proof needs the CDCL solver.
    // (Refused before the input is read.)
    let output = run(&["sat", "queens.cnf", "--proof", "x.drat"]);
    assert_refused(&output, 2, "--solver cdcl");
}

#[test]
fn linear_clauses_go_through_the_cdcl_solver_in_numbers() {
    // `cnf --amo sequential` writes plain numbers: the queens first, row by row.
    let text = stdout(&run(&["cnf", "12", "--amo", "sequential"]));
    assert!(
        text.starts_with("p cnf "),
        "{}",
        &text[..40.min(text.len())]
    );
    assert!(!text.contains("c var"));
    for decide in ["vsids", "shortest-clause"] {
        let output = run_with_stdin(&["sat", "-", "--solver", "cdcl", "--decide", decide], &text);
        assert_eq!(output.status.code(), Some(10), "{}", stderr(&output));
        let values: Vec<i64> = stdout(&output)
            .lines()
            .filter_map(|l| l.strip_prefix("v "))
            .flat_map(|l| l.split_whitespace().map(|t| t.parse::<i64>().unwrap()))
            .collect();
        let columns: Vec<usize> = (0..12)
            .map(|r| {
                let row: Vec<usize> = (0..12)
                    .filter(|&c| values.contains(&(r * 12 + c + 1)))
                    .map(|c| usize::try_from(c).unwrap())
                    .collect();
                assert_eq!(row.len(), 1, "row {r}: {row:?}");
                row[0] + 1
            })
            .collect();
        let board = Board::from_columns(&columns).unwrap();
        assert!(board.is_solution(), "{decide}:\n{board}");
    }
    // The same with `solve`, and a refusal past the numbered builder's cap.
    let output = run(&[
        "solve",
        "60",
        "--method",
        "cdcl",
        "--amo",
        "binary",
        "--decide",
        "shortest-clause",
        "--columns",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let columns: Vec<usize> = parse_columns(&stdout(&output));
    assert!(Board::from_columns(&columns).unwrap().is_solution());
    let output = run(&["cnf", "5000", "--amo", "sequential"]);
    assert_refused(&output, 2, "5000");
    // The numbered reading answers as the named one does.
    let output = run_with_stdin(
        &["sat", "-", "--solver", "cdcl"],
        "p cnf 2 2\n1 -1 0\n2 0\n",
    );
    assert_eq!(stdout(&output), "s SATISFIABLE\nv -1 2 0\n");
    let output = run_with_stdin(
        &["sat", "-", "--solver", "cdcl"],
        "p cnf 2000000000 1\n-2000000000 0\n",
    );
    assert_eq!(stdout(&output), "s SATISFIABLE\nv -2000000000 0\n");
    let output = run_with_stdin(&["sat", "-", "--solver", "cdcl"], "p cnf 2 1\n1 3 0\n");
    assert_refused(&output, 2, "line 2");
}

/// The README shows `$ nqueens …` sessions in text blocks: each command, run, prints exactly
/// the lines shown under it, and each board shown is a solution.
#[test]
fn the_readme_sessions_print_what_they_show() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut sessions = 0;
    for block in readme.split("```text\n").skip(1) {
        let block = block.split("```").next().unwrap();
        let Some(command) = block.strip_prefix("$ nqueens ") else {
            continue;
        };
        let (command, shown) = command.split_once('\n').unwrap();
        let args: Vec<&str> = command.split_whitespace().collect();
        let output = run(&args);
        assert!(output.status.success(), "{command}: {}", stderr(&output));
        assert_eq!(stdout(&output), shown, "nqueens {command}");
        // A board of Q and . rows: one queen a row, and no two attacking.
        let rows: Vec<&str> = shown.lines().collect();
        if rows
            .iter()
            .all(|r| r.len() == rows.len() && r.chars().all(|c| c == 'Q' || c == '.'))
        {
            let columns: Vec<usize> = rows.iter().map(|r| r.find('Q').unwrap() + 1).collect();
            assert!(
                Board::from_columns(&columns).unwrap().is_solution(),
                "{command}"
            );
        }
        sessions += 1;
    }
    assert!(sessions >= 1, "the README shows no session");
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
fn negative_numbers_are_refused_by_name_and_a_missing_argument_is_named() {
    assert_refused(&run(&["solve", "8", "--seed", "-1"]), 2, "--seed <SEED>");
    assert_refused(&run(&["solve", "8", "--seed", "-1"]), 2, "whole number");
    assert_refused(
        &run(&["count", "8", "--max-nodes", "-2"]),
        2,
        "whole number",
    );
    assert_refused(&run(&["solve", "-3"]), 2, "at least one row");
    assert_refused(&run(&["solve"]), 2, "<N>");
    assert_refused(&run(&["sat"]), 2, "<FILE>");
}

#[test]
fn help_that_cannot_be_written_is_a_failure() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // not on this system
    };
    let output = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .arg("--help")
        .stdout(full)
        .output()
        .unwrap();
    assert_refused(&output, 1, "cannot write the help");
}

#[test]
fn binary_input_is_refused_at_once() {
    for file in ["/dev/zero", "/dev/urandom"] {
        if std::path::Path::new(file).exists() {
            assert_refused(&run(&["sat", file]), 2, "binary data");
        }
    }
    let zeros = run_with_stdin(&["sat", "-"], "p cnf 1 1\n1 0\n\0\0\0");
    assert_refused(&zeros, 2, "binary data (a NUL byte at byte 15)");
    // Bytes that are not UTF-8, and no NUL among them.
    let dir = std::env::temp_dir().join(format!("nqueens-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let latin = dir.join("latin1.cnf");
    std::fs::write(&latin, b"c caf\xe9\np cnf 1 1\n1 0\n").unwrap();
    assert_refused(
        &run(&["sat", latin.to_str().unwrap()]),
        2,
        "not UTF-8 at byte 6",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn comments_that_look_like_a_name_table_are_comments() {
    let text = "c var names follow\nc var 1 ¬p\np cnf 1 1\n1 0\n";
    let output = run_with_stdin(&["sat", "-"], text);
    assert_eq!(output.status.code(), Some(10), "{}", stderr(&output));
    assert!(stdout(&output).contains("v 1 0"));
    let output = run_with_stdin(&["sat", "-", "--solver", "cdcl"], text);
    assert_eq!(output.status.code(), Some(10), "{}", stderr(&output));
}

#[test]
fn a_proof_file_holds_a_proof_only_after_unsatisfiable() {
    let dir = std::env::temp_dir().join(format!("nqueens-proof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let proof = dir.join("old.drat");
    let path = proof.to_str().unwrap();
    std::fs::write(&proof, "1 0\n").unwrap();
    let sat = run_with_stdin(
        &["sat", "-", "--solver", "cdcl", "--proof", path],
        "p cnf 1 1\n1 0\n",
    );
    assert_eq!(sat.status.code(), Some(10));
    assert_eq!(
        std::fs::read_to_string(&proof).unwrap(),
        "",
        "the old proof was kept"
    );
    let unsat = run_with_stdin(
        &["sat", "-", "--solver", "cdcl", "--proof", path],
        "p cnf 1 2\n1 0\n-1 0\n",
    );
    assert_eq!(unsat.status.code(), Some(20));
    assert!(std::fs::read_to_string(&proof).unwrap().ends_with("0\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_proof_path_is_never_the_input_nor_emptied_by_a_run_that_fails() {
    let dir = std::env::temp_dir().join(format!("nqueens-proof-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let formula = dir.join("same.cnf");
    let text = "p cnf 1 2\n1 0\n-1 0\n";
    std::fs::write(&formula, text).unwrap();
    let path = formula.to_str().unwrap();
    // The input named twice, and through standard input: refused, the formula kept.
    let output = run(&["sat", path, "--solver", "cdcl", "--proof", path]);
    assert_refused(&output, 2, "that is the input file");
    let output = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(["sat", "-", "--solver", "cdcl", "--proof", path])
        .stdin(std::fs::File::open(&formula).unwrap())
        .output()
        .unwrap();
    assert_refused(&output, 2, "that is the input file");
    assert_eq!(std::fs::read_to_string(&formula).unwrap(), text);
    // A run that fails (a header error) leaves an old proof as it was, and no partial file.
    let old = dir.join("old.drat");
    std::fs::write(&old, "1 0\n").unwrap();
    let output = run_with_stdin(
        &[
            "sat",
            "-",
            "--solver",
            "cdcl",
            "--proof",
            old.to_str().unwrap(),
        ],
        "1 0\n",
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "1 0\n");
    // Not a regular file (a directory here; a FIFO would wait for a reader): refused.
    let output = run(&[
        "sat",
        path,
        "--solver",
        "cdcl",
        "--proof",
        dir.to_str().unwrap(),
    ]);
    assert_refused(&output, 2, "not a regular file");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(left.len(), 2, "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
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
fn a_budget_smaller_than_a_board_is_spent_and_said() {
    // Fewer squares than rows: the search tries them, and says how many it tried (it once
    // refused up front and said "after 0 squares tried").
    let output = run(&[
        "solve",
        "12",
        "--method",
        "backtracking",
        "--max-nodes",
        "5",
    ]);
    assert_refused(&output, 1, "after 5 squares tried");
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
fn cdcl_chooses_its_clauses_and_decisions_by_size_when_not_told() {
    // Small boards: the lecture's pairwise clauses and VSIDS.
    let small = run(&["solve", "32", "--method", "cdcl", "--stats", "--columns"]);
    assert_eq!(small.status.code(), Some(0), "{}", stderr(&small));
    let text = stdout(&small);
    assert!(
        text.contains("pairwise at-most-one") && text.contains("VSIDS"),
        "{text}"
    );
    // Larger ones, which the pairwise clauses could not even hold at 400 queens: the product
    // encoding and the shortest clause first; the board is checked here, row by row.
    let large = run(&["solve", "400", "--method", "cdcl", "--stats", "--columns"]);
    assert_eq!(large.status.code(), Some(0), "{}", stderr(&large));
    let text = stdout(&large);
    assert!(
        text.contains("product at-most-one") && text.contains("shortest clause first"),
        "{text}"
    );
    let columns: Vec<u32> = parse_columns(text.lines().next().unwrap());
    nqueens::queens::huge::verify(400, &columns).unwrap();
    // What the user gives wins.
    let told = run(&["solve", "400", "--method", "cdcl", "--amo", "pairwise"]);
    assert_refused(&told, 2, "up to 372×372");
}

/// A fresh directory for one test's files.
fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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
