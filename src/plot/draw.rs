//! The parts of a chart as plotters draws them: ranges, axis numbers, lines with their points,
//! dashed guides, the legend.

use std::fmt;

use plotters::prelude::*;

use super::PlotError;

/// Line colours, in the order lines are added (colour-blind friendly).
const PALETTE: [RGBColor; 6] = [
    RGBColor(0x1f, 0x5f, 0xa8),
    RGBColor(0xd6, 0x5f, 0x00),
    RGBColor(0x2e, 0x7d, 0x32),
    RGBColor(0x8e, 0x24, 0xaa),
    RGBColor(0x6b, 0x56, 0x40),
    RGBColor(0xc2, 0x18, 0x5b),
];

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

/// Draws each line, run by run, with a dot on every point; a point the log scale cannot show is
/// a hollow ring on the bottom edge (`floor`), explained once in the legend.
pub(super) fn draw_lines<DB, X, Y>(
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
pub(super) fn draw_guides<DB, X, Y>(
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
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK.mix(0.3))
            .draw()
            .map_err(failed)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
