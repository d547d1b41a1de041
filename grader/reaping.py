"""No process outlives the grader: as a child subreaper (Linux) it inherits whatever its children orphan
(a program that double-forks out of its process group, a worker that died) and kills it at the end."""

from __future__ import annotations

import ctypes
import os
import signal
import sys

from grader.proc import children

PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def kill_orphans(keep: set[int]) -> int:
    """Kill every child of ours not in `keep`, with everything below it, and reap them."""
    killed = 0
    for _ in range(100):
        orphans = [pid for pid in children(os.getpid()) if pid not in keep]
        if not orphans:
            break
        pending = list(orphans)
        while pending:
            pid = pending.pop()
            pending += children(pid)
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                pass
        for pid in orphans:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
    return killed
