"""A program running on a fresh pseudo-terminal (Linux, macOS): the transport of the official grade. This
is the only module that touches the pty; it imports what exists only on POSIX, so the runner imports it
only when a pty is asked for.

The pty echoes as a terminal does (ECHO on), so that what the screen would show is known: a line typed
while the program reads with echo on (`input()`) shows, one typed while echo is off (`getpass`) does not,
unless the program shows it itself (`readline` turns echo off and echoes the line on its own). Each line
typed is recorded as shown or not (`echoed`), and its echo is taken out of the output, so the output
compared is the program's own, as it was before the pty echoed."""

from __future__ import annotations

import errno
import fcntl
import os
import select
import signal
import struct
import termios
from pathlib import Path
from typing import Callable

import pexpect

from grader.engine.transport import Transport
from grader.sandbox import proc
from grader.engine.waiting import ProcWatch, QuietWatch


class Terminal(Transport):
    """`child`: a program started on a fresh pty by `Sandbox.start` (a pexpect child, or a fork launch's
    run, which behaves as one); `threads`: the (pid, tid) of the threads to watch, given the child's pid
    (`Sandbox.watched_threads`)."""

    def __init__(self, child: pexpect.spawn, wait_method: str = "auto",
                 threads: Callable[[int], list[tuple[int, int]]] = proc.tree_threads) -> None:
        self.child = child
        try:
            self.fd = self.child.child_fd
            os.set_blocking(self.fd, False)
            self.poller = select.poll()
            self.poller.register(self.fd, select.POLLIN)
            self.eof = False
            self.echoed = []
            self.echo: tuple[bytes, bool] | None = None  # the echo still to come of the line last typed
            self.held = b""  # output that may be that echo: held back until it is known
            if wait_method == "auto":
                wait_method = "proc" if ProcWatch.available(self.child.pid) else "quiet"
            self.watch = ProcWatch(self.child.pid, pty_rdev(self.fd), threads) if wait_method == "proc" else QuietWatch()
        except BaseException:
            # Nobody else knows this child yet: end it here (a sandbox's processes die with it).
            self.child.kill(signal.SIGKILL)
            self.child.close(force=True)
            raise

    @property
    def pid(self) -> int:
        return self.child.pid

    def _drain(self, budget: int) -> bytes:
        return self._unecho(self._read(budget), final=False)

    def _drain_rest(self, budget: int) -> bytes:
        """The pty's read is synchronous: nothing can still be on its way; output held back as a possible
        echo is the program's own if it blocked or ended before the echo was complete."""
        return self._unecho(self._read(budget), final=True)

    def _typing(self, line: str) -> None:
        """The program is blocked in its read: its terminal's mode now is the read's. Echo on, the terminal
        echoes the line (and Enter) before the program can see it, so before anything the program prints
        after it; echo off, the program may still print the line itself first."""
        try:
            on = bool(termios.tcgetattr(self.fd)[3] & termios.ECHO)  # a master reports its slave's modes
        except termios.error:  # the program just ended: nothing is read, nothing shows
            on = False
        self.echoed.append(on)
        self.echo = (line.encode("utf-8") + b"\r\n", on)
        self.held = b""

    def _unecho(self, data: bytes, final: bool) -> bytes:
        """`data` without the echo of the line last typed, once it is all here: the terminal's own (up to
        the first line end, which is Enter's), or the program's own copy of the line right after it, which
        counts as shown. Anything else is output, handed on once it can no longer be that echo."""
        if self.echo is None:
            return data
        self.held += data
        line, by_terminal = self.echo
        end = self.held.find(b"\n") + 1 if by_terminal else len(line) * self.held.startswith(line)
        if end > 0:
            rest, self.echo, self.held = self.held[end:], None, b""
            self.echoed[-1] = True
            return rest
        if not final and (by_terminal or line.startswith(self.held)):
            return b""
        rest, self.echo, self.held = self.held, None, b""
        return rest

    def _read(self, budget: int) -> bytes:
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

    def _pause(self, seconds: float) -> None:
        self.poller.poll(seconds * 1000)

    def _alive(self) -> bool:
        return self.child.isalive()

    def _write(self, data: bytes) -> None:
        os.write(self.fd, data)

    def close(self, kill: Callable[[int], None]) -> tuple[int | None, int | None]:
        kill(self.child.pid)
        self.child.wait()
        self.child.close(force=True)
        return self.child.exitstatus, self.child.signalstatus


def pty_rdev(master_fd: int) -> int:
    """The device number of the slave side of our pty (TIOCGPTN gives its index under /dev/pts)."""
    request = getattr(termios, "TIOCGPTN", 0x80045430)  # Linux's _IOR('T', 0x30, unsigned int)
    index = struct.unpack("I", fcntl.ioctl(master_fd, request, b"\0\0\0\0"))[0]
    slave = Path(f"/dev/pts/{index}")
    return os.stat(slave).st_rdev
