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

/// The style sheet of the notebooks and of the board theme (the repository's `style.css`).
pub const STYLE_CSS: &str = include_str!("../../style.css");

/// Colours of the board, as CSS colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Theme {
    /// Light squares (the top-left square is light).
    pub light: String,
    /// Dark squares.
    pub dark: String,
    /// The queen's body.
    pub piece: String,
    /// The queen's outline, so it shows on both colours.
    pub outline: String,
    /// Marks, arrows and labels.
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
