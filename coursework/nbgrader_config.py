"""nbgrader's configuration for the nqueens coursework (run nbgrader from this folder).

The assignments are Rust notebooks for the evcxr kernel that load the coursework crate
(coursework/kit: the types, the lecture's helpers and the pictures). Their solution regions are
marked `// BEGIN SOLUTION` … `// END SOLUTION` and become `todo!()` in the students' copies; the
hidden test cells' checks sit between `// BEGIN HIDDEN TESTS` and `// END HIDDEN TESTS`. How the
work is graded (the sandbox, the judge outside the student's process, the hidden tests' seeds)
is grading.py's.
"""

from coursework import grading

grading.configure(get_config())  # noqa: F821 (nbgrader provides get_config)
