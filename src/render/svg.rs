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
use crate::board::Board;

/// A finished SVG drawing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Svg {
    pub(super) markup: String,
    pub(super) pixels: Option<u32>,
    pub(super) ascii: String,
}

impl Svg {
    /// An SVG drawn elsewhere in the crate (the charts of `plot`), with its width and its text.
    #[cfg_attr(not(feature = "plot"), allow(dead_code))]
    pub(crate) fn from_parts(markup: String, pixels: u32, ascii: String) -> Self {
        Svg {
            markup: backdrop(markup),
            pixels: Some(pixels),
            ascii,
        }
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
    /// shows it too. The image's text alternative is the ASCII copy.
    pub fn to_html(&self) -> String {
        let width = self
            .pixels
            .map_or_else(|| "100%".to_owned(), |p| format!("{p}px"));
        format!(
            "<div class=\"nqueens\" style=\"width: {width}; max-width: 100%;\">\
             <img class=\"nqueens-drawing\" src=\"data:image/svg+xml;base64,{}\" alt=\"{}\" \
             style=\"display: block; width: 100%; height: auto;\"></div>",
            base64(self.markup.as_bytes()),
            escape_html(&self.ascii).replace('"', "&quot;")
        )
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

/// The colour behind every drawing: a near-white card, so that its texts and lines read the same
/// on a light page and on a dark one (JupyterLab's dark theme).
pub const BACKDROP: &str = "#fffdf8";

/// The drawing with an opaque card of [`BACKDROP`] behind everything in it: a rectangle as the
/// first child of the outermost `<svg>`.
pub(crate) fn backdrop(markup: String) -> String {
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
pub(crate) fn escape_html(text: &str) -> String {
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
    use super::base64;

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
