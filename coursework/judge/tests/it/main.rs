//! The coursework's integration tests, in one binary: every checker passes a right answer
//! written here independently of the crates, rejects wrong ones with the first counterexample
//! and gives the partial credit it promises, both as the students' kit runs it (the answers
//! from the committed table) and as the judge does (the references, the hidden tests).

mod coursework;
mod exercises;
