//! The legend of a chart: on a card in a corner its lines leave free, or under the chart.

use std::fmt::Write as _;

use super::{
    Entry, FONT, Marker, Sample, gave_up_mark, not_run_mark, plot_area, polyline, text,
    undefined_mark,
};

/// The legend, when there is more than one thing to tell apart: on an opaque card in the first
/// corner of the plot area (upper left, upper right, lower right, lower left) that covers none of
/// the `drawn` points (the pixels of the lines, marks and guides), or, when every corner would,
/// under the chart. Returns the height the chart grows by (0 for a legend in a corner).
pub(in crate::plot) fn legend(
    out: &mut String,
    entries: &[Entry<'_>],
    size: (u32, u32),
    drawn: &[(f64, f64)],
) -> u32 {
    if entries.len() < 2 {
        return 0;
    }
    let (left, top, right, bottom) = plot_area(size);
    let widest = entries
        .iter()
        .map(|e| e.label.chars().count())
        .max()
        .unwrap_or(0);
    // About 0.62 em a character, wide enough for the usual sans-serif faces.
    let chars = f64::from(u32::try_from(widest).unwrap_or(u32::MAX));
    let width = 46.0 + 0.62 * f64::from(FONT) * chars;
    let row = 17.0;
    let rows = f64::from(u32::try_from(entries.len()).unwrap_or(u32::MAX));
    let height = rows * row + 8.0;
    let corners = [
        (left + 6.0, top + 6.0),
        (right - 6.0 - width, top + 6.0),
        (right - 6.0 - width, bottom - 6.0 - height),
        (left + 6.0, bottom - 6.0 - height),
    ];
    let covered = |&(x, y): &(f64, f64)| {
        drawn
            .iter()
            .filter(|&&(px, py)| {
                px > x - 8.0 && px < x + width + 8.0 && py > y - 8.0 && py < y + height + 8.0
            })
            .count()
    };
    let free = corners.iter().copied().find(|corner| covered(corner) == 0);
    let (x, y, grown) = if let Some((x, y)) = free {
        (x, y, 0.0)
    } else {
        // Under the x axis's name, on a white strip as wide as the chart.
        let below = f64::from(size.1);
        let grown = (height + 12.0).ceil();
        let _ = writeln!(
            out,
            "<rect x=\"0\" y=\"{below:.1}\" width=\"{}\" height=\"{grown:.1}\" fill=\"#ffffff\"/>",
            size.0
        );
        (left, below + 2.0, grown)
    };
    out.push_str("<g class=\"legend\">\n");
    let _ = writeln!(
        out,
        "<rect class=\"legend\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{width:.1}\" height=\"{height:.1}\" \
         fill=\"#ffffff\" stroke=\"#b3b3b3\" stroke-width=\"1\"/>"
    );
    for (i, entry) in entries.iter().enumerate() {
        let cy = y + 4.0 + row * (f64::from(u32::try_from(i).unwrap_or(u32::MAX)) + 0.5);
        let (a, b) = (x + 8.0, x + 34.0);
        let middle = f64::midpoint(a, b);
        match entry.sample {
            Sample::Ring => {
                let _ = writeln!(
                    out,
                    "<circle cx=\"{middle:.1}\" cy=\"{cy:.1}\" r=\"4\" fill=\"none\" \
                     stroke=\"{}\" stroke-width=\"2\"/>",
                    entry.colour
                );
            }
            Sample::GaveUp => out.push_str(&gave_up_mark(middle, cy + 1.5, entry.colour)),
            Sample::NotRun => out.push_str(&not_run_mark(middle, cy, entry.colour)),
            Sample::Undefined => out.push_str(&undefined_mark(middle, cy, entry.colour)),
            Sample::Around => out.push_str(&Marker::Circle.drawn(middle, cy, entry.colour, 1)),
            Sample::Line => out.push_str(&polyline(
                &[(a, cy), (b, cy)],
                entry.colour,
                entry.dash,
                "sample",
            )),
        }
        if let Some(marker) = entry.marker {
            out.push_str(&marker.at(f64::midpoint(a, b), cy, entry.colour));
        }
        out.push_str(&text(x + 40.0, cy + 4.0, "start", FONT, entry.label, ""));
    }
    out.push_str("</g>\n");
    // A whole number of pixels, far below u32::MAX.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let grown = grown as u32;
    grown
}
