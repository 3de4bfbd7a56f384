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
fn the_axes_numbers_go_over_the_points_on_a_halo() {
    // Three lines on the same lowest point: the third's ring, three markers wide, reaches past
    // the bottom of the plot to the numbers of the x axis. They are drawn after it, each on a
    // white halo, so that the ring runs under their letters, never across them.
    let chart = Chart::new("t")
        .log_y(true)
        .line("a", [(8.0, 0.0101), (9.0, 1.0)])
        .line("b", [(8.0, 0.0101), (9.0, 2.0)])
        .line("c", [(8.0, 0.0101), (9.0, 4.0)]);
    let svg = chart.render().unwrap();
    let plot = svg.as_str().split("<g class=\"legend\">").next().unwrap();
    let last_mark = plot.rfind("class=\"marker\"").unwrap();
    let numbers: Vec<usize> = plot
        .match_indices("<text")
        .map(|(at, _)| at)
        .filter(|&at| {
            plot[at..]
                .split('>')
                .next()
                .unwrap()
                .contains("font-size=\"12\"")
        })
        .collect();
    let (over, under): (Vec<usize>, Vec<usize>) = numbers.iter().partition(|&&at| at > last_mark);
    // The axes' numbers (x: 8 and 9; y: its decades) are over the marks, and so is the title
    // (font size 16, not counted here); the axes' names under.
    assert!(over.len() >= 4, "{plot}");
    let title = plot.find(">t</text>").unwrap();
    assert!(
        title > last_mark && plot[..title].ends_with("paint-order=\"stroke\""),
        "{plot}"
    );
    assert!(under.len() <= 2, "{plot}");
    for at in over {
        assert!(
            plot[at..]
                .split('>')
                .next()
                .unwrap()
                .contains("paint-order=\"stroke\"")
        );
    }
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
        svg.as_str().contains("stroke-dasharray") || svg.as_str().matches("<polyline").count() > 3
    );
    assert!(
        svg.as_str().contains("×6 per n"),
        "the guide is named in the legend"
    );
    assert!(chart.to_text().contains("guide (dashed): n³"));
}
