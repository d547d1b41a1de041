"""The `check` command: one submission graded against the specs, its report printed (and written as
results.json and JUnit XML if asked); what students run most."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.base.helptext import CANNOT_RUN, add_command
from grader.commands.late_options import add_late_options
from grader.commands.options import add_assignment_options, add_jobs_option, add_run_options, check_plan
from grader.commands.platform_variant import add_platform_options
from grader.grading import checking, submission

FULL_MARKS, POINTS_LOST = 0, 1


def cmd_check(args: argparse.Namespace) -> int:
    plan, specs_dir = check_plan(args)
    graded = submission.grade_submission(plan, Path(args.submission), args.jobs)
    shown = checking.checked(plan, graded, Path(args.submission), specs_dir, reveal_hidden=not args.student_view)
    sys.stdout.write(checking.report_text(shown, sys.stdout.encoding))
    written = checking.write_check_files(shown, args.json, args.junit, args.screenshots)
    if written:
        print(written)
    return FULL_MARKS if checking.full_marks(graded) else POINTS_LOST


def add_check(commands: argparse._SubParsersAction) -> None:
    check = add_command(
        commands, "check", "grade one submission folder and print a report",
        "Grade one submission: run its program against the specs, typing each input when the program waits "
        "for it, and print a report of every spec it failed, with the inputs typed and a diff of the output "
        "expected and the output printed. The folder holds the program (mastermind.py for the digit game) at "
        "its top, or in its only sub-folder.",
        [("check student_template --visible-only", "check your own work against the specs you can see"),
         ("check alice/ --json results.json --junit junit.xml", "also write results.json (Gradescope's format) and JUnit XML"),
         ("check alice/ --assignment assignments/colour", "grade against another assignment's specs")],
        [(FULL_MARKS, "every point was earned"),
         (POINTS_LOST, "points were lost (a missing, crashing, hanging or wrong program included)"),
         CANNOT_RUN])
    check.add_argument("submission", help="a folder that holds the program (mastermind.py for the digit game)")
    add_assignment_options(check, variant=True)
    check.add_argument("--json", metavar="FILE", help="also write Gradescope's results.json format here")
    check.add_argument("--junit", metavar="FILE", help="also write JUnit XML (one testcase per spec) here")
    check.add_argument("--screenshots", metavar="DIR",
                       help="a web page: write a picture of the page where each failing spec went wrong to "
                            "DIR/screenshots/SPEC.png (hidden specs' not)")
    check.add_argument("--visible-only", action="store_true", help="run only the specs students can see")
    add_platform_options(check)
    add_jobs_option(check)
    add_late_options(check, class_times=False)
    add_run_options(check)
    check.set_defaults(run=cmd_check)
