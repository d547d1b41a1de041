"""Hostile submissions graded in a batch with a correct one, through the real `grade` command: the batch
finishes with every student graded, a hostile one earns only what it earns by playing the game, the
grader's memory stays bounded, and no process of any run is left."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conftest import ROOT
from grader.sandbox import proc
from grader.sandbox.protections import protections
from grader.sandbox.box import UID_BASE

CLASS = ROOT / "tests" / "hostile_class"
MARK = b"HOSTILE_MARK=hostile-batch-7f3a"
PLAYS_RIGHT = {"ada", "daemon-player"}  # everyone else earns nothing by playing

# Students built from the reference at run time: it plays right, plus one hostile habit each.
DAEMON = '''
def start_daemon() -> None:
    """Leaves a detached, double-forked daemon behind."""
    import os
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.environ["HOSTILE_MARK"] = "hostile-batch-7f3a"
            os.execv("/bin/sleep", ["sleep", "3600"])
        os._exit(0)
    os.wait()


start_daemon()
'''
FROM_REFERENCE = {
    "ada": lambda source: source,
    "daemon-player": lambda source: source.replace('if __name__ == "__main__":', DAEMON + 'if __name__ == "__main__":'),
    "sleeps-after-game": lambda source: source + "    import time\n    time.sleep(3600)  # plays right, never ends\n",
}


def _build_class(folder: Path) -> None:
    shutil.copytree(CLASS, folder)
    source = (ROOT / "reference" / "mastermind.py").read_text()
    for name, change in FROM_REFERENCE.items():
        (folder / name).mkdir()
        (folder / name / "mastermind.py").write_text(change(source))


def _marked_processes() -> list[int]:
    return [pid for pid in proc.pids() if any(MARK in entry for entry in proc.environ(pid))]


def _grader_rss(root: int) -> int:
    """Resident memory of the grader's own processes (the batch, its workers, fork servers and launchers, not
    student programs, which run as per-run uids); a process that vanishes between two reads counts for nothing."""
    total = 0
    for pid in [root, *proc.descendants(root)]:
        uid = proc.status_field(pid, "Uid")
        if uid is not None and int(uid.split()[0]) < UID_BASE and any(b"grader" in arg for arg in proc.cmdline(pid)):
            total += int((proc.status_field(pid, "VmRSS") or "0 kB").split()[0])
    return total * 1024


@pytest.mark.skipif(not protections().full, reason="kill(-1) outside a sandbox would reach the whole machine")
def test_a_hostile_class_is_graded_whole_and_leaves_nothing_behind(tmp_path):
    class_dir = tmp_path / "class"
    _build_class(class_dir)
    specs = tmp_path / "specs"
    specs.mkdir()
    shutil.copy(ROOT / "specs" / "01-example-game.yaml", specs)
    out = tmp_path / "grades"
    process = subprocess.Popen([sys.executable, "-m", "grader", "grade", str(class_dir), "--out", str(out),
                                "--specs", str(specs), "--jobs", "2"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.05):
            peak[0] = max(peak[0], _grader_rss(process.pid))

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        stdout, stderr = process.communicate(timeout=300)
    finally:
        done.set()
        sampler.join()
        process.kill()
    assert process.returncode == 0, stdout + stderr
    students = sorted(path.name for path in class_dir.iterdir())
    scores = {name: json.loads((out / "students" / name / "results.json").read_text())["score"] for name in students}
    assert scores == {name: (10 if name in PLAYS_RIGHT else 0) for name in students}
    rows = (out / "gradebook.csv").read_text().splitlines()[1:]
    assert [row.split(",")[0] for row in rows] == students
    assert "999" not in (out / "gradebook.csv").read_text()
    assert not (ROOT / "grades" / "fake-results").exists()
    assert peak[0] < 400 * 1024 * 1024, f"grader processes peaked at {peak[0] // 2**20} MiB"
    assert _marked_processes() == []


def test_memory_sampler_survives_processes_that_vanish():
    """The sampler walks a tree whose processes come and go (a shell starting short-lived commands): a
    process that ends between two reads of /proc counts for nothing instead of ending the sampling."""
    churn = subprocess.Popen(["/bin/sh", "-c", "while :; do /bin/sh -c 'exit 0'; done"])
    try:
        samples = [_grader_rss(churn.pid) for _ in range(3000)]
    finally:
        churn.kill()
        churn.wait()
    assert len(samples) == 3000 and all(sample >= 0 for sample in samples)
