//! A count cut into pieces: parts that add up to the published counts, ledgers that survive
//! being written out and read back (and are refused when damaged or of another split), a count
//! stopped midway that goes on to the same answer, and a time limit that holds on boards far
//! too large to count.

use nqueens::Budget;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use nqueens::queens::{
    self, CountMethod, CountOptions, Ledger, Part, QueensError, count_ledger, merge,
};

/// Every part of `n` queens by `method` in `k` parts, each counted on its own.
fn parts(n: usize, method: CountMethod, k: usize) -> Vec<Ledger> {
    (0..k)
        .map(|i| {
            let mut ledger = Ledger::new(n, method, Part::new(i, k).unwrap()).unwrap();
            count_ledger(&mut ledger, &CountOptions::default()).unwrap();
            assert!(ledger.is_complete());
            ledger
        })
        .collect()
}

#[test]
fn the_parts_of_a_count_add_up_to_the_whole_whatever_the_split() {
    for n in [4, 5, 8, 11, 12, 13] {
        let whole = queens::count_both(n, &CountOptions::default()).unwrap();
        for method in [CountMethod::Bitboard, CountMethod::Halves] {
            let total = Ledger::new(n, method, Part::WHOLE).unwrap().pieces_in_all();
            for k in [1, 2, 3, 7].into_iter().filter(|&k| k <= total) {
                let ledgers = parts(n, method, k);
                // Every piece of the count in exactly one part.
                let pieces: usize = ledgers.iter().map(|l| l.pieces().0).sum();
                assert_eq!(pieces, ledgers[0].pieces_in_all(), "n = {n}, {k} parts");
                let tally = merge(&ledgers).unwrap();
                assert_eq!(tally.all, whole.all, "n = {n}, {method:?}, {k} parts");
                if method == CountMethod::Bitboard {
                    assert_eq!(tally.fundamental, Some(whole.fundamental), "n = {n}");
                }
            }
        }
    }
}

#[test]
fn the_snake_deals_each_piece_to_one_part_and_the_parts_even_shares() {
    for k in [1, 2, 5, 8] {
        for piece in 0..100 {
            let owners = (0..k)
                .filter(|&i| Part::new(i, k).unwrap().takes(piece))
                .count();
            assert_eq!(owners, 1, "piece {piece}, {k} parts");
        }
        // Any 2k consecutive pieces give each part two.
        for i in 0..k {
            let part = Part::new(i, k).unwrap();
            assert_eq!((10..10 + 2 * k).filter(|&p| part.takes(p)).count(), 2);
        }
    }
}

#[test]
fn a_ledger_reads_back_as_written_and_refuses_damage_and_other_splits() {
    let ledger = &parts(12, CountMethod::Halves, 3)[1];
    let text = ledger.to_text();
    let read = Ledger::from_text(&text).unwrap();
    assert_eq!(read.to_text(), text);
    assert_eq!(
        (read.tally(), read.pieces()),
        (ledger.tally(), ledger.pieces())
    );
    // A changed count, with the check line left as it was.
    let forged = text.replace(
        &format!("solutions {}", ledger.solutions()),
        &format!("solutions {}", ledger.solutions() + 1),
    );
    assert_ne!(forged, text);
    let error = Ledger::from_text(&forged).unwrap_err();
    assert!(error.to_string().contains("damaged"), "{error}");
    // A checksum of other pieces, with a check line that matches it: another split.
    let body = text[..text.rfind("check ").unwrap()].replace(
        &format!("covers {:016x}", ledger.covers()),
        &format!("covers {:016x}", ledger.covers() ^ 1),
    );
    let other = format!("{body}check {:016x}\n", fnv(&body));
    let error = Ledger::from_text(&other).unwrap_err();
    assert!(error.to_string().contains("not this version's"), "{error}");
    for junk in ["", "hello\n", "nqueens count ledger 1\ncheck 0\n"] {
        assert!(Ledger::from_text(junk).is_err(), "{junk:?}");
    }
}

/// FNV-1a 64 of a text (the ledger's check line), written out here as the published algorithm.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn merging_refuses_a_missing_a_repeated_an_unfinished_or_a_foreign_part() {
    let ledgers = parts(10, CountMethod::Bitboard, 4);
    let missing = merge(&ledgers[..3]).unwrap_err();
    assert!(missing.to_string().contains("missing: 3"), "{missing}");
    let twice = [ledgers.clone(), vec![ledgers[2].clone()]].concat();
    assert!(merge(&twice).unwrap_err().to_string().contains("twice"));
    let mut fresh = ledgers.clone();
    fresh[1] = Ledger::new(10, CountMethod::Bitboard, Part::new(1, 4).unwrap()).unwrap();
    assert!(
        merge(&fresh)
            .unwrap_err()
            .to_string()
            .contains("not finished")
    );
    let mut foreign = ledgers.clone();
    foreign[0] = parts(11, CountMethod::Bitboard, 4).swap_remove(0);
    assert!(
        merge(&foreign)
            .unwrap_err()
            .to_string()
            .contains("different counts")
    );
    assert!(merge(&[]).is_err());
}

#[test]
fn a_count_taken_up_from_a_ledger_saved_midway_gives_the_same_answer() {
    for method in [CountMethod::Bitboard, CountMethod::Halves] {
        let n = 13;
        let whole = queens::count_both(n, &CountOptions::default()).unwrap().all;
        // The ledger as written out after the 25th piece, as a checkpoint would be.
        let saved = Mutex::new(None);
        let checkpoint = |ledger: &Ledger| {
            let mut saved = saved.lock().unwrap();
            if saved.is_none() && ledger.pieces().1 == 25 {
                *saved = Some(ledger.to_text());
            }
        };
        let options = CountOptions {
            threads: 2,
            checkpoint: Some(&checkpoint),
            ..CountOptions::default()
        };
        let mut first = Ledger::new(n, method, Part::WHOLE).unwrap();
        count_ledger(&mut first, &options).unwrap();
        let text = saved
            .into_inner()
            .unwrap()
            .expect("a ledger after 25 pieces");
        let mut resumed = Ledger::from_text(&text).unwrap();
        assert_eq!(resumed.pieces().1, 25);
        assert!(!resumed.is_complete() && resumed.tally().is_none());
        count_ledger(&mut resumed, &CountOptions::default()).unwrap();
        assert_eq!(resumed.solutions(), whole, "{method:?}");
        assert_eq!(resumed.tally(), first.tally(), "{method:?}");
    }
}

#[test]
fn a_time_limit_stops_a_count_far_too_large_and_keeps_only_whole_pieces() {
    for (n, method) in [(32, CountMethod::Bitboard), (21, CountMethod::Halves)] {
        let mut ledger = Ledger::new(n, method, Part::WHOLE).unwrap();
        let options = CountOptions {
            budget: Budget::time(Duration::from_millis(300)),
            ..CountOptions::default()
        };
        let start = Instant::now();
        let error = count_ledger(&mut ledger, &options).unwrap_err();
        // Far too large to count in the test's time: it stopped, rather than hung.
        assert!(start.elapsed() < Duration::from_secs(30), "{n}");
        assert!(matches!(error, QueensError::GaveUp { .. }), "{error}");
        assert!(!ledger.is_complete() && ledger.tally().is_none());
    }
    // The lectures' searches and the SAT count obey it too.
    for method in [
        CountMethod::Backtracking,
        CountMethod::Csp,
        CountMethod::Sat(queens::Encoding::Lecture),
    ] {
        let n = if matches!(method, CountMethod::Sat(_)) {
            12
        } else {
            30
        };
        let options = CountOptions {
            budget: Budget::time(Duration::from_millis(100)),
            ..CountOptions::default()
        };
        let error = queens::count_by(n, method, &options).unwrap_err();
        assert!(
            matches!(error, QueensError::GaveUp { .. }),
            "{method:?}: {error}"
        );
    }
}

#[test]
fn ledgers_are_only_for_the_methods_with_pieces_and_parts_no_more_than_pieces() {
    let csp = Ledger::new(8, CountMethod::Csp, Part::WHOLE).unwrap_err();
    assert!(csp.to_string().contains("bitboard and halves"), "{csp}");
    let many = Ledger::new(8, CountMethod::Bitboard, Part::new(0, 1000).unwrap()).unwrap_err();
    assert!(many.to_string().contains("at most"), "{many}");
    assert!(Part::new(3, 3).is_err() && Part::new(0, 0).is_err());
    assert!(Ledger::new(22, CountMethod::Halves, Part::WHOLE).is_err());
    assert!(Ledger::new(33, CountMethod::Bitboard, Part::WHOLE).is_err());
    assert!(Ledger::new(0, CountMethod::Bitboard, Part::WHOLE).is_err());
}

#[test]
fn the_bitboard_pieces_are_distinct_beginnings_of_boards_one_for_each_piece_of_the_count() {
    for n in 4..=12 {
        let pieces = queens::bitboard_pieces(n).unwrap();
        let ledger = Ledger::new(n, CountMethod::Bitboard, Part::WHOLE).unwrap();
        assert_eq!(pieces.len(), ledger.pieces_in_all(), "n = {n}");
        for queens in &pieces {
            assert!(
                !queens.is_empty() && queens.len() < n,
                "n = {n}: {queens:?}"
            );
            // The queens of the first rows attack no one another.
            for (r1, &c1) in queens.iter().enumerate() {
                for (r2, &c2) in queens.iter().enumerate().skip(r1 + 1) {
                    assert!(
                        c1 != c2 && c1.abs_diff(c2) != r2 - r1,
                        "n = {n}: {queens:?}"
                    );
                }
            }
        }
        let mut distinct = pieces.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), pieces.len(), "n = {n}");
    }
    assert_eq!(
        queens::bitboard_pieces(3).unwrap(),
        vec![Vec::<usize>::new()]
    );
    assert!(queens::bitboard_pieces(0).is_err() && queens::bitboard_pieces(33).is_err());
}
