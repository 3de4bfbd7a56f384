//! CDCL, a step further: the Luby sequence its restarts follow, a learnt clause minimised along
//! the trail's reasons, and a proof of unsatisfiability that anyone can check by unit
//! propagation.

use std::collections::HashMap;
use std::fmt::Write as _;

use super::expected;
use super::report::{Parts, Report, first_wrong, quietly, within};
use super::trial::{
    Trail, TrailCase, hidden_inputs, queens_with_holes, random_three_sat, trail_case,
};
use nqueens_core::board::{Board, Piece};
use nqueens_core::logic::{Clause, Clauses, Literal, Variable};
use nqueens_core::queens;
use nqueens_core::render::{Diagram, Svg};
use nqueens_core::rng::Rng;

/// The indices [`check_luby`] tries: 1 to 64, then 20 from 65 to 4,095 (fixed seed).
pub fn luby_indices() -> Vec<u64> {
    let mut rng = Rng::new(0x0800);
    let mut indices: Vec<u64> = (1..=64).collect();
    indices.extend((0..20).map(|_| 65 + rng.below(4031) as u64));
    indices
}

/// Checks a student's `luby(i)`: the i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2,
/// 4, 1, 1, 2, 1, 1, 2, 4, 8, …, on every index of [`luby_indices`] (in a hidden test, 200
/// indices up to 2⁴⁰ and ten of the form 2ᵏ − 1, drawn when graded). A wrong term is shown with
/// where it stands: the end of a block, or the earlier term it repeats.
pub fn check_luby(given: impl Fn(u64) -> u64) -> Report {
    let exercise = "luby";
    within(exercise, || {
        let (indices, which) = hidden_inputs(exercise).unwrap_or_else(|| {
            (
                luby_indices(),
                "i = 1 to 64 and 20 indices up to 4,095".to_owned(),
            )
        });
        first_wrong(
            exercise,
            (&indices, &which, "term"),
            |&i| format!("i = {i}"),
            |_| None,
            |&i| {
                let answer = quietly(|| given(i))?;
                let expected = expected::for_luby(i);
                Ok((answer != expected).then(|| {
                    let text = format!(
                        "luby({i}) = {answer}, and the term is {expected}.\n  {}",
                        luby_block(i, expected)
                    );
                    (text, None)
                }))
            },
        )
    })
}

/// Where term `i` stands: in the block that ends with the term 2ᵏ⁻¹ at index 2ᵏ − 1, or a copy
/// of an earlier term.
fn luby_block(i: u64, term: u64) -> String {
    let mut k = 1;
    while k < 63 && (1_u64 << k) - 1 < i {
        k += 1;
    }
    let end = (1_u64 << k) - 1;
    if i == end {
        format!(
            "Index {i} = 2^{k} − 1 ends a block, so its term is 2^{} = {term}.",
            k - 1
        )
    } else {
        let half = 1_u64 << (k - 1);
        format!(
            "Index {i} lies between 2^{} = {half} and 2^{k} − 1 = {end}, where the sequence repeats \
             itself from the start: its term is that of index {i} − {half} + 1 = {}.",
            k - 1,
            i - half + 1
        )
    }
}

/// The cases [`check_minimise`] tries: 120 trails of boards from 4×4 to 7×7, up to two holes
/// each, each with a clause, half of them built around a literal that can go only through one
/// the clause has not (fixed seed).
pub fn minimise_cases() -> Vec<TrailCase> {
    let mut rng = Rng::new(0x0802);
    (0..120)
        .map(|_| {
            let n = 4 + rng.below(4);
            let holes = rng.below(3);
            let deep = rng.chance(1, 2);
            trail_case(&mut rng, n, holes, deep)
        })
        .collect()
}

/// Checks a student's `minimise(clause, trail)`: the clause (every literal false on the trail)
/// without each literal that can go, where a false literal can go when its complement was set at
/// level 0, or was forced and each other literal of its reason is in the clause or can go
/// itself (decisions above level 0 never can). On every case of [`minimise_cases`] (in a hidden
/// test, 200 trails of boards from 6×6 to 10×10, drawn when graded). The first wrong answer is
/// named and drawn: the trail on the board (each square it rules out labelled with its level,
/// the decisions ringed), the clause's squares shaded, those the answer gets wrong in red.
pub fn check_minimise(
    given: impl Fn(&Clause, &[(Literal, usize, Option<Clause>)]) -> Clause,
) -> Report {
    let exercise = "minimise";
    within(exercise, || {
        let (cases, which) = hidden_inputs(exercise).unwrap_or_else(|| {
            (
                minimise_cases(),
                "120 trails of boards from 4×4 to 7×7".to_owned(),
            )
        });
        first_wrong(
            exercise,
            (&cases, &which, "case"),
            |(n, trail, clause)| format!("{clause} on the trail of {}", trail_words(*n, trail)),
            |(n, trail, clause)| Some(trail_picture(*n, trail, clause, &[])),
            |(n, trail, clause)| {
                let answer = quietly(|| given(clause, trail))?;
                let expected = expected::for_minimise(*n, trail, clause);
                if answer == expected {
                    return Ok(None);
                }
                let mut said = format!("your answer is {answer}.");
                let listed = |ls: &[Literal]| {
                    ls.iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let strange: Vec<Literal> = answer
                    .iter()
                    .copied()
                    .filter(|l| !clause.contains(*l))
                    .collect();
                let kept: Vec<Literal> = answer
                    .iter()
                    .copied()
                    .filter(|l| clause.contains(*l) && !expected.contains(*l))
                    .collect();
                let dropped: Vec<Literal> = expected
                    .iter()
                    .copied()
                    .filter(|l| !answer.contains(*l))
                    .collect();
                if !strange.is_empty() {
                    let _ = write!(
                        said,
                        " It has {}, which the clause has not.",
                        listed(&strange)
                    );
                }
                if !kept.is_empty() {
                    let _ = write!(said, " It keeps {}, which can go.", listed(&kept));
                }
                if !dropped.is_empty() {
                    let _ = write!(said, " It drops {}, which must stay.", listed(&dropped));
                }
                let wrong: Vec<Literal> = kept.into_iter().chain(dropped).collect();
                Ok(Some((said, Some(trail_picture(*n, trail, clause, &wrong)))))
            },
        )
    })
}

/// The example of the minimising task: a trail of a 5×5 board with a hole, and a clause (fixed
/// seed; not one of the test's cases).
pub fn minimise_example() -> TrailCase {
    trail_case(&mut Rng::new(MINIMISE_EXAMPLE_SEED), 5, 1, false)
}

const MINIMISE_EXAMPLE_SEED: u64 = 0x08e5;

/// The trail of a case on its board: a queen where a queen's variable is true (a decision
/// ringed), each square the trail rules out labelled with its level, the clause's squares
/// shaded blue.
pub fn trail_drawing((n, trail, clause): &TrailCase) -> Svg {
    trail_picture(*n, trail, clause, &[])
}

/// A trail in words: the board, the holes and each level's decision.
fn trail_words(n: usize, trail: &Trail) -> String {
    let square = |l: &Literal| {
        queens::square_of(l.variable())
            .map_or_else(|| l.to_string(), |s| format!("({}, {})", s.row, s.col))
    };
    let holes: Vec<String> = trail
        .iter()
        .filter(|(_, level, _)| *level == 0)
        .map(|(l, ..)| square(l))
        .collect();
    let decisions: Vec<String> = trail
        .iter()
        .filter(|(_, level, reason)| *level > 0 && reason.is_none())
        .map(|(l, level, _)| format!("{} at level {level}", square(l)))
        .collect();
    let mut words = format!("{n}×{n}");
    if !holes.is_empty() {
        let _ = write!(words, " with holes on {}", holes.join(", "));
    }
    let _ = write!(words, ", queens decided on {}", decisions.join(", "));
    words
}

/// An n×n board with a queen where one of `true_literals` makes a queen's variable true, and the
/// squares of the clause's literals shaded (those in `wrong` in red, the others in blue).
fn clause_on_board<'a>(
    n: usize,
    true_literals: impl Iterator<Item = &'a Literal>,
    clause: &Clause,
    wrong: &[Literal],
) -> Diagram {
    let mut board = Board::new(n);
    for literal in true_literals.filter(|l| !l.is_negative()) {
        if let Some(square) = queens::square_of(literal.variable()) {
            // A square off the board (an answer's) is left out of the drawing.
            let _ = board.place(square, Piece::Queen);
        }
    }
    let mut diagram = board.diagram();
    for literal in clause {
        if let Some(square) = queens::square_of(literal.variable()) {
            let colour = if wrong.contains(literal) {
                "#d62728"
            } else {
                "#1f77b4"
            };
            diagram = diagram.fill(square, colour, 0.55);
        }
    }
    diagram
}

/// The trail on the board: a queen where a queen's variable is true (a decision ringed), each
/// square the trail rules out labelled with its level, the squares of the clause's literals
/// shaded (those in `wrong` in red, the others in blue).
fn trail_picture(n: usize, trail: &Trail, clause: &Clause, wrong: &[Literal]) -> Svg {
    let mut diagram = clause_on_board(n, trail.iter().map(|(literal, ..)| literal), clause, wrong);
    for (literal, level, reason) in trail {
        let Some(square) = queens::square_of(literal.variable()) else {
            continue;
        };
        if literal.is_negative() {
            diagram = diagram.label(square, &level.to_string());
        } else if reason.is_none() {
            // A decision: ringed (its level is the count of rings up to it, in trail order).
            diagram = diagram.arrow(square, square);
        }
    }
    diagram.size(if n <= 5 { 200 } else { 280 }).render()
}

/// The most clauses a proof may have.
pub const MAX_PROOF: usize = 5_000;

/// The formulas [`check_refutation`] tries, each without a model and none refuted by unit
/// propagation alone: the lecture's clauses for 2 queens on 2×2 and 3 on 3×3, for 4 queens on
/// 4×4 with the squares (1, 2) and (1, 3) taken away, and five random formulas of three
/// literals a clause over 10 to 18 variables, six times as many clauses as variables (fixed
/// seeds).
pub fn refutation_formulas() -> Vec<Clauses> {
    let mut formulas = vec![
        queens_with_holes(2, &[]),
        queens_with_holes(3, &[]),
        queens_with_holes(4, &[(1, 2), (1, 3)]),
    ];
    let mut rng = Rng::new(0x0801);
    for variables in [10, 12, 14, 16, 18] {
        formulas.push(random_three_sat(&mut rng, variables, 6 * variables));
    }
    formulas
}

/// Unit propagation over a growing list of clauses, each check from scratch: the formula's
/// clauses and a proof's clauses so far. (The library's `cdcl::drat::check` does the same, but
/// the kit, which judges the visible proofs in the student's kernel, is built without CDCL.)
struct Propagation {
    numbers: HashMap<Variable, usize>,
    variables: Vec<Variable>,
    clauses: Vec<Vec<(usize, bool)>>,
    /// For each literal (2v for v, 2v + 1 for ¬v), the clauses it occurs in.
    occurs: Vec<Vec<usize>>,
    units: Vec<usize>,
    has_empty: bool,
}

impl Propagation {
    fn new(clauses: &Clauses) -> Self {
        let mut propagation = Propagation {
            numbers: HashMap::new(),
            variables: Vec::new(),
            clauses: Vec::new(),
            occurs: Vec::new(),
            units: Vec::new(),
            has_empty: false,
        };
        for each in clauses {
            propagation.add(each);
        }
        propagation
    }

    fn number(&mut self, variable: Variable) -> usize {
        if let Some(&v) = self.numbers.get(&variable) {
            return v;
        }
        let v = self.variables.len();
        self.numbers.insert(variable, v);
        self.variables.push(variable);
        self.occurs.extend([Vec::new(), Vec::new()]);
        v
    }

    fn add(&mut self, clause: &Clause) {
        let index = self.clauses.len();
        let literals: Vec<(usize, bool)> = clause
            .iter()
            .map(|l| (self.number(l.variable()), l.polarity()))
            .collect();
        for &(v, positive) in &literals {
            self.occurs[2 * v + usize::from(!positive)].push(index);
        }
        match literals.len() {
            0 => self.has_empty = true,
            1 => self.units.push(index),
            _ => {}
        }
        self.clauses.push(literals);
    }

    /// Sets every literal of `clause` false and propagates: `Ok` when some clause becomes
    /// false, else the literals made true, in order (the clause's negation first).
    fn refutes_negation_of(&mut self, clause: &Clause) -> Result<(), Vec<Literal>> {
        if self.has_empty {
            return Ok(());
        }
        let mut value: Vec<Option<bool>> = vec![None; self.variables.len()];
        let mut trail: Vec<(usize, bool)> = Vec::new();
        let mut start: Vec<(usize, bool)> = Vec::new();
        for literal in clause {
            if let Some(&v) = self.numbers.get(&literal.variable()) {
                start.push((v, !literal.polarity()));
            }
        }
        for &u in &self.units {
            start.push(self.clauses[u][0]);
        }
        for (v, positive) in start {
            match value[v] {
                Some(set) if set != positive => return Ok(()),
                Some(_) => {}
                None => {
                    value[v] = Some(positive);
                    trail.push((v, positive));
                }
            }
        }
        let mut next = 0;
        while next < trail.len() {
            let (v, positive) = trail[next];
            next += 1;
            // The clauses where the literal just made false occurs.
            for &c in &self.occurs[2 * v + usize::from(positive)] {
                let mut open = None;
                let mut open_count = 0;
                let mut satisfied = false;
                for &(w, p) in &self.clauses[c] {
                    match value[w] {
                        Some(set) if set == p => {
                            satisfied = true;
                            break;
                        }
                        Some(_) => {}
                        None => {
                            open_count += 1;
                            open = Some((w, p));
                        }
                    }
                }
                if satisfied {
                    continue;
                }
                match (open_count, open) {
                    (0, _) => return Ok(()),
                    (1, Some((w, p))) => {
                        value[w] = Some(p);
                        trail.push((w, p));
                    }
                    _ => {}
                }
            }
        }
        Err(trail
            .into_iter()
            .map(|(v, positive)| Literal::new(self.variables[v], positive))
            .collect())
    }
}

/// What is wrong with a proof: in words, and for a clause that does not follow, the clause and
/// what propagation made true instead.
struct Flaw {
    words: String,
    stuck: Option<(Clause, Vec<Literal>)>,
}

/// What is wrong with `proof` as a refutation of `clauses`, or `None` when each of its clauses
/// follows by unit propagation from the formula and the clauses before it, up to the empty
/// clause.
fn proof_flaw(clauses: &Clauses, proof: &[Clause]) -> Option<Flaw> {
    let plain = |words: String| Some(Flaw { words, stuck: None });
    if proof.len() > MAX_PROOF {
        return plain(format!(
            "the proof has {} clauses, more than the {MAX_PROOF} a proof may have",
            proof.len()
        ));
    }
    let mut propagation = Propagation::new(clauses);
    for (k, clause) in proof.iter().enumerate() {
        if let Err(made_true) = propagation.refutes_negation_of(clause) {
            let mut words = format!(
                "its clause {} (of {}), {clause}, does not follow by unit propagation: with its \
                 literals false, propagation makes ",
                k + 1,
                proof.len()
            );
            let shown: Vec<String> = made_true.iter().take(12).map(ToString::to_string).collect();
            if shown.is_empty() {
                words.push_str("nothing true");
            } else {
                let _ = write!(words, "true {}", shown.join(", "));
            }
            if made_true.len() > 12 {
                let _ = write!(words, " and {} more", made_true.len() - 12);
            }
            words.push_str(" and finds no clause false");
            return Some(Flaw {
                words,
                stuck: Some((clause.clone(), made_true)),
            });
        }
        if clause.is_empty() {
            return None;
        }
        propagation.add(clause);
    }
    plain(match proof.last() {
        None => "the proof is empty: it must end with the empty clause {}".to_owned(),
        Some(last) => format!(
            "every clause follows, but the proof stops at {last}: it must go on to the empty \
             clause {{}}"
        ),
    })
}

/// For a queens' formula, the clause that does not follow on the board: its squares shaded,
/// a queen where propagation made a queen's variable true, a cross where it made one false.
fn stuck_picture(clauses: &Clauses, flaw: &Flaw) -> Option<Svg> {
    let (clause, made_true) = flaw.stuck.as_ref()?;
    let squares: Option<Vec<_>> = clauses
        .variables()
        .into_iter()
        .map(queens::square_of)
        .collect();
    let n = squares?.iter().map(|s| s.row.max(s.col)).max()?;
    let mut diagram = clause_on_board(n, made_true.iter(), clause, &[]);
    for literal in made_true.iter().filter(|l| l.is_negative()) {
        if let Some(square) = queens::square_of(literal.variable()) {
            diagram = diagram.mark(square);
        }
    }
    Some(diagram.size(if n <= 4 { 200 } else { 260 }).render())
}

/// Checks a student's `refutation(clauses)`: a list of clauses, each following from the
/// formula and the list's clauses before it by unit propagation (set its literals false, and
/// propagation makes some clause false), up to the empty clause (what follows it is not looked
/// at); at most [`MAX_PROOF`] clauses. On every formula of [`refutation_formulas`], each one part
/// of the score, the 2×2 queens' (which a fixed list of two clauses proves) only beside another;
/// in a hidden test, six random formulas without a model over 30 to 38 variables, drawn when
/// graded. The first clause that does not follow is named, with what propagation made true
/// instead, and drawn on the board for a queens' formula.
pub fn check_refutation(given: impl Fn(&Clauses) -> Vec<Clause>) -> Report {
    let exercise = "refutation";
    within(exercise, || {
        let (formulas, which) = hidden_inputs(exercise).unwrap_or_else(|| {
            (
                refutation_formulas(),
                "the queens' formulas of 2×2, 3×3 and 4×4 with two holes and five \
                         random formulas"
                    .to_owned(),
            )
        });
        let mut parts = Parts::new(exercise);
        // Two queens on 2×2 have a proof short enough to be a constant answer.
        let two_queens = queens_with_holes(2, &[]);
        for clauses in &formulas {
            match quietly(|| given(clauses)) {
                Ok(proof) => match proof_flaw(clauses, &proof) {
                    None if *clauses == two_queens => parts.right_trivially(),
                    None => parts.right(),
                    Some(flaw) => parts.wrong(|| {
                        let mut words = format!(
                            "{exercise} is wrong for {}: {}.",
                            formula_words(clauses),
                            flaw.words
                        );
                        let drawn = stuck_picture(clauses, &flaw);
                        if drawn.is_some() {
                            words.push_str(
                                "\n  Drawn: the clause's squares shaded, a queen where \
                                 propagation made a square's variable true, a cross where it \
                                 made one false.",
                            );
                        }
                        (words, drawn)
                    }),
                },
                Err(message) => parts.wrong(|| {
                    (
                        format!(
                            "{exercise} panicked for {}: {message}",
                            formula_words(clauses)
                        ),
                        None,
                    )
                }),
            }
        }
        parts.report(|total| {
            (
                format!("✔ {exercise} is right for {which} ({total} formulas).\n"),
                None,
            )
        })
    })
}

/// A formula in words: whole when it is short, else its size.
fn formula_words(clauses: &Clauses) -> String {
    let text = clauses.to_string();
    if text.chars().count() <= 100 {
        format!("the formula {text}")
    } else {
        format!(
            "a formula of {} clauses over {} variables",
            clauses.len(),
            clauses.variables().len()
        )
    }
}

#[cfg(test)]
mod tests;
