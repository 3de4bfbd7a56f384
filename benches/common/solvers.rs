//! What the SAT benchmarks that run solver programs share: writing a formula, running a
//! program on it and timing it, and checking our answer against the clauses.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use nqueens::cdcl::Cnf;

/// Writes `cnf` as DIMACS into `dir/file`.
pub fn write(dir: &Path, file: &str, cnf: &Cnf) -> PathBuf {
    let path = dir.join(file);
    let out = std::io::BufWriter::new(std::fs::File::create(&path).expect("target is writable"));
    cnf.write_dimacs(&[], out).expect("target is writable");
    path
}

/// What one run of a solver process gave: its exit code (10, 20), its seconds, its output.
pub struct Run {
    pub code: i32,
    pub seconds: f64,
    pub output: String,
}

/// Runs `program` with `args`, timed as a whole process.
pub fn run(program: &str, args: &[&str]) -> Run {
    let start = Instant::now();
    let out = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    Run {
        code: out.status.code().unwrap_or(-1),
        seconds: start.elapsed().as_secs_f64(),
        output: String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr),
    }
}

/// Whether `program` can be started.
pub fn available(program: &str) -> bool {
    Command::new(program)
        .arg("--help")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Checks our answer on a file: exit 10 with a model that satisfies every clause, or 20.
pub fn check_ours(cnf: &Cnf, run: &Run, file: &str) {
    match run.code {
        10 => {
            let mut values = vec![false; cnf.variables()];
            for line in run.output.lines().filter(|l| l.starts_with("v ")) {
                for n in line[2..]
                    .split_whitespace()
                    .filter_map(|t| t.parse::<i64>().ok())
                {
                    if n > 0 {
                        values[usize::try_from(n - 1).expect("a variable")] = true;
                    }
                }
            }
            assert!(
                cnf.first_falsified(&values).is_none(),
                "{file}: a wrong model"
            );
        }
        20 => {}
        code => panic!("{file}: nqueens sat exited {code}"),
    }
}
