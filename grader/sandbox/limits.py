"""The limits of one run, in one place: what each is (with its default), how the kernel is asked to
enforce it, and how a run that hit one is told. The sandbox applies what this module says (rlimits in
the program's process, its cgroup, its disk); the runner counts the output bytes against its budget."""

from __future__ import annotations

import signal
from dataclasses import dataclass

MB = 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """Per-run limits. The runner enforces wall time and output bytes; the kernel enforces the rest."""

    cpu_seconds: int = 10
    memory_mb: int = 512
    processes: int = 64
    file_size_mb: int = 16
    open_files: int = 64
    output_bytes: int = 1_000_000
    disk_mb: int = 64  # all the program can write: its copy, and /tmp and /dev/shm (isolated) or its uid's files there
    disk_files: int = 20_000  # files and folders that disk holds at most (the isolated tmpfs's inodes, the fallback's count)
    # One process's address space (RLIMIT_AS); 0: memory_mb. Only a browser needs it apart: V8 reserves
    # about a terabyte of address space it never touches, while what it uses stays within memory_mb (the
    # run's cgroup holds all its processes to that).
    address_space_mb: int = 0

    def rlimits(self) -> list[tuple[str, int, int]]:
        """The resource limits of the program's process, as (name, soft, hard)."""
        return [
            ("RLIMIT_CPU", self.cpu_seconds, self.cpu_seconds + 1),  # SIGXCPU, then SIGKILL a second later
            ("RLIMIT_AS", self.address_space * MB, self.address_space * MB),
            ("RLIMIT_NPROC", self.processes, self.processes),
            ("RLIMIT_FSIZE", self.file_size_mb * MB, self.file_size_mb * MB),
            ("RLIMIT_NOFILE", self.open_files, self.open_files),
            ("RLIMIT_CORE", 0, 0),
        ]

    @property
    def address_space(self) -> int:
        """RLIMIT_AS in MiB: `address_space_mb`, or `memory_mb` where it is not set."""
        return self.address_space_mb or self.memory_mb

    def group(self, helpers: int) -> tuple[int, int]:
        """The run's cgroup: (memory bytes, processes) for every process of the run together, `helpers`
        (the launcher and init, not the program's to count) included."""
        return self.memory_mb * MB, self.processes + helpers

    @property
    def disk_bytes(self) -> int:
        """The run's own file system (working copy, /tmp, /dev/shm) and its System V shared memory."""
        return self.disk_mb * MB

    def too_big(self, copied_bytes: int) -> str | None:
        """Why a submission of this size cannot be run under the disk limit (it needs room to write)."""
        if copied_bytes <= self.disk_bytes // 2:
            return None
        return (f"the submission holds {copied_bytes // 1024} KiB, too much for the sandbox's disk "
                f"(disk_mb={self.disk_mb}); raise it with --limit disk_mb=N or `limits:` in the spec")

    def over_disk(self, held_bytes: int, entries: int) -> bool:
        """A fallback run holding this much is over its disk (isolated, its tmpfs refuses the write instead)."""
        return held_bytes > self.disk_bytes or entries > self.disk_files

    def hit(self, killed_by: int | None, out_of_memory: bool, over_disk: bool = False) -> str | None:
        """Which limit ended a program killed by signal `killed_by` (`out_of_memory`: the kernel's
        counter says its group ran out; `over_disk`: a fallback run held more than its disk), in the words a
        report uses; None when no limit did."""
        if over_disk:
            return f"its disk limit (disk_mb={self.disk_mb}, at most {self.disk_files} files, all it wrote together)"
        if killed_by == signal.SIGKILL and out_of_memory:
            return f"its memory limit (memory_mb={self.memory_mb}, all its processes together)"
        if killed_by == signal.SIGXCPU:  # the soft CPU limit's signal (the hard one's SIGKILL is not told apart)
            return f"its CPU time limit (cpu_seconds={self.cpu_seconds})"
        return None
