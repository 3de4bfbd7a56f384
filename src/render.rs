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

use std::fmt::{self, Write as _};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

use svg::Document;
use svg::node::element::{
    Circle, Definitions, Description, Group, Line, Marker, Path as SvgPath, Rectangle, Style,
    Symbol, Text, Use,
};

use crate::board::{Board, Piece, Square};

/// The side of one square, in SVG user units.
const S: u32 = 40;
/// The margin that holds coordinates, in user units.
const MARGIN: u32 = 20;

/// The style sheet of the notebooks and of the board theme (the repository's `style.css`).
pub const STYLE_CSS: &str = include_str!("../style.css");

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
    board: Board,
    size: Option<u32>,
    coordinates: Coordinates,
    flipped: bool,
    theme: Theme,
    fills: Vec<Fill>,
    marks: Vec<Square>,
    arrows: Vec<(Square, Square)>,
    labels: Vec<(Square, String)>,
    conflicts: bool,
    compact: bool,
    /// The numbers of the first row and column in the margin (1, 1 unless a window).
    origin: (usize, usize),
}

/// The largest board drawn square by square; larger boards are summarised (see [`overview`]).
pub const MAX_DRAWN: usize = 64;

impl Diagram {
    /// A drawing of this board, 360 pixels wide (45 per square on small boards), with numbers in
    /// the margin.
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
        }
    }

    /// Numbers the margin from this row and column instead of 1: for a window cut from a larger
    /// board (see [`window`]).
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

    /// Lays a translucent colour over a square (`opacity` from 0 to 1).
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

    /// The SVG drawing.
    ///
    /// A board larger than [`MAX_DRAWN`] is not drawn whole: the drawing is its [`overview`].
    pub fn render(&self) -> Svg {
        if self.board.size() > MAX_DRAWN {
            let squares: Vec<(usize, usize)> =
                self.board.pieces().map(|(s, _)| (s.row, s.col)).collect();
            return overview_of(self.board.size(), &squares, |top, left, size| {
                let mut board = Board::new(size);
                for (square, piece) in self.board.pieces() {
                    if (top..top + size).contains(&square.row)
                        && (left..left + size).contains(&square.col)
                    {
                        let _ = board.place(
                            Square::new(square.row + 1 - top, square.col + 1 - left),
                            piece,
                        );
                    }
                }
                Diagram::new(&board).origin(top, left)
            });
        }
        let prefix = prefix_for(self);
        let (width, height) = self.extent();
        let mut document = self.document(&prefix);
        if let Some(pixels) = self.size {
            document = document
                .set("width", pixels)
                .set("height", pixels * height / width);
        }
        Svg {
            markup: document.to_string(),
            pixels: self.size,
            ascii: self.board.to_string(),
            image_block: true,
        }
    }

    /// The width and height of the drawing in user units.
    fn extent(&self) -> (u32, u32) {
        let n = u32::try_from(self.board.size()).unwrap_or(u32::MAX / S / 2);
        let side = n.max(1) * S + 2 * self.margin();
        (side, side)
    }

    fn margin(&self) -> u32 {
        if self.coordinates == Coordinates::None {
            2
        } else {
            MARGIN
        }
    }

    /// The top-left corner of a square, in user units.
    fn corner(&self, square: Square) -> (u32, u32) {
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

    /// The whole drawing as an `<svg>` element, its ids starting with `prefix`.
    fn document(&self, prefix: &str) -> Document {
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

    fn style_sheet(&self, prefix: &str) -> String {
        format!(
            "#{prefix}-queen .body, .nqueens-board symbol .body {{ fill: {piece}; stroke: {outline}; }}\n\
             .nqueens-board text {{ font-family: 'DejaVu Sans', 'Helvetica', sans-serif; }}",
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
            let digits = u32::try_from(row.len().max(col.len())).unwrap_or(8);
            let font = if n > 32 { 6 } else { 11 }.min(36 / digits.max(1));
            group = group
                .add(text_at(MARGIN / 2, y, &row, font).set("dominant-baseline", "central"))
                .add(text_at(x, MARGIN / 2, &col, font).set("dominant-baseline", "central"));
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
        for fill in fills.iter().filter(|f| self.board.contains(f.square)) {
            let (x, y) = self.corner(fill.square);
            group = group.add(
                Rectangle::new()
                    .set("x", x)
                    .set("y", y)
                    .set("width", S)
                    .set("height", S)
                    .set("class", "fill")
                    .set("data-row", fill.square.row)
                    .set("data-col", fill.square.col)
                    .set("fill", fill.color.as_str())
                    .set("fill-opacity", format!("{:.2}", fill.opacity)),
            );
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

    fn annotations(&self, prefix: &str) -> Group {
        let mut group = Group::new().set("class", "annotations");
        let ink = self.theme.ink.as_str();
        for &square in self.marks.iter().filter(|s| self.board.contains(**s)) {
            let (x, y) = self.corner(square);
            let (a, b) = (S / 4, 3 * S / 4);
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
            for (from, to) in self.board.conflicts().into_iter().filter(|(a, b)| a < b) {
                let ((x1, y1), (x2, y2)) = (self.centre(from), self.centre(to));
                group = group.add(line(x1, y1, x2, y2, color, 3).set("class", "conflict"));
            }
        }
        for &(from, to) in self
            .arrows
            .iter()
            .filter(|(a, b)| self.board.contains(*a) && self.board.contains(*b))
        {
            let ((x1, y1), (x2, y2)) = (self.centre(from), self.centre(to));
            group = if from == to {
                group.add(
                    Circle::new()
                        .set("cx", x1)
                        .set("cy", y1)
                        .set("r", S * 2 / 5)
                        .set("fill", "none")
                        .set("stroke", ink)
                        .set("stroke-width", 3)
                        .set("class", "arrow"),
                )
            } else {
                group.add(
                    line(x1, y1, x2, y2, ink, 3)
                        .set("class", "arrow")
                        .set("marker-end", format!("url(#{prefix}-arrowhead)")),
                )
            };
        }
        group
    }

    fn labels(&self) -> Group {
        let mut group = Group::new().set("class", "labels");
        let ink = self.theme.ink.as_str();
        for (square, text) in self.labels.iter().filter(|(s, _)| self.board.contains(*s)) {
            let (x, y) = self.centre(*square);
            // Fit the text in 85% of the square, at about 0.6 em per character.
            let chars = f64::from(u32::try_from(text.chars().count().max(1)).unwrap_or(u32::MAX));
            let font = (0.85 * f64::from(S) / (0.6 * chars)).clamp(3.0, 14.0);
            group = group.add(
                text_at(x, y, text, 1)
                    .set("font-size", format!("{font:.1}"))
                    .set("dominant-baseline", "central")
                    .set("class", "label")
                    .set("fill", ink)
                    .set("data-row", square.row)
                    .set("data-col", square.col),
            );
        }
        group
    }
}

/// The default width: 45 pixels a square for small boards, 360 pixels for the rest.
fn default_size(n: usize) -> u32 {
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    if n < 8 {
        45 * n.max(1) + 2 * MARGIN
    } else {
        360 + 2 * MARGIN
    }
}

fn text_at(x: u32, y: u32, text: &str, font: u32) -> Text {
    Text::new(text)
        .set("x", x)
        .set("y", y)
        .set("font-size", font)
        .set("text-anchor", "middle")
}

fn line(x1: u32, y1: u32, x2: u32, y2: u32, color: &str, width: u32) -> Line {
    Line::new()
        .set("x1", x1)
        .set("y1", y1)
        .set("x2", x2)
        .set("y2", y2)
        .set("stroke", color)
        .set("stroke-width", width)
        .set("stroke-linecap", "round")
}

/// The symbol that draws a piece: our own queen, and the chess glyphs of Unicode for the others.
fn piece_symbol(prefix: &str, piece: Piece, theme: &Theme) -> Symbol {
    let glyph = match piece {
        Piece::Queen => return queen_symbol(prefix, theme),
        Piece::Rook => "\u{265C}",
        Piece::Bishop => "\u{265D}",
        Piece::King => "\u{265A}",
        Piece::Knight => "\u{265E}",
        Piece::Pawn(_) => "\u{265F}",
    };
    Symbol::new()
        .set("id", format!("{prefix}-{}", piece.name()))
        .set("viewBox", (0, 0, 100, 100))
        .add(
            Text::new(glyph)
                .set("x", 50)
                .set("y", 55)
                .set("font-size", 84)
                .set("text-anchor", "middle")
                .set("dominant-baseline", "central")
                .set("class", "body")
                .set("fill", theme.piece.as_str())
                .set("stroke", theme.outline.as_str())
                .set("stroke-width", 2),
        )
}

/// Our queen: a crown of five points with a ball on each, on a band and a base, in a 100×100
/// box. Drawn for this crate.
fn queen_symbol(prefix: &str, theme: &Theme) -> Symbol {
    let crown = "M 27 74 L 14 34 L 33 55 L 33 24 L 44 52 L 50 19 L 56 52 L 67 24 L 67 55 \
                 L 86 34 L 73 74 Z";
    let mut symbol = Symbol::new()
        .set("id", format!("{prefix}-queen"))
        .set("viewBox", (0, 0, 100, 100))
        .add(
            SvgPath::new()
                .set("d", crown)
                .set("class", "body")
                .set("fill", theme.piece.as_str())
                .set("stroke", theme.outline.as_str())
                .set("stroke-width", 3)
                .set("stroke-linejoin", "round"),
        );
    for (cx, cy) in [(14, 31), (33, 21), (50, 15), (67, 21), (86, 31)] {
        symbol = symbol.add(
            Circle::new()
                .set("cx", cx)
                .set("cy", cy)
                .set("r", 6)
                .set("class", "body")
                .set("fill", theme.piece.as_str())
                .set("stroke", theme.outline.as_str())
                .set("stroke-width", 3),
        );
    }
    symbol.add(
        Rectangle::new()
            .set("x", 24)
            .set("y", 74)
            .set("width", 52)
            .set("height", 13)
            .set("rx", 4)
            .set("class", "body")
            .set("fill", theme.piece.as_str())
            .set("stroke", theme.outline.as_str())
            .set("stroke-width", 3),
    )
}

/// An id prefix for a drawing: a hash of everything drawn and a running count, so the same
/// notebook run gives the same ids. (A notebook kernel may give every cell its own copy of the
/// counter; with the content in the hash, only identical drawings can share a prefix, and their
/// definitions are identical too.)
fn prefix_for(content: &impl fmt::Debug) -> String {
    static COUNTER: AtomicUsize = AtomicUsize::new(1);
    let count = COUNTER.fetch_add(1, Ordering::Relaxed);
    let hash = crate::hash::fnv_str(&format!("{count} {content:?}"));
    format!("nq{:08x}", hash >> 32)
}

/// A finished SVG drawing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Svg {
    markup: String,
    pixels: Option<u32>,
    ascii: String,
    /// Whether the notebook display repeats the markup as `image/svg+xml` (not for galleries,
    /// whose markup is large: their HTML shows the same drawing).
    image_block: bool,
}

impl Svg {
    /// An SVG drawn elsewhere in the crate (the charts of `plot`), with its width and its text.
    #[cfg_attr(not(feature = "plot"), allow(dead_code))]
    pub(crate) fn from_parts(markup: String, pixels: u32, ascii: String) -> Self {
        Svg {
            markup,
            pixels: Some(pixels),
            ascii,
            image_block: true,
        }
    }

    /// The SVG markup.
    pub fn as_str(&self) -> &str {
        &self.markup
    }

    /// Writes the SVG to a file.
    ///
    /// # Errors
    /// Whatever the file system reports.
    pub fn save(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        std::fs::write(path, &self.markup)
    }

    /// The drawing wrapped in a `<div>` of its width, for HTML pages and notebooks.
    pub fn to_html(&self) -> String {
        let width = self
            .pixels
            .map_or_else(|| "100%".to_owned(), |p| format!("{p}px"));
        format!(
            "<div class=\"nqueens\" style=\"width: {width}; max-width: 100%;\">{}</div>",
            self.markup
        )
    }

    /// What [`evcxr_display`](Svg::evcxr_display) prints: the evcxr kernel's blocks for HTML, SVG
    /// and the ASCII board, which a notebook shows as one output.
    pub fn to_evcxr(&self) -> String {
        display_blocks(
            &self.to_html(),
            self.image_block.then_some(self.markup.as_str()),
            &self.ascii,
        )
    }

    /// Shows the drawing in a notebook: HTML, SVG and the ASCII board in one output.
    pub fn evcxr_display(&self) {
        print!("{}", self.to_evcxr());
    }

    /// The plain-text copy of what is drawn (the ASCII board, or each board of a gallery).
    pub fn ascii(&self) -> &str {
        &self.ascii
    }
}

impl fmt::Display for Svg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.markup)
    }
}

/// Text made safe to put in HTML: `&`, `<` and `>` escaped.
pub(crate) fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The evcxr protocol: one block per MIME type, read from standard output.
fn display_blocks(html: &str, svg: Option<&str>, text: &str) -> String {
    let mut out = String::new();
    let blocks = [
        ("text/html", Some(html)),
        ("image/svg+xml", svg),
        ("text/plain", Some(text)),
    ];
    for (mime, content) in blocks.into_iter().filter_map(|(m, c)| Some((m, c?))) {
        let _ = writeln!(
            out,
            "EVCXR_BEGIN_CONTENT {mime}\n{content}\nEVCXR_END_CONTENT"
        );
    }
    out
}

impl Diagram {
    /// Shows the drawing inline in a notebook.
    pub fn evcxr_display(&self) {
        self.render().evcxr_display();
    }

    /// Renders and writes the SVG to a file.
    ///
    /// # Errors
    /// Whatever the file system reports.
    pub fn save_svg(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        self.render().save(path)
    }
}

impl Board {
    /// The board drawn with the default look.
    pub fn to_svg(&self) -> Svg {
        Diagram::new(self).render()
    }

    /// A [`Diagram`] of this board, to draw more on it.
    pub fn diagram(&self) -> Diagram {
        Diagram::new(self)
    }

    /// Writes the board as an SVG file.
    ///
    /// # Errors
    /// Whatever the file system reports.
    pub fn save_svg(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        self.to_svg().save(path)
    }

    /// Shows the board inline in a notebook.
    pub fn evcxr_display(&self) {
        self.to_svg().evcxr_display();
    }
}

/// A piece of HTML that a notebook shows as such.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Html {
    html: String,
    text: String,
}

impl Html {
    /// HTML, with the text that stands for it where HTML cannot be shown.
    pub fn new(html: &str, text: &str) -> Self {
        Html {
            html: html.to_owned(),
            text: text.to_owned(),
        }
    }

    /// The HTML.
    pub fn as_str(&self) -> &str {
        &self.html
    }

    /// Shows the HTML inline in a notebook.
    pub fn evcxr_display(&self) {
        print!("{}", display_blocks(&self.html, None, &self.text));
    }
}

/// The notebooks' style sheet (`style.css`) as a `<style>` element: the second cell of every
/// notebook shows it, so headings, tables and boards take the project's look.
pub fn style() -> Html {
    let rules = STYLE_CSS.matches('}').count();
    Html::new(
        &format!("<style>\n{STYLE_CSS}</style>"),
        &format!("style.css: {rules} rules"),
    )
}

/// The lecture's *queen captures* picture: a queen on `square` of an empty n×n board with every
/// square it attacks shaded, and either an arrow along each of its lines (`arrows`) or a cross on
/// each attacked square.
pub fn attacks(n: usize, square: Square, arrows: bool) -> Diagram {
    attacks_of(n, square, Piece::Queen, arrows)
}

/// Like [`attacks`], for any piece.
pub fn attacks_of(n: usize, square: Square, piece: Piece, arrows: bool) -> Diagram {
    let mut board = Board::new(n);
    if board.place(square, piece).is_err() {
        return Diagram::new(&board);
    }
    let mut diagram = Diagram::new(&board);
    let ink = diagram.theme.ink.clone();
    for row in 1..=n {
        for col in 1..=n {
            let target = Square::new(row, col);
            if piece.attacks(square, target) {
                diagram = diagram.fill(target, &ink, 0.25);
                if !arrows {
                    diagram = diagram.mark(target);
                }
            }
        }
    }
    if arrows {
        for end in ray_ends(n, square, piece) {
            diagram = diagram.arrow(square, end);
        }
    }
    diagram
}

/// The last attacked square in each direction a piece moves, for the arrows of [`attacks`].
fn ray_ends(n: usize, from: Square, piece: Piece) -> Vec<Square> {
    const QUEEN: [(isize, isize); 8] = [
        (-1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ];
    let directions: Vec<(isize, isize)> = match piece {
        Piece::Queen => QUEEN.to_vec(),
        Piece::Rook => QUEEN.iter().copied().filter(|(r, c)| r * c == 0).collect(),
        Piece::Bishop => QUEEN.iter().copied().filter(|(r, c)| r * c != 0).collect(),
        // Pieces that jump reach each of their squares directly.
        Piece::King | Piece::Knight | Piece::Pawn(_) => return piece.sees(from, n),
    };
    let inside = |r: isize, c: isize| {
        (1..=n.cast_signed()).contains(&r) && (1..=n.cast_signed()).contains(&c)
    };
    let mut ends = Vec::new();
    for (dr, dc) in directions {
        let (mut r, mut c) = (from.row.cast_signed(), from.col.cast_signed());
        while inside(r + dr, c + dc) {
            (r, c) = (r + dr, c + dc);
        }
        if (r, c) != (from.row.cast_signed(), from.col.cast_signed()) {
            ends.push(Square::new(r.unsigned_abs(), c.unsigned_abs()));
        }
    }
    ends
}

/// The lecture's *queens variables* picture: every square of an empty n×n board labelled with its
/// variable `Q<r,c>`.
pub fn variables(n: usize) -> Diagram {
    labelled(&Board::new(n))
}

/// The board with every square labelled by its variable `Q<r,c>`.
pub fn labelled(board: &Board) -> Diagram {
    let n = board.size();
    let mut diagram = Diagram::new(board);
    for row in 1..=n {
        for col in 1..=n {
            diagram = diagram.label(Square::new(row, col), &format!("Q<{row},{col}>"));
        }
    }
    diagram
}

/// The board with every attacking pair highlighted.
pub fn conflicts(board: &Board) -> Diagram {
    Diagram::new(board).conflicts()
}

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
            image_block: false,
        }
    }

    /// Shows the gallery inline in a notebook.
    pub fn evcxr_display(&self) {
        self.render().evcxr_display();
    }
}

/// A `size`×`size` window of a board given by its columns (`columns[i]` is the 1-based column of
/// the queen in row `i + 1`), from row `top` and column `left`, with the true row and column
/// numbers in the margin. For boards too large to draw whole.
pub fn window(columns: &[u32], top: usize, left: usize, size: usize) -> Diagram {
    let (top, left) = (top.max(1), left.max(1));
    let mut board = Board::new(size);
    for (i, &col) in columns.iter().enumerate().skip(top - 1).take(size) {
        let col = col as usize;
        if (left..left + size).contains(&col) {
            let _ = board.place(Square::new(i + 2 - top, col + 1 - left), Piece::Queen);
        }
    }
    Diagram::new(&board).origin(top, left)
}

/// Where the queens of a large board are: the board cut into at most `cells`×`cells` blocks,
/// each shaded by how many queens it holds (on boards of at most `cells` rows, each block is one
/// square and the picture shows every queen). Takes O(n + cells²).
pub fn density(columns: &[u32], cells: usize) -> Svg {
    let squares: Vec<(usize, usize)> = columns
        .iter()
        .enumerate()
        .map(|(i, &c)| (i + 1, c as usize))
        .collect();
    density_of(columns.len(), &squares, cells)
}

fn density_of(n: usize, squares: &[(usize, usize)], cells: usize) -> Svg {
    /// Shades of the blocks: the queen counts are rounded to this many levels, and each level is
    /// one `<path>`, so that the picture stays small however many blocks hold queens.
    const LEVELS: u32 = 8;
    let g = cells.clamp(1, 400).min(n.max(1));
    let mut counts = vec![0_u32; g * g];
    for &(row, col) in squares {
        if (1..=n).contains(&row) && (1..=n).contains(&col) {
            counts[(row - 1) * g / n * g + (col - 1) * g / n] += 1;
        }
    }
    let most = counts.iter().copied().max().unwrap_or(0).max(1);
    let theme = Theme::default();
    // Whole units per block: the side is between 200 and 400 units. g ≤ 400 fits u32.
    let g32 = u32::try_from(g).unwrap_or(400);
    let block_side = (400 / g32).max(1);
    let side = block_side * g32;
    let mut paths = vec![String::new(); LEVELS as usize];
    for (i, &count) in counts.iter().enumerate().filter(|(_, c)| **c > 0) {
        let level = (count * LEVELS).div_ceil(most).clamp(1, LEVELS);
        let (r, c) = (
            u32::try_from(i / g).unwrap_or(0),
            u32::try_from(i % g).unwrap_or(0),
        );
        let _ = write!(
            paths[(level - 1) as usize],
            "M{} {}h{block_side}v{block_side}h-{block_side}z",
            c * block_side,
            r * block_side
        );
    }
    let mut document = canvas(side, side, "nqueens-density").add(
        Rectangle::new()
            .set("width", side)
            .set("height", side)
            .set("fill", theme.light.as_str()),
    );
    for (level, path) in (1..=LEVELS).zip(&paths).filter(|(_, p)| !p.is_empty()) {
        document = document.add(
            SvgPath::new()
                .set("d", path.as_str())
                .set("fill", theme.piece.as_str())
                .set(
                    "fill-opacity",
                    format!("{:.3}", 0.2 + 0.8 * f64::from(level) / f64::from(LEVELS)),
                ),
        );
    }
    let block = n.div_ceil(g);
    let ascii = format!(
        "{n}×{n} board with {} queens, drawn as {g}×{g} blocks of up to {block}×{block} squares",
        squares.len()
    );
    document = document.add(Description::new().add(svg::node::Text::new(ascii.clone())));
    Svg {
        markup: document.to_string(),
        pixels: Some(side),
        ascii,
        // The HTML block shows it; a second copy as image/svg+xml would only double the notebook.
        image_block: false,
    }
}

/// A board given by its columns (`columns[i]` is the 1-based column of the queen in row `i + 1`):
/// drawn whole up to [`MAX_DRAWN`] rows, and as its [`overview`] beyond.
pub fn picture(columns: &[u32]) -> Svg {
    if columns.len() > MAX_DRAWN {
        overview(columns)
    } else {
        window(columns, 1, 1, columns.len()).render()
    }
}

/// A large board summarised in one picture: its top-left 32×32 corner, with coordinates, beside
/// its [`density`] picture. What a board larger than [`MAX_DRAWN`] shows instead of itself.
pub fn overview(columns: &[u32]) -> Svg {
    let squares: Vec<(usize, usize)> = columns
        .iter()
        .enumerate()
        .map(|(i, &c)| (i + 1, c as usize))
        .collect();
    overview_of(columns.len(), &squares, |top, left, size| {
        window(columns, top, left, size)
    })
}

fn overview_of(
    n: usize,
    squares: &[(usize, usize)],
    corner: impl Fn(usize, usize, usize) -> Diagram,
) -> Svg {
    let size = n.min(32);
    let corner = corner(1, 1, size);
    let density = density_of(n, squares, 100);
    let caption = format!("rows and columns 1–{size}");
    let gallery = Gallery::new()
        .columns(1)
        .cell_size(400)
        .diagram(corner, &caption)
        .render();
    let (width, height) = (840, 440);
    let markup = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" class=\"nqueens-overview\">\
         <svg x=\"0\" y=\"0\" width=\"424\" height=\"446\">{}</svg>\
         <svg x=\"436\" y=\"12\" width=\"400\" height=\"400\">{}</svg>\
         <text x=\"636\" y=\"432\" font-size=\"13\" text-anchor=\"middle\" class=\"caption\">all {n} rows: where the queens are</text></svg>",
        strip_xml_header(gallery.as_str()),
        strip_xml_header(density.as_str())
    );
    Svg {
        markup,
        pixels: Some(width),
        ascii: format!("{}\n\n{}", gallery.ascii(), density.ascii()),
        // Large (the corner's 1024 squares): the HTML block alone shows it.
        image_block: false,
    }
}

/// An SVG document's markup without anything before its `<svg` element, to nest it.
fn strip_xml_header(markup: &str) -> &str {
    markup.find("<svg").map_or(markup, |i| &markup[i..])
}

/// An empty `<svg>` of this size in pixels, with a class for the style sheet.
fn canvas(width: u32, height: u32, class: &str) -> Document {
    Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("class", class)
}

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
        markup: document.to_string(),
        pixels: Some(width),
        ascii,
        image_block: true,
    }
}

/// The generations of the pre-homework (see [`crate::exercises::generations`]) drawn one under
/// the other.
pub fn generations(rows: &[Vec<u8>]) -> Svg {
    cells(rows, &[], &[])
}

#[cfg(test)]
mod tests {
    use super::*;

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
