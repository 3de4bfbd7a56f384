//! The `nqueens` program: answers checked independently, and every bad input gives one line on
//! stderr and a non-zero exit, never a panic.

use nqueens::Deadline;
use std::io::Write;
use std::process::{Command, Output, Stdio};

use nqueens::Board;
use nqueens::logic::dimacs;

use crate::common::read_drat;

mod commands;
mod count;
mod limits;
mod sat;

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

/// A fresh directory for one test's files.
fn fresh_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
