//! Who answers in the reference's place. A checker compares a student's answer with the
//! reference's on the same input, but this crate holds no reference: the students' kit compiles
//! it, and a reference is an answer to a task. So a checker asks for the reference's answer by
//! the task's name and the input as the [wire](crate::wire) writes it, and gets it
//!
//! * from the [`Oracle`] running on this thread, when there is one: the judge's crate (which
//!   holds the references and the hidden tests, and which only the grader runs) installs one
//!   with [`consulting`] for the time of a check, and in a hidden test it also draws the inputs;
//! * otherwise from `expected.txt`, the references' answers on every visible input of every
//!   checker, which the judge writes (`make expected`) and this crate keeps as data.
//!
//! The checkers cannot tell the two apart, so a student's visible test cell reports what the
//! judge would, and a hidden test (inputs the table has no answers for) can only be run by the
//! judge.

use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

/// What the judge hands the checkers: the references' answers, and a hidden test's inputs.
pub trait Oracle {
    /// The reference's answer to `task` on `input`, both written by the wire.
    fn answer(&self, task: &str, input: &str) -> String;

    /// The inputs of `exercise`'s hidden test, when this oracle runs one; `None` for the
    /// visible inputs. The value is of the type the exercise's checker reads.
    fn hidden_inputs(&self, exercise: &str) -> Option<Box<dyn Any>>;
}

thread_local! {
    static ORACLE: RefCell<Option<Rc<dyn Oracle>>> = const { RefCell::new(None) };
}

/// The oracle running on this thread, if any.
pub(crate) fn current() -> Option<Rc<dyn Oracle>> {
    ORACLE.with(|oracle| oracle.borrow().clone())
}

/// Puts the previous oracle back when a check ends, even by a panic.
struct Restore(Option<Rc<dyn Oracle>>);

impl Drop for Restore {
    fn drop(&mut self) {
        let previous = self.0.take();
        ORACLE.with(|oracle| *oracle.borrow_mut() = previous);
    }
}

/// Runs `check` with `oracle` answering for the references on this thread.
pub fn consulting<R>(oracle: Rc<dyn Oracle>, check: impl FnOnce() -> R) -> R {
    let _restore = Restore(ORACLE.with(|current| current.borrow_mut().replace(oracle)));
    check()
}
