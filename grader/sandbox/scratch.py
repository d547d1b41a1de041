"""Where a run's folders go: the run's own (its copy of the submission, its config and state), and a
`grade` worker's that holds them; and the longest path a submission's copy may take there."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from grader.sandbox.environment import INSIDE_HOME

RUN_FOLDER, WORKER_FOLDER = "grader-run-", "grader-worker-"  # mkdtemp prefixes: a run's folder, a grade worker's
PATH_MAX = 4096  # the bytes a path may have on Linux, its final NUL included
MEMORY = "/dev/shm"  # a memory file system on Linux: a run's few folders and files cost no disk journal there
MEMORY_ROOM = 256 << 20  # free space it needs to be used: a worker's runs hold copies of one submission at a time
SYSTEM_TEMPORARY = ("/tmp", "/var/tmp", "/usr/tmp")  # what tempfile picks when nobody chose a folder
_memory_usable: bool | None = None


def scratch() -> str:
    """Where the folders of isolated runs (and of `grade` workers that make them) go: the temporary folder,
    unless nobody chose it (no TMPDIR, the system's /tmp) and /dev/shm is a memory file system with room,
    where each run's folders and files are made and removed without the disk (on this machine's ext4 each
    such step took 1 to 6 ms of a run's wall time). An isolated run's folder holds root's files (0700) and
    the copy its launcher copies from; the program writes only on its own size-limited tmpfs. A fallback
    run writes into its folder, so that stays in the temporary folder: memory is no place for a run to fill."""
    global _memory_usable
    here = tempfile.gettempdir()
    if any(os.environ.get(name) for name in ("TMPDIR", "TEMP", "TMP")) or here not in SYSTEM_TEMPORARY:
        return here
    if _memory_usable is None:
        try:
            room, memory = os.statvfs(MEMORY), os.stat(MEMORY)
            _memory_usable = (room.f_bavail * room.f_frsize >= MEMORY_ROOM and bool(memory.st_mode & stat.S_ISVTX)
                              and os.access(MEMORY, os.W_OK | os.X_OK) and _is_memory(MEMORY))
        except OSError:
            _memory_usable = False
    return MEMORY if _memory_usable else here


def _is_memory(folder: str) -> bool:
    """`folder` is the mount point of a tmpfs (from /proc/self/mountinfo: field 5 the mount point, the type after " - ")."""
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return False
    return any(line.split()[4] == folder and line.split(" - ", 1)[1].split()[0] == "tmpfs"
               for line in lines if " - " in line)


def copy_prefix() -> str:
    """The longest folder a run's copy of a submission lies in here: a `grade` worker's scratch folder (see
    `scratch`), the run's folder in it, and the isolated root's /sandbox/work (mkdtemp adds 8 characters)."""
    parent = max((tempfile.gettempdir(), scratch()), key=len)
    folder = os.path.join(parent, WORKER_FOLDER + "x" * 8, RUN_FOLDER + "x" * 8)
    return os.path.join(folder, "root") + INSIDE_HOME
