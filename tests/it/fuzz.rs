//! A fuzz harness for what users hand the crate: DIMACS files and the CSP's constraint
//! expressions (the two parsers), and the command line itself, its options and the files it
//! reads (DIMACS texts, a count's result files). Seeded mutations of valid inputs (bytes flipped,
//! dropped, doubled, tokens spliced in from a dictionary of the formats' own words and of
//! troublemakers); every input must give an answer or an error, never a panic, and whatever the
//! parsers accept must survive a round trip through the writer. The command line must answer
//! with one of its exit codes (0, 1, 2, 10, 20), never a panic, a signal or a hang, also when
//! given a FIFO no one writes or a standard output whose reader has gone, and must write what
//! it says as plain text, whatever control characters its input held.
//!
//! `cargo test --release --test fuzz` runs a fixed number of cases, the same ones every time (a
//! failure prints the input that caused it). `NQUEENS_FUZZ_SECONDS=600` keeps going with fresh
//! seeds until that much time has passed.

use nqueens::{Budget, Deadline};
use std::io::Read as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use nqueens::csp::{self, Csp};
use nqueens::logic::dimacs;
use nqueens::rng::Rng;

/// Valid inputs the mutations start from.
const DIMACS_SEEDS: [&str; 4] = [
    "p cnf 3 2\n1 -2 0\n2 3 -1 0\n",
    "c var 1 Q<1,1>\nc var 2 Q<1,2>\np cnf 2 1\n-1 -2 0\n",
    "c a comment\np cnf 5 3\n1 2 3 4 5 0\n-1 0 -5\n0\n%\n0\n",
    "p cnf 0 0\n",
];

/// Words of the DIMACS format, and some that should upset a reader.
const DIMACS_WORDS: [&str; 19] = [
    "p",
    "cnf",
    "c",
    "var",
    "0",
    "-",
    "%",
    "\n",
    " ",
    "2147483647",
    "-2147483648",
    "2147483648",
    "99999999999999999999",
    "Q<1,1>",
    "¬",
    "\u{feff}",
    // A terminal's escape sequences, a bell and a separator some readers end a line at: an
    // error that quotes them must write them out.
    "\u{1b}]0;t\u{7}\u{1b}[2J",
    "\u{7}",
    "\u{1e}",
];

const EXPR_SEEDS: [&str; 5] = [
    "V1 != V2",
    "abs(V2 - V1) != 1",
    "A + B == C",
    "(A - 2) * (B + 3) <= -C",
    "abs(abs(A) - abs(B - C)) > 0",
];

const EXPR_WORDS: [&str; 17] = [
    "abs(",
    "(",
    ")",
    "+",
    "-",
    "*",
    "==",
    "!=",
    "<=",
    ">=",
    "<",
    ">",
    "A",
    "V1",
    "9223372036854775807",
    "-9223372036854775808",
    "99999999999999999999999",
];

/// One mutation of `text`, drawn from `rng`.
fn mutate(rng: &mut Rng, text: &str, words: &[&str]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        match rng.below(5) {
            0 if at < bytes.len() => {
                bytes.remove(at);
            }
            1 if at < bytes.len() => bytes[at] ^= 1 << rng.below(8),
            2 => {
                let word = words[rng.below(words.len())];
                bytes.splice(at..at, word.bytes());
            }
            3 if at < bytes.len() => {
                let end = (at + rng.below(8)).min(bytes.len());
                let piece = bytes[at..end].to_vec();
                bytes.splice(at..at, piece);
            }
            _ => {
                let cut = (at + rng.below(4)).min(bytes.len());
                bytes.truncate(cut.max(at));
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Reads `text` both ways; what is accepted is written and read back to the same clauses.
fn check_dimacs(text: &str) -> bool {
    let named = dimacs::read(text, Deadline::NONE);
    let numbers = dimacs::read_numbers(text, Deadline::NONE);
    if let Ok(named) = named {
        let written = dimacs::write(&named.clauses);
        let again =
            dimacs::read(&written, Deadline::NONE).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(again.clauses, named.clauses, "{text:?}");
        // What the named reader takes, the numbers reader takes too.
        assert!(numbers.is_ok(), "{text:?}");
        return true;
    }
    false
}

/// Parses `text` as a constraint over A, B, C, V1, V2; what is accepted is printed and parsed
/// back to the same expression, and evaluates without a panic.
fn check_expression(text: &str) -> bool {
    let names = ["A", "B", "C", "V1", "V2"];
    let Ok(problem) = Csp::new(&names, -3..=3, &[text]) else {
        return false;
    };
    let constraint = &problem.constraints()[0];
    let shown = problem.constraint_text(constraint);
    let again = Csp::new(&names, -3..=3, &[shown.as_str()])
        .unwrap_or_else(|e| panic!("{text:?} printed as {shown:?}: {e}"));
    assert_eq!(
        again.constraints()[0].expr(),
        constraint.expr(),
        "{text:?} → {shown:?}"
    );
    for values in [[0; 5], [3, -3, 2, -1, 1], [i64::MAX, i64::MIN, -1, 1, 0]] {
        let _ = constraint.holds(&values);
    }
    let _ = csp::backtracking(&problem, &Budget::default());
    true
}

/// Runs `check` on `cases` mutations of the seeds (or for the seconds asked in the
/// environment), reports the first input that panics, and returns how many cases ran and how
/// many of them the parser accepted.
fn fuzz(seeds: &[&str], words: &[&str], cases: usize, check: fn(&str) -> bool) -> (usize, usize) {
    let seconds = std::env::var("NQUEENS_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok());
    let until = seconds.map(|s| Instant::now() + Duration::from_secs(s));
    let mut rng = Rng::new(2026);
    let (mut done, mut accepted) = (0, 0);
    while match until {
        Some(end) => Instant::now() < end,
        None => done < cases,
    } {
        let seed = seeds[rng.below(seeds.len())];
        let mut text = mutate(&mut rng, seed, words);
        // Now and then a second round of mutations on top of the first.
        if rng.chance(1, 3) {
            text = mutate(&mut rng, &text, words);
        }
        let quiet = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let outcome = catch_unwind(AssertUnwindSafe(|| check(&text)));
        std::panic::set_hook(quiet);
        if let Err(payload) = &outcome {
            let why = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            panic!("case {done}: input {text:?}: {why}");
        }
        accepted += usize::from(outcome.unwrap_or(false));
        done += 1;
    }
    (done, accepted)
}

#[test]
fn dimacs_reading_never_panics_and_round_trips() {
    for seed in DIMACS_SEEDS {
        check_dimacs(seed);
        assert!(dimacs::read(seed, Deadline::NONE).is_ok(), "{seed:?}");
    }
    let (done, accepted) = fuzz(&DIMACS_SEEDS, &DIMACS_WORDS, 20_000, check_dimacs);
    // Both ways are exercised: many mutants are refused, and a good share still read.
    assert!(
        accepted * 20 > done && accepted < done,
        "{accepted} of {done} accepted"
    );
}

#[test]
fn constraint_parsing_never_panics_and_round_trips() {
    for seed in EXPR_SEEDS {
        assert!(
            Csp::new(&["A", "B", "C", "V1", "V2"], 0..=1, &[seed]).is_ok(),
            "{seed:?}"
        );
    }
    let (done, accepted) = fuzz(&EXPR_SEEDS, &EXPR_WORDS, 20_000, check_expression);
    assert!(
        accepted * 20 > done && accepted < done,
        "{accepted} of {done} accepted"
    );
}

/// Command lines the mutations start from; `{dimacs}`, `{result}` and `{dir}` stand for a
/// (mutated) DIMACS file, a (mutated) result file of a count's part, and a scratch folder.
const COMMAND_SEEDS: [&[&str]; 15] = [
    &["solve", "8"],
    &[
        "solve",
        "12",
        "--method",
        "cdcl",
        "--amo",
        "sequential",
        "--stats",
    ],
    &[
        "solve",
        "30",
        "--method",
        "min-conflicts",
        "--seed",
        "3",
        "--columns",
    ],
    &[
        "solve",
        "9",
        "--method",
        "backtracking",
        "--max-nodes",
        "500",
    ],
    &["solve", "10", "--method", "csp-propagation"],
    &[
        "solve",
        "7",
        "--method",
        "dp",
        "--heuristic",
        "jw",
        "--encoding",
        "one-hot",
    ],
    &["count", "8", "--fundamental", "--dir", "{dir}"],
    &[
        "count",
        "10",
        "--method",
        "halves",
        "--threads",
        "2",
        "--dir",
        "{dir}",
    ],
    &[
        "count", "9", "--parts", "3", "--part", "1", "--dir", "{dir}",
    ],
    &["count", "9", "--merge", "{result}", "--dir", "{dir}"],
    // A FIFO no one writes: refused by a merge (as a word, `{fifo}` also reaches `sat`, which
    // waits for a writer only up to its time limit).
    &["count", "9", "--merge", "{result}", "{fifo}"],
    &["csp", "5"],
    &["cnf", "6", "--encoding", "one-hot"],
    &["sat", "{dimacs}", "--stats"],
    &[
        "sat",
        "{dimacs}",
        "--solver",
        "cdcl",
        "--decide",
        "shortest-clause",
    ],
];

/// Words a mutated command line may take: options of every command, values good and bad,
/// paths that are no file, a folder, a device.
const COMMAND_WORDS: [&str; 35] = [
    "--method",
    "--time-limit",
    "--max-nodes",
    "--max-steps",
    "--max-splits",
    "--seed",
    "--parts",
    "--part",
    "--merge",
    "--resume",
    "--dir",
    "--proof",
    "--svg",
    "--columns",
    "--threads",
    "--checkpoint-every",
    "-",
    "0",
    "1",
    "3",
    "-7",
    "2.5",
    "nan",
    "1e400",
    "18446744073709551616",
    "999999999999",
    "",
    "ü",
    "/",
    "/dev/null",
    "/nonexistent/x",
    "{dir}",
    "{fifo}",
    "\u{1b}]0;t\u{7}",
    "x\u{1e}y",
];

/// The commands that take `--time-limit`: every fuzzed run of them gets one (but a merge, which
/// counts nothing and refuses it), so that a mutated size can make a run long but never endless.
const TIMED: [&str; 3] = ["solve", "count", "sat"];

/// One mutation of a command line: an argument dropped, doubled, swapped with another, or
/// replaced by or joined with a word.
fn mutate_args(rng: &mut Rng, args: &[String]) -> Vec<String> {
    let mut args = args.to_vec();
    // A third of the calls keep their command line whole: their files are what is mutated.
    for _ in 0..rng.below(3) {
        let word = COMMAND_WORDS[rng.below(COMMAND_WORDS.len())].to_owned();
        let at = rng.below(args.len() + 1);
        match rng.below(5) {
            0 if at < args.len() && at > 0 => {
                args.remove(at);
            }
            1 if at < args.len() => args.insert(at, args[at].clone()),
            2 if at < args.len() => args[at] = word,
            3 if args.len() > 2 => {
                let other = 1 + rng.below(args.len() - 1);
                let at = 1 + at % (args.len() - 1);
                args.swap(at, other);
            }
            _ => args.insert(at.max(1), word),
        }
    }
    args
}

/// Runs the command line in `folder` (so that a mutated relative path writes there, never in
/// the repository), killed after `patience`, its standard output discarded or, with
/// `broken_pipe`, a pipe whose reader has gone; returns its exit code (None for a signal) and
/// what it wrote on stderr. A run still going after `patience` is a hang.
fn run_bounded(
    args: &[String],
    folder: &Path,
    patience: Duration,
    broken_pipe: bool,
) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nqueens"))
        .args(args)
        .current_dir(folder)
        .stdin(Stdio::null())
        .stdout(if broken_pipe {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A reader that goes away at once: every write to standard output finds no reader.
    drop(child.stdout.take());
    let mut stderr = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > patience {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{args:?} still ran after {patience:?}: a hang");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    (status.code(), reader.join().unwrap_or_default())
}

/// A scratch folder of the CLI fuzz: a valid result file of part 1 of 3 of nine queens, to be
/// mutated, and a DIMACS file.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-fuzz-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let dir_arg = dir.to_str().unwrap().to_owned();
    let made = [
        "count", "9", "--parts", "3", "--part", "1", "--dir", &dir_arg,
    ];
    let (code, err) = run_bounded(
        &made.map(str::to_owned),
        &dir,
        Duration::from_secs(60),
        false,
    );
    assert_eq!(code, Some(0), "{err}");
    dir
}

/// The one file of `dir` whose name ends so.
fn file_ending(dir: &Path, ending: &str) -> PathBuf {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|path| path.to_string_lossy().ends_with(ending))
        .unwrap_or_else(|| panic!("no file ending in {ending} in {}", dir.display()))
}

#[test]
fn the_command_line_answers_every_mutated_call_with_an_exit_code() {
    let dir = scratch();
    let result = std::fs::read_to_string(file_ending(&dir, ".count")).unwrap();
    let seconds = std::env::var("NQUEENS_FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok());
    let until = seconds.map(|s| Instant::now() + Duration::from_secs(s));
    let mut rng = Rng::new(2027);
    let (mut done, mut refused) = (0_usize, 0_usize);
    while match until {
        Some(end) => Instant::now() < end,
        None => done < 400,
    } {
        let work = dir.join(format!("case-{}", done % 4));
        let _ = std::fs::remove_dir_all(&work);
        std::fs::create_dir_all(&work).unwrap();
        let seed = COMMAND_SEEDS[rng.below(COMMAND_SEEDS.len())];
        let dimacs = work.join("input.cnf");
        let text = DIMACS_SEEDS[rng.below(DIMACS_SEEDS.len())];
        std::fs::write(&dimacs, mutate(&mut rng, text, &DIMACS_WORDS)).unwrap();
        let result_file = work.join("part.count");
        let ledger = if rng.chance(1, 2) {
            mutate(
                &mut rng,
                &result,
                &["0", "9", "\n", "nqueens", "-1", "99999999999999999999"],
            )
        } else {
            result.clone()
        };
        std::fs::write(&result_file, ledger).unwrap();
        let fifo = work.join("pipe");
        // Without mkfifo the path is a missing file, refused like any other.
        let _ = Command::new("mkfifo").arg(&fifo).status();
        let fill = |arg: &str| {
            arg.replace("{dimacs}", dimacs.to_str().unwrap())
                .replace("{fifo}", fifo.to_str().unwrap())
                .replace("{result}", result_file.to_str().unwrap())
                .replace("{dir}", work.to_str().unwrap())
        };
        let start: Vec<String> = seed.iter().map(|arg| fill(arg)).collect();
        let mut args: Vec<String> = mutate_args(&mut rng, &start)
            .iter()
            .map(|a| fill(a))
            .collect();
        if TIMED.contains(&args[0].as_str()) && !args.iter().any(|a| a == "--merge") {
            args.extend(["--time-limit".to_owned(), "2".to_owned()]);
        }
        let broken_pipe = rng.chance(1, 4);
        let (code, stderr) = run_bounded(&args, &work, Duration::from_secs(30), broken_pipe);
        assert!(
            matches!(code, Some(0 | 1 | 2 | 10 | 20)),
            "case {done}: {args:?} exited with {code:?}: {stderr}"
        );
        assert!(
            !stderr.contains("panicked"),
            "case {done}: {args:?}: {stderr}"
        );
        // Whatever the input held, what the program says is plain lines of text.
        assert!(
            !stderr.chars().any(|c| c.is_control() && c != '\n'),
            "case {done}: {args:?}: a control character on stderr: {stderr:?}"
        );
        refused += usize::from(code == Some(2));
        done += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    // Both ways are exercised: many calls are refused, and a good share still run.
    assert!(
        refused * 10 > done && refused * 10 < done * 9,
        "{refused} of {done} refused"
    );
    eprintln!("{done} command lines, {refused} refused");
}
