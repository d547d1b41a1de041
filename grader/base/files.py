"""Writing result files so that an interrupted run never leaves half a file behind."""

from __future__ import annotations

import contextlib
import importlib.util
import os
import zipfile
from pathlib import Path

from grader.base.errors import UsageError


def check_writable(path: Path) -> None:
    """Fail before any grading, not after, when a results file could not be written."""
    if path.is_dir():
        raise UsageError(f"{path}: is a folder; give a file name")
    if not path.parent.is_dir():
        raise UsageError(f"{path}: the folder {path.parent} does not exist")
    _probe(path, path.parent)


def prepare_folder(path: Path) -> None:
    """Create an output folder, and fail before any grading, not after, when files cannot go there."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"{path}: cannot create this folder ({error.strerror})") from None
    _probe(path, path)


def private_folder(folder: Path) -> None:
    """Create `folder` (one the grader alone fills, such as `grade`'s students/) as its owner's alone,
    `go-rwx`, or make it so: without isolation student code runs on the same machine, as another user."""
    folder.mkdir(mode=0o700, exist_ok=True)
    folder.chmod(0o700)


def _probe(target: Path, folder: Path) -> None:
    """Write and remove a file in `folder` (os.access is not enough: root, read-only mounts, /proc)."""
    try:
        write_atomically(folder / ".grader-write-test", "")
        (folder / ".grader-write-test").unlink()
    except OSError as error:
        raise UsageError(f"{target}: cannot write in {folder} ({error.strerror})") from None


def write_atomically(path: Path, text: str | bytes, private: bool = False) -> None:
    """Write through a temporary file in the same folder, then rename over the target. A failure names
    the target, never the temporary file. `private`: the file is its owner's alone (0600) from the start.
    Text is written as UTF-8; bytes (a picture) as they are."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    binary = isinstance(text, bytes)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o666),
                  "wb" if binary else "w", encoding=None if binary else "utf-8") as file:
            if private:
                os.fchmod(file.fileno(), 0o600)  # whatever the umask and an older temporary file left
            file.write(text)
        os.replace(temporary, path)
    except OSError as error:
        raise OSError(error.errno, error.strerror, str(path)) from None
    finally:
        with contextlib.suppress(OSError):  # it may not exist, nor its folder
            temporary.unlink()


IGNORED_FOLDERS = ("__MACOSX", "__pycache__")
# What Python's import runs without a source beside it: bytecode (`helper.pyc`) and extension modules (preferred even
# to a `helper.py` beside them). What runs must be what anyone can read, so no run's copy holds them.
COMPILED_SUFFIXES = (".pyc", ".pyo", ".so", ".pyd")


def searched(name: str) -> bool:
    """A folder of this name is looked at; hidden folders (`.git`), archive leftovers (`__MACOSX`) and bytecode
    caches (`__pycache__`, which Python would load in place of the source) are not, and intake neither counts nor
    copies them."""
    return not name.startswith(".") and name not in IGNORED_FOLDERS


def compiled(name: str) -> bool:
    """A file of this name is compiled code Python could import in place of source: never copied for a run."""
    return name.endswith(COMPILED_SUFFIXES)


def compiled_source(path: Path) -> bool:
    """A `.py` file at `path` holds compiled code the interpreter would run whatever its name: bytecode (the magic
    number's first two bytes) or a zip archive (read from its end, so it may follow valid text). Never copied."""
    try:
        with open(path, "rb") as file:
            head = file.read(2)
        return head == importlib.util.MAGIC_NUMBER[:2] or zipfile.is_zipfile(path)
    except OSError:
        return False
