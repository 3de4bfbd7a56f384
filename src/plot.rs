//! Charts, drawn as SVG with `plotters`, that display inline in a notebook like the boards do.
//!
//! A [`Chart`] is a title, two axis names and some named lines of points. A claim about growth
//! is shown by its axes and a dashed guide: on [`Chart::log_y`] axes a line that multiplies by the
//! same factor at each step is straight ([`Chart::growth_guide`]), and on log–log axes
//! ([`Chart::log_x`] as well) a power nᵏ is a straight line of slope k ([`Chart::power_guide`]).
//! The charts the notebooks draw are one call each: [`solution_counts`], [`solution_ratios`],
//! [`clause_counts`] and [`times`].
//!
//! ```
//! use nqueens::plot::Chart;
//! let chart = Chart::new("squares")
//!     .x_label("n")
//!     .y_label("n²")
//!     .line("n²", (1..=8).map(|n| (f64::from(n), f64::from(n * n))));
//! let svg = chart.render()?;
//! assert!(svg.as_str().contains("<svg"));
//! # Ok::<(), nqueens::plot::PlotError>(())
//! ```

use std::fmt::{self, Write as _};
use std::path::Path;
use std::time::Duration;

use plotters::prelude::*;

use crate::queens::{self, CountOptions, Encoding};
use crate::render::{Html, Svg};

/// Line colours, in the order lines are added (colour-blind friendly).
const PALETTE: [RGBColor; 6] = [
    RGBColor(0x1f, 0x5f, 0xa8),
    RGBColor(0xd6, 0x5f, 0x00),
    RGBColor(0x2e, 0x7d, 0x32),
    RGBColor(0x8e, 0x24, 0xaa),
    RGBColor(0x6b, 0x56, 0x40),
    RGBColor(0xc2, 0x18, 0x5b),
];

/// Why a chart could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlotError(String);

impl fmt::Display for PlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the chart could not be drawn: {}", self.0)
    }
}

impl std::error::Error for PlotError {}

/// A line chart: named series of (x, y) points.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    title: String,
    x_label: String,
    y_label: String,
    log_x: bool,
    log_y: bool,
    size: (u32, u32),
    series: Vec<(String, Vec<(f64, f64)>)>,
    guides: Vec<Guide>,
}

/// A dashed reference line: what a claimed growth looks like on the chart's axes.
#[derive(Debug, Clone, PartialEq)]
struct Guide {
    label: String,
    /// y = `scale` · x^`exponent` (power) or y = `scale` · `factor`^x (growth).
    scale: f64,
    shape: Shape,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Shape {
    Power(f64),
    Growth(f64),
}

impl Guide {
    fn at(&self, x: f64) -> f64 {
        match self.shape {
            Shape::Power(exponent) => self.scale * x.powf(exponent),
            Shape::Growth(factor) => self.scale * factor.powf(x),
        }
    }

    /// Its points across x from `low` to `high` (evenly spaced on the axis as drawn).
    fn points(&self, low: f64, high: f64, log_x: bool) -> Vec<(f64, f64)> {
        (0..=64)
            .map(|i| {
                let t = f64::from(i) / 64.0;
                let x = if log_x && low > 0.0 {
                    low * (high / low).powf(t)
                } else {
                    low + (high - low) * t
                };
                (x, self.at(x))
            })
            .filter(|(_, y)| y.is_finite())
            .collect()
    }
}

impl Chart {
    /// An empty chart, 640×400 pixels, with a title.
    pub fn new(title: &str) -> Self {
        Chart {
            title: title.to_owned(),
            x_label: String::new(),
            y_label: String::new(),
            log_x: false,
            log_y: false,
            size: (640, 400),
            series: Vec::new(),
            guides: Vec::new(),
        }
    }

    /// The name of the x axis.
    #[must_use]
    pub fn x_label(mut self, label: &str) -> Self {
        label.clone_into(&mut self.x_label);
        self
    }

    /// The name of the y axis.
    #[must_use]
    pub fn y_label(mut self, label: &str) -> Self {
        label.clone_into(&mut self.y_label);
        self
    }

    /// A logarithmic y axis. A point with y ≤ 0 cannot be shown on it: it breaks its line and is
    /// marked as a ring on the bottom edge, which the legend explains.
    #[must_use]
    pub fn log_y(mut self, log: bool) -> Self {
        self.log_y = log;
        self
    }

    /// A logarithmic x axis too (with [`log_y`](Chart::log_y), log–log axes, on which a power
    /// of x is a straight line). Points with x ≤ 0 are left out.
    #[must_use]
    pub fn log_x(mut self, log: bool) -> Self {
        self.log_x = log;
        self
    }

    /// A dashed guide y = c · x^`exponent` through the point `through`, named `label` in the
    /// legend: on log–log axes a straight line of slope `exponent`, so lines that run beside it
    /// grow as that power.
    #[must_use]
    pub fn power_guide(mut self, label: &str, exponent: f64, through: (f64, f64)) -> Self {
        let scale = through.1 / through.0.powf(exponent);
        if scale.is_finite() {
            self.guides.push(Guide {
                label: label.to_owned(),
                scale,
                shape: Shape::Power(exponent),
            });
        }
        self
    }

    /// A dashed guide y = c · `factor`^x through the point `through`, named `label` in the
    /// legend: on a log y axis a straight line, so lines that run beside it multiply by
    /// `factor` for each step of 1 in x.
    #[must_use]
    pub fn growth_guide(mut self, label: &str, factor: f64, through: (f64, f64)) -> Self {
        let scale = through.1 / factor.powf(through.0);
        if scale.is_finite() && factor > 0.0 {
            self.guides.push(Guide {
                label: label.to_owned(),
                scale,
                shape: Shape::Growth(factor),
            });
        }
        self
    }

    /// The size in pixels.
    #[must_use]
    pub fn size(mut self, width: u32, height: u32) -> Self {
        self.size = (width.max(160), height.max(120));
        self
    }

    /// Adds a named line through the points (in the order given). Points that are not finite are
    /// left out.
    #[must_use]
    pub fn line(mut self, label: &str, points: impl IntoIterator<Item = (f64, f64)>) -> Self {
        let points = points
            .into_iter()
            .filter(|(x, y)| x.is_finite() && y.is_finite())
            .collect();
        self.series.push((label.to_owned(), points));
        self
    }

    /// What each line draws: its runs of points joined by a line, and, on a log scale, the x of
    /// each point with y ≤ 0, which the scale cannot show. Such a point breaks the line (n = 1
    /// is not joined to n = 4 across the two boards without a solution) and is marked under
    /// the axis instead.
    fn drawable(&self) -> Vec<Drawable<'_>> {
        self.series
            .iter()
            .map(|(label, points)| {
                let mut runs = vec![Vec::new()];
                let mut zeros = Vec::new();
                for &(x, y) in points {
                    if self.log_x && x <= 0.0 {
                        continue;
                    }
                    if self.log_y && y <= 0.0 {
                        zeros.push(x);
                        runs.push(Vec::new());
                    } else if let Some(run) = runs.last_mut() {
                        run.push((x, y));
                    }
                }
                runs.retain(|run| !run.is_empty());
                Drawable {
                    label: label.as_str(),
                    runs,
                    zeros,
                }
            })
            .collect()
    }

    /// The chart as a table of its points, for text-only readers.
    pub fn to_text(&self) -> String {
        let mut text = format!("{}\n", self.title);
        for (label, points) in &self.series {
            let _ = write!(text, "{label}:");
            for (x, y) in points {
                let _ = write!(text, " ({x}, {y})");
            }
            text.push('\n');
        }
        for guide in &self.guides {
            let _ = writeln!(text, "guide (dashed): {}", guide.label);
        }
        text.trim_end().to_owned()
    }

    /// Draws the chart.
    ///
    /// # Errors
    /// [`PlotError`] when there is nothing to draw, or plotters fails.
    pub fn render(&self) -> Result<Svg, PlotError> {
        let series = self.drawable();
        let all: Vec<(f64, f64)> = series
            .iter()
            .flat_map(|s| s.runs.iter().flatten().copied())
            .collect();
        if all.is_empty() {
            return Err(PlotError("no points to draw".to_owned()));
        }
        let zeros = series.iter().flat_map(|s| s.zeros.iter().copied());
        let (x_min, x_max) = bounds(all.iter().map(|p| p.0).chain(zeros));
        // Guides span the data's x range; the y range holds them where they are shown.
        let guides: Vec<(&str, Vec<(f64, f64)>)> = self
            .guides
            .iter()
            .map(|g| {
                let points = g.points(x_min, x_max, self.log_x);
                let points = points.into_iter().filter(|p| !self.log_y || p.1 > 0.0);
                (g.label.as_str(), points.collect())
            })
            .collect();
        let (y_min, y_max) = bounds(
            all.iter()
                .chain(guides.iter().flat_map(|g| g.1.iter()))
                .map(|p| p.1),
        );
        let mut markup = String::new();
        {
            let root = SVGBackend::with_string(&mut markup, self.size).into_drawing_area();
            root.fill(&WHITE).map_err(failed)?;
            let mut builder = ChartBuilder::on(&root);
            builder
                .caption(&self.title, ("sans-serif", 18))
                .margin(12)
                .x_label_area_size(36)
                .y_label_area_size(64);
            let x_range = if self.log_x {
                (x_min / 1.25, x_max * 1.25)
            } else {
                pad(x_min, x_max, false)
            };
            let (low, high) = pad(y_min, y_max, self.log_y);
            // Linear and log axes are different types: the same steps for each pair.
            macro_rules! finish {
                ($x_range:expr, $y_range:expr) => {{
                    let mut chart = builder
                        .build_cartesian_2d($x_range, $y_range)
                        .map_err(failed)?;
                    chart
                        .configure_mesh()
                        .x_desc(self.x_label.as_str())
                        .y_desc(self.y_label.as_str())
                        .x_label_formatter(&|v| {
                            // Doublings of a board size read best whole: 1024, not 1.024k.
                            if v.fract() == 0.0 && v.abs() < 1e4 {
                                format!("{v}")
                            } else {
                                short(*v)
                            }
                        })
                        .y_label_formatter(&|v| short(*v))
                        .draw()
                        .map_err(failed)?;
                    draw_lines(&mut chart, &series, low)?;
                    draw_guides(&mut chart, &guides)?;
                    let zeros = series.iter().any(|s| !s.zeros.is_empty());
                    legend(&mut chart, series.len() + guides.len() + usize::from(zeros))?;
                }};
            }
            let (x0, x1) = x_range;
            let ticks = log_ticks(x_min, x_max);
            match (self.log_x, self.log_y) {
                (true, true) => finish!(
                    (x0..x1).log_scale().with_key_points(ticks),
                    (low..high).log_scale()
                ),
                (true, false) => finish!((x0..x1).log_scale().with_key_points(ticks), low..high),
                (false, true) => finish!(x0..x1, (low..high).log_scale()),
                (false, false) => finish!(x0..x1, low..high),
            }
            root.present().map_err(failed)?;
        }
        Ok(Svg::from_parts(markup, self.size.0, self.to_text()))
    }

    /// Writes the chart as an SVG file.
    ///
    /// # Errors
    /// [`PlotError`] if it cannot be drawn or written.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), PlotError> {
        self.render()?
            .save(path)
            .map_err(|e| PlotError(e.to_string()))
    }

    /// Shows the chart inline in a notebook (or, if it cannot be drawn, why).
    pub fn evcxr_display(&self) {
        match self.render() {
            Ok(svg) => svg.evcxr_display(),
            Err(error) => Html::new(
                &format!("<p>{}</p>", crate::render::escape_html(&error.to_string())),
                &error.to_string(),
            )
            .evcxr_display(),
        }
    }
}

fn failed(error: impl fmt::Display) -> PlotError {
    PlotError(error.to_string())
}

fn bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    })
}

/// A range a little wider than the data; on a log scale, whole powers of ten around it.
fn pad(low: f64, high: f64, log: bool) -> (f64, f64) {
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
fn log_ticks(low: f64, high: f64) -> Vec<f64> {
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

/// Axis numbers short enough to read: 1500 → 1.5k, 2e7 → 20M, 0.001 → 0.001.
fn short(v: f64) -> String {
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
struct Drawable<'a> {
    label: &'a str,
    runs: Vec<Vec<(f64, f64)>>,
    zeros: Vec<f64>,
}

/// Draws each line, run by run, with a dot on every point; a point the log scale cannot show is
/// a hollow ring on the bottom edge (`floor`), explained once in the legend.
fn draw_lines<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    series: &[Drawable<'_>],
    floor: f64,
) -> Result<(), PlotError>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    for (i, line) in series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        for (k, run) in line.runs.iter().enumerate() {
            let drawn = chart
                .draw_series(LineSeries::new(run.iter().copied(), colour.stroke_width(2)))
                .map_err(failed)?;
            if k == 0 {
                drawn
                    .label(line.label)
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], colour));
            }
            chart
                .draw_series(run.iter().map(|&p| Circle::new(p, 3, colour.filled())))
                .map_err(failed)?;
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
fn draw_guides<DB, X, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<X, Y>>,
    guides: &[(&str, Vec<(f64, f64)>)],
) -> Result<(), PlotError>
where
    DB: DrawingBackend,
    X: Ranged<ValueType = f64>,
    Y: Ranged<ValueType = f64>,
{
    const GUIDE: [RGBColor; 2] = [RGBColor(0x55, 0x55, 0x55), RGBColor(0x99, 0x99, 0x99)];
    for (i, (label, points)) in guides.iter().enumerate() {
        let colour = GUIDE[i % GUIDE.len()];
        chart
            .draw_series(DashedLineSeries::new(
                points.iter().copied(),
                6,
                5,
                colour.stroke_width(2),
            ))
            .map_err(failed)?
            .label(*label)
            .legend(move |(x, y)| {
                plotters::element::DashedPathElement::new(
                    vec![(x, y), (x + 18, y)],
                    5,
                    3,
                    colour.stroke_width(2),
                )
            });
    }
    Ok(())
}

fn legend<'a, DB, X, Y>(
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
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .draw()
            .map_err(failed)?;
    }
    Ok(())
}

/// Solutions of n queens for n = 1 … `up_to` (at most 16), all and up to symmetry, on a log
/// scale (n = 2 and 3, with none, are rings on the bottom edge, and the lines are not joined
/// across them). Counted with [`queens::count_with`].
///
/// # Errors
/// [`PlotError`] if it cannot be drawn.
pub fn solution_counts(up_to: usize) -> Result<Chart, PlotError> {
    let mut all = Vec::new();
    let mut fundamental = Vec::new();
    for n in 1..=up_to.min(16) {
        let counts = queens::count_with(n, &CountOptions::default()).map_err(failed)?;
        let x = as_f64(n);
        all.push((x, count_f64(counts.all)));
        fundamental.push((x, count_f64(counts.fundamental)));
    }
    Ok(Chart::new("Solutions of n queens")
        .x_label("n")
        .y_label("solutions")
        .log_y(true)
        .line("all", all)
        .line("up to symmetry", fundamental))
}

/// How many times more solutions n queens has than n − 1 queens, for n = 2 … `up_to` (at most
/// 16) where n − 1 queens have any, with guides at 5 and 6½ times: the factor is not constant
/// (it zigzags up to n = 11, and lies between the guides from 12 on), which a log scale of the
/// counts themselves hides.
///
/// # Errors
/// [`PlotError`] if it cannot be drawn.
pub fn solution_ratios(up_to: usize) -> Result<Chart, PlotError> {
    let mut counts = Vec::new();
    for n in 1..=up_to.min(16) {
        counts.push(
            queens::count_with(n, &CountOptions::default())
                .map_err(failed)?
                .all,
        );
    }
    let ratios: Vec<(f64, f64)> = counts
        .windows(2)
        .zip(2..)
        .filter(|(pair, _)| pair[0] > 0)
        .map(|(pair, n)| (as_f64(n), count_f64(pair[1]) / count_f64(pair[0])))
        .collect();
    let first = ratios.first().map_or(1.0, |p| p.0);
    Ok(Chart::new("Solutions of n queens over those of n − 1")
        .x_label("n")
        .y_label("times as many")
        .line("a(n) / a(n − 1)", ratios)
        .power_guide("6½ times", 0.0, (first, 6.5))
        .power_guide("5 times", 0.0, (first, 5.0)))
}

/// Clauses of each encoding for the given board sizes (from the closed form, so any n), on
/// log–log axes with a dashed guide ∝ n³: lines parallel to it grow as n³, and the gap between two
/// parallel lines is a constant factor.
pub fn clause_counts(sizes: impl IntoIterator<Item = usize>) -> Chart {
    let sizes: Vec<usize> = sizes.into_iter().collect();
    let smallest = sizes.iter().copied().min().map_or(1.0, as_f64);
    let mut chart = Chart::new("Clauses per encoding")
        .x_label("n")
        .y_label("clauses")
        .log_x(true)
        .log_y(true)
        // A quarter of n³, so that it runs beside the lines rather than on them.
        .power_guide("∝ n³ (slope 3)", 3.0, (smallest, smallest.powi(3) / 4.0));
    for encoding in Encoding::ALL {
        let points = sizes.iter().map(|&n| {
            // A float is all a chart needs (exact below 2^53).
            #[allow(clippy::cast_precision_loss)]
            let clauses = encoding.clause_count(n) as f64;
            (as_f64(n), clauses)
        });
        chart = chart.line(&encoding.to_string(), points);
    }
    chart
}

/// Times of several methods against n, in milliseconds on a log scale: one line per method.
pub fn times(title: &str, methods: &[(&str, Vec<(usize, Duration)>)]) -> Chart {
    methods.iter().fold(
        Chart::new(title)
            .x_label("n")
            .y_label("time (ms)")
            .log_y(true),
        |chart, (name, points)| {
            chart.line(
                name,
                points
                    .iter()
                    .map(|&(n, time)| (as_f64(n), time.as_secs_f64() * 1e3)),
            )
        },
    )
}

fn as_f64(n: usize) -> f64 {
    f64::from(u32::try_from(n).unwrap_or(u32::MAX))
}

/// A count as a float for plotting (exact below 2^53, far above any count drawn here).
#[allow(clippy::cast_precision_loss)]
fn count_f64(count: u64) -> f64 {
    count as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zero_on_a_log_scale_breaks_the_line_and_is_marked() {
        let points = [(1.0, 1.0), (2.0, 0.0), (3.0, 0.0), (4.0, 2.0), (5.0, 10.0)];
        let chart = Chart::new("counts").log_y(true).line("all", points);
        let drawn = chart.drawable();
        assert_eq!(
            drawn[0].runs,
            vec![vec![(1.0, 1.0)], vec![(4.0, 2.0), (5.0, 10.0)]]
        );
        assert_eq!(drawn[0].zeros, vec![2.0, 3.0]);
        // On a linear scale a zero is a point like any other.
        let linear = Chart::new("counts").line("all", points);
        let drawn = linear.drawable();
        assert_eq!(drawn[0].runs, vec![points.to_vec()]);
        assert!(drawn[0].zeros.is_empty());
        let svg = chart.render().unwrap();
        assert!(svg.as_str().contains("0: below a log scale"));
    }

    #[test]
    fn guides_follow_their_law_and_are_drawn_dashed() {
        let chart = Chart::new("g")
            .log_x(true)
            .log_y(true)
            .line("data", [(2.0, 9.0), (64.0, 300_000.0)])
            .power_guide("n³", 3.0, (2.0, 8.0))
            .growth_guide("×6 per n", 6.0, (2.0, 36.0));
        let power = chart.guides[0].points(2.0, 64.0, true);
        assert_eq!(power.len(), 65);
        for pair in power.windows(2) {
            let slope = (pair[1].1 / pair[0].1).ln() / (pair[1].0 / pair[0].0).ln();
            assert!((slope - 3.0).abs() < 1e-9, "{slope}");
        }
        assert!((chart.guides[1].at(5.0) - 6_f64.powi(5)).abs() < 1e-6);
        let svg = chart.render().unwrap();
        assert!(
            svg.as_str().contains("stroke-dasharray")
                || svg.as_str().matches("<polyline").count() > 3
        );
        assert!(
            svg.as_str().contains("×6 per n"),
            "the guide is named in the legend"
        );
        assert!(chart.to_text().contains("guide (dashed): n³"));
    }

    #[test]
    fn clause_counts_run_beside_the_cube_guide() {
        let chart = clause_counts([8, 64, 1024]);
        assert!(chart.log_x && chart.log_y);
        // Each encoding's count over n³ settles to its constant (7/6 and 5/3): parallel lines.
        for (_, points) in &chart.series {
            let ratio = |(n, c): (f64, f64)| c / n.powi(3);
            let (a, b) = (ratio(points[1]), ratio(points[2]));
            assert!((a - b).abs() / b < 0.1, "{a} {b}");
        }
    }

    #[test]
    fn solution_ratios_are_the_counts_divided() {
        let chart = solution_ratios(10).unwrap();
        let points = &chart.series[0].1;
        // a(1) = 1, a(2) = a(3) = 0, a(4) = 2, a(5) = 10, a(6) = 4: no ratio over a zero.
        assert_eq!(points[0], (2.0, 0.0));
        assert_eq!(points[1], (5.0, 5.0));
        assert_eq!(points[2], (6.0, 0.4));
        assert_eq!(points.last(), Some(&(10.0, 724.0 / 352.0)));
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
    fn counts_convert_exactly() {
        assert!((count_f64(14_772_512) - 14_772_512.0).abs() < f64::EPSILON);
        assert!((count_f64(1 << 40) - 1_099_511_627_776.0).abs() < f64::EPSILON);
    }

    #[test]
    fn log_ranges_cover_the_data_in_powers_of_ten() {
        assert_eq!(pad(2.0, 92.0, true), (1.0, 100.0));
        assert_eq!(pad(1.0, 1.0, true), (1.0, 10.0));
    }
}
