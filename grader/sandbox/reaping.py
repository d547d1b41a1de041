"""No process outlives the grader: as a child subreaper (Linux) it inherits whatever its children orphan
(a program that double-forks out of its process group, a worker that died) and kills it at the end."""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time
from typing import Callable, Iterable

from grader.sandbox import proc

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
        orphans = [pid for pid in proc.children(os.getpid()) if pid not in keep]
        if not orphans:
            break
        pending = list(orphans)
        while pending:
            pid = pending.pop()
            pending += proc.children(pid)
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


def kill(pid: int) -> None:
    """SIGKILL, for a process that may be gone already (or never was ours to signal)."""
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def wait_dead(ours: Callable[[int], bool], followed: dict[int, bytes], timeout: float, grace: float,
              candidates: Callable[[], Iterable[int]] = proc.pids) -> None:
    """Until no process that `ours` recognises among `candidates()` (or in `followed`) is alive; SIGKILL
    those still alive after `grace`. A process is followed by (pid, start time) from the moment it is
    recognised: while it exits its command line and environment already read empty, and its pid may be
    reused once it is reaped."""
    started = time.monotonic()
    while True:
        for other in candidates():
            if other not in followed and ours(other):
                state = proc.state(other)
                if state is not None:
                    followed[other] = state[1]
        left = [other for other, since in followed.items() if proc.alive(other, since)]
        if not left:
            return
        waited = time.monotonic() - started
        if waited > timeout:
            raise RuntimeError(f"sandbox: processes {left} of the run survived SIGKILL")
        if waited >= grace:
            for other in left:
                kill(other)
        time.sleep(0.001)
