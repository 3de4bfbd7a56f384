//! Boards drawn as SVG, for files, browsers and Jupyter (through the evcxr kernel).
//!
//! A [`Diagram`] is a board plus what to draw on it: square fills, marks, arrows, text labels,
//! highlighted conflicts. [`Diagram::render`] turns it into an [`Svg`]. The lecture's two pictures
//! are one call each: [`attacks`] (every square a piece attacks) and [`variables`] (every square
//! labelled with its variable `Q<r,c>`).
//!
//! The drawing is built to be read by people and by programs alike:
//! * squares carry the CSS classes `square light` / `square dark` *and* fill attributes, so a
//!   board renders on its own and can be themed by a style sheet (see `style.css`);
//! * the queen is drawn once in `<defs>` and placed with `<use>`; every id is prefixed per
//!   drawing, so many boards on one page never collide;
//! * every piece has `data-row` and `data-col` attributes (1-based), and `<desc>` holds an ASCII
//!   copy of the board for text-only readers.
//!
//! In a notebook, a `Board`, a `Diagram`, an `Svg` or a [`Gallery`] as the last expression of a
//! cell is drawn inline: each has an `evcxr_display` method that prints HTML, SVG and plain text
//! in one output.
//!
//! Files: `diagram` (one board and what is drawn on it), `svg` (the finished drawing and the
//! notebook display), `lecture` (the lecture's pictures), `gallery` (many boards in one drawing),
//! `large` (boards too large to draw whole), `cells` (rows of 0s and 1s), `pieces` (our drawings
//! of the six pieces).

mod cells;
mod diagram;
mod gallery;
mod large;
mod lecture;
mod pieces;
mod svg;

pub(crate) use self::svg::escape_html;
pub use self::svg::{Html, Svg, style};
pub use cells::{cells, generations};
pub use diagram::Diagram;
pub use gallery::Gallery;
pub use large::{MAX_DRAWN, density, overview, picture, picture_of, window};
pub use lecture::{attacks, attacks_of, conflicts, labelled, variables};

use ::svg::Document;

/// The side of one square, in SVG user units.
const S: u32 = 40;
/// The margin that holds coordinates, in user units.
const MARGIN: u32 = 20;

/// The font of every text in a drawing, so that it looks and measures the same everywhere.
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// The style sheet of the notebooks and of the board theme (the repository's `style.css`).
pub const STYLE_CSS: &str = include_str!("../../style.css");

/// Colours of the board, as CSS colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    /// Light squares (the top-left square is light).
    pub light: String,
    /// Dark squares.
    pub dark: String,
    /// The pieces' bodies, and the text on squares (at least 4.5:1 against both square colours).
    pub piece: String,
    /// The pieces' outlines, and the halo around text on squares, so both show on any colour.
    pub outline: String,
    /// Marks and arrows.
    pub ink: String,
    /// Squares and lines of attacking pieces.
    pub conflict: String,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            light: "#f2e6cf".into(),
            dark: "#b9895b".into(),
            piece: "#1d1d1f".into(),
            outline: "#fafafa".into(),
            ink: "#1f5fa8".into(),
            conflict: "#d62d20".into(),
        }
    }
}

/// The WCAG contrast ratio of two colours written `#rrggbb`, from 1 (the same) to 21 (black on
/// white); `None` if either is written otherwise. Text needs 4.5 or more to be read easily.
pub fn contrast(a: &str, b: &str) -> Option<f64> {
    let luminance = |colour: &str| -> Option<f64> {
        let hex = colour.strip_prefix('#').filter(|h| h.len() == 6)?;
        let channel = |i: usize| -> Option<f64> {
            let value = f64::from(u8::from_str_radix(hex.get(i..i + 2)?, 16).ok()?) / 255.0;
            Some(if value <= 0.039_28 {
                value / 12.92
            } else {
                ((value + 0.055) / 1.055).powf(2.4)
            })
        };
        Some(0.2126 * channel(0)? + 0.7152 * channel(2)? + 0.0722 * channel(4)?)
    };
    let (x, y) = (luminance(a)?, luminance(b)?);
    Some((x.max(y) + 0.05) / (x.min(y) + 0.05))
}

/// How rows and columns are named in the margin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Coordinates {
    /// No margin.
    None,
    /// 1-based row numbers on the left, column numbers on top, as the lecture counts.
    #[default]
    Numbers,
    /// Chess names: files `a`, `b`, … on top, ranks counted from the bottom on the left.
    Chess,
}

/// An empty `<svg>` of this size in pixels, with a class for the style sheet.
fn canvas(width: u32, height: u32, class: &str) -> Document {
    Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("class", class)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    #[test]
    fn contrast_follows_the_wcag_formula() {
        let ratio = |a, b| contrast(a, b).unwrap();
        assert!((ratio("#000000", "#ffffff") - 21.0).abs() < 1e-9);
        assert!((ratio("#777777", "#777777") - 1.0).abs() < 1e-9);
        assert!((ratio("#1f5fa8", "#b9895b") - ratio("#b9895b", "#1f5fa8")).abs() < 1e-12);
        assert!(contrast("blue", "#ffffff").is_none());
        assert!(contrast("#12345", "#ffffff").is_none());
    }

    #[test]
    fn text_on_squares_is_readable_on_both_colours() {
        let theme = Theme::default();
        for square in [&theme.light, &theme.dark] {
            let ratio = contrast(&theme.piece, square).unwrap();
            assert!(ratio >= 4.5, "{} on {square}: {ratio:.2}", theme.piece);
        }
        // The blue ink that labels had before is not readable on dark squares.
        assert!(contrast(&theme.ink, &theme.dark).unwrap() < 4.5);
    }

    #[test]
    fn text_is_escaped() {
        let svg = variables(2).render();
        assert!(svg.as_str().contains("Q&lt;1,2&gt;"), "{}", svg.as_str());
    }

    #[test]
    fn ids_differ_between_drawings() {
        let board = Board::from_columns(&[1]).unwrap();
        let (a, b) = (board.to_svg(), board.to_svg());
        assert_ne!(a, b);
    }
}
