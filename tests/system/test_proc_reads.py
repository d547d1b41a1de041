"""grader/sandbox/proc.py keeps the /proc files it reads open and reads them again from their start: each
read must still show the file as it is now, of the process that had the pid when the file was opened, and
a process gone must read as gone, whatever has its pid since."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import pytest

from grader.sandbox import proc

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc is Linux's")


def sleeper() -> subprocess.Popen:
    """A child that sleeps until it is killed, once it sleeps."""
    child = subprocess.Popen(["sleep", "600"])
    deadline = time.monotonic() + 30
    while (proc.activity(child.pid, child.pid) or ("?",))[0] != "S":
        assert time.monotonic() < deadline, "the child never went to sleep"
        time.sleep(0.001)
    return child


def test_a_kept_file_reads_as_the_process_is_now() -> None:
    me = os.getpid()
    before = proc.switch_count(me, me)
    for _ in range(3):
        os.sched_yield()
        time.sleep(0.001)  # a voluntary switch: the thread sleeps
    assert proc.switch_count(me, me) > before


def test_a_process_gone_reads_as_gone_though_its_file_was_kept_open() -> None:
    child = sleeper()
    pid = child.pid
    assert proc.activity(pid, pid) is not None and proc.syscall(pid, pid) is not None
    child.kill()
    child.wait()
    assert proc.activity(pid, pid) is None and proc.syscall(pid, pid) is None and proc.read(f"/proc/{pid}/stat") == b""


def test_no_more_files_are_kept_than_the_bound_whichever_threads_read_them() -> None:
    """The grader follows runs from threads that come and go (a pool per submission): what a thread kept
    open must not outlive the bound when the thread ends."""
    children = [sleeper() for _ in range(proc.KEPT + 8)]
    try:
        held = len(os.listdir("/proc/self/fd"))
        seen = []
        for child in children:
            reader = threading.Thread(target=lambda pid=child.pid: seen.append(proc.activity(pid, pid)))
            reader.start()
            reader.join()
        assert len(seen) == len(children) and None not in seen
        assert len(os.listdir("/proc/self/fd")) <= held + proc.KEPT
    finally:
        for child in children:
            child.kill()
            child.wait()
