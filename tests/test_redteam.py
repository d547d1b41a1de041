"""Angles of a red-team review the other sandbox tests do not cover, each with the program of
tests/hostile/<name>/ run exactly as the runner runs it (see test_sandbox.py) in both modes."""

from __future__ import annotations

import platform
import subprocess
from pathlib import Path

import pytest

from grader.protections import protections
from test_sandbox import MODES, ended, needs_isolation, running, submission

ENOSYS = -38


@pytest.mark.skipif(platform.machine() != "x86_64", reason="int 0x80 and x32 are entry points of x86_64")
@pytest.mark.parametrize("isolate", MODES)
def test_calls_through_the_32_bit_and_x32_entry_points_fail(tmp_path: Path, isolate: bool) -> None:
    # Unfiltered, the 32-bit unshare(CLONE_NEWUSER) succeeds (0) and getuid32 answers: the filter must
    # refuse the whole architecture, not only the x86_64 numbers of the calls it denies.
    with running(submission(tmp_path, "other_architectures"), isolate=isolate) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    results = dict(line.split(": ") for line in output.splitlines())
    assert results == {"i386 unshare": str(ENOSYS), "i386 getuid32": str(ENOSYS), "x32 unshare": str(ENOSYS)}



def left_behind(uid: int) -> list[str]:
    """Remove and name what `uid` left in the shared temporary folders and in System V IPC, as the host
    sees them (removed whatever the verdict, so a failing test leaves the host as it was)."""
    found = []
    for folder in ("/tmp", "/var/tmp", "/dev/shm"):
        for path in Path(folder).iterdir():
            if path.lstat().st_uid == uid:
                path.unlink()
                found.append(str(path))
    for kind, id_column, option in (("shm", "shmid", "-m"), ("sem", "semid", "-s"), ("msg", "msqid", "-q")):
        header, *rows = (row.split() for row in Path(f"/proc/sysvipc/{kind}").read_text().splitlines())
        for row in rows:
            if row[header.index("uid")] == str(uid):
                subprocess.run(["ipcrm", option, row[header.index(id_column)]], check=True)
                found.append(f"System V {kind} {row[header.index(id_column)]}")
    return found


@needs_isolation
def test_isolated_runs_leave_nothing_in_shared_temporary_folders_or_system_v(tmp_path: Path) -> None:
    with running(submission(tmp_path, "shared_temporary"), isolate=True) as (box, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    assert "left a file in /dev/shm" in output and "segment: " in output
    assert left_behind(box.uid) == []


@pytest.mark.skipif(not protections().run_limits, reason=protections().describe())
def test_a_fallback_run_cannot_lift_or_leave_its_own_limits(tmp_path: Path) -> None:
    # Isolated runs have no /sys at all; without isolation the run's cgroups are in plain sight.
    with running(submission(tmp_path, "own_limits"), isolate=False) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    *outcomes, attempts = output.splitlines()
    assert all(outcome.startswith("refused: ") for outcome in outcomes), output
    assert outcomes.count("refused: Permission denied") >= int(attempts.split()[-1]) // 2, output
