"""`new DIR`: a starting assignment folder to begin a course from, the digit game's (its assignment.yaml,
specs, reference and student template). An installed grader ships them as `grader/example`
(pyproject.toml's package data, which lists EXAMPLE_FILES too); a checkout has them at its root."""

from __future__ import annotations

import argparse
import re
import shutil
import sys
from pathlib import Path

from grader.base.errors import UsageError
from grader.base.helptext import CANNOT_RUN, PROG, add_command
from grader.base.project import EXAMPLE, ROOT
from grader.spec.assignment import CONFIG

EXAMPLE_FILES = (CONFIG, "specs/*.yaml", "reference/*.py", "student_template/*.py", "student_template/*.md")


def example_folder() -> Path:
    """Where the digit game's files are: the installed package's copy, else the checkout's root."""
    return EXAMPLE if EXAMPLE.is_dir() else ROOT


def start_assignment(out: Path, example: Path) -> list[Path]:
    """Copy the example's EXAMPLE_FILES into `out` (new, or an empty folder) and return them; its
    assignment.yaml loses its `slug:`, so that the new folder's name names the outputs."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UsageError(f"{out}: already exists and is not an empty folder: `new` starts an assignment in a new one")
    copied = sorted({path.relative_to(example) for pattern in EXAMPLE_FILES for path in example.glob(pattern)})
    for name in copied:
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(example / name, out / name)
    config = out / CONFIG
    config.write_text(re.sub(r"^slug:.*\n", "", config.read_text(encoding="utf-8"), flags=re.MULTILINE),
                      encoding="utf-8")
    return [out / name for name in copied]


def cmd_new(args: argparse.Namespace) -> int:
    out = Path(args.folder)
    start_assignment(out, example_folder())
    print(f"started {out}/ from the digit game: {CONFIG}, the specs in specs/, the reference solution in "
          f"reference/ and the students' starting point in student_template/. Change them to your assignment, "
          f"then `{PROG} record specs/*.yaml` (in {out}) writes the expected outputs and `{PROG} validate` "
          "checks the suite", file=sys.stderr)
    return 0


def add_new(commands: argparse._SubParsersAction) -> None:
    command = add_command(
        commands, "new", "start an assignment folder from the bundled example, to begin a course",
        "Copy the bundled example, the digit game, into a new folder: its assignment.yaml (the assignment's name "
        "and program), specs/ (the transcripts that grade it), reference/ (the solution that records the expected "
        "output) and student_template/ (what students start from, with its handout README). Every command run "
        "in that folder or below it grades that assignment, as git finds its repository.",
        [("new hw1", "start hw1/ from the digit game"),
         ("grade submissions/ --assignment hw1 --out grades", "then grade a class with it, from anywhere")],
        [(0, "the folder was written"), CANNOT_RUN])
    command.add_argument("folder", metavar="DIR", help="the new assignment's folder (new, or empty)")
    command.set_defaults(run=cmd_new)
