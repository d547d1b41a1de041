"""A program running on a fresh pseudo-terminal: read what it prints until it waits for input, type a
line, and collect how it ended. This is the only module that touches the pty."""

from __future__ import annotations

import errno
import os
import select
import signal
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pexpect

from grader.outcome import Ending
from grader.waiting import ProcWatch, QuietWatch, pty_rdev

# How often /proc is looked at while the program is silent: starts fast, backs off to a ceiling.
FIRST_POLL, LAST_POLL = 0.0002, 0.005


@dataclass(frozen=True)
class Chunk:
    """What one step produced: the raw bytes printed, and why reading stopped."""

    data: bytes
    event: Ending


class Terminal:
    def __init__(
        self,
        argv: list[str],
        env: dict[str, str],
        cwd: Path,
        preexec: Callable[[], None] | None = None,
        wait_method: str = "auto",
    ) -> None:
        self.child = pexpect.spawn(
            argv[0], argv[1:], env=env, cwd=str(cwd), echo=False, dimensions=(24, 80),
            preexec_fn=preexec, encoding=None, ignore_sighup=False,
        )
        try:
            self.child.delaybeforesend = None
            self.child.delayafterclose = self.child.ptyproc.delayafterclose = 0
            self.child.delayafterterminate = self.child.ptyproc.delayafterterminate = 0
            self.fd = self.child.child_fd
            os.set_blocking(self.fd, False)
            self.poller = select.poll()
            self.poller.register(self.fd, select.POLLIN)
            self.eof = False
            if wait_method == "auto":
                wait_method = "proc" if ProcWatch.available(self.child.pid) else "quiet"
            self.watch = ProcWatch(self.child.pid, pty_rdev(self.fd)) if wait_method == "proc" else QuietWatch()
            self.watch.heard(time.monotonic())
        except BaseException:
            # Nobody else knows this child yet: end it here (a sandbox's processes die with it).
            self.child.kill(signal.SIGKILL)
            self.child.close(force=True)
            raise

    @property
    def pid(self) -> int:
        return self.child.pid

    def _drain(self, budget: int) -> bytes:
        """Read everything printed so far. A read (not just poll) also flushes the kernel's pending pty
        buffer, so bytes written before the program blocked are all here."""
        data = bytearray()
        while not self.eof and len(data) <= budget:
            try:
                piece = os.read(self.fd, 65536)
            except BlockingIOError:
                break
            except OSError as error:
                if error.errno != errno.EIO:
                    raise
                piece = b""
            if not piece:
                self.eof = True
                break
            data += piece
        return bytes(data)

    def collect(self, timeout: float, budget: int) -> Chunk:
        """Read until the program waits for input, ends, floods past `budget` bytes or times out. Output
        past the budget is never returned, whichever way reading stopped: the cap does not depend on timing."""
        deadline = time.monotonic() + timeout
        data = bytearray()
        interval = FIRST_POLL
        while True:
            piece = self._drain(budget - len(data))
            now = time.monotonic()
            if piece:
                data += piece
                self.watch.heard(now)
                interval = FIRST_POLL
            event = None
            if len(data) > budget:
                event = Ending.OUTPUT_LIMIT
            elif self.eof or not self.child.isalive():
                event = Ending.EXITED
            elif self.watch.waiting(now):
                event = Ending.WAITING
            elif now >= deadline:
                event = Ending.TIMEOUT
            if event is not None:
                if event in (Ending.EXITED, Ending.WAITING):
                    data += self._drain(budget - len(data))  # all it printed before it ended or blocked
                if len(data) > budget:
                    return Chunk(bytes(data[:budget]), Ending.OUTPUT_LIMIT)
                return Chunk(bytes(data), event)
            self.poller.poll(min(interval, max(deadline - now, 0)) * 1000)
            interval = min(interval * 2, LAST_POLL)

    def send(self, line: str) -> None:
        self.watch.arm()
        self.watch.heard(time.monotonic())
        os.write(self.fd, line.encode("utf-8") + b"\n")

    def wait_exit(self, timeout: float) -> bool:
        """After end of output: give the program until `timeout` to actually end."""
        deadline = time.monotonic() + timeout
        interval = FIRST_POLL
        while self.child.isalive():
            if time.monotonic() >= deadline:
                return False
            time.sleep(interval)
            interval = min(interval * 2, LAST_POLL)
        return True

    def close(self, kill: Callable[[int], None]) -> tuple[int | None, int | None]:
        """End the program and everything it started; returns (exit status, signal)."""
        kill(self.child.pid)
        self.child.wait()
        self.child.close(force=True)
        return self.child.exitstatus, self.child.signalstatus
