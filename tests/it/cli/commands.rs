//! The commands as a user meets them: solving and drawing boards, the CSP, help, and bad input
//! said in one clear line.

#[allow(clippy::wildcard_imports)]
use super::*;

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

#[test]
fn backtracking_refuses_a_board_it_cannot_hold_instead_of_aborting() {
    let output = run(&["solve", "1000000000000", "--method", "backtracking"]);
    assert_refused(&output, 2, "backtracking takes boards up to");
    assert_eq!(stderr(&output).lines().count(), 1);
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
