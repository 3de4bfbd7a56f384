//! Huge boards: `cargo bench --bench huge`. Targets: the construction of 10⁷ queens within
//! 0.5 s, min-conflicts for 10⁶ queens within 3 s. The O(n) check is timed beside them.

use criterion::{Criterion, criterion_group, criterion_main};
use nqueens::Budget;
use nqueens::queens::huge;

fn huge_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("huge");
    group.sample_size(10);
    group.bench_function("construct/10000000", |b| {
        b.iter(|| huge::construct(10_000_000).expect("n >= 4"));
    });
    group.bench_function("min-conflicts/1000000", |b| {
        b.iter(|| {
            huge::min_conflicts(1_000_000, 1, &Budget::steps(100_000_000))
                .expect("n >= 4")
                .columns
                .expect("solved within the budget")
        });
    });
    let ten_million = huge::construct(10_000_000).expect("n >= 4");
    group.bench_function("verify/10000000", |b| {
        b.iter(|| huge::verify(10_000_000, &ten_million).expect("a solution"));
    });
    group.finish();
}

criterion_group!(benches, huge_boards);
criterion_main!(benches);
