"""A program talking through pipes: how students on Windows (no pseudo-terminal there) check their work,
and what `--transport pipes` forces on Linux so the tests cover it.

The program gets a pipe as its input and one pipe for its output and errors together, as a terminal
would show them. Nothing in /proc says when it waits, so a quiet period does (`QuietWatch`). Its output
is buffered as Python buffers a pipe (PYTHONUNBUFFERED is deliberately not set): a prompt the program
never flushes stays unseen here, as it does on a terminal, which is the bug to report. Blocking reads
are the only kind every system has on a pipe, so a thread reads and hands over chunks through a bounded
queue: a program that floods blocks on its write instead of filling the grader's memory.
"""

from __future__ import annotations

import os
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Callable

from grader.engine.transport import Transport
from grader.engine.waiting import QuietWatch

CHUNK = 65536
READ_AHEAD = 32  # chunks held at most, read but not yet collected
READER_GRACE = 5.0  # at close, how long the reader may take to see the end of the killed program's output


class Pipes(Transport):
    def __init__(
        self, argv: list[str], env: dict[str, str], cwd: Path, preexec: Callable[[], None] | None = None
    ) -> None:
        posix = {"preexec_fn": preexec, "start_new_session": True} if os.name == "posix" else {}
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, cwd=cwd,
            bufsize=0, **posix,
        )
        self.eof = False
        self.echoed = []
        self.watch = QuietWatch()
        self._chunks: queue.Queue[bytes] = queue.Queue(maxsize=READ_AHEAD)
        self._held = b""  # a chunk `_pause` received and `_drain` has not handed out yet
        self._reader = threading.Thread(target=self._read, name=f"pipes-reader-{self.process.pid}", daemon=True)
        self._reader.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def _read(self) -> None:
        """The reader thread: chunks as they come, then b"" for the end of output."""
        stream = self.process.stdout
        while True:
            try:
                piece = stream.read(CHUNK)
            except (OSError, ValueError):  # closed under us: the run is over
                piece = b""
            self._chunks.put(piece or b"")
            if not piece:
                return

    def _take(self, piece: bytes) -> bytes:
        if not piece:
            self.eof = True
        return piece

    def _drain(self, budget: int) -> bytes:
        data, self._held = bytearray(self._held), b""  # the end of output, if held, already set eof
        while not self.eof and len(data) <= budget:
            try:
                data += self._take(self._chunks.get_nowait())
            except queue.Empty:
                break
        return bytes(data)

    def _drain_rest(self, budget: int) -> bytes:
        """Output the program wrote before it ended may still be in the pipe or the reader's hands: read
        until the end of output, or until the pipe stays quiet as long as the watch's quiet period (a
        process the program left behind may hold the pipe open)."""
        data = bytearray(self._drain(budget))
        if self._alive():
            return bytes(data)  # blocked, not ended: the quiet period already saw all there was
        while not self.eof and len(data) <= budget:
            try:
                data += self._take(self._chunks.get(timeout=self.watch.quiet))
            except queue.Empty:
                break
        return bytes(data)

    def _pause(self, seconds: float) -> None:
        if self._held or self.eof:
            return
        try:
            self._held = self._chunks.get(timeout=seconds)
        except queue.Empty:
            return
        if not self._held:
            self.eof = True

    def _alive(self) -> bool:
        return self.process.poll() is None

    def _write(self, data: bytes) -> None:
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
        except OSError:
            pass  # it ended (or closed its input) meanwhile: the next collect sees how it ended

    def close(self, kill: Callable[[int], None]) -> tuple[int | None, int | None]:
        kill(self.process.pid)
        status = self.process.wait()
        deadline = time.monotonic() + READER_GRACE
        while self._reader.is_alive():  # take what the reader still holds, so it sees the end and stops
            try:
                self._chunks.get(timeout=max(deadline - time.monotonic(), 0))
            except queue.Empty:
                break
        streams = [self.process.stdin] if self._reader.is_alive() else [self.process.stdin, self.process.stdout]
        for stream in streams:  # a reader still inside a read keeps its pipe: closing it there may block
            try:
                stream.close()
            except OSError:
                pass
        if status < 0:  # POSIX: killed by a signal
            return None, -status
        return status, None
