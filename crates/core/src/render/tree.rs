//! The Davis–Putnam search drawn as a tree: splits, unit propagations, conflicts.

use std::fmt::Write as _;

use svg::node::element::{Description, Group, Line, Rectangle};

use super::{Svg, canvas, text};
use crate::dp::Step;
use crate::logic::Literal;
use crate::sat::Outcome;

/// The most branches drawn; a larger search is cut there and says how much is left out.
pub const MAX_BRANCHES: usize = 63;

/// Literals a box holds on one line (when they fit), and lines of literals per box: a tree that
/// would be too wide takes fewer on a line and more lines.
const PER_LINE: [f64; 4] = [4.0, 3.0, 2.0, 1.0];
const LINES: [usize; 4] = [4, 5, 8, 12];
/// The widest tree drawn with four literals a line: shown in an output 700 pixels wide (the
/// narrowest the drawings are made for), its 11-unit text is still 9 pixels high.
const MAX_WIDTH: u32 = 855;
/// The height of a line and the size of the text in the boxes.
const LINE: u32 = 15;
const FONT_SIZE: f64 = 11.0;
const GAP: u32 = 16;
/// Room between levels for an edge and its label.
const EDGE: u32 = 44;

const INK: &str = "#1d1d1f";
const CONFLICT: &str = "#b3261e";
const MODEL: &str = "#1b6e20";
const OPEN: &str = "#5b5b5b";

/// How a branch ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub enum End {
    /// Still open when the trace ended (a search that gave up), or an inner node.
    Open,
    /// Saturation derived `{}`.
    Conflict,
    /// Nothing left to split on: a model.
    Model,
}

/// One branch of the search: the literal its split added, what unit propagation then made
/// true, how it ended, and the splits below it.
#[derive(Debug, Clone)]
#[doc(hidden)]
pub struct Branch {
    pub literal: Option<Literal>,
    pub retry: bool,
    pub units: Vec<Literal>,
    pub end: End,
    pub children: Vec<usize>,
    pub depth: u32,
}

/// The tree of a traced search, and how many branches were left out.
#[doc(hidden)]
pub fn build(trace: &[Step], outcome: &Outcome) -> (Vec<Branch>, usize) {
    let mut branches = vec![Branch {
        literal: None,
        retry: false,
        units: Vec::new(),
        end: End::Open,
        children: Vec::new(),
        depth: 0,
    }];
    // The root, then the branch of every open split.
    let mut stack = vec![0];
    let mut left_out = 0;
    for step in trace {
        match step {
            Step::Split { depth, literal } | Step::Retry { depth, literal } => {
                stack.truncate(depth + 1);
                if branches.len() > MAX_BRANCHES {
                    left_out += 1;
                    // Keep the stack the right height, on a branch that is not drawn.
                    stack.push(usize::MAX);
                    continue;
                }
                let Some(&parent) = stack.last().filter(|&&p| p != usize::MAX) else {
                    left_out += 1;
                    stack.push(usize::MAX);
                    continue;
                };
                let index = branches.len();
                branches.push(Branch {
                    literal: Some(*literal),
                    retry: matches!(step, Step::Retry { .. }),
                    units: Vec::new(),
                    end: End::Open,
                    children: Vec::new(),
                    depth: branches[parent].depth + 1,
                });
                branches[parent].children.push(index);
                stack.push(index);
            }
            Step::Units { literals, .. } => {
                if let Some(branch) = stack.last().and_then(|&b| branches.get_mut(b)) {
                    branch.units.extend(literals.iter().copied());
                }
            }
            Step::Conflict { .. } => {
                if let Some(branch) = stack.last().and_then(|&b| branches.get_mut(b)) {
                    branch.end = End::Conflict;
                }
            }
        }
    }
    if let Outcome::Satisfiable(_) = outcome {
        if let Some(branch) = stack.last().and_then(|&b| branches.get_mut(b)) {
            branch.end = End::Model;
        }
    }
    (branches, left_out)
}

/// The width of a text in pixels, from the widths of `DejaVu Sans` (the first font of
/// [`FONT`]) in three classes, rounded up: wide signs such as `¬ < > Q`, narrow ones such as
/// `, . i l` and spaces, and the rest.
fn text_width(text: &str, size: f64) -> f64 {
    let em: f64 = text
        .chars()
        .map(|c| match c {
            '¬' | '<' | '>' | '=' | '+' | '~' | 'M' | 'W' | 'm' | 'w' | 'Q' | 'O' | 'G' | 'D'
            | 'H' | 'N' | 'U' | 'C' | '✓' | '✗' | '⊢' | '…' => 0.8,
            ',' | '.' | ' ' | 'i' | 'j' | 'l' | '|' | '\'' | ':' | ';' | '!' | 'I' | 'f' | 't'
            | 'r' | '(' | ')' | '{' | '}' | '[' | ']' => 0.38,
            _ => 0.62,
        })
        .sum();
    em * size
}

/// The width inside a box: room for `per_line` of the widest literal of the search.
fn inner_width(branches: &[Branch], per_line: f64) -> f64 {
    let widest = branches
        .iter()
        .flat_map(|b| b.units.iter().chain(b.literal.iter()))
        .map(|l| text_width(&format!("{l} "), FONT_SIZE))
        .fold(0.0, f64::max);
    (widest * per_line + text_width("⊢ ", FONT_SIZE))
        .max(text_width("✗ {} derived", FONT_SIZE) + 40.0)
}

/// The lines of text in a branch's box, each at most `inner` pixels wide: the literals
/// propagation made true (at most `most` lines of them, the last saying how many more there
/// are when they do not fit), then how the branch ended.
fn box_lines(branch: &Branch, inner: f64, most: usize) -> Vec<(String, &'static str)> {
    let mut lines: Vec<(String, &'static str)> = Vec::new();
    // Wrapped: each line with the number of literals on it.
    let mut wrapped: Vec<(String, usize)> = Vec::new();
    for literal in &branch.units {
        let word = format!(" {literal}");
        match wrapped.last_mut() {
            Some((line, count))
                if text_width(line, FONT_SIZE) + text_width(&word, FONT_SIZE) <= inner =>
            {
                line.push_str(&word);
                *count += 1;
            }
            _ => {
                let start = if wrapped.is_empty() { "⊢" } else { " " };
                wrapped.push((format!("{start}{word}"), 1));
            }
        }
    }
    if wrapped.len() > most {
        wrapped.truncate(most - 1);
        let shown: usize = wrapped.iter().map(|(_, count)| count).sum();
        let more = format!("  … and {} more", branch.units.len() - shown);
        wrapped.push((more, 0));
    }
    if wrapped.is_empty() {
        lines.push(("no units".to_owned(), OPEN));
    }
    lines.extend(wrapped.into_iter().map(|(line, _)| (line, INK)));
    match branch.end {
        End::Conflict => lines.push(("✗ {} derived".to_owned(), CONFLICT)),
        End::Model => lines.push(("✓ model".to_owned(), MODEL)),
        End::Open => {}
    }
    lines
}

/// The search tree (the `nqueens` crate's `render::search_tree`) of the steps of a search and how it ended (only whether it found a model, found
/// none or gave up counts; the model is not drawn).
pub fn search_tree_of(trace: &[Step], outcome: &Outcome) -> Svg {
    let (branches, left_out) = build(trace, outcome);
    let levels = branches.iter().map(|b| b.depth).max().unwrap_or(0) + 1;
    let leaves = u32::try_from(branches.iter().filter(|b| b.children.is_empty()).count())
        .unwrap_or(1)
        .max(1);
    // Whole pixels: the text fits with 8 on each side.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let wide = |inner: f64| inner.ceil() as u32 + 16;
    // The most literals a line that keeps the tree within MAX_WIDTH (or one a line).
    let choice = (0..PER_LINE.len())
        .find(|&k| leaves * (wide(inner_width(&branches, PER_LINE[k])) + GAP) + GAP <= MAX_WIDTH)
        .unwrap_or(PER_LINE.len() - 1);
    let (inner, most) = (inner_width(&branches, PER_LINE[choice]), LINES[choice]);
    let boxes_wide = wide(inner);
    let height_of =
        |b: &Branch| u32::try_from(box_lines(b, inner, most).len()).unwrap_or(1) * LINE + 10;
    let box_height = branches.iter().map(height_of).max().unwrap_or(LINE);
    // Leaves take a column each, left to right; a parent sits over the middle of its children.
    let mut x = vec![0_u32; branches.len()];
    let mut next_leaf = 0_u32;
    place(&branches, 0, &mut x, &mut next_leaf, boxes_wide);
    let columns = next_leaf.max(1);
    let caption = 24;
    let width = columns * (boxes_wide + GAP) + GAP;
    let height = caption + levels * (box_height + EDGE) - EDGE + GAP + 8;
    let top = |b: &Branch| caption + 8 + b.depth * (box_height + EDGE);

    let mut document = canvas(width, height, "nqueens-tree");
    let title = match (outcome, left_out) {
        (Outcome::Satisfiable(_), 0) => "Davis–Putnam search: satisfiable".to_owned(),
        (Outcome::Unsatisfiable, 0) => "Davis–Putnam search: unsatisfiable".to_owned(),
        (Outcome::GaveUp(limit), 0) => format!("Davis–Putnam search: gave up after {limit}"),
        (_, more) => format!("Davis–Putnam search: first {MAX_BRANCHES} branches, {more} more"),
    };
    document = document.add(text(GAP, 16, &title, 13, INK).set("font-weight", "bold"));
    let mut edges = Group::new().set("class", "edges");
    let mut boxes = Group::new().set("class", "branches");
    for (i, branch) in branches.iter().enumerate() {
        let (left, y) = (x[i], top(branch));
        let centre = left + boxes_wide / 2;
        for &child in &branch.children {
            let (cx, cy) = (x[child] + boxes_wide / 2, top(&branches[child]));
            edges = edges.add(
                Line::new()
                    .set("x1", centre)
                    .set("y1", y + height_of(branch))
                    .set("x2", cx)
                    .set("y2", cy)
                    .set("stroke", OPEN)
                    .set("stroke-width", 1.5),
            );
            if let Some(literal) = branches[child].literal {
                let mark = if branches[child].retry { " ↺" } else { "" };
                let (mx, my) = (
                    u32::midpoint(centre, cx),
                    u32::midpoint(y + height_of(branch), cy) + 4,
                );
                edges = edges.add(
                    text(mx, my, &format!("{literal}{mark}"), 12, INK)
                        .set("text-anchor", "middle")
                        .set("font-weight", "bold")
                        .set("paint-order", "stroke")
                        .set("stroke", "#ffffff")
                        .set("stroke-width", 4),
                );
            }
        }
        let border = match branch.end {
            End::Conflict => CONFLICT,
            End::Model => MODEL,
            End::Open => OPEN,
        };
        let mut group = Group::new().set("class", "branch").add(
            Rectangle::new()
                .set("x", left)
                .set("y", y)
                .set("width", boxes_wide)
                .set("height", height_of(branch))
                .set("rx", 6)
                .set("fill", "#ffffff")
                .set("stroke", border)
                .set("stroke-width", if branch.end == End::Open { 1 } else { 2 }),
        );
        for (k, (line, colour)) in box_lines(branch, inner, most).into_iter().enumerate() {
            let ty = y + 5 + LINE * u32::try_from(k + 1).unwrap_or(1) - 3;
            group = group.add(text(left + 8, ty, &line, 11, colour));
        }
        boxes = boxes.add(group);
    }
    let ascii: String = trace.iter().fold(String::new(), |mut out, step| {
        let _ = writeln!(out, "{step}");
        out
    });
    let ascii = format!("{title}\n{}", ascii.trim_end());
    document = document
        .add(edges)
        .add(boxes)
        .add(Description::new().add(svg::node::Text::new(ascii.clone())));
    Svg::from_parts(document.to_string(), width, ascii)
}

/// Gives each branch its left edge: leaves in columns, parents centred over their children.
fn place(branches: &[Branch], i: usize, x: &mut [u32], next_leaf: &mut u32, boxes_wide: u32) {
    let children = &branches[i].children;
    if children.is_empty() {
        x[i] = GAP + *next_leaf * (boxes_wide + GAP);
        *next_leaf += 1;
        return;
    }
    for &child in children {
        place(branches, child, x, next_leaf, boxes_wide);
    }
    let (first, last) = (x[children[0]], x[children[children.len() - 1]]);
    x[i] = u32::midpoint(first, last);
}
