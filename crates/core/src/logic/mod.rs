//! Propositional logic in the lecture's notation: variables, literals, clauses, clause sets, models.
//!
//! A clause is a *set* of literals and a clause set is a *set* of clauses, exactly as in the
//! lecture. Both are kept sorted, so printing, iterating and solving are deterministic: variables
//! are ordered by their names in natural order (`Q<1,2>` before `Q<1,10>`), a positive literal
//! comes before its negation, and clauses compare lexicographically.
//!
//! ```
//! use nqueens_core::logic::Clauses;
//! let clauses: Clauses = "{{q}, {¬q, p}, {q}}".parse().unwrap();
//! assert_eq!(clauses.to_string(), "{{p, ¬q}, {q}}");
//! ```

mod cnf;
pub mod dimacs;
mod parse;

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt;
use std::sync::{Mutex, OnceLock};

pub use cnf::Cnf;
pub use parse::ParseError;

/// A propositional variable: a name, interned, so that copying and comparing are cheap.
///
/// Two variables are equal exactly when their names are equal. They are ordered by name in
/// natural order: runs of digits compare as numbers, so `Q<2,9>` comes before `Q<2,10>`.
#[derive(Clone, Copy)]
pub struct Variable(&'static str);

/// The interned names. Every distinct name is stored once for the life of the process.
fn names() -> &'static Mutex<HashMap<&'static str, &'static str>> {
    static NAMES: OnceLock<Mutex<HashMap<&'static str, &'static str>>> = OnceLock::new();
    NAMES.get_or_init(|| Mutex::new(HashMap::new()))
}

impl Variable {
    /// The variable with this name.
    ///
    /// # Errors
    /// A name must start with a letter or `_`, continue with letters, digits, `_` or `'`, and may
    /// end in one group `<…>` (as in `Q<3,4>`); anything else is a [`ParseError`].
    pub fn new(name: &str) -> Result<Self, ParseError> {
        parse::parse_variable(name)
    }

    /// Interns a name that is already known to be valid.
    pub(crate) fn intern(name: &str) -> Self {
        let mut table = names()
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(&stored) = table.get(name) {
            return Variable(stored);
        }
        let stored: &'static str = Box::leak(name.to_owned().into_boxed_str());
        table.insert(stored, stored);
        Variable(stored)
    }

    /// The variable's name.
    pub fn name(self) -> &'static str {
        self.0
    }
}

// Equality and hashing go by the name, not by the interned pointer: a notebook kernel that
// links the crate into every cell separately has one interning table per cell, and a `p` made in
// one cell must still equal a `p` made in another. The pointer only serves as a fast path.
impl PartialEq for Variable {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl Eq for Variable {}

impl std::hash::Hash for Variable {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl Ord for Variable {
    fn cmp(&self, other: &Self) -> Ordering {
        if self == other {
            return Ordering::Equal;
        }
        natural_cmp(self.0, other.0).then_with(|| self.0.cmp(other.0))
    }
}

impl PartialOrd for Variable {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Variable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl fmt::Debug for Variable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// Compares two strings with runs of ASCII digits taken as numbers.
fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a.as_bytes(), b.as_bytes());
    loop {
        match (a.first(), b.first()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let (da, ra) = split_digits(a);
                let (db, rb) = split_digits(b);
                let (da, db) = (trim_zeros(da), trim_zeros(db));
                let order = da.len().cmp(&db.len()).then_with(|| da.cmp(db));
                if order != Ordering::Equal {
                    return order;
                }
                (a, b) = (ra, rb);
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(y);
                }
                (a, b) = (&a[1..], &b[1..]);
            }
        }
    }
}

fn split_digits(s: &[u8]) -> (&[u8], &[u8]) {
    let end = s
        .iter()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(s.len());
    s.split_at(end)
}

fn trim_zeros(s: &[u8]) -> &[u8] {
    let start = s.iter().position(|&c| c != b'0').unwrap_or(s.len());
    &s[start..]
}

/// A literal: a variable `p` or its negation `¬p`.
///
/// Ordered by variable first; `p` comes before `¬p`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Literal {
    variable: Variable,
    negated: bool,
}

impl Literal {
    /// The positive literal `p`.
    pub fn positive(variable: Variable) -> Self {
        Literal {
            variable,
            negated: false,
        }
    }

    /// The negative literal `¬p`.
    pub fn negative(variable: Variable) -> Self {
        Literal {
            variable,
            negated: true,
        }
    }

    /// The literal of `variable` that a value of `positive` makes true: `p` for `true`, `¬p` for
    /// `false` (a model's value as a literal).
    pub fn new(variable: Variable, positive: bool) -> Self {
        Literal {
            variable,
            negated: !positive,
        }
    }

    /// The variable of this literal.
    pub fn variable(self) -> Variable {
        self.variable
    }

    /// Whether this is a negation `¬p`.
    pub fn is_negative(self) -> bool {
        self.negated
    }

    /// The complement: `p ↦ ¬p` and `¬p ↦ p`.
    #[must_use]
    pub fn complement(self) -> Self {
        Literal {
            variable: self.variable,
            negated: !self.negated,
        }
    }

    /// The truth value this literal asks of its variable: `true` for `p`, `false` for `¬p`.
    pub fn polarity(self) -> bool {
        !self.negated
    }
}

impl std::ops::Not for Literal {
    type Output = Literal;
    fn not(self) -> Literal {
        self.complement()
    }
}

impl From<Variable> for Literal {
    fn from(variable: Variable) -> Self {
        Literal::positive(variable)
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.negated {
            f.write_str("¬")?;
        }
        f.write_str(self.variable.0)
    }
}

impl fmt::Debug for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A clause: a set of literals, read as their disjunction. The empty clause `{}` is false.
#[derive(Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clause {
    /// Sorted, without duplicates.
    literals: Vec<Literal>,
}

impl Clause {
    /// The empty clause `{}`.
    pub fn empty() -> Self {
        Clause::default()
    }

    /// The unit clause `{l}`.
    pub fn unit(literal: Literal) -> Self {
        Clause {
            literals: vec![literal],
        }
    }

    /// The literals, in order.
    pub fn literals(&self) -> &[Literal] {
        &self.literals
    }

    /// The literals, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Literal> {
        self.literals.iter()
    }

    /// The number of literals.
    pub fn len(&self) -> usize {
        self.literals.len()
    }

    /// Whether this is the empty clause.
    pub fn is_empty(&self) -> bool {
        self.literals.is_empty()
    }

    /// The literal of a unit clause `{l}`, or `None` for any other clause.
    pub fn as_unit(&self) -> Option<Literal> {
        match self.literals.as_slice() {
            [literal] => Some(*literal),
            _ => None,
        }
    }

    /// Whether the clause contains this literal.
    pub fn contains(&self, literal: Literal) -> bool {
        self.literals.binary_search(&literal).is_ok()
    }

    /// Whether the clause contains some literal and its complement (so it is always true).
    pub fn is_tautology(&self) -> bool {
        self.literals
            .windows(2)
            .any(|pair| pair[0].variable == pair[1].variable)
    }

    /// The clause without this literal (`C \ {l}`).
    #[must_use]
    pub fn without(&self, literal: Literal) -> Self {
        Clause {
            literals: self
                .literals
                .iter()
                .copied()
                .filter(|&l| l != literal)
                .collect(),
        }
    }

    /// Whether the clause is true however the model's unassigned variables are set: some literal
    /// is true in it, or the clause is a tautology such as `{p, ¬p}`.
    pub fn is_satisfied_by(&self, model: &Model) -> bool {
        self.literals
            .iter()
            .any(|&l| model.value_of(l) == Some(true))
            || self.is_tautology()
    }
}

impl FromIterator<Literal> for Clause {
    fn from_iter<I: IntoIterator<Item = Literal>>(iter: I) -> Self {
        let mut literals: Vec<Literal> = iter.into_iter().collect();
        literals.sort_unstable();
        literals.dedup();
        Clause { literals }
    }
}

impl<'a> IntoIterator for &'a Clause {
    type Item = &'a Literal;
    type IntoIter = std::slice::Iter<'a, Literal>;
    fn into_iter(self) -> Self::IntoIter {
        self.literals.iter()
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, literal) in self.literals.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{literal}")?;
        }
        f.write_str("}")
    }
}

impl fmt::Debug for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of clauses, read as their conjunction. `{{}}` (the set holding the empty clause) is the
/// lecture's way of writing "unsatisfiable".
///
/// `{}` prints the whole set on one line; the alternate form `{:#}` prints one clause per line.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Clauses {
    set: BTreeSet<Clause>,
}

impl Clauses {
    /// The empty clause set `{}` (which is true).
    pub fn new() -> Self {
        Clauses::default()
    }

    /// The lecture's answer "unsatisfiable": `{{}}`.
    pub fn falsum() -> Self {
        std::iter::once(Clause::empty()).collect()
    }

    /// Adds a clause; returns whether it was new.
    pub fn insert(&mut self, clause: Clause) -> bool {
        self.set.insert(clause)
    }

    /// Removes a clause; returns whether it was there.
    pub fn remove(&mut self, clause: &Clause) -> bool {
        self.set.remove(clause)
    }

    /// Whether the set holds this clause.
    pub fn contains(&self, clause: &Clause) -> bool {
        self.set.contains(clause)
    }

    /// The number of clauses.
    pub fn len(&self) -> usize {
        self.set.len()
    }

    /// Whether there are no clauses at all.
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// Whether the empty clause is in the set (so it is unsatisfiable).
    pub fn contains_empty(&self) -> bool {
        self.set.first().is_some_and(Clause::is_empty)
    }

    /// The clauses, in order.
    pub fn iter(&self) -> std::collections::btree_set::Iter<'_, Clause> {
        self.set.iter()
    }

    /// Every variable that occurs in some clause, in order.
    pub fn variables(&self) -> BTreeSet<Variable> {
        self.set
            .iter()
            .flat_map(|c| c.literals.iter().map(|l| l.variable))
            .collect()
    }

    /// The total number of literal occurrences.
    pub fn literal_count(&self) -> usize {
        self.set.iter().map(Clause::len).sum()
    }

    /// Whether every clause has a literal that is true in the model (or is a tautology).
    ///
    /// A variable the model leaves unassigned makes none of its literals true.
    pub fn is_satisfied_by(&self, model: &Model) -> bool {
        self.first_falsified(model).is_none()
    }

    /// The first clause with no literal true in the model, if any.
    pub fn first_falsified(&self, model: &Model) -> Option<&Clause> {
        self.set.iter().find(|c| !c.is_satisfied_by(model))
    }
}

impl FromIterator<Clause> for Clauses {
    fn from_iter<I: IntoIterator<Item = Clause>>(iter: I) -> Self {
        Clauses {
            set: iter.into_iter().collect(),
        }
    }
}

impl Extend<Clause> for Clauses {
    fn extend<I: IntoIterator<Item = Clause>>(&mut self, iter: I) {
        self.set.extend(iter);
    }
}

impl IntoIterator for Clauses {
    type Item = Clause;
    type IntoIter = std::collections::btree_set::IntoIter<Clause>;
    fn into_iter(self) -> Self::IntoIter {
        self.set.into_iter()
    }
}

impl<'a> IntoIterator for &'a Clauses {
    type Item = &'a Clause;
    type IntoIter = std::collections::btree_set::Iter<'a, Clause>;
    fn into_iter(self) -> Self::IntoIter {
        self.set.iter()
    }
}

/// Writes `{a, b, c}`, or one item per line with `{:#}`.
fn write_set<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    items: impl ExactSizeIterator<Item = T>,
) -> fmt::Result {
    let one_per_line = f.alternate() && items.len() > 0;
    f.write_str("{")?;
    for (i, item) in items.enumerate() {
        match (one_per_line, i) {
            (true, 0) => f.write_str("\n  ")?,
            (true, _) => f.write_str(",\n  ")?,
            (false, 0) => {}
            (false, _) => f.write_str(", ")?,
        }
        write!(f, "{item}")?;
    }
    f.write_str(if one_per_line { "\n}" } else { "}" })
}

impl fmt::Display for Clauses {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_set(f, self.set.iter())
    }
}

impl fmt::Debug for Clauses {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A (partial) assignment of truth values to variables.
///
/// It prints as the lecture writes a solution: the set of unit clauses `{{p}, {¬q}}`.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Model {
    values: BTreeMap<Variable, bool>,
}

impl Model {
    /// The empty assignment.
    pub fn new() -> Self {
        Model::default()
    }

    /// Makes the literal true (assigning its variable); returns the variable's previous value.
    pub fn assign(&mut self, literal: Literal) -> Option<bool> {
        self.values.insert(literal.variable, literal.polarity())
    }

    /// The value of a variable, or `None` when it is unassigned.
    pub fn value(&self, variable: Variable) -> Option<bool> {
        self.values.get(&variable).copied()
    }

    /// The value of a literal, or `None` when its variable is unassigned.
    pub fn value_of(&self, literal: Literal) -> Option<bool> {
        self.value(literal.variable)
            .map(|v| v == literal.polarity())
    }

    /// The number of assigned variables.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no variable is assigned.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The true literals, one per assigned variable, in order.
    pub fn literals(&self) -> impl ExactSizeIterator<Item = Literal> + '_ {
        self.values.iter().map(|(&variable, &value)| Literal {
            variable,
            negated: !value,
        })
    }

    /// The variables assigned `true`, in order.
    pub fn true_variables(&self) -> impl Iterator<Item = Variable> + '_ {
        self.values
            .iter()
            .filter(|(_, v)| **v)
            .map(|(&variable, _)| variable)
    }

    /// The model as the lecture returns it: one unit clause per assigned variable.
    pub fn to_clauses(&self) -> Clauses {
        self.literals().map(Clause::unit).collect()
    }
}

impl FromIterator<Literal> for Model {
    /// Later literals overwrite earlier ones on the same variable.
    fn from_iter<I: IntoIterator<Item = Literal>>(iter: I) -> Self {
        let mut model = Model::new();
        for literal in iter {
            model.assign(literal);
        }
        model
    }
}

impl fmt::Display for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_set(f, self.literals().map(Clause::unit))
    }
}

impl fmt::Debug for Model {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(name: &str) -> Variable {
        Variable::new(name).unwrap()
    }

    #[test]
    fn natural_order_compares_numbers_as_numbers() {
        assert!(v("Q<2,9>") < v("Q<2,10>"));
        assert!(v("Q<9,1>") < v("Q<10,1>"));
        assert!(v("p") < v("q"));
        assert!(v("x2") < v("x10"));
        assert!(v("x01") != v("x1"));
        assert_ne!(v("x01").cmp(&v("x1")), Ordering::Equal);
    }

    #[test]
    fn interning_gives_one_variable_per_name() {
        assert_eq!(v("same"), v("same"));
        assert_ne!(v("same"), v("other"));
    }

    #[test]
    fn a_clause_is_a_sorted_set() {
        let (p, q) = (v("p"), v("q"));
        let clause: Clause = [
            Literal::negative(q),
            Literal::positive(p),
            Literal::negative(q),
        ]
        .into_iter()
        .collect();
        assert_eq!(clause.to_string(), "{p, ¬q}");
        assert_eq!(clause.len(), 2);
        assert!(!clause.is_tautology());
        assert!(Clause::from_iter([Literal::positive(p), Literal::negative(p)]).is_tautology());
    }

    #[test]
    fn models_print_as_unit_clauses() {
        let model: Model = [Literal::negative(v("q")), Literal::positive(v("p"))]
            .into_iter()
            .collect();
        assert_eq!(model.to_string(), "{{p}, {¬q}}");
        assert_eq!(format!("{model:#}"), "{\n  {p},\n  {¬q}\n}");
        assert_eq!(Model::new().to_string(), "{}");
    }
}
