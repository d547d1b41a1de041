"""`dry-run PLATFORM SUBMISSION`: a platform's bundle built and run as that platform runs it, with neither
the platform nor Docker (the layouts are grader/platforms/dry_run.py's): what is left out and the stand-in
values are said first, what the platform reads back last."""

from __future__ import annotations

import argparse
import contextlib
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from grader.base.errors import UsageError
from grader.base.helptext import CANNOT_RUN, add_command
from grader.commands.options import add_assignment_options
from grader.platforms.dry_run import PLATFORMS, read_back, run_script
from grader.spec.assignment import load_assignment


@contextlib.contextmanager
def _tree(keep: str | None) -> Iterator[Path]:
    """The folder the platform's tree is made in: `keep`, left for reading after, or a temporary one."""
    if keep is None:
        with tempfile.TemporaryDirectory(prefix="dry-run-") as folder:
            yield Path(folder)
        return
    path = Path(keep)
    if path.exists():
        raise UsageError(f"--keep {path}: already exists: name a new folder")
    path.mkdir(parents=True)
    yield path.resolve()


def cmd_dry_run(args: argparse.Namespace) -> int:
    submission = Path(args.submission)
    if not submission.is_dir():
        raise UsageError(f"{submission}: no such submission folder")
    assignment = load_assignment(Path(args.assignment))
    name, lay_out = PLATFORMS[args.platform]
    with _tree(args.keep) as root:
        layout = lay_out(root, submission.resolve(), assignment, Path(args.specs) if args.specs else assignment.specs)
        print(f"dry run of {name} in {root}: left out: {layout.left_out}; stand-in values for what {name} gives: "
              + ", ".join(f"{key}={value}" for key, value in layout.stand_ins.items()), file=sys.stderr, flush=True)
        status = run_script(layout)
        kept = "" if args.keep else " (the tree goes now: --keep DIR leaves it)"
        print(f"dry run of {name}: {Path(layout.command[-1]).name} exited {status}; {name} reads {layout.results}: "
              f"{read_back(layout.results)}{kept}", file=sys.stderr)
        return 0 if status == 0 and layout.results.is_file() else 1


def add_dry_run(commands: argparse._SubParsersAction) -> None:
    command = add_command(
        commands, "dry-run", "run a platform's bundle on a submission as the platform would, here",
        "Build a platform's bundle and run it on one submission as the platform runs it, without the platform and "
        "without Docker: a temporary folder stands for Gradescope's /autograder, PrairieLearn's /grade or the "
        "student's checkout on Classroom 50's runner, and the platform's own script grades the submission there. "
        "The log is what the platform's log would show, then what the platform reads back. Nothing is installed: "
        "this interpreter stands for the platform's venv, and what the platform gives its script (Gradescope's "
        "submission metadata, PrairieLearn's question data, the five variables of Classroom 50's runner and the "
        "login GitHub says pushed) gets stand-in values, said first.",
        [("dry-run gradescope student_template", "run the Gradescope autograder on the template"),
         ("dry-run classroom50 alice/ --keep dry", "Classroom 50's autograder on alice/, its tree left in dry/"),
         ("dry-run prairielearn alice/ --assignment assignments/colour", "another assignment's PrairieLearn grader")],
        [(0, "the platform's script ran and wrote its results"),
         (1, "the platform's script failed, or wrote no results: the platform would show an error"), CANNOT_RUN])
    command.add_argument("platform", choices=sorted(PLATFORMS), metavar="PLATFORM",
                         help=f"the platform whose bundle to run: {', '.join(sorted(PLATFORMS))}")
    command.add_argument("submission", help="a folder that holds the program, as the student hands it in")
    command.add_argument("--keep", metavar="DIR", help="make the platform's tree in DIR (new) and leave it there")
    add_assignment_options(command)
    command.set_defaults(run=cmd_dry_run)
