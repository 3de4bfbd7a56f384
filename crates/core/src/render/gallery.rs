//! Many boards in one drawing, each with a caption.

use std::fmt::Write as _;

use super::diagram::{prefix_for, text_at};
use super::{Diagram, FONT, OUTPUT_WIDTH, Svg, canvas};
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

    /// One SVG holding every board, row by row, captions underneath. Boards of different sizes
    /// are drawn to one scale (the largest fills its cell; a smaller one stands centred above its
    /// caption), and the captions share one font size at which each fits its cell, wrapped if
    /// need be.
    pub fn render(&self) -> Svg {
        let gap = 12;
        let cell = self.cell;
        let columns = u32::try_from(self.columns.min(self.items.len().max(1))).unwrap_or(1);
        let rows = u32::try_from(self.items.len().div_ceil(self.columns))
            .unwrap_or(1)
            .max(1);
        let width = columns * (cell + gap) + gap;
        // One font size for every caption: the smallest any of them needs, but never shown under
        // MIN_CAPTION_PX where the gallery is shrunk to a notebook's output (the captions wrap
        // instead).
        let least = (MIN_CAPTION_PX * width).div_ceil(OUTPUT_WIDTH.min(width).max(1));
        let font = self
            .items
            .iter()
            .map(|(_, text)| caption_font(text, cell))
            .min()
            .unwrap_or(13)
            .max(least);
        let captions: Vec<Vec<String>> = self
            .items
            .iter()
            .map(|(_, text)| caption_lines(text, cell, font))
            .collect();
        let most_lines = captions.iter().map(Vec::len).max().unwrap_or(1);
        let line_height = (font + 3).max(14);
        let caption = 8 + line_height * u32::try_from(most_lines).unwrap_or(1);
        let height = rows * (cell + caption + gap) + gap;
        let mut document = canvas(width, height, "nqueens-gallery");
        let (mut ascii, mut alt) = (String::new(), String::new());
        // Each board as it will be shown: its cell, shrunk with the gallery where the gallery is
        // wider than a notebook's output, so that its numbers are sized for what the reader sees.
        let shown = u32::try_from(
            u64::from(cell) * u64::from(OUTPUT_WIDTH.min(width)) / u64::from(width.max(1)),
        )
        .unwrap_or(cell);
        let mut items: Vec<(Diagram, &String)> = self
            .items
            .iter()
            .map(|(diagram, text)| (diagram.clone().shown_at(shown), text))
            .collect();
        // Boards are drawn to one scale, so a smaller board is shown smaller than its cell: its
        // numbers are sized again for that (twice, as its margins change its extent).
        for _ in 0..2 {
            let largest = items.iter().map(|(d, _)| d.extent().0).max().unwrap_or(1);
            for (diagram, _) in &mut items {
                let side = scaled(shown, diagram.extent().0, largest);
                *diagram = diagram.clone().shown_at(side);
            }
        }
        let largest = items.iter().map(|(d, _)| d.extent().0).max().unwrap_or(1);
        for (i, (diagram, text)) in items.iter().enumerate() {
            let i = u32::try_from(i).unwrap_or(0);
            let (x, y) = (
                gap + (i % columns) * (cell + gap),
                gap + (i / columns) * (cell + caption + gap),
            );
            let side = scaled(cell, diagram.extent().0, largest);
            let child = diagram
                .document(&prefix_for(&(i, diagram)))
                .set("x", x + (cell - side) / 2)
                .set("y", y + cell - side)
                .set("width", side)
                .set("height", side);
            document = document.add(child);
            for (k, line) in (0..).zip(&captions[i as usize]) {
                document = document.add(
                    text_at(x + cell / 2, y + cell + 16 + line_height * k, line, font)
                        .set("class", "caption")
                        .set("font-family", FONT),
                );
            }
            let _ = writeln!(ascii, "{text}\n{}\n", diagram.board);
            let notes = diagram.notes();
            let _ = writeln!(alt, "{text}\n{}\n{notes}\n", diagram.board);
        }
        Svg {
            markup: super::svg::backdrop(document.to_string()),
            pixels: Some(width),
            ascii: ascii.trim_end().to_owned(),
            alt: Some(super::svg::summarise(alt.trim_end())),
        }
    }

    /// Shows the gallery inline in a notebook.
    pub fn evcxr_display(&self) {
        self.render().evcxr_display();
    }
}

/// `cell` scaled by `part / whole` (a board's extent against the largest one's).
fn scaled(cell: u32, part: u32, whole: u32) -> u32 {
    let side = u64::from(cell) * u64::from(part) / u64::from(whole.max(1));
    u32::try_from(side).unwrap_or(cell).clamp(1, cell)
}

/// How many characters of the caption font fit a width: a character is at most 0.62 em wide.
fn chars_in(width: u32, font: u32) -> usize {
    usize::try_from(width * 50 / (31 * font.max(1))).unwrap_or(usize::MAX)
}

/// The font size a caption needs to fit a cell: 13 if it fits on one line; otherwise 11, to be
/// wrapped at spaces (smaller still if one word is wider than the cell).
/// The smallest a caption is shown, in pixels: a little over the 9 that the browser test asks.
const MIN_CAPTION_PX: u32 = 10;

fn caption_font(text: &str, cell: u32) -> u32 {
    if text.chars().count() <= chars_in(cell, 13) {
        return 13;
    }
    let longest = text
        .split_whitespace()
        .map(|w| w.chars().count())
        .max()
        .unwrap_or(1);
    (6..=11)
        .rev()
        .find(|&f| longest <= chars_in(cell, f))
        .unwrap_or(6)
}

/// A caption's lines at a font size, wrapped at spaces to fit a cell.
fn caption_lines(text: &str, cell: u32, font: u32) -> Vec<String> {
    let width = chars_in(cell, font).max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}
