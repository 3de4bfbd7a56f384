//! The layers of a [`Diagram`]'s drawing, bottom to top: the squares and their frame, the style
//! and the shapes the others use, the coordinates, the shading, the arrows and rings, the pieces,
//! the labels.

#[allow(clippy::wildcard_imports)]
use super::*;

impl Diagram {
    pub(super) fn squares(&self) -> Group {
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
    pub(super) fn frame(&self) -> Rectangle {
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

    pub(super) fn style_sheet(&self, prefix: &str) -> String {
        format!(
            "#{prefix}-queen .body, .nqueens-board symbol .body {{ fill: {piece}; stroke: {outline}; }}\n\
             .nqueens-board text {{ font-family: {FONT}; }}",
            piece = self.theme.piece,
            outline = self.theme.outline
        )
    }

    pub(super) fn definitions(&self, prefix: &str) -> Definitions {
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

    pub(super) fn coordinate_labels(&self) -> Group {
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

    pub(super) fn overlays(&self) -> Group {
        let mut group = Group::new().set("class", "overlays");
        let mut fills = self.fills.clone();
        if self.conflicts {
            for (from, to) in self.board.queen_conflicts() {
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

    pub(super) fn pieces(&self, prefix: &str) -> Group {
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
    pub(super) fn annotations(&self, prefix: &str) -> Group {
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
            let conflicts = self.board.queen_conflicts();
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
    pub(super) fn labels(&self) -> Group {
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
