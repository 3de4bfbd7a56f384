//! The lecture's pictures that need a piece's moves or a solver's report.

use super::{Diagram, Svg, search_tree_of};
use crate::board::{Board, Piece, PieceMoves, Square};

/// The lecture's *queen captures* picture: a queen on `square` of an empty n×n board with every
/// square it attacks shaded, and either an arrow along each of its lines (`arrows`) or a cross on
/// each attacked square.
pub fn attacks(n: usize, square: Square, arrows: bool) -> Diagram {
    attacks_of(n, square, Piece::Queen, arrows)
}

/// Like [`attacks`], for any piece.
pub fn attacks_of(n: usize, square: Square, piece: Piece, arrows: bool) -> Diagram {
    let mut board = Board::new(n);
    if board.place(square, piece).is_err() {
        return Diagram::new(&board);
    }
    let mut diagram = Diagram::new(&board);
    let ink = diagram.theme.ink.clone();
    for row in 1..=n {
        for col in 1..=n {
            let target = Square::new(row, col);
            if piece.attacks(square, target) {
                diagram = diagram.fill(target, &ink, 0.25);
                if !arrows {
                    diagram = diagram.mark(target);
                }
            }
        }
    }
    if arrows {
        for end in piece.ray_ends(square, n) {
            diagram = diagram.arrow(square, end);
        }
    }
    diagram
}

/// The search of a traced [`Report`](crate::dp::Report) (solve with `Options { trace: true, .. }`) as a tree. Each
/// box is one call of the lecture's `solve`: the literals unit propagation made true in it
/// (`⊢ …`), and a red `✗` where saturation derived the empty clause or a green `✓` where the
/// model was found. Each edge is a split, labelled with the literal it adds; the right-hand
/// edge of a split is its second branch (`↺`), tried after the first failed. Up to
/// [`MAX_BRANCHES`](super::MAX_BRANCHES) branches are drawn; the caption says how many more a larger search had.
pub fn search_tree(report: &crate::dp::Report) -> Svg {
    search_tree_of(&report.trace, &report.outcome)
}

// The tests trace real searches, with the library's solver (the tree's layout is the core's).
#[cfg(test)]
mod tests {
    use super::*;
    use crate::dp::Step;
    use crate::dp::{self, Options, Report};
    use crate::logic::Clauses;
    use nqueens_core::render::tree::{End, MAX_BRANCHES, build};

    fn traced(set: &str) -> Report {
        let clauses: Clauses = set.parse().unwrap();
        dp::search(
            &clauses,
            &Options {
                trace: true,
                ..Options::default()
            },
        )
    }

    #[test]
    fn the_tree_has_a_branch_per_split_and_retry_and_ends_where_the_search_did() {
        let report = traced("{p, q}, {¬p, q}, {p, ¬q}, {¬p, ¬q}");
        let (branches, left_out) = build(&report.trace, &report.outcome);
        let splits = report
            .trace
            .iter()
            .filter(|s| matches!(s, Step::Split { .. } | Step::Retry { .. }))
            .count();
        assert_eq!(branches.len(), splits + 1);
        assert_eq!(left_out, 0);
        let conflicts = branches.iter().filter(|b| b.end == End::Conflict).count();
        assert_eq!(conflicts as u64, report.stats.conflicts);
        // Unsatisfiable: every leaf is a conflict, and every split has both its branches.
        for branch in &branches {
            if branch.children.is_empty() {
                assert_eq!(branch.end, End::Conflict);
            } else {
                assert_eq!(branch.children.len(), 2);
                let (a, b) = (&branches[branch.children[0]], &branches[branch.children[1]]);
                assert_eq!(a.literal.map(dp::complement), b.literal);
                assert!(b.retry && !a.retry);
            }
        }
        let svg = search_tree(&report);
        assert!(svg.as_str().contains("unsatisfiable"));
        assert_eq!(svg.as_str().matches("✗ {} derived").count(), conflicts);
    }

    #[test]
    fn a_model_ends_the_last_branch_and_units_are_shown() {
        let report = traced("{¬a}, {a, x}, {x, y}, {¬x, ¬y}");
        let (branches, _) = build(&report.trace, &report.outcome);
        // ¬a is a unit clause, and makes {a, x} one: both before any split.
        let names: Vec<String> = branches[0].units.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["¬a", "x", "¬y"]);
        assert!(branches[0].children.is_empty());
        assert_eq!(branches.iter().filter(|b| b.end == End::Model).count(), 1);
        let svg = search_tree(&report);
        assert!(svg.as_str().contains("✓ model"), "{}", svg.as_str());
        assert!(svg.as_str().contains("⊢ ¬a x ¬y"), "{}", svg.as_str());
    }

    #[test]
    fn large_searches_are_cut_and_say_so() {
        // Pigeons: 5 in 4 holes, unsatisfiable after many splits.
        let mut set = Vec::new();
        for p in 1..=5 {
            let holes: Vec<String> = (1..=4).map(|h| format!("x{p}{h}")).collect();
            set.push(format!("{{{}}}", holes.join(", ")));
        }
        for h in 1..=4 {
            for p in 1..=5 {
                for q in p + 1..=5 {
                    set.push(format!("{{¬x{p}{h}, ¬x{q}{h}}}"));
                }
            }
        }
        let report = traced(&set.join(", "));
        let (branches, left_out) = build(&report.trace, &report.outcome);
        assert_eq!(branches.len(), MAX_BRANCHES + 1);
        assert!(left_out > 0);
        assert!(
            search_tree(&report)
                .as_str()
                .contains(&format!("{left_out} more"))
        );
    }
}
