"""The isolated sandbox (Linux, running as root, namespaces usable): the launcher of
`grader/sandbox/inside/init.py` puts the program in its own pid, network, IPC, UTS and mount namespaces, on a
root file system that is a fresh size-limited tmpfs holding read-only /usr (what the interpreter needs of it),
a few files of /etc, the interpreter's prefix, a private /tmp, and the working copy at /sandbox/work; it runs
as a per-run unprivileged uid with no_new_privs and the rlimits. The project, the reference, the specs and
other submissions simply do not exist there.

Two launches. PLAIN: the launcher (python -I -S) is spawned (`command()`), builds the sandbox, then execs a
fresh `python3 SCRIPT`. FORK: a fork server, started once per grader process as the student's interpreter
(grader/sandbox/forking.py), forks each run's init; the run's student process then runs SCRIPT as `__main__`
without an exec (scriptmain.run_program): no interpreter start-up per run at all. Process tree seen from the
grader: launcher (root; the pexpect child; a fork launch has none) -> namespace init (pid 1, root) -> student
python (pid 2 inside). The launcher (a fork launch's server, for it) exits the way the student's program did.
"""

from __future__ import annotations

import marshal
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from grader.sandbox import proc
from grader.sandbox.box import Sandbox
from grader.sandbox.environment import isolated_environment
from grader.sandbox.inside import INIT_MODULES, INIT_SCRIPT, SYSCALLS_SCRIPT
from grader.sandbox.launched import Launched
from grader.sandbox.limits import Limits
from grader.sandbox.reaping import dies_with
from grader.sandbox.rootconfig import isolated_config
from grader.sandbox.scratch import scratch

if TYPE_CHECKING:
    import pexpect

# The launcher imports init.py rather than running it, so its bytecode comes from __pycache__
# (see `_cache_launcher`) instead of being compiled on every run; argv after -c is (CONFIG, SCRIPT).
LAUNCHER_BOOT = f"import sys; sys.path.insert(0, {str(INIT_SCRIPT.parent)!r}); import init; init.main()"
PLAIN, FORK = "plain", "fork"
LAUNCHES = (PLAIN, FORK)
HELPERS = {PLAIN: 2, FORK: 1}  # the run's processes that are the sandbox's, not the program's: launcher and init

_launcher_cached = False
_said: set[str] = set()


def _cache_launcher() -> None:
    """Write the bytecode of init.py and what it imports to its __pycache__ once per grader process (the
    launcher runs with -B and never writes it). If that folder is read-only, the launcher still works,
    compiling each time."""
    global _launcher_cached
    if not _launcher_cached:
        import py_compile  # noqa: PLC0415 - only isolated runs need it

        for script in (INIT_SCRIPT, SYSCALLS_SCRIPT, *INIT_MODULES):
            try:
                py_compile.compile(str(script), doraise=True)
            except (OSError, py_compile.PyCompileError):
                pass
        _launcher_cached = True


def _say_once(notice: str) -> None:
    """A notice for the grader's user on stderr, once per process however many runs meet it."""
    if notice not in _said:
        _said.add(notice)
        print(notice, file=sys.stderr)


class IsolatedSandbox(Sandbox):
    """A run in its own namespaces, launched `launch` (FORK or PLAIN); `browser`: a browser's run
    (grader/sandbox/browser.py: its DevTools pipe and fonts); `hidden`: the course's folders, hidden
    wherever they lie (rootconfig.py)."""

    opens_browsers = True

    def __init__(self, submission: Path, limits: Limits, *, launch: str = FORK, browser: bool = False,
                 hidden: Sequence[str] = ()) -> None:
        self.launch = launch
        self.helpers = HELPERS[launch]
        self.browser = browser
        self.hidden = tuple(hidden)
        self._grader = os.getpid()  # the process that starts the program (preexec runs in its child)
        self._init: tuple[int, bytes] | None = None  # init's identity once the launcher recorded it
        super().__init__(submission, limits)

    @classmethod
    def folder_parent(cls) -> str | None:
        """In memory where it has room (`scratch`): the program writes only on its own tmpfs."""
        return scratch()

    def prepare(self) -> None:
        self._config = self.root / "sandbox.cfg"
        self.launched = Launched(self._config, self.root / "state")
        config = isolated_config(self.submission, self.root, self.workdir, self.root / "state", self.uid, self.gid,
                                 self.limits, self.browser, self.group.folders if self.group is not None else [],
                                 self.hidden)
        (self.root / "root").mkdir()
        self._config.write_bytes(marshal.dumps(config))  # read by the launcher, same interpreter

    def command(self, program: Sequence[str]) -> tuple[list[str], dict[str, str], Path]:
        """The plain launch: argv starts the launcher; `cwd` is only the launcher's (host) directory, the
        program itself runs in /sandbox/work (a copy of `workdir` on the sandbox's tmpfs, discarded afterwards)."""
        self._use_launch(PLAIN)
        _cache_launcher()
        argv = [sys.executable, "-I", "-S", "-B", "-c", LAUNCHER_BOOT, str(self._config), *self.program(program)]
        return argv, isolated_environment(), self.workdir

    def start(self, program: Sequence[str], encoding: str | None = None, timeout: float = 30) -> pexpect.spawn:
        """Forked by this process's fork server (a `ForkedRun`, which behaves as a pexpect child), or spawned
        through the launcher when launched plain or when the server fails."""
        if self.launch == FORK:
            from grader.sandbox import forking  # noqa: PLC0415 - POSIX only

            _cache_launcher()
            try:
                child = forking.start(self.python, isolated_environment(), self._config, self.program(program),
                                      encoding, timeout)
            except forking.ServerFailure as failure:
                _say_once(f"launch: plain, not fork ({failure})")
            else:
                self.launched.launcher = child.pid, child.since
                return child
        return self.spawn(program, encoding, timeout)

    def _use_launch(self, launch: str) -> None:
        """Launched otherwise than planned: the run's group counts that launch's helpers."""
        if launch != self.launch:
            self.launch, self.helpers = launch, HELPERS[launch]
            if self.group is not None:
                self.group.limit_processes(self.limits.group(self.helpers)[1])

    def confine(self) -> None:
        """The launcher applies the limits to the student's process only (after dropping privileges); here,
        no core dumps, and the launcher dies with the grader (init dies with it, and the namespace with
        init): a program that ignores its terminal's hang-up and never reads outlived a crashed grader otherwise."""
        import resource  # noqa: PLC0415 - POSIX only, as a preexec

        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if not dies_with(self._grader, signal.SIGKILL):
            os._exit(125)  # the grader died before that was in place

    def is_helper(self, pid: int) -> bool:
        """Is `pid` this run's launcher or namespace init (not a recycled pid)? (`Launched.is_helper`)"""
        return self.launched.is_helper(pid)

    def init_pid(self, pid: int) -> int | None:
        """Host pid of the namespace init of the run whose launcher is `pid` (None before it exists)."""
        return self.launched.init_pid(pid)

    def watched_threads(self, pid: int) -> list[tuple[int, int]]:
        """With a cgroup: every thread of the run's group (the same processes as the tree under the launcher:
        the launcher and everything in its namespaces) but the launcher's and init's, which never read the
        terminal, from one read of the group instead of two per process; else the tree under `pid`."""
        if self.group is None:
            return proc.tree_threads(pid)
        if self._init is None:
            self._init = self.launched.init_identity()
        helpers = {pid, self._init[0] if self._init is not None else pid}
        return [(tid, tid) for tid in self.group.threads() if tid not in helpers]

    def kill_all(self, pid: int, timeout: float = 5.0) -> None:
        """SIGKILL to the namespace's init (from outside it cannot be ignored) makes the kernel kill every
        process of the namespace; the launcher (`pid`) then reaps init and kills itself the same way, so no
        zombie is left to a subreaper. A fork launch's `pid` is init itself, which the fork server reaps.
        The run is over when the launcher and init are dead (`Launched.kill`)."""
        self.launched.kill(pid, timeout)
