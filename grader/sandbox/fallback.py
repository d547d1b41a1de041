"""The fallback as root (no namespaces, or isolation turned off): the program runs as a per-run uid on the
machine's file system, so its copy is handed to that uid, with an interpreter it can run, and Landlock (where
the kernel has it) holds it to the files and devices of its run."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from grader.base.errors import SandboxFailure
from grader.sandbox.environment import others_may, student_python, unprivileged_python
from grader.sandbox.inside import landlock
from grader.sandbox.rootconfig import interpreter_trees, system_trees

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


def landlock_rules(command: str, workdir: Path, temporary: Path) -> list[tuple[str, int]]:
    """What a fallback run may reach under Landlock: it reads the system trees (of /usr only what an
    isolated run shares: `rootconfig.USR_KEPT`), /etc, /proc (as in a run's own namespace: Landlock keeps
    other processes' memory, environment and descriptors from it) and the folders of the command it runs
    (its own and its prefix's libraries: a Python's standard library), uses the harmless devices (its own terminal is added in `preexec`), and does anything in
    its copy and its own temporary folder (TMPDIR). The shared temporary folders (/tmp, /var/tmp, /dev/shm,
    /run/lock) are not granted: a class, a checkout or specs kept there were readable wherever their modes
    let other users read, and the grader's command line in /proc names the class folder."""
    trees = [*system_trees(), "/etc", "/proc", *interpreter_trees(command)]
    writable = [str(workdir), str(temporary)]
    return [*((tree, landlock.READ) for tree in trees), *((device, landlock.DEVICE) for device in DEVICES),
            *((folder, landlock.EVERYTHING) for folder in writable)]
