//! Boards too large to draw square by square: a window with its true coordinates, a density
//! picture, and the overview that puts the two side by side. [`picture_of`] and [`picture`]
//! make the one choice between a whole board and its overview.

use std::fmt::Write as _;

use svg::node::element::{Description, Group, Path as SvgPath, Rectangle, Text};

use super::{Diagram, FONT, Gallery, Svg, Theme, canvas};
use crate::board::{Board, Piece, Square};

/// The largest board drawn square by square; larger boards are summarised (see [`overview`]).
pub const MAX_DRAWN: usize = 64;

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
    density_of(columns.len(), &squares_of(columns), cells)
}

/// The height of the density picture's legend, under the picture.
const LEGEND: u32 = 34;
/// The side of each of an overview's two panels (the densest block, the density picture): the
/// two side by side fit an output 700 pixels wide.
const PANEL: u32 = 330;

/// The density picture's scale: a swatch for each shade on the empty square colour, from 1 queen
/// to the most any block holds, and what a block is.
fn legend(
    side: u32,
    most: u32,
    block: usize,
    theme: &Theme,
    opacity: impl Fn(u32) -> String,
) -> Group {
    const SWATCH: u32 = 16;
    let levels = most.min(8);
    let y = side + 6;
    let text = |x: u32, words: String, font: u32| {
        Text::new(words)
            .set("x", x)
            .set("y", y + SWATCH / 2)
            .set("font-size", font)
            .set("font-family", FONT)
            .set("dominant-baseline", "central")
    };
    let mut group = Group::new()
        .set("class", "legend")
        .add(text(0, "1".into(), 11));
    let swatch = |level: u32| {
        Rectangle::new()
            .set("x", 12 + (level - 1) * SWATCH)
            .set("y", y)
            .set("width", SWATCH)
            .set("height", SWATCH)
    };
    for level in 1..=levels {
        // With fewer than eight counts, each count has its own shade, the one the blocks use.
        let shade = (level * 8).div_ceil(levels.max(1));
        group = group
            .add(swatch(level).set("fill", theme.light.as_str()))
            .add(
                swatch(level)
                    .set("fill", theme.piece.as_str())
                    .set("fill-opacity", opacity(shade)),
            );
    }
    let end = 12 + levels * SWATCH + 4;
    let words = format!("{most} queens per {block}×{block} block");
    // At most 0.62 em a character: small enough to end inside the picture.
    let chars = u32::try_from(words.chars().count())
        .unwrap_or(u32::MAX)
        .max(1);
    let font = (side.saturating_sub(end) * 50 / (31 * chars)).clamp(6, 11);
    group.add(text(end, words, font))
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
    let opacity = |level: u32| format!("{:.3}", 0.2 + 0.8 * f64::from(level) / f64::from(LEVELS));
    let mut document = canvas(side, side + LEGEND, "nqueens-density").add(
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
                .set("fill-opacity", opacity(level)),
        );
    }
    let block = n.div_ceil(g);
    document = document.add(legend(side, most, block, &theme, opacity));
    let ascii = format!(
        "{}×{} board with {} queens, drawn as {g}×{g} blocks of up to {}×{} squares",
        super::thousands(n),
        super::thousands(n),
        super::thousands(squares.len()),
        super::thousands(block),
        super::thousands(block)
    );
    document = document.add(Description::new().add(svg::node::Text::new(ascii.clone())));
    Svg {
        markup: super::svg::backdrop(document.to_string()),
        pixels: Some(side),
        ascii,
        alt: None,
    }
}

/// A board given by its columns (`columns[i]` is the 1-based column of the queen in row `i + 1`):
/// drawn whole up to [`MAX_DRAWN`] rows, and as its [`overview`] beyond.
pub fn picture(columns: &[u32]) -> Svg {
    whole_or_overview(
        columns.len(),
        || squares_of(columns),
        |top, left, size| window(columns, top, left, size),
    )
}

/// A board drawn whole up to [`MAX_DRAWN`] rows, and as its overview beyond: what
/// [`Board::to_svg`] and a board shown in a notebook draw.
pub fn picture_of(board: &Board) -> Svg {
    whole_or_overview(
        board.size(),
        || board.pieces().map(|(s, _)| (s.row, s.col)).collect(),
        |top, left, size| {
            let mut cut = Board::new(size);
            for (square, piece) in board.pieces() {
                if (top..top + size).contains(&square.row)
                    && (left..left + size).contains(&square.col)
                {
                    let _ = cut.place(
                        Square::new(square.row + 1 - top, square.col + 1 - left),
                        piece,
                    );
                }
            }
            Diagram::new(&cut).origin(top, left)
        },
    )
}

/// The one place that decides how a board is drawn: square by square up to [`MAX_DRAWN`] rows,
/// its overview beyond. `squares` lists the occupied squares; `cut(top, left, size)` draws the
/// window of that size from that row and column.
fn whole_or_overview(
    n: usize,
    squares: impl FnOnce() -> Vec<(usize, usize)>,
    cut: impl Fn(usize, usize, usize) -> Diagram,
) -> Svg {
    if n <= MAX_DRAWN {
        cut(1, 1, n).render()
    } else {
        overview_of(n, &squares(), cut)
    }
}

/// The occupied squares of a board given by its columns, as (row, column).
fn squares_of(columns: &[u32]) -> Vec<(usize, usize)> {
    columns
        .iter()
        .enumerate()
        .map(|(i, &c)| (i + 1, c as usize))
        .collect()
}

/// A large board summarised in one picture: the 32×32 block of the board that holds the most
/// queens (on a board of a million, the top-left corner may hold none), with its true row and
/// column numbers, beside its [`density`] picture. What a board larger than [`MAX_DRAWN`] shows
/// instead of itself.
pub fn overview(columns: &[u32]) -> Svg {
    overview_of(columns.len(), &squares_of(columns), |top, left, size| {
        window(columns, top, left, size)
    })
}

fn overview_of(
    n: usize,
    squares: &[(usize, usize)],
    corner: impl Fn(usize, usize, usize) -> Diagram,
) -> Svg {
    let size = n.min(32);
    let (top, left) = densest_block(n, squares, size);
    let block = corner(top, left, size);
    let density = density_of(n, squares, 100);
    let caption = format!(
        "rows {}–{}, columns {}–{} (most queens)",
        super::thousands(top),
        super::thousands(top + size - 1),
        super::thousands(left),
        super::thousands(left + size - 1)
    );
    let gallery = Gallery::new()
        .columns(1)
        .cell_size(PANEL)
        .diagram(block, &caption)
        .render();
    // Two panels side by side in OUTPUT_WIDTH, the narrowest output the drawings are made for,
    // so that neither is shrunk below the size its texts were made for: the densest block's
    // gallery as drawn, the density picture scaled to the panel.
    let density_side = density.pixels.unwrap_or(400).max(1);
    let density_height = PANEL * (density_side + LEGEND) / density_side;
    let legend_at = 12 + density_height + 22;
    let (width, height) = (2 * PANEL + 40, (PANEL + 60).max(legend_at + 10));
    let markup = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\" class=\"nqueens-overview\">\
         <svg x=\"0\" y=\"0\" width=\"{}\" height=\"{}\">{}</svg>\
         <svg x=\"{}\" y=\"12\" width=\"{PANEL}\" height=\"{density_height}\" viewBox=\"0 0 {density_side} {}\">{}</svg>\
         <text x=\"{}\" y=\"{legend_at}\" font-size=\"13\" font-family=\"{FONT}\" text-anchor=\"middle\" class=\"caption\">all {} rows: where the queens are</text></svg>",
        PANEL + 24,
        PANEL + 60,
        strip_xml_header(gallery.as_str()),
        PANEL + 36,
        density_side + LEGEND,
        strip_xml_header(density.as_str()),
        PANEL + 36 + PANEL / 2,
        super::thousands(n)
    );
    Svg {
        markup: super::svg::backdrop(markup),
        pixels: Some(width),
        ascii: format!("{}\n\n{}", gallery.ascii(), density.ascii()),
        alt: None,
    }
}

/// The top-left square of the `size`×`size` block, in the grid of such blocks that tiles the
/// board from its top-left corner, that holds the most of the squares (the first such block in
/// reading order; the top-left one when there are none). The last row and column of blocks are
/// moved in to end at the board's edge. O(number of squares).
fn densest_block(n: usize, squares: &[(usize, usize)], size: usize) -> (usize, usize) {
    let size = size.max(1);
    let mut counts: std::collections::HashMap<(usize, usize), u32> =
        std::collections::HashMap::new();
    for &(row, col) in squares {
        if (1..=n).contains(&row) && (1..=n).contains(&col) {
            *counts
                .entry(((row - 1) / size, (col - 1) / size))
                .or_default() += 1;
        }
    }
    let best = counts
        .into_iter()
        .max_by_key(|&(block, count)| (count, std::cmp::Reverse(block)))
        .map_or((0, 0), |(block, _)| block);
    let start = |i: usize| (i * size + 1).min(n.saturating_sub(size) + 1);
    (start(best.0), start(best.1))
}

/// An SVG document's markup without anything before its `<svg` element, to nest it.
fn strip_xml_header(markup: &str) -> &str {
    markup.find("<svg").map_or(markup, |i| &markup[i..])
}

#[cfg(test)]
mod tests {
    use super::densest_block;

    #[test]
    fn the_densest_block_is_found_and_kept_on_the_board() {
        // No squares: the top-left block.
        assert_eq!(densest_block(100, &[], 32), (1, 1));
        // Two queens in block (1, 2), one in (0, 0).
        let squares = [(1, 1), (40, 70), (50, 80)];
        assert_eq!(densest_block(100, &squares, 32), (33, 65));
        // A tie goes to the first block in reading order.
        assert_eq!(densest_block(100, &[(90, 90), (1, 90)], 32), (1, 65));
        // The last block is moved in to end at the edge: 100 = 3 × 32 + 4.
        assert_eq!(densest_block(100, &[(99, 99)], 32), (69, 69));
    }
}
