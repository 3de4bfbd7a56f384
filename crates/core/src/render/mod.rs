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
//! of the six pieces), `tree` (the Davis–Putnam search as a tree), `implication` (a CDCL conflict's
//! implication graph and its cut), `animation` (the backtracking search, played).

mod cells;
mod diagram;
mod gallery;
mod implication;
mod large;
mod lecture;
mod pieces;
mod svg;
// Public for the nqueens crate's tests of the tree of a real search; the tree's drawing is
// `search_tree_of`.
#[doc(hidden)]
pub mod tree;

pub use self::svg::{ALT_MOST, BACKDROP, Html, Svg, escape_html, style};
pub use cells::{cells, generations};
pub use diagram::Diagram;
#[doc(hidden)]
pub use diagram::{default_size, line, prefix_for, text_at};
pub use gallery::Gallery;
pub use implication::{TrailEntry, implication_graph};
pub use large::{MAX_DRAWN, density, overview, picture, picture_of, window};
pub use lecture::{conflicts, labelled, variables};
#[doc(hidden)]
pub use pieces::piece_symbol;
pub use tree::{MAX_BRANCHES, search_tree_of};

use ::svg::Document;

/// The side of one square, in SVG user units.
#[doc(hidden)]
pub const S: u32 = 40;
/// The margin that holds coordinates, in user units.
const MARGIN: u32 = 20;
/// The narrowest output, in pixels, that a drawing's texts are sized for: JupyterLab shows an
/// output 848 pixels wide in a 1280-pixel window, and about 700 with its file browser open or
/// on a smaller screen. A drawing wider than this is shrunk to it, and its texts still keep
/// their size.
const OUTPUT_WIDTH: u32 = 700;
/// The smallest size, in pixels as shown, of a number in a board's margin.
const MIN_TEXT_PX: u32 = 10;

/// The font of every text in a drawing, so that it looks and measures the same everywhere.
#[doc(hidden)]
pub const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// The style sheet of the notebooks and of the board theme (the repository's `style.css`).
pub const STYLE_CSS: &str = include_str!("../../../../style.css");

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
    /// The line round the squares: at least 3:1 against the card behind a board, so that the
    /// light squares at its edge do not fade into it.
    pub frame: String,
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
            frame: "#5c4630".into(),
        }
    }
}

/// The WCAG contrast ratio of two colours written `#rrggbb`, from 1 (the same) to 21 (black on
/// white); `None` if either is written otherwise. Text needs 4.5 or more to be read easily.
pub fn contrast(a: &str, b: &str) -> Option<f64> {
    let luminance = |colour: &str| -> Option<f64> {
        let channel = |value: u8| {
            let value = f64::from(value) / 255.0;
            if value <= 0.039_28 {
                value / 12.92
            } else {
                ((value + 0.055) / 1.055).powf(2.4)
            }
        };
        let [r, g, b] = rgb(colour)?;
        Some(0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b))
    };
    let (x, y) = (luminance(a)?, luminance(b)?);
    Some((x.max(y) + 0.05) / (x.min(y) + 0.05))
}

/// The red, green and blue of a colour written `#rrggbb`.
fn rgb(colour: &str) -> Option<[u8; 3]> {
    let hex = colour.strip_prefix('#').filter(|h| h.len() == 6)?;
    let channel = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
    Some([channel(0)?, channel(2)?, channel(4)?])
}

/// How much more of the shading colour a dark square takes than a light one, at most.
const DARK_TONE: f64 = 1.6;

/// The colour of a square shaded with `colour` (`#rrggbb`) at `opacity`: the colour mixed with
/// white, and on a dark square mixed in more strongly (up to [`DARK_TONE`] times, less where the
/// pieces' colour would fall under 4.5:1 on it), so that the shading keeps its hue on both
/// colours of squares and the board's pattern still shows. `None` when the colour is not
/// written `#rrggbb`.
fn shade(theme: &Theme, colour: &str, opacity: f32, dark: bool) -> Option<String> {
    // Mixed with white: the squares' cream and brown are nearly the complement of blue, and
    // would take the hue out of it.
    let over = rgb(colour)?;
    let opacity = f64::from(opacity.clamp(0.0, 1.0));
    let mixed = |amount: f64| {
        use std::fmt::Write as _;
        let mut out = String::from("#");
        for channel in over {
            let value = amount * f64::from(channel) + (1.0 - amount) * 255.0;
            // In 0..=255 by construction; the cast only drops the fraction.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let value = value.round().clamp(0.0, 255.0) as u8;
            let _ = write!(out, "{value:02x}");
        }
        out
    };
    if !dark {
        return Some(mixed(opacity));
    }
    let readable = |c: &String| contrast(&theme.piece, c).is_some_and(|r| r >= 4.5);
    Some(
        (0..=6)
            .map(|step| mixed((opacity * (DARK_TONE - 0.1 * f64::from(step))).min(1.0)))
            .find(readable)
            .unwrap_or_else(|| mixed(opacity)),
    )
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

/// A whole number written as a reader takes it in, grouped by thousands: 1,000,000.
pub fn thousands(number: impl std::fmt::Display) -> String {
    let digits = number.to_string();
    let (sign, digits) = digits
        .strip_prefix('-')
        .map_or(("", digits.as_str()), |d| ("-", d));
    let mut out = String::from(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A text at (x, y) in the drawings' font, size and colour given.
fn text(x: u32, y: u32, content: &str, size: u32, colour: &str) -> ::svg::node::element::Text {
    ::svg::node::element::Text::new(content)
        .set("x", x)
        .set("y", y)
        .set("font-size", size)
        .set("font-family", FONT)
        .set("fill", colour)
}

/// An empty `<svg>` of this size in pixels, with a class for the style sheet.
#[doc(hidden)]
pub fn canvas(width: u32, height: u32, class: &str) -> Document {
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
    fn thousands_are_grouped() {
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(thousands(671_905), "671,905");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(-12_345), "-12,345");
    }

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

    /// Hue in degrees (None for greys) and HSL saturation (0 to 1, pale tints included) of a
    /// `#rrggbb` colour.
    fn hue_and_saturation(colour: &str) -> (Option<f64>, f64) {
        let [r, g, b] = rgb(colour).unwrap().map(|c| f64::from(c) / 255.0);
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        let chroma = max - min;
        let lightness = f64::midpoint(max, min);
        let saturation = if chroma == 0.0 {
            0.0
        } else {
            chroma / (1.0 - (2.0 * lightness - 1.0).abs())
        };
        if chroma < 1e-9 {
            return (None, saturation);
        }
        let sector = if r >= g && r >= b {
            ((g - b) / chroma).rem_euclid(6.0)
        } else if g >= b {
            (b - r) / chroma + 2.0
        } else {
            (r - g) / chroma + 4.0
        };
        (Some(60.0 * sector), saturation)
    }

    #[test]
    fn shading_keeps_its_hue_on_dark_squares() {
        let theme = Theme::default();
        for (colour, opacity) in [
            ("#1f5fa8", 0.45),
            ("#d62d20", 0.35),
            ("#d62d20", 0.6),
            ("#1f5fa8", 0.25),
            ("#2e8b57", 0.5),
        ] {
            let (hue, _) = hue_and_saturation(colour);
            let light = shade(&theme, colour, opacity, false).unwrap();
            let dark = shade(&theme, colour, opacity, true).unwrap();
            for square in [&light, &dark] {
                let (h, s) = hue_and_saturation(square);
                let gap = (h.unwrap() - hue.unwrap()).abs();
                assert!(gap.min(360.0 - gap) < 25.0, "{colour} -> {square}");
                assert!(s > 0.15, "{colour} at {opacity} turned grey: {square}");
                // Pieces and labels stay readable on it.
                assert!(contrast(&theme.piece, square).unwrap() >= 4.5, "{square}");
            }
            assert!(contrast(&light, &dark).unwrap() > 1.08, "{light} / {dark}");
        }
        // What a translucent blue over the dark squares looked like: hue lost.
        let [r, g, b] = [0x1f_u32, 0x5f, 0xa8];
        let [dr, dg, db] = rgb(&theme.dark).unwrap().map(u32::from);
        let old = format!(
            "#{:02x}{:02x}{:02x}",
            (45 * r + 55 * dr) / 100,
            (45 * g + 55 * dg) / 100,
            (45 * b + 55 * db) / 100
        );
        assert!(hue_and_saturation(&old).1 < 0.08, "{old}");
        assert!(shade(&theme, "red", 0.5, true).is_none());
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
