//! A fuzz harness for the two parsers that read text from users: DIMACS files and the CSP's
//! constraint expressions. Seeded mutations of valid inputs (bytes flipped, dropped, doubled,
//! tokens spliced in from a dictionary of the formats' own words and of troublemakers); every
//! input must give an answer or an error, never a panic, and whatever is accepted must survive a
//! round trip through the writer.
//!
//! `cargo test --release --test fuzz` runs a fixed number of cases, the same ones every time (a
//! failure prints the input that caused it). `NQUEENS_FUZZ_SECONDS=600` keeps going with fresh
//! seeds until that much time has passed.

use std::panic::{AssertUnwindSafe, catch_unwind};
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
const DIMACS_WORDS: [&str; 16] = [
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
    let named = dimacs::read(text);
    let numbers = dimacs::read_numbers(text);
    if let Ok(named) = named {
        let written = dimacs::write(&named.clauses);
        let again = dimacs::read(&written).unwrap_or_else(|e| panic!("{text:?}: {e}"));
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
    let _ = csp::backtracking(&problem);
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
        assert!(dimacs::read(seed).is_ok(), "{seed:?}");
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
