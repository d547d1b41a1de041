"""Which protections student code gets on this machine, found once per grader process: the isolation
probe (a program run through the sandbox that reports what it sees), the system-call filter and the
per-run cgroups. `describe()` is the protections line every command prints."""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
import threading
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar, Iterable

from grader.sandbox import proc
from grader.sandbox.environment import others_may
from grader.sandbox.cgroup import run_group_parents
from grader.sandbox.limits import Limits
from grader.sandbox.scratch import PROBE_FOLDER, make_folder
from grader.base.errors import IsolationUnavailable
from grader.base.project import PYTHON
from grader.sandbox.inside import landlock, syscalls
from grader.sandbox.isolated import IsolatedSandbox

try:
    import resource
except ImportError:  # Windows: no rlimits there
    resource = None


NOT_ROOT = "the grader does not run as root"
NOT_ROOT_MEANS = {  # by whether Landlock holds the runs
    False: "student code runs as you: it can read and change your files, the grades included, and stop your programs, ",
    True: "student code runs as you, but Landlock keeps it to the system's folders and its own copy, away from your "
          "files (the grades included), your programs and your sockets; ",
}
NOT_ROOT_ADVICE = ("its memory and processes are limited per process only (together, with their sockets' buffers, "
                   "they can use more than memory_mb); run as root (sudo) for full isolation")


@dataclass(frozen=True)
class Protections:
    """Which protections runs get on this machine; `missing()` is what the CLI should warn about."""

    rlimits: bool
    pid_namespace: bool = False  # cannot see or signal the grader; every process dies with the run
    network: bool = False  # own network namespace without interfaces
    private_filesystem: bool = False  # project, reference, specs, other submissions absent; own /tmp
    unprivileged_user: bool = False  # per-run uid, no_new_privs
    syscall_filter: bool = False  # seccomp: no new namespaces, io_uring or kernel keys
    run_limits: bool = False  # memory and processes counted for the whole run (a cgroup per run)
    landlock: bool = False  # fallback runs: files, abstract unix sockets and signals held to the run (not a name)
    reason: str = ""  # why a protection is off, when one is
    ISOLATION: ClassVar[tuple[str, ...]] = ("pid_namespace", "network", "private_filesystem", "unprivileged_user")
    NAMES: ClassVar[tuple[str, ...]] = ("rlimits", *ISOLATION, "syscall_filter", "run_limits")

    @property
    def full(self) -> bool:
        return not self.missing()

    @property
    def isolated(self) -> bool:
        """Runs go through the namespace launcher (what else is missing is said by `describe()`)."""
        return all(getattr(self, name) for name in self.ISOLATION)

    def missing(self) -> list[str]:
        return [name for name in self.NAMES if not getattr(self, name)]

    def describe(self) -> str:
        """The protections line: the names of what is missing and why, then (not as root) what that means in
        plain words and what to do about it."""
        if self.full:
            return ("sandbox: full isolation (namespaces, private file system, unprivileged user, rlimits, "
                "syscall filter, limits per run)")
        line = f"sandbox: running WITHOUT {', '.join(self.missing())}" + (f" ({self.reason})" if self.reason else "")
        return line + (f"\n  {NOT_ROOT_MEANS[self.landlock]}{NOT_ROOT_ADVICE}" if self.reason == NOT_ROOT else "")


def exposed(found: Protections, private: Iterable[Path]) -> str | None:
    """A warning saying what a run could read that it should not: in the fallback as root without Landlock
    the program runs as a per-run uid, who may read whatever any user may (what every user may read in the
    shared temporary folders, and the `private` folders and files, class, specs, reference, the assignment, the
    referee's key, where other users may enter or read them). None: nothing is exposed (isolation, Landlock, or
    not root, which the protections line says)."""
    if found.private_filesystem or found.landlock or not found.unprivileged_user:
        return None
    line = ("warning: without isolation or Landlock student code can read every file other users may read, "
            "in /tmp, /var/tmp and /dev/shm too")
    reachable = [str(path) for path in private
                 if others_may(str(path), stat.S_IXOTH if os.path.isdir(path) else stat.S_IROTH)]
    if not reachable:
        return line
    them = "them" if len(reachable) > 1 else "it"
    return (f"{line}, and {', '.join(reachable)} (other users may reach {them}); make {them} root's alone "
            f"(chmod go-rwx) before grading")


_probe_lock = threading.Lock()
_probed: Protections | None = None


def isolation(require_full: bool = False) -> bool:
    """Whether runs go through the namespace launcher on this machine. `require_full` (or
    GRADER_SANDBOX=require in the grader's environment) makes anything less than full protection an
    `IsolationUnavailable` instead of a fallback."""
    found = protections()
    if (require_full or os.environ.get("GRADER_SANDBOX") == "require") and not found.full:
        raise IsolationUnavailable(f"full isolation is not available here ({found.describe()})")
    return found.isolated


def probe_ahead() -> None:
    """Find this machine's protections in a thread of their own while the grader does other work (reading
    the specs): the probe's run starts the fork server the runs are forked by, so the first run waits for
    neither. The thread is not a daemon: a probe cut short at exit would leave its folders behind."""
    threading.Thread(target=_probe_quietly, name="protections probe").start()


def _probe_quietly() -> None:
    try:
        protections()
    except Exception:  # noqa: BLE001 - the command's own call probes again and says why
        pass


def protections() -> Protections:
    """What this machine gives runs, found once per process by running a probe through the sandbox."""
    global _probed
    with _probe_lock:
        if _probed is None:
            _probed = _probe()
        return _probed


def take_probed(found: Protections) -> None:
    """Take `found` as this process's protections, unprobed: a `grade` worker is told what its batch probed on
    the same machine, which spares every worker a run of the probe through the sandbox."""
    global _probed
    with _probe_lock:
        _probed = found


def _with_run_limits(found: Protections) -> Protections:
    """`found`, with what the per-run cgroups add (isolated or not)."""
    parents = run_group_parents()
    if isinstance(parents, str):
        return replace(found, reason="; ".join(filter(None, (found.reason, f"no limits per run: {parents}"))))
    return replace(found, run_limits=True)


def _fallback(reason: str) -> Protections:
    as_root = hasattr(os, "geteuid") and os.geteuid() == 0  # then runs drop to a per-run uid
    found = _with_run_limits(Protections(rlimits=resource is not None, unprivileged_user=as_root,
                                         syscall_filter=_filter_possible(), landlock=landlock.usable(), reason=reason))
    return found if as_root or found.run_limits else replace(found, reason=reason)  # not root says why already


def _filter_possible() -> bool:
    """The fallback's preexec installs the filter where the kernel has seccomp and the architecture is known."""
    return sys.platform.startswith("linux") and syscalls.filter_program(os.uname().machine) is not None \
        and b"\nSeccomp:" in proc.read("/proc/self/status")


def _probe() -> Protections:
    if os.environ.get("GRADER_SANDBOX") == "off":
        return _fallback("disabled by GRADER_SANDBOX=off")
    if not sys.platform.startswith("linux"):
        return _fallback(f"namespaces need Linux, this is {sys.platform}")
    if os.geteuid() != 0:
        return _fallback(NOT_ROOT)
    probe_dir = make_folder(PROBE_FOLDER)
    try:
        (probe_dir / "probe.py").write_text(
            "import json, os, socket, readline\n"
            "try:\n"
            "    socket.create_connection(('127.0.0.1', 9), timeout=1); net = False\n"
            "except OSError:\n"
            "    net = True\n"
            "print(json.dumps({'uid': os.getuid(), 'pid': os.getpid(), 'net': net,\n"
            f"    'hidden': not os.path.exists({str(Path(__file__).resolve())!r}), 'pids': os.listdir('/proc').count('1'),\n"
            "    'seccomp': open('/proc/self/status').read().split('Seccomp:')[1].split()[0] == '2'}))\n"
        )
        import pexpect  # noqa: PLC0415 - Linux only, as the sandbox

        box = IsolatedSandbox(probe_dir, Limits())
        with box:  # launched as the runs will be (which starts this process's fork server ahead of them)
            child = None
            try:
                child = box.start([PYTHON, "probe.py"], timeout=20)
                child.expect(pexpect.EOF)
                seen = json.loads(child.before.decode(errors="replace").strip().splitlines()[-1])
            except (OSError, pexpect.ExceptionPexpect, ValueError, IndexError) as error:
                said = child.before.decode(errors="replace").strip().splitlines() if child and child.before else []
                return _fallback(f"the isolation probe failed: {said[-1] if said else error}")
            finally:
                if child is not None:
                    box.kill_all(child.pid)
                    child.close(force=True)
        found = Protections(
            rlimits=True,
            pid_namespace=seen["pid"] == 2 and seen["pids"] == 0,
            network=seen["net"],
            private_filesystem=seen["hidden"],
            unprivileged_user=seen["uid"] != 0,
            syscall_filter=seen["seccomp"],
        )
        if not found.isolated:  # a partial sandbox is no sandbox: say so, and run in the plain fallback
            return _fallback(f"the isolation probe saw no {', '.join(found.missing())}")
        return _with_run_limits(found)
    finally:
        shutil.rmtree(probe_dir, ignore_errors=True)
