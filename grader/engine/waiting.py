"""Knowing when a program waits for input, without looking at what it printed.

On Linux, a thread blocked reading its terminal shows the system call in /proc/PID/task/TID/syscall:
`read` on a descriptor that is our pty (or /dev/tty, where our pty is the process's controlling terminal:
getpass reads there), or `select`/`poll` (what programs using `readline` do) watching it. Right after we
send a line, /proc still shows the old, satisfied read until the thread runs again, so a wait only counts
when the thread has been switched out since the send: its context-switch count has grown past the
snapshot taken before sending. Once a wait is seen, the step closes only when every thread of the tree is
still (`ProcWatch.still`, see `Transport._settle`): a prompt another thread prints after the wait began
belongs to this step.

Where /proc/PID/syscall cannot be read (macOS, a hardened kernel) or the program talks through pipes
(Windows), `QuietWatch` takes over: the program counts as waiting once it has printed nothing for a short
quiet period. That is slower and can be fooled by a program that pauses mid-output, which is why it is
only the fallback.
"""

from __future__ import annotations

import os
import platform
import time
from typing import Callable

from grader.sandbox import proc

_SYSCALLS = {
    "x86_64": {"read": {0, 17, 19}, "select": {23, 270}, "poll": {7, 271}},
    "aarch64": {"read": {63, 65, 67}, "select": {72}, "poll": {73}},
}.get(platform.machine())
DEV_TTY = 5 << 8  # os.makedev(5, 0): /dev/tty, the opener's controlling terminal (what getpass reads)
ACTIVE = ("R", "D")  # a thread in these states may still print without anything from us: running, or on the disk


class ProcWatch:
    """Sees a new wait on the terminal `tty` (its st_rdev) by any thread of the program started as `pid`:
    those `threads(pid)` lists as (pid, tid), by default every thread of the process tree under `pid`."""

    def __init__(self, pid: int, tty: int,
                 threads: Callable[[int], list[tuple[int, int]]] = proc.tree_threads) -> None:
        self.pid = pid
        self.tty = tty
        self.threads = threads
        self.snapshot: dict[tuple[int, int], int] = {}

    @staticmethod
    def available(pid: int) -> bool:
        return _SYSCALLS is not None and proc.syscall_readable(pid)

    def arm(self) -> None:
        """Call right before sending input: waits already in progress no longer count."""
        self.snapshot = {
            (pid, tid): proc.switch_count(pid, tid) for pid, tid in self.threads(self.pid)
        }

    def heard(self, now: float) -> None:
        """Output says nothing about waiting here: /proc does."""

    def waiting(self, now: float) -> bool:
        return any(self._new_wait(pid, tid) for pid, tid in self.threads(self.pid))

    def _new_wait(self, pid: int, tid: int) -> bool:
        """True when the thread sleeps on our terminal in a wait that began after the last send.

        The switch count is read before and after the other looks: when it did not move, the thread stayed
        off the CPU the whole time, so the read we saw is the one it sleeps in now, and it went to sleep
        (switched out) after the snapshot, so after the send. A thread preempted inside the read it was just
        woken from also shows that read, but it is runnable (R), not sleeping (S): only a sleeping thread is
        waiting. State and count come from one read of its status. A count other than the snapshot's, not
        only a higher one: a thread that execs takes over its leader's (pid, tid) with its own, often lower,
        count, and whatever it waits in began after that exec."""
        found = proc.activity(pid, tid)
        if found is None or found[1] == self.snapshot.get((pid, tid)) or found[0] != "S":
            return False
        return self._blocked_on_tty(pid, tid) and proc.switch_count(pid, tid) == found[1]

    def still(self) -> tuple[tuple[int, int, int], ...] | None:
        """Every thread of the tree as (pid, tid, switch count) when none of them runs, is runnable or is in
        an uninterruptible wait, else None. Two equal answers mean no thread ran between them."""
        seen = []
        for pid, tid in self.threads(self.pid):
            found = proc.activity(pid, tid)
            if found is None:
                continue  # gone: it prints nothing more
            if found[0] in ACTIVE:
                return None
            seen.append((pid, tid, found[1]))
        return tuple(seen)

    def cpu_seconds(self) -> float:
        return proc.tree_cpu_seconds(self.pid)

    def _is_tty(self, pid: int, fd: int) -> bool:
        device = proc.fd_rdev(pid, fd)
        return device == self.tty or device == DEV_TTY and proc.controlling_tty(pid) == self.tty

    def _blocked_on_tty(self, pid: int, tid: int) -> bool:
        """The system call the thread sleeps in is a read of our terminal, or a select or poll watching it."""
        call = proc.syscall(pid, tid)
        if call is None:
            return False
        number, args = call
        if number in _SYSCALLS["read"]:
            return self._is_tty(pid, args[0])
        if number in _SYSCALLS["select"]:
            return args[0] > 0 and self._is_tty(pid, args[0] - 1)
        if number in _SYSCALLS["poll"]:
            return any(self._is_tty(pid, fd) for fd in proc.poll_fds(pid, args[0], args[1]))
        return False


QUIET_PERIOD, STARTUP_SILENCE = 0.3, 2.0


def proc_shows_waits() -> bool:
    """Whether this system shows, in /proc, when a process waits for input (what ProcWatch needs)."""
    return ProcWatch.available(os.getpid())


class QuietWatch:
    """The fallback: waiting means alive and silent for `quiet` seconds since the last output or input.
    Until the program first prints or is typed to, the silence must last `startup` seconds instead: an
    interpreter starting on a busy machine (or under a virus scanner) is silent far longer than a program
    between two lines, and input typed before its first prompt would shift every step that follows."""

    def __init__(self, quiet: float = QUIET_PERIOD, startup: float = STARTUP_SILENCE) -> None:
        self.quiet = quiet
        self.silence = startup
        self.last_output = time.monotonic()

    def arm(self) -> None:
        """Nothing to snapshot: silence is measured from the last output or send."""

    def heard(self, now: float) -> None:
        self.last_output = now
        self.silence = self.quiet

    def waiting(self, now: float) -> bool:
        return now - self.last_output >= self.silence

    def still(self) -> tuple[()]:
        """The quiet period already said it: nothing more to wait for."""
        return ()

    def cpu_seconds(self) -> float:
        return 0.0
