"""`python -m grader ARGS` for the tests, as a real process that skips the interpreter's start: each run is a
fork of a process that has already imported the grader, then runs `grader/__main__.py` as `-m` would.

Why: the system tests start the command line about two hundred times, and each fresh interpreter spends 0.1
to 0.3 s of CPU importing the grader, yaml and jsonschema before doing anything (ten of the test files, 88
runs, side by side: 67 core-seconds fresh, 55 forked). The forked run is still its own process with its own
pid, working folder, environment, standard streams, exit status and interpreter exit (atexit handlers,
flushed streams, a traceback for a crash).

What a fork shares with the process it came from, and a fresh interpreter would not: whatever the
interpreter read from its environment at start-up (so a run whose `PYTHON*`, `LANG` or `LC_*` variables
differ from the tests' own starts fresh, PYTHONPATH aside), the grader it imported (so a run that would
import another copy, a handout's or a bundle's, starts fresh), and the seed of str hashes (so a test of
determinism across runs asks for `fresh=True`, where set order differs from run to run as it does for
users).
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import importlib
import io
import json
import os
import pkgutil
import runpy
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]
STARTUP_VARIABLES = ("PYTHON", "LANG", "LC_")  # read once by the interpreter as it starts
MESSAGE_BYTES = 1 << 20
# Not imported ahead: what the command line itself runs, and what runs elsewhere (handouts, the sandbox).
NOT_PREIMPORTED = ("grader.__main__", "grader.templates", "grader.sandbox.inside")
IMPORTED_WHEN_USED = ("jsonschema", "pexpect")  # by the grader's functions, not its modules


def run_grader(*args: str | os.PathLike, cwd: str | os.PathLike = ROOT, env: dict[str, str] | None = None,
               timeout: float | None = 300, text: bool = True, encoding: str | None = None, fresh: bool = False,
               ) -> subprocess.CompletedProcess:
    """Run `python -m grader ARGS` in `cwd` with `env` (default: the tests' own) and stdin empty, and return what
    `subprocess.run(..., capture_output=True, text=text, encoding=encoding)` would; `fresh=True` starts a new
    interpreter, as users do."""
    argv = [sys.executable, "-m", "grader", *map(str, args)]
    environment = dict(os.environ if env is None else env)
    if fresh or why_fresh(Path(cwd), environment, _STARTED_WITH):
        return subprocess.run(argv, cwd=cwd, env=environment, stdin=subprocess.DEVNULL, capture_output=True,
                              text=text, encoding=encoding, timeout=timeout)
    with open(os.devnull, "rb") as stdin, tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
        request = {"args": argv[3:], "cwd": os.path.abspath(cwd), "env": environment,
                   "path": _search_path(Path(cwd), environment)}
        status = _forker().run(request, [stdin.fileno(), stdout.fileno(), stderr.fileno()], argv, timeout)
        return subprocess.CompletedProcess(argv, status, _read(stdout, text, encoding), _read(stderr, text, encoding))


def why_fresh(cwd: Path, environment: dict[str, str], forker_environment: dict[str, str]) -> str | None:
    """Why a run in `cwd` with `environment` cannot be a fork of a process started with `forker_environment`
    that imported this repository's grader, or None."""
    imported = _imported_grader(cwd, environment)
    if imported != ROOT / "grader":
        return f"it would import {imported or 'no grader'}"
    changed = sorted(name for name in {*environment, *forker_environment} if name.startswith(STARTUP_VARIABLES)
                     and name != "PYTHONPATH" and environment.get(name) != forker_environment.get(name))
    return f"the interpreter reads {', '.join(changed)} as it starts" if changed else None


def _read(stream: IO[bytes], text: bool, encoding: str | None) -> str | bytes:
    """What `subprocess.run` gives for the stream: the bytes, or text decoded with universal newlines."""
    stream.seek(0)
    if not text:
        return stream.read()
    decoded = io.TextIOWrapper(stream, encoding=encoding)
    try:
        return decoded.read()
    finally:
        decoded.detach()


def _search_path(cwd: Path, environment: dict[str, str]) -> list[str]:
    """Where `python -m grader` looks first: its folder, then PYTHONPATH's."""
    return [os.path.abspath(cwd), *filter(None, environment.get("PYTHONPATH", "").split(os.pathsep))]


def _imported_grader(cwd: Path, environment: dict[str, str]) -> Path | None:
    """The grader package a fresh `python -m grader` would import: forks run only this repository's."""
    for folder in _search_path(cwd, environment):
        if (Path(folder) / "grader" / "__init__.py").is_file():
            return (Path(folder) / "grader").resolve()
    return None


class _Forker:
    """The client's end: one forking process per test process, started on first use and stopped at exit."""

    def __init__(self) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.process = subprocess.Popen([sys.executable, __file__, str(theirs.fileno())], pass_fds=[theirs.fileno()],
                                        cwd=ROOT, env=_STARTED_WITH, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL)
        theirs.close()
        self.socket = ours
        self.stopped = False
        atexit.register(self.stop)

    def run(self, request: dict[str, Any], fds: list[int], argv: list[str], timeout: float | None) -> int:
        """The run's exit status. A run cut short here (its timeout, or pytest's, or Ctrl-C) is killed, and so
        is this forking process, whose next answer would be that run's: the next run starts another."""
        pid = None
        try:
            socket.send_fds(self.socket, [json.dumps(request).encode()], fds)
            pid = self._receive()["pid"]
            self.socket.settimeout(timeout)
            return self._receive()["status"]
        except BaseException as cut:
            if pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            self.stop()
            if isinstance(cut, TimeoutError):
                raise subprocess.TimeoutExpired(argv, timeout) from None
            raise

    def _receive(self) -> dict[str, int]:
        message = self.socket.recv(MESSAGE_BYTES)
        if not message:
            raise RuntimeError(f"the grader's forking process ended (status {self.process.wait()})")
        return json.loads(message)

    def stop(self) -> None:
        self.stopped = True
        self.socket.close()
        self.process.kill()
        self.process.wait()


_STARTED_WITH = dict(os.environ)
_the_forker: _Forker | None = None


def _forker() -> _Forker:
    global _the_forker
    if _the_forker is None or _the_forker.stopped:
        _the_forker = _Forker()
    return _the_forker


def _serve(fd: int) -> None:
    """The forking process: import the whole grader once, then fork one run per request and report its pid
    and its exit status. It ends when the test process closes its end, or is killed by it."""
    sys.path[0] = str(ROOT)
    import grader
    for module in pkgutil.walk_packages(grader.__path__, "grader."):
        if not module.name.startswith(NOT_PREIMPORTED):
            importlib.import_module(module.name)
    for dependency in IMPORTED_WHEN_USED:
        importlib.import_module(dependency)
    gc.freeze()  # the imported modules stay in pages the forks share, not copied by their collections
    channel = socket.socket(fileno=fd)
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(channel, MESSAGE_BYTES, 3)
        except ConnectionResetError:
            return
        if not message:
            return
        pid = os.fork()
        if pid == 0:
            channel.close()
            _become_grader(json.loads(message), fds)
        for received in fds:
            os.close(received)
        channel.send(json.dumps({"pid": pid}).encode())
        _, wait_status = os.waitpid(pid, 0)
        channel.send(json.dumps({"status": os.waitstatus_to_exitcode(wait_status)}).encode())


def _become_grader(request: dict[str, Any], fds: list[int]) -> None:
    """In the fork: take the run's streams, folder and environment, forget what the forking process cached
    from its own, and run grader/__main__.py as `python -m grader` does. Its SystemExit (or exception) ends
    this process through the interpreter's own exit."""
    for target, received in enumerate(fds):
        os.dup2(received, target)
    for inherited in [int(fd) for fd in os.listdir("/proc/self/fd") if int(fd) > 2]:
        with contextlib.suppress(OSError):  # the listing's own descriptor is gone already
            os.close(inherited)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    tempfile.tempdir = None
    sys.path[:1] = request["path"]
    sys.argv = ["-m", *request["args"]]
    runpy.run_module("grader", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    _serve(int(sys.argv[1]))
