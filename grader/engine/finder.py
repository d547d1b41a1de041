"""Where a submission's program is: one rule for `check`, `grade` and Gradescope's `run_autograder`.

The program file at the top of the submission folder, or else the only one in its immediate sub-folders
(a zip of a repository unpacks as `alice/mastermind-main/mastermind.py`); archive leftovers (`__MACOSX`)
and hidden folders are ignored. The program runs from the folder where it lies. Anything else (no such
file, two candidates, a file where a folder should be) is a problem text for the student's row, such as
"no mastermind.py (found: main.py)", never a silent 0. Only names and file types are looked at (lstat, no
link followed, nothing opened), so any folder a student uploads is safe to search.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from grader.base.escaping import safe_name
from grader.base.files import searched

SHOWN = 5  # file names listed in a "found:" hint


@dataclass(frozen=True)
class Found:
    """The folder holding the program (where it runs from), or why there is none."""

    folder: Path | None
    problem: str | None = None


def _entries(folder: Path) -> list[tuple[str, int]]:
    """(name, st_mode) of each entry, sorted by name; unreadable entries are left out."""
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    found = []
    for name in names:
        try:
            found.append((name, os.lstat(folder / name).st_mode))
        except OSError:
            continue
    return found


def find_program(folder: Path, name: str) -> Found:
    """Where the program `name` lies in the submission `folder` (see the module's rule)."""
    try:
        mode = os.stat(folder).st_mode  # the folder as given may be a link (the sample class's are); nothing inside is followed
    except OSError:
        return Found(None, "no submission folder")
    if not stat.S_ISDIR(mode):
        return Found(None, f"not a folder: a single file was handed in, not a folder holding {name}")
    top = _entries(folder)
    at_top = dict(top).get(name)
    if at_top is not None:
        return Found(folder) if stat.S_ISREG(at_top) else Found(None, f"{name} is not a regular file (a link or a folder)")
    subfolders = [entry for entry, mode in top if stat.S_ISDIR(mode) and searched(entry)]
    nested = {entry: _entries(folder / entry) for entry in subfolders}
    holding = [entry for entry, inside in nested.items()
               if any(file == name and stat.S_ISREG(mode) for file, mode in inside)]
    if len(holding) == 1:
        return Found(folder / holding[0])
    if holding:
        return Found(None, f"more than one {name} (in {', '.join(safe_name(entry) + '/' for entry in holding)}): "
                           f"keep only one")
    files = [entry for entry, mode in top if stat.S_ISREG(mode)]
    files += [f"{sub}/{entry}" for sub, inside in nested.items() for entry, mode in inside if stat.S_ISREG(mode)]
    return Found(None, f"no {name} ({_hint(files, Path(name).suffix)})")


def _hint(files: list[str], suffix: str) -> str:
    """What was there instead: files of the program's kind first (a misnamed program), else any file."""
    likely = [file for file in files if suffix and file.endswith(suffix)] or files
    if not likely:
        return "the folder is empty"
    shown = ", ".join(safe_name(file) for file in likely[:SHOWN])
    more = f" and {len(likely) - SHOWN} more" if len(likely) > SHOWN else ""
    return f"found: {shown}{more}"
