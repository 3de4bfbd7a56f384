//! The parts of a chart as plotters draws them: ranges, axis numbers, lines with their points,
//! dashed guides, the legend.

use std::fmt;

use plotters::prelude::*;

use super::PlotError;

/// Line colours, in the order lines are added: the Okabe–Ito colours that people with the
/// common colour-vision deficiencies tell apart, darkened where needed so that each has a
/// contrast of at least 3:1 with the white card behind a chart. Colour is never the only
/// difference: each line also has its own dash pattern and point marker ([`STYLES`]).
const PALETTE: [RGBColor; 6] = [
    RGBColor(0x00, 0x5f, 0x9e),
    RGBColor(0xc0, 0x50, 0x00),
    RGBColor(0x00, 0x7a, 0x5a),
    RGBColor(0xa3, 0x47, 0x8a),
    RGBColor(0x4d, 0x4d, 0x4d),
    RGBColor(0x8a, 0x61, 0x00),
];

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
    /// The shape's corners, in pixels around a point `dx` pixels right of the origin.
    fn shape_at(self, dx: i32) -> Vec<(i32, i32)> {
        self.shape().into_iter().map(|(x, y)| (x + dx, y)).collect()
    }

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

/// A line's marker on one of its points.
fn draw_mark<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    point: (f64, f64),
    kind: Marker,
    colour: RGBColor,
) -> Result<(), PlotError>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    chart
        .draw_series(std::iter::once(
            EmptyElement::at(point) + Polygon::new(kind.shape(), colour.filled()),
        ))
        .map(drop)
        .map_err(failed)
}

pub(super) fn failed(error: impl fmt::Display) -> PlotError {
    PlotError(error.to_string())
}

pub(super) fn bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    })
}

/// A range a little wider than the data; on a log scale, whole powers of ten around it.
pub(super) fn pad(low: f64, high: f64, log: bool) -> (f64, f64) {
    if log {
        (
            10_f64.powf(low.log10().floor()),
            10_f64
                .powf(high.log10().ceil())
                .max(10_f64.powf(low.log10().floor() + 1.0)),
        )
    } else if (high - low).abs() < f64::EPSILON {
        (low - 1.0, high + 1.0)
    } else {
        let margin = (high - low) * 0.05;
        (low - margin, high + margin)
    }
}

/// The numbers on a log x axis from `low` to `high`: the powers of two between them when there
/// are at most eight (board sizes are often doubled), else the powers of ten.
pub(super) fn log_ticks(low: f64, high: f64) -> Vec<f64> {
    let powers = |base: f64| -> Vec<f64> {
        // Nudged outwards first, so that an end on a power counts: log10(1e6) may be 5.999….
        let first = (low.log(base) - 1e-9).ceil();
        let last = (high.log(base) + 1e-9).floor();
        let mut ticks = Vec::new();
        let mut k = first;
        while k <= last && ticks.len() < 64 {
            ticks.push(base.powf(k));
            k += 1.0;
        }
        ticks
    };
    let twos = powers(2.0);
    if (2..=8).contains(&twos.len()) {
        twos
    } else {
        powers(10.0)
    }
}

/// The numbers on a log y axis from `low` to `high`: every power of ten, from the lowest (the
/// decade that holds the lowest points is always labelled), every other one when there are more
/// than eight.
pub(super) fn decades(low: f64, high: f64) -> Vec<f64> {
    let first = (low.log10() - 1e-9).ceil();
    let last = (high.log10() + 1e-9).floor();
    let all: Vec<f64> = (0..64)
        .map(|k| first + f64::from(k))
        .take_while(|&e| e <= last)
        .map(|e| 10_f64.powf(e))
        .collect();
    if all.len() > 8 {
        all.into_iter().step_by(2).collect()
    } else {
        all
    }
}

/// Axis numbers short enough to read: 1500 → 1.5k, 2e7 → 20M, 0.001 → 0.001.
pub(super) fn short(v: f64) -> String {
    let a = v.abs();
    let (value, suffix) = if a >= 1e9 {
        (v / 1e9, "G")
    } else if a >= 1e6 {
        (v / 1e6, "M")
    } else if a >= 1e3 {
        (v / 1e3, "k")
    } else {
        (v, "")
    };
    let text = format!("{value:.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}{suffix}")
}

/// One line of a chart as drawn: see [`Chart::drawable`].
pub(super) struct Drawable<'a> {
    pub(super) label: &'a str,
    pub(super) runs: Vec<Vec<(f64, f64)>>,
    pub(super) zeros: Vec<f64>,
}

/// Draws each line, run by run, in its colour, dash pattern and marker ([`STYLES`]); a point
/// the log scale cannot show is a hollow ring on the bottom edge (`floor`), explained once in
/// the legend.
pub(super) fn draw_lines<'a, DB, X, Y>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    series: &[Drawable<'a>],
    floor: f64,
) -> Result<(), PlotError>
where
    DB: DrawingBackend + 'a,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    for (i, line) in series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let (dash, kind) = STYLES[i % STYLES.len()];
        let style = colour.stroke_width(2);
        for (k, run) in line.runs.iter().enumerate() {
            let points = run.iter().copied();
            let drawn = match dash {
                None => chart.draw_series(LineSeries::new(points, style)),
                Some((on, off)) => chart.draw_series(DashedLineSeries::new(points, on, off, style)),
            }
            .map_err(failed)?;
            if k == 0 {
                // The legend's sample: the line's dash pattern with its marker in the middle.
                let (on, off) = dash.map_or((22, 0), |(on, off)| (on.min(8), off));
                drawn.label(line.label).legend(move |(x, y)| {
                    EmptyElement::at((x, y))
                        + plotters::element::DashedPathElement::new(
                            vec![(0, 0), (22, 0)],
                            on,
                            off,
                            style,
                        )
                        + Polygon::new(kind.shape_at(11), colour.filled())
                });
            }
            for &point in run {
                draw_mark(chart, point, kind, colour)?;
            }
        }
        chart
            .draw_series(
                line.zeros
                    .iter()
                    .map(|&x| Circle::new((x, floor), 4, colour.stroke_width(2))),
            )
            .map_err(failed)?;
    }
    if series.iter().any(|s| !s.zeros.is_empty()) {
        chart
            .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())
            .map_err(failed)?
            .label("0: below a log scale")
            .legend(|(x, y)| Circle::new((x + 9, y), 4, BLACK.stroke_width(2)));
    }
    Ok(())
}

/// Draws each guide as a dashed grey line, named in the legend.
pub(super) fn draw_guides<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    guides: &[(&str, Vec<(f64, f64)>)],
) -> Result<(), PlotError>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    // Greys of at least 4.5:1 on white, told apart by their dashes too.
    const GUIDE: [(RGBColor, u32, u32); 2] = [
        (RGBColor(0x55, 0x55, 0x55), 6, 5),
        (RGBColor(0x76, 0x76, 0x76), 2, 4),
    ];
    for (i, (label, points)) in guides.iter().enumerate() {
        let (colour, on, off) = GUIDE[i % GUIDE.len()];
        chart
            .draw_series(DashedLineSeries::new(
                points.iter().copied(),
                on,
                off,
                colour.stroke_width(2),
            ))
            .map_err(failed)?
            .label(*label)
            .legend(move |(x, y)| {
                plotters::element::DashedPathElement::new(
                    vec![(x, y), (x + 22, y)],
                    on.min(5),
                    off.min(3),
                    colour.stroke_width(2),
                )
            });
    }
    Ok(())
}

pub(super) fn legend<'a, DB, X, Y>(
    chart: &mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    lines: usize,
) -> Result<(), PlotError>
where
    DB: DrawingBackend + 'a,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    if lines > 1 {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE)
            .border_style(BLACK.mix(0.3))
            .draw()
            .map_err(failed)?;
    }
    Ok(())
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
    fn simulated(c: RGBColor, matrix: [[f64; 3]; 3]) -> [f64; 3] {
        let rgb = [linear(c.0), linear(c.1), linear(c.2)];
        matrix.map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0))
    }

    #[test]
    fn lines_differ_in_more_than_colour_and_every_colour_stands_out() {
        // Against the white card: at least 3:1.
        for colour in PALETTE {
            let hex = format!("#{:02x}{:02x}{:02x}", colour.0, colour.1, colour.2);
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

    #[test]
    fn log_y_axes_label_every_decade_from_the_lowest() {
        assert_eq!(
            decades(0.01, 1000.0),
            vec![0.01, 0.1, 1.0, 10.0, 100.0, 1000.0]
        );
        let many = decades(1e-3, 1e9);
        assert!((many[0] - 1e-3).abs() < 1e-12);
        assert!(many.len() <= 8 && many.windows(2).all(|w| (w[1] / w[0] - 100.0).abs() < 1e-6));
    }

    #[test]
    fn log_ticks_are_doublings_or_powers_of_ten() {
        assert_eq!(log_ticks(4.0, 16.0), vec![4.0, 8.0, 16.0]);
        assert_eq!(log_ticks(8.0, 1024.0).len(), 8);
        assert_eq!(log_ticks(1000.0, 1e6), vec![1e3, 1e4, 1e5, 1e6]);
    }

    #[test]
    fn short_numbers() {
        assert_eq!(short(1500.0), "1.5k");
        assert_eq!(short(20_000_000.0), "20M");
        assert_eq!(short(0.001), "0.001");
        assert_eq!(short(3.0), "3");
    }

    #[test]
    fn log_ranges_cover_the_data_in_powers_of_ten() {
        assert_eq!(pad(2.0, 92.0, true), (1.0, 100.0));
        assert_eq!(pad(1.0, 1.0, true), (1.0, 10.0));
    }
}
