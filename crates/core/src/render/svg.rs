//! A finished drawing, and how a notebook shows it: the evcxr kernel's blocks of HTML, SVG and
//! text.
//!
//! The HTML block holds the drawing as an `<img>` whose source is the SVG itself (a `data:` URL),
//! not as inline `<svg>`: JupyterLab shows the outputs of a notebook it did not run itself
//! through a sanitiser that strips inline SVG (leaving its text as a jumble) but keeps images.
//! So a committed notebook shows its boards the moment it is opened. Viewers that read only
//! `image/svg+xml` find the drawing there, and text-only ones the ASCII board.

use std::fmt::{self, Write as _};
use std::path::Path;

use super::{Diagram, STYLE_CSS};
use crate::board::{Board, Piece};

/// A finished SVG drawing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Svg {
    pub(super) markup: String,
    pub(super) pixels: Option<u32>,
    pub(super) ascii: String,
    /// The text alternative, when the drawing writes its own (a chart's summary); else the text
    /// copy summarised.
    pub(super) alt: Option<String>,
}

impl Svg {
    /// An SVG drawn elsewhere (the charts of the nqueens crate's `plot`), with its width and
    /// its text.
    pub fn from_parts(markup: String, pixels: u32, ascii: String) -> Self {
        Svg {
            markup: backdrop(markup),
            pixels: Some(pixels),
            ascii,
            alt: None,
        }
    }

    /// The same drawing with a text alternative of its own (summarised to at most [`ALT_MOST`]
    /// characters).
    #[must_use]
    pub fn with_alt(mut self, alt: &str) -> Self {
        self.alt = Some(summarise(alt));
        self
    }

    /// The SVG markup.
    pub fn as_str(&self) -> &str {
        &self.markup
    }

    /// Writes the SVG to a file.
    ///
    /// # Errors
    /// Whatever the file system reports.
    pub fn save(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        std::fs::write(path, &self.markup)
    }

    /// The drawing as an image in a `<div>` of its width, for HTML pages and notebooks: the SVG
    /// is the image's `data:` URL, so that sanitised HTML (an untrusted notebook in JupyterLab)
    /// shows it too. The image's text alternative is [`alt_text`](Svg::alt_text).
    pub fn to_html(&self) -> String {
        let width = self
            .pixels
            .map_or_else(|| "100%".to_owned(), |p| format!("{p}px"));
        format!(
            "<div class=\"nqueens\" style=\"width: {width}; max-width: 100%;\">\
             <img class=\"nqueens-drawing\" src=\"data:image/svg+xml;base64,{}\" alt=\"{}\" \
             style=\"display: block; width: 100%; height: auto;\"></div>",
            base64(self.markup.as_bytes()),
            escape_html(&self.alt_text()).replace('"', "&quot;")
        )
    }

    /// The image's text alternative: the drawing's own summary where it wrote one (a chart's),
    /// else the text copy with each board summarised in words (its size and where its pieces
    /// are, never rows of dots), at most [`ALT_MOST`] characters (the first lines, then how many
    /// were left out, then the last).
    pub fn alt_text(&self) -> String {
        self.alt.clone().unwrap_or_else(|| summarise(&self.ascii))
    }

    /// The drawing inline, as `<svg>` in a `<div>` of its width: for pages that are not
    /// sanitised and want to style or inspect the drawing (the board classes of `style.css`).
    pub fn to_inline_html(&self) -> String {
        let width = self
            .pixels
            .map_or_else(|| "100%".to_owned(), |p| format!("{p}px"));
        format!(
            "<div class=\"nqueens\" style=\"width: {width}; max-width: 100%;\">{}</div>",
            self.markup
        )
    }

    /// What [`evcxr_display`](Svg::evcxr_display) prints: the evcxr kernel's blocks for HTML, SVG
    /// and the ASCII board, which a notebook shows as one output.
    pub fn to_evcxr(&self) -> String {
        display_blocks(&self.to_html(), Some(self.markup.as_str()), &self.ascii)
    }

    /// Shows the drawing in a notebook: HTML, SVG and the ASCII board in one output.
    pub fn evcxr_display(&self) {
        print!("{}", self.to_evcxr());
    }

    /// The plain-text copy of what is drawn (the ASCII board, or each board of a gallery).
    pub fn ascii(&self) -> &str {
        &self.ascii
    }
}

impl fmt::Display for Svg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.markup)
    }
}

/// The longest text alternative of a drawing, in characters.
pub const ALT_MOST: usize = 600;

/// The piece whose letter a board's text shows.
fn piece_of(letter: char) -> Option<Piece> {
    Piece::ALL.into_iter().find(|p| p.letter() == letter)
}

/// A line of a board's text: squares as `.` or a piece's letter.
fn is_board_line(line: &str) -> bool {
    line.chars().count() >= 2 && line.chars().all(|c| c == '.' || piece_of(c).is_some())
}

/// One board's text in words: "8×8 board, queens in columns 1, 5, 8, 6, 3, 7, 2, 4 (row 1
/// first)", "64×64 board, queens in columns 31, 53, … (row 1 first)", "8×8 board with 14
/// bishops", "an empty 4×4 board".
fn board_in_words(rows: &[&str]) -> String {
    let (height, width) = (rows.len(), rows[0].chars().count());
    let mut counts: Vec<(char, usize)> = Vec::new();
    for c in rows.iter().flat_map(|r| r.chars()).filter(|&c| c != '.') {
        match counts.iter_mut().find(|(l, _)| *l == c) {
            Some((_, k)) => *k += 1,
            None => counts.push((c, 1)),
        }
    }
    if counts.is_empty() {
        return format!("an empty {height}×{width} board");
    }
    let queens_only = counts.len() == 1 && counts[0].0 == 'Q';
    let one_a_row = rows
        .iter()
        .all(|r| r.chars().filter(|&c| c == 'Q').count() == 1);
    if queens_only && one_a_row {
        let columns: Vec<String> = rows
            .iter()
            .filter_map(|r| r.chars().position(|c| c == 'Q'))
            .map(|c| (c + 1).to_string())
            .collect();
        let shown = if columns.len() > 12 {
            format!("{}, …", columns[..8].join(", "))
        } else {
            columns.join(", ")
        };
        return format!("{height}×{width} board, queens in columns {shown} (row 1 first)");
    }
    let pieces: Vec<String> = counts
        .iter()
        .filter_map(|&(letter, k)| {
            let name = piece_of(letter)?.name();
            Some(format!("{k} {name}{}", if k == 1 { "" } else { "s" }))
        })
        .collect();
    format!("{height}×{width} board with {}", pieces.join(" and "))
}

/// A drawing's text copy as a text alternative: each board (lines of `.` and pieces' letters
/// of one length) in words, other lines as they are; past [`ALT_MOST`] characters, the first
/// lines, how many lines were left out, and the last.
pub(super) fn summarise(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let width = lines[i].chars().count();
        let mut end = i;
        while end < lines.len() && is_board_line(lines[end]) && lines[end].chars().count() == width
        {
            end += 1;
        }
        if end - i >= 2 {
            out.push(board_in_words(&lines[i..end]));
            i = end;
        } else {
            out.push(lines[i].to_owned());
            i += 1;
        }
    }
    let out: Vec<String> = out.into_iter().filter(|l| !l.trim().is_empty()).collect();
    let whole = out.join("\n");
    if whole.chars().count() <= ALT_MOST || out.len() < 2 {
        return whole.chars().take(ALT_MOST).collect();
    }
    let last = out[out.len() - 1]
        .chars()
        .take(ALT_MOST / 4)
        .collect::<String>();
    let mut kept = Vec::new();
    let mut length = last.chars().count() + 40;
    for line in &out[..out.len() - 1] {
        length += line.chars().count() + 1;
        if length > ALT_MOST {
            break;
        }
        kept.push(line.clone());
    }
    let left_out = out.len() - 1 - kept.len();
    format!("{}\n… {left_out} more lines …\n{last}", kept.join("\n"))
}

/// The colour behind every drawing: a near-white card, so that its texts and lines read the same
/// on a light page and on a dark one (JupyterLab's dark theme).
pub const BACKDROP: &str = "#fffdf8";

/// The drawing with an opaque card of [`BACKDROP`] behind everything in it: a rectangle as the
/// first child of the outermost `<svg>`.
pub fn backdrop(markup: String) -> String {
    let Some(start) = markup.find("<svg") else {
        return markup;
    };
    let Some(end) = markup[start..].find('>').map(|i| start + i + 1) else {
        return markup;
    };
    if markup[start..end].ends_with("/>") {
        return markup;
    }
    format!(
        "{}<rect class=\"backdrop\" fill=\"{BACKDROP}\" height=\"100%\" rx=\"4\" width=\"100%\" x=\"0\" y=\"0\"/>{}",
        &markup[..end],
        &markup[end..]
    )
}

/// Text made safe to put in HTML: `&`, `<` and `>` escaped.
pub fn escape_html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Standard base64 (RFC 4648, with padding), for `data:` URLs.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let group = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(group >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// The evcxr protocol: one block per MIME type, read from standard output.
fn display_blocks(html: &str, svg: Option<&str>, text: &str) -> String {
    let mut out = String::new();
    let blocks = [
        ("text/html", Some(html)),
        ("image/svg+xml", svg),
        ("text/plain", Some(text)),
    ];
    for (mime, content) in blocks.into_iter().filter_map(|(m, c)| Some((m, c?))) {
        let _ = writeln!(
            out,
            "EVCXR_BEGIN_CONTENT {mime}\n{content}\nEVCXR_END_CONTENT"
        );
    }
    out
}

impl Diagram {
    /// Shows the drawing inline in a notebook.
    pub fn evcxr_display(&self) {
        self.render().evcxr_display();
    }

    /// Renders and writes the SVG to a file.
    ///
    /// # Errors
    /// Whatever the file system reports.
    pub fn save_svg(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        self.render().save(path)
    }
}

impl Board {
    /// The board drawn with the default look: square by square up to [`MAX_DRAWN`] rows, its
    /// overview beyond (see [`picture_of`](super::picture_of)).
    ///
    /// [`MAX_DRAWN`]: super::MAX_DRAWN
    pub fn to_svg(&self) -> Svg {
        super::picture_of(self)
    }

    /// A [`Diagram`] of this board, to draw more on it.
    pub fn diagram(&self) -> Diagram {
        Diagram::new(self)
    }

    /// Writes the board as an SVG file.
    ///
    /// # Errors
    /// Whatever the file system reports.
    pub fn save_svg(&self, path: impl AsRef<Path>) -> std::io::Result<()> {
        self.to_svg().save(path)
    }

    /// Shows the board inline in a notebook.
    pub fn evcxr_display(&self) {
        self.to_svg().evcxr_display();
    }
}

/// A piece of HTML that a notebook shows as such.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Html {
    html: String,
    text: String,
}

impl Html {
    /// HTML, with the text that stands for it where HTML cannot be shown.
    pub fn new(html: &str, text: &str) -> Self {
        Html {
            html: html.to_owned(),
            text: text.to_owned(),
        }
    }

    /// The HTML.
    pub fn as_str(&self) -> &str {
        &self.html
    }

    /// Shows the HTML inline in a notebook.
    pub fn evcxr_display(&self) {
        print!("{}", display_blocks(&self.html, None, &self.text));
    }
}

/// The notebooks' style sheet (`style.css`) as a `<style>` element: the second cell of every
/// notebook shows it, so headings, tables and boards take the project's look. Where HTML cannot
/// be shown, it shows nothing.
pub fn style() -> Html {
    Html::new(&format!("<style>\n{STYLE_CSS}</style>"), "")
}

#[cfg(test)]
mod tests {
    use super::{ALT_MOST, base64, summarise};
    use crate::board::{Board, Piece, Square};
    use crate::render::{Diagram, Gallery};
    use std::fmt::Write as _;

    #[test]
    fn text_alternatives_say_what_is_drawn_besides_the_pieces() {
        let mut board = Board::new(4);
        board.place(Square::new(1, 1), Piece::Queen).unwrap();
        board.place(Square::new(2, 2), Piece::Queen).unwrap();
        let plain = Diagram::new(&board).render();
        assert_eq!(plain.alt_text(), summarise(plain.ascii()));
        let drawn = Diagram::new(&board)
            .fill(Square::new(1, 4), "#d62d20", 0.3)
            .label(Square::new(1, 4), "✗")
            .label(Square::new(2, 4), "✗")
            .mark(Square::new(3, 4))
            .arrow(Square::new(1, 1), Square::new(4, 4))
            .conflicts();
        let alt = drawn.render().alt_text();
        assert!(alt.starts_with("4×4 board with 2 queens"), "{alt}");
        for said in [
            "shaded: (1, 4)",
            "crossed: (3, 4)",
            "labelled “✗”: (1, 4), (2, 4)",
            "1 arrow",
            "; 1 attacking pair shaded, joined by lines and ringed",
        ] {
            assert!(alt.contains(said), "{said} in {alt}");
        }
        let gallery = Gallery::new().diagram(drawn, "one").render().alt_text();
        assert!(
            gallery.starts_with("one\n4×4 board with 2 queens\nshaded: (1, 4)"),
            "{gallery}"
        );
    }

    #[test]
    fn text_alternatives_say_boards_in_words_and_stay_short() {
        assert_eq!(
            summarise(
                "title\nQ.......\n....Q...\n.......Q\n.....Q..\n..Q.....\n......Q.\n.Q......\n...Q...."
            ),
            "title\n8×8 board, queens in columns 1, 5, 8, 6, 3, 7, 2, 4 (row 1 first)"
        );
        assert_eq!(summarise("....\n....\n....\n...."), "an empty 4×4 board");
        assert_eq!(
            summarise("..BB\nB...\n....\n..KR"),
            "4×4 board with 3 bishops and 1 king and 1 rook"
        );
        let board = crate::board::Board::from_columns(
            &(1..=64).map(|c| (c * 2 - 1) % 64 + 1).collect::<Vec<_>>(),
        )
        .unwrap();
        let alt = summarise(&board.to_string());
        assert!(
            alt.starts_with("64×64 board, queens in columns 2, 4,")
                && alt.ends_with(", … (row 1 first)"),
            "{alt}"
        );
        let long: String = (0..200).fold(String::new(), |mut text, i| {
            let _ = writeln!(text, "step {i}");
            text
        });
        let alt = summarise(&long);
        assert!(alt.chars().count() <= ALT_MOST, "{}", alt.len());
        assert!(
            alt.starts_with("step 0\nstep 1") && alt.ends_with("more lines …\nstep 199"),
            "{alt}"
        );
    }

    #[test]
    fn base64_matches_the_rfc_4648_test_vectors() {
        let vectors = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in vectors {
            assert_eq!(base64(plain.as_bytes()), encoded, "{plain:?}");
        }
        assert_eq!(base64(&[0xff, 0xfe, 0xfd]), "//79");
    }
}
