"""Which limit a report names for a run that ended: the kernel's counters and the fallback's disk watch, read
by the one home of limits (grader/sandbox/limits.py)."""

from __future__ import annotations

import signal

import pytest

from grader.sandbox.limits import MB, Limits

LIMITS = Limits(cpu_seconds=3, memory_mb=100, disk_mb=16)
DISK = f"its disk limit (disk_mb=16, at most 20000 files, all it wrote together)"


@pytest.mark.parametrize(("killed_by", "out_of_memory", "over_disk", "named"), [
    (signal.SIGKILL, False, True, DISK),
    (None, False, True, DISK),  # it ended by itself, but held too much before the watch looked
    (signal.SIGKILL, True, False, "its memory limit (memory_mb=100, all its processes together)"),
    (signal.SIGXCPU, False, False, "its CPU time limit (cpu_seconds=3)"),
    (signal.SIGKILL, False, False, None),
    (None, False, False, None),
])
def test_the_limit_that_ended_a_run_is_named(killed_by: int | None, out_of_memory: bool, over_disk: bool,
                                            named: str | None) -> None:
    assert LIMITS.hit(killed_by, out_of_memory, over_disk) == named


@pytest.mark.parametrize(("held", "entries", "over"), [
    (16 * MB, 1, False),
    (16 * MB + 1, 1, True),
    (0, 20_000, False),
    (0, 20_001, True),
])
def test_a_fallback_run_is_over_its_disk_past_its_bytes_or_its_files(held: int, entries: int, over: bool) -> None:
    assert LIMITS.over_disk(held, entries) is over
