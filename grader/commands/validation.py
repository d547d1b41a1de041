"""`grader validate`: is the spec suite itself sound? The checks are grader/grading/validation.py. Exit
status as in `check`: 0 the suite is sound, 1 a check failed, 2 validation could not run."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.base.helptext import add_command
from grader.base.project import default_jobs
from grader.commands.options import add_assignment_options, chosen_assignment
from grader.grading.validation import render, validate
from grader.grading.variant_files import filled_copy


def cmd_validate(args: argparse.Namespace) -> int:
    assignment = chosen_assignment(args)
    directory = Path(args.specs) if args.specs else assignment.specs
    with filled_copy(Path(args.reference or assignment.reference), assignment) as reference, \
            filled_copy(Path(args.template or assignment.template), assignment) as template:
        result = validate(directory, reference, template, jobs=args.jobs, assignment=assignment)
    sys.stdout.write(render(result, directory, assignment))
    return result.status


def add_validate(commands: argparse._SubParsersAction) -> None:
    check = add_command(
        commands, "validate", "check the spec suite against the reference and the template",
        "Check that the specs themselves are sound, before anyone is graded with them: every spec file is "
        "well formed; no two specs type the same inputs (one of them would prove nothing); no two share a "
        "name (the gradebook tells them apart by name); the reference solution earns full marks on every "
        "spec; the student template earns zero on every spec, each failure an ordinary difference (never a "
        "crash, a hang or a grader error).",
        [("validate", "check the digit game's specs (what `make validate` and `make test` run)"),
         ("validate --assignment assignments/colour", "check another assignment's specs"),
         ("validate --assignment assignments/colour --variant ten-rows", "check them for one of its variants"),
         ("validate --specs new-specs/", "check a folder of specs being written")],
        [(0, "the specs are sound"),
         (1, "a check failed (each problem is listed)"),
         (2, "could not run: a malformed spec, a missing reference or template, bad arguments")])
    add_assignment_options(check, variant=True)
    check.add_argument("--reference", metavar="DIR", help="must earn full marks (default: the assignment's reference/)")
    check.add_argument("--template", metavar="DIR", help="must earn zero (default: the assignment's student_template/)")
    check.add_argument("--jobs", type=int, default=default_jobs(), metavar="N",
                       help="specs run at once (default: every core, here %(default)s)")
    check.set_defaults(run=cmd_validate)
