//! A board and everything drawn on it, and the SVG it makes.

use std::fmt::{self, Write as _};
use std::sync::atomic::{AtomicUsize, Ordering};

use svg::Document;
use svg::node::element::{
    Circle, Definitions, Description, Group, Line, Marker, Path as SvgPath, Rectangle, Style, Text,
    Use,
};

use super::pieces::piece_symbol;
use super::{Coordinates, FONT, MARGIN, MIN_TEXT_PX, OUTPUT_WIDTH, S, Svg, Theme, shade};
use crate::board::{Board, Piece, Square};

mod layers;

/// A translucent colour over one square.
#[derive(Debug, Clone, PartialEq)]
struct Fill {
    square: Square,
    color: String,
    opacity: f32,
}

/// A board and everything to draw on it; [`render`](Diagram::render) makes the SVG.
#[derive(Debug, Clone)]
pub struct Diagram {
    pub(super) board: Board,
    size: Option<u32>,
    coordinates: Coordinates,
    flipped: bool,
    #[doc(hidden)]
    pub theme: Theme,
    fills: Vec<Fill>,
    marks: Vec<Square>,
    arrows: Vec<(Square, Square)>,
    labels: Vec<(Square, String)>,
    conflicts: bool,
    compact: bool,
    /// The numbers of the first row and column in the margin (1, 1 unless a window).
    origin: (usize, usize),
    /// The width in pixels at which the drawing will be shown, when something else decides it
    /// (a gallery shows its boards at the size of its cells).
    shown: Option<u32>,
}

impl Diagram {
    /// A drawing of this board with numbers in the margin: 45 pixels a square on small boards,
    /// 400 pixels wide up to 32×32, about 12 pixels a square on larger ones (up to 840).
    pub fn new(board: &Board) -> Self {
        Diagram {
            board: board.clone(),
            size: Some(default_size(board.size())),
            coordinates: Coordinates::Numbers,
            flipped: false,
            theme: Theme::default(),
            fills: Vec::new(),
            marks: Vec::new(),
            arrows: Vec::new(),
            labels: Vec::new(),
            conflicts: false,
            compact: false,
            origin: (1, 1),
            shown: None,
        }
    }

    /// Numbers the margin from this row and column instead of 1: for a window cut from a larger
    /// board (see [`window`](super::window)).
    #[must_use]
    pub fn origin(mut self, row: usize, col: usize) -> Self {
        self.origin = (row.max(1), col.max(1));
        self
    }

    /// The drawing's width in pixels.
    #[must_use]
    pub fn size(mut self, pixels: u32) -> Self {
        self.size = Some(pixels);
        self
    }

    /// How the margin names rows and columns.
    #[must_use]
    pub fn coordinates(mut self, coordinates: Coordinates) -> Self {
        self.coordinates = coordinates;
        self
    }

    /// Turns the board by 180°: row n at the top, column n on the left.
    #[must_use]
    pub fn flipped(mut self, flipped: bool) -> Self {
        self.flipped = flipped;
        self
    }

    /// Other colours.
    #[must_use]
    pub fn theme(mut self, theme: Theme) -> Self {
        self.theme = theme;
        self
    }

    /// Shades a square with a colour, `opacity` (0 to 1) saying how much of it shows. A colour
    /// written `#rrggbb` is mixed into the square's colour here, and a dark square gets a
    /// darker tone of the same mix, so the shading keeps its hue on both colours of squares
    /// (a translucent blue over brown would look grey) and the board's pattern still shows.
    /// Other CSS colours are laid over the square translucently. A later fill of the same
    /// square replaces an earlier one.
    #[must_use]
    pub fn fill(mut self, square: Square, color: &str, opacity: f32) -> Self {
        self.fills.push(Fill {
            square,
            color: color.to_owned(),
            opacity: opacity.clamp(0.0, 1.0),
        });
        self
    }

    /// Marks a square with a cross.
    #[must_use]
    pub fn mark(mut self, square: Square) -> Self {
        self.marks.push(square);
        self
    }

    /// Draws an arrow between the centres of two squares (a circle when they are the same).
    #[must_use]
    pub fn arrow(mut self, from: Square, to: Square) -> Self {
        self.arrows.push((from, to));
        self
    }

    /// Writes a short text on a square.
    #[must_use]
    pub fn label(mut self, square: Square, text: &str) -> Self {
        self.labels.push((square, text.to_owned()));
        self
    }

    /// A lighter drawing for galleries of many boards: no margin, and the squares drawn as one
    /// background and one path for all dark squares instead of a rectangle each.
    #[must_use]
    pub fn compact(mut self) -> Self {
        self.compact = true;
        self.coordinates = Coordinates::None;
        self
    }

    /// Highlights every piece that attacks another, and joins each attacking pair with a line.
    #[must_use]
    pub fn conflicts(mut self) -> Self {
        self.conflicts = true;
        self
    }

    /// The board being drawn.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The SVG drawing, square by square, whatever the size (a board's own
    /// [`to_svg`](Board::to_svg) summarises boards past [`MAX_DRAWN`](super::MAX_DRAWN) instead; see
    /// [`picture_of`](super::picture_of)).
    pub fn render(&self) -> Svg {
        let prefix = prefix_for(self);
        let (width, height) = self.extent();
        let mut document = self.document(&prefix);
        if let Some(pixels) = self.size {
            document = document
                .set("width", pixels)
                .set("height", pixels * height / width);
        }
        let notes = self.notes();
        Svg {
            markup: super::svg::backdrop(document.to_string()),
            pixels: self.size,
            ascii: self.board.to_string(),
            alt: (!notes.is_empty())
                .then(|| super::svg::summarise(&format!("{}\n{notes}", self.board))),
        }
    }

    /// What the drawing shows besides the pieces, in words for its text alternative: the
    /// squares shaded, crossed and labelled, the arrows, the attacking pairs; empty when there
    /// is nothing else.
    #[doc(hidden)]
    pub fn notes(&self) -> String {
        let on = |squares: &[Square]| {
            let mut listed: Vec<String> = squares
                .iter()
                .take(4)
                .map(|s| format!("({}, {})", s.row, s.col))
                .collect();
            if squares.len() > 4 {
                listed.push(format!("{} more", squares.len() - 4));
            }
            listed.join(", ")
        };
        let mut notes = Vec::new();
        let mut shaded: Vec<Square> = self.fills.iter().map(|f| f.square).collect();
        shaded.sort_unstable();
        shaded.dedup();
        if !shaded.is_empty() {
            notes.push(format!("shaded: {}", on(&shaded)));
        }
        if !self.marks.is_empty() {
            notes.push(format!("crossed: {}", on(&self.marks)));
        }
        let mut texts: Vec<&str> = self.labels.iter().map(|(_, t)| t.as_str()).collect();
        texts.dedup();
        for text in texts.iter().take(3) {
            let at: Vec<Square> = self
                .labels
                .iter()
                .filter(|(_, t)| t == text)
                .map(|(s, _)| *s)
                .collect();
            notes.push(format!("labelled “{text}”: {}", on(&at)));
        }
        if texts.len() > 3 {
            notes.push(format!("{} more labels", texts.len() - 3));
        }
        if !self.arrows.is_empty() {
            let count = self.arrows.len();
            notes.push(format!(
                "{count} arrow{}",
                if count == 1 { "" } else { "s" }
            ));
        }
        if self.conflicts {
            // Each pair of queens is listed both ways.
            let pairs = self.board.queen_conflicts().len() / 2;
            notes.push(format!(
                "{pairs} attacking pair{} shaded, joined by lines and ringed",
                if pairs == 1 { "" } else { "s" }
            ));
        }
        notes.join("; ")
    }

    /// The width and height of the drawing in user units.
    #[doc(hidden)]
    pub fn extent(&self) -> (u32, u32) {
        let n = u32::try_from(self.board.size()).unwrap_or(u32::MAX / S / 2);
        let side = n.max(1) * S + 2 * self.margin();
        (side, side)
    }

    fn margin(&self) -> u32 {
        match self.coordinate_layout() {
            Some(layout) if self.coordinates != Coordinates::None => layout.margin,
            _ => 2,
        }
    }

    /// The drawing as it will be shown `pixels` wide (by a gallery, say): its numbers are sized
    /// for that width.
    #[doc(hidden)]
    #[must_use]
    pub fn shown_at(mut self, pixels: u32) -> Self {
        self.shown = Some(pixels.max(1));
        self
    }

    /// How the numbers in the margin are set, for the width the drawing is shown at (never more
    /// than JupyterLab's output width): the classic look (a margin of 20 units, 11-unit type,
    /// every row and column numbered) where that type shows at least [`MIN_TEXT_PX`] pixels high;
    /// otherwise type that does, a margin wide enough for it, and a number every few rows or
    /// columns where every one would not fit. `None` where the margins such numbers need would
    /// take more than a third of the board's side: a board shown that small has no numbers.
    fn coordinate_layout(&self) -> Option<Layout> {
        let n = self.board.size();
        let widest = self.origin.0.max(self.origin.1) + n.saturating_sub(1);
        let digits = u32::try_from(widest.to_string().len()).unwrap_or(8);
        let side = u32::try_from(n).unwrap_or(u32::MAX / S).saturating_mul(S);
        let pixels = self
            .shown
            .or(self.size)
            .unwrap_or(400)
            .clamp(1, OUTPUT_WIDTH);
        if digits <= 2 && 11 * pixels >= MIN_TEXT_PX * (side + 2 * MARGIN) {
            return Some(Layout {
                margin: MARGIN,
                font: 11,
                row_stride: 1,
                col_stride: 1,
            });
        }
        // At most 0.62 em a digit; the margin holds a number and half a space.
        let width = |font: u32| (font * digits * 62).div_ceil(100);
        let margin = |font: u32| MARGIN.max(width(font) + font / 2).max(font * 3 / 2);
        // The type the margins themselves need, found by going round a few times.
        let mut font = (MIN_TEXT_PX * side).div_ceil(pixels).max(6);
        for _ in 0..4 {
            font = (MIN_TEXT_PX * (side + 2 * margin(font)))
                .div_ceil(pixels)
                .max(6);
        }
        // Numbers whose two margins would take more than a third of the board's side: the
        // board is shown too small for them.
        if 6 * margin(font) > side {
            return None;
        }
        let stride = |units: u32| usize::try_from(units.div_ceil(S)).unwrap_or(1).max(1);
        Some(Layout {
            margin: margin(font),
            font,
            row_stride: stride(font * 6 / 5),
            col_stride: stride(width(font) * 23 / 20),
        })
    }

    /// The top-left corner of a square, in user units.
    #[doc(hidden)]
    pub fn corner(&self, square: Square) -> (u32, u32) {
        let n = self.board.size();
        let (row, col) = if self.flipped {
            (n - square.row, n - square.col)
        } else {
            (square.row - 1, square.col - 1)
        };
        let at = |i: usize| self.margin() + u32::try_from(i).unwrap_or(0) * S;
        (at(col), at(row))
    }

    fn centre(&self, square: Square) -> (u32, u32) {
        let (x, y) = self.corner(square);
        (x + S / 2, y + S / 2)
    }

    /// The ends of a line from the centre of `from` to the centre of `to`, each moved towards the
    /// other to the edge of the piece that stands there (a piece fills about 0.45 of a square from
    /// its centre), when one does.
    fn clear_of_pieces(&self, from: Square, to: Square) -> (u32, u32, u32, u32) {
        let ((x1, y1), (x2, y2)) = (self.centre(from), self.centre(to));
        let (dx, dy) = (f64::from(x2) - f64::from(x1), f64::from(y2) - f64::from(y1));
        let length = dx.hypot(dy);
        if length == 0.0 {
            return (x1, y1, x2, y2);
        }
        let step = 0.45 * f64::from(S) / length;
        let moved = |x: u32, y: u32, t: f64| {
            let at = |v: u32, d: f64| (f64::from(v) + t * d).round().max(0.0);
            // Within the drawing: the ends lie between two centres.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            (at(x, dx) as u32, at(y, dy) as u32)
        };
        let (a, b) = if self.board.piece_at(from).is_some() {
            moved(x1, y1, step)
        } else {
            (x1, y1)
        };
        let (c, d) = if self.board.piece_at(to).is_some() {
            moved(x2, y2, -step)
        } else {
            (x2, y2)
        };
        (a, b, c, d)
    }

    /// The whole drawing as an `<svg>` element, its ids starting with `prefix`.
    #[doc(hidden)]
    pub fn document(&self, prefix: &str) -> Document {
        let (width, height) = self.extent();
        let n = self.board.size();
        let mut document = Document::new()
            .set("viewBox", (0, 0, width, height))
            .set(
                "class",
                if self.compact {
                    "nqueens-board compact"
                } else {
                    "nqueens-board"
                },
            )
            .set("data-size", n)
            .add(Description::new().add(svg::node::Text::new(self.board.to_string())))
            .add(Style::new(self.style_sheet(prefix)))
            .add(self.definitions(prefix));
        document = document.add(self.squares());
        document = document.add(self.frame());
        document = document.add(self.coordinate_labels());
        // Shading, then lines, then pieces on top of them, then text on top of everything.
        document = document.add(self.overlays());
        document = document.add(self.annotations(prefix));
        document = document.add(self.pieces(prefix));
        document.add(self.labels())
    }
}

/// The default width: 45 pixels a square for small boards, 400 pixels up to 32×32, and about 12
/// pixels a square beyond.
#[doc(hidden)]
pub fn default_size(n: usize) -> u32 {
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    if n < 8 {
        45 * n.max(1) + 2 * MARGIN
    } else if n <= 32 {
        360 + 2 * MARGIN
    } else {
        // About 12 pixels a square, up to 840 pixels: a 64×64 board is not a speck.
        (12 * n + 2 * MARGIN).min(840)
    }
}

/// A circle of radius `r` round `centre`, stroked (`colour`, `width`) and not filled: a ring
/// round a piece, or the halo under one.
fn ring(centre: (u32, u32), r: u32, (colour, width): (&str, u32), class: &str) -> Circle {
    Circle::new()
        .set("cx", centre.0)
        .set("cy", centre.1)
        .set("r", r)
        .set("fill", "none")
        .set("stroke", colour)
        .set("stroke-width", width)
        .set("class", class)
}
/// The margin and type of the coordinates, in user units, and every how many rows and columns
/// a number is written.
#[derive(Debug, Clone, Copy)]
struct Layout {
    margin: u32,
    font: u32,
    row_stride: usize,
    col_stride: usize,
}

#[doc(hidden)]
pub fn text_at(x: u32, y: u32, text: &str, font: u32) -> Text {
    Text::new(text)
        .set("x", x)
        .set("y", y)
        .set("font-size", font)
        .set("text-anchor", "middle")
}

#[doc(hidden)]
pub fn line(x1: u32, y1: u32, x2: u32, y2: u32, color: &str, width: u32) -> Line {
    Line::new()
        .set("x1", x1)
        .set("y1", y1)
        .set("x2", x2)
        .set("y2", y2)
        .set("stroke", color)
        .set("stroke-width", width)
        .set("stroke-linecap", "round")
}

/// An id prefix for a drawing: a hash of everything drawn and a running count, so the same
/// notebook run gives the same ids. (A notebook kernel may give every cell its own copy of the
/// counter; with the content in the hash, only identical drawings can share a prefix, and their
/// definitions are identical too.)
#[doc(hidden)]
pub fn prefix_for(content: &impl fmt::Debug) -> String {
    static COUNTER: AtomicUsize = AtomicUsize::new(1);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let hash = crate::hash::fnv_str(&format!("{count} {content:?}"));
    format!("nq{:08x}", hash >> 32)
}
