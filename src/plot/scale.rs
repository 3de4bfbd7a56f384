//! The numbers of a chart's axes: the ranges they span, the values written along them, and
//! where a value falls, on linear and logarithmic scales.

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

/// One axis: the values it spans, linear or logarithmic, the pixels it spans (from the low
/// value's to the high value's, so a y axis runs upwards), and the numbers written along it.
pub(super) struct Axis {
    pub(super) low: f64,
    pub(super) high: f64,
    pub(super) log: bool,
    pub(super) from: f64,
    pub(super) to: f64,
    pub(super) ticks: Vec<f64>,
}

impl Axis {
    /// The pixel of a value.
    pub(super) fn at(&self, v: f64) -> f64 {
        let t = if self.log {
            (v.ln() - self.low.ln()) / (self.high.ln() - self.low.ln())
        } else {
            (v - self.low) / (self.high - self.low)
        };
        self.from + t * (self.to - self.from)
    }
}

/// About `count` round numbers from `low` to `high`: steps of 1, 2 or 5 times a power of ten.
pub(super) fn linear_ticks(low: f64, high: f64, count: f64) -> Vec<f64> {
    let raw = (high - low) / count;
    if !(raw.is_finite() && raw > 0.0) {
        return vec![low];
    }
    let power = 10_f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * power);
    let first = (low / step).ceil();
    (0..64)
        .map(|k| (first + f64::from(k)) * step)
        .take_while(|&v| v <= high + step * 1e-9)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn linear_ticks_are_round_steps_inside_the_range() {
        assert_eq!(
            linear_ticks(0.0, 10.0, 5.0),
            vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]
        );
        let ticks = linear_ticks(0.6, 3.4, 8.0);
        assert_eq!(ticks.len(), 5);
        assert!(ticks.iter().all(|&t| (0.6..=3.4).contains(&t)));
        assert!((ticks[0] - 1.0).abs() < 1e-12 && (ticks[1] - 1.5).abs() < 1e-12);
        // A range of one value has one number.
        assert_eq!(linear_ticks(2.0, 2.0, 6.0), vec![2.0]);
    }

    #[test]
    fn an_axis_places_values_linearly_or_by_their_logarithm() {
        let y = Axis {
            low: 1.0,
            high: 1000.0,
            log: true,
            from: 300.0,
            to: 0.0,
            ticks: Vec::new(),
        };
        assert!((y.at(1.0) - 300.0).abs() < 1e-9);
        assert!((y.at(10.0) - 200.0).abs() < 1e-9);
        assert!((y.at(1000.0) - 0.0).abs() < 1e-9);
        let x = Axis {
            log: false,
            from: 10.0,
            to: 110.0,
            ..y
        };
        assert!((x.at(500.5) - 60.0).abs() < 1e-9);
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
