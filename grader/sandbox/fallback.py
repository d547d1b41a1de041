"""The fallback sandboxes (not root, no namespaces, isolation turned off, macOS): the program runs directly
with the rlimits, in its copy on the machine's file system, under the seccomp filter and, where the kernel has
it, Landlock, which holds it to the files and devices of its run. As root (`RootFallbackSandbox`) it runs as a
per-run uid, never as root, so its copy is handed to that uid, with an interpreter it can run. Cleanup kills its
process group, its cgroup and anything carrying the run's marker in its environment, and measures the disk it held."""

from __future__ import annotations

import ctypes
import os
import secrets
import shutil
import stat
from pathlib import Path
from typing import Sequence

from grader.base.errors import SandboxFailure
from grader.sandbox import proc
from grader.sandbox.box import Sandbox
from grader.sandbox.disk import DiskWatch, held
from grader.sandbox.environment import child_environment, others_may, student_python, unprivileged_python
from grader.sandbox.inside import landlock, syscalls
from grader.sandbox.leftovers import remove_ipc_objects, remove_shared_files
from grader.sandbox.reaping import fork_reaper, kill_fallback
from grader.sandbox.rootconfig import interpreter_trees, system_trees

MARKER = "GRADER_SANDBOX_RUN"  # lets cleanup find processes that left the group
DEVICES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty")  # and its own pty


def hand_over(root: Path, workdir: Path, temporary: Path, uid: int, gid: int) -> str:
    """Hand the working copy `workdir` and the temporary folder `temporary` in the run's folder `root` to the
    per-run uid, and pick an interpreter that uid can run (returned)."""
    python = unprivileged_python()
    if python is None:
        raise SandboxFailure(
            f"the grader runs as root without isolation and will not run student code as root, but no "
            f"interpreter another user can run was found: {student_python()} lies in a folder other users "
            f"cannot enter; install python3 system-wide (/usr/bin/python3) or make that folder searchable")
    os.chmod(root, 0o711)  # the uid may pass through to its copy, not list the run's files
    if not others_may(str(root), stat.S_IXOTH):
        raise SandboxFailure(
            f"the grader runs as root without isolation, so the program runs as another user, who cannot "
            f"reach its copy in {root}: a folder on the way is closed to other users (set TMPDIR to a "
            f"folder every user may enter, such as /tmp)")
    for folder, dirs, files in os.walk(workdir):
        for name in (folder, *(os.path.join(folder, entry) for entry in dirs + files)):
            os.lchown(name, uid, gid)
    os.lchown(temporary, uid, gid)
    for folder in (workdir, temporary):
        os.chmod(folder, 0o700)  # its own uid's alone: a concurrent run (another uid) cannot read it
    return python



class FallbackSandbox(Sandbox):
    """A run on the machine's file system as the grader's own user."""

    confined = False  # the filter also keeps the run from its user's sockets, file modes and processes
    disk: DiskWatch | None = None  # the watch on the disk the run holds (`watch`)
    _landlock: list[tuple[str, int]] | None = None  # the run's Landlock rules (`command()`)

    def prepare(self) -> None:
        self.marker = secrets.token_hex(8)
        self.temporary = self.root / "tmp"  # the run's own TMPDIR
        self.temporary.mkdir(mode=0o700)

    def command(self, program: Sequence[str]) -> tuple[list[str], dict[str, str], Path]:
        """The program itself, exec'd directly in its copy, with the run's marker in its environment."""
        program = self.program(program)
        env = child_environment(self.workdir, self.temporary)
        env[MARKER] = self.marker
        self._landlock = landlock_rules(shutil.which(program[0], path=env["PATH"]) or program[0], self.workdir,
                                        self.temporary) if landlock.usable() else None
        return program, env, self.workdir

    def before_join(self) -> None:
        """Only the program returns: this process stays behind as the run's reaper, outside the run's group.
        A fork of the grader, it maps the grader's memory: in the group the OOM killer would pick it first."""
        fork_reaper()

    def confine(self) -> None:
        """The rlimits, then the seccomp filter (not root: its user's sockets, its files' modes and its other
        processes, the grader's, are its own to keep; never here: System V IPC, which is the machine's outside
        an IPC namespace), then Landlock with its own terminal (never another run's /dev/pts/N of the same user)."""
        import resource  # noqa: PLC0415 - POSIX only, as a preexec

        for name, soft, hard in self.limits.rlimits():
            resource.setrlimit(getattr(resource, name), (soft, hard))
        self.drop_privileges()
        try:
            syscalls.install(ctypes.CDLL(None, use_errno=True), unix_sockets=self.confined, machine_ipc=False,
                             file_modes=self.confined, other_processes=self.confined)
        except OSError:
            pass  # a kernel without seccomp: `protections()` does not claim the filter there
        if self._landlock is not None:
            own = [(os.ttyname(0), landlock.DEVICE)] if os.isatty(0) else []
            landlock.restrict(self._landlock + own)

    def drop_privileges(self) -> None:
        """In the child, before the filter: become the run's own user, where the grader is another."""

    def files_uid(self) -> int | None:
        """Whose files in the run's folder are the run's (None: the grader's own user's, so all of them)."""
        return None

    def watch(self, pid: int) -> None:
        """Hold the run started as `pid` to its disk: nothing but this watch bounds what it writes to the
        machine's disk."""
        others: dict[str, int] = {}  # the run's folder: its copy and its temporary folder
        self.disk = DiskWatch(lambda: held(self.root, self.files_uid(), [pid, *proc.descendants(pid)],
                                           self.limits.disk_files, others),
                              self.limits, lambda: self.kill_all(pid))

    def watched_threads(self, pid: int) -> list[tuple[int, int]]:
        return proc.tree_threads(pid)

    def kill_all(self, pid: int, timeout: float = 5.0) -> None:
        """SIGKILL to everything below the run's reaper (`pid`, see `reaping.fork_reaper`: while it lives,
        every process the run started is below it, whatever group, session or environment it moved to), then
        the reaper; then to the process group, every process of the run's cgroup and anything with the run's
        marker in its environment (what a program that killed its reaper set loose: not as root and without
        Landlock it can). Then the disk the run held is measured once more. Windows: `taskkill /T`."""
        if self.disk is not None:
            self.disk.stop()
        kill_fallback(pid, self.group, f"{MARKER}={self.marker}".encode(), timeout)
        if self.disk is not None:
            self.disk.check()  # what it wrote since the watch last looked, or in a run too short for a look

    def over_disk(self) -> bool:
        return self.disk is not None and self.disk.over

    def release(self) -> None:
        if self.disk is not None:
            self.disk.stop()


class RootFallbackSandbox(FallbackSandbox):
    """A run on the machine's file system by a grader running as root: as a per-run uid, never as root."""

    confined = True

    def prepare(self) -> None:
        super().prepare()
        self.python = hand_over(self.root, self.workdir, self.temporary, self.uid, self.gid)

    def drop_privileges(self) -> None:
        os.setgroups([])
        os.setresgid(self.gid, self.gid, self.gid)
        os.setresuid(self.uid, self.uid, self.uid)

    def files_uid(self) -> int | None:
        return self.uid

    def release(self) -> None:
        """The System V objects and the files in shared temporary folders its uid left, besides the watch."""
        super().release()
        remove_ipc_objects(self.uid)
        remove_shared_files(self.uid)

def landlock_rules(command: str, workdir: Path, temporary: Path) -> list[tuple[str, int]]:
    """What a fallback run may reach under Landlock: it reads the system trees (of /usr only what an
    isolated run shares: `rootconfig.USR_KEPT`), /etc, /proc (as in a run's own namespace: Landlock keeps
    other processes' memory, environment and descriptors from it) and the folders of the command it runs
    (its own and its prefix's libraries: a Python's standard library), uses the harmless devices (its own terminal is added in `FallbackSandbox.confine`), and does anything in
    its copy and its own temporary folder (TMPDIR). The shared temporary folders (/tmp, /var/tmp, /dev/shm,
    /run/lock) are not granted: a class, a checkout or specs kept there were readable wherever their modes
    let other users read, and the grader's command line in /proc names the class folder."""
    trees = [*system_trees(), "/etc", "/proc", *interpreter_trees(command)]
    writable = [str(workdir), str(temporary)]
    return [*((tree, landlock.READ) for tree in trees), *((device, landlock.DEVICE) for device in DEVICES),
            *((folder, landlock.EVERYTHING) for folder in writable)]
