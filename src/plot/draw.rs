//! The parts of a chart as SVG: the plot area and its axes, the axis numbers, lines with their
//! points, dashed guides, the legend. Written directly, element by element (no chart library:
//! a notebook that draws charts compiles the crate and nothing more).

use std::fmt::{self, Write as _};

use super::PlotError;
use super::scale::{Axis, short};

mod legend;
use crate::render::escape_html;
pub(super) use legend::legend;

/// Line colours, in the order lines are added: the Okabe–Ito colours that people with the
/// common colour-vision deficiencies tell apart, darkened where needed so that each has a
/// contrast of at least 3:1 with the white card behind a chart, and black (no grey: the guides
/// are grey). Colour is never the only difference: each line also has its own dash pattern and
/// point marker ([`STYLES`]).
const PALETTE: [Rgb; 6] = [
    Rgb(0x00, 0x5f, 0x9e),
    Rgb(0xc0, 0x50, 0x00),
    Rgb(0x00, 0x7a, 0x5a),
    Rgb(0xa3, 0x47, 0x8a),
    Rgb(0x00, 0x00, 0x00),
    Rgb(0x8a, 0x61, 0x00),
];

/// Guides: greys of at least 4.5:1 on white, told apart by their dashes too.
const GUIDES: [(Rgb, (u32, u32)); 2] = [
    (Rgb(0x55, 0x55, 0x55), (6, 5)),
    (Rgb(0x76, 0x76, 0x76), (2, 4)),
];

/// A colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Rgb(u8, u8, u8);

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The text of a chart: its colour (black on the white card) and sizes in pixels.
const INK: &str = "#000000";
const TITLE_FONT: u32 = 16;
const FONT: u32 = 12;
/// Space round the chart, under the title, left of the plot area (the y numbers and the y
/// axis's name) and under it (the x numbers and the x axis's name), in pixels.
const MARGIN: f64 = 12.0;
const TITLE_AREA: f64 = 28.0;
const Y_AREA: f64 = 64.0;
const X_AREA: f64 = 40.0;

/// How a point of a line is marked: a filled shape about ten pixels across.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Marker {
    Circle,
    Square,
    Triangle,
    Plus,
    Diamond,
    Down,
}

impl Marker {
    /// The shape's corners, in pixels around the point.
    fn shape(self) -> Vec<(i32, i32)> {
        match self {
            Marker::Circle => vec![
                (-2, -4),
                (2, -4),
                (4, -2),
                (4, 2),
                (2, 4),
                (-2, 4),
                (-4, 2),
                (-4, -2),
            ],
            Marker::Square => vec![(-4, -4), (4, -4), (4, 4), (-4, 4)],
            Marker::Triangle => vec![(0, -5), (5, 4), (-5, 4)],
            Marker::Plus => vec![
                (-2, -5),
                (2, -5),
                (2, -2),
                (5, -2),
                (5, 2),
                (2, 2),
                (2, 5),
                (-2, 5),
                (-2, 2),
                (-5, 2),
                (-5, -2),
                (-2, -2),
            ],
            Marker::Diamond => vec![(0, -5), (5, 0), (0, 5), (-5, 0)],
            Marker::Down => vec![(-5, -4), (5, -4), (0, 5)],
        }
    }

    /// The marker as a `<polygon>` centred on (x, y).
    fn at(self, x: f64, y: f64, colour: Rgb) -> String {
        self.drawn(x, y, colour, 0)
    }

    /// The marker centred on (x, y): filled, or, when `under` markers of other lines are
    /// already on that spot, hollow and larger than each of them, so that it rings them instead
    /// of hiding them.
    fn drawn(self, x: f64, y: f64, colour: Rgb, under: usize) -> String {
        let around = under > 0;
        let scale = 1.0 + f64::from(u32::try_from(under).unwrap_or(4).min(4));
        let points: Vec<String> = self
            .shape()
            .into_iter()
            .map(|(dx, dy)| {
                format!(
                    "{:.1},{:.1}",
                    x + scale * f64::from(dx),
                    y + scale * f64::from(dy)
                )
            })
            .collect();
        let paint = if around {
            format!("fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"")
        } else {
            format!("fill=\"{colour}\"")
        };
        format!(
            "<polygon class=\"marker\" {paint} points=\"{}\"/>\n",
            points.join(" ")
        )
    }
}

/// The dash pattern (dash and gap, in pixels; `None` for a solid line) and the marker of each
/// line, in the order lines are added: no two lines of a chart look alike in grey either.
const STYLES: [(Option<(u32, u32)>, Marker); 6] = [
    (None, Marker::Circle),
    (Some((9, 4)), Marker::Square),
    (Some((3, 3)), Marker::Triangle),
    (Some((14, 4)), Marker::Plus),
    (Some((6, 6)), Marker::Diamond),
    (None, Marker::Down),
];

pub(super) fn failed(error: impl fmt::Display) -> PlotError {
    PlotError(error.to_string())
}

/// One line of a chart as drawn: see [`Chart::drawable`](super::Chart).
pub(super) struct Drawable<'a> {
    pub(super) label: &'a str,
    pub(super) runs: Vec<Vec<(f64, f64)>>,
    pub(super) zeros: Vec<f64>,
    /// Runs that gave up at their budget: x, and what they had spent (a least value).
    pub(super) gave_up: Vec<(f64, f64)>,
    /// The x from which the line was not run.
    pub(super) not_run: Vec<f64>,
    /// The x where the line is not defined (a gap in it), and the words that say why.
    pub(super) undefined: Vec<f64>,
    pub(super) undefined_as: &'a str,
}

/// The plot area: left, top, right, bottom, in pixels.
pub(super) fn plot_area(size: (u32, u32)) -> (f64, f64, f64, f64) {
    let (w, h) = (f64::from(size.0), f64::from(size.1));
    (
        MARGIN + Y_AREA,
        MARGIN + TITLE_AREA,
        w - MARGIN,
        h - MARGIN - X_AREA,
    )
}

fn text(x: f64, y: f64, anchor: &str, size: u32, words: &str, extra: &str) -> String {
    format!(
        "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"{anchor}\" font-family=\"sans-serif\" \
         font-size=\"{size}\" fill=\"{INK}\"{extra}>{}</text>\n",
        escape_html(words)
    )
}

fn polyline(points: &[(f64, f64)], colour: Rgb, dash: Option<(u32, u32)>, class: &str) -> String {
    let coordinates: Vec<String> = points
        .iter()
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect();
    let dash = dash.map_or(String::new(), |(on, off)| {
        format!(" stroke-dasharray=\"{on} {off}\"")
    });
    format!(
        "<polyline class=\"{class}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" \
         stroke-linejoin=\"round\"{dash} points=\"{}\"/>\n",
        coordinates.join(" ")
    )
}

/// A light line of the grid behind the plot, from one point to another.
fn grid_line(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
    let _ = writeln!(
        out,
        "<line class=\"grid\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" \
         stroke=\"#dddddd\" stroke-width=\"1\"/>"
    );
}

/// The card, the grid, the axes and their names. Returns the title and the axes' numbers,
/// which go over the lines, each on a halo ([`HALO`]).
pub(super) fn frame(
    out: &mut String,
    size: (u32, u32),
    names: (&str, &str, &str),
    (x, y): (&Axis, &Axis),
    x_number: &dyn Fn(f64) -> String,
    zero_row: bool,
) -> String {
    let (title, x_name, y_name) = names;
    let (w, h) = (f64::from(size.0), f64::from(size.1));
    let (left, top, right, bottom) = plot_area(size);
    let _ = writeln!(
        out,
        "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>"
    );
    let mut labels = text(w / 2.0, MARGIN + 16.0, "middle", TITLE_FONT, title, HALO);
    for &v in &x.ticks {
        let px = x.at(v);
        grid_line(out, (px, top), (px, bottom));
        labels.push_str(&number(px, bottom + 16.0, "middle", &x_number(v)));
    }
    for &v in &y.ticks {
        let py = y.at(v);
        grid_line(out, (left, py), (right, py));
        labels.push_str(&number(left - 6.0, py + 4.0, "end", &short(v)));
    }
    let _ = writeln!(
        out,
        "<polyline class=\"axes\" fill=\"none\" stroke=\"{INK}\" stroke-width=\"1\" \
         points=\"{left:.1},{top:.1} {left:.1},{bottom:.1} {right:.1},{bottom:.1}\"/>"
    );
    if zero_row {
        // The row of zeros under a log scale, labelled 0, and a break in the axis above it: no
        // value lies between 0 and the lowest decade.
        labels.push_str(&number(left - 6.0, bottom + 4.0, "end", "0"));
        let gap = f64::midpoint(y.at(y.ticks.first().copied().unwrap_or(y.high)), bottom);
        let _ = writeln!(
            out,
            "<rect class=\"break\" x=\"{:.1}\" y=\"{:.1}\" width=\"8\" height=\"5\" \
             fill=\"#ffffff\"/>\n<path class=\"break\" d=\"M{:.1},{:.1} l8,-3 M{:.1},{:.1} l8,-3\" \
             stroke=\"{INK}\" stroke-width=\"1\" fill=\"none\"/>",
            left - 4.0,
            gap - 2.5,
            left - 4.0,
            gap - 1.0,
            left - 4.0,
            gap + 3.0,
        );
    }
    out.push_str(&text(
        f64::midpoint(left, right),
        h - MARGIN - 4.0,
        "middle",
        FONT,
        x_name,
        "",
    ));
    let (cx, cy) = (MARGIN + 8.0, f64::midpoint(top, bottom));
    out.push_str(&text(
        cx,
        cy,
        "middle",
        FONT,
        y_name,
        &format!(" transform=\"rotate(-90 {cx:.1} {cy:.1})\""),
    ));
    labels
}

/// A halo of the card's white round a text's letters, for the texts drawn after the lines (the
/// title and the axes' numbers), so that a point at the plot's edge, or the larger ring round
/// several points there, runs under them and never across their letters, whatever the data.
const HALO: &str = " stroke=\"#ffffff\" stroke-width=\"3\" paint-order=\"stroke\"";

/// A number of an axis, on its halo ([`HALO`]).
fn number(x: f64, y: f64, anchor: &str, words: &str) -> String {
    text(x, y, anchor, FONT, words, HALO)
}

/// What the legend lists: a line's name, colour, dash pattern and marker.
pub(super) struct Entry<'a> {
    label: &'a str,
    colour: Rgb,
    dash: Option<(u32, u32)>,
    marker: Option<Marker>,
    /// What its sample is: a line, or one of the marks explained once.
    sample: Sample,
}

/// The sample a legend entry shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sample {
    Line,
    /// The ring of a zero on a log scale.
    Ring,
    /// The mark of a run that gave up.
    GaveUp,
    /// The mark of sizes not run.
    NotRun,
    /// The mark of a value not defined.
    Undefined,
    /// A hollow, larger marker: a point on the spot of another line's.
    Around,
}

/// The hollow triangle, pointing up, of a run that gave up at (x, y): its value is at least y.
fn gave_up_mark(x: f64, y: f64, colour: Rgb) -> String {
    format!(
        "<polygon class=\"gave-up\" fill=\"#ffffff\" stroke=\"{colour}\" stroke-width=\"2\" \
         points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\"/>\n",
        x,
        y - 7.0,
        x + 6.0,
        y + 4.0,
        x - 6.0,
        y + 4.0
    )
}

/// The crossed ring of sizes not run, centred on (x, y).
fn not_run_mark(x: f64, y: f64, colour: Rgb) -> String {
    format!(
        "<g class=\"not-run\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\">\
         <circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"5\"/>\
         <path d=\"M{:.1},{:.1} L{:.1},{:.1}\"/></g>\n",
        x - 3.5,
        y + 3.5,
        x + 3.5,
        y - 3.5
    )
}

/// The hollow diamond, on the bottom edge, of an x where a line is not defined: its gap is
/// marked, not silent.
fn undefined_mark(x: f64, y: f64, colour: Rgb) -> String {
    format!(
        "<polygon class=\"undefined\" fill=\"#ffffff\" stroke=\"{colour}\" stroke-width=\"2\" \
         points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\"/>\n",
        x,
        y - 6.0,
        x + 6.0,
        y,
        x,
        y + 6.0,
        x - 6.0,
        y
    )
}

/// Where a line ends early: each run that gave up, a hollow triangle at what it had spent, with a
/// dotted step to it from the line's last point before it; each size from which it was not run,
/// a crossed ring on the bottom edge.
fn draw_ends(out: &mut String, line: &Drawable<'_>, colour: Rgb, (x, y): (&Axis, &Axis)) {
    for &(a, b) in &line.gave_up {
        let mark = (x.at(a), y.at(b));
        let before = line
            .runs
            .iter()
            .flatten()
            .filter(|p| p.0 < a)
            .max_by(|p, q| p.0.total_cmp(&q.0));
        if let Some(&(c, d)) = before {
            out.push_str(&polyline(
                &[(x.at(c), y.at(d)), mark],
                colour,
                Some((2, 3)),
                "reach",
            ));
        }
        out.push_str(&gave_up_mark(mark.0, mark.1, colour));
    }
    for &a in &line.not_run {
        out.push_str(&not_run_mark(x.at(a), y.from - 10.0, colour));
    }
    for &a in &line.undefined {
        out.push_str(&undefined_mark(x.at(a), y.from - 10.0, colour));
    }
}

/// How near two marks' centres must be for the later to ring the earlier: markers are 8 to 10
/// pixels wide and a triangle's middle lies off its point, so marks 3 to 6 pixels apart still
/// cover most of each other.
const NEAR: f64 = 6.0;

/// The size for a mark at `spot`: one more than the largest of the `taken` marks (each with its
/// size) within [`NEAR`] pixels of it, or 0 where there is none, so that it rings every one of
/// them.
fn size_over(taken: &[(f64, f64, usize)], (px, py): (f64, f64)) -> usize {
    taken
        .iter()
        .filter(|&&(qx, qy, _)| (qx - px).abs() < NEAR && (qy - py).abs() < NEAR)
        .map(|&(_, _, k)| k + 1)
        .max()
        .unwrap_or(0)
}

/// Draws each line, run by run, in its colour, dash pattern and marker ([`STYLES`]); a point
/// the log scale cannot show is a hollow ring on the bottom edge, explained once in the legend.
/// Returns the legend's entries.
pub(super) fn draw_lines<'a>(
    out: &mut String,
    series: &[Drawable<'a>],
    (x, y): (&Axis, &Axis),
) -> Vec<Entry<'a>> {
    let mut entries = Vec::new();
    // Where markers and zero rings already are, each with its size (0 for the first on a spot):
    // a later line's marker or ring on the same spot rings them all (larger and hollow) rather
    // than hiding one of them, whichever kind each is.
    let mut taken: Vec<(f64, f64, usize)> = Vec::new();
    let mut any_around = false;
    for (i, line) in series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let (dash, marker) = STYLES[i % STYLES.len()];
        let mut placed = Vec::new();
        for run in &line.runs {
            let points: Vec<(f64, f64)> = run.iter().map(|&(a, b)| (x.at(a), y.at(b))).collect();
            out.push_str(&polyline(&points, colour, dash, "line"));
            for &(px, py) in &points {
                let under = size_over(&taken, (px, py));
                any_around |= under > 0;
                out.push_str(&marker.drawn(px, py, colour, under));
                placed.push((px, py, under));
            }
        }
        for &zero in &line.zeros {
            let spot = (x.at(zero), y.from);
            let under = size_over(&taken, spot);
            any_around |= under > 0;
            let r = 4.0 + 4.0 * f64::from(u32::try_from(under).unwrap_or(4));
            let _ = writeln!(
                out,
                "<circle class=\"zero\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"{r}\" fill=\"none\" \
                 stroke=\"{colour}\" stroke-width=\"2\"/>",
                spot.0, spot.1
            );
            placed.push((spot.0, spot.1, under));
        }
        draw_ends(out, line, colour, (x, y));
        taken.extend(placed);
        entries.push(Entry {
            label: line.label,
            colour,
            dash,
            marker: Some(marker),
            sample: Sample::Line,
        });
    }
    let explained = [
        (
            any_around,
            "larger, hollow: on a point of a line above",
            Sample::Around,
        ),
        (
            series.iter().any(|s| !s.zeros.is_empty()),
            "0: below a log scale",
            Sample::Ring,
        ),
        (
            series.iter().any(|s| !s.gave_up.is_empty()),
            "gave up here: at least this",
            Sample::GaveUp,
        ),
        (
            series.iter().any(|s| !s.not_run.is_empty()),
            "not run from here on",
            Sample::NotRun,
        ),
        (
            series.iter().any(|s| !s.undefined.is_empty()),
            series
                .iter()
                .find(|s| !s.undefined.is_empty())
                .map_or("", |s| s.undefined_as),
            Sample::Undefined,
        ),
    ];
    for (shown, label, sample) in explained {
        if shown {
            entries.push(Entry {
                label,
                colour: Rgb(0, 0, 0),
                dash: None,
                marker: None,
                sample,
            });
        }
    }
    entries
}

/// The pixels a chart draws on, for placing its legend clear of them: every point of every line
/// and the way between each two (eight steps), the marks of runs that gave up and of zeros and
/// sizes not run, every point of the guides.
pub(super) fn drawn_pixels(
    series: &[Drawable<'_>],
    guides: &[(&str, Vec<(f64, f64)>)],
    (x, y): (&Axis, &Axis),
) -> Vec<(f64, f64)> {
    let mut pixels = Vec::new();
    for line in series {
        for run in &line.runs {
            let points: Vec<(f64, f64)> = run.iter().map(|&(a, b)| (x.at(a), y.at(b))).collect();
            pixels.extend(points.iter().copied());
            for pair in points.windows(2) {
                for k in 1..8 {
                    let t = f64::from(k) / 8.0;
                    pixels.push((
                        pair[0].0 + t * (pair[1].0 - pair[0].0),
                        pair[0].1 + t * (pair[1].1 - pair[0].1),
                    ));
                }
            }
        }
        pixels.extend(line.gave_up.iter().map(|&(a, b)| (x.at(a), y.at(b))));
        pixels.extend(line.zeros.iter().map(|&a| (x.at(a), y.from)));
        pixels.extend(line.not_run.iter().map(|&a| (x.at(a), y.from - 10.0)));
        pixels.extend(line.undefined.iter().map(|&a| (x.at(a), y.from - 10.0)));
    }
    for (_, points) in guides {
        pixels.extend(points.iter().map(|&(a, b)| (x.at(a), y.at(b))));
    }
    pixels
}

/// Draws each guide as a dashed grey line; returns the legend's entries.
pub(super) fn draw_guides<'a>(
    out: &mut String,
    guides: &[(&'a str, Vec<(f64, f64)>)],
    (x, y): (&Axis, &Axis),
) -> Vec<Entry<'a>> {
    let mut entries = Vec::new();
    for (i, (label, points)) in guides.iter().enumerate() {
        let (colour, dash) = GUIDES[i % GUIDES.len()];
        let points: Vec<(f64, f64)> = points.iter().map(|&(a, b)| (x.at(a), y.at(b))).collect();
        out.push_str(&polyline(&points, colour, Some(dash), "guide"));
        entries.push(Entry {
            label,
            colour,
            dash: Some(dash),
            marker: None,
            sample: Sample::Line,
        });
    }
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An sRGB channel, linear.
    fn linear(v: u8) -> f64 {
        let v = f64::from(v) / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    }

    /// The colour as a viewer with full protanopia, deuteranopia or tritanopia sees it (the
    /// matrices of Machado, Oliveira and Fernandes, 2009, applied to linear RGB).
    fn simulated(c: Rgb, matrix: [[f64; 3]; 3]) -> [f64; 3] {
        let rgb = [linear(c.0), linear(c.1), linear(c.2)];
        matrix.map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0))
    }

    #[test]
    fn lines_differ_in_more_than_colour_and_every_colour_stands_out() {
        // Against the white card: at least 3:1.
        for colour in PALETTE {
            let hex = colour.to_string();
            let contrast = crate::render::contrast(&hex, "#ffffff").unwrap_or(0.0);
            assert!(contrast >= 3.0, "{hex}: {contrast:.2}");
        }
        // No two lines share a dash pattern and a marker.
        for (i, a) in STYLES.iter().enumerate() {
            for b in &STYLES[i + 1..] {
                assert!(a.0 != b.0 || a.1 != b.1, "{a:?} and {b:?}");
            }
        }
        // Under each colour-vision deficiency, the first four colours stay apart.
        let deficiencies = [
            [
                [0.152, 1.053, -0.205],
                [0.115, 0.786, 0.099],
                [-0.004, -0.048, 1.052],
            ],
            [
                [0.367, 0.861, -0.228],
                [0.280, 0.673, 0.047],
                [-0.012, 0.043, 0.969],
            ],
            [
                [1.256, -0.077, -0.179],
                [-0.078, 0.931, 0.148],
                [0.005, 0.691, 0.304],
            ],
        ];
        for matrix in deficiencies {
            for (i, &first) in PALETTE[..4].iter().enumerate() {
                for (j, &second) in PALETTE[..4].iter().enumerate().skip(i + 1) {
                    let (a, b) = (simulated(first, matrix), simulated(second, matrix));
                    let distance = a
                        .iter()
                        .zip(&b)
                        .map(|(x, y)| (x - y).powi(2))
                        .sum::<f64>()
                        .sqrt();
                    assert!(distance > 0.04, "colours {i} and {j}: {distance:.3}");
                }
            }
        }
    }
}
