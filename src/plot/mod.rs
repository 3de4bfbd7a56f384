//! Charts, drawn as SVG, that display inline in a notebook like the boards do.
//!
//! A [`Chart`] is a title, two axis names and some named lines of points. A claim about growth
//! is shown by its axes and a dashed guide: on [`Chart::log_y`] axes a line that multiplies by the
//! same factor at each step is straight ([`Chart::growth_guide`]), and on log–log axes
//! ([`Chart::log_x`] as well) a power nᵏ is a straight line of slope k ([`Chart::power_guide`]).
//! The charts the notebooks draw are one call each, fed the data the notebook computed:
//! [`solution_counts`], [`solution_ratios`], [`clause_counts`] and [`times`]. Nothing here
//! counts or solves. Files: `chart` (the [`Chart`]), `draw` (axes, lines, guides and legend,
//! written as SVG elements), `course` (the course's charts).
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

mod chart;
mod course;
mod draw;
mod scale;

pub use chart::Chart;
pub use course::{clause_counts, solution_counts, solution_ratios, times};

use std::fmt;

/// Why a chart could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlotError(String);

impl fmt::Display for PlotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the chart could not be drawn: {}", self.0)
    }
}

impl std::error::Error for PlotError {}
