//! The crate the coursework's notebooks load: the board's types, the helpers the tasks allow,
//! the checkers and the pictures of the nqueens crate, and none of the functions the assignments
//! ask for.
//!
//! The nqueens crate answers every task of the coursework (it is the reference the checkers
//! compare with). A notebook that loaded it could call those answers; a notebook that loads this
//! crate cannot name them, since a crate's dependencies are out of reach of the code that uses
//! it: in a notebook that loads only this crate, an answer that calls
//! `nqueens::backtrack::fill_board_recursion` (or says `extern crate nqueens;` first) does not
//! compile. (The coursework's grading test tries it.)
//!
//! The helpers a task allows are here, under the names the tasks use:
//!
//! ```
//! use coursework::backtrack::{self, Grid};
//! use coursework::Square;
//! let mut grid: Grid = backtrack::make_board(4);
//! grid[0][1] = true;
//! assert!(backtrack::has_queen(&grid, &[Square::new(1, 2), Square::new(3, 3)]));
//! ```
//!
//! Test cells call the checkers by their full path (`::coursework::check_count(count)`), so that
//! an item of the same name in an answer cell cannot stand in for them, and the grader's hidden
//! tests are in [`hidden`].

pub use nqueens::Square;
pub use nqueens::exercises::{
    Report, TIME_LIMIT, check_all_clauses, check_at_most_one, check_consistent, check_count,
    check_create_csp, check_csp_backtracking, check_evolve, check_falling_diagonal,
    check_fill_board_recursion, check_jeroslow_wang, check_knight_sees, check_next_generation,
    check_queen_sees, check_reduce, check_rook_sees, check_saturate, check_solve, hidden,
    random_cells, within,
};

/// The introductory lecture's board: a grid of `bool`, and the three helpers the backtracking
/// task uses. (What a piece sees and the fill itself are the tasks.)
pub mod backtrack {
    pub use nqueens::backtrack::{Grid, clone_board, has_queen, make_board};
}

/// Propositional logic in the lecture's notation: variables, literals, clauses and sets of
/// clauses, which parse from and print as `{{p, ¬q}, {r}}`.
pub mod logic {
    pub use nqueens::logic::{Clause, Clauses, Literal, Variable};
}

/// The queens' variables, and the clauses of the assignment on clauses that it does not ask
/// for: a row, a rising diagonal, a column. (A falling diagonal and the whole set are tasks.)
pub mod queens {
    pub use nqueens::queens::{
        at_most_one_in_rising_diagonal, at_most_one_in_row, one_in_column, var,
    };
}

/// What the Davis–Putnam task may call: the lecture's choice of a literal to split on. (Its
/// `reduce`, `saturate`, `solve` and the Jeroslow–Wang score are tasks.)
pub mod dp {
    pub use nqueens::dp::{Heuristic, select_literal};
}

/// Constraint satisfaction problems: the type the CSP tasks build and search. (The lecture's CSP
/// of n queens, its consistency check and its backtracking are tasks.)
pub mod csp {
    pub use nqueens::csp::{Constraint, Csp, CspError};
}

/// The pictures the assignments show: the page's style, and the lecture's examples, each for
/// the one board the task text talks about.
pub mod pictures {
    use nqueens::render::{self, Html, Svg};
    use nqueens::{Square, csp};

    /// The notebook style the drawings use; show it once, at the top of a notebook.
    pub fn style() -> Html {
        render::style()
    }

    /// What a queen on (2, 3) of a 4×4 board sees: the example of the first task.
    pub fn queen_on_four() -> Svg {
        render::attacks(4, Square::new(2, 3), false).render()
    }

    /// The variables `Q<r,c>` of a 4×4 board, each on its square.
    pub fn variables_of_four() -> Svg {
        render::variables(4).render()
    }

    /// The lecture's CSP of four queens, as text: what the task's `create_csp(4)` should
    /// describe.
    pub fn csp_of_four() -> String {
        csp::create_csp(4)
            .map(|csp| csp.to_string())
            .unwrap_or_default()
    }
}
