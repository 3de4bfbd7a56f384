//! A checker's verdict, and the helpers every checker shares: running the student's code with
//! its panics caught, and saying how much was right before the first mistake.

use std::fmt::{self, Write as _};
use std::panic::{self, AssertUnwindSafe};

use crate::render::{self, Svg};

/// What a checker found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    exercise: String,
    passed: bool,
    checked: usize,
    text: String,
    picture: Option<Svg>,
}

impl Report {
    pub(super) fn pass(exercise: &str, checked: usize, text: String, picture: Option<Svg>) -> Self {
        Report {
            exercise: exercise.to_owned(),
            passed: true,
            checked,
            text,
            picture,
        }
    }

    pub(super) fn fail(exercise: &str, checked: usize, text: String, picture: Option<Svg>) -> Self {
        Report {
            passed: false,
            ..Report::pass(exercise, checked, text, picture)
        }
    }

    /// Whether the student's function agreed with the reference on every input.
    pub fn passed(&self) -> bool {
        self.passed
    }

    /// The name of the exercise (the function the student wrote).
    pub fn exercise(&self) -> &str {
        &self.exercise
    }

    /// How many inputs agreed before the report was written (all of them, when it passed).
    pub fn checked(&self) -> usize {
        self.checked
    }

    /// The report in words: the verdict on the first line, then the counterexample, if any.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The drawing that goes with the report, if there is one.
    pub fn picture(&self) -> Option<&Svg> {
        self.picture.as_ref()
    }

    /// The report as HTML: the verdict, the details, the drawing.
    pub fn to_html(&self) -> String {
        let (class, rest) = self.text.split_once('\n').unwrap_or((&self.text, ""));
        let mut html = format!(
            "<div class=\"nqueens-report {}\"><p class=\"verdict\">{}</p>",
            if self.passed { "passed" } else { "failed" },
            render::escape_html(class)
        );
        if !rest.trim().is_empty() {
            let _ = write!(html, "<pre>{}</pre>", render::escape_html(rest.trim_end()));
        }
        if let Some(picture) = &self.picture {
            html.push_str(&picture.to_html());
        }
        html.push_str("</div>");
        html
    }

    /// Shows the report in a notebook: HTML with the drawing, and the text.
    pub fn evcxr_display(&self) {
        let html = self.to_html();
        render::Html::new(&html, &self.text).evcxr_display();
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Runs the student's code, turning a panic into its message. The default panic hook is silenced
/// meanwhile: the report says what happened, and a notebook shows no stack of errors.
pub(super) fn quietly<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    // One swap of the process-wide hook at a time: two checkers on two threads must not put
    // each other's silent hook back for good.
    static HOOK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _only_one = HOOK
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let hook = panic::take_hook();
    panic::set_hook(Box::new(|_| {}));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    panic::set_hook(hook);
    result.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".to_owned())
    })
}

/// "1 square was right before this one", "5 squares were ...".
pub(super) fn right_before(checked: usize, noun: &str) -> String {
    if checked == 1 {
        format!("1 {noun} was right before this one")
    } else {
        format!("{checked} {noun}s were right before this one")
    }
}
