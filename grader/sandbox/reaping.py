"""No process outlives the grader: as a child subreaper (Linux) it inherits whatever its children orphan
(a program that double-forks out of its process group, a worker that died) and kills it at the end.

No process outlives its run either, in the fallbacks: the process a fallback run starts in becomes the
run's own subreaper (`fork_reaper`), so whatever the program orphans (a `setsid` daemon that re-executes
itself with an empty environment, out of its group, session and marker) stays below it, and is killed when
the program ends (by the reaper) or is ended (`kill_tree`)."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time
from typing import TYPE_CHECKING, Callable, Iterable, NoReturn

from grader.sandbox import proc

if TYPE_CHECKING:
    from grader.sandbox.cgroup import RunGroup

try:
    import resource
except ImportError:  # Windows, and a grader told to do without it (tests/system/test_transport.py)
    resource = None

PR_SET_CHILD_SUBREAPER = 36
PR_SET_PDEATHSIG = 1
# What a terminal sends its foreground group (the reaper's too: the program stays in its group), and what the
# pty's end sends the reaper as its session's leader: the program's to receive, never the reaper's.
TERMINAL_SIGNALS = ("SIGINT", "SIGQUIT", "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGHUP")


def dies_with(parent: int, sig: int) -> bool:
    """Have the kernel send this process `sig` when `parent` (the process that started it) dies, on Linux; False
    where `parent` is gone already, before that was in place. The signal follows the thread that started us."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0)
    return os.getppid() == parent


def become_subreaper() -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def fork_reaper() -> None:
    """Between fork and exec of a fallback run: fork the program, which returns from here (to exec), while
    this process stays behind as the run's reaper and never returns. Where no subreaper can be had (not
    Linux), it returns at once and the program is this process."""
    if not become_subreaper():
        return
    program = os.fork()
    if program == 0:
        return
    _reap(program)


def _reap(program: int) -> NoReturn:
    """The reaper's life: hold none of the run's descriptors (its terminal's end comes when the program's
    processes close it; the launch's error pipe closes with the exec), reap whatever dies, and once the
    program has ended kill everything left below and end the way the program did."""
    for number in map(int, proc.listdir("/proc/self/fd")):
        if number > 2:
            try:
                os.close(number)
            except OSError:
                pass  # the descriptor of the listing itself, closed already
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    for number in signal.valid_signals():
        if callable(signal.getsignal(number)):  # the grader's own handlers: none may run here
            signal.signal(number, signal.SIG_DFL)
    for name in TERMINAL_SIGNALS:
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    if resource is not None:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # it may end by the program's SIGSEGV: no core of its own
    status = 0
    while True:
        try:
            pid, status = os.waitpid(-1, 0)
        except ChildProcessError:
            break
        if pid == program:
            break
    kill_orphans(set())
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        if number != signal.SIGKILL:
            signal.signal(number, signal.SIG_DFL)
        os.kill(os.getpid(), number)
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1)


def kill_tree(pid: int, timeout: float) -> None:
    """Kill every process below `pid`, then `pid`. When `pid` is a run's reaper, whatever is orphaned while
    this kills is reparented to it, so nothing of the run escapes: it is killed on the next look."""
    wait_dead(lambda other: True, {}, timeout, grace=0, candidates=lambda: proc.descendants(pid))
    wait_dead(lambda other: True, proc.follow([pid]), timeout, grace=0, candidates=list)


def kill_orphans(keep: set[int]) -> int:
    """Kill every child of ours not in `keep`, with everything below it, and reap them."""
    killed = 0
    for _ in range(100):
        orphans = [pid for pid in proc.children(os.getpid()) if pid not in keep]
        if not orphans:
            break
        pending = list(orphans)
        while pending:
            pid = pending.pop()
            pending += proc.children(pid)
            try:
                os.kill(pid, signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                pass
        for pid in orphans:
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
    return killed


def kill(pid: int) -> None:
    """SIGKILL, for a process that may be gone already (or never was ours to signal)."""
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def wait_dead(belongs: Callable[[int], bool], followed: dict[int, bytes], timeout: float, grace: float,
              candidates: Callable[[], Iterable[int]] = proc.pids) -> None:
    """Until no process that `belongs` recognises among `candidates()` (or in `followed`) is alive; SIGKILL
    those still alive after `grace`. A process is followed by (pid, start time) from the moment it is
    recognised: while it exits its command line and environment already read empty, and its pid may be
    reused once it is reaped."""
    started = time.monotonic()
    while True:
        for other in candidates():
            if other not in followed and belongs(other):
                state = proc.state(other)
                if state is not None:
                    followed[other] = state[1]
        left = [other for other, since in followed.items() if proc.alive(other, since)]
        if not left:
            return
        waited = time.monotonic() - started
        if waited > timeout:
            raise RuntimeError(f"sandbox: processes {left} of the run survived SIGKILL")
        if waited >= grace:
            for other in left:
                kill(other)
        time.sleep(0.001)


def kill_fallback(pid: int, group: RunGroup | None, needle: bytes, timeout: float) -> None:
    """Kill a fallback run started as `pid` (its reaper), its process group, every process of its cgroup
    `group` and whatever has `needle` (its marker) in its environment; return once they are all dead."""
    members = set(group.members()) if group is not None else set()
    marked = lambda other: other in members or needle in proc.environ(other)  # noqa: E731
    known = proc.follow([pid] if marked(pid) else [])
    known.update(proc.follow(members))
    if os.name == "nt":  # no process groups: end the process tree the program started
        subprocess.run(["taskkill", "/F", "/T", "/PID", str(pid)], capture_output=True, check=False)
        return
    if os.path.isdir("/proc"):
        kill_tree(pid, timeout)  # the run's reaper, and all it holds: the daemons that left group and marker
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if os.path.isdir("/proc"):
        wait_dead(marked, known, timeout, grace=0)
    deadline = time.monotonic() + timeout
    while group is not None and (left := group.members()):  # forked while we were killing
        if time.monotonic() > deadline:
            raise RuntimeError(f"sandbox: processes {left} of the run survived SIGKILL")
        wait_dead(lambda other: False, proc.follow(left), timeout, grace=0)
