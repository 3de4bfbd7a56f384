//! Our own drawings of the six pieces, each a `<symbol>` in a 100×100 box, defined once in a
//! drawing's `<defs>` and placed with `<use>`. Plain shapes only, no font glyphs, so a piece looks
//! the same in every viewer and fills its square the same way.
//!
//! Every piece stands on the same base; the parts are filled with the theme's piece colour and
//! outlined in its outline colour, so they show on light and dark squares alike.

use svg::node::element::{Circle, Path as SvgPath, Rectangle, Symbol};

use super::Theme;
use crate::board::Piece;

/// One part of a piece's drawing.
enum Part {
    /// A closed outline, in SVG path syntax.
    Shape(&'static str),
    /// A ball: centre and radius.
    Ball(u32, u32, u32),
    /// A detail line drawn in the outline colour on top of the body (the bishop's cut, the
    /// knight's eye and mane).
    Detail(&'static str),
    /// The base every piece stands on.
    Base,
}

/// The parts of each piece, back to front.
fn parts(piece: Piece) -> &'static [Part] {
    use Part::{Ball, Base, Detail, Shape};
    match piece {
        // A crown of five points with a ball on each.
        Piece::Queen => &[
            Shape(
                "M 27 74 L 14 34 L 33 55 L 33 24 L 44 52 L 50 19 L 56 52 L 67 24 L 67 55 \
                 L 86 34 L 73 74 Z",
            ),
            Ball(14, 31, 6),
            Ball(33, 21, 6),
            Ball(50, 15, 6),
            Ball(67, 21, 6),
            Ball(86, 31, 6),
            Base,
        ],
        // A tower with three merlons.
        Piece::Rook => &[
            Shape("M 31 40 L 69 40 L 72 74 L 28 74 Z"),
            Shape(
                "M 24 18 L 36 18 L 36 27 L 44 27 L 44 18 L 56 18 L 56 27 L 64 27 L 64 18 \
                 L 76 18 L 76 40 L 24 40 Z",
            ),
            Base,
        ],
        // A mitre with its cut, a ball on top, on a collar.
        Piece::Bishop => &[
            Shape("M 50 20 C 28 38 28 58 38 68 L 62 68 C 72 58 72 38 50 20 Z"),
            Ball(50, 15, 7),
            Detail("M 56 34 L 44 50"),
            Shape("M 33 66 L 67 66 L 67 74 L 33 74 Z"),
            Base,
        ],
        // A crown topped by a cross.
        Piece::King => &[
            Shape(
                "M 46 5 L 54 5 L 54 13 L 62 13 L 62 21 L 54 21 L 54 32 L 46 32 L 46 21 L 38 21 L 38 13 L 46 13 Z",
            ),
            Shape("M 27 44 C 27 30 43 28 50 38 C 57 28 73 30 73 44 L 66 74 L 34 74 Z"),
            Base,
        ],
        // A horse's head, facing left.
        Piece::Knight => &[
            Shape(
                "M 33 74 C 34 62 40 56 48 52 C 40 54 31 56 26 50 C 21 44 28 38 35 34 \
                 L 43 22 L 45 10 L 53 19 C 68 22 77 37 75 54 L 73 74 Z",
            ),
            Detail("M 44 31 L 47 31"),
            Detail("M 56 24 C 64 30 68 40 67 52"),
            Base,
        ],
        // A ball on a cone, with a collar.
        Piece::Pawn(_) => &[
            Shape("M 37 74 C 38 62 44 52 46 44 L 54 44 C 56 52 62 62 63 74 Z"),
            Shape("M 38 40 L 62 40 L 62 47 L 38 47 Z"),
            Ball(50, 28, 12),
            Base,
        ],
    }
}

/// The `<symbol>` that draws a piece, with the id `{prefix}-{name}`.
#[doc(hidden)]
pub fn piece_symbol(prefix: &str, piece: Piece, theme: &Theme) -> Symbol {
    let body = theme.piece.as_str();
    let outline = theme.outline.as_str();
    let mut symbol = Symbol::new()
        .set("id", format!("{prefix}-{}", piece.name()))
        .set("viewBox", (0, 0, 100, 100));
    for part in parts(piece) {
        symbol = match *part {
            Part::Shape(d) => symbol.add(
                SvgPath::new()
                    .set("d", d)
                    .set("class", "body")
                    .set("fill", body)
                    .set("stroke", outline)
                    .set("stroke-width", 3)
                    .set("stroke-linejoin", "round"),
            ),
            Part::Ball(cx, cy, r) => symbol.add(
                Circle::new()
                    .set("cx", cx)
                    .set("cy", cy)
                    .set("r", r)
                    .set("class", "body")
                    .set("fill", body)
                    .set("stroke", outline)
                    .set("stroke-width", 3),
            ),
            Part::Detail(d) => symbol.add(
                SvgPath::new()
                    .set("d", d)
                    .set("class", "detail")
                    .set("fill", "none")
                    .set("stroke", outline)
                    .set("stroke-width", 3)
                    .set("stroke-linecap", "round"),
            ),
            Part::Base => symbol.add(
                Rectangle::new()
                    .set("x", 24)
                    .set("y", 74)
                    .set("width", 52)
                    .set("height", 13)
                    .set("rx", 4)
                    .set("class", "body")
                    .set("fill", body)
                    .set("stroke", outline)
                    .set("stroke-width", 3),
            ),
        };
    }
    symbol
}
