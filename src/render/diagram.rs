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
    pub(super) theme: Theme,
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

    /// No fixed size: the drawing fills the width it is given.
    #[must_use]
    pub fn scalable(mut self) -> Self {
        self.size = None;
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
    pub(super) fn notes(&self) -> String {
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
            let pairs = self.board.conflicts().len();
            notes.push(format!(
                "{pairs} attacking pairs shaded, joined by lines and ringed"
            ));
        }
        notes.join("; ")
    }

    /// The width and height of the drawing in user units.
    pub(super) fn extent(&self) -> (u32, u32) {
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
    pub(super) fn shown_at(mut self, pixels: u32) -> Self {
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
    pub(super) fn corner(&self, square: Square) -> (u32, u32) {
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
    pub(super) fn document(&self, prefix: &str) -> Document {
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

    fn squares(&self) -> Group {
        let n = self.board.size();
        let mut squares = Group::new().set("class", "squares");
        if self.compact {
            let (width, _) = self.extent();
            let side = width - 2 * self.margin();
            let mut dark = String::new();
            for row in 1..=n {
                for col in (1..=n).filter(|col| (row + col) % 2 == 1) {
                    let (x, y) = self.corner(Square::new(row, col));
                    let _ = write!(dark, "M{x} {y}h{S}v{S}h-{S}z");
                }
            }
            let margin = self.margin();
            return squares
                .add(
                    Rectangle::new()
                        .set("x", margin)
                        .set("y", margin)
                        .set("width", side)
                        .set("height", side)
                        .set("class", "light")
                        .set("fill", self.theme.light.as_str()),
                )
                .add(
                    SvgPath::new()
                        .set("d", dark)
                        .set("class", "dark")
                        .set("fill", self.theme.dark.as_str()),
                );
        }
        for row in 1..=n {
            for col in 1..=n {
                let square = Square::new(row, col);
                let (x, y) = self.corner(square);
                let shade = if (row + col) % 2 == 0 {
                    "light"
                } else {
                    "dark"
                };
                let color = if shade == "light" {
                    &self.theme.light
                } else {
                    &self.theme.dark
                };
                squares = squares.add(
                    Rectangle::new()
                        .set("x", x)
                        .set("y", y)
                        .set("width", S)
                        .set("height", S)
                        .set("class", format!("square {shade}"))
                        .set("fill", color.as_str()),
                );
            }
        }
        squares
    }

    /// The line round the squares, just outside them: two units of the frame colour.
    fn frame(&self) -> Rectangle {
        let (width, _) = self.extent();
        let margin = self.margin();
        Rectangle::new()
            .set("x", margin - 1)
            .set("y", margin - 1)
            .set("width", width - 2 * margin + 2)
            .set("height", width - 2 * margin + 2)
            .set("class", "frame")
            .set("fill", "none")
            .set("stroke", self.theme.frame.as_str())
            .set("stroke-width", 2)
    }

    fn style_sheet(&self, prefix: &str) -> String {
        format!(
            "#{prefix}-queen .body, .nqueens-board symbol .body {{ fill: {piece}; stroke: {outline}; }}\n\
             .nqueens-board text {{ font-family: {FONT}; }}",
            piece = self.theme.piece,
            outline = self.theme.outline
        )
    }

    fn definitions(&self, prefix: &str) -> Definitions {
        let arrowhead = Marker::new()
            .set("id", format!("{prefix}-arrowhead"))
            .set("viewBox", (0, 0, 10, 10))
            .set("refX", 5)
            .set("refY", 5)
            .set("markerWidth", 4)
            .set("markerHeight", 4)
            .set("orient", "auto-start-reverse")
            .add(
                SvgPath::new()
                    .set("d", "M 0 0 L 10 5 L 0 10 z")
                    .set("fill", "context-stroke"),
            );
        // One symbol per kind of piece on the board.
        let mut kinds: Vec<Piece> = self.board.pieces().map(|(_, p)| p).collect();
        kinds.sort_unstable();
        kinds.dedup_by_key(|p| p.name());
        let mut definitions = Definitions::new().add(arrowhead);
        for piece in kinds {
            definitions = definitions.add(piece_symbol(prefix, piece, &self.theme));
        }
        definitions
    }

    fn coordinate_labels(&self) -> Group {
        let mut group = Group::new().set("class", "coordinates");
        if self.coordinates == Coordinates::None {
            return group;
        }
        let n = self.board.size();
        let Some(layout) = self.coordinate_layout() else {
            return group;
        };
        let half = layout.margin / 2;
        for i in 1..=n {
            let (x, y) = self.centre(Square::new(i, i));
            let (row, col) = match self.coordinates {
                Coordinates::Chess if n <= 26 && self.origin == (1, 1) => (
                    (n + 1 - i).to_string(),
                    char::from(b'a' + u8::try_from(i - 1).unwrap_or(0)).to_string(),
                ),
                _ => (
                    (self.origin.0 + i - 1).to_string(),
                    (self.origin.1 + i - 1).to_string(),
                ),
            };
            let font = layout.font;
            if (i - 1) % layout.row_stride == 0 {
                group = group.add(text_at(half, y, &row, font).set("dominant-baseline", "central"));
            }
            if (i - 1) % layout.col_stride == 0 {
                group = group.add(text_at(x, half, &col, font).set("dominant-baseline", "central"));
            }
        }
        group
    }

    fn overlays(&self) -> Group {
        let mut group = Group::new().set("class", "overlays");
        let mut fills = self.fills.clone();
        if self.conflicts {
            for (from, to) in self.board.conflicts() {
                for square in [from, to] {
                    fills.push(Fill {
                        square,
                        color: self.theme.conflict.clone(),
                        opacity: 0.55,
                    });
                }
            }
            fills.dedup();
        }
        // The last fill of a square is the one drawn.
        let mut last = std::collections::HashMap::new();
        for (i, fill) in fills.iter().enumerate() {
            last.insert(fill.square, i);
        }
        for (i, fill) in fills.iter().enumerate() {
            if last.get(&fill.square) != Some(&i) || !self.board.contains(fill.square) {
                continue;
            }
            let (x, y) = self.corner(fill.square);
            let dark = (fill.square.row + fill.square.col) % 2 == 1;
            let rect = Rectangle::new()
                .set("x", x)
                .set("y", y)
                .set("width", S)
                .set("height", S)
                .set("class", "fill")
                .set("data-row", fill.square.row)
                .set("data-col", fill.square.col);
            group = group.add(match shade(&self.theme, &fill.color, fill.opacity, dark) {
                Some(colour) => rect.set("fill", colour),
                None => rect
                    .set("fill", fill.color.as_str())
                    .set("fill-opacity", format!("{:.2}", fill.opacity)),
            });
        }
        group
    }

    fn pieces(&self, prefix: &str) -> Group {
        let mut group = Group::new().set("class", "pieces");
        for (square, piece) in self.board.pieces() {
            let (x, y) = self.corner(square);
            let name = piece.name();
            group = group.add(
                Use::new()
                    .set("href", format!("#{prefix}-{name}"))
                    .set("x", x)
                    .set("y", y)
                    .set("width", S)
                    .set("height", S)
                    .set("class", format!("piece {name}"))
                    .set("data-row", square.row)
                    .set("data-col", square.col),
            );
        }
        group
    }

    /// Crosses, conflict lines and arrows, each on a halo of the outline colour: whatever the
    /// squares and shadings under them, they keep their contrast with what touches them.
    fn annotations(&self, prefix: &str) -> Group {
        let mut group = Group::new().set("class", "annotations");
        let ink = self.theme.ink.as_str();
        let halo = |x1: u32, y1: u32, x2: u32, y2: u32| {
            line(x1, y1, x2, y2, self.theme.outline.as_str(), 7).set("class", "halo")
        };
        for &square in self.marks.iter().filter(|s| self.board.contains(**s)) {
            let (x, y) = self.corner(square);
            let (a, b) = (S / 4, 3 * S / 4);
            for (x1, y1, x2, y2) in [(a, a, b, b), (a, b, b, a)] {
                group = group.add(halo(x + x1, y + y1, x + x2, y + y2));
            }
            for (x1, y1, x2, y2) in [(a, a, b, b), (a, b, b, a)] {
                group = group.add(
                    line(x + x1, y + y1, x + x2, y + y2, ink, 3)
                        .set("class", "mark")
                        .set("data-row", square.row)
                        .set("data-col", square.col),
                );
            }
        }
        if self.conflicts {
            let color = self.theme.conflict.as_str();
            let conflicts = self.board.conflicts();
            for &(from, to) in conflicts.iter().filter(|(a, b)| a < b) {
                let ((x1, y1), (x2, y2)) = (self.centre(from), self.centre(to));
                group = group
                    .add(halo(x1, y1, x2, y2))
                    .add(line(x1, y1, x2, y2, color, 3).set("class", "conflict"));
            }
            // Each attacking piece ringed, on a halo: the conflict shows by shape, not by hue
            // alone.
            let mut attacking: Vec<Square> = conflicts.iter().flat_map(|&(a, b)| [a, b]).collect();
            attacking.sort_unstable();
            attacking.dedup();
            for square in attacking {
                let centre = self.centre(square);
                let ring = |colour: &str, width: u32, class: &str| {
                    ring(centre, S * 23 / 50, (colour, width), class)
                        .set("data-row", square.row)
                        .set("data-col", square.col)
                };
                group = group
                    .add(ring(self.theme.outline.as_str(), 7, "halo"))
                    .add(ring(color, 3, "conflict-ring"));
            }
        }
        for &(from, to) in self
            .arrows
            .iter()
            .filter(|(a, b)| self.board.contains(*a) && self.board.contains(*b))
        {
            // A piece that sees its own square: a ring round it, on its halo.
            let ring = |colour: &str, width: u32, class: &str| {
                ring(self.centre(from), S * 2 / 5, (colour, width), class)
            };
            group = if from == to {
                group
                    .add(ring(self.theme.outline.as_str(), 7, "halo"))
                    .add(ring(ink, 3, "arrow"))
            } else {
                // The arrow leaves its piece's square at the piece's edge, and stops at the edge of
                // a piece it points at: a line never runs across a piece.
                let (x1, y1, x2, y2) = self.clear_of_pieces(from, to);
                group.add(halo(x1, y1, x2, y2)).add(
                    line(x1, y1, x2, y2, ink, 3)
                        .set("class", "arrow")
                        .set("marker-end", format!("url(#{prefix}-arrowhead)")),
                )
            };
        }
        group
    }

    /// The text on squares: in the piece colour, which keeps 4.5:1 contrast or more on both
    /// square colours, with a halo of the outline colour so that it stays readable over a piece
    /// or an arrow.
    fn labels(&self) -> Group {
        let mut group = Group::new().set("class", "labels");
        let (text_colour, halo) = (self.theme.piece.as_str(), self.theme.outline.as_str());
        for (square, text) in self.labels.iter().filter(|(s, _)| self.board.contains(*s)) {
            let (x, y) = self.centre(*square);
            // Fit the text and its halo in 88% of the square, at about 0.68 em per character
            // (wide signs such as `<` and `Q` take 0.8 em in the usual sans-serif faces), so that
            // the labels of two neighbouring squares never touch.
            let chars = f64::from(u32::try_from(text.chars().count().max(1)).unwrap_or(u32::MAX));
            let font = (0.88 * f64::from(S) / (0.68 * chars)).clamp(3.0, 14.0);
            group = group.add(
                text_at(x, y, text, 1)
                    .set("font-size", format!("{font:.1}"))
                    .set("dominant-baseline", "central")
                    .set("class", "label")
                    .set("fill", text_colour)
                    .set("stroke", halo)
                    .set("stroke-width", format!("{:.1}", font / 6.0))
                    .set("stroke-linejoin", "round")
                    .set("paint-order", "stroke")
                    .set("data-row", square.row)
                    .set("data-col", square.col),
            );
        }
        group
    }
}

/// The default width: 45 pixels a square for small boards, 400 pixels up to 32×32, and about 12
/// pixels a square beyond.
pub(super) fn default_size(n: usize) -> u32 {
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

pub(super) fn text_at(x: u32, y: u32, text: &str, font: u32) -> Text {
    Text::new(text)
        .set("x", x)
        .set("y", y)
        .set("font-size", font)
        .set("text-anchor", "middle")
}

pub(super) fn line(x1: u32, y1: u32, x2: u32, y2: u32, color: &str, width: u32) -> Line {
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
pub(super) fn prefix_for(content: &impl fmt::Debug) -> String {
    static COUNTER: AtomicUsize = AtomicUsize::new(1);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let hash = crate::hash::fnv_str(&format!("{count} {content:?}"));
    format!("nq{:08x}", hash >> 32)
}
