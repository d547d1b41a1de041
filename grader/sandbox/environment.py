"""Who an untrusted program runs as, and with what: the fixed environment every run gets (nothing of the
grader's), and the interpreter that runs it (the grader's base interpreter, or one a per-run uid can run)."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

INSIDE_HOME = "/sandbox/work"  # where the working copy appears inside the isolated file system


def others_may(path: str, permission: int) -> bool:
    """A user who is neither owner nor in the group can reach `path` (every folder on the way searchable)
    and has `permission` on it."""
    try:
        if not os.stat(path).st_mode & permission:
            return False
        parent = os.path.dirname(path)
        while parent not in ("/", ""):
            if not os.stat(parent).st_mode & stat.S_IXOTH:
                return False
            parent = os.path.dirname(parent)
    except OSError:
        return False
    return True


def child_environment(home: Path | str, tmp: Path | str | None = None) -> dict[str, str]:
    """A fixed environment: nothing inherited, so no secret of the grader's reaches student code (on
    Windows, only where the system lives: Python cannot start without SYSTEMROOT)."""
    windows = {"SYSTEMROOT": os.environ.get("SYSTEMROOT", r"C:\Windows"), "TEMP": str(tmp or home),
               "TMP": str(tmp or home)} if os.name == "nt" else {}
    return windows | {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(home),
        "TMPDIR": str(tmp or home),
        "TERM": "xterm",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONHASHSEED": "0",  # the order of a set of strings is the same in every run: a regrade agrees
        "COLUMNS": "80",
        "LINES": "24",
    }


def isolated_environment() -> dict[str, str]:
    """The environment of an isolated run's launcher and program (and of the fork server): inside the sandbox."""
    return child_environment(INSIDE_HOME, "/tmp")


def student_python() -> str:
    """The interpreter student programs run with: the grader's base interpreter (never a venv)."""
    return getattr(sys, "_base_executable", None) or sys.executable


def unprivileged_python() -> str | None:
    """An interpreter a per-run uid can run: the grader's base interpreter if other users can reach it,
    else the system's python3 of the same version, else the system's python3 (None: there is none)."""
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    for candidate in (student_python(), f"/usr/bin/{version}", f"/usr/local/bin/{version}", "/usr/bin/python3",
                      "/usr/local/bin/python3"):
        real = os.path.realpath(candidate)
        prefix_lib = os.path.join(os.path.dirname(os.path.dirname(real)), "lib")
        if os.path.isfile(real) and others_may(real, stat.S_IXOTH) and others_may(prefix_lib, stat.S_IXOTH):
            return candidate
    return None
