"""The clean-up and the disk watch of the fallback as root never walk another run's tree in the shared
temporary folders (grader/sandbox/leftovers.py), and a watch that fails ends its run as over its limit
(grader/sandbox/disk.py). The attack (tests/hostile/nest_shared): a run nests 1,500 folders every user may
write to in /tmp; a classmate's run graded beside it followed them recursively past Python's limit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from grader.sandbox.disk import DiskWatch
from grader.sandbox.limits import Limits

ROOT = Path(__file__).resolve().parents[2]

# Run in a mount namespace of its own, with a /tmp of its own (a tmpfs gone with it): grades a class of the
# attacker and three copies of the reference with two jobs in the fallback as root, and says what it found.
# The checkout (and its .venv) may lie in /tmp itself, as a `mktemp -d` clone does: it is bound under /mnt
# first, so the new /tmp does not hide it.
GRADE_IN_OWN_TMP = textwrap.dedent("""
    import json, os, shutil, subprocess, sys
    checkout = sys.argv[1]
    subprocess.run(["mount", "-t", "tmpfs", "tmpfs", "/mnt"], check=True)
    root = "/mnt/checkout"
    os.mkdir(root)
    subprocess.run(["mount", "--bind", checkout, root], check=True)
    python = root + sys.executable[len(checkout):] if sys.executable.startswith(checkout + "/") else sys.executable
    subprocess.run(["mount", "-t", "tmpfs", "-o", "mode=1777", "tmpfs", "/tmp"], check=True)
    work = "/tmp/grading"
    shutil.copytree(root + "/tests/hostile/nest_shared", work + "/class/0-nester")
    for student in ("alice", "bob", "carol"):
        shutil.copytree(root + "/reference", work + "/class/" + student)
    os.makedirs(work + "/specs")
    shutil.copy(root + "/specs/02-win-on-first-guess.yaml", work + "/specs")
    done = subprocess.run([python, "-m", "grader", "grade", work + "/class", "--out", work + "/out",
                           "--specs", work + "/specs", "--jobs", "2"], cwd=root, capture_output=True, text=True,
                          env={**os.environ, "GRADER_SANDBOX": "off", "TMPDIR": "/tmp"}, timeout=300)
    with open(work + "/out/gradebook.csv") as gradebook:
        rows = gradebook.read().splitlines()[1:]
    print(json.dumps({"status": done.returncode, "stderr": done.stderr, "rows": rows,
                      "left": sorted(set(os.listdir("/tmp")) - {"grading"})}))
""")


def own_tmp_usable() -> str | None:
    """Why a mount namespace with a /tmp of its own cannot be made here (None: it can)."""
    if os.geteuid() != 0:
        return "a /tmp of its own needs root (a mount namespace and a tmpfs)"
    try:
        tried = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c",
                                "mount -t tmpfs tmpfs /mnt && mount -t tmpfs tmpfs /tmp"],
                               capture_output=True, text=True, timeout=30)
    except OSError as error:
        return f"unshare cannot run: {error.strerror}"
    return None if tried.returncode == 0 else f"no mount namespace with a tmpfs here: {tried.stderr.strip()}"


@pytest.mark.skipif(own_tmp_usable() is not None, reason=str(own_tmp_usable()))
def test_a_classmate_nesting_shared_folders_sinks_no_one_in_the_fallback_as_root() -> None:
    done = subprocess.run(["unshare", "--mount", "--propagation", "private", sys.executable, "-c", GRADE_IN_OWN_TMP,
                           str(ROOT)], capture_output=True, text=True, timeout=400)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout)
    assert "Traceback" not in found["stderr"], found["stderr"][-2000:]
    assert sorted(row.split(",")[:3] for row in found["rows"] if not row.startswith("0-nester")) == \
        [["alice", "6", "6"], ["bob", "6", "6"], ["carol", "6", "6"]], found
    assert found["left"] == [], found


def test_a_watch_whose_look_fails_ends_its_run_as_over_its_limit() -> None:
    # A look that raised killed the watch's thread: the run went on unmeasured, 192 MB past disk_mb: 64.
    ended = threading.Event()

    def measure() -> tuple[int, int]:
        raise RecursionError("maximum recursion depth exceeded")

    watch = DiskWatch(measure, Limits(disk_mb=64), ended.set)
    try:
        assert ended.wait(timeout=10) and watch.over
    finally:
        watch.stop()
