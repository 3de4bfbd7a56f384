//! Rows of 0s and 1s drawn as cells: the pre-homework's generations.

use std::fmt::Write as _;

use svg::node::element::{Description, Rectangle, Text};

use super::{FONT, Svg, Theme, canvas};

/// Rows of 0/1 cells as a grid of small squares, the first row on top: a 1 is a dark square, a 0
/// a light one (any other number is drawn dark too). `labels` name the rows in a margin on the
/// left (give none for no margin); the cells in `marked`, as 0-based `(row, index)` pairs, get a
/// red outline. This draws the pre-homework's generations and the checker's counterexamples.
pub fn cells(rows: &[Vec<u8>], labels: &[&str], marked: &[(usize, usize)]) -> Svg {
    const CELL: u32 = 12;
    let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX / 2 / CELL);
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let margin = if longest == 0 {
        0
    } else {
        to_u32(longest) * 7 + 8
    };
    let columns = to_u32(rows.iter().map(Vec::len).max().unwrap_or(0));
    let (width, height) = (margin + columns * CELL + 2, to_u32(rows.len()) * CELL + 2);
    let theme = Theme::default();
    let mut document = canvas(width, height, "nqueens-cells");
    let mut ascii = String::new();
    for (r, row) in rows.iter().enumerate() {
        let y = 1 + to_u32(r) * CELL;
        if let Some(label) = labels.get(r) {
            document = document.add(
                Text::new(*label)
                    .set("x", margin - 6)
                    .set("y", y + CELL - 2)
                    .set("font-size", 11)
                    .set("font-family", FONT)
                    .set("text-anchor", "end"),
            );
            let _ = write!(ascii, "{label:>longest$} ");
        }
        for (i, &value) in row.iter().enumerate() {
            let fill = if value == 0 {
                &theme.light
            } else {
                &theme.piece
            };
            let mut square = Rectangle::new()
                .set("x", margin + 1 + to_u32(i) * CELL)
                .set("y", y)
                .set("width", CELL)
                .set("height", CELL)
                .set("fill", fill.as_str())
                .set("stroke", "#ffffff")
                .set("stroke-width", 1);
            if marked.contains(&(r, i)) {
                square = square
                    .set("stroke", theme.conflict.as_str())
                    .set("stroke-width", 3);
            }
            document = document.add(square);
            ascii.push(if value == 0 { '.' } else { '#' });
        }
        ascii.push('\n');
    }
    let ascii = ascii.trim_end().to_owned();
    document = document.add(Description::new().add(svg::node::Text::new(ascii.clone())));
    Svg {
        markup: super::svg::backdrop(document.to_string()),
        pixels: Some(width),
        ascii,
        alt: None,
    }
}

/// The generations of the pre-homework (a first row and the rows its rule makes) drawn one under
/// the other.
pub fn generations(rows: &[Vec<u8>]) -> Svg {
    cells(rows, &[], &[])
}
