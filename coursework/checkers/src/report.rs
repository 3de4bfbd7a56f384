//! A checker's verdict, and the helpers every checker shares: running the student's code with
//! its panics caught, and saying how much was right before the first mistake.

use std::fmt::{self, Write as _};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use nqueens_core::render::{self, Svg};

/// What a checker found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    exercise: String,
    passed: bool,
    checked: usize,
    text: String,
    picture: Option<Svg>,
    /// For a checker that gives partial credit: the parts right, of how many.
    parts: Option<(usize, usize)>,
    /// Whether [`show`](Report::show) has shown it already (then grading does not again).
    shown: Shown,
    /// A stand-in for hidden tests that have not run (see [`Report::pending`]).
    pending: bool,
}

/// Whether a report was shown: state of the display, not of the verdict, so two reports compare
/// equal whatever it is.
#[derive(Debug, Default)]
struct Shown(AtomicBool);

impl Clone for Shown {
    fn clone(&self) -> Self {
        Shown(AtomicBool::new(self.0.load(Ordering::Relaxed)))
    }
}

impl PartialEq for Shown {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Shown {}

impl Report {
    pub(super) fn pass(exercise: &str, checked: usize, text: String, picture: Option<Svg>) -> Self {
        Report {
            exercise: exercise.to_owned(),
            passed: true,
            checked,
            text,
            picture,
            parts: None,
            shown: Shown::default(),
            pending: false,
        }
    }

    /// What a hidden test cell shows in the students' copy, where the grader's hidden tests are
    /// left out: a note that they run when the work is graded. It neither passes nor fails:
    /// [`grade`](Report::grade) and [`points`](Report::points) show it and score nothing. (When the
    /// work is graded, the grader's copy of the cell runs the hidden test instead.)
    pub fn pending(exercise: &str) -> Self {
        let text = format!(
            "ⓘ {exercise}: hidden tests. The grader runs them when it grades your work, on inputs \
             it draws then (larger boards, other random cases); they are not run here.\n"
        );
        Report {
            passed: false,
            pending: true,
            ..Report::pass(exercise, 0, text, None)
        }
    }

    /// Whether this is the stand-in for hidden tests that have not run ([`Report::pending`]).
    pub fn is_pending(&self) -> bool {
        self.pending
    }

    /// The same report, counting `right` parts of `total` (for partial credit).
    pub(super) fn with_parts(mut self, right: usize, total: usize) -> Self {
        self.parts = Some((right.min(total), total));
        self
    }

    /// A failed report of `exercise` after `checked` inputs: its words and, where one helps, a
    /// picture.
    pub fn fail(exercise: &str, checked: usize, text: String, picture: Option<Svg>) -> Self {
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

    /// For a checker that gives partial credit (one part per board size, say): how many parts
    /// were right, of how many.
    pub fn parts(&self) -> Option<(usize, usize)> {
        self.parts
    }

    /// For an autograded test cell: shows the report, then fails the cell if the answer was
    /// wrong, so that nbgrader gives it no points. (A cell that only *shows* a failing report
    /// would get full points.)
    ///
    /// # Panics
    /// When the check failed: the report's first line goes to standard error, and the cell
    /// unwinds with [`std::panic::resume_unwind`], which skips the panic hook, so the student
    /// reads the verdict rather than a backtrace. nbgrader scores a cell that wrote to standard
    /// error 0.
    pub fn grade(&self) {
        self.show_once(!self.passed && !self.pending);
        if !self.passed && !self.pending {
            self.fail_cell();
        }
    }

    /// For an autograded test cell with partial credit: shows the report and returns the points
    /// earned of `max`, in proportion to the parts right ([`parts`](Report::parts); a report
    /// without parts earns all or nothing). As the cell's last expression, the number is what
    /// nbgrader reads as the cell's score.
    ///
    /// # Panics
    /// When nothing was right, as [`grade`](Report::grade) does, so that the cell earns nothing.
    pub fn points(&self, max: f64) -> f64 {
        if self.pending {
            self.show_once(false);
            return 0.0;
        }
        let (right, total) = self.parts.unwrap_or((usize::from(self.passed), 1));
        let fails = right == 0 && total > 0;
        self.show_once(fails);
        if fails {
            self.fail_cell();
        }
        self.score(max)
    }

    /// The points of `max` this report earns, without showing it: in proportion to the parts
    /// right ([`parts`](Report::parts); all or nothing without parts), in whole hundredths, so
    /// the score prints as nbgrader reads it. A pending report earns nothing.
    pub fn score(&self, max: f64) -> f64 {
        if self.pending {
            return 0.0;
        }
        let (right, total) = self.parts.unwrap_or((usize::from(self.passed), 1));
        let share = |n: usize| f64::from(u32::try_from(n).unwrap_or(u32::MAX));
        (100.0 * max * share(right) / share(total.max(1))).round() / 100.0
    }

    /// The same report, its verdict saying that it is a hidden test. It does not name the seed:
    /// the report is the student's feedback, and the seed with the library's generator would
    /// give every input of the test (the lecturer finds it with the grader's secret).
    #[must_use]
    pub fn into_hidden(mut self) -> Self {
        let mark = self.text.chars().next().unwrap_or('✘');
        let rest = self.text.get(mark.len_utf8()..).unwrap_or("").trim_start();
        self.text = format!("{mark} Hidden test: {rest}");
        self
    }

    /// Adds lines at the end of the text.
    pub(super) fn append(&mut self, lines: &str) {
        self.text.push_str(lines);
    }

    /// Fails a test cell: the verdict on standard error, then an unwind without the panic hook.
    fn fail_cell(&self) -> ! {
        eprintln!("{}", self.verdict());
        // evcxr passes standard error on from a thread of its own, and reports the cell done
        // without waiting for it: a moment's pause lets the verdict arrive first. (The
        // autograder does not rely on it: the report shown says `data-scores="0"`, see `show`.)
        let _ = std::io::Write::flush(&mut std::io::stderr());
        std::thread::sleep(Duration::from_millis(100));
        panic::resume_unwind(Box::new(self.verdict().to_owned()))
    }

    /// Shows the report now, before more tests run in the same cell (the grader's hidden ones):
    /// the student reads it whatever they find, and the [`grade`](Report::grade) or
    /// [`points`](Report::points) that ends the cell does not show it again.
    pub fn show(&self) {
        self.show_once(!self.passed);
    }

    /// Shows the report; a report that fails its test cell says so in its HTML
    /// (`data-scores="0"`), which reaches the notebook in order with the cell's other output, so
    /// that the autograder's configuration can score the cell 0 even when the verdict on
    /// standard error arrives late.
    fn show_once(&self, fails_the_cell: bool) {
        if self.shown.0.swap(true, Ordering::Relaxed) {
            return;
        }
        let mut html = self.to_html();
        if fails_the_cell {
            html = html.replacen(
                "<div class=\"nqueens-report",
                "<div data-scores=\"0\" class=\"nqueens-report",
                1,
            );
        }
        render::Html::new(&html, &self.text).evcxr_display();
    }

    /// The first line of the text.
    fn verdict(&self) -> &str {
        self.text.lines().next().unwrap_or("")
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

/// How long a checker lets the code it checks run, in all.
pub const TIME_LIMIT: Duration = Duration::from_secs(15);

/// Runs `check` (a whole check, or a call of the student's function in a test of its own) with
/// a watchdog. A function that loops cannot be stopped from inside the process, so when `check`
/// has not finished after [`TIME_LIMIT`], the watchdog says so on standard error, naming
/// `exercise`, and ends the process with status 70: in a notebook, the kernel reports the error
/// and starts afresh (the notebook's variables are lost), which is what a student would otherwise
/// have to do by hand to stop the loop. Every checker runs under it; a test that calls the
/// student's function directly should too. It is a help to the student, not a rule the grader
/// trusts: when the coursework is graded, the grader's executor keeps the clock, outside the
/// kernel (see [`answers`](super::answers)).
///
/// ```
/// use nqueens_checkers::within;
/// fn count(n: usize) -> u64 { if n == 8 { 92 } else { 0 } }
/// assert_eq!(within("count", || count(8)), 92);
/// ```
pub fn within<R>(exercise: &str, check: impl FnOnce() -> R) -> R {
    let (done, wait) = mpsc::channel::<()>();
    let name = exercise.to_owned();
    let watchdog = std::thread::spawn(move || {
        if let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(TIME_LIMIT) {
            eprintln!(
                "✘ {name} did not return within {} s: is there an endless loop? The checker \
                 stopped the kernel to end it. Fix the function, then run the notebook's cells \
                 again from the top.",
                TIME_LIMIT.as_secs()
            );
            std::process::exit(70);
        }
    });
    let result = check();
    let _ = done.send(());
    let _ = watchdog.join();
    result
}

/// A checker of all or nothing, on `cases` in order (under [`within`], as every checker): the
/// first case where `judge` finds the student's answer wrong is reported, "✘ {exercise} is
/// wrong for {case}: {what}", with how many were right before it and a drawing; a panic, "✘
/// {exercise} panicked for {case}: {message}". `judge` runs the student's function on a case
/// and returns `None` when the answer is right, else what is wrong and the drawing; `words`
/// names a case, `picture` draws it for a panic, `noun` counts the cases right before.
pub(super) fn first_wrong<C>(
    exercise: &'static str,
    (cases, which, noun): (&[C], &str, &str),
    words: impl Fn(&C) -> String,
    picture: impl Fn(&C) -> Option<Svg>,
    judge: impl Fn(&C) -> Result<Option<(String, Option<Svg>)>, String>,
) -> Report {
    for (checked, case) in cases.iter().enumerate() {
        match judge(case) {
            Ok(None) => {}
            Ok(Some((what, drawing))) => {
                let text = format!(
                    "✘ {exercise} is wrong for {}: {what}\n  {}.\n",
                    words(case),
                    right_before(checked, noun)
                );
                return Report::fail(exercise, checked, text, drawing);
            }
            Err(message) => {
                let text = format!("✘ {exercise} panicked for {}: {message}\n", words(case));
                return Report::fail(exercise, checked, text, picture(case));
            }
        }
    }
    Report::pass(
        exercise,
        cases.len(),
        format!("✔ {exercise} is right for {which}.\n"),
        None,
    )
}

/// "1 square was right before this one", "5 squares were ...".
pub(super) fn right_before(checked: usize, noun: &str) -> String {
    if checked == 1 {
        format!("1 {noun} was right before this one")
    } else {
        format!("{checked} {noun}s were right before this one")
    }
}

/// The tally of a checker that gives partial credit: one part per case (a board size, say),
/// and the first wrong one in words and, if it helps, drawn.
pub(super) struct Parts {
    exercise: &'static str,
    right: usize,
    /// Parts right whose answer a constant gives as well (`None` for 3×3, 0 solutions for n =
    /// 2): they count only beside a part that no constant answers.
    trivial: usize,
    total: usize,
    first: Option<(String, Option<Svg>)>,
}

impl Parts {
    pub(super) fn new(exercise: &'static str) -> Self {
        Parts {
            exercise,
            right: 0,
            trivial: 0,
            total: 0,
            first: None,
        }
    }

    /// One part right.
    pub(super) fn right(&mut self) {
        self.right += 1;
        self.total += 1;
    }

    /// One part right whose answer a constant function gives too (`None` where no board
    /// exists): it counts only if some other part is right as well, so that `None` or `0` for
    /// every input earns nothing.
    pub(super) fn right_trivially(&mut self) {
        self.trivial += 1;
        self.total += 1;
    }

    /// One part wrong; `report` (its text, after "✘ ", and a drawing) is only worked out for
    /// the first.
    pub(super) fn wrong(&mut self, report: impl FnOnce() -> (String, Option<Svg>)) {
        self.total += 1;
        if self.first.is_none() {
            self.first = Some(report());
        }
    }

    /// The report: `passed` (text and drawing) when every part was right, else the first wrong
    /// part and how many were right.
    pub(super) fn report(self, passed: impl FnOnce(usize) -> (String, Option<Svg>)) -> Report {
        let right = if self.right > 0 {
            self.right + self.trivial
        } else {
            0
        };
        let total = self.total;
        match self.first {
            None => {
                let (text, picture) = passed(total);
                Report::pass(self.exercise, total, text, picture).with_parts(right, total)
            }
            Some((flaw, picture)) => {
                let mut text = format!("✘ {flaw}\n");
                let _ = writeln!(text, "  {right} of {total} parts were right.");
                if right == 0 && self.trivial > 0 {
                    let (many, verb) = if self.trivial == 1 {
                        ("1 part", "was")
                    } else {
                        (&*format!("{} parts", self.trivial), "were")
                    };
                    let _ = writeln!(
                        text,
                        "  ({many} {verb} right as a constant answer would be, which counts only \
                         once another part is right.)"
                    );
                }
                Report::fail(self.exercise, right, text, picture).with_parts(right, total)
            }
        }
    }
}

/// Where the steps a student's search noted part from the lecture's search, in words, or `None`
/// when they are the same: the first step that differs (`what` names a step: "split"), shown by
/// `show`, and how many each noted.
pub(super) fn parted<T: PartialEq>(
    what: &str,
    yours: &[T],
    lecture: &[T],
    show: impl Fn(&T) -> String,
) -> Option<String> {
    let at = (0..yours.len().max(lecture.len())).find(|&i| yours.get(i) != lecture.get(i))?;
    let said = |step: Option<&T>| step.map_or_else(|| "nothing more".to_owned(), &show);
    Some(format!(
        "the answer is right, but the search is not the lecture's: its {what} number {} is {}, \
         where yours notes {} ({} noted by yours, {} by the lecture's search)",
        at + 1,
        said(lecture.get(at)),
        said(yours.get(at)),
        yours.len(),
        lecture.len()
    ))
}
