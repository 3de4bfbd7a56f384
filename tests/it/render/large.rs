//! Galleries, and the pictures of boards too large to draw square by square.

#[allow(clippy::wildcard_imports)]
use super::*;

#[test]
fn a_gallery_draws_every_board_to_one_scale_and_fits_its_captions() {
    let gallery = Gallery::new()
        .columns(3)
        .cell_size(200)
        .board(&Board::new(2), "two")
        .board(&Board::new(4), "four")
        .board(
            &Board::new(8),
            "a caption far too long to fit in one cell at the usual size",
        );
    let svg = gallery.render();
    let doc = Document::parse(svg.as_str()).unwrap();
    let boards = with_class(&doc, "nqueens-board");
    let widths: Vec<f64> = boards
        .iter()
        .map(|b| b.attribute("width").unwrap().parse().unwrap())
        .collect();
    // Widths in proportion to the boards' extents (their viewBoxes: n squares of 40 and the
    // margins their numbers need at the size shown), the largest filling its cell.
    let extents: Vec<f64> = boards
        .iter()
        .map(|b| {
            let view = b.attribute("viewBox").unwrap();
            view.split_whitespace().nth(2).unwrap().parse().unwrap()
        })
        .collect();
    let largest = extents.iter().copied().fold(0.0, f64::max);
    for (width, extent) in widths.iter().zip(&extents) {
        let expected = 200.0 * extent / largest;
        assert!(
            (width - expected).abs() <= 1.0,
            "{width} for an extent of {extent}"
        );
    }
    // So a square is the same size in every board.
    let square = |i: usize| widths[i] / extents[i] * 40.0;
    assert!((square(0) - square(2)).abs() < 0.5);
    assert!((square(1) - square(2)).abs() < 0.5);
    let captions = with_class(&doc, "caption");
    let lines: Vec<&str> = captions.iter().map(|c| c.text().unwrap().trim()).collect();
    assert_eq!(lines[..2], ["two", "four"]);
    // The long caption is wrapped, every word kept, on lines that fit the cell.
    assert_eq!(
        lines[2..].join(" "),
        "a caption far too long to fit in one cell at the usual size"
    );
    assert!(lines.len() > 3);
    for caption in &captions {
        let text = caption.text().unwrap().trim();
        let font: u32 = caption.attribute("font-size").unwrap().parse().unwrap();
        assert!(caption.attribute("font-family").is_some());
        assert!(font >= 8, "{text}: {font}");
        // At most 0.62 em a character: each line fits its cell.
        let chars = u32::try_from(text.chars().count()).unwrap();
        assert!(chars * font * 62 <= 200 * 100, "{text}: {font}");
    }
}

#[test]
fn the_density_picture_has_a_scale() {
    // 200 queens on the main diagonal of a 200×200 board, in 50×50 blocks of 4×4 squares: four
    // queens in each block on the diagonal.
    let columns: Vec<u32> = (1..=200).collect();
    let svg = render::density(&columns, 50);
    let doc = Document::parse(svg.as_str()).unwrap();
    let legend = with_class(&doc, "legend");
    assert_eq!(legend.len(), 1);
    let texts: Vec<&str> = legend[0]
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap().trim())
        .collect();
    assert_eq!(texts, ["1", "4 queens per 4×4 block"]);
    // One swatch (a light square and its shade) for each count from 1 to 4.
    let swatches = legend[0]
        .descendants()
        .filter(|n| n.has_tag_name("rect"))
        .count();
    assert_eq!(swatches, 8);
    // The legend lies inside the picture.
    let height: u32 = doc
        .root_element()
        .attribute("height")
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        legend[0]
            .descendants()
            .filter(|n| n.has_tag_name("rect"))
            .all(|r| {
                let y: u32 = r.attribute("y").unwrap().parse().unwrap();
                y + 16 <= height
            })
    );
}

#[test]
fn large_boards_and_long_numbers_keep_readable_coordinates() {
    // On screen, a number of the margin is drawn about 10 pixels high, and neighbouring column
    // numbers do not overlap (a digit is at most 0.62 em wide).
    let check = |svg: &render::Svg, digits: f64| {
        let doc = Document::parse(svg.as_str()).unwrap();
        let root = doc
            .descendants()
            .find(|n| n.has_attribute("viewBox"))
            .unwrap();
        let view: Vec<f64> = root
            .attribute("viewBox")
            .unwrap()
            .split_whitespace()
            .map(|v| v.parse().unwrap())
            .collect();
        let pixels: f64 = root.attribute("width").unwrap().parse().unwrap();
        let scale = pixels / view[2];
        let coordinates = with_class(&doc, "coordinates");
        let texts: Vec<Node> = coordinates[0]
            .children()
            .filter(|n| n.has_tag_name("text"))
            .collect();
        let font: f64 = texts[0].attribute("font-size").unwrap().parse().unwrap();
        assert!(font * scale >= 9.0, "{} px", font * scale);
        let mut columns: Vec<f64> = texts
            .iter()
            .filter(|t| t.attribute("x").unwrap() != texts[0].attribute("x").unwrap())
            .map(|t| t.attribute("x").unwrap().parse().unwrap())
            .collect();
        columns.sort_by(f64::total_cmp);
        for pair in columns.windows(2) {
            assert!(
                pair[1] - pair[0] >= digits * 0.62 * font,
                "{pair:?} at {font}"
            );
        }
    };
    check(&Board::new(64).to_svg(), 2.0);
    // A window of a huge board, numbered from row and column 999,969.
    let huge: Vec<u32> = (1..=1_000_000).collect();
    check(&render::window(&huge, 999_969, 999_969, 32).render(), 7.0);
}
