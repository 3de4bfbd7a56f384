//! The table of tasks: one row per task of the coursework, and everything the judge knows of a
//! task is in its row: the assignment that asks for it, the checker a test cell calls (which the
//! students' kit exports under the same name), the task's name (in the checkers' answers, on the
//! wire and in `expected.txt`), the reference's answer on an input, the hidden test's inputs, and
//! how the judge runs the checker on a student's shown answers. The judge's dispatch, its list of
//! checkers, its oracle, the hidden tests' inputs, `expected.txt` and the kit's list of checkers
//! all come from here (docs/architecture.md, "Adding a task").

use std::any::Any;
use std::fmt::Write as _;

use nqueens::backtrack::Grid;
use nqueens::board::{Piece, Square};
use nqueens::csp::Csp;
use nqueens::logic::{Clause, Clauses, Literal, Variable};
use nqueens::prelude::*;
use nqueens::queens;
use nqueens_checkers::answers::Rows;
use nqueens_checkers::trial::{self, Trail};

use crate::tasks::by;
use crate::{Done, JudgeError, Mode, inputs, reference, task, with_references};

/// The visible checker `$name`, or with a seed its hidden test, run as the judge runs it, with
/// the student's function `$given` (written once, used for both).
macro_rules! either {
    ($seed:expr, $name:ident, $given:expr) => {
        with_references($seed, || nqueens_checkers::$name($given))
    };
}

/// One task of the coursework (see the module's documentation).
pub struct Task {
    /// The assignment that asks for it (its folder in `coursework/source/`).
    pub assignment: &'static str,
    /// The checker a test cell calls, by the name the kit exports it under.
    pub checker: &'static str,
    /// The task's name in the checkers' answers, on the wire and in `expected.txt`.
    pub name: &'static str,
    /// The reference's answer on an input, both as the wire writes them (`None` for a task
    /// whose checker needs no reference answer: a proof is checked step by step).
    pub(crate) answer: Option<fn(&str) -> String>,
    /// The hidden test's inputs for a seed, of the type the checker reads.
    pub(crate) hidden: fn(u64) -> Box<dyn Any>,
    /// The checker as the judge runs it: its inputs, or its verdict on the answers a kernel
    /// showed (given the task's name, the seed of a hidden test, and what to do).
    pub(crate) run: fn(&str, Option<u64>, &Mode) -> Result<Done, JudgeError>,
}

/// Every task of the coursework, in the order of the assignments.
pub static TASKS: [Task; 26] = [
    Task {
        assignment: "01-backtracking",
        checker: "check_queen_attacks",
        name: "queen_attacks",
        answer: Some(|input| {
            by("queen_attacks", input, |(square, grid): (Square, Rows)| {
                reference::queen_attacks(square, &grid.0)
            })
        }),
        hidden: |seed| Box::new(inputs::attack_cases(seed, "queen_attacks")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(square, board): (Square, Rows)| reference::queen_attacks(square, &board.0),
                |call| {
                    either!(seed, check_queen_attacks, |s: Square, g: &Grid| call((
                        s,
                        Rows(g.clone())
                    )))
                },
            )
        },
    },
    Task {
        assignment: "01-backtracking",
        checker: "check_complete_board",
        name: "complete_board",
        answer: Some(|input| {
            by("complete_board", input, |grid: Rows| {
                let mut placed = Vec::new();
                let first = reference::complete(&grid.0, 1, &mut placed);
                (first.map(Rows), placed)
            })
        }),
        hidden: |seed| Box::new(inputs::starts(seed, "complete_board")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |board: Rows| {
                    let mut placed = Vec::new();
                    let first = reference::complete(&board.0, 1, &mut placed);
                    (first.map(Rows), placed)
                },
                |call| {
                    either!(
                        seed,
                        check_complete_board,
                        |g: &Grid, placed: &mut Vec<Square>| {
                            let (answer, noted) = call(Rows(g.clone()));
                            placed.extend(noted);
                            answer.map(|rows| rows.0)
                        }
                    )
                },
            )
        },
    },
    Task {
        assignment: "01-backtracking",
        checker: "check_next_generation",
        name: "next_generation",
        answer: Some(|input| {
            by("next_generation", input, |row: Vec<u8>| {
                reference::next_generation(&row)
            })
        }),
        hidden: |seed| Box::new(inputs::rows(seed, "next_generation")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |row: Vec<u8>| reference::next_generation(&row),
                |call| either!(seed, check_next_generation, |row: &[u8]| call(row.to_vec())),
            )
        },
    },
    Task {
        assignment: "01-backtracking",
        checker: "check_evolve",
        name: "evolve",
        answer: Some(|input| {
            by("evolve", input, |(first, steps): (Vec<u8>, usize)| {
                reference::generations(&first, steps)
            })
        }),
        hidden: |seed| Box::new(inputs::evolve_cases(seed, "evolve")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(row, steps): (Vec<u8>, usize)| reference::generations(&row, steps),
                |call| {
                    either!(seed, check_evolve, |row: &[u8], steps| call((
                        row.to_vec(),
                        steps
                    )))
                },
            )
        },
    },
    Task {
        assignment: "01-backtracking",
        checker: "check_rook_sees",
        name: "rook_sees",
        answer: Some(|input| {
            by("rook_sees", input, |(square, size): (Square, usize)| {
                reference::sees(Piece::Rook, square, size)
            })
        }),
        hidden: |seed| Box::new(inputs::squares(seed, "rook_sees")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(square, size): (Square, usize)| Piece::Rook.sees(square, size),
                |call| either!(seed, check_rook_sees, |s, n| call((s, n))),
            )
        },
    },
    Task {
        assignment: "01-backtracking",
        checker: "check_knight_sees",
        name: "knight_sees",
        answer: Some(|input| {
            by("knight_sees", input, |(square, size): (Square, usize)| {
                reference::sees(Piece::Knight, square, size)
            })
        }),
        hidden: |seed| Box::new(inputs::squares(seed, "knight_sees")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(square, size): (Square, usize)| Piece::Knight.sees(square, size),
                |call| either!(seed, check_knight_sees, |s, n| call((s, n))),
            )
        },
    },
    Task {
        assignment: "02-davis-putnam",
        checker: "check_subsume",
        name: "subsume",
        answer: Some(|input| by("subsume", input, |set: Clauses| reference::subsume(&set))),
        hidden: |seed| Box::new(inputs::clause_sets(seed, "subsume")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |set: Clauses| reference::subsume(&set),
                |call| either!(seed, check_subsume, |set: &Clauses| call(set.clone())),
            )
        },
    },
    Task {
        assignment: "02-davis-putnam",
        checker: "check_eliminate",
        name: "eliminate",
        answer: Some(|input| {
            by(
                "eliminate",
                input,
                |(set, variable): (Clauses, Variable)| reference::eliminate(&set, variable),
            )
        }),
        hidden: |seed| Box::new(inputs::clause_sets(seed, "eliminate")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(set, variable): (Clauses, Variable)| reference::eliminate(&set, variable),
                |call| {
                    either!(seed, check_eliminate, |set: &Clauses, v| call((
                        set.clone(),
                        v
                    )))
                },
            )
        },
    },
    Task {
        assignment: "02-davis-putnam",
        checker: "check_solve",
        name: "solve",
        answer: Some(|input| by("solve", input, |set: Clauses| reference::solve(&set))),
        hidden: |seed| Box::new(inputs::clause_sets(seed, "solve")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |set: Clauses| {
                    let mut splits = Vec::new();
                    let answer = reference::solve_splitting(&set, &mut splits);
                    (answer, splits)
                },
                |call| {
                    either!(
                        seed,
                        check_solve,
                        |set: &Clauses, splits: &mut Vec<Literal>| {
                            let (answer, noted) = call(set.clone());
                            splits.extend(noted);
                            answer
                        }
                    )
                },
            )
        },
    },
    Task {
        assignment: "02-davis-putnam",
        checker: "check_moms",
        name: "moms",
        answer: Some(|input| {
            by("moms", input, |(set, literal): (Clauses, Literal)| {
                reference::moms(&set, literal)
            })
        }),
        hidden: |seed| Box::new(inputs::clause_sets(seed, "moms")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(set, literal): (Clauses, Literal)| reference::moms(&set, literal),
                |call| either!(seed, check_moms, |set: &Clauses, l| call((set.clone(), l))),
            )
        },
    },
    Task {
        assignment: "03-clauses",
        checker: "check_at_most_two",
        name: "at_most_two",
        answer: Some(|input| {
            by("at_most_two", input, |variables: Vec<Variable>| {
                reference::at_most_two(&variables)
            })
        }),
        hidden: |seed| Box::new(inputs::variable_lists(seed, "at_most_two")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |variables: Vec<Variable>| reference::at_most_two(&variables),
                |call| either!(seed, check_at_most_two, |v: &[Variable]| call(v.to_vec())),
            )
        },
    },
    Task {
        assignment: "03-clauses",
        checker: "check_wrapped_diagonal",
        name: "at_most_one_in_wrapped_diagonal",
        answer: Some(|input| {
            by(
                "at_most_one_in_wrapped_diagonal",
                input,
                |(k, n): (usize, usize)| reference::wrapped_diagonal(k, n),
            )
        }),
        hidden: |seed| Box::new(inputs::sizes(seed, "at_most_one_in_wrapped_diagonal")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(k, n): (usize, usize)| reference::wrapped_diagonal(k, n),
                |call| either!(seed, check_wrapped_diagonal, |k, n| call((k, n))),
            )
        },
    },
    Task {
        assignment: "03-clauses",
        checker: "check_torus_clauses",
        name: "torus_clauses",
        answer: Some(|input| by("torus_clauses", input, reference::torus_clauses)),
        hidden: |seed| Box::new(inputs::sizes(seed, "torus_clauses")),
        run: |name, seed, mode| {
            task(name, mode, reference::torus_clauses, |call| {
                either!(seed, check_torus_clauses, call)
            })
        },
    },
    Task {
        assignment: "04-csp",
        checker: "check_superqueens_csp",
        name: "superqueens_csp",
        answer: Some(|input| by("superqueens_csp", input, reference::superqueens_csp)),
        hidden: |seed| Box::new(inputs::sizes(seed, "superqueens_csp")),
        run: |name, seed, mode| {
            task(name, mode, reference::superqueens_csp, |call| {
                either!(seed, check_superqueens_csp, call)
            })
        },
    },
    Task {
        assignment: "04-csp",
        checker: "check_consistent",
        name: "is_consistent",
        answer: Some(|input| {
            by(
                "is_consistent",
                input,
                |(n, assignment, var): (usize, Vec<Option<i64>>, usize)| {
                    let csp = queens::create_csp(n).expect("the CSP of n queens");
                    reference::consistent(&csp, &assignment, var)
                },
            )
        }),
        hidden: |seed| Box::new(inputs::assignments(seed, "is_consistent")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(csp, assignment, var): (Csp, Vec<Option<i64>>, usize)| {
                    reference::consistent(&csp, &assignment, var)
                },
                |call| {
                    either!(
                        seed,
                        check_consistent,
                        |csp: &Csp, a: &[Option<i64>], var| {
                            call((csp.clone(), a.to_vec(), var))
                        }
                    )
                },
            )
        },
    },
    Task {
        assignment: "04-csp",
        checker: "check_csp_backtracking",
        name: "backtracking",
        answer: Some(|input| {
            by("backtracking", input, |n: usize| {
                let csp = queens::create_csp(n).expect("the CSP of n queens");
                let (mut kept, mut assignment) = (Vec::new(), vec![None; n]);
                let first = reference::search(&csp, &mut assignment, 0, &mut kept)
                    .then(|| assignment.into_iter().flatten().collect::<Vec<i64>>());
                (first, kept)
            })
        }),
        hidden: |seed| Box::new(inputs::sizes(seed, "backtracking")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |csp: Csp| {
                    let mut kept = Vec::new();
                    let mut assignment = vec![None; csp.variables().len()];
                    let found = reference::search(&csp, &mut assignment, 0, &mut kept);
                    (
                        found.then(|| assignment.into_iter().flatten().collect()),
                        kept,
                    )
                },
                |call| {
                    either!(seed, check_csp_backtracking, |csp: &Csp,
                                                           kept: &mut Vec<(
                        usize,
                        i64
                    )>| {
                        let (answer, noted) = call(csp.clone());
                        kept.extend(noted);
                        answer
                    })
                },
            )
        },
    },
    Task {
        assignment: "05-counting",
        checker: "check_count",
        name: "count",
        answer: Some(|input| {
            by("count", input, |(n, holes): (usize, Vec<Square>)| {
                reference::count(n, &holes)
            })
        }),
        hidden: |seed| Box::new(inputs::holed_boards(seed, "count")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(n, holes): (usize, Vec<Square>)| reference::count(n, &holes),
                |call| {
                    either!(
                        seed,
                        check_count,
                        |n: usize, holes: &[Square], nodes: &mut u64| {
                            let (found, noted) = call((n, holes.to_vec()));
                            *nodes += noted;
                            found
                        }
                    )
                },
            )
        },
    },
    Task {
        assignment: "06-symmetry",
        checker: "check_canonical",
        name: "canonical",
        answer: Some(|input| {
            by("canonical", input, |(squares, n): (Vec<Square>, usize)| {
                reference::canonical(&squares, n)
            })
        }),
        hidden: |seed| Box::new(inputs::symmetry_boards(seed, "canonical")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(squares, n): (Vec<Square>, usize)| reference::canonical(&squares, n),
                |call| {
                    either!(seed, check_canonical, |s: &[Square], n| call((
                        s.to_vec(),
                        n
                    )))
                },
            )
        },
    },
    Task {
        assignment: "06-symmetry",
        checker: "check_class_size",
        name: "class_size",
        answer: Some(|input| {
            by("class_size", input, |(squares, n): (Vec<Square>, usize)| {
                reference::class_size(&squares, n)
            })
        }),
        hidden: |seed| Box::new(inputs::symmetry_boards(seed, "class_size")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(squares, n): (Vec<Square>, usize)| reference::class_size(&squares, n),
                |call| {
                    either!(seed, check_class_size, |s: &[Square], n| call((
                        s.to_vec(),
                        n
                    )))
                },
            )
        },
    },
    Task {
        assignment: "06-symmetry",
        checker: "check_classes",
        name: "classes",
        answer: Some(|input| {
            by("classes", input, |(n, holes): (usize, Vec<Square>)| {
                reference::classes(n, &holes)
            })
        }),
        hidden: |seed| Box::new(inputs::symmetric_holes(seed, "classes")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(n, holes): (usize, Vec<Square>)| reference::classes(n, &holes),
                |call| either!(seed, check_classes, |n, h: &[Square]| call((n, h.to_vec()))),
            )
        },
    },
    Task {
        assignment: "07-huge-boards",
        checker: "check_attacking_pairs",
        name: "attacking_pairs",
        answer: Some(|input| {
            by("attacking_pairs", input, |rows: trial::Rows| {
                reference::attacking_pairs(&trial::board_of(&rows))
            })
        }),
        hidden: |seed| Box::new(inputs::pair_boards(seed, "attacking_pairs")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |rows: trial::Rows| reference::attacking_pairs(&trial::board_of(&rows)),
                |call| {
                    let given = |rows: &trial::Rows| call(rows.clone());
                    with_references(seed, || nqueens_checkers::pairs_by_rows(given))
                },
            )
        },
    },
    Task {
        assignment: "07-huge-boards",
        checker: "check_best_column",
        name: "best_column",
        answer: Some(|input| {
            by("best_column", input, |(rows, row): (trial::Rows, usize)| {
                reference::best_column(&trial::board_of(&rows), row)
            })
        }),
        hidden: |seed| Box::new(inputs::column_cases(seed, "best_column")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(rows, row): (trial::Rows, usize)| {
                    reference::best_column(&trial::board_of(&rows), row)
                },
                |call| {
                    let given = |rows: &trial::Rows, row| call((rows.clone(), row));
                    with_references(seed, || nqueens_checkers::best_column_by_rows(given))
                },
            )
        },
    },
    Task {
        assignment: "07-huge-boards",
        checker: "check_greedy_start",
        name: "greedy_start",
        answer: Some(|input| by("greedy_start", input, reference::greedy_start)),
        hidden: |seed| Box::new(inputs::greedy_sizes(seed, "greedy_start")),
        run: |name, seed, mode| {
            task(name, mode, reference::greedy_start, |call| {
                either!(seed, check_greedy_start, call)
            })
        },
    },
    Task {
        assignment: "08-cdcl",
        checker: "check_luby",
        name: "luby",
        answer: Some(|input| by("luby", input, reference::luby)),
        hidden: |seed| Box::new(inputs::luby_indices(seed, "luby")),
        run: |name, seed, mode| {
            task(name, mode, reference::luby, |call| {
                either!(seed, check_luby, call)
            })
        },
    },
    Task {
        assignment: "08-cdcl",
        checker: "check_minimise",
        name: "minimise",
        answer: Some(|input| {
            by(
                "minimise",
                input,
                |(_, trail, clause): (usize, Trail, Clause)| reference::minimise(&clause, &trail),
            )
        }),
        hidden: |seed| Box::new(inputs::minimise_cases(seed, "minimise")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |(trail, clause): (Trail, Clause)| reference::minimise(&clause, &trail),
                |call| {
                    either!(seed, check_minimise, |clause: &Clause,
                                                   trail: &[(
                        Literal,
                        usize,
                        Option<Clause>
                    )]| {
                        call((trail.to_vec(), clause.clone()))
                    })
                },
            )
        },
    },
    Task {
        assignment: "08-cdcl",
        checker: "check_refutation",
        name: "refutation",
        answer: None,
        hidden: |seed| Box::new(inputs::refutation_formulas(seed, "refutation")),
        run: |name, seed, mode| {
            task(
                name,
                mode,
                |set: Clauses| reference::refutation(&set),
                |call| either!(seed, check_refutation, |set: &Clauses| call(set.clone())),
            )
        },
    },
];

/// The list of the tasks as the release reads it (`nqueens-judge tasks`): a line per task, its
/// assignment, checker and name, tab-separated.
pub fn task_list(tasks: &[Task]) -> String {
    let mut text = String::new();
    for task in tasks {
        let _ = writeln!(text, "{}\t{}\t{}", task.assignment, task.checker, task.name);
    }
    text
}

/// The kit's list of checkers (`coursework/kit/src/checkers.rs`, which `make expected` writes):
/// every checker of the table, exported under its own name.
pub fn kit_checkers(tasks: &[Task]) -> String {
    let mut names: Vec<&str> = tasks.iter().map(|task| task.checker).collect();
    names.sort_unstable();
    names.dedup();
    let mut text = String::from(
        "//! The checkers of every task, written from the judge's table of tasks by `make expected`\n\
         //! (a test of the judge's fails while this file is stale). Do not edit by hand.\n\n",
    );
    for name in names {
        let _ = writeln!(text, "pub use nqueens_checkers::{name};");
    }
    text
}

#[cfg(test)]
mod tests;
