//! Davis–Putnam on the lecture's n-queens clauses: `cargo bench --bench dp`.
//!
//! The clauses are built once per size, outside the timed loop; the timed part is `search`,
//! which includes setting up the solver's engine from the clause set. The first-variable rule
//! stops at 8: on 16 queens it runs for minutes, which is the lecture's reason for Jeroslow–Wang.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nqueens::dp::{self, Heuristic, Options};
use nqueens::queens::{Encoding, all_clauses};

fn lecture_encoding(c: &mut Criterion) {
    let mut group = c.benchmark_group("dp-lecture-queens");
    group.sample_size(20);
    let cases = [
        (8, Heuristic::FirstVariable),
        (8, Heuristic::JeroslowWang),
        (16, Heuristic::JeroslowWang),
        (24, Heuristic::JeroslowWang),
        (32, Heuristic::JeroslowWang),
    ];
    for (n, heuristic) in cases {
        let clauses = all_clauses(n).expect("a small board");
        let options = Options::with_heuristic(heuristic);
        let name = match heuristic {
            Heuristic::FirstVariable => "first",
            Heuristic::JeroslowWang => "jw",
        };
        group.bench_with_input(BenchmarkId::new(name, n), &clauses, |b, clauses| {
            b.iter(|| {
                let report = dp::search(clauses, &options);
                assert!(report.outcome.model().is_some());
                report
            });
        });
    }
    group.finish();
}

/// All 92 solutions of 8 queens through the SAT route (`satisfy_all`), per encoding and rule.
fn all_solutions(c: &mut Criterion) {
    let mut group = c.benchmark_group("satisfy-all-8-queens");
    group.sample_size(30);
    for encoding in Encoding::ALL {
        let clauses = encoding.clauses(8).expect("a small board");
        for (name, heuristic) in [
            ("first", Heuristic::FirstVariable),
            ("jw", Heuristic::JeroslowWang),
        ] {
            group.bench_with_input(
                BenchmarkId::new(format!("{encoding}"), name),
                &clauses,
                |b, clauses| {
                    b.iter(|| {
                        let count =
                            dp::satisfy_all(clauses, &Options::with_heuristic(heuristic)).count();
                        assert_eq!(count, 92);
                        count
                    });
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, lecture_encoding, all_solutions);
criterion_main!(benches);
