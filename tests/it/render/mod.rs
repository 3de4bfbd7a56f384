//! The SVG renderer: the drawings are parsed as XML and their structure checked, square by square.

use nqueens::prelude::*;
use nqueens::render::{self, Coordinates, Diagram, Gallery};
use nqueens::{Board, Piece, Square};
use roxmltree::{Document, Node};

mod large;

/// Elements whose `class` attribute contains `class`.
fn with_class<'a>(doc: &'a Document<'a>, class: &str) -> Vec<Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|w| w == class))
        })
        .collect()
}

fn number(node: &Node, attribute: &str) -> usize {
    node.attribute(attribute)
        .unwrap_or_else(|| panic!("no {attribute}"))
        .parse()
        .unwrap()
}

fn squares_of(nodes: &[Node]) -> Vec<Square> {
    let mut squares: Vec<Square> = nodes
        .iter()
        .map(|n| Square::new(number(n, "data-row"), number(n, "data-col")))
        .collect();
    squares.sort();
    squares.dedup();
    squares
}

#[test]
fn a_board_has_n_squared_squares_in_two_colours() {
    let board = Board::from_columns(&[2, 4, 1, 3]).unwrap();
    let svg = board.to_svg();
    let doc = Document::parse(svg.as_str()).unwrap();
    assert_eq!(with_class(&doc, "square").len(), 16);
    assert_eq!(with_class(&doc, "light").len(), 8);
    assert_eq!(with_class(&doc, "dark").len(), 8);
    // The top-left square is light, as on a chessboard.
    let first = &with_class(&doc, "square")[0];
    assert!(first.attribute("class").unwrap().contains("light"));
    assert!(
        first.attribute("fill").is_some(),
        "fill attributes make it render without CSS"
    );
    let desc = doc.descendants().find(|n| n.has_tag_name("desc")).unwrap();
    assert_eq!(desc.text().unwrap().trim(), board.to_string());
}

#[test]
fn queens_stand_on_their_squares() {
    let columns = [1, 5, 8, 6, 3, 7, 2, 4];
    let board = Board::from_columns(&columns).unwrap();
    let svg = Diagram::new(&board).size(400).render();
    let doc = Document::parse(svg.as_str()).unwrap();
    let queens = with_class(&doc, "queen");
    assert_eq!(queens.len(), 8);
    let squares = with_class(&doc, "square");
    for queen in &queens {
        let (row, col) = (number(queen, "data-row"), number(queen, "data-col"));
        assert_eq!(columns[row - 1], col);
        // The queen's box is exactly the square's box in row-major order.
        let square = &squares[(row - 1) * 8 + (col - 1)];
        for attribute in ["x", "y", "width", "height"] {
            assert_eq!(
                queen.attribute(attribute),
                square.attribute(attribute),
                "{attribute}"
            );
        }
        // It points at this drawing's own queen symbol, defined once.
        let href = queen.attribute("href").unwrap();
        let id = href.strip_prefix('#').unwrap();
        assert_eq!(
            doc.descendants()
                .filter(|n| n.attribute("id") == Some(id))
                .count(),
            1
        );
    }
    let root = doc.root_element();
    assert_eq!(root.attribute("width"), Some("400"));
    assert!(root.attribute("viewBox").is_some());
}

#[test]
fn the_captures_picture_shades_every_attacked_square() {
    let queen = Square::new(3, 4);
    let svg = render::attacks(8, queen, false).render();
    let doc = Document::parse(svg.as_str()).unwrap();
    let expected: Vec<Square> = (1..=8)
        .flat_map(|r| (1..=8).map(move |c| Square::new(r, c)))
        .filter(|&s| Piece::Queen.attacks(queen, s))
        .collect();
    assert_eq!(expected.len(), 25);
    assert_eq!(squares_of(&with_class(&doc, "fill")), expected);
    assert_eq!(squares_of(&with_class(&doc, "mark")), expected);
    // With arrows: one along each of the eight lines, and no crosses.
    let doc_svg = render::attacks(8, queen, true).render();
    let doc = Document::parse(doc_svg.as_str()).unwrap();
    assert_eq!(with_class(&doc, "arrow").len(), 8);
    assert!(with_class(&doc, "mark").is_empty());
    // From a corner, only three lines.
    let corner = render::attacks(8, Square::new(1, 1), true).render();
    assert_eq!(
        Document::parse(corner.as_str())
            .map(|d| with_class(&d, "arrow").len())
            .unwrap(),
        3
    );
}

#[test]
fn the_variables_picture_labels_every_square() {
    let svg = render::variables(4).render();
    let doc = Document::parse(svg.as_str()).unwrap();
    let labels = with_class(&doc, "label");
    assert_eq!(labels.len(), 16);
    for label in labels {
        let (row, col) = (number(&label, "data-row"), number(&label, "data-col"));
        assert_eq!(label.text().unwrap().trim(), format!("Q<{row},{col}>"));
    }
}

#[test]
fn conflicts_are_highlighted_pair_by_pair() {
    let board = Board::from_columns(&[1, 2, 4, 3]).unwrap();
    let svg = render::conflicts(&board).render();
    let doc = Document::parse(svg.as_str()).unwrap();
    let expected = vec![
        Square::new(1, 1),
        Square::new(2, 2),
        Square::new(3, 4),
        Square::new(4, 3),
    ];
    assert_eq!(squares_of(&with_class(&doc, "fill")), expected);
    assert_eq!(with_class(&doc, "conflict").len(), 2);
    let solved = render::conflicts(&Board::from_columns(&[2, 4, 1, 3]).unwrap()).render();
    assert!(with_class(&Document::parse(solved.as_str()).unwrap(), "conflict").is_empty());
}

#[test]
fn flipping_turns_the_board_around() {
    let board = Board::from_columns(&[1, 3]).unwrap_or_else(|_| Board::new(2));
    let mut board = board;
    board.place(Square::new(1, 1), Piece::Queen).unwrap();
    let plain = Diagram::new(&board).render();
    let flipped = Diagram::new(&board).flipped(true).render();
    let x_of = |svg: &nqueens::render::Svg| {
        let doc = Document::parse(svg.as_str()).unwrap();
        let queen = with_class(&doc, "queen")
            .into_iter()
            .find(|q| number(q, "data-row") == 1)
            .unwrap();
        (number(&queen, "x"), number(&queen, "y"))
    };
    let (x, y) = x_of(&plain);
    let (fx, fy) = x_of(&flipped);
    assert!(
        fx > x && fy > y,
        "({x}, {y}) should move to the bottom right, got ({fx}, {fy})"
    );
}

#[test]
fn a_zero_length_arrow_is_a_circle() {
    let board = Board::new(3);
    let svg = Diagram::new(&board)
        .arrow(Square::new(2, 2), Square::new(2, 2))
        .render();
    let doc = Document::parse(svg.as_str()).unwrap();
    let arrow = &with_class(&doc, "arrow")[0];
    assert!(arrow.has_tag_name("circle"));
}

#[test]
fn coordinates_use_numbers_or_chess_names() {
    let board = Board::new(8);
    let text = |diagram: Diagram| {
        let svg = diagram.render();
        let doc = Document::parse(svg.as_str()).unwrap();
        let group = with_class(&doc, "coordinates")[0];
        group
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter_map(|n| n.text())
            .map(|t| t.trim().to_owned())
            .collect::<Vec<_>>()
    };
    let numbers = text(Diagram::new(&board));
    assert_eq!(numbers.len(), 16);
    assert!(numbers.contains(&"8".to_owned()));
    let chess = text(Diagram::new(&board).coordinates(Coordinates::Chess));
    assert!(chess.contains(&"a".to_owned()) && chess.contains(&"h".to_owned()));
    assert!(text(Diagram::new(&board).coordinates(Coordinates::None)).is_empty());
}

#[test]
fn ids_never_collide_between_drawings() {
    let board = Board::from_columns(&[2, 4, 1, 3]).unwrap();
    let gallery = Gallery::new()
        .board(&board, "one")
        .board(&board, "two")
        .render();
    let doc = Document::parse(gallery.as_str()).unwrap();
    let ids: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(ids.len(), unique.len(), "{ids:?}");
    assert_eq!(with_class(&doc, "queen").len(), 8);
    assert_eq!(with_class(&doc, "caption").len(), 2);
    assert!(gallery.ascii().contains("one\n.Q.."));
}

#[test]
fn large_boards_stay_valid() {
    // Up to 64×64 every square is drawn.
    let svg = Board::new(64).to_svg();
    let doc = Document::parse(svg.as_str()).unwrap();
    assert_eq!(with_class(&doc, "square").len(), 4096);
    // Past that, the overview: the 32×32 corner and a density picture.
    let svg = Board::new(100).to_svg();
    let doc = Document::parse(svg.as_str()).unwrap();
    assert_eq!(with_class(&doc, "square").len(), 1024);
    assert_eq!(with_class(&doc, "nqueens-density").len(), 1);
}

#[test]
fn the_notebook_display_has_html_svg_and_text() {
    let board = Board::from_columns(&[2, 4, 1, 3]).unwrap();
    let blocks = board.to_svg().to_evcxr();
    let mimes: Vec<&str> = blocks
        .lines()
        .filter_map(|l| l.strip_prefix("EVCXR_BEGIN_CONTENT "))
        .collect();
    assert_eq!(mimes, ["text/html", "image/svg+xml", "text/plain"]);
    assert_eq!(blocks.matches("EVCXR_END_CONTENT").count(), 3);
    assert!(blocks.contains(".Q..\n...Q\nQ...\n..Q."));
}

#[test]
fn saving_writes_the_svg() {
    let path = std::env::temp_dir().join(format!("nqueens-render-{}.svg", std::process::id()));
    let board = Board::from_columns(&[1]).unwrap();
    board.save_svg(&path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(Document::parse(&text).is_ok());
    assert!(board.save_svg("/no/such/dir/x.svg").is_err());
}

#[test]
fn compact_drawings_are_light_and_keep_their_queens() {
    let board = Board::from_columns(&[1, 5, 8, 6, 3, 7, 2, 4]).unwrap();
    let full = Diagram::new(&board).render();
    let compact = Diagram::new(&board).compact().render();
    assert!(
        compact.as_str().len() * 2 < full.as_str().len(),
        "{} vs {}",
        compact.as_str().len(),
        full.as_str().len()
    );
    let doc = Document::parse(compact.as_str()).unwrap();
    assert!(with_class(&doc, "square").is_empty());
    let dark = with_class(&doc, "dark");
    assert_eq!(dark.len(), 1);
    assert_eq!(dark[0].attribute("d").unwrap().matches('M').count(), 32);
    assert_eq!(squares_of(&with_class(&doc, "queen")).len(), 8);
    assert!(
        doc.root_element()
            .attribute("class")
            .unwrap()
            .contains("compact")
    );
}

#[test]
fn galleries_show_in_every_viewer_too() {
    let board = Board::from_columns(&[2, 4, 1, 3]).unwrap();
    let blocks = Gallery::new().board(&board, "one").render().to_evcxr();
    let mimes: Vec<&str> = blocks
        .lines()
        .filter_map(|l| l.strip_prefix("EVCXR_BEGIN_CONTENT "))
        .collect();
    assert_eq!(mimes, ["text/html", "image/svg+xml", "text/plain"]);
}

/// Decodes standard base64 (the test's own decoder, independent of the crate's encoder).
fn unbase64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let mut out = Vec::new();
    for chunk in text.as_bytes().chunks(4) {
        let digits: Vec<u8> = chunk
            .iter()
            .copied()
            .filter(|&c| c != b'=')
            .map(value)
            .collect();
        let bits = digits
            .iter()
            .enumerate()
            .fold(0u32, |acc, (i, &d)| acc | u32::from(d) << (18 - 6 * i));
        out.extend(bits.to_be_bytes()[1..digits.len()].iter());
    }
    out
}

#[test]
fn the_html_block_is_an_image_a_sanitiser_keeps() {
    // JupyterLab strips inline <svg> from the HTML of a notebook it has not run; an <img> with
    // a data: URL survives, so the HTML holds the drawing only as that.
    let board = Board::from_columns(&[2, 4, 1, 3]).unwrap();
    let svg = board.to_svg();
    let html = svg.to_html();
    assert!(!html.contains("<svg"), "{html}");
    let prefix = "src=\"data:image/svg+xml;base64,";
    let start = html.find(prefix).unwrap() + prefix.len();
    let end = start + html[start..].find('"').unwrap();
    let decoded = String::from_utf8(unbase64(&html[start..end])).unwrap();
    assert_eq!(decoded, svg.as_str());
    // The text alternative is the board in words, escaped for the attribute.
    assert!(
        html.contains("alt=\"4×4 board, queens in columns 2, 4, 1, 3 (row 1 first)\""),
        "{html}"
    );
    // Pages that want to style the drawing can still have it inline.
    assert!(svg.to_inline_html().contains("<svg"));
}

#[test]
fn every_piece_is_drawn_with_shapes_not_font_glyphs() {
    let mut board = Board::new(6);
    for (i, piece) in Piece::ALL.into_iter().enumerate() {
        board.place(Square::new(i + 1, i + 1), piece).unwrap();
    }
    let svg = board.to_svg();
    let doc = Document::parse(svg.as_str()).unwrap();
    let symbols: Vec<Node> = doc
        .descendants()
        .filter(|n| n.has_tag_name("symbol"))
        .collect();
    assert_eq!(symbols.len(), 6, "one symbol per kind of piece");
    for symbol in &symbols {
        let id = symbol.attribute("id").unwrap();
        assert!(
            !symbol.descendants().any(|n| n.has_tag_name("text")),
            "{id} is a font glyph"
        );
        let shapes = symbol
            .descendants()
            .filter(|n| {
                ["path", "circle", "rect"]
                    .iter()
                    .any(|t| n.has_tag_name(*t))
            })
            .count();
        assert!(shapes >= 2, "{id}: {shapes} shapes");
        // Every coordinate of every path lies inside the symbol's 100×100 box.
        for path in symbol.descendants().filter(|n| n.has_tag_name("path")) {
            let d = path.attribute("d").unwrap();
            for number in d
                .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
                .filter(|t| !t.is_empty())
            {
                let value: f64 = number.parse().unwrap();
                assert!((0.0..=100.0).contains(&value), "{id}: {value} in {d}");
            }
        }
    }
    // Each piece is placed once, by reference to its symbol.
    let pieces = with_class(&doc, "piece");
    assert_eq!(pieces.len(), 6);
    for piece in pieces {
        let href = piece.attribute("href").unwrap();
        assert!(
            symbols
                .iter()
                .any(|s| format!("#{}", s.attribute("id").unwrap()) == href)
        );
    }
}

#[test]
fn every_drawing_sits_on_an_opaque_card() {
    // Texts drawn on nothing would be black on JupyterLab's dark page: every kind of drawing
    // starts with a backdrop that covers it.
    let board = Board::from_columns(&[2, 4, 1, 3]).unwrap();
    let drawings = [
        board.to_svg(),
        Gallery::new().board(&board, "four").render(),
        render::overview(&(1..=40).collect::<Vec<u32>>()),
        render::cells(&[vec![0, 1, 1]], &["a"], &[]),
    ];
    for svg in &drawings {
        let doc = Document::parse(svg.as_str()).unwrap();
        let root = doc.root_element();
        let first = root.children().find(Node::is_element).unwrap();
        assert_eq!(
            first.attribute("class"),
            Some("backdrop"),
            "{}",
            &svg.as_str()[..200]
        );
        assert_eq!(first.attribute("width"), Some("100%"));
        assert_eq!(first.attribute("height"), Some("100%"));
        assert_eq!(first.attribute("fill"), Some(render::BACKDROP));
    }
}

#[test]
fn numbers_in_the_margin_are_sized_for_the_width_a_board_is_shown_at() {
    let numbers = |svg: &render::Svg| {
        let doc = Document::parse(svg.as_str()).unwrap();
        with_class(&doc, "coordinates")
            .iter()
            .map(|g| g.children().filter(|n| n.has_tag_name("text")).count())
            .sum::<usize>()
    };
    let board = Board::new(8);
    // Alone, an 8×8 board keeps a number on every row and column.
    assert_eq!(numbers(&board.to_svg()), 16);
    // In cells of 200 pixels, still every one, in type large enough to read there.
    let roomy = Gallery::new().cell_size(200).board(&board, "a").render();
    assert_eq!(numbers(&roomy), 16);
    // In cells of 96 pixels the numbers would crowd the board out: none.
    let tiny = Gallery::new().cell_size(96).board(&board, "a").render();
    assert_eq!(numbers(&tiny), 0);
}

#[test]
fn crosses_conflict_lines_and_arrows_stand_on_a_halo() {
    let theme = render::Theme::default();
    // The halo is what touches each line: the line must stand out from it.
    for colour in [&theme.ink, &theme.conflict] {
        assert!(
            render::contrast(colour, &theme.outline).unwrap() >= 3.0,
            "{colour}"
        );
    }
    let board = Board::from_columns(&[1, 2, 4, 3]).unwrap();
    let svg = board
        .diagram()
        .conflicts()
        .mark(nqueens::Square::new(2, 4))
        .arrow(nqueens::Square::new(1, 1), nqueens::Square::new(4, 4))
        .render();
    let doc = Document::parse(svg.as_str()).unwrap();
    let annotations = with_class(&doc, "annotations");
    let shapes: Vec<Node> = annotations[0].children().filter(Node::is_element).collect();
    let coordinates =
        |n: &Node| ["x1", "y1", "x2", "y2"].map(|a| n.attribute(a).map(str::to_owned));
    let mut drawn = 0;
    for (i, shape) in shapes.iter().enumerate() {
        let class = shape.attribute("class").unwrap_or("");
        if ["mark", "conflict", "arrow"].contains(&class) && shape.has_tag_name("line") {
            // Its halo lies under it: drawn before it, along the same line, wider.
            let halo = shapes[..i]
                .iter()
                .rev()
                .find(|h| {
                    h.attribute("class") == Some("halo") && coordinates(h) == coordinates(shape)
                })
                .unwrap_or_else(|| panic!("no halo under the {class} line {i}"));
            let width = |n: &Node| n.attribute("stroke-width").unwrap().parse::<f64>().unwrap();
            assert!(width(halo) > width(shape));
            drawn += 1;
        }
    }
    // Two crossing strokes, a conflict line for each attacking pair, one arrow.
    assert!(drawn >= 4, "{drawn}");
}

#[test]
fn an_arrow_leaves_its_piece_at_the_edge_and_stops_short_of_a_piece() {
    // A queen on (4, 4) of 8, the pieces' gallery: every arrow starts outside the middle of its
    // square, where the queen is drawn.
    let svg = render::attacks_of(8, Square::new(4, 4), Piece::Queen, true).render();
    let doc = Document::parse(svg.as_str()).unwrap();
    let queen = &with_class(&doc, "piece")[0];
    let at = |n: &Node, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
    let side = at(queen, "width");
    let (cx, cy) = (at(queen, "x") + side / 2.0, at(queen, "y") + side / 2.0);
    let arrows = with_class(&doc, "arrow");
    assert_eq!(arrows.len(), 8);
    for arrow in &arrows {
        let start = (at(arrow, "x1") - cx).hypot(at(arrow, "y1") - cy);
        assert!(
            start >= 0.4 * side,
            "an arrow starts {start} from the queen's centre"
        );
    }
    // An arrow between two pieces stops at the edge of the one it points at; one that points at
    // an empty square ends at its centre.
    let mut board = Board::new(4);
    board.place(Square::new(1, 1), Piece::Rook).unwrap();
    board.place(Square::new(1, 4), Piece::Rook).unwrap();
    let svg = board
        .diagram()
        .arrow(Square::new(1, 1), Square::new(1, 4))
        .arrow(Square::new(1, 1), Square::new(4, 1))
        .render();
    let doc = Document::parse(svg.as_str()).unwrap();
    let rooks = with_class(&doc, "piece");
    let centre = |n: &Node| (at(n, "x") + side / 2.0, at(n, "y") + side / 2.0);
    let (far, empty) = (&with_class(&doc, "arrow")[0], &with_class(&doc, "arrow")[1]);
    let (tx, ty) = centre(&rooks[1]);
    let end = (at(far, "x2") - tx).hypot(at(far, "y2") - ty);
    assert!(
        end >= 0.4 * side,
        "the arrow ends {end} from the rook's centre"
    );
    let (sx, _) = centre(&rooks[0]);
    assert!(
        (at(empty, "x2") - sx).abs() < 0.5,
        "an arrow to an empty square ends mid-square"
    );
    assert!(at(empty, "y2") > at(empty, "y1") + 2.0 * side);
}

#[test]
fn boards_are_framed_and_conflicts_ringed() {
    use nqueens::render::{BACKDROP, Theme, contrast};
    let theme = Theme::default();
    assert!(contrast(&theme.frame, BACKDROP).unwrap() >= 3.0);
    // Queens on (1, 1), (2, 2) and (3, 1): every two attack each other.
    let mut board = Board::new(4);
    for (row, col) in [(1, 1), (2, 2), (3, 1)] {
        board.place(Square::new(row, col), Piece::Queen).unwrap();
    }
    let svg = board.diagram().conflicts().render();
    let markup = svg.as_str();
    assert_eq!(markup.matches("class=\"frame\"").count(), 1);
    assert!(markup.contains(&format!("stroke=\"{}\"", theme.frame)));
    let attacking = board
        .conflicts()
        .into_iter()
        .flat_map(|(a, b)| [a, b])
        .collect::<std::collections::BTreeSet<_>>();
    assert_eq!(attacking.len(), 3);
    assert_eq!(
        markup.matches("class=\"conflict-ring\"").count(),
        attacking.len()
    );
    // Without conflicts asked for, no rings.
    assert!(!board.to_svg().as_str().contains("conflict-ring"));
}
