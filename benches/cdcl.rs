//! CDCL side by side with MiniSat, in one run: `cargo bench --bench cdcl` (or `make bench`,
//! which installs Debian's `minisat` when it is missing).
//!
//! Each instance is written to `target/cdcl-bench/` as DIMACS and timed three ways: our solver
//! in the process on clauses already in memory (`library`), our command line reading the file
//! (`nqueens-sat`, the fair comparison: it parses as MiniSat does), and `minisat` itself on the
//! same file. The targets (issue: a modern SAT engine): queens n = 100 within 2× MiniSat's time,
//! 1000 queens through a linear encoding within 10 s, and random 3-SAT at ratio 4.26 with 200
//! variables within 3× MiniSat. Every answer is checked: a model against the clauses, and the
//! processes' exit codes (10 satisfiable, 20 unsatisfiable) against ours.
//!
//! Without `minisat` on the PATH the MiniSat rows are left out, with a note.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use nqueens::cdcl::{self, CdclOptions, Cnf, CnfOutcome, Decide};
use nqueens::encode::Amo;
use nqueens::queens::Encoding;

#[path = "common/random.rs"]
mod random;
use random::random_3sat;

/// One instance: its clauses, its file, and how our solver decides on it.
struct Instance {
    name: &'static str,
    cnf: Cnf,
    decide: Decide,
    path: PathBuf,
}

fn write(dir: &Path, file: &str, cnf: &Cnf) -> PathBuf {
    let path = dir.join(file);
    let out = std::io::BufWriter::new(std::fs::File::create(&path).expect("target is writable"));
    cnf.write_dimacs(&[], out).expect("target is writable");
    path
}

/// Our answer, checked: 10 satisfiable (the model satisfies every clause), 20 unsatisfiable.
fn ours(cnf: &Cnf, decide: Decide) -> i32 {
    let options = CdclOptions {
        decide,
        ..CdclOptions::default()
    };
    match cdcl::solve_cnf(cnf, &options).outcome {
        CnfOutcome::Satisfiable(values) => {
            assert!(cnf.first_falsified(&values).is_none(), "a wrong model");
            10
        }
        CnfOutcome::Unsatisfiable => 20,
        CnfOutcome::GaveUp(limit) => panic!("gave up: {limit:?}"),
    }
}

/// Runs a solver process on a file and returns its exit code.
fn run(program: &str, args: &[&str]) -> i32 {
    let status = Command::new(program)
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    status.code().unwrap_or(-1)
}

fn minisat_available() -> bool {
    Command::new("minisat")
        .arg("--help")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok()
}

/// How many random 3-SAT formulas are timed together.
const RANDOM_INSTANCES: u64 = 20;

fn side_by_side(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/cdcl-bench");
    std::fs::create_dir_all(&dir).expect("target is writable");
    // The lecture's clauses, VSIDS (what `nqueens sat --solver cdcl` does by default).
    let instances: Vec<Instance> = [("queens-48-pairwise", 48), ("queens-100-pairwise", 100)]
        .into_iter()
        .map(|(name, n)| {
            let cnf = Encoding::Lecture
                .numbered(n, Amo::Pairwise)
                .expect("a small board");
            Instance {
                name,
                path: write(&dir, &format!("{name}.cnf"), &cnf),
                cnf,
                decide: Decide::Vsids,
            }
        })
        .collect();
    let minisat = minisat_available();
    if !minisat {
        eprintln!(
            "note: minisat is not on the PATH (`make bench` installs it); its rows are left out"
        );
    }
    let binary = env!("CARGO_BIN_EXE_nqueens");
    let mut group = c.benchmark_group("cdcl-vs-minisat");
    group.sample_size(10);
    for instance in &instances {
        let expected = ours(&instance.cnf, instance.decide);
        let file = instance.path.to_str().expect("a UTF-8 path");
        group.bench_function(format!("{}/library", instance.name), |b| {
            b.iter(|| ours(&instance.cnf, instance.decide));
        });
        group.bench_function(format!("{}/nqueens-sat", instance.name), |b| {
            b.iter(|| {
                let code = run(binary, &["sat", file, "--solver", "cdcl"]);
                assert_eq!(code, expected, "nqueens sat on {file}");
            });
        });
        if minisat {
            group.bench_function(format!("{}/minisat", instance.name), |b| {
                b.iter(|| {
                    let code = run("minisat", &["-verb=0", file]);
                    assert_eq!(code, expected, "minisat on {file}");
                });
            });
        }
    }
    // Random 3-SAT at the threshold: one instance can be easy for one solver and hard for the
    // other by luck, so twenty are timed together.
    let batch: Vec<Instance> = (1..=RANDOM_INSTANCES)
        .map(|seed| {
            let cnf = random_3sat(200, 852, seed);
            Instance {
                name: "3sat-200",
                path: write(&dir, &format!("3sat-200-{seed}.cnf"), &cnf),
                cnf,
                decide: Decide::Vsids,
            }
        })
        .collect();
    let expected: Vec<i32> = batch.iter().map(|i| ours(&i.cnf, i.decide)).collect();
    let satisfiable = expected.iter().filter(|&&code| code == 10).count();
    eprintln!("random 3-SAT: {satisfiable} of {RANDOM_INSTANCES} satisfiable");
    let files: Vec<&str> = batch
        .iter()
        .map(|i| i.path.to_str().expect("a UTF-8 path"))
        .collect();
    let name = format!("3sat-200-x{RANDOM_INSTANCES}");
    group.bench_function(format!("{name}/library"), |b| {
        b.iter(|| {
            for (instance, &code) in batch.iter().zip(&expected) {
                assert_eq!(ours(&instance.cnf, instance.decide), code);
            }
        });
    });
    group.bench_function(format!("{name}/nqueens-sat"), |b| {
        b.iter(|| {
            for (file, &code) in files.iter().zip(&expected) {
                assert_eq!(
                    run(binary, &["sat", file, "--solver", "cdcl"]),
                    code,
                    "{file}"
                );
            }
        });
    });
    if minisat {
        group.bench_function(format!("{name}/minisat"), |b| {
            b.iter(|| {
                for (file, &code) in files.iter().zip(&expected) {
                    assert_eq!(run("minisat", &["-verb=0", file]), code, "{file}");
                }
            });
        });
    }
    group.finish();
}

/// A thousand queens with the sequential counter: twelve million clauses built, then solved
/// with the shortest clause first (MiniSat, with VSIDS, does not finish in two minutes).
fn thousand_queens(c: &mut Criterion) {
    let mut group = c.benchmark_group("cdcl-linear");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(60));
    group.bench_function("queens-1000-sequential/build+solve", |b| {
        b.iter_custom(|iterations| {
            let start = Instant::now();
            for _ in 0..iterations {
                let cnf = Encoding::Lecture
                    .numbered(1000, Amo::Sequential)
                    .expect("within the cap");
                assert_eq!(ours(&cnf, Decide::ShortestClause), 10);
            }
            start.elapsed()
        });
    });
    group.finish();
}

criterion_group!(benches, side_by_side, thousand_queens);
criterion_main!(benches);
