//! DIMACS CNF: names survive a round trip, and every malformed file names its line.

use crate::common;
use nqueens::Deadline;

use std::fmt::Write as _;

use nqueens::dp::{self, Heuristic, Options, Outcome};
use nqueens::logic::Clauses;
use nqueens::logic::dimacs::{self, DimacsError};
use nqueens::queens;
use nqueens::rng::Rng;

#[test]
fn named_clauses_survive_a_round_trip() {
    let clauses = queens::all_clauses(4).unwrap();
    let text = dimacs::write(&clauses);
    assert!(text.contains("c var 1 Q<1,1>\n"), "{text}");
    assert!(text.contains("p cnf 16 56\n"));
    let cnf = dimacs::read(&text, Deadline::NONE).unwrap();
    assert_eq!(cnf.clauses, clauses);
    assert_eq!((cnf.declared, cnf.variables.len()), (16, 16));
    assert_eq!(cnf.variable(16).unwrap().name(), "Q<4,4>");
}

#[test]
fn plain_files_get_numbered_names() {
    let text = "c a comment\np cnf 3 2\n1 -3 0\n2\n3 0\n";
    let cnf = dimacs::read(text, Deadline::NONE).unwrap();
    assert_eq!(
        cnf.clauses,
        "{x1, ¬x3}, {x2, x3}".parse::<Clauses>().unwrap()
    );
    assert_eq!(
        cnf.variables.values().map(|v| v.name()).collect::<Vec<_>>(),
        ["x1", "x2", "x3"]
    );
}

#[test]
fn a_percent_line_ends_the_file() {
    let text = "p cnf 2 1\n1 2 0\n%\n0\n\n";
    assert_eq!(dimacs::read(text, Deadline::NONE).unwrap().clauses.len(), 1);
}

#[test]
fn every_error_names_its_line() {
    let cases: [(&str, DimacsError); 13] = [
        ("1 2 0\n", DimacsError::MissingHeader { line: 1 }),
        ("c only a comment\n", DimacsError::MissingHeader { line: 1 }),
        (
            "c\np cnf x 1\n1 0\n",
            DimacsError::BadHeader {
                line: 2,
                text: "p cnf x 1".into(),
            },
        ),
        (
            "p cnf 2 1\np cnf 2 1\n",
            DimacsError::DuplicateHeader { line: 2 },
        ),
        (
            "p cnf 2 1\n1 q 0\n",
            DimacsError::BadToken {
                line: 2,
                token: "q".into(),
            },
        ),
        (
            "p cnf 2 1\n\n1 -3 0\n",
            DimacsError::OutOfRange {
                line: 3,
                literal: -3,
                variables: 2,
            },
        ),
        ("p cnf 2 1\n1 2\n", DimacsError::MissingZero { line: 2 }),
        (
            "p cnf 2 2\n1 2 0\n",
            DimacsError::ClauseCount {
                line: 1,
                declared: 2,
                found: 1,
            },
        ),
        (
            "c var 1 a\nc var 1 b\np cnf 1 1\n1 0\n",
            DimacsError::BadName {
                line: 2,
                reason: String::new(),
            },
        ),
        (
            "p cnf 3000000000 1\n2147483648 0\n",
            DimacsError::TooLarge {
                line: 1,
                what: "variables",
                count: "3000000000".to_owned(),
                max: 2_147_483_647,
            },
        ),
        (
            "p cnf 99999999999999999999 1\n1 0\n",
            DimacsError::TooLarge {
                line: 1,
                what: "variables",
                count: "99999999999999999999".to_owned(),
                max: 2_147_483_647,
            },
        ),
        (
            "p cnf 1 99999999999999999999\n1 0\n",
            DimacsError::TooLarge {
                line: 1,
                what: "clauses",
                count: "99999999999999999999".to_owned(),
                max: 1 << 32,
            },
        ),
        (
            "p cnf -1 1\n1 0\n",
            DimacsError::BadHeader {
                line: 1,
                text: "p cnf -1 1".to_owned(),
            },
        ),
    ];
    for (text, expected) in cases {
        let error = dimacs::read(text, Deadline::NONE).unwrap_err();
        match (&error, &expected) {
            (DimacsError::BadName { line, .. }, DimacsError::BadName { line: want, .. }) => {
                assert_eq!(line, want, "{text:?}");
            }
            _ => assert_eq!(error, expected, "{text:?}"),
        }
        assert!(error.to_string().starts_with("line "), "{error}");
    }
}

#[test]
fn a_name_table_that_contradicts_itself_is_refused() {
    let twice = "c var 1 a\nc var 2 a\np cnf 2 1\n1 2 0\n";
    assert!(matches!(
        dimacs::read(twice, Deadline::NONE),
        Err(DimacsError::BadName { .. })
    ));
    let clash = "c var 1 x2\np cnf 2 1\n1 2 0\n";
    assert!(matches!(
        dimacs::read(clash, Deadline::NONE),
        Err(DimacsError::BadName { .. })
    ));
}

#[test]
fn comments_that_are_not_a_name_table_entry_are_only_comments() {
    // Not an entry: words after `c var` that are not a number and a name, and entries for
    // numbers the header does not declare.
    for comment in [
        "c var names follow",
        "c var 1 ¬p",
        "c var 1 9bad",
        "c var 0 a",
        "c var",
        "c var 5 a",
        "c variables: 2",
    ] {
        let text = format!("{comment}\np cnf 2 1\n1 -2 0\n");
        let cnf =
            dimacs::read(&text, Deadline::NONE).unwrap_or_else(|e| panic!("{comment:?}: {e}"));
        assert_eq!(cnf.variable(1).unwrap().name(), "x1", "{comment:?}");
        assert_eq!(cnf.clauses.len(), 1, "{comment:?}");
        let numbers = dimacs::read_numbers(&text, Deadline::NONE).unwrap();
        assert!(numbers.names.is_empty(), "{comment:?}");
    }
    // A real entry still names its variable.
    let named = dimacs::read("c var 2 q\np cnf 2 1\n1 -2 0\n", Deadline::NONE).unwrap();
    assert_eq!(named.variable(2).unwrap().name(), "q");
}

#[test]
fn model_lines_give_every_variable_of_the_clauses_and_end_with_zero() {
    // Variable 3 is declared but in no clause: it can take either value, and is left out.
    let cnf = dimacs::read("p cnf 3 1\n1 -2 0\n", Deadline::NONE).unwrap();
    let model = "{x1}".parse::<Clauses>().unwrap();
    let model = model.iter().filter_map(nqueens::Clause::as_unit).collect();
    assert_eq!(dimacs::model_lines(&cnf, &model), "v 1 -2 0\n");
    assert!(cnf.clauses.is_satisfied_by(&cnf.completed(&model)));
}

#[test]
fn reading_takes_time_in_proportion_to_the_text_not_the_header() {
    // Two billion declared variables, one used: only the used one is named.
    let cnf = dimacs::read("p cnf 2000000000 1\n7 0\n", Deadline::NONE).unwrap();
    assert_eq!(cnf.declared, 2_000_000_000);
    assert_eq!(cnf.variables.len(), 1);
    assert_eq!(cnf.variable(7).unwrap().name(), "x7");
    let empty = dimacs::read("p cnf 2000000000 0\n", Deadline::NONE).unwrap();
    assert!(empty.variables.is_empty() && empty.clauses.is_empty());
    // The name table still may not name a number twice, or two numbers alike.
    let twice = "c var 1 a\nc var 2 a\np cnf 2 1\n1 2 0\n";
    assert!(matches!(
        dimacs::read(twice, Deadline::NONE),
        Err(DimacsError::BadName { line: 2, .. })
    ));
    let clash = "c var 1 x2\np cnf 2 1\n1 2 0\n";
    assert!(matches!(
        dimacs::read(clash, Deadline::NONE),
        Err(DimacsError::BadName { .. })
    ));
}

/// A random DIMACS text over `vars` variables in which about one clause in four is a tautology
/// (it holds some variable and its negation).
fn random_dimacs(rng: &mut Rng, vars: usize, clauses: usize) -> String {
    let mut text = format!("p cnf {vars} {clauses}\n");
    for _ in 0..clauses {
        let len = 1 + rng.below(3);
        let mut literals: Vec<i64> = (0..len)
            .map(|_| {
                let v = i64::try_from(1 + rng.below(vars)).unwrap();
                if rng.chance(1, 2) { -v } else { v }
            })
            .collect();
        if rng.chance(1, 4) {
            literals.push(-literals[0]);
        }
        for l in literals {
            let _ = write!(text, "{l} ");
        }
        text.push_str("0\n");
    }
    text
}

#[test]
fn tautologies_never_turn_a_satisfiable_file_into_a_wrong_answer() {
    let mut rng = Rng::new(2100);
    let mut with_tautologies = 0;
    for _ in 0..400 {
        let clauses = 3 + rng.below(12);
        let text = random_dimacs(&mut rng, 6, clauses);
        let cnf = dimacs::read(&text, Deadline::NONE).unwrap();
        with_tautologies += usize::from(cnf.clauses.iter().any(nqueens::Clause::is_tautology));
        let brute = common::brute_force_models(&cnf.clauses);
        for heuristic in [Heuristic::FirstVariable, Heuristic::JeroslowWang] {
            let report = dp::search(&cnf.clauses, &Options::with_heuristic(heuristic));
            match report.outcome {
                Outcome::Satisfiable(model) => {
                    // The assignment the `v` lines print satisfies every clause, tautologies too.
                    let printed = cnf.completed(&model);
                    assert!(cnf.clauses.is_satisfied_by(&printed), "{text}");
                    assert!(cnf.clauses.is_satisfied_by(&model), "{text}");
                }
                Outcome::Unsatisfiable => assert!(brute.is_empty(), "{text}"),
                Outcome::GaveUp(limit) => panic!("no budget was set: {limit:?}"),
            }
        }
    }
    assert!(with_tautologies > 100, "{with_tautologies}");
}

#[test]
fn a_byte_order_mark_is_not_part_of_the_header() {
    let read = dimacs::read("\u{feff}p cnf 2 1\n1 -2 0\n", Deadline::NONE)
        .expect("the header after a BOM");
    assert_eq!(read.clauses.len(), 1);
    let numbers =
        dimacs::read_numbers("\u{feff}p cnf 2 1\n1 -2 0\n", Deadline::NONE).expect("read");
    assert_eq!(numbers.clauses.len(), 1);
}

#[test]
fn a_long_token_is_quoted_short() {
    let token = "x".repeat(10_000);
    let error = dimacs::read(&format!("p cnf 1 1\n{token} 0\n"), Deadline::NONE)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains(&format!("'{}… (10000 bytes in all)'", "x".repeat(40))),
        "{error}"
    );
    assert!(error.len() < 200, "{error}");
    let header = format!("p cnf {}", "9".repeat(5_000));
    let error = dimacs::read(&header, Deadline::NONE)
        .unwrap_err()
        .to_string();
    assert!(error.len() < 200, "{error}");
}

#[test]
fn one_name_for_two_numbers_is_refused_by_every_reader() {
    let text = "p cnf 2 1\nc var 1 A\nc var 2 A\n1 2 0\n";
    assert!(matches!(
        dimacs::read(text, Deadline::NONE),
        Err(DimacsError::BadName { line: 3, .. })
    ));
    assert!(matches!(
        dimacs::read_numbers(text, Deadline::NONE),
        Err(DimacsError::BadName { line: 3, .. })
    ));
}

#[test]
fn a_lone_carriage_return_ends_a_line_as_a_newline_does() {
    for text in [
        "p cnf 2 1\r1 -2 0\r",
        "p cnf 2 1\r\n1 -2 0\r\n",
        "p cnf 2 1\n1 -2 0\n",
    ] {
        let read = dimacs::read(text, Deadline::NONE).expect("three ways to end a line");
        assert_eq!(read.clauses.len(), 1, "{text:?}");
    }
    // The line of an error counts lone carriage returns, and the message holds none.
    let error = dimacs::read("p cnf 1 1\rc a comment\rx 0\r", Deadline::NONE).unwrap_err();
    assert!(
        matches!(error, DimacsError::BadToken { line: 3, .. }),
        "{error:?}"
    );
    assert!(!error.to_string().contains('\r'));
}
