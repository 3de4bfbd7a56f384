//! Many boards in one drawing, each with a caption.

use std::fmt::Write as _;

use super::diagram::{prefix_for, text_at};
use super::{Diagram, Svg, canvas};
use crate::board::Board;

/// Many boards in one drawing, in a grid, each with a caption (a notebook cell keeps only its last
/// SVG, so several boards must be one).
#[derive(Debug, Clone, Default)]
pub struct Gallery {
    items: Vec<(Diagram, String)>,
    columns: usize,
    cell: u32,
}

impl Gallery {
    /// An empty gallery, four boards to a row, each 180 pixels wide.
    pub fn new() -> Self {
        Gallery {
            items: Vec::new(),
            columns: 4,
            cell: 180,
        }
    }

    /// How many boards to a row.
    #[must_use]
    pub fn columns(mut self, columns: usize) -> Self {
        self.columns = columns.max(1);
        self
    }

    /// The width of each board, in pixels.
    #[must_use]
    pub fn cell_size(mut self, pixels: u32) -> Self {
        self.cell = pixels.max(16);
        self
    }

    /// Adds a board with a caption.
    #[must_use]
    pub fn board(self, board: &Board, caption: &str) -> Self {
        self.diagram(Diagram::new(board), caption)
    }

    /// Adds a diagram with a caption.
    #[must_use]
    pub fn diagram(mut self, diagram: Diagram, caption: &str) -> Self {
        self.items.push((diagram, caption.to_owned()));
        self
    }

    /// The number of boards.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there are no boards.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// One SVG holding every board, row by row, captions underneath.
    pub fn render(&self) -> Svg {
        let gap = 12;
        let caption = 22;
        let cell = self.cell;
        let columns = u32::try_from(self.columns.min(self.items.len().max(1))).unwrap_or(1);
        let rows = u32::try_from(self.items.len().div_ceil(self.columns))
            .unwrap_or(1)
            .max(1);
        let width = columns * (cell + gap) + gap;
        let height = rows * (cell + caption + gap) + gap;
        let mut document = canvas(width, height, "nqueens-gallery");
        let mut ascii = String::new();
        for (i, (diagram, text)) in self.items.iter().enumerate() {
            let i = u32::try_from(i).unwrap_or(0);
            let (x, y) = (
                gap + (i % columns) * (cell + gap),
                gap + (i / columns) * (cell + caption + gap),
            );
            let child = diagram
                .document(&prefix_for(&(i, diagram)))
                .set("x", x)
                .set("y", y)
                .set("width", cell)
                .set("height", cell);
            document = document
                .add(child)
                .add(text_at(x + cell / 2, y + cell + 16, text, 13).set("class", "caption"));
            let _ = writeln!(ascii, "{text}\n{}\n", diagram.board);
        }
        Svg {
            markup: document.to_string(),
            pixels: Some(width),
            ascii: ascii.trim_end().to_owned(),
        }
    }

    /// Shows the gallery inline in a notebook.
    pub fn evcxr_display(&self) {
        self.render().evcxr_display();
    }
}
