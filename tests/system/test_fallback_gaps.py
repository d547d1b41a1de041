"""What a fourth attack pass found open in the fallbacks, each with the program of tests/hostile/<name>/ run
exactly as the runner runs it: a run filling the machine's disk file after file (closed by the disk watch,
grader/sandbox/disk.py) and a daemon shedding every mark of its run (closed by the run's reaper,
grader/sandbox/reaping.py). docs/sandbox.md says what each still leaves open."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Callable


from conftest import NOBODY, ROOT
from grader.sandbox.limits import Limits
from test_sandbox import ended, running, submission

def test_a_fallback_run_is_stopped_at_its_disk_limit(tmp_path: Path) -> None:
    # Isolated, the run's tmpfs stops it at disk_mb. In the fallback (as root here) only file_size_mb held, per
    # file: 1 MB files in its copy and in /tmp took 2.4 GB of the host's disk in 3 s (at that rate a run of 10 CPU
    # seconds per process fills a disk of tens of GB, and the grader's own writes fail meanwhile). Now the watch on
    # what the run holds (its copy, its uid's files in /tmp, the files it removed but keeps open) ends it, past its
    # limit by at most what it writes between two looks; the report names the disk limit.
    limits = Limits(cpu_seconds=5, memory_mb=256, processes=16, file_size_mb=1, open_files=32, disk_mb=16)
    with running(submission(tmp_path, "fill_host_disk"), limits, isolate=False, timeout=30) as (box, child):
        output, status, sig = ended(child, timeout=30)
    written = int(re.findall(r"^(\d+)\r?$", output, re.M)[-1])
    assert "wrote" not in output and sig == signal.SIGKILL, output
    assert box.stopped_by(sig) == f"its disk limit (disk_mb=16, at most 20000 files, all it wrote together)"
    # Past its limit by what it writes between two looks: a few MB on an idle machine, 17 MB seen under load; it
    # meant to write 256 MB. Not before it: the file that took it over may be killed before it is announced.
    assert limits.disk_mb - 1 <= written < 128, output


def test_a_fallback_run_that_keeps_removed_files_only_mapped_is_stopped_at_its_disk_limit(tmp_path: Path) -> None:
    # A file removed and closed but still mapped (one page of it) keeps all its blocks on the disk, and no folder
    # and no descriptor shows it: the watch saw 1 MB at a time while a run with disk_mb=16 held 256 MB (and could
    # go on to vm.max_map_count files). The watch now counts the removed files a run's processes map.
    limits = Limits(cpu_seconds=5, memory_mb=256, processes=16, file_size_mb=1, open_files=32, disk_mb=16)
    with running(submission(tmp_path, "mapped_disk"), limits, isolate=False, timeout=30) as (box, child):
        output, status, sig = ended(child, timeout=30)
    assert "held" not in output and sig == signal.SIGKILL, output
    assert box.stopped_by(sig) == "its disk limit (disk_mb=16, at most 20000 files, all it wrote together)"
    assert int(re.findall(r"^(\d+)\r?$", output, re.M)[-1]) < 128, output


def test_folders_nested_past_the_longest_path_are_over_the_disk_and_still_removed(tmp_path: Path) -> None:
    # The watch walks by whole paths, which stop at 4,095 bytes: what lies below could not be measured, so it counts
    # as over. The copy's removal (shutil.rmtree) recursed past Python's limit: a grader error, the copy left.
    with running(submission(tmp_path, "nest_deep"), isolate=False, timeout=30) as (box, child):
        output, status, sig = ended(child, timeout=30)
    assert box.stopped_by(sig) == f"its disk limit (disk_mb=64, at most 20000 files, all it wrote together)"
    assert not box.root.exists()


DRIVE = textwrap.dedent("""
    import sys, pexpect
    from grader.sandbox.modes import open_sandbox
    from grader.sandbox.limits import Limits
    with open_sandbox(sys.argv[1], Limits(cpu_seconds=2, memory_mb=256, processes=16), isolate=False) as box:
        child = box.start(sys.argv[2:] or ["python3", "mastermind.py"], encoding="utf-8", timeout=10)
        child.expect(pexpect.EOF)
        child.wait()  # its own ending, before kill_all's
        box.kill_all(child.pid)
        child.close(force=True)
    print(child.before.strip())
    print("stopped by", box.stopped_by(child.signalstatus))
    print("ended", child.exitstatus, child.signalstatus)
    print("copy left", box.root.exists())
""")


def as_nobody_in_a_sandbox(nobodys: Path, hostile: str, files: dict[str, str] | None = None,
                           prepare: Callable[[Path], None] | None = None, command: tuple[str, ...] = ()) -> str:
    """What DRIVE prints, run as NOBODY (the non-root fallback, with Landlock where the kernel has it) on the
    program of tests/hostile/`hostile` (`files`: written beside it; then the folder given to `prepare`, if any),
    started as `python3 mastermind.py` or as `command`."""
    folder = submission(nobodys, hostile, files)
    if prepare is not None:
        prepare(folder)
    for path in (nobodys, *nobodys.rglob("*")):
        os.lchown(path, NOBODY, NOBODY)
    from grader.sandbox.environment import unprivileged_python  # noqa: PLC0415

    environment = {"PATH": "/usr/bin:/bin", "HOME": str(nobodys), "LANG": "C.UTF-8", "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *sys.path[1:]])}
    done = subprocess.run([unprivileged_python(), "-c", DRIVE, str(folder), *command], cwd=ROOT, env=environment, user=NOBODY,
                          group=NOBODY, extra_groups=[], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_folders_a_run_closes_to_its_user_are_over_the_disk_and_still_removed(nobodys: Path) -> None:
    # Not as root the grader is the run's user, and cannot list a folder the run made unreadable: what it holds
    # went uncounted, and shutil.rmtree left the copy on the disk.
    said = as_nobody_in_a_sandbox(nobodys, "close_folders")
    assert f"stopped by its disk limit (disk_mb=64, at most 20000 files, all it wrote together)" in said, said
    assert "copy left False" in said


def test_a_daemon_that_sheds_its_marker_dies_with_a_run_as_another_user(nobodys: Path) -> None:
    # Not as root there is no cgroup: clean-up found a run's processes by process group and by the marker in their
    # environment. A setsid daemon that re-executes itself with an empty environment has neither, and lived on
    # (burning CPU, it slowed every later run of `check`, and of `grade` for classmates, until the grader ended).
    daemon = int(re.search(r"daemon (\d+)", as_nobody_in_a_sandbox(nobodys, "shed_marker")).group(1))
    try:
        assert not Path(f"/proc/{daemon}").exists() or "State:\tZ" in Path(f"/proc/{daemon}/status").read_text()
    finally:
        try:
            os.kill(daemon, 9)
        except ProcessLookupError:
            pass
