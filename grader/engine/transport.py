"""How the runner talks to a running program, whatever carries its input and output.

A transport reads what the program prints until it waits for input, ends, floods or times out
(`collect`), types a line (`send`), gives it time to end (`wait_exit`) and ends it with everything it
started (`close`). Two carry the bytes: a pseudo-terminal (`grader/engine/terminal.py`, Linux and macOS, what
the official grade uses) and pipes (`grader/engine/pipes.py`, for Windows, which has no pty; `--transport
pipes` forces it elsewhere). They differ only in how bytes arrive and how the program is started and
ended; the reading loop, the output cap and how an ending is named live here, once.
"""

from __future__ import annotations

import sys
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Callable

from grader.judge.outcome import Ending
from grader.engine.waiting import ProcWatch, QuietWatch

PTY, PIPES = "pty", "pipes"
TRANSPORTS = (PTY, PIPES)

# How often the program is looked at while it is silent (`pause_after`): about as often as it has been silent,
# so a quick answer is seen quickly; at most every 5 ms for the first 50 ms of silence (a step's usual time),
# then every tenth of the silence up to every 50 ms (a program asleep for seconds: 20 looks a second, not 200).
FIRST_POLL, STEP_POLL, LONGEST_POLL = 0.0002, 0.005, 0.05
SILENCE_SHARE = 0.1

Watch = ProcWatch | QuietWatch

# Once the program waits for input, the CPU time its threads may still use before the step closes anyway
# (one that never blocks: a spinning worker). CPU time, not a wall-clock wait: the machine's load moves
# neither what a step holds nor when it closes.
SETTLE_CPU = 0.25


def pause_after(silence: float) -> float:
    """How long to wait before the next look at a program that has printed nothing for `silence` seconds."""
    return max(FIRST_POLL, min(silence, max(STEP_POLL, silence * SILENCE_SHARE), LONGEST_POLL))


def default_transport(platform: str = sys.platform) -> str:
    """A pty wherever one exists (every POSIX system); pipes on Windows."""
    return PIPES if platform.startswith(("win", "cygwin", "msys")) else PTY


@dataclass(frozen=True)
class Chunk:
    """What one step produced: the raw bytes printed, and why reading stopped."""

    data: bytes
    event: Ending


class Transport(ABC):
    """One running program and the channel to it. Subclasses set `watch` and `eof` and supply the hooks."""

    watch: Watch
    eof: bool
    heard_at: float | None = None  # when the program last printed or was typed to (None: not yet read from)
    echoed: list[bool | None]  # per line typed: whether the terminal showed it as it was read (None: unknown)

    @property
    @abstractmethod
    def pid(self) -> int:
        """The process started (the one `close` kills with all it started)."""

    @abstractmethod
    def _drain(self, budget: int) -> bytes:
        """What the program printed so far, without waiting: at least past `budget` bytes if there are."""

    @abstractmethod
    def _drain_rest(self, budget: int) -> bytes:
        """Once it ended or blocked: whatever it printed before that still on its way to us."""

    @abstractmethod
    def _pause(self, seconds: float) -> None:
        """Wait until output may have arrived, at most `seconds`."""

    @abstractmethod
    def _alive(self) -> bool:
        """The process has not ended."""

    @abstractmethod
    def _write(self, data: bytes) -> None:
        """Hand bytes to the program's input."""

    @abstractmethod
    def close(self, kill: Callable[[int], None]) -> tuple[int | None, int | None]:
        """End the program and everything it started (`kill(pid)`); returns (exit status, signal)."""

    def collect(self, timeout: float, budget: int) -> Chunk:
        """Read until the program waits for input, ends, floods past `budget` bytes or times out. Output
        past the budget is never returned, whichever way reading stopped: the cap does not depend on timing."""
        deadline = time.monotonic() + timeout
        data = bytearray()
        if self.heard_at is None:
            self.heard_at = time.monotonic()
        while True:
            piece = self._drain(budget - len(data))
            now = time.monotonic()
            if piece:
                data += piece
                self._heard(now)
            event = None
            if len(data) > budget:
                event = Ending.OUTPUT_LIMIT
            elif self.eof or not self._alive():
                event = Ending.EXITED
            elif self.watch.waiting(now):
                event = Ending.WAITING
            elif now >= deadline:
                event = Ending.TIMEOUT
            if event is not None:
                if event == Ending.WAITING:
                    event = self._settle(data, deadline, budget)
                if event == Ending.EXITED:
                    data += self._drain_rest(budget - len(data))  # all it printed before it ended
                if len(data) > budget:
                    return Chunk(bytes(data[:budget]), Ending.OUTPUT_LIMIT)
                return Chunk(bytes(data), event)
            self._pause(min(pause_after(now - self.heard_at), max(deadline - now, 0)))

    def _heard(self, now: float) -> None:
        self.heard_at = now
        self.watch.heard(now)

    def _settle(self, data: bytearray, deadline: float, budget: int) -> Ending:
        """Once a wait for input is seen: read all the program prints until every thread of it is blocked.
        A thread that prints after the main thread began to wait (a prompt printed by a worker) is in this
        step whatever the machine's load: the step closes when no thread runs or can run, none ran while
        we drained (the switch counts stayed put) and the drain found nothing more; or once the program
        flooded or has used SETTLE_CPU seconds of CPU since. A program that ends meanwhile ended here; one
        whose threads could not settle before the deadline (never given a CPU, stuck on a disk) timed out."""
        cpu = None  # the program's CPU time when it first did not settle at once
        quiet_since = time.monotonic()
        while True:
            before = self.watch.still()
            piece = self._drain_rest(budget - len(data))
            data += piece
            if before is not None and not piece and self.watch.still() == before:
                return Ending.WAITING
            if self.eof or not self._alive():
                return Ending.EXITED
            if len(data) > budget:
                return Ending.WAITING  # collect names the flood
            if cpu is None:
                cpu = self.watch.cpu_seconds()
            elif self.watch.cpu_seconds() - cpu >= SETTLE_CPU:
                return Ending.WAITING
            now = time.monotonic()
            if now >= deadline:
                return Ending.TIMEOUT
            if piece:
                quiet_since = now
            else:
                self._pause(min(pause_after(now - quiet_since), max(deadline - now, 0)))

    def send(self, line: str) -> None:
        """Type one line: from now on, only a new wait for input counts."""
        self.watch.arm()
        self._heard(time.monotonic())
        self._typing(line)
        self._write(line.encode("utf-8") + b"\n")

    def _typing(self, line: str) -> None:
        """Right before `line` is typed, while the program is blocked reading it: note how it reads.
        Pipes echo nothing and tell nothing: unknown."""
        self.echoed.append(None)

    def wait_exit(self, timeout: float) -> bool:
        """After end of output: give the program until `timeout` to actually end."""
        started = time.monotonic()
        while self._alive():
            now = time.monotonic()
            if now >= started + timeout:
                return False
            time.sleep(min(pause_after(now - started), started + timeout - now))
        return True
