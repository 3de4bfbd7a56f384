use super::{TASKS, Task, kit_checkers, task_list};
use crate::{Done, Mode, dispatch_in};

#[test]
fn the_kits_list_of_checkers_is_the_tables() {
    let committed = include_str!("../../../kit/src/checkers.rs");
    assert!(
        committed == kit_checkers(&TASKS),
        "coursework/kit/src/checkers.rs is stale: write it anew with `make expected`"
    );
}

#[test]
fn every_task_has_one_row_a_checker_of_its_name_and_a_hidden_test() {
    let mut checkers: Vec<&str> = TASKS.iter().map(|task| task.checker).collect();
    checkers.sort_unstable();
    checkers.dedup();
    assert_eq!(checkers.len(), TASKS.len(), "a checker in two rows");
    for task in &TASKS {
        assert!(task.checker.starts_with("check_"), "{}", task.checker);
        let inputs = dispatch_in(&TASKS, task.checker, Some(5), &Mode::Inputs);
        assert!(matches!(inputs, Ok(Done::Inputs(_))), "{}", task.checker);
    }
}

#[test]
fn a_task_added_to_the_table_reaches_the_judge_the_kit_and_the_release() {
    // A made-up task of assignment 09: the Luby task's row under another checker's name.
    let luby = TASKS
        .iter()
        .find(|task| task.checker == "check_luby")
        .unwrap();
    let added = Task {
        assignment: "09-added",
        checker: "check_added",
        ..*luby
    };
    let table: Vec<Task> = TASKS
        .iter()
        .map(|task| Task { ..*task })
        .chain([added])
        .collect();
    // The judge: its inputs, visible and hidden, as the Luby checker's.
    let inputs = |tasks: &[Task], checker| match dispatch_in(tasks, checker, None, &Mode::Inputs) {
        Ok(Done::Inputs(text)) => Some(text),
        _ => None,
    };
    assert_eq!(inputs(&TASKS, "check_added"), None);
    assert_eq!(inputs(&table, "check_added"), inputs(&TASKS, "check_luby"));
    // The kit exports it, and the release reads it in the list of tasks.
    assert!(!kit_checkers(&TASKS).contains("check_added"));
    assert!(kit_checkers(&table).contains("pub use nqueens_checkers::check_added;\n"));
    assert!(!task_list(&TASKS).contains("check_added"));
    assert!(task_list(&table).contains("09-added\tcheck_added\tluby\n"));
}
