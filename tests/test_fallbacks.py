"""The fallbacks on this machine: `grade` and `check` run as another user than root (NOBODY), and as root
with GRADER_SANDBOX=off, each against what the fallback promises (README, "Untrusted code")."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from conftest import NOBODY, ROOT, as_nobody


def handed_to_nobody(folder: Path) -> None:
    for path in (folder, *folder.rglob("*")):
        os.lchown(path, NOBODY, NOBODY)


def test_grading_as_another_user_than_root_says_what_that_means_and_what_to_do(nobodys: Path) -> None:
    # It was one long line of jargon ("cannot make a cgroup v1 under /sys/fs/cgroup/memory/...: Permission denied").
    shutil.copytree(ROOT / "reference", nobodys / "class" / "alice")
    specs = nobodys / "specs"
    specs.mkdir()
    shutil.copy(ROOT / "specs" / "02-win-on-first-guess.yaml", specs)
    handed_to_nobody(nobodys)
    done = as_nobody(nobodys, "grade", str(nobodys / "class"), "--out", str(nobodys / "out"), "--specs", str(specs))
    assert done.returncode == 0, done.stderr
    warning = done.stderr.split("warning: ")[1].splitlines()
    assert warning[0] == ("sandbox: running WITHOUT pid_namespace, network, private_filesystem, unprivileged_user, "
                          "run_limits (the grader does not run as root)"), done.stderr
    assert warning[1].startswith("  student code runs as you: ") and warning[1].endswith("run as root (sudo) for full isolation")
    assert "cgroup" not in done.stderr
