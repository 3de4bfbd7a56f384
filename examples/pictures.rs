//! Writes the lecture's two pictures and a solved board as SVG files:
//! `cargo run --example pictures -- DIR`.

use nqueens::render::{self, Gallery};
use nqueens::{Board, Square};

fn main() -> std::io::Result<()> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    let dir = std::path::Path::new(&dir);
    render::attacks(8, Square::new(3, 4), true).save_svg(dir.join("queen-captures.svg"))?;
    render::variables(8).save_svg(dir.join("queens-vars.svg"))?;
    let board = Board::from_columns(&[1, 5, 8, 6, 3, 7, 2, 4]).expect("columns on the board");
    board.save_svg(dir.join("eight-queens.svg"))?;
    let clash = Board::from_columns(&[1, 2, 4, 3]).expect("columns on the board");
    render::conflicts(&clash).save_svg(dir.join("conflicts.svg"))?;
    Gallery::new()
        .board(&board, "a solution")
        .diagram(render::conflicts(&clash), "conflicts")
        .render()
        .save(dir.join("gallery.svg"))
}
