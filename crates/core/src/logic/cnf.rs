//! Clauses in DIMACS numbers, stored flat: the form to build millions of clauses in.

use std::io::{self, Write};

use super::Variable;

/// Clauses over the variables `1..=variables()`, each literal a DIMACS number (`v` or `−v`),
/// all of them in one vector. The named [`Clauses`](crate::logic::Clauses) keep each clause as
/// a set of named variables, which is what the lecture writes but costs about a hundred bytes a
/// clause; a million queens' worth of clauses is built here.
///
/// ```
/// use nqueens_core::logic::Cnf;
/// let mut cnf = Cnf::new();
/// let p = cnf.fresh();
/// let q = cnf.fresh();
/// cnf.add(&[p, q]);
/// cnf.add(&[-p, -q]);
/// assert_eq!((cnf.variables(), cnf.len()), (2, 2));
/// assert_eq!(cnf.first_falsified(&[true, true]), Some(1));
/// assert_eq!(cnf.first_falsified(&[true, false]), None);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cnf {
    variables: usize,
    literals: Vec<i32>,
    /// Where each clause starts in `literals` (each ends where the next starts).
    starts: Vec<usize>,
}

impl Cnf {
    /// No variables, no clauses.
    pub fn new() -> Self {
        Cnf::default()
    }

    /// The clauses of a list, each a list of DIMACS numbers (zeros skipped).
    pub fn from_lists(clauses: &[Vec<i32>]) -> Self {
        let mut cnf = Cnf::new();
        for clause in clauses {
            cnf.add(clause);
        }
        cnf
    }

    /// A new variable, numbered one past the largest so far.
    pub fn fresh(&mut self) -> i32 {
        self.variables += 1;
        i32::try_from(self.variables).unwrap_or(i32::MAX)
    }

    /// Adds a clause. A literal `±v` past the variables so far makes `v` the largest; a 0 (which
    /// ends a clause in a DIMACS file) is skipped. No literals at all is the empty clause.
    pub fn add(&mut self, clause: &[i32]) {
        self.starts.push(self.literals.len());
        for &lit in clause.iter().filter(|&&l| l != 0) {
            let v = usize::try_from(lit.unsigned_abs()).unwrap_or(usize::MAX);
            self.variables = self.variables.max(v);
            self.literals.push(lit);
        }
    }

    /// How many variables: the largest number used or made by [`Cnf::fresh`].
    pub fn variables(&self) -> usize {
        self.variables
    }

    /// How many clauses.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Whether there are no clauses.
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// How many literals, over all clauses.
    pub fn literal_count(&self) -> usize {
        self.literals.len()
    }

    /// Clause `i` (from 0).
    pub fn clause(&self, i: usize) -> &[i32] {
        let end = self
            .starts
            .get(i + 1)
            .copied()
            .unwrap_or(self.literals.len());
        self.starts
            .get(i)
            .map_or(&[][..], |&start| &self.literals[start..end])
    }

    /// The clauses in order.
    pub fn iter(&self) -> impl Iterator<Item = &[i32]> + '_ {
        (0..self.len()).map(|i| self.clause(i))
    }

    /// The first clause an assignment falsifies, if any: `values[v − 1]` is variable `v`'s
    /// value, and a variable past the end of `values` counts as false.
    pub fn first_falsified(&self, values: &[bool]) -> Option<usize> {
        let holds = |lit: i32| {
            let v = usize::try_from(lit.unsigned_abs()).unwrap_or(usize::MAX) - 1;
            values.get(v).copied().unwrap_or(false) == (lit > 0)
        };
        self.iter()
            .position(|clause| !clause.iter().any(|&l| holds(l)))
    }

    /// Writes the clauses as DIMACS: first, when `names` is not empty, the name table (`c var 1
    /// Q<1,1>`, variable `i + 1` named `names[i]`), then the header and a line a clause. The one
    /// DIMACS writer of the crate: [`dimacs::write`](super::dimacs::write) numbers named clauses
    /// and writes them through it.
    ///
    /// # Errors
    /// What `out` returns.
    pub fn write_dimacs(&self, names: &[Variable], mut out: impl Write) -> io::Result<()> {
        for (i, name) in names.iter().enumerate() {
            writeln!(out, "c var {} {name}", i + 1)?;
        }
        writeln!(out, "p cnf {} {}", self.variables, self.len())?;
        let mut line = String::new();
        for clause in self.iter() {
            line.clear();
            for lit in clause {
                line.push_str(&lit.to_string());
                line.push(' ');
            }
            line.push_str("0\n");
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    }
}
