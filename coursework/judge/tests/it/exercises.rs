//! The coursework checkers: each passes a correct answer (the reference and one written
//! independently here) and rejects wrong ones with the first counterexample.

use nqueens::backtrack;
use nqueens::logic::{Clause, Clauses, Literal, Variable};
use nqueens::prelude::*;
use nqueens::{Direction, Piece, Square};
use nqueens_checkers::check_sees;
use nqueens_checkers::{
    check_eliminate, check_knight_sees, check_moms, check_next_generation, check_rook_sees,
    check_subsume,
};
use nqueens_judge::hidden;

/// Squares on an n×n board reached by the given steps, each taken once (a jumping piece).
fn jumps(square: Square, n: usize, steps: &[(isize, isize)]) -> Vec<Square> {
    steps
        .iter()
        .filter_map(|&(dr, dc)| {
            let r = square.row.checked_add_signed(dr)?;
            let c = square.col.checked_add_signed(dc)?;
            ((1..=n).contains(&r) && (1..=n).contains(&c)).then(|| Square::new(r, c))
        })
        .collect()
}

fn student_rook(square: Square, n: usize) -> Vec<Square> {
    // Column first, then row, in reverse: the order must not matter.
    let mut seen: Vec<Square> = (1..=n)
        .filter(|&r| r != square.row)
        .map(|r| Square::new(r, square.col))
        .collect();
    seen.extend(
        (1..=n)
            .filter(|&c| c != square.col)
            .map(|c| Square::new(square.row, c)),
    );
    seen.reverse();
    seen
}

const KNIGHT: [(isize, isize); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];
#[test]
fn the_reference_and_an_independent_answer_pass_the_homework() {
    for report in [
        check_rook_sees(backtrack::rook_sees),
        check_rook_sees(student_rook),
        check_knight_sees(backtrack::knight_sees),
        check_knight_sees(|s, n| jumps(s, n, &KNIGHT)),
    ] {
        assert!(report.passed(), "{report}");
        // Every square of every board from 1×1 to 8×8.
        assert_eq!(report.checked(), (1..=8).map(|n| n * n).sum::<usize>());
        assert!(report.text().starts_with('✔'));
        assert!(
            report.picture().is_some(),
            "a pass shows the piece's squares"
        );
    }
}

#[test]
fn every_piece_passes_with_its_reference() {
    // Every kind, and the pawn both ways.
    for piece in Piece::ALL.into_iter().chain([Piece::Pawn(Direction::Down)]) {
        // The kit's table has answers for the rook and the knight only: the references judge.
        let report =
            nqueens_judge::with_references(None, || check_sees(piece, |s, n| piece.sees(s, n)));
        assert!(report.passed(), "{piece:?}: {report}");
        assert_eq!(report.exercise(), format!("{}_sees", piece.name()));
    }
    // An upward pawn is not a downward one.
    let report = nqueens_judge::with_references(None, || {
        check_sees(Piece::Pawn(Direction::Up), |s, n| {
            Piece::Pawn(Direction::Down).sees(s, n)
        })
    });
    assert!(!report.passed());
}

#[test]
fn a_rook_that_forgets_its_column_fails_on_the_first_square_where_it_matters() {
    let report = check_rook_sees(|s, n| {
        (1..=n)
            .filter(|&c| c != s.col)
            .map(|c| Square::new(s.row, c))
            .collect()
    });
    assert!(!report.passed());
    // 1×1 has nothing to see, so the first mistake is on (1, 1) of 2×2: (2, 1) is missing.
    assert_eq!(report.checked(), 1);
    let text = report.text();
    assert!(text.starts_with("✘ rook_sees is wrong for a rook on (1, 1) of a 2×2 board"));
    assert!(text.contains("missing:       (2, 1)"), "{text}");
    // Both boards are drawn: the reference and the answer, each with its rook.
    let picture = report.picture().expect("a counterexample is drawn");
    assert_eq!(picture.as_str().matches("class=\"piece rook\"").count(), 2);
    assert!(picture.as_str().contains("the reference"));
    assert!(report.to_html().contains("class=\"nqueens-report failed\""));
}
#[test]
fn own_square_duplicates_and_squares_off_the_board_are_named() {
    let own = check_rook_sees(|s, n| {
        let mut v = backtrack::rook_sees(s, n);
        v.push(s);
        v
    });
    assert!(own.text().contains("own square:    (1, 1)"), "{own}");

    let twice = check_rook_sees(|s, n| {
        let mut v = backtrack::rook_sees(s, n);
        v.extend(v.first().copied());
        v
    });
    assert!(twice.text().contains("listed twice:  (1, 2)"), "{twice}");

    // A knight without the bounds check, clamping instead.
    let off = check_knight_sees(|s, _| {
        KNIGHT
            .iter()
            .map(|&(dr, dc)| {
                Square::new(
                    s.row.saturating_add_signed(dr),
                    s.col.saturating_add_signed(dc),
                )
            })
            .collect()
    });
    assert!(!off.passed());
    assert!(off.text().contains("off the board:"), "{off}");

    let wrong_jump = check_knight_sees(|s, n| jumps(s, n, &[(2, 2), (1, 2)]));
    assert!(wrong_jump.text().contains("not seen:"), "{wrong_jump}");
}

#[test]
fn a_panicking_answer_is_reported_not_propagated() {
    let report = check_knight_sees(|_, _| todo!());
    assert!(!report.passed());
    assert_eq!(report.checked(), 0);
    assert!(report.text().contains("panicked"), "{report}");
    assert!(report.text().contains("not yet implemented"), "{report}");
}

fn student_next_generation(cells: &[u8]) -> Vec<u8> {
    let padded: Vec<u8> = [0].iter().chain(cells).chain(&[0]).copied().collect();
    padded
        .windows(3)
        .map(|w| match w.iter().sum::<u8>() {
            1 | 2 => 1,
            _ => 0,
        })
        .collect()
}

#[test]
fn the_pre_homework_checker_passes_correct_answers() {
    for report in [
        check_next_generation(student_next_generation),
        check_next_generation(student_next_generation),
    ] {
        assert!(report.passed(), "{report}");
        // All 511 rows of up to eight cells, and 20 random rows of 40.
        assert_eq!(report.checked(), 511 + 20);
    }
}

#[test]
fn the_pre_homework_checker_rejects_wrong_rules_and_lengths() {
    // A ring, where the ends are neighbours, follows a different rule.
    let wrapped = check_next_generation(|cells| {
        let n = cells.len();
        (0..n)
            .map(|i| {
                let sum = cells[(i + n - 1) % n] + cells[i] + cells[(i + 1) % n];
                u8::from(sum == 1 || sum == 2)
            })
            .collect()
    });
    assert!(!wrapped.passed());
    assert!(wrapped.text().contains("should be"), "{wrapped}");
    let picture = wrapped.picture().expect("the rows are drawn");
    assert!(picture.as_str().contains("yours"));

    let only_one = check_next_generation(|cells| {
        student_next_generation(cells)
            .iter()
            .zip(cells)
            .map(|(&n, &c)| n & !c)
            .collect()
    });
    assert!(!only_one.passed());

    let short =
        check_next_generation(|cells| student_next_generation(cells).into_iter().skip(1).collect());
    assert!(short.text().contains("yours has 0"), "{short}");

    let panics = check_next_generation(|_| unimplemented!("later"));
    assert!(panics.text().contains("later"), "{panics}");
}

/// Subsumption written from its definition: a clause goes when some other clause of the set is
/// a subset of it.
fn student_subsume(clauses: &Clauses) -> Clauses {
    let mut out = Clauses::new();
    'clauses: for clause in clauses {
        for other in clauses {
            if other != clause && other.iter().all(|&l| clause.contains(l)) {
                continue 'clauses;
            }
        }
        out.insert(clause.clone());
    }
    out
}
#[test]
fn the_subsume_checker_passes_correct_answers_and_rejects_wrong_ones() {
    let report = check_subsume(student_subsume);
    assert!(report.passed(), "{report}");
    assert_eq!(report.checked(), 43);
    for seed in [1, 2026, u64::MAX] {
        let hidden = hidden::run(seed, || nqueens_checkers::check_subsume(student_subsume));
        assert!(hidden.passed(), "{hidden}");
    }
    // Only the lecture's unit subsumption: clauses inside longer ones than units stay.
    let units_only = check_subsume(|clauses| {
        let units: Vec<Literal> = clauses.iter().filter_map(Clause::as_unit).collect();
        clauses
            .iter()
            .filter(|c| c.len() == 1 || !units.iter().any(|&u| c.contains(u)))
            .cloned()
            .collect()
    });
    assert!(!units_only.passed());
    assert!(units_only.text().contains("too many:"), "{units_only}");
    // Removing the smaller clause instead of the larger.
    let backwards = check_subsume(|clauses| {
        clauses
            .iter()
            .filter(|c| {
                !clauses
                    .iter()
                    .any(|d| d != *c && c.iter().all(|&l| d.contains(l)))
            })
            .cloned()
            .collect()
    });
    assert!(backwards.text().contains("missing:"), "{backwards}");
    let stub = check_subsume(|_| todo!("later"));
    assert!(
        stub.text().contains("panicked") && stub.text().contains("later"),
        "{stub}"
    );
}

/// The resolvents of every pair, written out: the clauses without `v`, then each resolvent that
/// is not always true.
fn student_eliminate(clauses: &Clauses, v: Variable) -> Clauses {
    let (x, nx) = (Literal::positive(v), Literal::negative(v));
    let mut out = Clauses::new();
    let mut pos = Vec::new();
    let mut neg = Vec::new();
    for clause in clauses {
        match (clause.contains(x), clause.contains(nx)) {
            (false, false) => {
                out.insert(clause.clone());
            }
            (true, false) => pos.push(clause),
            (false, true) => neg.push(clause),
            (true, true) => {}
        }
    }
    for p in &pos {
        for n in &neg {
            let mut lits: Vec<Literal> = p.iter().copied().filter(|&l| l != x).collect();
            lits.extend(n.iter().copied().filter(|&l| l != nx));
            if !lits.iter().any(|&l| lits.contains(&!l)) {
                out.insert(lits.into_iter().collect());
            }
        }
    }
    out
}
#[test]
fn the_eliminate_checker_passes_correct_answers_and_rejects_wrong_ones() {
    let report = check_eliminate(student_eliminate);
    assert!(report.passed(), "{report}");
    for seed in [1, 2026, u64::MAX] {
        let hidden = hidden::run(seed, || {
            nqueens_checkers::check_eliminate(student_eliminate)
        });
        assert!(hidden.passed(), "{hidden}");
    }
    assert!(report.checked() > 150, "{}", report.checked());
    // Keeping the resolvents that are always true.
    let tautologies = check_eliminate(|clauses, v| {
        let (x, nx) = (Literal::positive(v), Literal::negative(v));
        let mut out = student_eliminate(clauses, v);
        for p in clauses.iter().filter(|c| c.contains(x) && !c.contains(nx)) {
            for n in clauses.iter().filter(|c| c.contains(nx) && !c.contains(x)) {
                out.insert(
                    p.without(x)
                        .iter()
                        .chain(n.without(nx).iter())
                        .copied()
                        .collect(),
                );
            }
        }
        out
    });
    assert!(!tautologies.passed());
    assert!(tautologies.text().contains("always true"), "{tautologies}");
    // Dropping the clauses with the variable, and no resolvents.
    let dropped = check_eliminate(|clauses, v| {
        clauses
            .iter()
            .filter(|c| !c.iter().any(|l| l.variable() == v))
            .cloned()
            .collect()
    });
    assert!(dropped.text().contains("missing:"), "{dropped}");
}
#[test]
fn the_moms_checker_passes_correct_answers_and_rejects_wrong_ones() {
    let student = |clauses: &Clauses, literal: Literal| -> usize {
        let mut best: Option<(usize, usize)> = None;
        for clause in clauses.iter().filter(|c| c.len() >= 2) {
            let hit = usize::from(clause.contains(literal));
            best = match best {
                Some((len, n)) if len == clause.len() => Some((len, n + hit)),
                Some((len, n)) if len < clause.len() => Some((len, n)),
                _ => Some((clause.len(), hit)),
            };
        }
        best.map_or(0, |(_, n)| n)
    };
    let report = check_moms(student);
    assert!(report.passed(), "{report}");
    for seed in [1, 2026, u64::MAX] {
        let hidden = hidden::run(seed, || nqueens_checkers::check_moms(student));
        assert!(hidden.passed(), "{hidden}");
    }
    // Counting unit clauses as the shortest.
    let units = check_moms(|clauses, literal| {
        let k = clauses.iter().map(Clause::len).min().unwrap_or(0);
        clauses
            .iter()
            .filter(|c| c.len() == k && c.contains(literal))
            .count()
    });
    assert!(!units.passed());
    assert!(units.text().contains("shortest clauses"), "{units}");
    // Counting every clause.
    let all = check_moms(|clauses, literal| clauses.iter().filter(|c| c.contains(literal)).count());
    assert!(!all.passed());
}
