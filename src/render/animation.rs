//! The lecture's backtracking search as an animation: SVG and CSS only, no script, so it plays
//! wherever an SVG is shown with its style (JupyterLab, a browser, an `<img>`), and a viewer
//! that does not animate shows the last frame.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use svg::node::element::{Definitions, Description, Group, Style, TSpan, Text, Use};

use super::{Diagram, FONT, S, Svg, Theme, canvas, line, piece_symbol, prefix_for};
use crate::backtrack::{self, Grid};
use crate::board::{Board, Piece, Square};
use crate::queens::QueensError;

/// The largest board animated: the search for 8 queens already passes through 114 boards.
pub const MAX_ANIMATED: usize = 8;

/// Seconds a frame is shown; the first and the last are held longer.
const FRAME: f64 = 0.7;
const FIRST: f64 = 1.5;
const LAST: f64 = 4.0;

/// One picture of the search: the queens on the board, the row crossed out as a dead end (if
/// any), and what happened.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Frame {
    queens: Vec<Square>,
    dead_end: Option<usize>,
    caption: String,
}

fn queens_of(grid: &Grid) -> Vec<Square> {
    backtrack::to_board(grid, Piece::Queen).queens().collect()
}

/// The frames of the lecture's fill (each caption is "step k of n: what it did") on a `size` × `size` board: the empty board, every board
/// the search passes through (a queen placed, or queens taken back and one moved along its
/// row), and the end.
fn frames(size: usize) -> Vec<Frame> {
    let steps = backtrack::fill_board_steps(size);
    let mut frames = vec![Frame {
        queens: Vec::new(),
        dead_end: None,
        caption: "an empty board".to_owned(),
    }];
    let total = steps.len();
    for (i, step) in steps.iter().enumerate() {
        let q = step.placed;
        let mut caption = format!("step {} of {total}: ", i + 1);
        if step.back {
            let _ = write!(caption, "back to row {}, queen to column {}", q.row, q.col);
        } else {
            let _ = write!(caption, "queen on row {}, column {}", q.row, q.col);
        }
        if let Some(row) = step.dead_end {
            let _ = write!(caption, "; row {row} is a dead end");
        }
        frames.push(Frame {
            queens: queens_of(&step.grid),
            dead_end: step.dead_end,
            caption,
        });
    }
    let solved = frames
        .last()
        .is_some_and(|f| f.queens.len() == size && size > 0);
    frames.push(Frame {
        queens: if solved {
            frames[frames.len() - 1].queens.clone()
        } else {
            Vec::new()
        },
        dead_end: None,
        caption: if solved {
            format!("solved in {total} steps")
        } else {
            format!("no way to place {size} queens ({total} steps)")
        },
    });
    frames
}

/// The search of the lecture's `fill_board_recursion` on a `size` × `size` board (1 to
/// [`MAX_ANIMATED`]) as an animation that loops: each frame shows the queens on the board and
/// says what the step did; a row that has no free square left is crossed out as a dead end.
/// It is drawn with CSS animations in the SVG itself, so no script is needed; a viewer that
/// does not animate, or a reader who asked for reduced motion, sees the last frame.
///
/// # Errors
/// [`QueensError::Empty`] for size 0, [`QueensError::OutOfRange`] above [`MAX_ANIMATED`].
pub fn backtracking_animation(size: usize) -> Result<Svg, QueensError> {
    if size == 0 {
        return Err(QueensError::Empty);
    }
    if size > MAX_ANIMATED {
        return Err(QueensError::OutOfRange {
            n: size,
            max: MAX_ANIMATED,
            method: "the backtracking animation",
        });
    }
    let frames = frames(size);
    Ok(animate(size, &frames))
}

/// When each frame starts, as a fraction of the loop, and the loop's length in seconds.
fn timing(frames: usize) -> (Vec<f64>, f64) {
    let length = |i: usize| {
        if i == 0 {
            FIRST
        } else if i + 1 == frames {
            LAST
        } else {
            FRAME
        }
    };
    let mut starts = Vec::with_capacity(frames + 1);
    let mut t = 0.0;
    for i in 0..frames {
        starts.push(t);
        t += length(i);
    }
    starts.push(t);
    (starts.into_iter().map(|s| s / t).collect(), t)
}

/// The runs of consecutive frames in which each element is shown, keyed by the element.
fn runs<K: Ord + Clone>(frames: &[Frame], of: impl Fn(&Frame) -> Vec<K>) -> Vec<(K, usize, usize)> {
    let mut open: BTreeMap<K, usize> = BTreeMap::new();
    let mut done = Vec::new();
    for (i, frame) in frames.iter().enumerate() {
        let now = of(frame);
        let ended: Vec<K> = open.keys().filter(|k| !now.contains(k)).cloned().collect();
        for key in ended {
            if let Some(start) = open.remove(&key) {
                done.push((key, start, i));
            }
        }
        for key in now {
            open.entry(key).or_insert(i);
        }
    }
    done.extend(open.into_iter().map(|(k, start)| (k, start, frames.len())));
    done
}

/// The style sheet of an animation: one rule for the loop, and one set of keyframes per element
/// that comes and goes.
struct Schedule {
    prefix: String,
    /// When each frame starts, as a fraction of the loop, and 1 at the end.
    starts: Vec<f64>,
    css: String,
    count: usize,
}

impl Schedule {
    fn new(prefix: &str, frames: usize) -> Self {
        let (starts, seconds) = timing(frames);
        let css = format!(
            ".{prefix}-a {{ animation-duration: {seconds:.2}s; animation-iteration-count: \
             infinite; animation-timing-function: step-end; }}\n\
             @media (prefers-reduced-motion: reduce) {{ .{prefix}-a {{ animation: none; }} }}\n"
        );
        Schedule {
            prefix: prefix.to_owned(),
            starts,
            css,
            count: 0,
        }
    }

    /// The loop's length in seconds.
    fn seconds(&self) -> f64 {
        timing(self.starts.len() - 1).1
    }

    /// The middle of frame `i`, in milliseconds into the loop.
    fn middle_ms(&self, i: usize) -> f64 {
        500.0 * self.seconds() * (self.starts[i] + self.starts[i + 1])
    }

    /// Keyframes for an element shown from frame `a` up to (not including) frame `b`: its
    /// classes, and its opacity when nothing plays (as in the last frame).
    fn shown(&mut self, a: usize, b: usize) -> (String, u8) {
        let (prefix, last) = (&self.prefix, self.starts.len() - 1);
        let name = format!("{prefix}-k{}", self.count);
        self.count += 1;
        let mut steps = format!("0% {{ opacity: {} }}", u8::from(a == 0));
        if a > 0 {
            let _ = write!(steps, " {:.3}% {{ opacity: 1 }}", 100.0 * self.starts[a]);
        }
        if b < last {
            let _ = write!(steps, " {:.3}% {{ opacity: 0 }}", 100.0 * self.starts[b]);
        }
        let _ = writeln!(
            self.css,
            "@keyframes {name} {{ {steps} 100% {{ opacity: {} }} }}\n\
             .{name} {{ animation-name: {name}; }}",
            u8::from(b == last),
        );
        (format!("{prefix}-a {name}"), u8::from(b == last))
    }
}

/// The queens and the crossed-out rows, each shown in its run of frames.
fn pieces(size: usize, frames: &[Frame], diagram: &Diagram, schedule: &mut Schedule) -> Group {
    let theme = Theme::default();
    let prefix = schedule.prefix.clone();
    let mut layer = Group::new().set("class", "animated");
    for (square, a, b) in runs(frames, |f| f.queens.clone()) {
        let (x, y) = diagram.corner(square);
        let (class, opacity) = schedule.shown(a, b);
        layer = layer.add(
            Use::new()
                .set("href", format!("#{prefix}-queen"))
                .set("x", x)
                .set("y", y)
                .set("width", S)
                .set("height", S)
                .set("class", format!("piece queen {class}"))
                .set("opacity", opacity)
                .set("data-row", square.row)
                .set("data-col", square.col)
                .set("data-frames", format!("{a}-{b}")),
        );
    }
    for (row, a, b) in runs(frames, |f| f.dead_end.into_iter().collect()) {
        let (class, opacity) = schedule.shown(a, b);
        let mut crosses = Group::new()
            .set("class", format!("dead-end {class}"))
            .set("opacity", opacity)
            .set("data-frames", format!("{a}-{b}"));
        for col in 1..=size {
            let (x, y) = diagram.corner(Square::new(row, col));
            let (p, q) = (S / 4, 3 * S / 4);
            // Each cross on a halo of the outline colour: it keeps its contrast on both colours
            // of squares.
            for (x1, y1, x2, y2) in [(p, p, q, q), (p, q, q, p)] {
                crosses = crosses.add(
                    line(x + x1, y + y1, x + x2, y + y2, &theme.outline, 7).set("class", "halo"),
                );
            }
            for (x1, y1, x2, y2) in [(p, p, q, q), (p, q, q, p)] {
                crosses = crosses.add(
                    line(x + x1, y + y1, x + x2, y + y2, &theme.conflict, 3).set("class", "cross"),
                );
            }
        }
        layer = layer.add(crosses);
    }
    layer
}

/// The most boards in the strip of steps under an animation.
const STRIP_MOST: usize = 12;
/// The strip's boards to a row, their side and the height of each one's label, in pixels.
const STRIP_ROW: usize = 4;
const STRIP_SIDE: u32 = 76;
const STRIP_LABEL: u32 = 18;

/// Which frames the strip shows: every frame when there are at most [`STRIP_MOST`], else that
/// many spread evenly from the first to the last.
fn strip_frames(count: usize) -> Vec<usize> {
    if count <= STRIP_MOST {
        return (0..count).collect();
    }
    let mut chosen: Vec<usize> = (0..STRIP_MOST)
        .map(|k| k * (count - 1) / (STRIP_MOST - 1))
        .collect();
    chosen.dedup();
    chosen
}

/// The strip of steps drawn still under the animation, for readers who cannot play it (or
/// print the page): small boards of the chosen frames, each with its queens and its crossed-out
/// row, labelled with its step, in rows of [`STRIP_ROW`].
fn strip(size: usize, frames: &[Frame], width: u32, top: u32) -> (Group, u32) {
    let chosen = strip_frames(frames.len());
    let across = u32::try_from(STRIP_ROW).unwrap_or(4);
    let gap = (width - STRIP_SIDE * across) / (across + 1);
    let mut group = Group::new().set("class", "strip");
    for (k, &i) in chosen.iter().enumerate() {
        let frame = &frames[i];
        let mut board = Board::new(size);
        for &q in &frame.queens {
            let _ = board.place(q, Piece::Queen);
        }
        let mut diagram = board
            .diagram()
            .coordinates(super::Coordinates::None)
            .shown_at(STRIP_SIDE);
        if let Some(row) = frame.dead_end {
            for col in 1..=size {
                diagram = diagram.mark(Square::new(row, col));
            }
        }
        let (column, line) = (k % STRIP_ROW, k / STRIP_ROW);
        let x = gap + u32::try_from(column).unwrap_or(0) * (STRIP_SIDE + gap);
        let y = top + u32::try_from(line).unwrap_or(0) * (STRIP_SIDE + STRIP_LABEL + 6);
        let prefix = prefix_for(&("strip", size, i));
        let label = if i == 0 {
            "start".to_owned()
        } else if i + 1 == frames.len() {
            "end".to_owned()
        } else {
            format!("step {i}")
        };
        group = group
            .add(
                diagram
                    .document(&prefix)
                    .set("x", x)
                    .set("y", y)
                    .set("width", STRIP_SIDE)
                    .set("height", STRIP_SIDE),
            )
            .add(
                Text::new(label)
                    .set("x", x + STRIP_SIDE / 2)
                    .set("y", y + STRIP_SIDE + 13)
                    .set("text-anchor", "middle")
                    .set("font-family", FONT)
                    .set("font-size", 11)
                    .set("fill", "#1d1d1f"),
            );
    }
    let lines = u32::try_from(chosen.len().div_ceil(STRIP_ROW)).unwrap_or(1);
    (group, lines * (STRIP_SIDE + STRIP_LABEL + 6))
}

fn animate(size: usize, frames: &[Frame]) -> Svg {
    let theme = Theme::default();
    let diagram = Board::new(size).diagram();
    let prefix = prefix_for(&("animation", size, frames.len()));
    let mut schedule = Schedule::new(&prefix, frames.len());
    let board_px = super::default_size(size);
    let caption = 44;
    let width = board_px.max(360);
    let (steps, strip_height) = strip(size, frames, width, board_px + caption + 8);
    let height = board_px + caption + 8 + strip_height;
    let layer = pieces(size, frames, &diagram, &mut schedule);
    let board = diagram
        .document(&prefix)
        .add(Definitions::new().add(piece_symbol(&prefix, Piece::Queen, &theme)))
        .add(layer)
        .set("x", (width - board_px) / 2)
        .set("y", 0)
        .set("width", board_px)
        .set("height", board_px);

    let mut captions = Group::new().set("class", "captions");
    for (i, frame) in frames.iter().enumerate() {
        let (class, opacity) = schedule.shown(i, i + 1);
        // "step k of n" on one line, what it did on the next.
        let (head, tail) = frame
            .caption
            .split_once(": ")
            .unwrap_or((frame.caption.as_str(), ""));
        let lines = Text::new("")
            .add(TSpan::new(head).set("x", width / 2).set("dy", 0))
            .add(TSpan::new(tail).set("x", width / 2).set("dy", 16));
        captions = captions.add(
            lines
                .set("x", width / 2)
                .set("y", board_px + 16)
                .set("text-anchor", "middle")
                .set("font-family", FONT)
                .set("font-size", 12)
                .set("fill", "#1d1d1f")
                .set("class", format!("caption {class}"))
                .set("opacity", opacity)
                .set("data-frames", format!("{i}-{}", i + 1))
                // The middle of the frame, in milliseconds into the loop: for tests.
                .set("data-at", format!("{:.0}", schedule.middle_ms(i))),
        );
    }
    let ascii: String = frames.iter().fold(String::new(), |mut out, frame| {
        let _ = writeln!(out, "{}", frame.caption);
        out
    });
    let ascii = ascii.trim_end().to_owned();
    let document = canvas(width, height, "nqueens-animation")
        .set("data-seconds", format!("{:.2}", schedule.seconds()))
        .set("data-frames", frames.len())
        .add(Style::new(schedule.css))
        .add(Description::new().add(svg::node::Text::new(ascii.clone())))
        .add(board)
        .add(captions)
        .add(steps);
    // The text alternative says how the picture marks what the captions tell.
    let alt = format!(
        "The backtracking search played step by step; the row of a dead end is crossed out.\n{ascii}"
    );
    Svg::from_parts(document.to_string(), width, ascii).with_alt(&alt)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_follow_the_search_and_end_solved() {
        let frames = frames(4);
        let steps = backtrack::fill_board_steps(4);
        assert_eq!(frames.len(), steps.len() + 2);
        assert!(frames[0].queens.is_empty());
        // Each step's queens, in order, then the solution held.
        for (frame, step) in frames[1..].iter().zip(&steps) {
            assert_eq!(frame.queens, queens_of(&step.grid));
            assert_eq!(frame.dead_end, step.dead_end);
        }
        let solved = Board::from_columns(&[2, 4, 1, 3]).unwrap();
        let last = frames.last().unwrap();
        let mut board = Board::new(4);
        for &q in &last.queens {
            board.place(q, Piece::Queen).unwrap();
        }
        assert_eq!(board, solved);
        assert!(board.is_solution());
        assert_eq!(last.caption, format!("solved in {} steps", steps.len()));
        // The notebook's 4×4 steps: row 3 is a dead end after the first two queens.
        assert_eq!(frames[2].dead_end, Some(3));
        assert!(
            frames[3]
                .caption
                .contains("back to row 2, queen to column 4")
        );
    }

    #[test]
    fn three_queens_end_without_a_solution() {
        let frames = frames(3);
        assert!(
            frames
                .last()
                .unwrap()
                .caption
                .starts_with("no way to place 3 queens")
        );
        assert!(frames.last().unwrap().queens.is_empty());
    }

    #[test]
    fn every_frame_shows_exactly_its_queens() {
        let frames = frames(5);
        let runs = runs(&frames, |f| f.queens.clone());
        for (i, frame) in frames.iter().enumerate() {
            let mut shown: Vec<Square> = runs
                .iter()
                .filter(|(_, a, b)| *a <= i && i < *b)
                .map(|(s, _, _)| *s)
                .collect();
            shown.sort();
            let mut expected = frame.queens.clone();
            expected.sort();
            assert_eq!(shown, expected, "frame {i}");
        }
        let (starts, seconds) = timing(frames.len());
        assert!(starts.windows(2).all(|w| w[0] < w[1]));
        assert!((starts[frames.len()] - 1.0).abs() < 1e-12);
        assert!(seconds > 5.0);
    }

    #[test]
    fn a_still_strip_shows_the_steps_and_every_cross_has_a_halo() {
        assert_eq!(strip_frames(5), vec![0, 1, 2, 3, 4]);
        let chosen = strip_frames(33);
        assert_eq!(chosen.len(), STRIP_MOST);
        assert_eq!((chosen[0], chosen[STRIP_MOST - 1]), (0, 32));
        assert!(chosen.windows(2).all(|w| w[0] < w[1]));
        let svg = backtracking_animation(6).unwrap();
        let markup = svg.as_str();
        let strip = markup.split("<g class=\"strip\">").nth(1).expect("a strip");
        assert_eq!(strip.matches("class=\"nqueens-board\"").count(), STRIP_MOST);
        assert!(!strip.contains("@keyframes") && strip.contains("\nend\n"));
        let crosses = markup.matches("class=\"cross\"").count();
        assert!(crosses > 0);
        let animated = markup.split("<g class=\"strip\">").next().unwrap();
        assert_eq!(animated.matches("class=\"halo\"").count(), crosses);
        // The last frame is held longer than two seconds.
        let (starts, seconds) = timing(frames(6).len());
        assert!((1.0 - starts[starts.len() - 2]) * seconds > 2.0);
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        assert!(matches!(backtracking_animation(0), Err(QueensError::Empty)));
        assert!(matches!(
            backtracking_animation(9),
            Err(QueensError::OutOfRange { max: 8, .. })
        ));
        let svg = backtracking_animation(4).unwrap();
        assert!(svg.as_str().contains("@keyframes"));
        assert!(!svg.as_str().contains("<script"));
    }
}
