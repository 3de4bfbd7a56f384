//! Counting every solution: `cargo bench --bench count`.
//!
//! The bitboard search with the board's symmetry, on every core and on one, beside the plain
//! bitboard search and the join of halves (`count_by_halves`; `count_vs_c` sets it against the
//! C program in alternating runs). Target: n = 16 within 1.0 s on both cores. n = 17 and 18 take too long for
//! criterion's repeated runs; `cargo bench --bench count_large` times them once each.

use criterion::{Criterion, criterion_group, criterion_main};
use nqueens::queens::{self, CountOptions};

fn counting(c: &mut Criterion) {
    let mut group = c.benchmark_group("count");
    group.sample_size(10);
    for n in [12, 14, 16] {
        group.bench_function(format!("symmetry-all-cores/{n}"), |b| {
            b.iter(|| queens::count(n).expect("n <= 32"));
        });
    }
    let one_thread = CountOptions {
        threads: 1,
        ..CountOptions::default()
    };
    for n in [14, 16] {
        group.bench_function(format!("symmetry-one-thread/{n}"), |b| {
            b.iter(|| queens::count_both(n, &one_thread).expect("n <= 32"));
        });
        group.bench_function(format!("plain/{n}"), |b| {
            b.iter(|| queens::count_plain(n).expect("n <= 32"));
        });
        group.bench_function(format!("halves-one-thread/{n}"), |b| {
            b.iter(|| {
                queens::count_by_halves(
                    n,
                    &CountOptions {
                        threads: 1,
                        ..CountOptions::default()
                    },
                )
                .expect("n <= MAX_HALVES_N")
            });
        });
        group.bench_function(format!("halves-all-cores/{n}"), |b| {
            b.iter(|| {
                queens::count_by_halves(n, &CountOptions::default()).expect("n <= MAX_HALVES_N")
            });
        });
    }
    group.finish();
}

criterion_group!(benches, counting);
criterion_main!(benches);
