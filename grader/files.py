"""Writing result files so that an interrupted run never leaves half a file behind."""

from __future__ import annotations

import os
from pathlib import Path

from grader.errors import UsageError


def check_writable(path: Path) -> None:
    """Fail before any grading, not after, when a results file could not be written."""
    if path.is_dir():
        raise UsageError(f"{path}: is a folder; give a file name")
    if not path.parent.is_dir():
        raise UsageError(f"{path}: the folder {path.parent} does not exist")
    if not os.access(path.parent, os.W_OK):
        raise UsageError(f"{path}: cannot write in {path.parent}")


def write_atomically(path: Path, text: str) -> None:
    """Write through a temporary file in the same folder, then rename over the target."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
