//! Charts: well-formed SVG with the title, the axis names and one line per series.

#![cfg(feature = "plot")]

use std::time::Duration;

use nqueens::plot::{self, Chart};
use nqueens::queens::{self, CountOptions};

fn parse(markup: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(markup).expect("well-formed SVG")
}

fn texts(doc: &roxmltree::Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(|t| t.trim().to_owned()))
        .collect()
}

#[test]
fn a_chart_has_its_title_axes_and_lines() {
    let chart = Chart::new("growth")
        .x_label("n")
        .y_label("work")
        .line("linear", (1..=5).map(|n| (f64::from(n), f64::from(n))))
        .line("square", (1..=5).map(|n| (f64::from(n), f64::from(n * n))));
    let svg = chart.render().unwrap();
    let doc = parse(svg.as_str());
    let texts = texts(&doc);
    for expected in ["growth", "n", "work", "linear", "square"] {
        assert!(texts.iter().any(|t| t == expected), "{expected}: {texts:?}");
    }
    // One polyline per series (and one legend sample each).
    let lines = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .count();
    assert!(lines >= 2, "{lines}");
    assert!(svg.ascii().contains("square: (1, 1) (2, 4)"));
}

#[test]
fn a_log_scale_leaves_out_what_it_cannot_show() {
    let chart = Chart::new("counts").log_y(true).line(
        "with zeros",
        [(1.0, 1.0), (2.0, 0.0), (3.0, 0.0), (4.0, 2.0)],
    );
    assert!(chart.render().is_ok());
    let nothing = Chart::new("empty").log_y(true).line("zeros", [(1.0, 0.0)]);
    let error = nothing.render().unwrap_err();
    assert!(error.to_string().contains("no points"), "{error}");
    assert!(Chart::new("none").render().is_err());
}

#[test]
fn the_notebook_charts() {
    let table: Vec<_> = (1..=12)
        .map(|n| (n, queens::count_both(n, &CountOptions::default()).unwrap()))
        .collect();
    let counts = plot::solution_counts(&table);
    let text = counts.to_text();
    assert!(
        text.contains("(8, 92)") && text.contains("(8, 12)"),
        "{text}"
    );
    assert!(counts.render().is_ok());
    let clauses = plot::clause_counts(&queens::clause_table([4, 8, 16]));
    assert!(
        clauses.to_text().contains("(8, 512)"),
        "{}",
        clauses.to_text()
    );
    assert!(
        clauses.to_text().contains("(8, 744)"),
        "{}",
        clauses.to_text()
    );
    let times = plot::times(
        "time",
        &[(
            "dp",
            vec![
                (8, Duration::from_millis(2)),
                (16, Duration::from_millis(40)),
            ],
        )],
    );
    assert!(times.to_text().contains("(16, 40)"), "{}", times.to_text());
    let dir = std::env::temp_dir().join(format!("nqueens-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("times.svg");
    times.save(&path).unwrap();
    assert!(std::fs::read_to_string(&path).unwrap().contains("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}
