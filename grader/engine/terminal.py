"""A program running on a fresh pseudo-terminal (Linux, macOS): the transport of the official grade. This
is the only module that touches the pty; it imports what exists only on POSIX, so the runner imports it
only when a pty is asked for."""

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
from grader.engine.waiting import ProcWatch, QuietWatch


class Terminal(Transport):
    """`child`: a program started on a fresh pty by `Sandbox.start` (a pexpect child, or a fork launch's
    run, which behaves as one)."""

    def __init__(self, child: pexpect.spawn, wait_method: str = "auto") -> None:
        self.child = child
        try:
            self.fd = self.child.child_fd
            os.set_blocking(self.fd, False)
            self.poller = select.poll()
            self.poller.register(self.fd, select.POLLIN)
            self.eof = False
            if wait_method == "auto":
                wait_method = "proc" if ProcWatch.available(self.child.pid) else "quiet"
            self.watch = ProcWatch(self.child.pid, pty_rdev(self.fd)) if wait_method == "proc" else QuietWatch()
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

    _drain_rest = _drain  # the pty's read is synchronous: nothing can still be on its way

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
