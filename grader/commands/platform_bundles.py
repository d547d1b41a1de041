"""`prairielearn` and `classroom50`: the PrairieLearn grader image and the Classroom 50 autograder folder
(built by grader/platforms/bundles.py), from the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.base.helptext import CANNOT_RUN, add_command
from grader.commands.options import add_assignment_options
from grader.commands.platform_variant import roster_column
from grader.platforms.bundles import build_classroom50, build_prairielearn
from grader.platforms.variants import CLASSROOM50_KEY, roster_variants
from grader.spec.assignment import load_assignment


def cmd_prairielearn(args: argparse.Namespace) -> int:
    assignment = load_assignment(Path(args.assignment))
    out = build_prairielearn(Path(args.out), Path(args.specs or assignment.specs), assignment)
    print(f"wrote {out}/: image/ (docker build it; entrypoint /grader/entrypoint) and tests/specs/ "
          "(copy into the question's tests/ folder)", file=sys.stderr)
    return 0


def cmd_classroom50(args: argparse.Namespace) -> int:
    assignment = load_assignment(Path(args.assignment))
    slug = args.slug or assignment.slug
    variants = None if args.variants_from is None else roster_variants(*args.variants_from, assignment, CLASSROOM50_KEY)
    out = build_classroom50(Path(args.out), Path(args.specs or assignment.specs), slug, assignment, variants)
    print(f"wrote {out}/autograders/{slug}/: copy it to CLASSROOM/autograders/{slug}/ in your "
          "classroom50 repository", file=sys.stderr)
    return 0


def add_prairielearn(commands: argparse._SubParsersAction) -> None:
    command = add_command(
        commands, "prairielearn", "build the PrairieLearn external grader (image folder and specs)",
        "Build what PrairieLearn's external grading needs: image/ (a Dockerfile, its entrypoint, the grader "
        "and its requirements; no spec, since grader images are usually public) and tests/specs/ (every "
        "spec, to copy into the question's tests/ folder, which PrairieLearn mounts at /grade/tests). The "
        "entrypoint grades /grade/student and writes /grade/results/results.json; hidden specs show "
        "students only their name and points. It holds every variant of an assignment with variants and grades "
        "by the one the question's params.variant names (PrairieLearn does not say who the student is).",
        [("prairielearn", "build dist/prairielearn/ for the digit game (what `make prairielearn` runs)"),
         ("prairielearn --assignment assignments/colour --out dist/colour-pl", "another assignment's grader")],
        [(0, "the folder was written"), CANNOT_RUN])
    command.add_argument("--out", default="dist/prairielearn", help="the folder to (re)build (default: %(default)s)")
    add_assignment_options(command)
    command.set_defaults(run=cmd_prairielearn)


def add_classroom50(commands: argparse._SubParsersAction) -> None:
    command = add_command(
        commands, "classroom50", "build the Classroom 50 autograder folder (all specs)",
        "Build autograders/<slug>/ for Classroom 50: autograder.py, the grader, its requirements and every "
        "spec. Copy it into the classroom50 repository; Classroom 50 runs autograder.py in the student's "
        "own GitHub Actions job, where it writes result.json and the Release's text, by the variant of the "
        "student whose push it grades. A determined student "
        "can read every spec there, hidden ones included (docs/platforms/classroom50.md).",
        [("classroom50", "build dist/classroom50/autograders/mastermind/ (what `make classroom50` runs)"),
         ("classroom50 --slug hw3-mastermind", "for the Classroom 50 assignment whose slug is hw3-mastermind"),
         ("classroom50 --assignment assignments/colour --variants-from roster.csv:variant",
          "every variant, each student graded by theirs (the roster's username column)")],
        [(0, "the folder was written"), CANNOT_RUN])
    command.add_argument("--out", default="dist/classroom50", help="the folder to (re)build (default: %(default)s)")
    command.add_argument("--slug", help="the Classroom 50 assignment slug (default: the assignment's slug, "
                                        "assignment.yaml `slug`: mastermind for the digit game)")
    add_assignment_options(command)
    command.add_argument("--variants-from", type=roster_column, metavar="ROSTER.csv:COLUMN",
                         help="bundle each student's variant, by the roster's `username` column (their GitHub login, "
                              "as in Classroom 50's students.csv), as variants.csv: the autograder grades a run by "
                              "the variant of the GitHub user whose push started it (default: a hash of the login)")
    command.set_defaults(run=cmd_classroom50)
