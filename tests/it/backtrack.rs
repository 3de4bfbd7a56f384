//! The introductory lecture's backtracking, and the other pieces.

use nqueens::backtrack::{self, Grid};
use nqueens::prelude::*;
use nqueens::{Board, Direction, Piece, Square};

fn placed(grid: &Grid) -> Vec<Square> {
    let mut squares = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            if cell {
                squares.push(Square::new(r + 1, c + 1));
            }
        }
    }
    squares
}

#[test]
fn the_naive_fill_gets_stuck_on_four_by_four() {
    let filled = backtrack::fill_board_naive(4);
    assert!(!filled.complete);
    assert_eq!(filled.stuck_at, Some(3));
    assert_eq!(
        placed(&filled.grid),
        vec![Square::new(1, 1), Square::new(2, 3)]
    );
    // Eight and five work out without going back; two and three cannot.
    assert!(backtrack::fill_board_naive(1).complete);
    assert!(!backtrack::fill_board_naive(3).complete);
}

#[test]
fn backtracking_solves_what_can_be_solved() {
    for n in 1..=9 {
        let result = backtrack::fill_board_recursion(n, &backtrack::queen_sees);
        assert_eq!(result.is_some(), !matches!(n, 2 | 3), "n = {n}");
        if let Some(grid) = result {
            assert!(
                backtrack::to_board(&grid, Piece::Queen).is_solution(),
                "n = {n}"
            );
        }
    }
    let eight = backtrack::fill_board_recursion(8, &backtrack::queen_sees).unwrap();
    assert_eq!(
        backtrack::to_board(&eight, Piece::Queen).columns(),
        [1, 5, 8, 6, 3, 7, 2, 4].map(Some)
    );
}

#[test]
fn the_search_on_four_by_four_step_by_step() {
    let steps = backtrack::fill_board_steps(4);
    let shown: Vec<Vec<Square>> = steps.iter().map(|step| placed(&step.grid)).collect();
    let sq = Square::new;
    assert_eq!(shown[0], vec![sq(1, 1)]);
    assert_eq!(shown[1], vec![sq(1, 1), sq(2, 3)]);
    assert_eq!(shown[2], vec![sq(1, 1), sq(2, 4)]);
    assert_eq!(shown[3], vec![sq(1, 1), sq(2, 4), sq(3, 2)]);
    assert_eq!(shown[4], vec![sq(1, 2)]);
    assert_eq!(
        shown.last().unwrap(),
        &vec![sq(1, 2), sq(2, 4), sq(3, 1), sq(4, 3)]
    );
    assert_eq!(steps.len(), 8);
    for step in &steps {
        assert!(
            backtrack::to_board(&step.grid, Piece::Queen)
                .conflicts()
                .is_empty()
        );
    }
    // The notebook's reading of the 4×4 steps: row 3 a dead end after step 2, back in steps 3
    // and 5.
    let backs: Vec<bool> = steps.iter().map(|step| step.back).collect();
    assert_eq!(
        backs,
        [false, false, true, false, true, false, false, false]
    );
    assert_eq!(steps[1].dead_end, Some(3));
    assert_eq!(steps[3].dead_end, Some(4));
}

#[test]
fn each_step_says_what_it_placed_whether_it_came_back_and_any_dead_end() {
    // Checked against the boards themselves: the square placed is the queen of the step's last
    // row, a step came back when it has no more queens than the step before, and the next row
    // is a dead end when a queen of the board attacks each of its squares.
    for n in 1..=7 {
        let steps = backtrack::fill_board_steps(n);
        let mut before = 0;
        for step in &steps {
            let board = backtrack::to_board(&step.grid, Piece::Queen);
            let queens: Vec<Square> = board.queens().collect();
            assert_eq!(queens.iter().map(|q| q.row).max(), Some(step.placed.row));
            assert!(queens.contains(&step.placed));
            assert_eq!(step.back, queens.len() <= before, "n = {n}");
            let next = queens.len() + 1;
            let attacked = |col| {
                queens
                    .iter()
                    .any(|&q| Piece::Queen.attacks(q, Square::new(next, col)))
            };
            let stuck = next <= n && (1..=n).all(attacked);
            assert_eq!(step.dead_end, stuck.then_some(next), "n = {n}");
            before = queens.len();
        }
    }
}

#[test]
fn what_each_piece_sees() {
    let at = Square::new(3, 4);
    assert_eq!(backtrack::queen_sees(at, 8).len(), 25);
    assert_eq!(backtrack::rook_sees(at, 8).len(), 14);
    assert_eq!(backtrack::bishop_sees(at, 8).len(), 11);
    assert_eq!(backtrack::king_sees(at, 8).len(), 8);
    assert_eq!(backtrack::king_sees(Square::new(1, 1), 8).len(), 3);
    assert_eq!(backtrack::knight_sees(at, 8).len(), 8);
    assert_eq!(
        backtrack::knight_sees(Square::new(1, 1), 8),
        vec![Square::new(2, 3), Square::new(3, 2)]
    );
    assert_eq!(
        backtrack::pawn_sees(at, 8, Direction::Up),
        vec![Square::new(2, 3), Square::new(2, 5)]
    );
    assert_eq!(
        backtrack::pawn_sees(at, 8, Direction::Down),
        vec![Square::new(4, 3), Square::new(4, 5)]
    );
    assert!(backtrack::pawn_sees(Square::new(1, 4), 8, Direction::Up).is_empty());
    // Seeing is the same relation as attacking, square by square.
    for piece in Piece::ALL {
        for to in piece.sees(at, 8) {
            assert!(piece.attacks(at, to));
        }
    }
}

#[test]
fn grid_helpers_follow_the_lecture() {
    let mut grid = backtrack::make_board(3);
    grid[1][2] = true;
    assert!(backtrack::has_queen(&grid, &[Square::new(2, 3)]));
    assert!(!backtrack::has_queen(
        &grid,
        &[Square::new(1, 1), Square::new(9, 9)]
    ));
    assert_eq!(
        backtrack::display_board(&grid),
        "+---+---+---+\n|   |   |   |\n+---+---+---+\n|   |   | X |\n+---+---+---+\n|   |   |   |\n+---+---+---+\n"
    );
    let copy = backtrack::clone_board(&grid);
    assert_eq!(copy, grid);
}

#[test]
fn other_pieces_row_by_row_and_as_many_as_fit() {
    for piece in Piece::ALL.into_iter().chain([Piece::Pawn(Direction::Down)]) {
        let grid =
            backtrack::fill_board_recursion(8, &|s, n| piece.sees(s, n)).expect("one per row fits");
        let board: Board = backtrack::to_board(&grid, piece);
        assert!(board.conflicts().is_empty(), "{piece:?}:\n{board}");
        assert_eq!(board.len(), 8);
        let many = backtrack::to_board(&backtrack::place_as_many(8, piece), piece);
        assert!(many.conflicts().is_empty(), "{piece:?}:\n{many}");
        let expected = match piece {
            Piece::Queen | Piece::Rook => 8,
            Piece::Bishop => 14,
            Piece::King => 16,
            Piece::Knight => 27,
            Piece::Pawn(_) => 32,
        };
        assert_eq!(many.len(), expected, "{piece:?}");
    }
}
