"""What every bundle holds of the assignment beside the grader (its assignment.yaml and referee; the
referee's key in a grading copy only), the templates the bundles are made from, where the handout and the
Gradescope zip go unless told, and a finished folder put in place whole."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from grader.base.project import PACKAGE
from grader.engine.referee import KEY_FILE
from grader.spec.assignment import Assignment

TEMPLATES = PACKAGE / "templates"


def replace_folder(build: Path, out: Path) -> None:
    """Replace `out` with the finished `build` (a sibling), so a failed build never leaves half a folder."""
    old = out.with_name(f".{out.name}.old-{os.getpid()}")
    if out.exists():
        out.rename(old)
    build.rename(out)
    shutil.rmtree(old, ignore_errors=True)


def assignment_files(assignment: Assignment) -> list[tuple[str, Path]]:
    """What makes a copy's root this assignment: its assignment.yaml and referee, if it has one."""
    return [(path.name, path) for path in (assignment.config, assignment.referee) if path is not None]


def hidden_assignment_files(assignment: Assignment) -> list[tuple[str, Path]]:
    """What a grading copy holds beside `assignment_files` and a handout never does: the referee's key."""
    key = assignment.referee.with_name(KEY_FILE) if assignment.referee is not None else None
    return [(key.name, key)] if key is not None and key.is_file() else []


def default_outputs(assignment: Assignment) -> tuple[Path, Path]:
    """Where `handout` and `gradescope` build unless told: under dist/<slug>/, so that two assignments'
    outputs coexist; a variant's handout in handout-<variant>/, beside the other variants'."""
    handout = f"handout-{assignment.variant.name}" if assignment.variants else "handout"
    return Path("dist") / assignment.slug / handout, Path("dist") / assignment.slug / "autograder.zip"
