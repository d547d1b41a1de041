"""The disk a run of the fallback writes, measured while it runs. Isolated, the run's own tmpfs holds it
to `disk_mb`; in the fallback its copy and the shared temporary folders lie on the machine's disk, and a
size-limited file system there needs root and a mount of its own for every folder the run may write. So a
watcher looks at what the run holds every few milliseconds and ends the run once it is over its limit, and
the grader looks once more after the run ended: a run that wrote past its limit between two looks is
over its limit all the same, only what it held meanwhile may pass the limit (by what it writes in one
interval: `docs/sandbox.md`, "What it does not guarantee").

What a run holds: every file and folder under its copy, what its uid owns in the shared temporary folders
(as root, where the uid is the run's alone) and the files its processes keep open or mapped after removing them;
each inode once, by the larger of its size and the blocks it takes. A folder of its copy it has made
impossible to list (unreadable, or nested past the longest path) counts as over its disk."""

from __future__ import annotations

import os
import stat
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Iterable, Iterator

from grader.sandbox import proc
from grader.sandbox.leftovers import owned_shared
from grader.sandbox.limits import Limits

INTERVAL = 0.005  # seconds between two looks, at the least
SHARE = 3  # a look that takes long is followed by a pause this many times as long: the watcher's share of a core


def held(copy: Path, uid: int | None, pids: Iterable[int], most_files: int,
         others: dict[str, int] | None = None) -> tuple[int, int]:
    """(bytes, files and folders) a run holds: under `copy`, owned by `uid` in the shared folders (None:
    the uid is not the run's alone; `others`: see `owned_shared`), and held open, removed, by `pids`; the
    count stops once past `most_files`."""
    seen: dict[tuple[int, int], int] = {}
    try:
        for status in _files(copy, uid, others):
            seen[status.st_dev, status.st_ino] = _size(status)
            if len(seen) > most_files:
                return sum(seen.values()), len(seen)  # over already: no need to look further
    except Unmeasurable:
        return sys.maxsize, len(seen)
    for pid in pids:
        for status in proc.open_files(pid):
            if stat.S_ISREG(status.st_mode) and status.st_nlink == 0:
                seen[status.st_dev, status.st_ino] = _size(status)
    return sum(seen.values()), len(seen)


def _files(copy: Path, uid: int | None, others: dict[str, int] | None) -> Iterator[os.stat_result]:
    yield from _tree(str(copy))
    if uid is not None:
        for path, status in owned_shared(uid, others):
            yield from _tree(path) if stat.S_ISDIR(status.st_mode) else (status,)


def _size(status: os.stat_result) -> int:
    return max(status.st_size, getattr(status, "st_blocks", 0) * 512)


def _tree(path: str) -> Iterator[os.stat_result]:
    """lstat of `path` and of everything below it (no link followed), folder after folder (no recursion,
    however deep the run nests them); what vanishes meanwhile is skipped. A folder that is there but cannot
    be listed (made unreadable, or nested past the longest path) raises `Unmeasurable`."""
    pending = [path]
    while pending:
        folder = pending.pop()
        try:
            yield os.lstat(folder)
            entries = list(os.scandir(folder))
        except FileNotFoundError:
            continue
        except OSError as error:
            raise Unmeasurable(f"{folder}: {error.strerror}") from None
        for entry in entries:
            try:
                if entry.is_dir(follow_symlinks=False):
                    pending.append(entry.path)
                else:
                    yield entry.stat(follow_symlinks=False)
            except FileNotFoundError:
                pass


class Unmeasurable(Exception):
    """What a run holds cannot be measured: it counts as over its disk."""


class DiskWatch:
    """Measures a run (`measure`: its bytes and files) against `limits` from a thread of its own until
    stopped, and calls `end` once when the run is over them; `over` says whether it ever was."""

    def __init__(self, measure: Callable[[], tuple[int, int]], limits: Limits, end: Callable[[], None]) -> None:
        self.measure, self.limits, self.end = measure, limits, end
        self.over = False
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="disk watch", daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        while not self._stopped.is_set():
            started = time.monotonic()
            if self.check():
                self.end()
                return
            self._stopped.wait(max(INTERVAL, SHARE * (time.monotonic() - started)))

    def check(self) -> bool:
        """Measure once; True (and `over` from then on) when the run holds more than its limits allow, or
        when the look itself fails: a run is never left unwatched (a watch thread that died of an error
        let a run write 192 MB past `disk_mb: 64`)."""
        try:
            over = self.limits.over_disk(*self.measure())
        except Exception:  # noqa: BLE001 - whatever failed, the run ends as over its limit, the grader goes on
            over = True
        self.over = self.over or over
        return self.over

    def stop(self) -> None:
        """No look after this returns (from the watcher's own thread, no later look)."""
        self._stopped.set()
        if threading.current_thread() is not self._thread:
            self._thread.join()
