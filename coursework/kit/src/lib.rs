//! The crate the coursework's notebooks load: the board's types, the helpers the tasks allow,
//! the checkers and the pictures of the nqueens crate, and none of the functions the assignments
//! ask for.
//!
//! It loads the nqueens crate without its `solvers` feature, which leaves out every function
//! that answers a task (the library's solvers and the checkers' references): the checkers here
//! compare with the references' answers on their visible inputs, kept as data. A notebook that
//! loads this crate cannot name even what is left of nqueens, since a crate's dependencies are
//! out of reach of the code that uses it: an answer that calls `nqueens::queens::var` (or says
//! `extern crate nqueens;` first) does not compile. (The coursework's grading test tries it.)
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
//! an item of the same name in an answer cell cannot stand in for them. A hidden test cell shows
//! [`hidden::pending`]; the grader's judge runs the hidden tests, outside the kernel.

pub use nqueens::Square;
/// The eight symmetries of the square, which the symmetry tasks build on: `Symmetry::ALL` lists
/// them (the identity, three turns, four mirrors) and `symmetry.apply(square, n)` moves a square
/// of an n×n board. (The canonical image, the size of a class and the classes are tasks.)
pub use nqueens::Symmetry;
/// What a test cell runs when the work is graded: the student's function on the judge's inputs,
/// its answers shown for the judge outside the kernel.
pub use nqueens_checkers::answers;
pub use nqueens_checkers::{
    Report, TIME_LIMIT, check_at_most_two, check_attacking_pairs, check_best_column,
    check_canonical, check_class_size, check_classes, check_complete_board, check_consistent,
    check_count, check_csp_backtracking, check_eliminate, check_evolve, check_greedy_start,
    check_knight_sees, check_luby, check_minimise, check_moms, check_next_generation,
    check_queen_attacks, check_refutation, check_rook_sees, check_solve, check_subsume,
    check_superqueens_csp, check_torus_clauses, check_wrapped_diagonal, drawn_columns, hidden,
    minimise_example, random_cells, within,
};

/// The introductory lecture's board: a grid of `bool`, the helpers its backtracking uses, and
/// its `queen_sees`. (What a queen attacks among other queens, the completion of a board, the
/// rook and the knight are the tasks.)
pub mod backtrack {
    pub use nqueens::backtrack::{Grid, clone_board, has_queen, make_board, queen_sees};
}

/// Propositional logic in the lecture's notation: variables, literals, clauses and sets of
/// clauses, which parse from and print as `{{p, ¬q}, {r}}`.
pub mod logic {
    pub use nqueens::logic::{Clause, Clauses, Literal, Variable};
}

/// The queens' variables, and the lecture's clause builders: at most one of a list (pairwise), a
/// row, a column, a rising diagonal. (At most two, the wrapped diagonals and the torus are tasks.)
pub mod queens {
    pub use nqueens::encode::at_most_one;
    pub use nqueens::queens::{
        at_most_one_in_rising_diagonal, at_most_one_in_row, one_in_column, var,
    };
}

/// What the Davis–Putnam tasks may call: the lecture's `reduce` and `saturate`, its choice of a
/// literal to split on, and the Jeroslow–Wang score. (Subsumption, the elimination of a
/// variable, the search that notes its splits and the MOMS count are tasks.)
pub mod dp {
    pub use nqueens::dp::{Heuristic, jeroslow_wang, reduce, saturate, select_literal};
}

/// Constraint satisfaction problems: the type the CSP tasks build and search. (The CSP of
/// superqueens, the consistency check and the backtracking are tasks.)
pub mod csp {
    pub use nqueens::csp::{Constraint, Csp, CspError};
}

/// The pictures the assignments show: the page's style, and the lecture's examples, each for
/// the one board the task text talks about.
pub mod pictures {
    use nqueens::queens;
    use nqueens::render::{self, Html, Svg};

    /// The notebook style the drawings use; show it once, at the top of a notebook.
    pub fn style() -> Html {
        render::style()
    }

    /// What a queen on (3, 3) of a 6×6 board attacks among four other queens: the example of
    /// the first task.
    pub fn queen_among_queens() -> Svg {
        nqueens_checkers::queen_attacks_example()
    }

    /// The variables `Q<r,c>` of a 4×4 board, each on its square.
    pub fn variables_of_four() -> Svg {
        render::variables(4).render()
    }

    /// An n×n board with its holes (squares no queen may stand on) drawn dark: the boards of
    /// the counting task.
    pub fn board_with_holes(n: usize, holes: &[nqueens::Square]) -> Svg {
        nqueens_checkers::holed_board(n, holes)
    }

    /// A board of three queens on 4×4 moved by each of the eight symmetries, named: the
    /// picture of the symmetry assignment.
    pub fn eight_images() -> Svg {
        let mut board = nqueens::Board::new(4);
        for (row, col) in [(1, 2), (2, 4), (4, 1)] {
            let _ = board.place(nqueens::Square::new(row, col), nqueens::Piece::Queen);
        }
        board
            .images()
            .iter()
            .fold(
                render::Gallery::new().columns(4).cell_size(150),
                |gallery, (symmetry, image)| gallery.board(image, symmetry.name()),
            )
            .render()
    }

    /// A board of queens given by their columns (1 to n, one queen a row), each pair that
    /// attacks joined by a line: the pictures of the huge-board assignment.
    pub fn attacks(columns: &[usize]) -> Svg {
        let mut board = nqueens::Board::new(columns.len());
        for (i, &col) in columns.iter().enumerate() {
            let _ = board.place(nqueens::Square::new(i + 1, col), nqueens::Piece::Queen);
        }
        render::conflicts(&board).render()
    }

    /// The example trail of the minimising task on its 5×5 board: a queen where a queen's
    /// variable is true (the decision ringed), each square the trail rules out labelled with its
    /// level, the squares of the example's clause shaded blue.
    pub fn trail_example() -> Svg {
        nqueens_checkers::trail_drawing(&nqueens_checkers::minimise_example())
    }

    /// The lecture's CSP of four queens, as text: what the task's `create_csp(4)` should
    /// describe.
    pub fn csp_of_four() -> String {
        queens::create_csp(4)
            .map(|csp| csp.to_string())
            .unwrap_or_default()
    }
}
