"""An isolated run's launcher and its namespace's init (a fork launch has no launcher: the fork server forks
init itself), as the grader knows them: by pid and start time (never a recycled pid), and ended together
with every process of the namespace."""

from __future__ import annotations

from pathlib import Path

from grader.sandbox import proc
from grader.sandbox.reaping import kill, wait_dead


class Launched:
    """The launcher and init of one isolated run, whose config is `config` and whose launcher records init's
    identity in `state`. `launcher`: a fork launch's init as the fork server named it (not our child), which
    is both the process the run was started as and its init."""

    def __init__(self, config: Path, state: Path) -> None:
        self.config, self.state = config, state
        self.launcher: tuple[int, bytes] | None = None

    def is_helper(self, pid: int) -> bool:
        """Is `pid` this run's launcher or namespace init (not a recycled pid)? A plain launch's both carry
        the config path; a fork launch's init is the one the server named."""
        if self.launcher is None:
            return str(self.config).encode() in proc.cmdline(pid)
        return pid in self.forked()

    def forked(self) -> list[int]:
        """A fork launch's init (as the server named it), if it is alive."""
        return [self.launcher[0]] if proc.alive(*self.launcher) else []

    def init_pid(self, pid: int) -> int | None:
        """Host pid of the namespace init of the run whose launcher is `pid` (None before it exists)."""
        found = self.init_identity()
        return found[0] if found else self.init_child(pid)

    def init_identity(self) -> tuple[int, bytes] | None:
        """(pid, start time) of init, as the launcher recorded it right after forking it, or the server named it."""
        if self.launcher is not None:
            return self.launcher
        try:
            pid, since = self.state.read_text().split()
            return int(pid), since.encode()
        except (OSError, ValueError):
            return None

    def candidates(self) -> list[int]:
        """Where this run's launcher or init may be found: a fork launch's init is the one the server named, a
        plain launch's could be any process."""
        return proc.pids() if self.launcher is None else self.forked()

    def init_child(self, pid: int) -> int | None:
        """init found as the launcher's child (before the launcher has recorded it)."""
        return next((child for child in proc.children(pid) if self.is_helper(child)), None)

    def kill(self, pid: int, timeout: float) -> None:
        """SIGKILL to the namespace's init of the run started as `pid` (its launcher, or a fork launch's init; to
        the launcher while there is no init yet), and return once both are dead (see `IsolatedSandbox.kill_all`)."""
        known = proc.follow([pid] if self.is_helper(pid) else [])
        identity = self.init_identity()
        if identity is None:
            child = self.init_child(pid)
            known.update(proc.follow([child] if child is not None else []))
        elif proc.alive(*identity):  # even while exiting (its command line then reads empty)
            known[identity[0]] = identity[1]
        init = next((other for other in known if other != pid), None)
        if init is not None:
            kill(init)
        elif pid in known:
            kill(pid)  # no init yet: one forked meanwhile sees the launcher die and exits by itself
        wait_dead(self.is_helper, known, timeout, grace=0.5, candidates=self.candidates)
