//! CDCL on structured formulas, with and without simplifying first, beside Debian's `MiniSat`
//! and `CaDiCaL`, in one run: `cargo bench --bench sat_structured` (`make bench` installs both
//! when missing). Random formulas are where simplifying finds nothing; these are made by
//! encodings, whose helper variables and implied clauses it removes. Every formula is generated
//! here from fixed sizes and seeds, with the answer it must have (by construction or a theorem),
//! written to `target/sat-structured/`, and solved once by each program as a process; every
//! answer must be the expected one, and our models are checked against the clauses.
//!
//! The families (see each generator):
//!
//! * `queens-sequential`, `queens-product`, `queens-commander`: the lecture's n-queens clauses
//!   with at most one queen a line in a linear encoding (satisfiable), each beside
//!   [`RENAMINGS`] renamed copies of it ([`renamed`]): how soon a search finds a model is a
//!   draw, and the original and its copies give every program the same five draws;
//! * `colouring`: 3-colouring a random graph of average degree 4.6, near the threshold, whose
//!   edges join only vertices of different colours in a hidden colouring (satisfiable);
//! * `langford`: Langford pairs L(2, n), satisfiable exactly when n ≡ 0 or 3 (mod 4), each
//!   beside [`RENAMINGS`] renamed copies of it ([`renamed`]): with one formula of each size,
//!   the family's total was mostly the luck of one search on L(2, 10);
//! * `latin`: completing a Latin square with 42 % of its cells empty, the hard region of
//!   quasigroup completion (satisfiable: the square it came from);
//! * `counter`: bounded model checking of a k-bit counter that counts on the steps its input
//!   allows, asked whether all ones is reachable within t steps (exactly when t ≥ 2^k − 1).
//!
//! Each program has [`limit`] seconds a formula (300 unless `SAT_STRUCTURED_LIMIT` says; ours
//! `--time-limit`, `MiniSat`'s `-cpu-lim`, `CaDiCaL`'s `-t`); a run that reaches it counts the
//! limit and is marked. The table gives each family's total per program and the ratios;
//! `SAT_STRUCTURED_FAMILIES` chooses families, `SAT_STRUCTURED_PROGRAMS` programs (of
//! `simplify plain minisat cadical`; `simplify` is always run, the ratios being its), and
//! `SAT_STRUCTURED_WRITE_ONLY=1` only writes the files (for other solvers).

use std::path::Path;

use nqueens::cdcl::Cnf;
use nqueens::encode::Amo;
use nqueens::queens::Encoding;
use nqueens::rng::Rng;

#[path = "common/solvers.rs"]
mod solvers;
use solvers::{Run, available, check_ours, run, write};

/// Seconds each program may spend on one formula (`SAT_STRUCTURED_LIMIT` to change).
fn limit() -> u32 {
    std::env::var("SAT_STRUCTURED_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300)
}

/// A family's formulas, each with its name and whether it is satisfiable.
struct Family {
    name: &'static str,
    formulas: Vec<(String, Cnf, bool)>,
}

fn literal(v: usize, positive: bool) -> i32 {
    let n = i32::try_from(v).expect("a variable number");
    if positive { n } else { -n }
}

/// Exactly one of `vars` (DIMACS numbers): one clause of all, and a clause for each pair.
fn exactly_one(cnf: &mut Cnf, vars: &[usize]) {
    let all: Vec<i32> = vars.iter().map(|&v| literal(v, true)).collect();
    cnf.add(&all);
    at_most_one(cnf, vars);
}

fn at_most_one(cnf: &mut Cnf, vars: &[usize]) {
    for (i, &a) in vars.iter().enumerate() {
        for &b in &vars[i + 1..] {
            cnf.add(&[literal(a, false), literal(b, false)]);
        }
    }
}

fn queens(amo: Amo, sizes: &[usize]) -> Vec<(String, Cnf, bool)> {
    sizes
        .iter()
        .flat_map(|&n| {
            let cnf = Encoding::Lecture.numbered(n, amo).expect("within the cap");
            with_copies(format!("{n} queens"), cnf, true)
        })
        .collect()
}

/// A formula and its [`RENAMINGS`] renamed copies ([`renamed`]), each named after it.
fn with_copies(name: String, cnf: Cnf, satisfiable: bool) -> Vec<(String, Cnf, bool)> {
    let copies: Vec<_> = (1..=RENAMINGS)
        .map(|seed| {
            let copy = renamed(&cnf, seed);
            (format!("{name}, renamed {seed}"), copy, satisfiable)
        })
        .collect();
    std::iter::once((name, cnf, satisfiable))
        .chain(copies)
        .collect()
}

/// 3-colouring a graph on `vertices` with average degree `degree` (tenths), its edges drawn at
/// random between vertices of different colours in a hidden colouring.
fn colouring(vertices: usize, degree_tenths: usize, seed: u64) -> Cnf {
    let mut rng = Rng::new(seed);
    let colour: Vec<usize> = (0..vertices).map(|_| rng.below(3)).collect();
    let var = |v: usize, c: usize| 3 * v + c + 1;
    let mut cnf = Cnf::new();
    for v in 0..vertices {
        exactly_one(&mut cnf, &[var(v, 0), var(v, 1), var(v, 2)]);
    }
    let edges = vertices * degree_tenths / 20;
    let mut joined = std::collections::HashSet::new();
    while joined.len() < edges {
        let (a, b) = (rng.below(vertices), rng.below(vertices));
        if colour[a] == colour[b] || !joined.insert((a.min(b), a.max(b))) {
            continue;
        }
        for c in 0..3 {
            cnf.add(&[literal(var(a, c), false), literal(var(b, c), false)]);
        }
    }
    cnf
}

/// Langford pairs L(2, n): the numbers 1, 1, 2, 2, …, n, n in a row of 2n, the two k's with k
/// numbers between them. Variable (k, i): the first k at position i.
fn langford(n: usize) -> Cnf {
    let mut cnf = Cnf::new();
    let mut number = 0;
    let mut placements: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    let mut covering: Vec<Vec<usize>> = vec![Vec::new(); 2 * n];
    for k in 1..=n {
        for i in 0..2 * n - k - 1 {
            number += 1;
            placements[k].push(number);
            covering[i].push(number);
            covering[i + k + 1].push(number);
        }
    }
    // The mirror image of a solution is one too: the 1s start in the left half.
    for (k, vars) in placements.iter().enumerate().skip(1) {
        exactly_one(&mut cnf, vars);
        if k == 1 {
            for &v in &vars[n - 1..] {
                cnf.add(&[literal(v, false)]);
            }
        }
    }
    for vars in &covering {
        exactly_one(&mut cnf, vars);
    }
    cnf
}

/// The same formula under other names: its variables renumbered, the sign of each flipped or
/// not, and its clauses and their literals reordered, all at random from `seed`. Its answer is the same; how soon
/// a solver finds it can change a great deal, as it can with the seed of a random family.
fn renamed(cnf: &Cnf, seed: u64) -> Cnf {
    fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
        for i in (1..items.len()).rev() {
            items.swap(i, rng.below(i + 1));
        }
    }
    let mut rng = Rng::new(seed);
    let mut to: Vec<usize> = (1..=cnf.variables()).collect();
    shuffle(&mut to, &mut rng);
    let flip: Vec<bool> = (0..cnf.variables()).map(|_| rng.chance(1, 2)).collect();
    let mut clauses: Vec<Vec<i32>> = cnf
        .iter()
        .map(|clause| {
            clause
                .iter()
                .map(|&l| {
                    let v = l.unsigned_abs() as usize - 1;
                    literal(to[v], (l > 0) != flip[v])
                })
                .collect()
        })
        .collect();
    shuffle(&mut clauses, &mut rng);
    for clause in &mut clauses {
        shuffle(clause, &mut rng);
    }
    Cnf::from_lists(&clauses)
}

/// A Latin square of order `n` with `holes` percent of its cells emptied: the cyclic square
/// with its rows, columns and symbols shuffled, the remaining cells given as units.
fn latin(n: usize, holes: usize, seed: u64) -> Cnf {
    let mut rng = Rng::new(seed);
    let shuffled = |rng: &mut Rng| {
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i + 1));
        }
        order
    };
    let (rows, cols, symbols) = (shuffled(&mut rng), shuffled(&mut rng), shuffled(&mut rng));
    let var = |r: usize, c: usize, s: usize| (r * n + c) * n + s + 1;
    let mut cnf = Cnf::new();
    for a in 0..n {
        for b in 0..n {
            exactly_one(&mut cnf, &(0..n).map(|s| var(a, b, s)).collect::<Vec<_>>());
            exactly_one(&mut cnf, &(0..n).map(|c| var(a, c, b)).collect::<Vec<_>>());
            exactly_one(&mut cnf, &(0..n).map(|r| var(r, a, b)).collect::<Vec<_>>());
        }
    }
    for r in 0..n {
        for c in 0..n {
            if rng.below(100) >= holes {
                let s = symbols[(rows[r] + cols[c]) % n];
                cnf.add(&[literal(var(r, c, s), true)]);
            }
        }
    }
    cnf
}

/// Bounded model checking of a `bits`-bit counter from 0 that adds its input bit (free at each
/// step) to itself, unrolled `steps` steps: can it be all ones at the end? (Only when
/// steps ≥ 2^bits − 1.) The adder is a ripple carry in Tseitin's clauses.
fn counter(bits: usize, steps: usize) -> Cnf {
    let mut cnf = Cnf::new();
    let mut fresh = || usize::try_from(cnf.fresh()).expect("positive");
    let mut state: Vec<usize> = (0..bits).map(|_| fresh()).collect();
    let mut clauses: Vec<Vec<i32>> = state.iter().map(|&s| vec![literal(s, false)]).collect();
    for _ in 0..steps {
        let mut carry = fresh();
        let next: Vec<usize> = (0..bits).map(|_| fresh()).collect();
        for i in 0..bits {
            let (s, o) = (state[i], next[i]);
            // o = s xor carry.
            let (s_, c_, o_) = (literal(s, true), literal(carry, true), literal(o, true));
            clauses.push(vec![-s_, -c_, -o_]);
            clauses.push(vec![s_, c_, -o_]);
            clauses.push(vec![s_, -c_, o_]);
            clauses.push(vec![-s_, c_, o_]);
            if i + 1 < bits {
                // carry' = s and carry.
                let out = fresh();
                let out_ = literal(out, true);
                clauses.push(vec![-out_, s_]);
                clauses.push(vec![-out_, c_]);
                clauses.push(vec![out_, -s_, -c_]);
                carry = out;
            }
        }
        state = next;
    }
    for &s in &state {
        clauses.push(vec![literal(s, true)]);
    }
    for clause in clauses {
        cnf.add(&clause);
    }
    cnf
}

const VERTICES: usize = 600;
const LANGFORD: [usize; 6] = [9, 10, 11, 12, 15, 16];
/// Renamed copies of each queens and Langford formula beside it.
const RENAMINGS: u64 = 4;
const ORDER: usize = 40;
const COUNTERS: [(usize, usize); 4] = [(9, 510), (9, 511), (10, 1022), (10, 1023)];

fn families() -> Vec<Family> {
    let mut all = vec![
        Family {
            name: "queens-sequential",
            formulas: queens(Amo::Sequential, &[60, 80, 100]),
        },
        Family {
            name: "queens-product",
            formulas: queens(Amo::Product, &[60, 80, 100]),
        },
        Family {
            name: "queens-commander",
            formulas: queens(Amo::Commander, &[60, 80, 100]),
        },
    ];
    all.push(Family {
        name: "colouring",
        formulas: (1..=4)
            .map(|seed| {
                let cnf = colouring(VERTICES, 46, seed);
                (format!("{VERTICES} vertices, seed {seed}"), cnf, true)
            })
            .collect(),
    });
    all.push(Family {
        name: "langford",
        formulas: LANGFORD
            .into_iter()
            .flat_map(|n| with_copies(format!("L(2, {n})"), langford(n), n % 4 == 0 || n % 4 == 3))
            .collect(),
    });
    all.push(Family {
        name: "latin",
        formulas: (1..=4)
            .map(|seed| {
                let cnf = latin(ORDER, 42, seed);
                (format!("order {ORDER}, seed {seed}"), cnf, true)
            })
            .collect(),
    });
    all.push(Family {
        name: "counter",
        formulas: COUNTERS
            .into_iter()
            .map(|(bits, steps)| {
                let reachable = steps + 1 >= 1 << bits;
                (
                    format!("{bits} bits, {steps} steps"),
                    counter(bits, steps),
                    reachable,
                )
            })
            .collect(),
    });
    all
}

/// One program's run on a file, checked: the time it counts (the limit when it ran out).
fn timed(program: &Program, file: &str, cnf: &Cnf, satisfiable: bool) -> (f64, bool) {
    let seconds = limit();
    let limit = seconds.to_string();
    let out: Run = match program {
        Program::Ours { simplify } => {
            let mut args = vec!["sat", file, "--solver", "cdcl", "--time-limit", &limit];
            if *simplify {
                args.push("--simplify");
            }
            let out = run(env!("CARGO_BIN_EXE_nqueens"), &args);
            if out.code == 10 || out.code == 20 {
                check_ours(cnf, &out, file);
            }
            out
        }
        Program::MiniSat => run("minisat", &[&format!("-cpu-lim={seconds}"), file]),
        Program::CaDiCaL => run("cadical", &["-t", &limit, "-q", file]),
    };
    match out.code {
        10 | 20 => {
            assert_eq!(
                out.code == 10,
                satisfiable,
                "{}: wrong answer on {file}",
                program.name()
            );
            (out.seconds, false)
        }
        _ => (f64::from(seconds), true),
    }
}

enum Program {
    Ours { simplify: bool },
    MiniSat,
    CaDiCaL,
}

impl Program {
    fn name(&self) -> &'static str {
        match self {
            Program::Ours { simplify: true } => "simplify",
            Program::Ours { simplify: false } => "plain",
            Program::MiniSat => "minisat",
            Program::CaDiCaL => "cadical",
        }
    }
}

/// Whether the environment variable `var`, a list of words, names `name` (any name when unset).
fn listed(var: &str, name: &str) -> bool {
    std::env::var(var).map_or(true, |list| list.split_whitespace().any(|w| w == name))
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/sat-structured");
    std::fs::create_dir_all(&dir).expect("target is writable");
    let chosen = |name: &str| listed("SAT_STRUCTURED_FAMILIES", name);
    let write_only = std::env::var_os("SAT_STRUCTURED_WRITE_ONLY").is_some();
    let wanted = |name: &str| listed("SAT_STRUCTURED_PROGRAMS", name);
    let mut programs = vec![Program::Ours { simplify: true }];
    if wanted("plain") {
        programs.push(Program::Ours { simplify: false });
    }
    for (name, program) in [("minisat", Program::MiniSat), ("cadical", Program::CaDiCaL)] {
        if !wanted(name) {
            continue;
        }
        if available(name) {
            programs.push(program);
        } else {
            println!("note: {name} is not on the PATH (`make minisat` installs it); left out");
        }
    }
    println!(
        "nqueens sat --solver cdcl, with --simplify (simplify) and without (plain); seconds, one run each, at most {} s (* = reached it)",
        limit()
    );
    print!("{:<18} {:<24}", "family", "formula");
    for program in &programs {
        print!(" {:>10}", program.name());
    }
    println!();
    let mut grand = vec![0.0; programs.len()];
    let mut summary = Vec::new();
    for family in families().into_iter().filter(|f| chosen(f.name)) {
        let mut totals = vec![0.0; programs.len()];
        for (name, cnf, satisfiable) in &family.formulas {
            let file_name = format!(
                "{}-{}.cnf",
                family.name,
                name.replace([' ', ',', '(', ')'], "")
            );
            let path = write(&dir, &file_name, cnf);
            let file = path.to_str().expect("a UTF-8 path");
            if write_only {
                println!("{file}");
                continue;
            }
            print!("{:<18} {:<24}", family.name, name);
            for (i, program) in programs.iter().enumerate() {
                let (seconds, out_of_time) = timed(program, file, cnf, *satisfiable);
                totals[i] += seconds;
                print!(" {:>9.2}{}", seconds, if out_of_time { "*" } else { " " });
            }
            println!();
        }
        if write_only {
            continue;
        }
        print!("{:<18} {:<24}", family.name, "total");
        for total in &totals {
            print!(" {total:>9.2} ");
        }
        println!();
        for (g, t) in grand.iter_mut().zip(&totals) {
            *g += t;
        }
        summary.push((family.name, totals));
    }
    if write_only {
        return;
    }
    println!("\nper family, simplify / each other program (under 1 is faster):");
    for (name, totals) in &summary {
        print!("{name:<18}");
        for (i, program) in programs.iter().enumerate().skip(1) {
            print!(
                "  / {} {:.2}",
                program.name(),
                totals[0] / totals[i].max(0.01)
            );
        }
        println!();
    }
    print!("{:<18}", "all");
    for (i, program) in programs.iter().enumerate().skip(1) {
        print!(
            "  / {} {:.2}",
            program.name(),
            grand[0] / grand[i].max(0.01)
        );
    }
    println!();
}
