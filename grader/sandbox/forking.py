"""The fork launch, seen from the grader: one fork server per grader process (started at the first run,
gone with the grader) forks every isolated run from an interpreter that has already started, so no run
pays for an interpreter's start-up (see grader/sandbox/inside/forkserver.py for the other side).

A run asked of the server is handed a fresh pty made here (its slave side travels with the request) and a
socket on which its init reports who it is and the server, at the end, how the program ended; `ForkedRun` is
that run as pexpect sees a spawned child, so the transports and tests handle both launches alike.
"""

from __future__ import annotations

import array
import fcntl
import marshal
import os
import signal
import socket
import struct
import subprocess
import tempfile
import termios
import threading
from pathlib import Path

from pexpect.fdpexpect import fdspawn

from grader.base.errors import SandboxFailure
from grader.base.project import SEEDED_BOOT
from grader.sandbox.inside import SERVER_SCRIPT

# The modules of start-up are noted first: the program gets only those (scriptmain.run_program), and a seeded
# program (SEEDED_BOOT, told as argv[2]) those `random` loads too, loaded here once rather than in every run.
SERVER_BOOT = (f"import sys; baseline = set(sys.modules); import random; seeding = set(sys.modules) - baseline; "
               f"sys.path[0] = {str(SERVER_SCRIPT.parent)!r}; import forkserver, scriptmain; "
               f"scriptmain.seeded_boot = sys.argv[2]; "
               f"scriptmain.run_program(forkserver.serve(int(sys.argv[1])), baseline, seeding)")
HELLO_TIMEOUT = 30.0  # a run's init says who it is within milliseconds; this only bounds a broken machine


class ServerFailure(SandboxFailure):
    """The fork server could not start a run (the caller reports it as the sandbox's failure)."""


class ForkedRun(fdspawn):
    """A run started by the fork server, with the part of pexpect.spawn's interface the grader uses:
    `pid` (its init), `child_fd` (the pty), `isalive()`, `wait()`, `exitstatus`, `signalstatus`, and
    expect/send from fdspawn."""

    def __init__(self, master: int, report: socket.socket, encoding: str | None = None, timeout: float = 30) -> None:
        super().__init__(master, encoding=encoding, timeout=timeout)
        self.report = report
        hello = b""
        report.settimeout(HELLO_TIMEOUT)
        try:
            while not hello.endswith(b"\n"):
                piece = report.recv(64)
                if not piece:
                    break
                hello += piece
        except OSError as error:
            hello = b""
            detail = f": {error}"
        else:
            detail = ""
        if not hello.endswith(b"\n"):
            self._close_all()
            raise ServerFailure(f"the fork server could not start the run{detail}")
        pid, since = hello.split()
        self.pid, self.since = int(pid), since
        self.exitstatus: int | None = None
        self.signalstatus: int | None = None
        self.status: int | None = None
        self._ending = b""

    def isalive(self) -> bool:
        if self.status is None:
            self._read_status(block=False)
        return self.status is None

    def wait(self) -> int | None:
        if self.status is None:
            self._read_status(block=True)
        return self.exitstatus

    def kill(self, sig: int) -> None:
        try:
            os.kill(self.pid, sig)
        except ProcessLookupError:
            pass

    def close(self, force: bool = True) -> None:
        """As pexpect's: a run still alive is killed if `force` (its init: the namespace dies with it),
        and its ending is read before the descriptors close."""
        if force and self.isalive():
            self.kill(signal.SIGKILL)
        if self.status is None and self.report.fileno() != -1:
            self._read_status(block=True)
        self._close_all()

    def _close_all(self) -> None:
        self.report.close()
        super().close()

    def _read_status(self, block: bool) -> None:
        """The run's wait status, as the server (its init's parent) reported it; a socket closed without
        one means the server itself is gone, and the run with it (PR_SET_PDEATHSIG): killed."""
        self.report.settimeout(None if block else 0.0)
        while len(self._ending) < 4:
            try:
                piece = self.report.recv(4 - len(self._ending))
            except (BlockingIOError, TimeoutError):
                return
            except OSError:
                piece = b""
            if not piece:
                self._ended(signal.SIGKILL)
                return
            self._ending += piece
        self._ended(int.from_bytes(self._ending, "little"))

    def _ended(self, status: int) -> None:
        self.status = status
        if os.WIFSIGNALED(status):
            self.signalstatus = os.WTERMSIG(status)
        else:
            self.exitstatus = os.WEXITSTATUS(status)


class ForkServer:
    """The server process and its control socket; `start` may be called from several threads."""

    def __init__(self, python: str, env: dict[str, str]) -> None:
        self.python, self.env = python, env
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.log = tempfile.TemporaryFile()  # what the server prints if it fails, for the message
        try:
            self.process = subprocess.Popen(
                [python, "-c", SERVER_BOOT, str(theirs.fileno()), SEEDED_BOOT], env=env, cwd="/",
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.log, pass_fds=[theirs.fileno()],
                start_new_session=True)
        except OSError as error:
            ours.close()
            self.log.close()
            raise ServerFailure(f"the fork server could not start: {error}") from None
        finally:
            theirs.close()
        self.control = ours
        self.lock = threading.Lock()

    def alive(self) -> bool:
        return self.process.poll() is None

    def start(self, config: Path, program: list[str], encoding: str | None, timeout: float) -> ForkedRun:
        master, slave = os.openpty()
        mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            _configure_terminal(slave)
            request = marshal.dumps((str(config), list(program)))
            with self.lock:
                self.control.sendmsg([request], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                                  array.array("i", [theirs.fileno(), slave]))])
        except OSError as error:
            os.close(master)
            mine.close()
            raise ServerFailure(f"the fork server is gone ({error}){self._last_words()}") from None
        finally:
            theirs.close()
            os.close(slave)
        return ForkedRun(master, mine, encoding, timeout)

    def _last_words(self) -> str:
        self.log.seek(0)
        said = self.log.read()[-2000:].decode(errors="replace").strip()
        return f": {said}" if said else ""

    def stop(self) -> None:
        self.control.close()  # the server exits at the end of its input
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def _configure_terminal(slave: int) -> None:
    """The pty as pexpect.spawn(echo=True, dimensions=(24, 80)) leaves it: a new pty's modes (echo on, as
    a terminal), 24 rows of 80."""
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))


_server: ForkServer | None = None
_server_lock = threading.Lock()


def start(python: str, env: dict[str, str], config: Path, program: list[str], encoding: str | None,
          timeout: float) -> ForkedRun:
    """Start a run on this process's fork server (started now if it is not running). A failed start is
    tried once more, on a new server if the old one died meanwhile; then ServerFailure."""
    try:
        return _running_server(python, env).start(config, program, encoding, timeout)
    except ServerFailure:
        return _running_server(python, env).start(config, program, encoding, timeout)


def _running_server(python: str, env: dict[str, str]) -> ForkServer:
    global _server
    with _server_lock:
        if _server is not None and not (_server.alive() and (_server.python, _server.env) == (python, env)):
            _server.stop()
            _server = None
        if _server is None:
            _server = ForkServer(python, env)
        return _server


def stop() -> None:
    """End this process's fork server, if it has one."""
    global _server
    with _server_lock:
        if _server is not None:
            _server.stop()
            _server = None


def _forget() -> None:
    """In a forked child: the server belongs to the parent (the child execs or exits soon anyway), and the
    child's copy of its control socket is closed, so that the server still ends with the parent."""
    global _server, _server_lock
    if _server is not None:
        _server.control.close()
    _server, _server_lock = None, threading.Lock()


os.register_at_fork(after_in_child=_forget)
