//! The crate the coursework's notebooks load: the board's types, the helpers the tasks allow,
//! the checkers and the pictures, and none of the functions the assignments ask for.
//!
//! It depends on two crates, neither of which holds the library's answers to the tasks: the
//! library's core (`nqueens-core`: no solver) and the checkers (`nqueens-checkers`: no
//! reference, no hidden test; they compare with the references' answers on their visible
//! inputs, kept as data). The solvers are the `nqueens` crate's and the references the judge's,
//! and this crate depends on neither. A notebook that loads this crate cannot name even its
//! dependencies, since they are out of reach of the code that uses it: an answer that calls
//! `nqueens_core::queens::var` or `nqueens::queens::count` (or says `extern crate nqueens;`
//! first) does not compile. (The coursework's grading test tries the last two.)
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

/// What a test cell runs when the work is graded: the student's function on the judge's inputs,
/// its answers shown for the judge outside the kernel.
pub use nqueens_checkers::answers;
pub use nqueens_checkers::{
    Report, TIME_LIMIT, drawn_columns, hidden, minimise_example, random_cells, within,
};
// The checker of every task, as the judge's table of tasks lists them.
mod checkers;
pub use checkers::*;
pub use nqueens_core::Square;
/// The eight symmetries of the square, which the symmetry tasks build on: `Symmetry::ALL` lists
/// them (the identity, three turns, four mirrors) and `symmetry.apply(square, n)` moves a square
/// of an n×n board. (The canonical image, the size of a class and the classes are tasks.)
pub use nqueens_core::Symmetry;

/// The introductory lecture's board: a grid of `bool`, the helpers its backtracking uses, and
/// its `queen_sees`. (What a queen attacks among other queens, the completion of a board, the
/// rook and the knight are the tasks.)
pub mod backtrack {
    pub use nqueens_core::backtrack::{Grid, clone_board, has_queen, make_board, queen_sees};
}

/// Propositional logic in the lecture's notation: variables, literals, clauses and sets of
/// clauses, which parse from and print as `{{p, ¬q}, {r}}`.
pub mod logic {
    pub use nqueens_core::logic::{Clause, Clauses, Literal, Variable};
}

/// The queens' variables, and the lecture's clause builders: at most one of a list (pairwise), a
/// row, a column, a rising diagonal. (At most two, the wrapped diagonals and the torus are tasks.)
pub mod queens {
    pub use nqueens_core::encode::at_most_one;
    pub use nqueens_core::queens::{
        at_most_one_in_rising_diagonal, at_most_one_in_row, one_in_column, var,
    };
}

/// What the Davis–Putnam tasks may call: the lecture's `reduce` and `saturate`, its choice of a
/// literal to split on, and the Jeroslow–Wang score. (Subsumption, the elimination of a
/// variable, the search that notes its splits and the MOMS count are tasks.)
pub mod dp {
    pub use nqueens_core::dp::{Heuristic, jeroslow_wang, reduce, saturate, select_literal};
}

/// Constraint satisfaction problems: the type the CSP tasks build and search. (The CSP of
/// superqueens, the consistency check and the backtracking are tasks.)
pub mod csp {
    pub use nqueens_core::csp::{Constraint, Csp, CspError};
}

/// The pictures the assignments show: the page's style, and the lecture's examples, each for
/// the one board the task text talks about.
pub mod pictures {
    use nqueens_core::queens;
    use nqueens_core::render::{self, Html, Svg};

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
    pub fn board_with_holes(n: usize, holes: &[nqueens_core::Square]) -> Svg {
        nqueens_checkers::holed_board(n, holes)
    }

    /// A board of three queens on 4×4 moved by each of the eight symmetries, named: the
    /// picture of the symmetry assignment.
    pub fn eight_images() -> Svg {
        let mut board = nqueens_core::Board::new(4);
        for (row, col) in [(1, 2), (2, 4), (4, 1)] {
            let _ = board.place(
                nqueens_core::Square::new(row, col),
                nqueens_core::Piece::Queen,
            );
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

    /// The huge-board assignment's example: five queens in columns 2, 4, 1, 4, 3, each pair
    /// that attacks joined by a line. (Only this board: a picture of any board would count its
    /// attacking pairs, a task.)
    pub fn attacks_example() -> Svg {
        let columns = [2, 4, 1, 4, 3];
        let mut board = nqueens_core::Board::new(columns.len());
        for (i, &col) in columns.iter().enumerate() {
            let _ = board.place(
                nqueens_core::Square::new(i + 1, col),
                nqueens_core::Piece::Queen,
            );
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
