//! A CDCL conflict's implication graph, with the first-UIP cut drawn.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use svg::node::element::{Definitions, Description, Group, Line, Marker, Path, Rectangle};

use super::{Svg, canvas, text};
use crate::logic::{Clause, Literal, Variable};

/// One literal of a search's trail: the literal made true, its decision level, and its reason
/// (the clause that forced it; `None` for a decision).
pub type TrailEntry = (Literal, usize, Option<Clause>);

/// The size of a literal's box, the room between columns and rows, and the text size.
const BOX_W: u32 = 92;
const BOX_H: u32 = 40;
const COLUMN: u32 = 128;
const ROW: u32 = 52;
const PAD: u32 = 16;
const TOP: u32 = 40;
const FONT_SIZE: u32 = 12;

const INK: &str = "#1d1d1f";
const EDGE: &str = "#6b6b6b";
const CUT: &str = "#b3261e";
/// Each level's colour, Okabe and Ito's (told apart with colour blindness), by level modulo 4.
/// Every box also says its level in words.
const LEVELS: [(&str, &str); 4] = [
    ("#0072b2", "#dcebf5"),
    ("#e69f00", "#fbefd6"),
    ("#009e73", "#d6f0e8"),
    ("#cc79a7", "#f6e4ee"),
];

/// The node of the graph that a literal false in a clause points back to: the true literal on
/// the trail that made it false.
fn made_false_by(trail: &[TrailEntry], literal: Literal) -> Option<usize> {
    trail
        .iter()
        .position(|(l, ..)| l.variable() == literal.variable() && *l != literal)
}

/// The part of the implication graph that reaches a conflict: the trail's indices of its
/// literals, and its arrows (from, to) between them, with `None` as the conflict.
fn reaching(
    trail: &[TrailEntry],
    conflict: &Clause,
) -> (BTreeSet<usize>, Vec<(usize, Option<usize>)>) {
    let level = conflict
        .iter()
        .filter_map(|&l| made_false_by(trail, l))
        .map(|i| trail[i].1)
        .max()
        .unwrap_or(0);
    let mut nodes = BTreeSet::new();
    let mut edges = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    for &literal in conflict {
        if let Some(i) = made_false_by(trail, literal) {
            edges.push((i, None));
            if nodes.insert(i) {
                open.push(i);
            }
        }
    }
    // Only the conflict's level is followed back: a literal of an earlier level is where the
    // graph starts, whatever forced it.
    while let Some(i) = open.pop() {
        let (literal, at, reason) = &trail[i];
        let Some(reason) = reason.as_ref().filter(|_| *at == level) else {
            continue;
        };
        for &other in reason.iter().filter(|l| l.variable() != literal.variable()) {
            if let Some(j) = made_false_by(trail, other).filter(|&j| j < i) {
                edges.push((j, Some(i)));
                if nodes.insert(j) {
                    open.push(j);
                }
            }
        }
    }
    edges.sort_unstable();
    edges.dedup();
    (nodes, edges)
}

/// Where the boxes of a graph go (their top-left corners), the conflict's box, the cut's x, and
/// the drawing's size.
struct Placement {
    at: BTreeMap<usize, (u32, u32)>,
    conflict_at: (u32, u32),
    cut_x: u32,
    width: u32,
    height: u32,
}

/// Places the literals `nodes` of a graph with arrows `edges` (to `None`, the conflict) in
/// columns, those for which `conflict_side` holds right of the cut.
fn place(
    nodes: &BTreeSet<usize>,
    edges: &[(usize, Option<usize>)],
    conflict_side: &dyn Fn(usize) -> bool,
) -> Placement {
    // Columns: one past the latest arrow into a literal, and every literal right of the cut
    // past every literal left of it.
    let mut column: BTreeMap<usize, u32> = BTreeMap::new();
    for &i in nodes {
        let from = edges
            .iter()
            .filter(|(_, to)| *to == Some(i))
            .map(|&(j, _)| column[&j] + 1);
        column.insert(i, from.max().unwrap_or(0));
    }
    let left_most = nodes
        .iter()
        .filter(|&&i| !conflict_side(i))
        .map(|i| column[i])
        .max();
    let cut_after = left_most.unwrap_or(0);
    for &i in nodes {
        if conflict_side(i) {
            let from = edges
                .iter()
                .filter(|(_, to)| *to == Some(i))
                .map(|&(j, _)| column[&j] + 1);
            let at = from.max().unwrap_or(0).max(cut_after + 1);
            column.insert(i, at);
        }
    }
    let last = column.values().copied().max().unwrap_or(0);
    let conflict_column = last + 1;
    // Then each literal left of the cut as far right as its arrows let it, so that no arrow is
    // longer than it must be (the latest first: every arrow points to a later literal).
    for &i in nodes.iter().rev().filter(|&&i| !conflict_side(i)) {
        let to = edges.iter().filter(|(from, _)| *from == i);
        let latest = to
            .map(|(_, t)| t.map_or(conflict_column, |t| column[&t]) - 1)
            .min();
        column.insert(i, latest.unwrap_or(cut_after).min(cut_after));
    }
    let mut rows: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for &i in nodes {
        rows.entry(column[&i]).or_default().push(i);
    }
    let tallest = u32::try_from(rows.values().map(Vec::len).max().unwrap_or(1)).unwrap_or(1);
    let height = TOP + tallest * ROW + 2 * PAD + 24;
    let width = PAD * 2 + conflict_column * COLUMN + BOX_W;
    let middle = |count: usize, k: usize| {
        let count = u32::try_from(count).unwrap_or(1);
        let k = u32::try_from(k).unwrap_or(0);
        TOP + PAD + (tallest - count) * ROW / 2 + k * ROW
    };
    let conflict_at = (PAD + conflict_column * COLUMN, middle(1, 0));
    // Rows, right to left: each column in the order of the mean height of what its literals
    // point to, so that arrows cross as little as they can.
    let mut at: BTreeMap<usize, (u32, u32)> = BTreeMap::new();
    for (&c, members) in rows.iter_mut().rev() {
        let height_of = |i: usize| {
            let to: Vec<u32> = edges
                .iter()
                .filter(|(from, _)| *from == i)
                .map(|(_, t)| {
                    t.map_or(conflict_at.1, |t| at.get(&t).map_or(conflict_at.1, |p| p.1))
                })
                .collect();
            to.iter().sum::<u32>() / u32::try_from(to.len().max(1)).unwrap_or(1)
        };
        members.sort_by_key(|&i| (height_of(i), i));
        for (k, &i) in members.iter().enumerate() {
            at.insert(i, (PAD + c * COLUMN, middle(members.len(), k)));
        }
    }

    let cut_x = PAD + cut_after * COLUMN + BOX_W + (COLUMN - BOX_W) / 2;
    Placement {
        at,
        conflict_at,
        cut_x,
        width,
        height,
    }
}

/// The implication graph of a conflict, as a CDCL solver analyses it: each literal of the trail
/// (`(literal, decision level, reason)`, a decision's reason `None`) that leads to the `conflict`
/// (the clause that became false) is a box, with an arrow from each literal that made another
/// literal of its reason false, and an arrow into the conflict (`✗`) from each literal that made
/// one of the conflict's literals false. Only the conflict's level is followed back; literals of
/// earlier levels are drawn where the graph starts, without what forced them.
///
/// `learnt` is the clause learnt from the conflict by resolving, latest first, until one literal
/// of the conflict's level is left: that literal's complement on the trail is the first unique
/// implication point, marked `UIP`, and the literals of its level after it, which the learning
/// resolved away, are drawn right of a dashed line, the cut. The arrows that cross the cut start
/// at the complements of `learnt`'s literals. Boxes are coloured by level and say their level in words;
/// decisions have square corners.
pub fn implication_graph(trail: &[TrailEntry], conflict: &Clause, learnt: &Clause) -> Svg {
    let (nodes, edges) = reaching(trail, conflict);
    let level = nodes.iter().map(|&i| trail[i].1).max().unwrap_or(0);
    let learnt_vars: BTreeSet<Variable> = learnt.iter().map(|l| l.variable()).collect();
    let uip = nodes
        .iter()
        .copied()
        .find(|&i| trail[i].1 == level && learnt_vars.contains(&trail[i].0.variable()));
    // Right of the cut: the literals of the conflict's level after the UIP, resolved away.
    let conflict_side = |i: usize| trail[i].1 == level && uip.is_some_and(|u| i > u);

    let Placement {
        at,
        conflict_at,
        cut_x,
        width,
        height,
    } = place(&nodes, &edges, &conflict_side);

    let title = match uip {
        Some(u) => format!("Conflict at level {level}: first UIP {}", trail[u].0),
        None => format!("Conflict at level {level}"),
    };
    // Ids unique to the drawing: many graphs on one page keep their own arrowheads.
    let id = super::diagram::prefix_for(&(trail, conflict, learnt));
    let (plain, crossing) = (format!("{id}-head"), format!("{id}-across"));
    let mut document = canvas(width, height, "nqueens-implication").add(
        Definitions::new()
            .add(head(&plain, EDGE))
            .add(head(&crossing, CUT)),
    );
    document = document.add(text(PAD, 24, &title, 14, INK).set("font-weight", "bold"));
    document = document
        .add(
            Line::new()
                .set("x1", cut_x)
                .set("y1", TOP + 4)
                .set("x2", cut_x)
                .set("y2", height - PAD - 20)
                .set("stroke", CUT)
                .set("stroke-width", 2)
                .set("stroke-dasharray", "7 5")
                .set("class", "cut"),
        )
        .add(
            text(cut_x, TOP, "cut", FONT_SIZE, CUT)
                .set("text-anchor", "middle")
                .set("font-weight", "bold"),
        );
    let mut arrows = Group::new().set("class", "edges");
    for &(from, to) in &edges {
        let (fx, fy) = at[&from];
        let (tx, ty) = to.map_or(conflict_at, |t| at[&t]);
        let across = !conflict_side(from) && to.is_none_or(conflict_side);
        arrows = arrows.add(
            Line::new()
                .set("x1", fx + BOX_W)
                .set("y1", fy + BOX_H / 2)
                .set("x2", tx)
                .set("y2", ty + BOX_H / 2)
                .set("stroke", if across { CUT } else { EDGE })
                .set("stroke-width", if across { 2.0 } else { 1.2 })
                .set(
                    "marker-end",
                    format!("url(#{})", if across { &crossing } else { &plain }),
                )
                .set("class", if across { "edge across" } else { "edge" }),
        );
    }
    document = document.add(arrows);
    let mut boxes = Group::new().set("class", "literals");
    for &i in &nodes {
        boxes = boxes.add(literal_box(&trail[i], at[&i], Some(i) == uip));
    }
    boxes = boxes.add(conflict_box(conflict_at));
    document = document.add(boxes);
    let learnt_line = format!("learnt: {learnt}");
    document = document.add(text(PAD, height - PAD, &learnt_line, 13, INK));
    let mut ascii = format!("{title}\nconflict: {conflict} is false\n");
    for &i in &nodes {
        let (literal, lv, reason) = &trail[i];
        let side = ["left of the cut", "right of the cut"][usize::from(conflict_side(i))];
        let why = reason
            .as_ref()
            .map_or("decision".to_owned(), |r| format!("forced by {r}"));
        let _ = writeln!(ascii, "{literal} (level {lv}, {why}), {side}");
    }
    let _ = write!(ascii, "{learnt_line}");
    document = document.add(Description::new().add(svg::node::Text::new(ascii.clone())));
    Svg::from_parts(document.to_string(), width, ascii)
}

/// One literal's box: its colour by level, square corners for a decision, a thick border and a
/// note for the UIP.
fn literal_box((literal, level, reason): &TrailEntry, (x, y): (u32, u32), uip: bool) -> Group {
    let (stroke, fill) = LEVELS[*level % LEVELS.len()];
    let decision = reason.is_none();
    let note = match (decision, uip) {
        (true, _) => format!("level {level}, decision"),
        (false, true) => format!("level {level}, UIP"),
        (false, false) => format!("level {level}"),
    };
    Group::new()
        .set("class", if uip { "literal uip" } else { "literal" })
        .set("data-literal", literal.to_string())
        .set("data-level", *level)
        .add(
            Rectangle::new()
                .set("x", x)
                .set("y", y)
                .set("width", BOX_W)
                .set("height", BOX_H)
                .set("rx", if decision { 0 } else { 8 })
                .set("fill", fill)
                .set("stroke", stroke)
                .set("stroke-width", if uip { 4 } else { 2 }),
        )
        .add(
            text(x + BOX_W / 2, y + 17, &literal.to_string(), 13, INK)
                .set("text-anchor", "middle")
                .set("font-weight", "bold"),
        )
        .add(text(x + BOX_W / 2, y + 33, &note, 10, INK).set("text-anchor", "middle"))
}

/// The conflict's box, its top-left corner at `(x, y)`.
fn conflict_box((x, y): (u32, u32)) -> Group {
    Group::new()
        .set("class", "conflict")
        .add(
            Rectangle::new()
                .set("x", x)
                .set("y", y)
                .set("width", BOX_W)
                .set("height", BOX_H)
                .set("rx", BOX_H / 2)
                .set("fill", "#fde3e1")
                .set("stroke", CUT)
                .set("stroke-width", 2),
        )
        .add(
            text(x + BOX_W / 2, y + 25, "✗ conflict", 13, CUT)
                .set("text-anchor", "middle")
                .set("font-weight", "bold"),
        )
}

/// The arrowhead of the arrows drawn in `colour`.
fn head(id: &str, colour: &str) -> Marker {
    Marker::new()
        .set("id", id)
        .set("viewBox", (0, 0, 10, 10))
        .set("refX", 10)
        .set("refY", 5)
        .set("markerWidth", 7)
        .set("markerHeight", 7)
        .set("orient", "auto")
        .add(
            Path::new()
                .set("d", "M0,0 L10,5 L0,10 z")
                .set("fill", colour),
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(text: &str) -> Literal {
        text.parse().unwrap()
    }

    fn clause(text: &str) -> Clause {
        text.parse().unwrap()
    }

    /// a at level 1; the decision b at level 2 forces c, which forces d and e, whose clause
    /// with ¬a is the conflict: the first UIP is c, not the decision.
    fn example() -> (Vec<TrailEntry>, Clause, Clause) {
        let trail = vec![
            (lit("a"), 1, None),
            (lit("b"), 2, None),
            (lit("c"), 2, Some(clause("{¬b, c}"))),
            (lit("d"), 2, Some(clause("{¬c, d}"))),
            (lit("e"), 2, Some(clause("{¬c, e}"))),
        ];
        (trail, clause("{¬a, ¬d, ¬e}"), clause("{¬a, ¬c}"))
    }

    #[test]
    fn the_graph_follows_reasons_back_to_the_decision() {
        let (trail, conflict, _) = example();
        let (nodes, edges) = reaching(&trail, &conflict);
        assert_eq!(nodes.into_iter().collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        assert_eq!(
            edges,
            [
                (0, None),
                (1, Some(2)),
                (2, Some(3)),
                (2, Some(4)),
                (3, None),
                (4, None)
            ]
        );
    }

    #[test]
    fn the_cut_leaves_the_resolved_literals_right_and_marks_the_uip() {
        let (trail, conflict, learnt) = example();
        let svg = implication_graph(&trail, &conflict, &learnt);
        let markup = svg.as_str();
        assert!(markup.contains("first UIP c"), "{markup}");
        assert_eq!(markup.matches("class=\"literal uip\"").count(), 1);
        assert!(markup.contains("data-literal=\"c\""));
        // Crossing the cut: a → conflict, c → d, c → e.
        assert_eq!(markup.matches("class=\"edge across\"").count(), 3);
        let ascii = svg.ascii();
        assert!(
            ascii.contains("d (level 2, forced by {¬c, d}), right of the cut"),
            "{ascii}"
        );
        assert!(
            ascii.contains("b (level 2, decision), left of the cut"),
            "{ascii}"
        );
    }

    #[test]
    fn literals_of_earlier_levels_are_not_followed_back() {
        let trail = vec![
            (lit("a"), 1, None),
            (lit("x"), 1, Some(clause("{¬a, x}"))),
            (lit("b"), 2, None),
        ];
        let (nodes, edges) = reaching(&trail, &clause("{¬x, ¬b}"));
        assert_eq!(nodes.into_iter().collect::<Vec<_>>(), [1, 2]);
        assert_eq!(edges, [(1, None), (2, None)]);
    }
}
