"""The one door through which student code runs: a private copy of the submission, a clean
environment, resource limits, and the guarantee that every process it started is gone afterwards."""

from __future__ import annotations

import os
import resource
import shutil
import signal
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Limits:
    """Per-run limits. The runner enforces wall time and output bytes; the kernel enforces the rest."""

    cpu_seconds: int = 10
    memory_mb: int = 512
    processes: int = 64
    file_size_mb: int = 16
    open_files: int = 64
    output_bytes: int = 1_000_000


def child_environment(home: Path) -> dict[str, str]:
    """A fixed environment: nothing inherited, so no secret of the grader's reaches student code."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": str(home),
        "TMPDIR": str(home),
        "TERM": "xterm",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONIOENCODING": "utf-8",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONUNBUFFERED": "",
        "COLUMNS": "80",
        "LINES": "24",
    }


class Sandbox:
    """A private working copy of one submission and the command that runs it there."""

    def __init__(self, submission: Path, limits: Limits) -> None:
        self.submission = submission
        self.limits = limits
        self.root = Path(tempfile.mkdtemp(prefix="grader-run-"))
        self.workdir = self.root / "work"
        shutil.copytree(submission, self.workdir, symlinks=True)

    def command(self, script: str) -> tuple[list[str], dict[str, str], Path]:
        """argv, environment and working directory for running `script` inside the sandbox."""
        python = getattr(sys, "_base_executable", sys.executable)
        return [python, script], child_environment(self.workdir), self.workdir

    def preexec(self) -> None:
        """Runs in the child between fork and exec: apply the kernel-enforced limits."""
        mb = 1024 * 1024
        limits = self.limits
        for name, value in (
            (resource.RLIMIT_CPU, limits.cpu_seconds),
            (resource.RLIMIT_AS, limits.memory_mb * mb),
            (resource.RLIMIT_NPROC, limits.processes),
            (resource.RLIMIT_FSIZE, limits.file_size_mb * mb),
            (resource.RLIMIT_NOFILE, limits.open_files),
            (resource.RLIMIT_CORE, 0),
        ):
            resource.setrlimit(name, (value, value))

    def kill_all(self, pid: int) -> None:
        """Kill the process group the run started in (pexpect makes the child a session leader)."""
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
