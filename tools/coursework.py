#!/usr/bin/env python3
"""The coursework as an nbgrader course: release the students' copies, and test the grading.

The assignments' sources are in coursework/source/<assignment>/<assignment>.ipynb, with the
solutions between `// BEGIN SOLUTION` and `// END SOLUTION` and hidden tests between
`// BEGIN HIDDEN TESTS` and `// END HIDDEN TESTS`; coursework/nbgrader_config.py (with
grading.py) holds the Rust settings. nbgrader works in a copy of the course under
target/coursework/.

    python -m tools.coursework release           nbgrader generate_assignment for every assignment,
                                                 and the students' copies written to
                                                 notebooks/exercises/
    python -m tools.coursework release --check   ... and fail if notebooks/exercises/ differs from
                                                 them
    python -m tools.coursework pictures          run the sources with the Rust kernel and keep the
                                                 outputs of their picture cells (grade ids ending in
                                                 -picture: illustrations, no answers), which the
                                                 release ships drawn; the grading test fails when
                                                 they differ from what the cells draw
    python -m tools.coursework grade             release, then autograde four submissions of every
                                                 assignment with nbgrader itself: the solutions
                                                 (full marks), partly right answers (exactly the
                                                 points of their right parts, WRONG_SCORES), the
                                                 untouched stubs (0, and every stub compiles) and,
                                                 for LOOPED, an endless loop (0, stopped by the
                                                 grader's clock); then generate_feedback, whose HTML
                                                 must show the checkers' pictures; the shared cheats
                                                 on one assignment each (see tried_on) and those
                                                 of CHEATS on one, each of which must score 0 on the
                                                 test cell it attacks;
                                                 and Validate as students run it. The assignments
                                                 are graded side by side, one a core
                                                 (NQUEENS_GRADE_JOBS sets how many), each in a
                                                 course folder of its own,
                                                 target/coursework/grading/<a>/
    python -m tools.coursework grade --every-cheat   ... with every shared cheat and the loop
                                                 handed in for every assignment
"""

import argparse
import sys

from tools.grading_test import command_grade
from tools.release import command_pictures, command_release


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["release", "grade", "pictures"])
    parser.add_argument("--check", action="store_true",
                        help="release: fail if notebooks/exercises/ is out of date")
    parser.add_argument("--only", nargs="*", default=[], metavar="ASSIGNMENT",
                        help="grade: just these assignments")
    parser.add_argument("--every-cheat", action="store_true",
                        help="grade: hand in every shared cheat and the endless loop for every "
                        "assignment, not one assignment each (about three times the time)")
    args = parser.parse_args()
    if args.command == "release":
        command_release(args.check)
        return 0
    if args.command == "pictures":
        return command_pictures()
    return command_grade(args.only, args.every_cheat)


if __name__ == "__main__":
    sys.exit(main())
