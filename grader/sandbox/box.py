"""The one door through which student code runs: a private copy of the submission, a clean
environment, resource limits, and the guarantee that every process it started is gone afterwards.

Two modes, chosen once per grader process (see `grader.sandbox.protections`):

* isolated (Linux, running as root, namespaces usable): `start()` has the launcher of
  `grader/sandbox/inside/init.py` forked by this process's fork server (`grader/sandbox/forking.py`, the fork
  launch) or, launching plain, spawns it (`command()`); the launcher puts the program in its own pid, network, IPC, UTS and mount
  namespaces, on a root file system that is a fresh size-limited tmpfs holding read-only /usr (and the
  merged-/usr symlinks), a few files of /etc, the interpreter's prefix, a private /tmp, and the working
  copy at /sandbox/work; it runs as a per-run unprivileged uid with no_new_privs and the rlimits.
  The project, the reference, the specs and other submissions simply do not exist there.
  Process tree seen from the grader: launcher (root; the pexpect child; a fork launch has none: the fork
  server forks init itself) -> namespace init (pid 1, root) -> student python (pid 2 inside). The launcher
  (a fork launch's server, for it) exits the way the
  student's program did.
* fallback (not root, no namespaces, macOS): the program runs directly with the rlimits, in the copy;
  as root, as the per-run uid (never as root); cleanup kills its process group, its cgroup and anything
  carrying the run's marker in its environment.

Both modes: every process of the run is in the run's cgroup (`grader.sandbox.cgroup`, where one can be made), so
memory and processes are limited for the run as a whole, and the program runs under the seccomp filter
of `sandbox/inside/syscalls.py`.
"""

from __future__ import annotations

import ctypes
import marshal
import os
import secrets
import shutil
import stat
import signal
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from grader.base.errors import SandboxFailure
from grader.base.files import compiled, compiled_source, searched
from grader.base.project import PYTHON
from grader.sandbox import proc

from grader.sandbox.cgroup import RunGroup, run_group_parents
from grader.sandbox.disk import DiskWatch, held
from grader.sandbox.environment import child_environment, isolated_environment, student_python
from grader.sandbox.fallback import hand_over, landlock_rules
from grader.sandbox.leftovers import UID_BASE, UID_SPAN, remove_ipc_objects, remove_shared_files, remove_tree
from grader.sandbox.inside import INIT_MODULES, INIT_SCRIPT, SYSCALLS_SCRIPT
from grader.sandbox.limits import Limits
from grader.sandbox.launched import Launched
from grader.sandbox.reaping import dies_with, fork_reaper, kill_fallback
from grader.sandbox.rootconfig import isolated_config
from grader.sandbox.scratch import RUN_FOLDER, make_folder, scratch
from grader.sandbox.inside import landlock, syscalls

if TYPE_CHECKING:
    import pexpect

try:
    import resource
except ImportError:  # Windows: no rlimits there (the protections line says so); everything else still runs
    resource = None

# The launcher imports init.py rather than running it, so its bytecode comes from __pycache__
# (see `_cache_launcher`) instead of being compiled on every run; argv after -c is (CONFIG, SCRIPT).
LAUNCHER_BOOT = f"import sys; sys.path.insert(0, {str(INIT_SCRIPT.parent)!r}); import init; init.main()"
# Launch modes of an isolated run. PLAIN: the launcher (python -I -S) builds the sandbox, then execs a
# fresh `python3 SCRIPT`. FORK: a fork server, started once per grader process as the student's
# interpreter (grader/sandbox/forking.py), forks each run's init; the run's student process then runs
# SCRIPT as `__main__` without an exec (scriptmain.run_program): no interpreter start-up per run at all.
PLAIN, FORK = "plain", "fork"
LAUNCHES = (PLAIN, FORK)
HELPERS = {PLAIN: 2, FORK: 1}  # the run's processes that are the sandbox's, not the program's: launcher and init
MARKER = "GRADER_SANDBOX_RUN"  # fallback mode only: lets cleanup find processes that left the group


_launcher_cached = False


def _cache_launcher() -> None:
    """Write the bytecode of init.py and what it imports to its __pycache__ once per grader process (the launcher runs with -B and
    never writes it). If that folder is read-only, the launcher still works, compiling each time."""
    global _launcher_cached
    if not _launcher_cached:
        import py_compile  # noqa: PLC0415 - only isolated runs need it

        for script in (INIT_SCRIPT, SYSCALLS_SCRIPT, *INIT_MODULES):
            try:
                py_compile.compile(str(script), doraise=True)
            except (OSError, py_compile.PyCompileError):
                pass
        _launcher_cached = True


def start_ahead(launch: str) -> None:
    """Start what the runs will need before they need it: where they will be forked (the fork launch, as
    root on Linux, isolation not turned off), this process's fork server."""
    if launch == FORK and sys.platform.startswith("linux") and os.geteuid() == 0 \
            and os.environ.get("GRADER_SANDBOX") != "off":
        from grader.sandbox import forking  # noqa: PLC0415 - POSIX only

        forking.start_ahead(student_python(), isolated_environment())


_said: set[str] = set()


def _say_once(notice: str) -> None:
    """A notice for the grader's user on stderr, once per process however many runs meet it."""
    if notice not in _said:
        _said.add(notice)
        print(notice, file=sys.stderr)


class Sandbox:
    """A private working copy of one submission and the command that runs it there.

    `isolate`: through the namespace launcher (what `grader.sandbox.protections.isolation()` says this
    machine can), or False for the fallback."""

    def __init__(self, submission: Path, limits: Limits, *, isolate: bool, launch: str = FORK,
                 browser: bool = False, hidden: Sequence[str] = ()) -> None:
        self.browser = browser  # a browser's run (grader/sandbox/browser.py): its DevTools pipe and fonts
        self.hidden = tuple(hidden)  # isolated: the course's folders, hidden wherever they lie (rootconfig.py)
        self.submission = Path(submission)
        self.limits = limits
        self.isolated = isolate
        self.launch = launch if isolate else PLAIN  # the fallback has no launcher: the program is exec'd directly
        self.group: RunGroup | None = None
        self.disk: DiskWatch | None = None  # the fallback's watch on the disk the run holds (`watch`)
        self.marker = secrets.token_hex(8)
        self._grader = os.getpid()  # the process that starts the program (preexec runs in its child)
        self.uid = self.gid = UID_BASE + secrets.randbelow(UID_SPAN)
        # The fallback as root never runs the program as root: it drops to the per-run uid.
        self.drops_root = not isolate and hasattr(os, "geteuid") and os.geteuid() == 0
        self.root = make_folder(RUN_FOLDER, scratch() if isolate else None)
        self.workdir = self.root / "work"
        self.temporary = self.root / "tmp"  # a fallback run's own TMPDIR (isolated, its namespace has a /tmp)
        try:
            shutil.copytree(self.submission, self.workdir, symlinks=True, ignore=_not_copied)
            size = sum(path.lstat().st_size for path in self.workdir.rglob("*"))
            problem = limits.too_big(size)
            if problem:
                raise SandboxFailure(f"{self.submission}: {problem}")
            parents = run_group_parents()
            if not isinstance(parents, str):
                self.group = RunGroup(parents, *limits.group(HELPERS[self.launch] if isolate else 0))
        except BaseException:
            self.close()
            raise
        self._config = self.root / "sandbox.cfg"
        self._state = self.root / "state"
        self.launched = Launched(self._config, self._state)
        self._landlock: list[tuple[str, int]] | None = None  # a fallback run's Landlock rules (`command()`)
        self._init: tuple[int, bytes] | None = None  # init's identity once the launcher recorded it
        self.python = student_python()
        try:
            if self.isolated:
                self._write_config()
            else:
                self.temporary.mkdir(mode=0o700)
                if self.drops_root:
                    self.python = hand_over(self.root, self.workdir, self.temporary, self.uid, self.gid)
        except BaseException:
            self.close()
            raise


    # ---- the command -------------------------------------------------------------------------------

    def command(self, program: Sequence[str]) -> tuple[list[str], dict[str, str], Path]:
        """argv, environment and working directory for running the command line `program` inside the
        sandbox; its first word `python3` means the interpreter student programs run with.

        Isolated: argv starts the launcher; `cwd` is only the launcher's (host) directory, the program
        itself runs in /sandbox/work (a copy of `workdir` on the sandbox's tmpfs, discarded afterwards)."""
        program = self._program(program)
        if self.isolated:
            _cache_launcher()
            argv = [sys.executable, "-I", "-S", "-B", "-c", LAUNCHER_BOOT, str(self._config), *program]
            return argv, isolated_environment(), self.workdir
        env = child_environment(self.workdir, self.temporary)
        env[MARKER] = self.marker
        self._landlock = landlock_rules(shutil.which(program[0], path=env["PATH"]) or program[0], self.workdir,
                                        self.temporary) if landlock.usable() else None
        return program, env, self.workdir


    def _program(self, program: Sequence[str]) -> list[str]:
        return [self.python if program[0] == PYTHON else program[0], *program[1:]]

    def start(self, program: Sequence[str], encoding: str | None = None, timeout: float = 30) -> pexpect.spawn:
        """Start the command line `program` (as `command()` reads it) on a fresh pty, echoing as a terminal does, 24x80:
        spawned through the launcher, or forked by this process's fork server (a `ForkedRun`, which
        behaves as a pexpect child). The caller ends it with `kill_all(child.pid)`."""
        if self.launch == FORK:
            from grader.sandbox import forking  # noqa: PLC0415 - POSIX only, and only isolated runs need it

            _cache_launcher()
            try:
                child = forking.start(self.python, isolated_environment(), self._config,
                                         self._program(program), encoding, timeout)
            except forking.ServerFailure as failure:
                _say_once(f"launch: plain, not fork ({failure})")
                self.launch = PLAIN
                if self.group is not None:  # the plain launch's launcher is a process more than the fork's
                    self.group.limit_processes(self.limits.group(HELPERS[PLAIN])[1])
            else:
                self.launched.launcher = child.pid, child.since
                return child
        import pexpect  # noqa: PLC0415 - POSIX only: Windows runs programs through pipes

        argv, env, cwd = self.command(program)
        child = pexpect.spawn(argv[0], argv[1:], env=env, cwd=str(cwd), echo=True, dimensions=(24, 80),
                              preexec_fn=self.preexec, encoding=encoding, timeout=timeout, ignore_sighup=False)
        child.delaybeforesend = None  # pexpect's pauses are for slow terminals; ours is a pty
        child.delayafterclose = child.ptyproc.delayafterclose = 0
        child.delayafterterminate = child.ptyproc.delayafterterminate = 0
        self.watch(child.pid)
        return child

    def watch(self, pid: int) -> None:
        """In the fallback, hold the run started as `pid` to its disk: nothing but this watch bounds what it writes
        to the machine's disk (isolated, its own tmpfs does). Call it once the program has started."""
        if not self.isolated:
            uid = self.uid if self.drops_root else None  # not as root, the uid is the grader's: its files are not the run's
            others: dict[str, int] = {}  # the run's folder: its copy and its temporary folder
            self.disk = DiskWatch(lambda: held(self.root, uid, [pid, *proc.descendants(pid)],
                                                       self.limits.disk_files, others),
                                  self.limits, lambda: self.kill_all(pid))

    def _write_config(self) -> None:
        config = isolated_config(self.submission, self.root, self.workdir, self._state, self.uid, self.gid, self.limits,
                                 self.browser, self.group.folders if self.group is not None else [], self.hidden)
        (self.root / "root").mkdir()
        self._config.write_bytes(marshal.dumps(config))  # read by the launcher, same interpreter

    def preexec(self) -> None:
        """Runs in the child between fork and exec. Fallback: the kernel-enforced limits. Isolated: the
        launcher applies them to the student's process only (after dropping privileges)."""
        signal.pthread_sigmask(signal.SIG_SETMASK, [])  # whatever the grader held back, the program gets all
        if not self.isolated:
            # Only the program returns: this process stays behind as the run's reaper, outside the run's group.
            # A fork of the grader, it maps the grader's memory: in the group the OOM killer would pick it first.
            fork_reaper()
        if self.group is not None:
            self.group.join()  # every process of the run follows: the limits hold for all of them together
        if resource is None:  # a POSIX system without rlimits (Windows never runs a preexec)
            return
        if self.isolated:
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            # The launcher dies with the grader (init dies with it, and the namespace with init): a program
            # that ignores its terminal's hang-up and never reads outlived a crashed grader otherwise.
            if not dies_with(self._grader, signal.SIGKILL):
                os._exit(125)  # the grader died before that was in place
            return
        for name, soft, hard in self.limits.rlimits():
            resource.setrlimit(getattr(resource, name), (soft, hard))
        if self.drops_root:
            os.setgroups([])
            os.setresgid(self.gid, self.gid, self.gid)
            os.setresuid(self.uid, self.uid, self.uid)
        try:
            # Not root: its user's sockets, its files' modes and its other processes (the grader). Never here:
            # System V IPC, which is the machine's outside an IPC namespace.
            syscalls.install(ctypes.CDLL(None, use_errno=True), unix_sockets=self.drops_root, machine_ipc=False,
                             file_modes=self.drops_root, other_processes=self.drops_root)
        except OSError:
            pass  # a kernel without seccomp: `protections()` does not claim the filter there
        if self._landlock is not None:  # its own terminal, never another run's (/dev/pts/N of the same user)
            own = [(os.ttyname(0), landlock.DEVICE)] if os.isatty(0) else []
            landlock.restrict(self._landlock + own)

    # ---- cleanup -----------------------------------------------------------------------------------

    def ours(self, pid: int) -> bool:
        """Is `pid` this run's launcher or namespace init (not a recycled pid)? (`Launched.ours`)"""
        return self.launched.ours(pid)

    def watched_threads(self, pid: int) -> list[tuple[int, int]]:
        """The threads the grader looks at while it waits for the program started as `pid`, as (pid, tid).
        Isolated with a cgroup: every thread of the run's group (the same processes as the tree under the
        launcher: the launcher and everything in its namespaces) but the launcher's and init's, which never
        read the terminal, from one read of the group instead of two per process; else the tree under `pid`."""
        if not self.isolated or self.group is None:
            return proc.tree_threads(pid)
        if self._init is None:
            self._init = self.launched.init_identity()
        helpers = {pid, self._init[0] if self._init is not None else pid}
        return [(tid, tid) for tid in self.group.threads() if tid not in helpers]

    def init_pid(self, pid: int) -> int | None:
        """Host pid of the namespace init of the run whose launcher is `pid` (None before it exists)."""
        return self.launched.init_pid(pid)

    def kill_all(self, pid: int, timeout: float = 5.0) -> None:
        """Kill every process of the run started as `pid` and return once they are all dead.

        Isolated: SIGKILL to the namespace's init (from outside it cannot be ignored) makes the kernel
        kill every process of the namespace, and init only turns into a zombie once they are all gone.
        The launcher (`pid`) then reaps init and kills itself with the same SIGKILL, so no zombie is
        left to a subreaper. It is killed directly only when there is no init yet, or if it lingers.
        So the run is over when the launcher and init are dead (`ours` knows them). A fork launch's `pid`
        is init itself, which the fork server reaps.

        Fallback: SIGKILL to everything below the run's reaper (`pid`, see `reaping.fork_reaper`: while it
        lives, every process the run started is below it, whatever group, session or environment it moved
        to), then the reaper; then to the process group, every process of the run's cgroup and anything with
        the run's marker in its environment (what a program that killed its reaper set loose: not as root and
        without Landlock it can). Then the disk the run held is measured once more. Windows: `taskkill /T`,
        the process tree (no groups, no /proc there)."""
        if self.isolated:
            self.launched.kill(pid, timeout)
            return
        if self.disk is not None:
            self.disk.stop()
        kill_fallback(pid, self.group, f"{MARKER}={self.marker}".encode(), timeout)
        if self.disk is not None:
            self.disk.check()  # what it wrote since the watch last looked, or in a run too short for a look

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
        return self.limits.hit(killed_by, out_of_memory, self.disk is not None and self.disk.over)

    def close(self) -> None:
        """Remove the run's files, group and, in the fallback as root, the System V objects and the files
        in shared temporary folders its uid left (isolated, they die with the run's namespaces). Call it
        after `kill_all`."""
        if self.disk is not None:
            self.disk.stop()
        try:
            if self.drops_root:
                remove_ipc_objects(self.uid)
                remove_shared_files(self.uid)
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
