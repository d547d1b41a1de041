"""Where the project's parts are, and how many cores grading may use: one definition for every command."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
ROOT = PACKAGE.parent
DEFAULT_SPECS = ROOT / "specs"
REFERENCE = ROOT / "reference"
TEMPLATE = ROOT / "student_template"
CORPUS = ROOT / "tests" / "submissions"
EXAMPLE = PACKAGE / "example"  # an installed grader's copy of the digit game (pyproject.toml's package data)
PYTHON = "python3"  # as a command's first word: the interpreter student programs run with
# `python3 -c SEEDED_BOOT SEED PROGRAM ARGS...`: PROGRAM run as `python3 PROGRAM ARGS...` would, its `random`
# seeded first (grader/spec/assignment.py; the fork server runs it without an exec: inside/scriptmain.py, which
# shares its pieces). Its text is a module's of the sandbox's inside, which only runs it.
SEEDED_BOOT = (PACKAGE / "sandbox" / "inside" / "seededboot.py").read_text(encoding="utf-8")


def default_jobs() -> int:
    """The cores this process may run on (its affinity, not the whole machine's count)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:
        return os.cpu_count() or 1
