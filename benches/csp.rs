//! The CSP solvers on the lecture's n-queens CSP: `cargo bench --bench csp`.
//!
//! The CSP is built outside the timed loop. Targets: backtracking 16 queens ≤ 20 ms,
//! propagation 64 queens ≤ 10 ms, min-conflicts 1000 queens ≤ 5 s.

use criterion::{Criterion, criterion_group, criterion_main};
use nqueens::Budget;
use nqueens::{csp, queens};

fn solvers(c: &mut Criterion) {
    let mut group = c.benchmark_group("csp-queens");
    group.sample_size(10);
    let sixteen = queens::create_csp(16).expect("n > 0");
    group.bench_function("backtracking/16", |b| {
        b.iter(|| {
            csp::backtracking(&sixteen, &Budget::default())
                .assignment
                .expect("16 queens have solutions")
        });
    });
    let sixty_four = queens::create_csp(64).expect("n > 0");
    group.bench_function("propagation/64", |b| {
        b.iter(|| {
            csp::propagation(&sixty_four, &Budget::default())
                .assignment
                .expect("64 queens have solutions")
        });
    });
    let thousand = queens::create_csp(1000).expect("n > 0");
    group.bench_function("min-conflicts/1000", |b| {
        b.iter(|| {
            csp::min_conflicts(&thousand, 1, &Budget::steps(1_000_000))
                .assignment
                .expect("solved within the budget")
        });
    });
    group.finish();
}

criterion_group!(benches, solvers);
criterion_main!(benches);
