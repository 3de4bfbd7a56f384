//! A line chart: named series of points, log axes, dashed guides; drawn as SVG.

use std::fmt::Write as _;
use std::path::Path;

use super::PlotError;
use super::draw::{
    Axis, Drawable, bounds, decades, draw_guides, draw_lines, drawn_pixels, failed, frame, legend,
    linear_ticks, log_ticks, pad, plot_area, short,
};
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
        frame(
            &mut markup,
            self.size,
            (&self.title, &self.x_label, &self.y_label),
            (&x, &y),
            &x_number,
            zeros,
        );
        let mut entries = draw_lines(&mut markup, &series, (&x, &y));
        entries.extend(draw_guides(&mut markup, &guides, (&x, &y)));
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
mod tests {
    use super::*;

    #[test]
    fn summaries_group_numbers_and_say_units_and_gaps() {
        assert_eq!(grouped(1_251_127_296.0), "1,251,127,296");
        assert_eq!(grouped(2264.1), "2,264");
        assert_eq!(grouped(0.108_3), "0.108");
        assert_eq!(grouped(-12_345.0), "-12,345");
        assert_eq!(grouped(1.25e18), "1.25·10¹⁸");
        let chart = Chart::new("Times")
            .x_label("n")
            .y_label("time (ms)")
            .log_y(true)
            .undefined_as("no ratio")
            .line(
                "search",
                [
                    (10.0, 0.108),
                    (12.0, 1.93),
                    (13.0, f64::NAN),
                    (16.0, 2264.1),
                ],
            );
        let summary = chart.summary();
        assert_eq!(
            summary,
            "Chart: Times. time (ms) against n, on a log scale.\n\
             search: 0.108 ms at n = 10 to 2,264 ms at n = 16 (3 points); no ratio at n = 13"
        );
        assert_eq!(chart.render().unwrap().alt_text(), summary);
    }

    #[test]
    fn numbers_for_readers_have_three_significant_figures() {
        assert_eq!(rounded(0.044_886_999_999_999_996), "0.0449");
        assert_eq!(rounded(4.483_247), "4.48");
        assert_eq!(rounded(303.052_96), "303");
        assert_eq!(rounded(1_251_127_296.0), "1251127296");
        assert_eq!(rounded(2.5), "2.5");
        assert_eq!(rounded(0.4), "0.4");
        let text = Chart::new("t")
            .line("a", [(1.0, 0.167_173_000_000_000_02), (2.0, f64::NAN)])
            .undefined_as("no ratio")
            .to_text();
        assert!(text.contains("(1, 0.167) (2, no ratio)"), "{text}");
    }

    #[test]
    fn points_on_the_same_spot_ring_each_other() {
        let same = [(1.0, 5.0), (2.0, 7.0)];
        let chart = Chart::new("t")
            .line("a", same)
            .line("b", same)
            .line("c", same);
        let svg = chart.render().unwrap();
        let plot = svg.as_str().split("<g class=\"legend\">").next().unwrap();
        // Per point: one filled marker, then a hollow one twice its size, then three times.
        let sizes: Vec<f64> = plot
            .split("<polygon class=\"marker\"")
            .skip(1)
            .map(|m| {
                let points = m
                    .split("points=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap();
                let xs: Vec<f64> = points
                    .split(' ')
                    .map(|p| p.split(',').next().unwrap().parse().unwrap())
                    .collect();
                xs.iter().copied().fold(f64::MIN, f64::max)
                    - xs.iter().copied().fold(f64::MAX, f64::min)
            })
            .collect();
        assert_eq!(sizes.len(), 6);
        assert!(sizes[0] < sizes[2] && sizes[2] < sizes[4], "{sizes:?}");
        assert!(svg.as_str().contains("on a point of a line above"));
    }

    #[test]
    fn points_a_few_pixels_apart_ring_each_other_too() {
        // Two lines whose points lie about three pixels apart (not on the same value), which the
        // markers, eight to ten pixels wide, would mostly cover: the later is drawn hollow and
        // larger, never the same size on top of the earlier.
        let chart = Chart::new("t")
            .log_y(true)
            .line("a", [(1.0, 100.0), (2.0, 1000.0)])
            .line("b", [(1.0, 105.0), (2.0, 1050.0)]);
        let svg = chart.render().unwrap();
        let plot = svg.as_str().split("<g class=\"legend\">").next().unwrap();
        let hollow = plot.matches("class=\"marker\" fill=\"none\"").count();
        assert_eq!(hollow, 2, "{plot}");
    }

    #[test]
    fn a_legend_that_would_cover_points_goes_under_the_chart() {
        let free = Chart::new("t")
            .line("a", [(0.0, 0.0), (10.0, 1.0)])
            .line("b", [(0.0, 1.0), (10.0, 2.0)]);
        assert!(free.render().unwrap().as_str().contains("height=\"400\""));
        // Two diagonals reach all four corners of the plot area.
        let crossed = Chart::new("t")
            .line("a", (0..=10).map(|i| (f64::from(i), f64::from(i))))
            .line("b", (0..=10).map(|i| (f64::from(i), f64::from(10 - i))));
        let markup = crossed.render().unwrap().as_str().to_owned();
        let height: f64 = markup
            .split("height=\"")
            .nth(1)
            .and_then(|h| h.split('"').next())
            .and_then(|h| h.parse().ok())
            .unwrap();
        assert!(height > 400.0, "{height}");
        let card: f64 = markup
            .split("<rect class=\"legend\" x=\"")
            .nth(1)
            .and_then(|r| r.split("y=\"").nth(1))
            .and_then(|y| y.split('"').next())
            .and_then(|y| y.parse().ok())
            .unwrap();
        assert!(card >= 400.0, "the legend's card starts at {card}");
    }

    #[test]
    fn a_line_that_ends_early_says_why() {
        let chart = Chart::new("t")
            .log_y(true)
            .line("a", [(8.0, 1.0), (16.0, 30.0)])
            .line("b", [(8.0, 1.0), (16.0, 2.0), (32.0, 3.0)])
            .gave_up("a", [(32.0, 5000.0)])
            .not_run_from("b", 64.0);
        let drawn = chart.drawable();
        assert_eq!(drawn[0].gave_up, vec![(32.0, 5000.0)]);
        assert_eq!(drawn[1].not_run, vec![64.0]);
        let svg = chart.render().unwrap();
        let markup = svg.as_str();
        assert_eq!(
            markup.matches("class=\"gave-up\"").count(),
            2,
            "the mark and its legend"
        );
        assert_eq!(
            markup.matches("class=\"not-run\"").count(),
            2,
            "the mark and its legend"
        );
        assert!(markup.contains("gave up") && markup.contains("not run"));
        let text = chart.to_text();
        assert!(text.contains("gave up at 32 after 5000"), "{text}");
        assert!(text.contains("not run from 64 on"), "{text}");
    }

    #[test]
    fn an_undefined_value_breaks_the_line_and_a_zero_leaves_it_on_a_log_scale() {
        let points = [
            (1.0, 1.0),
            (2.0, 0.0),
            (3.0, f64::NAN),
            (4.0, 2.0),
            (5.0, 3.0),
        ];
        let chart = Chart::new("t").log_y(true).line("a", points);
        let drawn = chart.drawable();
        assert_eq!(
            drawn[0].runs,
            vec![vec![(1.0, 1.0)], vec![(4.0, 2.0), (5.0, 3.0)]]
        );
        assert_eq!(drawn[0].zeros, vec![2.0]);
        // On a linear scale a zero is a point like any other; NaN still breaks the line.
        let linear = Chart::new("t").line("a", points);
        assert_eq!(
            linear.drawable()[0].runs,
            vec![vec![(1.0, 1.0), (2.0, 0.0)], vec![(4.0, 2.0), (5.0, 3.0)]]
        );
        assert!(chart.render().is_ok() && linear.render().is_ok());
        // The gap is marked where it is, and the legend says why.
        assert_eq!(drawn[0].undefined, vec![3.0]);
        let why = chart.undefined_as("no ratio here").render().unwrap();
        assert_eq!(why.as_str().matches("class=\"undefined\"").count(), 2);
        assert!(why.as_str().contains("no ratio here"));
    }

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
}
