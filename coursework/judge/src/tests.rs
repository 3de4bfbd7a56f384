use super::*;
use nqueens::Square;
use nqueens_checkers::answers::collected;

#[test]
fn the_judge_agrees_with_the_checker_run_in_place() {
    // A rook that forgets its column: the same report whether the checker runs beside the
    // function or the judge runs it on the function's answers.
    let wrong = |s: Square, size: usize| -> Vec<Square> {
        (1..=size)
            .filter(|&c| c != s.col)
            .map(|c| Square::new(s.row, c))
            .collect()
    };
    for seed in [None, Some(5)] {
        let inputs = inputs("check_rook_sees", seed).unwrap();
        let shown = collected(&inputs, |(s, n): (Square, usize)| wrong(s, n));
        let judged = judge("check_rook_sees", seed, Shown::finished(&shown)).unwrap();
        let in_place = match seed {
            Some(seed) => hidden::run(seed, || nqueens_checkers::check_rook_sees(wrong)),
            None => nqueens_checkers::check_rook_sees(wrong),
        };
        // The same words, verdict and parts; the drawings differ only in their ids.
        assert_eq!(judged.text(), in_place.text());
        assert_eq!(
            (judged.passed(), judged.parts()),
            (in_place.passed(), in_place.parts())
        );
        assert_eq!(judged.picture().is_some(), in_place.picture().is_some());
        assert!(!judged.passed());
    }
}

#[test]
fn every_checker_passes_its_reference_and_fails_a_panic() {
    for checker in checkers() {
        let text = inputs(checker, None).unwrap();
        let wire::Value::List(items) = wire::Value::parse(&text).unwrap() else {
            panic!("{checker}: the inputs are not a list");
        };
        let count = items.len();
        assert!(count > 0, "{checker}");
        let panicked = (0..count)
            .map(|i| format!("{ANSWER}{i} [\"panicked\",\"not yet\"]\n"))
            .collect::<Vec<_>>()
            .concat();
        let report = judge(checker, None, Shown::finished(&panicked)).unwrap();
        assert!(!report.passed(), "{checker}");
        assert!(
            report.text().contains("not yet"),
            "{checker}: {}",
            report.text()
        );
    }
}

#[test]
fn answers_missing_doubled_late_or_unread_count_for_nothing() {
    let text = inputs("check_count", None).unwrap();
    let right = collected(&text, |(n, holes): (usize, Vec<Square>)| {
        reference::count(n, &holes)
    });
    let judged = |output: &str, stopped_at| {
        judge("check_count", None, Shown { output, stopped_at }).unwrap()
    };
    assert!(judged(&right, None).passed());
    // Other lines, and lines for inputs the judge did not send, change nothing.
    let noisy = format!("hello\n{ANSWER}999 [\"answer\",[1,1]]\n{right}{ANSWER}x y\n");
    assert!(judged(&noisy, None).passed());
    // An answer missing: the checker reports it as it reports a panic, naming why.
    let lines: Vec<&str> = right.lines().collect();
    let first_missing = lines[1..].join("\n");
    let report = judged(&first_missing, None);
    assert!(!report.passed() && report.text().contains("no answer was shown for it"));
    let report = judged(&first_missing, Some(30));
    assert!(report.text().contains("gave no answer within the 30 s"));
    // The same answer twice is one answer; two different ones are none.
    assert!(judged(&format!("{right}{}\n", lines[0]), None).passed());
    let other = lines[0].replace("[\"answer\",[1,1]]", "[\"answer\",[1,2]]");
    assert_ne!(other, lines[0]);
    let report = judged(&format!("{right}{other}\n"), None);
    assert!(
        report
            .text()
            .contains("more than one answer was shown for it")
    );
    // A long panic message is cut.
    let long = format!("{ANSWER}0 [\"panicked\",\"{}\"]\n", "x".repeat(5000));
    let report = judged(&long, None);
    assert!(report.text().contains("… (cut)") && report.text().len() < 1000);
    // An answer of the wrong shape, or a panic turned into an answer, does not read.
    let forged = right.replacen("[\"answer\",[1,1]]", "[\"answer\",\"1\"]", 1);
    assert!(judged(&forged, None).text().contains("does not read"));
    assert!(matches!(
        judge("check_nothing", None, Shown::finished("")),
        Err(JudgeError::UnknownChecker(_))
    ));
}

#[test]
fn the_command_reads_the_output_and_the_stop() {
    let text = inputs("check_luby", None).unwrap();
    let right = collected(&text, |i: u64| reference::luby(i));
    let score = |args: &[&str], input: &str| {
        let args: Vec<String> = args.iter().map(|&a| a.to_owned()).collect();
        command(&args, &mut input.as_bytes())
    };
    let full = score(&["score", "check_luby", "--points", "1"], &right).unwrap();
    assert!(
        full.starts_with("{\"points\": 1.00, \"passed\": true"),
        "{full}"
    );
    let half = right.lines().take(10).collect::<Vec<_>>().join("\n");
    let stopped = ["score", "check_luby", "--points", "1", "--stopped-at", "30"];
    let late = score(&stopped, &half).unwrap();
    assert!(late.contains("\"passed\": false") && late.contains("within the 30 s"));
    assert!(score(&["score", "check_luby", "--stopped-at", "soon"], "").is_err());
    assert!(score(&["inputs", "check_luby", "--stopped-at", "30"], "").is_err());
}
