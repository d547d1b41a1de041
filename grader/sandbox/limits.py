"""The limits of one run: declared here, with their defaults; the sandbox, the runner and the
cgroup enforce them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Per-run limits. The runner enforces wall time and output bytes; the kernel enforces the rest."""

    cpu_seconds: int = 10
    memory_mb: int = 512
    processes: int = 64
    file_size_mb: int = 16
    open_files: int = 64
    output_bytes: int = 1_000_000
    disk_mb: int = 64  # isolated mode: all the program can write (working copy, /tmp, /dev/shm)
