//! Charts, drawn as SVG with `plotters`, that display inline in a notebook like the boards do.
//!
//! A [`Chart`] is a title, two axis names and some named lines of points; [`Chart::log_y`] puts
//! the y axis on a logarithmic scale, which is what growth looks like best on. Three charts the
//! notebooks draw are one call each: [`solution_counts`], [`clause_counts`] and [`times`].
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
    log_y: bool,
    size: (u32, u32),
    series: Vec<(String, Vec<(f64, f64)>)>,
}

impl Chart {
    /// An empty chart, 640×400 pixels, with a title.
    pub fn new(title: &str) -> Self {
        Chart {
            title: title.to_owned(),
            x_label: String::new(),
            y_label: String::new(),
            log_y: false,
            size: (640, 400),
            series: Vec::new(),
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
        let (y_min, y_max) = bounds(all.iter().map(|p| p.1));
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
            let x_range = pad(x_min, x_max, false);
            let (low, high) = pad(y_min, y_max, self.log_y);
            // The two kinds of y axis are different types: the same steps for each.
            macro_rules! finish {
                ($y_range:expr) => {{
                    let mut chart = builder
                        .build_cartesian_2d(x_range.0..x_range.1, $y_range)
                        .map_err(failed)?;
                    chart
                        .configure_mesh()
                        .x_desc(self.x_label.as_str())
                        .y_desc(self.y_label.as_str())
                        .x_label_formatter(&|v| short(*v))
                        .y_label_formatter(&|v| short(*v))
                        .draw()
                        .map_err(failed)?;
                    draw_lines(&mut chart, &series, low)?;
                    let zeros = series.iter().any(|s| !s.zeros.is_empty());
                    legend(&mut chart, series.len() + usize::from(zeros))?;
                }};
            }
            if self.log_y {
                finish!((low..high).log_scale());
            } else {
                finish!(low..high);
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

/// Clauses of each encoding for the given board sizes (from the closed form, so any n).
pub fn clause_counts(sizes: impl IntoIterator<Item = usize>) -> Chart {
    let sizes: Vec<usize> = sizes.into_iter().collect();
    let mut chart = Chart::new("Clauses per encoding")
        .x_label("n")
        .y_label("clauses")
        .log_y(true);
    for encoding in Encoding::ALL {
        let points = sizes.iter().map(|&n| {
            // Clause counts far below 2^53 for any board anyone draws.
            let clauses = encoding.clause_count(n);
            (
                as_f64(n),
                f64::from(u32::try_from(clauses).unwrap_or(u32::MAX)),
            )
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
