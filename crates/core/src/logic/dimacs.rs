//! DIMACS CNF, the SAT solvers' exchange format, read and written with named variables.
//!
//! Variables are numbered `1..=n` in the file. When we write a clause set, we number its
//! variables in order and add a table of comment lines `c var 3 Q<1,3>` so that reading the file
//! back restores the names; a file without such lines gets the names `x1`, `x2`, …
//!
//! Reading takes time and memory in proportion to the text, not to the header's counts: only the
//! variables that occur (in a clause or the name table) get a name, so `p cnf 2000000000 0` is as
//! quick to read as `p cnf 1 0`.
//!
//! Reading is strict, and every error names its line: a missing or malformed header, a literal out
//! of range, a clause without its closing `0`, anything that is not a number, or a clause count
//! that differs from the header's. A line holding only `%` ends the file (the SATLIB benchmarks
//! end that way).

use std::collections::BTreeMap;
use std::fmt;
use std::fmt::Write as _;

use super::{Clauses, Cnf, Literal, Model, Variable};
use crate::budget::Deadline;
use crate::failure::printable;

/// A clause set read from DIMACS, with the variable that stands for each number (the numbered
/// form is [`Numbers`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Named {
    /// How many variables the header declares.
    pub declared: usize,
    /// The variable of each number that occurs in a clause or in the name table.
    pub variables: BTreeMap<usize, Variable>,
    /// The clauses. Duplicate clauses in the file collapse: this is a set.
    pub clauses: Clauses,
}

impl Named {
    /// The variable numbered `number`, if it occurs in the file.
    pub fn variable(&self, number: usize) -> Option<Variable> {
        self.variables.get(&number).copied()
    }

    /// The model made total over the file's variables: those it leaves unassigned are false,
    /// as [`model_lines`] prints them.
    pub fn completed(&self, model: &Model) -> Model {
        self.variables
            .values()
            .map(|&v| Literal::new(v, model.value(v) == Some(true)))
            .collect()
    }
}

/// Why a DIMACS text could not be read. Every variant names a 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DimacsError {
    /// There is no `p cnf` line before the first clause (or at all).
    MissingHeader {
        /// Where a clause started, or the last line when the file has none.
        line: usize,
    },
    /// The `p` line is not `p cnf <variables> <clauses>`.
    BadHeader {
        /// The header's line.
        line: usize,
        /// The header as written.
        text: String,
    },
    /// A second `p` line.
    DuplicateHeader {
        /// The second header's line.
        line: usize,
    },
    /// A token that is not an integer.
    BadToken {
        /// Where the token is.
        line: usize,
        /// The token.
        token: String,
    },
    /// A literal whose variable number is above the header's count.
    OutOfRange {
        /// Where the literal is.
        line: usize,
        /// The literal as written.
        literal: i64,
        /// The number of variables the header declares.
        variables: usize,
    },
    /// The last clause is not closed with `0`.
    MissingZero {
        /// The line where the unfinished clause ends.
        line: usize,
    },
    /// The number of clauses differs from the header's.
    ClauseCount {
        /// The header's line.
        line: usize,
        /// The count in the header.
        declared: usize,
        /// The count found.
        found: usize,
    },
    /// A header count larger than this reader takes: more variables than a DIMACS literal (an
    /// `i32`) can name, or more clauses than memory could hold.
    TooLarge {
        /// The header's line.
        line: usize,
        /// "variables" or "clauses".
        what: &'static str,
        /// The count as written.
        count: String,
        /// The largest count taken.
        max: u64,
    },
    /// Two `c var` entries for one number, or one name for two numbers.
    BadName {
        /// The comment's line.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },
    /// The deadline passed before the text was read.
    OutOfTime,
}

/// The lines of a text, ended by `\n`, `\r\n` or a lone `\r` (old Mac files), so that no `\r`
/// is ever part of a line.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let line = &rest[..end];
        let skip = if rest[end..].starts_with("\r\n") {
            2
        } else {
            usize::from(end < rest.len())
        };
        rest = &rest[end + skip..];
        Some(line)
    })
}

/// Text from the input as a message quotes it: whole up to 40 characters, else its first 40 and
/// how long it was (a token of megabytes is not echoed back whole), control characters written
/// out ([`printable`]).
fn shortened(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        None => printable(text),
        Some((cut, _)) => format!("{}… ({} bytes in all)", printable(&text[..cut]), text.len()),
    }
}

impl fmt::Display for DimacsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DimacsError::MissingHeader { line } => write!(
                f,
                "line {line}: expected the header 'p cnf <variables> <clauses>' before any clause"
            ),
            DimacsError::BadHeader { line, text } => write!(
                f,
                "line {line}: bad header '{}': expected 'p cnf <variables> <clauses>'",
                shortened(text)
            ),
            DimacsError::DuplicateHeader { line } => {
                write!(f, "line {line}: a second header; a file has exactly one")
            }
            DimacsError::BadToken { line, token } => write!(
                f,
                "line {line}: '{}' is not a literal (expected a nonzero integer or the 0 that ends a clause)",
                shortened(token)
            ),
            DimacsError::OutOfRange {
                line,
                literal,
                variables,
            } => write!(
                f,
                "line {line}: literal {literal} is out of range: the header declares {variables} variables"
            ),
            DimacsError::MissingZero { line } => {
                write!(f, "line {line}: the last clause does not end with 0")
            }
            DimacsError::ClauseCount {
                line,
                declared,
                found,
            } => write!(
                f,
                "line {line}: the header declares {declared} clauses but the file has {found}"
            ),
            DimacsError::TooLarge {
                line,
                what,
                count,
                max,
            } => write!(
                f,
                "line {line}: the header declares {count} {what}, more than the {max} this reader takes"
            ),
            DimacsError::BadName { line, reason } => {
                write!(f, "line {line}: bad variable name table entry: {reason}")
            }
            DimacsError::OutOfTime => f.write_str("the deadline passed before the text was read"),
        }
    }
}

impl std::error::Error for DimacsError {}

/// The header's counts and where it stood.
struct Header {
    line: usize,
    variables: usize,
    clauses: usize,
}

/// A DIMACS text read as numbers: what [`read`] names, and what the CDCL solver takes as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Numbers {
    /// How many variables the header declares.
    pub declared: usize,
    /// The clauses in the file's numbers, in the file's order (duplicates kept).
    pub clauses: Cnf,
    /// The `c var <number> <name>` table: each entry's number, line and name.
    pub names: BTreeMap<usize, (usize, Variable)>,
}

impl Numbers {
    /// The numbers that occur in a clause or in the name table, in order: the variables a
    /// model of the file lists.
    pub fn used(&self) -> Vec<usize> {
        let mut used: Vec<usize> = (0..self.clauses.len())
            .flat_map(|i| self.clauses.clause(i).iter())
            .map(|&l| usize::try_from(l.unsigned_abs()).unwrap_or(usize::MAX))
            .chain(self.names.keys().copied())
            .collect();
        used.sort_unstable();
        used.dedup();
        used
    }

    /// The clauses renumbered 1, 2, … in the order of the numbers used, as a solver wants its
    /// variables, with the way back. Clauses already numbered that way are taken as they are.
    pub fn dense(self) -> Dense {
        let used = self.used();
        if used.iter().enumerate().all(|(i, &number)| number == i + 1) {
            return Dense {
                clauses: self.clauses,
                used,
            };
        }
        let mut clauses = Cnf::new();
        let mut buffer = Vec::new();
        for clause in self.clauses.iter() {
            buffer.clear();
            buffer.extend(clause.iter().map(|&lit| {
                let number = usize::try_from(lit.unsigned_abs()).unwrap_or(usize::MAX);
                // Every number of a clause is in `used`, and there are fewer than i32::MAX.
                let v =
                    i32::try_from(used.binary_search(&number).unwrap_or(0) + 1).unwrap_or(i32::MAX);
                if lit < 0 { -v } else { v }
            }));
            clauses.add(&buffer);
        }
        Dense { clauses, used }
    }
}

/// A file's clauses with their variables renumbered `1..=used.len()`: the solver's number `v`
/// is the file's `used[v − 1]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dense {
    /// The clauses, renumbered.
    pub clauses: Cnf,
    /// The file's numbers, in order: the `v`th is the solver's variable `v`.
    pub used: Vec<usize>,
}

impl Dense {
    /// The file's number of a renumbered literal (`±v` to `±used[v − 1]`).
    pub fn file_literal(&self, lit: i32) -> i64 {
        let index = usize::try_from(lit.unsigned_abs())
            .unwrap_or(1)
            .saturating_sub(1);
        let number = self.used.get(index).copied().unwrap_or(0);
        let number = i64::try_from(number).unwrap_or(i64::MAX);
        if lit < 0 { -number } else { number }
    }

    /// The `v` lines of a model of the renumbered clauses (`values[v − 1]` for variable `v`),
    /// in the file's numbers.
    pub fn value_lines(&self, values: &[bool]) -> String {
        value_lines(self.used.iter().copied().zip(values.iter().copied()))
    }
}

/// Reads a DIMACS CNF text, with its variables named (from its `c var` table, else `p1`, `p2`,
/// …), by the deadline (the clock is read every few thousand lines and clauses;
/// [`Deadline::NONE`] for none).
///
/// # Errors
/// Any departure from the format is a [`DimacsError`] naming its line;
/// [`DimacsError::OutOfTime`] when the deadline passes first.
pub fn read(text: &str, deadline: Deadline) -> Result<Named, DimacsError> {
    let numbers = read_numbers(text, deadline)?;
    let used = numbers
        .clauses
        .iter()
        .flatten()
        .map(|&l| usize::try_from(l.unsigned_abs()).unwrap_or(usize::MAX));
    let variables = name_variables(&numbers.names, used, deadline)?;
    // Every number read is in `variables`: it was collected from the same clauses.
    let literal = |number: i32| {
        Literal::new(
            variables[&usize::try_from(number.unsigned_abs()).unwrap_or(0)],
            number > 0,
        )
    };
    let mut clauses = Clauses::new();
    for (i, clause) in numbers.clauses.iter().enumerate() {
        if i % CLOCK_EVERY == 0 && deadline.expired() {
            return Err(DimacsError::OutOfTime);
        }
        clauses.insert(clause.iter().map(|&l| literal(l)).collect());
    }
    Ok(Named {
        declared: numbers.declared,
        variables,
        clauses,
    })
}

/// How many lines or clauses go by between two readings of the clock.
const CLOCK_EVERY: usize = 4096;

/// Reads a DIMACS CNF text as numbers, checked as strictly as [`read`] checks it (but the name
/// table's entries are not compared with each other), by the deadline. A literal must also fit
/// an `i32`, as in every SAT solver.
///
/// # Errors
/// As [`read`].
pub fn read_numbers(text: &str, deadline: Deadline) -> Result<Numbers, DimacsError> {
    let mut header: Option<Header> = None;
    let mut names: BTreeMap<usize, (usize, Variable)> = BTreeMap::new();
    let mut clauses = Cnf::new();
    let mut current: Vec<i32> = Vec::new();
    let mut last_line = 0;
    // A byte-order mark (some editors write one) is not part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, text_line) in lines(text).enumerate() {
        let line = index + 1;
        last_line = line;
        if index % CLOCK_EVERY == 0 && deadline.expired() {
            return Err(DimacsError::OutOfTime);
        }
        let trimmed = text_line.trim();
        if trimmed == "%" {
            break;
        }
        if trimmed.is_empty() {
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix('c') {
            if comment.is_empty() || comment.starts_with(char::is_whitespace) {
                read_name(comment, line, &mut names)?;
                continue;
            }
        }
        if trimmed.starts_with('p') {
            if header.is_some() {
                return Err(DimacsError::DuplicateHeader { line });
            }
            header = Some(read_header(trimmed, line)?);
            continue;
        }
        let Some(declared) = &header else {
            return Err(DimacsError::MissingHeader { line });
        };
        for token in trimmed.split_whitespace() {
            let literal: i64 = token.parse().map_err(|_| DimacsError::BadToken {
                line,
                token: token.to_owned(),
            })?;
            if literal == 0 {
                clauses.add(&current);
                current.clear();
                continue;
            }
            let in_range = usize::try_from(literal.unsigned_abs())
                .is_ok_and(|number| number <= declared.variables);
            match i32::try_from(literal) {
                Ok(literal) if in_range => current.push(literal),
                _ => {
                    let variables = declared.variables;
                    return Err(DimacsError::OutOfRange {
                        line,
                        literal,
                        variables,
                    });
                }
            }
        }
    }
    let Some(header) = header else {
        return Err(DimacsError::MissingHeader {
            line: last_line.max(1),
        });
    };
    if !current.is_empty() {
        return Err(DimacsError::MissingZero { line: last_line });
    }
    if clauses.len() != header.clauses {
        return Err(DimacsError::ClauseCount {
            line: header.line,
            declared: header.clauses,
            found: clauses.len(),
        });
    }
    // Table entries for numbers the header does not declare name nothing: comments.
    names.retain(|&number, _| number <= header.variables);
    // One name for two numbers is refused here, so that every reader (the named one and the
    // numbers the CDCL solver takes) follows one rule.
    let mut numbers_of: BTreeMap<Variable, usize> = BTreeMap::new();
    for (&number, &(line, variable)) in &names {
        if let Some(other) = numbers_of.insert(variable, number) {
            return Err(DimacsError::BadName {
                line,
                reason: format!("variables {other} and {number} are both called {variable}"),
            });
        }
    }
    Ok(Numbers {
        declared: header.variables,
        clauses,
        names,
    })
}

fn read_header(text: &str, line: usize) -> Result<Header, DimacsError> {
    let bad = || DimacsError::BadHeader {
        line,
        text: text.to_owned(),
    };
    // A count is digits; one too large to hold is refused as too large, not as malformed.
    let count = |word: &str, what: &'static str, max: u64| -> Result<usize, DimacsError> {
        if word.is_empty() || !word.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        match word.parse::<u64>() {
            Ok(value) if value <= max => usize::try_from(value).map_err(|_| bad()),
            _ => Err(DimacsError::TooLarge {
                line,
                what,
                count: word.to_owned(),
                max,
            }),
        }
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["p", "cnf", variables, clauses] => Ok(Header {
            line,
            variables: count(variables, "variables", MAX_VARIABLES)?,
            clauses: count(clauses, "clauses", MAX_CLAUSES)?,
        }),
        _ => Err(bad()),
    }
}

/// The most variables a header may declare: a literal is an `i32`.
pub const MAX_VARIABLES: u64 = i32::MAX as u64;

/// The most clauses a header may declare (each takes at least a few bytes of memory).
pub const MAX_CLAUSES: u64 = 1 << 32;

/// Reads a name table entry, `c var <number> <name>` with a variable number and a valid name;
/// any other comment, `c var names follow` or `c var 1 ¬p` included, is only a comment.
fn read_name(
    comment: &str,
    line: usize,
    names: &mut BTreeMap<usize, (usize, Variable)>,
) -> Result<(), DimacsError> {
    let words: Vec<&str> = comment.split_whitespace().collect();
    let ["var", number, name] = words.as_slice() else {
        return Ok(());
    };
    let (Some(number), Ok(variable)) = (
        number.parse::<usize>().ok().filter(|&n| n > 0),
        Variable::new(name),
    ) else {
        return Ok(());
    };
    if names.insert(number, (line, variable)).is_some() {
        return Err(DimacsError::BadName {
            line,
            reason: format!("variable {number} is named twice"),
        });
    }
    Ok(())
}

/// The variable of every number used in a clause or named in the table: its name from the
/// table, or `x<number>`. No name for two numbers.
fn name_variables(
    names: &BTreeMap<usize, (usize, Variable)>,
    used: impl Iterator<Item = usize>,
    deadline: Deadline,
) -> Result<BTreeMap<usize, Variable>, DimacsError> {
    let mut variables: BTreeMap<usize, Variable> = names
        .iter()
        .map(|(&number, entry)| (number, entry.1))
        .collect();
    for (i, number) in used.enumerate() {
        if i % CLOCK_EVERY == 0 && deadline.expired() {
            return Err(DimacsError::OutOfTime);
        }
        variables
            .entry(number)
            .or_insert_with(|| Variable::intern(&format!("x{number}")));
    }
    let mut seen = BTreeMap::new();
    for (&number, &variable) in &variables {
        if let Some(other) = seen.insert(variable, number) {
            let line = names
                .get(&number)
                .or_else(|| names.get(&other))
                .map_or(0, |e| e.0);
            return Err(DimacsError::BadName {
                line,
                reason: format!("variables {other} and {number} are both called {variable}"),
            });
        }
    }
    Ok(variables)
}

/// The numbering used when writing: variables in order, from 1.
pub fn numbering(clauses: &Clauses) -> Vec<Variable> {
    clauses.variables().into_iter().collect()
}

/// The clauses in DIMACS numbers, their variables numbered in order from 1 ([`numbering`]),
/// and the variable of each number (number `i` is `variables[i - 1]`): the one conversion from
/// names to numbers, which [`write()`], CDCL and its proofs share.
pub fn numbered(clauses: &Clauses) -> (Vec<Variable>, Cnf) {
    let variables = numbering(clauses);
    let number: BTreeMap<Variable, i32> = variables.iter().zip(1..).map(|(&v, i)| (v, i)).collect();
    let mut cnf = Cnf::new();
    let mut numbers = Vec::new();
    for clause in clauses {
        numbers.clear();
        numbers.extend(clause.iter().map(|literal| {
            let n = number[&literal.variable()];
            if literal.is_negative() { -n } else { n }
        }));
        cnf.add(&numbers);
    }
    (variables, cnf)
}

/// Writes a clause set as DIMACS, numbering its variables in order ([`numbered`]) with a name
/// table, through the one writer, [`Cnf::write_dimacs`].
pub fn write(clauses: &Clauses) -> String {
    let (variables, cnf) = numbered(clauses);
    let mut out = Vec::new();
    // Writing to memory cannot fail, and the names and numbers are text.
    let _ = cnf.write_dimacs(&variables, &mut out);
    String::from_utf8(out).unwrap_or_default()
}

/// The SAT-competition answer lines `v 1 -2 … 0` for a model of a file's clauses.
///
/// Every variable that occurs in the file is given; those the model leaves unassigned are
/// written as false (see [`Named::completed`]), which still satisfies the clauses. A variable the
/// header declares but no clause mentions can take either value and is left out, so the answer
/// stays as long as the file.
pub fn model_lines(cnf: &Named, model: &Model) -> String {
    value_lines(
        cnf.variables
            .iter()
            .map(|(&number, &variable)| (number, model.value(variable) == Some(true))),
    )
}

/// The `v` lines of a model given as numbers and values: `v 1 -2 3 … 0`, wrapped before 80
/// columns.
pub fn value_lines(values: impl IntoIterator<Item = (usize, bool)>) -> String {
    let mut out = String::new();
    let mut line = String::from("v");
    for (number, value) in values {
        let sign = if value { "" } else { "-" };
        let _ = write!(line, " {sign}{number}");
        if line.len() > 72 {
            out.push_str(&line);
            out.push('\n');
            line = String::from("v");
        }
    }
    line.push_str(" 0\n");
    out.push_str(&line);
    out
}
