//! The course's charts, each drawn from the data a notebook computed and hands in: solution
//! counts and their growth, clause counts per encoding, and times against n.

use std::time::Duration;

use super::Chart;
use crate::queens::{Counts, Encoding};

/// Solutions of n queens, all and up to symmetry, from a table of n and its [`Counts`] (as
/// [`queens::count_both`](crate::queens::count_both) gives them), on a log scale. n = 2 and 3,
/// with none, are rings on the bottom edge, and the lines are not joined across them.
pub fn solution_counts(counts: &[(usize, Counts)]) -> Chart {
    let all = counts.iter().map(|&(n, c)| (as_f64(n), count_f64(c.all)));
    let fundamental = counts
        .iter()
        .map(|&(n, c)| (as_f64(n), count_f64(c.fundamental)));
    Chart::new("Solutions of n queens")
        .x_label("n")
        .y_label("solutions")
        .log_y(true)
        .line("all", all)
        .line("up to symmetry", fundamental)
}

/// How many times more solutions n queens has than n − 1 queens, from the same table as
/// [`solution_counts`], wherever the table has n − 1 and n − 1 queens have a solution, with
/// guides at 5 and 6½ times: the factor is not constant (it zigzags up to n = 11, and lies
/// between the guides from 12 on), which a log scale of the counts themselves hides.
pub fn solution_ratios(counts: &[(usize, Counts)]) -> Chart {
    // Where n − 1 queens have no solution the factor is undefined: NaN, which breaks the line
    // rather than joining the points on either side.
    let ratios: Vec<(f64, f64)> = counts
        .windows(2)
        .filter(|pair| pair[1].0 == pair[0].0 + 1)
        .map(|pair| {
            let ratio = if pair[0].1.all > 0 {
                count_f64(pair[1].1.all) / count_f64(pair[0].1.all)
            } else {
                f64::NAN
            };
            (as_f64(pair[1].0), ratio)
        })
        .collect();
    let first = ratios.first().map_or(1.0, |p| p.0);
    Chart::new("Solutions of n queens over those of n − 1")
        .x_label("n")
        .y_label("times as many")
        .undefined_as("no ratio: no solutions at n − 1")
        .line("a(n) / a(n − 1)", ratios)
        .power_guide("6½ times", 0.0, (first, 6.5))
        .power_guide("5 times", 0.0, (first, 5.0))
}

/// Clauses of each encoding against n, from a table such as
/// [`queens::clause_table`](crate::queens::clause_table) gives, on log–log axes with a dashed
/// guide ∝ n³: lines parallel to it grow as n³, and the gap between two parallel lines is a
/// constant factor.
pub fn clause_counts(table: &[(Encoding, Vec<(usize, u128)>)]) -> Chart {
    let smallest = table
        .iter()
        .flat_map(|(_, points)| points.iter().map(|p| p.0))
        .min()
        .map_or(1.0, as_f64);
    let chart = Chart::new("Clauses per encoding")
        .x_label("n")
        .y_label("clauses")
        .log_x(true)
        .log_y(true)
        // A quarter of n³, so that it runs beside the lines rather than on them.
        .power_guide("∝ n³ (slope 3)", 3.0, (smallest, smallest.powi(3) / 4.0));
    table.iter().fold(chart, |chart, (encoding, points)| {
        // A float is all a chart needs (exact below 2^53).
        #[allow(clippy::cast_precision_loss)]
        let points = points
            .iter()
            .map(|&(n, clauses)| (as_f64(n), clauses as f64));
        chart.line(&encoding.to_string(), points)
    })
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
    use crate::queens::{CountOptions, clause_table, count_both};

    fn counts(up_to: usize) -> Vec<(usize, Counts)> {
        (1..=up_to)
            .map(|n| (n, count_both(n, &CountOptions::default()).unwrap()))
            .collect()
    }

    #[test]
    fn clause_counts_run_beside_the_cube_guide() {
        let chart = clause_counts(&clause_table([8, 64, 1024]));
        assert!(chart.log_x && chart.log_y);
        assert_eq!(chart.series.len(), Encoding::ALL.len());
        // Each encoding's count over n³ settles to its constant (7/6 and 5/3): parallel lines.
        for (_, points) in &chart.series {
            let ratio = |(n, c): (f64, f64)| c / n.powi(3);
            let (a, b) = (ratio(points[1]), ratio(points[2]));
            assert!((a - b).abs() / b < 0.1, "{a} {b}");
        }
    }

    #[test]
    fn solution_ratios_are_the_counts_divided() {
        let chart = solution_ratios(&counts(10));
        let points = &chart.series[0].1;
        // a(1) = 1, a(2) = a(3) = 0, a(4) = 2, a(5) = 10, a(6) = 4: over a zero the ratio is
        // undefined (NaN, which breaks the line), never left out to join 2 to 5.
        assert_eq!(points[0], (2.0, 0.0));
        assert!((points[1].0 - 3.0).abs() < 1e-9 && points[1].1.is_nan());
        assert!((points[2].0 - 4.0).abs() < 1e-9 && points[2].1.is_nan());
        assert_eq!(points[3], (5.0, 5.0));
        assert_eq!(points[4], (6.0, 0.4));
        assert_eq!(points.last(), Some(&(10.0, 724.0 / 352.0)));
        let runs = &chart.drawable()[0].runs;
        assert_eq!(runs[0], vec![(2.0, 0.0)]);
        assert_eq!(runs[1][0], (5.0, 5.0));
        // A gap in the table gives no ratio across it.
        let gappy: Vec<_> = counts(10).into_iter().filter(|&(n, _)| n != 8).collect();
        let xs: Vec<f64> = solution_ratios(&gappy).series[0]
            .1
            .iter()
            .map(|p| p.0)
            .collect();
        assert_eq!(xs, [2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 10.0]);
    }

    #[test]
    fn solution_counts_draw_both_lines_from_the_table() {
        let chart = solution_counts(&counts(8));
        assert_eq!(chart.series[0].1[7], (8.0, 92.0));
        assert_eq!(chart.series[1].1[7], (8.0, 12.0));
    }

    #[test]
    fn counts_convert_exactly() {
        assert!((count_f64(14_772_512) - 14_772_512.0).abs() < f64::EPSILON);
        assert!((count_f64(1 << 40) - 1_099_511_627_776.0).abs() < f64::EPSILON);
    }
}
