"""The one door through which student code runs: a private copy of the submission, a clean environment,
resource limits, and the guarantee that every process it started is gone afterwards.

A sandbox's lifecycle is the same in every mode: prepared (`__init__`: the copy, the run's cgroup and the
mode's own files), started (`start` on a pty, or `command` and `preexec` for the caller's own spawn), watched
(`watch`, `watched_threads`), ended (`kill_all`, then `close`). Each mode is one subclass: `IsolatedSandbox`
(grader/sandbox/isolated.py: namespaces, as root on Linux), `FallbackSandbox` and `RootFallbackSandbox`
(grader/sandbox/fallback.py: rlimits, seccomp and Landlock on the machine's file system). Which one runs is
chosen once, in grader/sandbox/modes.py.

Every mode: every process of the run is in the run's cgroup (`grader.sandbox.cgroup`, where one can be made),
so memory and processes are limited for the run as a whole, and the program runs under the seccomp filter of
`sandbox/inside/syscalls.py`.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from grader.base.errors import SandboxFailure
from grader.base.files import compiled, compiled_source, searched
from grader.base.project import PYTHON
from grader.sandbox.cgroup import RunGroup, run_group_parents
from grader.sandbox.environment import student_python
from grader.sandbox.leftovers import UID_BASE, UID_SPAN, remove_tree
from grader.sandbox.limits import Limits
from grader.sandbox.scratch import RUN_FOLDER, make_folder

if TYPE_CHECKING:
    import pexpect

try:
    import resource
except ImportError:  # Windows: no rlimits there (the protections line says so); everything else still runs
    resource = None


class Sandbox:
    """A private working copy of one submission and the command that runs it there, in one mode."""

    helpers = 0  # the run's processes that are the sandbox's, not the program's (the launcher and init)
    opens_browsers = False  # a browser runs only where its run cannot reach the machine (grader/sandbox/browser.py)

    def __init__(self, submission: Path, limits: Limits, *, launch: str = "", browser: bool = False,
                 hidden: Sequence[str] = ()) -> None:
        """`launch`, `browser` and `hidden` are the isolated sandbox's (grader/sandbox/isolated.py); the
        fallback has no launcher, no browser, and reaches no course folder under Landlock."""
        self.submission = Path(submission)
        self.limits = limits
        self.group: RunGroup | None = None
        self.uid = self.gid = UID_BASE + secrets.randbelow(UID_SPAN)
        self.python = student_python()
        self.root = make_folder(RUN_FOLDER, self.folder_parent())
        self.workdir = self.root / "work"
        try:
            shutil.copytree(self.submission, self.workdir, symlinks=True, ignore=_not_copied)
            size = sum(path.lstat().st_size for path in self.workdir.rglob("*"))
            problem = limits.too_big(size)
            if problem:
                raise SandboxFailure(f"{self.submission}: {problem}")
            parents = run_group_parents()
            if not isinstance(parents, str):
                self.group = RunGroup(parents, *limits.group(self.helpers))
            self.prepare()
        except BaseException:
            self.close()
            raise

    # ---- what each mode does ---------------------------------------------------------------------

    @classmethod
    def folder_parent(cls) -> str | None:
        """Where the mode's run folders go (None: the temporary folder): a run that writes into its folder
        keeps it on disk, never in memory."""
        return None

    def prepare(self) -> None:
        """Make what the mode needs beside the copy (a launcher's config, a temporary folder)."""
        raise NotImplementedError

    def command(self, program: Sequence[str]) -> tuple[list[str], dict[str, str], Path]:
        """argv, environment and working directory for running the command line `program` inside the
        sandbox (its first word `python3` means the interpreter student programs run with), spawned by the
        caller with `preexec` between fork and exec."""
        raise NotImplementedError

    def start(self, program: Sequence[str], encoding: str | None = None, timeout: float = 30) -> pexpect.spawn:
        """Start the command line `program` (as `command()` reads it) on a fresh pty, echoing as a terminal
        does, 24x80. The caller ends it with `kill_all(child.pid)`."""
        return self.spawn(program, encoding, timeout)

    def confine(self) -> None:
        """In the child between fork and exec, after it joined the run's group: the mode's own limits (only
        where the system has rlimits)."""
        raise NotImplementedError

    def watch(self, pid: int) -> None:
        """Start watching the run started as `pid`, where the mode needs it. Call it once the program started."""

    def watched_threads(self, pid: int) -> list[tuple[int, int]]:
        """The threads the grader looks at while it waits for the program started as `pid`, as (pid, tid)."""
        raise NotImplementedError

    def kill_all(self, pid: int, timeout: float = 5.0) -> None:
        """Kill every process of the run started as `pid` and return once they are all dead."""
        raise NotImplementedError

    def over_disk(self) -> bool:
        """Did the run hold more disk than its limit (where nothing refused its writes)?"""
        return False

    def release(self) -> None:
        """Remove what the mode's run may leave outside its folder and group. Call it after `kill_all`."""

    # ---- the same in every mode ------------------------------------------------------------------

    def program(self, program: Sequence[str]) -> list[str]:
        """`program` with its first word `python3` replaced by the interpreter student programs run with."""
        return [self.python if program[0] == PYTHON else program[0], *program[1:]]

    def spawn(self, program: Sequence[str], encoding: str | None, timeout: float) -> pexpect.spawn:
        """`command(program)` spawned on a fresh pty by pexpect, watched."""
        import pexpect  # noqa: PLC0415 - POSIX only: Windows runs programs through pipes

        argv, env, cwd = self.command(program)
        child = pexpect.spawn(argv[0], argv[1:], env=env, cwd=str(cwd), echo=True, dimensions=(24, 80),
                              preexec_fn=self.preexec, encoding=encoding, timeout=timeout, ignore_sighup=False)
        child.delaybeforesend = None  # pexpect's pauses are for slow terminals; ours is a pty
        child.delayafterclose = child.ptyproc.delayafterclose = 0
        child.delayafterterminate = child.ptyproc.delayafterterminate = 0
        self.watch(child.pid)
        return child

    def preexec(self) -> None:
        """Runs in the child between fork and exec: every signal unblocked, the run's group joined (every
        process of the run follows, so its limits hold for them all together), then the mode's limits."""
        signal.pthread_sigmask(signal.SIG_SETMASK, [])  # whatever the grader held back, the program gets all
        self.before_join()
        if self.group is not None:
            self.group.join()
        if resource is not None:  # a POSIX system without rlimits (Windows never runs a preexec)
            self.confine()

    def before_join(self) -> None:
        """In the child between fork and exec, before it joins the run's group."""

    def failure(self) -> str | None:
        """Why the sandbox itself failed to start the program, if it did (the launcher leaves a note)."""
        try:
            return (self.root / "state.failed").read_text(errors="replace")
        except OSError:
            return None

    def stopped_by(self, killed_by: int | None) -> str | None:
        """Which limit ended the program killed by signal `killed_by`, read from the kernel's counters
        (None: no limit did; it was the program itself or something outside the grader)."""
        out_of_memory = killed_by == signal.SIGKILL and self.group is not None and self.group.out_of_memory_kills() > 0
        return self.limits.hit(killed_by, out_of_memory, self.over_disk())

    def close(self) -> None:
        """Remove the run's files and group, and what the mode's run left elsewhere. Call it after `kill_all`."""
        try:
            self.release()
            if self.group is not None:
                self.group.remove()
        finally:
            try:
                remove_tree(str(self.root))
            except OSError:
                pass  # as rmtree's ignore_errors: what cannot be removed stays

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _not_copied(folder: str, names: list[str]) -> list[str]:
    """Named pipes, sockets and devices in a submission are not copied (opening a pipe would block), nor
    the folders intake does not count (`.git`, `__MACOSX`, `__pycache__`: see `files.searched`), nor compiled
    code (`files.compiled`, and a `.py` holding it: `files.compiled_source`): the run has only the source a reader sees."""
    def special(name: str) -> bool:
        mode = os.lstat(os.path.join(folder, name)).st_mode
        if stat.S_ISDIR(mode):
            return not searched(name)
        if stat.S_ISREG(mode):
            return compiled(name) or (name.endswith(".py") and compiled_source(Path(folder, name)))
        return compiled(name) or not stat.S_ISLNK(mode)

    return [name for name in names if special(name)]
