//! A line chart: named series of points, log axes, dashed guides; drawn as SVG.

use std::fmt::Write as _;
use std::path::Path;

use super::PlotError;
use super::draw::{
    Drawable, draw_guides, draw_lines, drawn_pixels, failed, frame, legend, plot_area,
};
use super::scale::{Axis, bounds, decades, linear_ticks, log_ticks, pad, short};
use crate::render::{Html, Svg};

/// A line chart: named series of (x, y) points.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    pub(super) title: String,
    pub(super) x_label: String,
    pub(super) y_label: String,
    pub(super) log_x: bool,
    pub(super) log_y: bool,
    pub(super) size: (u32, u32),
    pub(super) series: Vec<(String, Vec<(f64, f64)>)>,
    guides: Vec<Guide>,
    /// Where lines end early: runs that gave up, sizes not run.
    ends: Vec<End>,
    /// How the text copy says a value that is not defined (NaN).
    undefined: String,
}

/// Why a line ends before the chart does, drawn as a mark of its own and explained in the
/// legend, so that a line never just stops.
#[derive(Debug, Clone, PartialEq)]
struct End {
    /// The line it belongs to.
    label: String,
    x: f64,
    kind: EndKind,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum EndKind {
    /// The run at x stopped at its budget, having spent y: the true value is at least y.
    GaveUp(f64),
    /// From x on the line was not run.
    NotRun,
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
            ends: Vec::new(),
            undefined: "not defined".to_owned(),
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

    /// Adds a named line through the points (in the order given). A point whose value is not a
    /// number (NaN: undefined there) breaks the line; other points that are not finite are left
    /// out.
    #[must_use]
    pub fn line(mut self, label: &str, points: impl IntoIterator<Item = (f64, f64)>) -> Self {
        let points = points
            .into_iter()
            .filter(|(x, y)| x.is_finite() && (y.is_finite() || y.is_nan()))
            .collect();
        self.series.push((label.to_owned(), points));
        self
    }

    /// Marks the runs of the line named `label` that gave up: at each (x, y), the run for x
    /// stopped at its budget having spent y, so its value is at least y. Drawn as a hollow
    /// triangle pointing up, in the line's colour, and explained in the legend: a line that
    /// ends early never just stops.
    #[must_use]
    pub fn gave_up(mut self, label: &str, points: impl IntoIterator<Item = (f64, f64)>) -> Self {
        for (x, y) in points {
            if x.is_finite() && y.is_finite() {
                self.ends.push(End {
                    label: label.to_owned(),
                    x,
                    kind: EndKind::GaveUp(y),
                });
            }
        }
        self
    }

    /// Marks that the line named `label` was not run from `x` on (too slow to wait for): a
    /// crossed ring on the bottom edge at `x`, in the line's colour, explained in the legend.
    #[must_use]
    pub fn not_run_from(mut self, label: &str, x: f64) -> Self {
        if x.is_finite() {
            self.ends.push(End {
                label: label.to_owned(),
                x,
                kind: EndKind::NotRun,
            });
        }
        self
    }

    /// How the text copy of the chart says a value that is not defined (NaN), in words: "not
    /// defined" unless told otherwise, e.g. "no ratio: none at n − 1".
    #[must_use]
    pub fn undefined_as(mut self, words: &str) -> Self {
        words.clone_into(&mut self.undefined);
        self
    }

    /// What each line draws: its runs of points joined by a line, and, on a log scale, the x of
    /// each point with y ≤ 0, which the scale cannot show. Such a point breaks the line (n = 1
    /// is not joined to n = 4 across the two boards without a solution) and is marked under
    /// the axis instead.
    pub(super) fn drawable(&self) -> Vec<Drawable<'_>> {
        self.series
            .iter()
            .map(|(label, points)| {
                let mut runs = vec![Vec::new()];
                let mut zeros = Vec::new();
                let mut undefined = Vec::new();
                for &(x, y) in points {
                    if self.log_x && x <= 0.0 {
                        continue;
                    }
                    // An undefined value (NaN) breaks the line: no segment across it, and a
                    // mark where it is.
                    if !y.is_finite() {
                        if y.is_nan() {
                            undefined.push(x);
                        }
                        runs.push(Vec::new());
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
                let mine = self.ends.iter().filter(|end| &end.label == label);
                let mine = mine.filter(|end| !self.log_x || end.x > 0.0);
                let mut gave_up = Vec::new();
                let mut not_run = Vec::new();
                for end in mine {
                    match end.kind {
                        EndKind::GaveUp(y) if !self.log_y || y > 0.0 => gave_up.push((end.x, y)),
                        EndKind::GaveUp(_) => {}
                        EndKind::NotRun => not_run.push(end.x),
                    }
                }
                Drawable {
                    label: label.as_str(),
                    runs,
                    zeros,
                    gave_up,
                    not_run,
                    undefined,
                    undefined_as: self.undefined.as_str(),
                }
            })
            .collect()
    }

    /// The chart as a table of its points, for text-only readers: its title, what is drawn
    /// against what, and each line's points as (x, y), y to three significant figures.
    pub fn to_text(&self) -> String {
        let mut text = format!("{}\n", self.title);
        if !self.x_label.is_empty() && !self.y_label.is_empty() {
            let _ = writeln!(text, "{} against {}", self.y_label, self.x_label);
        }
        for (label, points) in &self.series {
            let _ = write!(text, "{label}:");
            for (x, y) in points {
                if y.is_nan() {
                    let _ = write!(text, " ({}, {})", rounded(*x), self.undefined);
                } else {
                    let _ = write!(text, " ({}, {})", rounded(*x), rounded(*y));
                }
            }
            for end in self.ends.iter().filter(|end| &end.label == label) {
                match end.kind {
                    EndKind::GaveUp(y) => {
                        let _ =
                            write!(text, "; gave up at {} after {}", rounded(end.x), rounded(y));
                    }
                    EndKind::NotRun => {
                        let _ = write!(text, "; not run from {} on", rounded(end.x));
                    }
                }
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
    /// [`PlotError`] when there is nothing to draw.
    pub fn render(&self) -> Result<Svg, PlotError> {
        let series = self.drawable();
        let all: Vec<(f64, f64)> = series
            .iter()
            .flat_map(|s| s.runs.iter().flatten().copied())
            .collect();
        if all.is_empty() {
            return Err(failed("no points to draw"));
        }
        let zeros = series.iter().flat_map(|s| s.zeros.iter().copied());
        let stops = series.iter().flat_map(|s| {
            s.gave_up
                .iter()
                .map(|p| p.0)
                .chain(s.not_run.iter().copied())
        });
        let (x_min, x_max) = bounds(all.iter().map(|p| p.0).chain(zeros).chain(stops));
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
                .chain(series.iter().flat_map(|s| s.gave_up.iter()))
                .map(|p| p.1),
        );
        let (left, top, right, bottom) = plot_area(self.size);
        let (x_low, x_high) = if self.log_x {
            (x_min / 1.25, x_max * 1.25)
        } else {
            pad(x_min, x_max, false)
        };
        let x = Axis {
            low: x_low,
            high: x_high,
            log: self.log_x,
            from: left,
            to: right,
            ticks: if self.log_x {
                log_ticks(x_min, x_max)
            } else {
                linear_ticks(x_low, x_high, 8.0)
            },
        };
        let (lowest, high) = pad(y_min, y_max, self.log_y);
        // Zeros on a log scale sit on a row of their own a decade below the lowest point, labelled
        // 0: the axis's numbers start at the lowest decade of the data, never at a tenth of it.
        let zeros = self.log_y && series.iter().any(|s| !s.zeros.is_empty());
        let low = if zeros { lowest / 10.0 } else { lowest };
        let y = Axis {
            low,
            high,
            log: self.log_y,
            from: bottom,
            to: top,
            ticks: if self.log_y {
                decades(lowest, high)
            } else {
                linear_ticks(low, high, 6.0)
            },
        };
        let (width, height) = self.size;
        let mut markup = String::new();
        // Doublings of a board size read best whole: 1024, not 1.024k.
        let x_number = |v: f64| {
            if v.fract() == 0.0 && v.abs() < 1e4 {
                format!("{v}")
            } else {
                short(v)
            }
        };
        let over = frame(
            &mut markup,
            self.size,
            (&self.title, &self.x_label, &self.y_label),
            (&x, &y),
            &x_number,
            zeros,
        );
        let mut entries = draw_lines(&mut markup, &series, (&x, &y));
        entries.extend(draw_guides(&mut markup, &guides, (&x, &y)));
        markup.push_str(&over);
        let drawn = drawn_pixels(&series, &guides, (&x, &y));
        // A legend that would cover points goes under the chart, which grows to hold it.
        let height = height + legend(&mut markup, &entries, self.size, &drawn);
        let markup = format!(
            "<svg width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
             xmlns=\"http://www.w3.org/2000/svg\" class=\"nqueens-chart\">\n{markup}</svg>\n"
        );
        Ok(Svg::from_parts(markup, self.size.0, self.to_text()).with_alt(&self.summary()))
    }

    /// The chart in a few lines, for its text alternative: its title, what is drawn against
    /// what, and for each line where it starts and ends (with the unit of the y label, numbers
    /// grouped by thousands), where it is undefined, and where it gave up or was not run. The
    /// full table of points is [`to_text`](Chart::to_text).
    pub fn summary(&self) -> String {
        let unit = self
            .y_label
            .rsplit_once('(')
            .and_then(|(_, rest)| rest.strip_suffix(')'))
            .map_or(String::new(), |u| format!(" {u}"));
        let x = if self.x_label.is_empty() {
            "x"
        } else {
            self.x_label.as_str()
        };
        let mut text = format!("Chart: {}.", self.title);
        if !self.y_label.is_empty() {
            let scales = match (self.log_x, self.log_y) {
                (true, true) => ", both on log scales",
                (false, true) => ", on a log scale",
                (true, false) => ", on a log scale of {x}",
                (false, false) => "",
            };
            let _ = write!(
                text,
                " {} against {x}{}.",
                self.y_label,
                scales.replace("{x}", x)
            );
        }
        for (label, points) in &self.series {
            let defined: Vec<&(f64, f64)> = points.iter().filter(|p| !p.1.is_nan()).collect();
            let _ = write!(text, "\n{label}: ");
            match (defined.first(), defined.last()) {
                (Some(a), Some(b)) if defined.len() > 1 => {
                    let _ = write!(
                        text,
                        "{}{unit} at {x} = {} to {}{unit} at {x} = {} ({} points)",
                        grouped(a.1),
                        grouped(a.0),
                        grouped(b.1),
                        grouped(b.0),
                        defined.len()
                    );
                }
                (Some(a), _) => {
                    let _ = write!(text, "{}{unit} at {x} = {}", grouped(a.1), grouped(a.0));
                }
                _ => text.push_str("no points"),
            }
            let undefined: Vec<String> = points
                .iter()
                .filter(|p| p.1.is_nan())
                .map(|p| grouped(p.0))
                .collect();
            if !undefined.is_empty() {
                let _ = write!(
                    text,
                    "; {} at {x} = {}",
                    self.undefined,
                    undefined.join(", ")
                );
            }
            for end in self.ends.iter().filter(|end| &end.label == label) {
                match end.kind {
                    EndKind::GaveUp(y) => {
                        let _ = write!(
                            text,
                            "; gave up at {x} = {} after {}{unit}",
                            grouped(end.x),
                            grouped(y)
                        );
                    }
                    EndKind::NotRun => {
                        let _ = write!(text, "; not run from {x} = {} on", grouped(end.x));
                    }
                }
            }
        }
        if !self.guides.is_empty() {
            let names: Vec<&str> = self.guides.iter().map(|g| g.label.as_str()).collect();
            let _ = write!(text, "\nDashed guides: {}.", names.join("; "));
        }
        text
    }

    /// Writes the chart as an SVG file.
    ///
    /// # Errors
    /// [`PlotError`] if it cannot be drawn or written.
    pub fn save(&self, path: impl AsRef<Path>) -> Result<(), PlotError> {
        self.render()?.save(path).map_err(failed)
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

/// A number for readers: whole numbers as they are, others to three significant figures
/// (0.0449, 4.48, 303), never 0.16717300000000002.
/// A number as a reader takes it in: whole numbers grouped by thousands (14,772,512), others
/// to three significant figures (0.108, 2,264), the largest in powers of ten (1.25·10¹⁸).
fn grouped(v: f64) -> String {
    if !v.is_finite() {
        return rounded(v);
    }
    if v.abs() >= 1e15 {
        let text = format!("{v:.2e}");
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        let superscript: String = exponent
            .chars()
            .map(|c| match c {
                '-' => '⁻',
                d => ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹']
                    [d.to_digit(10).unwrap_or(0) as usize],
            })
            .collect();
        return format!("{mantissa}·10{superscript}");
    }
    let text = if v.abs() >= 100.0 {
        format!("{}", v.round())
    } else {
        rounded(v)
    };
    match text.split_once('.') {
        Some((whole, fraction)) => format!("{}.{fraction}", crate::render::thousands(whole)),
        None => crate::render::thousands(&text),
    }
}

fn rounded(v: f64) -> String {
    if !v.is_finite() || (v.fract() == 0.0 && v.abs() < 1e15) {
        return format!("{v}");
    }
    // The fewest digits after the point that keep three significant figures.
    let mut scale = 1.0;
    let mut decimals = 0;
    while v.abs() * scale < 100.0 && decimals < 17 {
        scale *= 10.0;
        decimals += 1;
    }
    let text = format!("{v:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    } else {
        text
    }
}

#[cfg(test)]
mod tests;
