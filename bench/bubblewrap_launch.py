#!/usr/bin/env python3
"""What a launch through bubblewrap (`bwrap`, an existing sandbox) would cost per run against the grader's own
launches: a note for a future implementation (issue 38), not a switch. The grader never runs bwrap.

One run of a tiny program (prints a prompt, reads one line, prints it, exits), four ways, interleaved in a
shuffled order per repetition:

* fork, plain: `runner.run_session` with the fork launch and the plain one (a run's sandbox, pty, /proc
  synchronisation and cleanup, exactly as `check` runs a spec);
* bwrap: a fresh copy of the submission (in the folder the grader's runs use, owned by a per-run uid), then
  `bwrap` as that uid on a pty with a sandbox like ours (see `bwrap_command`), driven by pexpect: wait for the
  prompt, send the line, read to the end, remove the copy;
* bare: the same pexpect driver and copy, but a fresh `python3 main.py` with no sandbox at all, as root: what
  the bwrap run costs without bwrap.

Wall time: median per run. CPU: per run, the mean over all runs of a variant (the fork server's counters tick
every 10 ms), split into the driver's (this process: the grader's side, or pexpect) and the runs' (every other
process of this process tree: children reaped during the run, plus the fork server and what it reaped).
Without `bwrap` on PATH the bwrap variant is skipped, and said so.

    .venv/bin/python bench/bubblewrap_launch.py [--repetitions 60]
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import secrets
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import Callable

import pexpect
import ptyprocess

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import emit, interleaved, median  # noqa: E402

from grader.engine.runner import Options, run_session  # noqa: E402
from grader.judge.outcome import Ending  # noqa: E402
from grader.sandbox.environment import (INSIDE_HOME, child_environment, isolated_environment, others_may,  # noqa: E402
                                        student_python)
from grader.sandbox.inside.syscalls import filter_program  # noqa: E402
from grader.sandbox.leftovers import UID_BASE, UID_SPAN  # noqa: E402
from grader.sandbox.limits import Limits  # noqa: E402
from grader.sandbox.protections import protections  # noqa: E402
from grader.sandbox.rootconfig import ETC_FILES, interpreter_trees, system_trees  # noqa: E402
from grader.sandbox.scratch import scratch  # noqa: E402

FORK, PLAIN = "fork", "plain"  # the grader's launch modes, as `Options.launch` names them
PROGRAM = 'line = input("> ")\nprint(line)\n'
LINE = "hello"
OPTIONS = {launch: Options(script="main.py", command=("python3", "main.py"), launch=launch) for launch in (FORK, PLAIN)}
CLONE_NEWNS, MS_BIND, MS_REC, MS_PRIVATE = 0x00020000, 4096, 16384, 1 << 18
PR_SET_CHILD_SUBREAPER = 36


class _Spawn(pexpect.spawn):
    """pexpect.spawn that hands descriptors to the child (bwrap reads its seccomp filter from one)."""

    def __init__(self, *args: object, pass_fds: tuple[int, ...] = (), **kwargs: object) -> None:
        self.pass_fds = pass_fds
        super().__init__(*args, **kwargs)

    def _spawnpty(self, args: list[str], **kwargs: object) -> ptyprocess.PtyProcess:
        return ptyprocess.PtyProcess.spawn(args, pass_fds=self.pass_fds, **kwargs)


def bwrap_command(python: str, copy: str, shared: list[tuple[str, str]], exposed: list[tuple[str, str]],
                  seccomp_fd: int, info_fd: int, tmp_bytes: int) -> list[str]:
    """bwrap's argv for `python3 main.py` in `copy` (bound writable at the run's home): a sandbox like ours, with
    the system trees of `shared` (a symlink stays a symlink), the interpreter's trees `exposed` (host path, path
    inside), and the files of /etc the interpreter reads, read-only on a tmpfs root; bwrap writes the pid of the
    sandbox's init to `info_fd`."""
    trees = [word for host, inside in shared
             for word in (("--symlink", host, inside) if not host.startswith("/") else ("--ro-bind", host, inside))]
    return ["bwrap", "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
            "--unshare-cgroup-try", "--hostname", "sandbox", "--die-with-parent", "--new-session",
            "--tmpfs", "/", *trees, *(word for host, inside in exposed for word in ("--ro-bind", host, inside)),
            *(word for path in ETC_FILES for word in ("--ro-bind-try", path, path)),
            "--dev", "/dev", "--proc", "/proc", "--size", str(tmp_bytes), "--tmpfs", "/tmp",
            "--bind", copy, INSIDE_HOME, "--chdir", INSIDE_HOME, "--seccomp", str(seccomp_fd),
            "--info-fd", str(info_fd), "--", python, "main.py"]


def shared_trees() -> list[tuple[str, str]]:
    """The system trees our runs share, as `bwrap_command` takes them: a symlink (merged /usr) as its target."""
    return [(os.readlink(tree) if os.path.islink(tree) else tree, tree) for tree in system_trees()]


def interpreter_outside(python: str) -> list[str]:
    """The interpreter's folder and its prefix's libraries where they lie outside the system trees."""
    system = [os.path.realpath(tree) for tree in system_trees()]
    return [tree for tree in map(os.path.realpath, interpreter_trees(python))
            if os.path.isdir(tree) and not any(tree == top or tree.startswith(top + "/") for top in system)]


def _mount(source: str | None, target: str, flags: int) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.mount(source.encode() if source else None, target.encode(), None, flags, None) != 0:
        raise OSError(ctypes.get_errno(), f"mount {source} on {target}")


def _become(uid: int, staged: list[tuple[str, str]], keep: tuple[int, ...]) -> Callable[[], None]:
    """The child's last steps before exec'ing bwrap, as root: our rlimits, the interpreter's trees the per-run
    uid cannot reach (under /root, 0700) bound where it can, in a mount namespace of the child's own, then
    that uid, which bwrap runs as (in a user namespace of its own: no capability on the host)."""
    def preexec() -> None:
        for fd in keep:
            os.set_inheritable(fd, True)
        for name, soft, hard in Limits().rlimits():
            resource.setrlimit(getattr(resource, name), (soft, hard))
        if staged:
            if ctypes.CDLL(None, use_errno=True).unshare(CLONE_NEWNS) != 0:
                raise OSError(ctypes.get_errno(), "unshare")
            _mount(None, "/", MS_REC | MS_PRIVATE)
            for tree, stage in staged:
                _mount(tree, stage, MS_BIND | MS_REC)
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
    return preexec


def drive(argv: list[str], cwd: str, env: dict[str, str], preexec: Callable[[], None] | None = None,
          keep: tuple[int, ...] = ()) -> None:
    """One run on a fresh pty, as the grader's terminal sets it up: wait for the prompt, type the line, read to
    the end; the program must have echoed the line back and exited 0."""
    child = _Spawn(argv[0], argv[1:], cwd=cwd, env=env, echo=True, dimensions=(24, 80), preexec_fn=preexec,
                   pass_fds=keep)
    child.delaybeforesend = None
    child.delayafterclose = child.ptyproc.delayafterclose = 0
    child.delayafterterminate = child.ptyproc.delayafterterminate = 0
    try:
        child.expect_exact("> ", timeout=10)
        child.sendline(LINE)
        child.expect(pexpect.EOF, timeout=10)
    finally:
        child.close()
    if child.exitstatus != 0 or child.before.decode().count(LINE) != 2:
        raise SystemExit(f"{argv[0]} failed: status {child.exitstatus}, output {child.before!r}")


def run_sandboxed(submission: Path, bwrap: bool, shown: list[str]) -> None:
    """A fresh copy of the submission in the grader's run folder, run through bwrap (or bare), then removed.
    The first bwrap command line is appended to `shown`."""
    root = tempfile.mkdtemp(prefix="bwrap-", dir=scratch())
    try:
        copy = os.path.join(root, "work")
        shutil.copytree(submission, copy)
        python = student_python()
        if not bwrap:
            drive([python, "main.py"], copy, child_environment(copy, copy))
            return
        uid = UID_BASE + secrets.randbelow(UID_SPAN)
        outside = interpreter_outside(python)
        staged = [(tree, os.path.join(root, f"tree{index}")) for index, tree in enumerate(outside)
                  if not others_may(tree, stat.S_IXOTH)]
        for _, stage in staged:
            os.mkdir(stage)
        for folder, _, files in os.walk(root):
            for name in (folder, *(os.path.join(folder, file) for file in files)):
                os.lchown(name, uid, uid)
        exposed = [(dict(staged).get(tree, tree), tree) for tree in outside]
        seccomp, write = os.pipe()
        os.write(write, filter_program(os.uname().machine) or b"")
        os.close(write)
        info, told = os.pipe()
        try:
            argv = bwrap_command(python, copy, shared_trees(), exposed, seccomp, told, Limits().disk_bytes)
            if not shown:
                shown.append(" ".join(argv))
            drive(argv, "/", isolated_environment(), _become(uid, staged, (seccomp, told)), (seccomp, told))
        finally:
            os.close(seccomp)
            os.close(told)
            with open(info, "rb") as said:
                answer = said.read()
        os.waitpid(json.loads(answer)["child-pid"], 0)  # the sandbox's init, orphaned by bwrap: reaped here
    finally:
        shutil.rmtree(root)


def run_grader(submission: Path, launch: str) -> None:
    session = run_session(submission, (LINE,), OPTIONS[launch], None)
    if session.end != Ending.EXITED or session.exit_status != 0 or LINE not in session.outputs[-1]:
        raise SystemExit(f"the {launch} launch failed: {session}")


def _stat_fields(pid: int | str) -> list[str]:
    """The fields of /proc/PID/stat after the command's name (field 3 on)."""
    with open(f"/proc/{pid}/stat") as stat_file:
        return stat_file.read().rsplit(")", 1)[1].split()


def live_children() -> list[int]:
    """This process's children still running between runs: the fork server."""
    found = []
    for entry in os.scandir("/proc"):
        try:
            if entry.name.isdigit() and int(_stat_fields(entry.name)[1]) == os.getpid():
                found.append(int(entry.name))
        except (OSError, IndexError):
            pass
    return found


def cpu_seconds(servers: list[int]) -> tuple[float, float]:
    """The CPU this process spent, and that of every other process of its tree: children it reaped, plus the
    live `servers` and what they reaped (fields 14 to 17 of /proc/PID/stat, in clock ticks)."""
    mine, reaped = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    ticks = sum(int(field) for pid in servers for field in _stat_fields(pid)[11:15])
    return mine.ru_utime + mine.ru_stime, reaped.ru_utime + reaped.ru_stime + ticks / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repetitions", type=int, default=60)
    args = parser.parse_args()
    print(protections().describe())
    if not protections().isolated:
        raise SystemExit("nothing to compare: without isolation there is no fork launch")
    bwrap = shutil.which("bwrap")
    if bwrap is not None:  # bwrap leaves its sandbox's init to be reaped by whoever adopts it: this process
        ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    else:
        print("bwrap is not on PATH (Debian: apt-get install bubblewrap): the bubblewrap launch is not measured")
    with tempfile.TemporaryDirectory(prefix="bwrap-bench-") as folder:
        submission = Path(folder) / "submission"
        submission.mkdir()
        (submission / "main.py").write_text(PROGRAM)
        shown: list[str] = []
        variants = {FORK: lambda: run_grader(submission, FORK), PLAIN: lambda: run_grader(submission, PLAIN),
                    "bare": lambda: run_sandboxed(submission, False, shown)}
        if bwrap:
            variants["bwrap"] = lambda: run_sandboxed(submission, True, shown)
        for action in variants.values():  # the fork server starts, the caches warm
            action()
        servers = live_children()
        spent = {name: [0.0, 0.0] for name in variants}

        def counted(name: str, action: Callable[[], None]) -> Callable[[], None]:
            def run() -> None:
                before = cpu_seconds(servers)
                action()
                after = cpu_seconds(servers)
                spent[name] = [total + later - earlier for total, earlier, later in zip(spent[name], before, after)]
            return run

        walls = interleaved({name: counted(name, action) for name, action in variants.items()}, args.repetitions)
    if shown:
        print(f"bwrap command line (as a per-run uid, after our rlimits):\n  {shown[0]}")
    result: dict = {"repetitions": args.repetitions}
    print(f"{args.repetitions} interleaved runs each; wall: median per run; CPU: mean per run (driver = this "
          "process, runs = every other process of its tree)")
    print(f"{'launch':8} {'wall ms':>8} {'driver CPU ms':>14} {'runs CPU ms':>12} {'CPU ms':>8}")
    for name in variants:
        wall = median(walls[name]) * 1000
        driver, runs = (value * 1000 / args.repetitions for value in spent[name])
        result[name] = {"wall_ms": wall, "driver_cpu_ms": driver, "runs_cpu_ms": runs}
        print(f"{name:8} {wall:8.2f} {driver:14.2f} {runs:12.2f} {driver + runs:8.2f}")
    if bwrap:
        report_ratios(result)
    emit(result)
    return 0


def report_ratios(result: dict) -> None:
    """Print bwrap's wall and CPU against the other launches, and add them to `result`."""
    def cpu(name: str) -> float:
        return result[name]["driver_cpu_ms"] + result[name]["runs_cpu_ms"]

    for other in (FORK, PLAIN, "bare"):
        wall = result["bwrap"]["wall_ms"] / result[other]["wall_ms"]
        result[f"bwrap_over_{other}"] = {"wall": wall, "cpu": cpu("bwrap") / cpu(other)}
        print(f"bwrap / {other}: wall {wall:.2f}x, CPU {cpu('bwrap') / cpu(other):.2f}x")


if __name__ == "__main__":
    raise SystemExit(main())
