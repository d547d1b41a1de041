"""`handout` and `gradescope`: the folder students receive and the Gradescope autograder zip (built by
grader/platforms/handout.py and gradescope.py), from the command line. `python3 -m grader handout` (`make
handout`) builds `dist/<slug>/handout/`, a folder per variant for an assignment with variants;
`python3 -m grader gradescope` (`make gradescope`) builds `dist/<slug>/autograder.zip`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.base.errors import UsageError
from grader.base.helptext import CANNOT_RUN, add_command
from grader.commands.options import add_assignment_options, chosen_assignment
from grader.commands.platform_variant import roster_column
from grader.platforms.gradescope import build_gradescope
from grader.platforms.handout import build_handout
from grader.platforms.publishing import default_outputs
from grader.platforms.variants import GRADESCOPE_KEY, roster_variants
from grader.spec.assignment import with_variant
from grader.spec.specs import spec_files


def cmd_handout(args: argparse.Namespace) -> int:
    chosen = chosen_assignment(args)
    every = [with_variant(chosen, variant.name) for variant in chosen.variants] if args.variant is None else []
    if args.out and len(every) > 1:
        raise UsageError(f"--out names one handout, and {chosen.config} has {len(every)} variants: give --variant too")
    for assignment in every or [chosen]:
        out = build_handout(Path(args.out or default_outputs(assignment)[0]), Path(args.specs or assignment.specs),
                            assignment)
        visible = len(spec_files(out / "specs"))
        variant = f" of the variant {assignment.variant.describe()}" if assignment.variant else ""
        print(f"wrote {out}/: the template, its handout{variant}, {visible} visible spec(s), the grader; "
              "`make check` inside", file=sys.stderr)
    return 0


def cmd_gradescope(args: argparse.Namespace) -> int:
    assignment = chosen_assignment(args)
    default = default_outputs(assignment)[1]
    if args.variant is not None:
        if args.variants_from is not None:
            raise UsageError("--variant builds a zip of one variant; --variants-from one of every variant: give one")
        default = default.with_name(f"autograder-{args.variant}.zip")
    variants = None if args.variants_from is None else roster_variants(*args.variants_from, assignment, GRADESCOPE_KEY)
    out = build_gradescope(Path(args.out or default), Path(args.specs or assignment.specs), assignment,
                           one_variant=args.variant is not None, variants=variants)
    print(f"wrote {out}: upload it as the Gradescope autograder (setup.sh, run_autograder, all specs)", file=sys.stderr)
    return 0


def add_handout(commands: argparse._SubParsersAction) -> None:
    handout = add_command(
        commands, "handout", "build the folder students receive (visible specs only)",
        "Build the folder students receive, ready to be their template repository: the program to fill in "
        "with its handout README, the visible specs, the part of the "
        "grader students run (check and feedback), its requirements, check.py and a Makefile for `make "
        "check`, a dev container and a GitHub workflow that checks every push. The build refuses to publish "
        "a handout that would hold the reference solution or a hidden spec.",
        [("handout", "build dist/mastermind/handout/ for the digit game (what `make handout` runs)"),
         ("handout --assignment assignments/colour", "build dist/colour/handout-VARIANT/, one per variant, beside it"),
         ("handout --assignment assignments/colour --variant ten-rows", "build the handout of one variant only")],
        [(0, "the handout was built"), CANNOT_RUN])
    handout.add_argument("--out", metavar="DIR", help="the folder to (re)build (default: dist/SLUG/handout, SLUG from assignment.yaml)")
    add_assignment_options(handout, variant=True)
    handout.set_defaults(run=cmd_handout)


def add_gradescope(commands: argparse._SubParsersAction) -> None:
    gradescope = add_command(
        commands, "gradescope", "build the Gradescope autograder zip (all specs)",
        "Build the zip to upload to Gradescope as an assignment's autograder: setup.sh, run_autograder, the "
        "grader, every spec (hidden ones too: students see only their name and points) and the "
        "requirements. setup.sh keeps the hidden specs readable by root alone; run_autograder grades "
        "/autograder/submission and writes /autograder/results/results.json. The zip is the same, byte "
        "for byte, every time it is built from the same files.",
        [("gradescope", "build dist/mastermind/autograder.zip for the digit game (what `make gradescope` runs)"),
         ("gradescope --assignment assignments/colour", "build dist/colour/autograder.zip, beside it"),
         ("gradescope --assignment assignments/colour --variant ten-rows",
          "build dist/colour/autograder-ten-rows.zip: that variant alone")],
        [(0, "the zip was written"), CANNOT_RUN])
    gradescope.add_argument("--out", metavar="FILE", help="the zip to write (default: dist/SLUG/autograder.zip, SLUG from assignment.yaml)")
    add_assignment_options(gradescope, variant=True)
    gradescope.add_argument("--variants-from", type=roster_column, metavar="ROSTER.csv:COLUMN",
                            help="bundle each student's variant, by the roster's `email` column, as variants.csv: "
                                 "the autograder grades a submission by its submitter's (default: a hash of the email)")
    gradescope.set_defaults(run=cmd_gradescope)
