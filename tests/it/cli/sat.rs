//! `nqueens sat` and `nqueens cnf`: answers as SAT solvers give them, DIMACS in and out, proofs.

#[allow(clippy::wildcard_imports)]
use super::*;

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
