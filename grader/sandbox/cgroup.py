"""One control group per run, so that `memory_mb` and `processes` hold for the whole run (every process,
shared memory and tmpfs pages included) rather than for each process, and so that an out-of-memory kill
can be told from a crash.

A run's group is made under the grader's own group: cgroup v2 where the unified hierarchy has the memory
and pids controllers for us, else v1 where both controllers are mounted (as on many CI machines). Where
neither can be made (no permission, a container without delegation, macOS), `where()` says why and runs
keep only the per-process rlimits.
"""

from __future__ import annotations

import errno
import os
import secrets
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

from grader.sandbox import proc

PREFIX = "grader-run-"
# Every run's group gets the same CPU weight (the kernel's default, written so it holds whatever the parent
# says): runs share the CPU per run, not per process, so a run of 40 busy processes cannot starve another.
CPU_WEIGHT = {2: ("cpu.weight", 100), 1: ("cpu.shares", 1024)}


@dataclass(frozen=True)
class Parents:
    """Where per-run groups go: one folder for v2, one per controller for v1 (`cpu`: None where the CPU
    controller cannot be had; runs then share the CPU per process)."""

    version: int
    memory: Path
    pids: Path
    cpu: Path | None = None

    @property
    def folders(self) -> tuple[Path, ...]:
        return tuple(dict.fromkeys(folder for folder in (self.memory, self.pids, self.cpu) if folder is not None))


def _mounts() -> list[tuple[str, str, str, set[str]]]:
    """(mount point, root inside the hierarchy, file system type, super options) of cgroup mounts."""
    found = []
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        fields = line.split()
        if " - " not in line:
            continue
        after = line.split(" - ", 1)[1].split()
        if after[0] in ("cgroup", "cgroup2"):
            found.append((fields[4], fields[3], after[0], set(after[2].split(",")) if len(after) > 2 else set()))
    return found


def _own_groups() -> dict[str, str]:
    """Controller (or "" for v2) -> this process's group path, from /proc/self/cgroup."""
    groups = {}
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return groups
    for line in lines:
        _, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            groups[controller] = path
    return groups


def _folder(mount: str, root: str, path: str) -> Path:
    relative = os.path.relpath(path, root) if path.startswith(root) else path.lstrip("/")
    return Path(mount) / ("" if relative == "." else relative)


def _v2(mounts: list[tuple[str, str, str, set[str]]], own: dict[str, str]) -> Parents | str:
    mount = next((m for m in mounts if m[2] == "cgroup2"), None)
    if mount is None or "" not in own:
        return "no cgroup v2 mounted"
    folder = _folder(mount[0], mount[1], own[""])
    try:
        available = (folder / "cgroup.controllers").read_text().split()
        if not {"memory", "pids"} <= set(available):
            return f"cgroup v2 has no memory and pids controllers for {folder}"
        if not {"memory", "pids"} <= set((folder / "cgroup.subtree_control").read_text().split()):
            _delegate(folder)
    except OSError as error:
        return f"cannot use cgroup v2 at {folder}: {error.strerror}"
    return Parents(2, folder, folder, folder if "cpu" in available and _delegate_cpu(folder) else None)


def _delegate_cpu(folder: Path) -> bool:
    """Give the cpu controller to `folder`'s children, apart from memory and pids: the kernel may refuse it
    alone (a real-time process in the group), which costs the CPU share, never the limits."""
    control = folder / "cgroup.subtree_control"
    try:
        if "cpu" not in control.read_text().split():
            control.write_text("+cpu")
    except OSError:
        return False
    return True


def _delegate(folder: Path) -> None:
    """Give the memory and pids controllers to `folder`'s children. v2 refuses while processes live in
    `folder` itself: the grader then moves into a leaf of its own there (`grader-main`), which is enough
    when it was alone in its group (a delegated systemd scope, a container's own group); if others
    remain, it moves back and the error stands."""
    control = folder / "cgroup.subtree_control"
    try:
        control.write_text("+memory +pids")
        return
    except OSError as error:
        if error.errno != errno.EBUSY:
            raise
    leaf = folder / "grader-main"
    leaf.mkdir(exist_ok=True)
    (leaf / "cgroup.procs").write_text("0")
    try:
        control.write_text("+memory +pids")
    except OSError:
        (folder / "cgroup.procs").write_text("0")
        raise


def _v1(mounts: list[tuple[str, str, str, set[str]]], own: dict[str, str]) -> Parents | str:
    folders = {}
    for controller in ("memory", "pids"):
        mount = next((m for m in mounts if m[2] == "cgroup" and controller in m[3]), None)
        if mount is None or controller not in own:
            return f"no cgroup v1 {controller} controller mounted"
        folders[controller] = _folder(mount[0], mount[1], own[controller])
    cpu = next((m for m in mounts if m[2] == "cgroup" and "cpu" in m[3]), None)
    return Parents(1, folders["memory"], folders["pids"],
                   _folder(cpu[0], cpu[1], own["cpu"]) if cpu is not None and "cpu" in own else None)


def find_parents() -> Parents | str:
    """Where this process can make per-run groups, or why it cannot (tried by making one). Groups left by
    a grader that was killed are removed on the way."""
    mounts, own = _mounts(), _own_groups()
    reasons = []
    for attempt in (_v2, _v1):
        found = attempt(mounts, own)
        if isinstance(found, str):
            reasons.append(found)
            continue
        try:
            found = _usable(found)
        except OSError as error:
            reasons.append(f"cannot make a cgroup v{found.version} under {found.memory}: {error.strerror}")
            continue
        _remove_abandoned(found)
        return found
    return "; ".join(reasons)


def _usable(parents: Parents) -> Parents:
    """`parents` if a run group can be made there, else without the CPU share if that one can (OSError: neither)."""
    try:
        RunGroup(parents, memory_bytes=64 << 20, processes=8).remove()
        return parents
    except OSError:
        if parents.cpu is None:
            raise
    without_cpu = replace(parents, cpu=None)
    RunGroup(without_cpu, memory_bytes=64 << 20, processes=8).remove()
    return without_cpu


def _remove_abandoned(parents: Parents) -> None:
    """Empty run groups whose grader (the pid in their name) is gone: it was killed before it could."""
    for folder in parents.folders:
        for group in folder.glob(PREFIX + "*"):
            owner = group.name[len(PREFIX):].split("-")[0]
            if owner.isdigit() and not Path(f"/proc/{owner}").exists():
                try:
                    group.rmdir()
                except OSError:
                    pass  # still in use, or another grader removed it first


class RunGroup:
    """The group of one run: made with its limits, joined by the run's first process, read after the run
    for what the kernel did, removed once every process of the run is dead."""

    def __init__(self, parents: Parents, memory_bytes: int, processes: int) -> None:
        self.parents = parents
        name = f"{PREFIX}{os.getpid()}-{secrets.token_hex(6)}"  # the pid tells whose it is
        self.folders = tuple(folder / name for folder in parents.folders)
        self._threads_file = str(self.folders[0] / ("cgroup.threads" if parents.version == 2 else "tasks"))
        self.controllers = {controller: folder / name for controller, folder in
                            (("memory", parents.memory), ("pids", parents.pids), ("cpu", parents.cpu)) if folder}
        try:
            for folder in self.folders:
                folder.mkdir()
            if parents.version == 2:
                self._write("memory.max", memory_bytes)
                self._write("memory.swap.max", 0, optional=True)
            else:
                self._write("memory.limit_in_bytes", memory_bytes)
                self._write("memory.memsw.limit_in_bytes", memory_bytes, optional=True)  # no escape to swap
            self.limit_processes(processes)
            if parents.cpu is not None:
                self._write(*CPU_WEIGHT[parents.version], controller="cpu")
        except OSError:
            self.remove()
            raise

    def limit_processes(self, processes: int) -> None:
        """At most `processes` processes and threads in the group at once."""
        self._write("pids.max", processes, controller="pids")

    def _file(self, name: str, controller: str = "memory") -> Path:
        return self.controllers[controller] / name

    def _write(self, name: str, value: int, optional: bool = False, controller: str = "memory") -> None:
        path = self._file(name, controller)
        if optional and not path.exists():
            return
        path.write_text(str(value))

    def join(self) -> None:
        """Move the calling process into the group (call it between fork and exec): its children follow."""
        for folder in self.folders:
            with open(folder / "cgroup.procs", "w") as procs:
                procs.write("0")

    def members(self) -> list[int]:
        """Every process in the group (all of the run's, wherever they moved in the process tree)."""
        try:
            return [int(pid) for pid in (self.folders[0] / "cgroup.procs").read_text().split()]
        except OSError:
            return []

    def threads(self) -> list[int]:
        """Every thread of the run, sorted, from one read (v1's `tasks`, v2's `cgroup.threads`): what a walk
        of the run's process tree finds in two reads per process."""
        return sorted(int(tid) for tid in proc.read(self._threads_file).split())

    def out_of_memory_kills(self) -> int:
        """How many processes of the run the kernel killed for going over the memory limit."""
        name = "memory.events" if self.parents.version == 2 else "memory.oom_control"
        try:
            lines = self._file(name).read_text().splitlines()
        except OSError:
            return 0
        return next((int(line.split()[1]) for line in lines if line.startswith("oom_kill ")), 0)

    def remove(self) -> None:
        """Remove the group once every process of the run is dead (the kernel may take a moment to let go
        of the last one's charges)."""
        for folder in self.folders:
            deadline = time.monotonic() + 2
            while True:
                try:
                    folder.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.005)


_found_parents: Parents | str | None = None


def run_group_parents() -> Parents | str:
    """Where per-run cgroups go, or why there are none: found once per process."""
    global _found_parents
    if _found_parents is None:
        _found_parents = find_parents() if sys.platform.startswith("linux") else f"cgroups need Linux, this is {sys.platform}"
    return _found_parents
