"""The sandbox against hostile programs (tests/hostile/<name>/mastermind.py): real processes on a real
pty, driven with pexpect the way the runner does it. After every run: the run ended within its limits,
no process of the run is left, and the protection under test held.

Tests of isolation are skipped (with the reason) where `protections()` reports it unavailable; the
fallback tests run everywhere."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pexpect
import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # running `pytest` from anywhere, without an installed package
    sys.path.insert(0, str(ROOT))

from conftest import grade, spec_from  # noqa: E402
from grader.sandbox.cgroup import find_parents  # noqa: E402
from grader.judge.judging import OVER_LIMIT  # noqa: E402
from grader.sandbox.protections import IsolationUnavailable, isolation, protections  # noqa: E402
from grader.sandbox import isolated as sandbox  # noqa: E402
from grader.sandbox import environment  # noqa: E402
from grader.sandbox.limits import Limits  # noqa: E402
from grader.sandbox.fallback import MARKER
from grader.sandbox.isolated import IsolatedSandbox
from grader.sandbox.box import Sandbox  # noqa: E402
from grader.sandbox.modes import open_sandbox  # noqa: E402
from grader.sandbox.environment import INSIDE_HOME, child_environment, others_may, unprivileged_python  # noqa: E402

HOSTILE = ROOT / "tests" / "hostile"
FAST = Limits(cpu_seconds=2, memory_mb=256, processes=16, file_size_mb=1, open_files=32)
ISOLATED = protections().full
needs_isolation = pytest.mark.skipif(not ISOLATED, reason=protections().describe())
MODES = [pytest.param(True, id="isolated", marks=needs_isolation), pytest.param(False, id="fallback")]


def leftovers(box: Sandbox) -> list[int]:
    """Live (non-zombie) processes of this run: its per-run uid, its launcher/init (`IsolatedSandbox.is_helper`) or, in
    the fallback, its marker in their environment."""
    found = []
    marker = f"{MARKER}={getattr(box, 'marker', '')}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
            environ = Path(f"/proc/{entry}/environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if re.search(r"^State:\s+[ZX]", status, re.M):
            continue
        uids = re.search(r"^Uid:(.*)$", status, re.M).group(1).split()
        ours = isinstance(box, IsolatedSandbox) and box.is_helper(int(entry))
        if str(box.uid) in uids or ours or not isinstance(box, IsolatedSandbox) and marker in environ:
            found.append(int(entry))
    return found


def submission(tmp_path: Path, name: str, files: dict[str, str] | None = None) -> Path:
    folder = tmp_path / "submissions" / name
    shutil.copytree(HOSTILE / name, folder)
    for file, text in (files or {}).items():
        (folder / file).write_text(text)
    return folder


def launch() -> str:
    """The launch this module's sandboxes use (tests/system/test_launch.py runs these tests again, launching plain)."""
    return open_sandbox.__kwdefaults__["launch"]


@contextmanager
def running(
    folder: Path, limits: Limits = FAST, isolate: bool | None = None, timeout: float = 5
) -> Iterator[tuple[Sandbox, pexpect.spawn]]:
    """Spawn `mastermind.py` of `folder` exactly as the runner does; afterwards kill_all and check that
    nothing of the run is left."""
    with open_sandbox(folder, limits, isolate=isolation() if isolate is None else isolate) as box:
        child = box.start(["python3", "mastermind.py"], encoding="utf-8", timeout=timeout)
        try:
            yield box, child
        finally:
            box.kill_all(child.pid)
            child.close(force=True)
        assert leftovers(box) == []


def ended(child: pexpect.spawn, timeout: float = 5) -> tuple[str, int | None, int | None]:
    """Everything printed until the end, and (exit status, signal)."""
    child.expect(pexpect.EOF, timeout=timeout)
    child.wait()
    return child.before, child.exitstatus, child.signalstatus


# ---- the plain case ------------------------------------------------------------------------------


@pytest.mark.parametrize("isolate", MODES)
def test_reference_plays_a_game(tmp_path: Path, isolate: bool) -> None:
    folder = tmp_path / "reference"
    shutil.copytree(ROOT / "reference", folder)
    with running(folder, isolate=isolate) as (box, child):
        assert isinstance(box, IsolatedSandbox) is isolate
        child.expect_exact("Enter key: ")
        child.sendline("1234")
        child.expect_exact("Enter guess: ")
        child.sendline("1243")
        child.expect_exact("1243 : exist: 2, position: 2")
        child.sendline("1234")
        output, status, sig = ended(child)
        assert "You did it in 2 guesses." in output
        assert (status, sig) == (0, None)


@pytest.mark.parametrize("isolate", MODES)  # in the fallback, through the run's reaper (grader/sandbox/reaping.py)
def test_exit_status_and_signal_are_those_of_the_program(tmp_path: Path, isolate: bool) -> None:
    for code, expected in (("import sys; sys.exit(3)", (3, None)), ("import os; os.abort()", (None, 6))):
        folder = tmp_path / str(expected)
        folder.mkdir()
        (folder / "mastermind.py").write_text(code)
        with running(folder, isolate=isolate) as (_, child):
            assert ended(child)[1:] == expected


@needs_isolation
def test_runner_sees_the_program_waiting_from_outside(tmp_path: Path) -> None:
    """The runner's contract: from the launcher's pid, /proc/*/task/*/children leads to the student's
    python, whose /proc/PID/syscall and /proc/PID/fd/0 are readable from outside."""
    folder = tmp_path / "reference"
    shutil.copytree(ROOT / "reference", folder)
    with running(folder) as (box, child):
        child.expect_exact("Enter key: ")
        tree, pending = [], [child.pid]
        while pending:
            pid = pending.pop()
            tree.append(pid)
            for tid in os.listdir(f"/proc/{pid}/task"):
                pending += [int(c) for c in Path(f"/proc/{pid}/task/{tid}/children").read_text().split()]
        if box.launch == sandbox.FORK:  # the fork server forks init itself: no launcher
            (init, student), launcher = tree, tree[0]
        else:
            launcher, init, student = tree
        assert box.init_pid(child.pid) == init
        own = Path(f"/proc/{student}/cmdline").read_bytes()
        if box.launch == sandbox.FORK:  # no exec (README, "The fork launch"): the fork server's, as init's
            assert own == Path(f"/proc/{init}/cmdline").read_bytes() and b"forkserver.serve" in own
        else:
            assert own.split(b"\0")[1:] == [b"mastermind.py", b""]
        assert f"\nUid:\t{box.uid}\t" in Path(f"/proc/{student}/status").read_text()
        deadline = time.monotonic() + 3
        while Path(f"/proc/{student}/syscall").read_text().split()[0] not in ("0", "7", "23", "270", "271"):
            assert time.monotonic() < deadline, "the program never blocked reading its terminal"
            time.sleep(0.01)
        assert os.readlink(f"/proc/{student}/fd/0").startswith("/dev/pts/")
        assert os.stat(f"/proc/{student}/fd/0").st_rdev == os.stat(f"/proc/{launcher}/fd/0").st_rdev


# ---- killing -------------------------------------------------------------------------------------


@needs_isolation
def test_killing_the_parent_is_refused(tmp_path: Path) -> None:
    with running(submission(tmp_path, "kill_parent")) as (_, child):
        child.expect_exact("kill parent failed: PermissionError")
        child.expect_exact("Enter key: ")
        child.sendline("1")
        output, status, sig = ended(child)
        assert "still here" in output and (status, sig) == (0, None)


@pytest.mark.parametrize("isolate", MODES)
def test_killing_the_process_group_kills_only_the_program(tmp_path: Path, isolate: bool) -> None:
    with running(submission(tmp_path, "kill_group"), isolate=isolate) as (_, child):
        output, status, sig = ended(child)
        assert "killing group" in output and "survived" not in output
        assert sig == signal.SIGKILL


@needs_isolation  # in the fallback the parent is the grader itself
def test_program_runs_as_from_a_shell_and_signalling_its_parents_group_spares_it(tmp_path: Path) -> None:
    with running(submission(tmp_path, "kill_parent_group")) as (_, child):
        child.expect_exact("Enter key: ")
        before = child.before
        child.sendline("1")
        output, status, sig = ended(child)
    assert "session leader: True group leader: True foreground: True" in before
    assert "parent's group is mine: False" in before
    assert "still here: 1" in output and (status, sig) == (0, None)


@pytest.mark.skipif(os.geteuid() != 0, reason="the grader does not run as root here")
def test_the_fallback_as_root_runs_the_program_as_a_per_run_user(tmp_path: Path) -> None:
    source = tmp_path / "source"  # as the Gradescope bundle's setup leaves it: root's alone
    (source / "specs").mkdir(parents=True)
    hidden, script = source / "specs" / "20-hidden.yaml", source / "run_autograder"
    hidden.write_text("secret: hidden spec\n")
    script.write_text("#!/bin/sh\n")
    for path in (source, source / "specs"):
        path.chmod(0o700)
    with running(submission(tmp_path, "tamper", {"paths.txt": f"{hidden}\n{script}"}), isolate=False) as (box, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    python = re.search(r"^uid: (\d+) (\d+) python: (\S+)\r$", output, re.M)
    assert python.group(1) == python.group(2) == str(box.uid) != "0"
    assert python.group(3) == box.python and python.group(3) == unprivileged_python()
    assert output.count("cannot read") == 2 and output.count("cannot rewrite") == 2, output
    assert hidden.read_text() == "secret: hidden spec\n" and script.read_text() == "#!/bin/sh\n"


def test_an_interpreter_other_users_cannot_reach_is_never_picked_for_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"  # like pyenv under /root: the interpreter is fine, its home is 0700
    python = home / "bin" / "python3"
    python.parent.mkdir(parents=True)
    shutil.copy(os.path.realpath(sys.executable), python)
    home.chmod(0o700)
    monkeypatch.setattr(environment, "student_python", lambda: str(python))
    chosen = unprivileged_python()
    assert chosen != str(python)
    assert chosen is None or others_may(os.path.realpath(chosen), stat.S_IXOTH)


@pytest.mark.parametrize("isolate", MODES)
def test_no_new_namespaces_io_uring_or_kernel_keys(tmp_path: Path, isolate: bool) -> None:
    with running(submission(tmp_path, "kernel_reach"), isolate=isolate) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    refused = {name: "EPERM" for name in ("unshare user", "unshare mount", "setns", "clone user", "io_uring_setup",
                                           "add_key", "request_key", "keyctl user keyring")}
    assert dict(re.findall(r"^([\w ]+): (\w+)\r$", output, re.M)) == {**refused, "clone3": "ENOSYS", "fork": "7"}
    assert "unshare -Urm: refused" in output or "unshare -Urm: cannot start" in output


def key_users() -> set[str]:
    """The uids the kernel keeps key accounting for (an entry outlives every process of its uid)."""
    return {line.split(":")[0].strip() for line in Path("/proc/key-users").read_text().splitlines()}


@needs_isolation
def test_runs_leave_no_kernel_keys_behind(tmp_path: Path) -> None:
    before = key_users()
    for _ in range(2):
        with running(submission(tmp_path / str(_), "kernel_reach")) as (_box, child):
            ended(child)
    assert key_users() == before


@needs_isolation  # as root without a pid namespace, kill(-1) would take the machine down
def test_kill_minus_one_reaches_nothing_outside(tmp_path: Path) -> None:
    with running(submission(tmp_path, "kill_everyone")) as (_, child):
        output, status, sig = ended(child)
        assert "survived kill -1" in output and (status, sig) == (0, None)


@pytest.mark.parametrize("isolate", MODES)
def test_detached_daemon_is_gone_after_kill_all(tmp_path: Path, isolate: bool) -> None:
    with running(submission(tmp_path, "daemon"), isolate=isolate) as (box, child):
        child.expect(r"daemon started (\d+)")
        child.expect_exact("Enter key: ")
        assert len(leftovers(box)) >= 2 + (sandbox.HELPERS[box.launch] if isolate else 0)  # program, daemon (+ launcher, init)
    # `running` has called kill_all and checked that nothing is left


@pytest.mark.parametrize("isolate", MODES)
def test_kill_all_at_any_moment_of_the_start(tmp_path: Path, isolate: bool) -> None:
    """kill_all right after spawning, at varying moments of the launcher's start: nothing survives it."""
    folder = submission(tmp_path, "daemon")
    for attempt in range(8):
        with running(folder, isolate=isolate) as (box, child):
            time.sleep(attempt * 0.01)  # not a wait for the program: a spread of moments to kill it at
    # `running` checked after each kill_all that nothing was left


@needs_isolation
def test_daemon_dies_when_the_program_ends(tmp_path: Path) -> None:
    """No kill_all needed: when the program ends its namespace's init ends, and the kernel kills the rest."""
    with open_sandbox(submission(tmp_path, "daemon", {"mode.txt": "exit"}), FAST, isolate=isolation()) as box:
        child = box.start(["python3", "mastermind.py"], encoding="utf-8", timeout=5)
        try:
            output, status, sig = ended(child)
            assert "daemon started" in output and (status, sig) == (0, None)
            assert leftovers(box) == []
        finally:
            box.kill_all(child.pid)
            child.close(force=True)


@pytest.mark.parametrize("isolate", MODES)
def test_ignoring_sigterm_does_not_help(tmp_path: Path, isolate: bool) -> None:
    with running(submission(tmp_path, "ignore_sigterm"), isolate=isolate) as (box, child):
        child.expect_exact("Enter key: ")
        os.kill(child.pid, signal.SIGTERM)  # in isolation this reaches the launcher, which dies...
        if isolate:  # ...and takes the whole namespace with it (kill_all, in `running`, waits for that)
            output, status, sig = ended(child)
            assert sig == signal.SIGTERM
        # otherwise the program ignored it; kill_all (in `running`) must still get it


# ---- limits --------------------------------------------------------------------------------------


@needs_isolation  # RLIMIT_NPROC does not bind root: in the fallback as root the storm would not be bounded
def test_fork_storm_is_bounded(tmp_path: Path) -> None:
    with running(submission(tmp_path, "fork_storm")) as (_, child):
        child.expect(r"forked (\d+) failed (\d+)")
        made, failed = int(child.match.group(1)), int(child.match.group(2))
        assert made < FAST.processes and made + failed == 500
        assert ended(child)[1:] == (0, None)


@pytest.mark.parametrize("isolate", MODES)
def test_memory_bomb_fails(tmp_path: Path, isolate: bool) -> None:
    with running(submission(tmp_path, "memory_bomb"), isolate=isolate) as (_, child):
        child.expect_exact("MemoryError at 4 GB")
        child.expect(r"MemoryError after (\d+) MB")
        assert int(child.match.group(1)) <= FAST.memory_mb
        assert ended(child)[1:] == (0, None)


RUN_LIMITED = pytest.mark.skipif(not protections().run_limits, reason=protections().describe())


@RUN_LIMITED
def test_memory_is_limited_for_the_whole_run_and_an_out_of_memory_kill_is_named(tmp_path: Path) -> None:
    folder = submission(tmp_path, "memory_together", {"mode.txt": "children"})
    verdict = grade(folder, spec_from("steps:\n  - output: \"done\\n\"\n"), limits=FAST)
    held = int(re.search(r"children holding 60 MB at once: (\d)", verdict.actual).group(1))
    assert held * 60 < FAST.memory_mb
    assert verdict.kind == OVER_LIMIT, verdict.message
    assert f"memory limit (memory_mb={FAST.memory_mb}, all its processes together)" in verdict.message


@RUN_LIMITED
@pytest.mark.parametrize("isolate", MODES)
def test_memory_limit_holds_for_all_processes_together(tmp_path: Path, isolate: bool) -> None:
    with running(submission(tmp_path, "memory_together", {"mode.txt": "children"}), isolate=isolate) as (box, child):
        child.expect(r"children holding 60 MB at once: (\d)")
        assert int(child.match.group(1)) * 60 < FAST.memory_mb
        _, status, sig = ended(child)
        assert (status, sig) == (None, signal.SIGKILL)
        assert "memory_mb=256" in box.stopped_by(sig)


def test_a_fallback_run_gets_no_system_v_ipc_and_no_posix_queue(tmp_path: Path) -> None:
    # Outside an IPC namespace of its own, one run took all 32,000 semaphore sets, 4,096 segments and 32,000 queues
    # of the machine in 0.2 s, and the host's semget, shmget and msgget failed (ENOSPC) while it ran; another
    # took all 256 POSIX queues, which stayed after it (ENOSPC for every other user's mq_open).
    with running(submission(tmp_path, "system_v_quota"), isolate=False) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    assert output.splitlines() == [f"{name}: 0 then Operation not permitted" for name in ("sem", "shm", "msg", "mq")]


@pytest.mark.skipif(os.geteuid() != 0 or unprivileged_python() is None
                    or not others_may(str(ROOT / "grader" / "sandbox" / "protections.py"), stat.S_IROTH),
                    reason="needs root, and a checkout and interpreter another user can read")
def test_where_no_cgroup_can_be_made_the_protections_line_says_so() -> None:
    code = "from grader.sandbox.protections import protections; print(protections().describe())"
    done = subprocess.run([unprivileged_python(), "-c", code], user=65534, group=65534, cwd="/", timeout=60,
                          env={"PYTHONPATH": str(ROOT)}, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "run_limits" in done.stdout.split("(")[0] and "limited per process only" in done.stdout


@needs_isolation
@RUN_LIMITED
def test_shared_memory_counts_towards_the_run(tmp_path: Path) -> None:
    with running(submission(tmp_path, "memory_together", {"mode.txt": "shm"})) as (_, child):
        child.expect(r"segments of 60 MB: (\d)")
        assert int(child.match.group(1)) * 60 < FAST.memory_mb
        ended(child)


@pytest.mark.parametrize("isolate", MODES)
def test_endless_loop_is_killed_by_the_cpu_limit(tmp_path: Path, isolate: bool) -> None:
    limits = Limits(cpu_seconds=1, memory_mb=256, processes=16, file_size_mb=1, open_files=32)
    with running(submission(tmp_path, "cpu_loop"), limits, isolate=isolate) as (_, child):
        output, status, sig = ended(child, timeout=20)  # ~1.2 s; only a loaded machine needs more
        assert sig in (signal.SIGXCPU, signal.SIGKILL)


@needs_isolation
def test_file_size_and_disk_are_limited(tmp_path: Path) -> None:
    limits = Limits(cpu_seconds=2, memory_mb=256, processes=16, file_size_mb=1, open_files=32, disk_mb=16)
    with running(submission(tmp_path, "disk_fill"), limits) as (_, child):
        child.expect_exact("2 MB file: EFBIG")
        child.expect(r"disk full after (\d+) MB: ENOSPC")
        assert int(child.match.group(1)) <= limits.disk_mb
        assert ended(child)[1:] == (0, None)


# ---- what the program can see and reach ----------------------------------------------------------


@needs_isolation
def test_environment_holds_no_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRADER_SECRET", "hunter2-in-the-grader")
    with running(submission(tmp_path, "environment")) as (_, child):
        output, status, sig = ended(child)
    assert "hunter2" not in output and (status, sig) == (0, None)
    own = re.search(r"own: (.*)", output).group(1)
    assert own.strip() == str(sorted(child_environment(INSIDE_HOME, "/tmp").items()))
    assert re.findall(r"environ of (\d+)", output) == ["2"]  # it sees only itself


@needs_isolation
def test_no_network_even_to_localhost(tmp_path: Path) -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        server.setblocking(False)
        port = server.getsockname()[1]
        with running(submission(tmp_path, "network", {"port.txt": str(port)})) as (_, child):
            output, status, sig = ended(child)
        assert "connected" not in output and output.count("failed") == 3
        with pytest.raises(BlockingIOError):
            server.accept()


@needs_isolation
def test_reference_specs_grader_and_other_submissions_do_not_exist(tmp_path: Path) -> None:
    other = tmp_path / "submissions" / "someone_else"
    other.mkdir(parents=True)
    (other / "mastermind.py").write_text("# someone else's work: do not copy me\n")
    folder = tmp_path / "submissions" / "find_reference"
    paths = [
        ROOT / "reference" / "mastermind.py", ROOT / "specs", ROOT / "grader" / "sandbox" / "box.py", ROOT,
        other / "mastermind.py", other, folder, HOSTILE, tmp_path,
    ]
    needles = [
        (ROOT / "reference" / "mastermind.py").read_text().splitlines()[0],
        (ROOT / "grader" / "sandbox" / "box.py").read_text().splitlines()[0],
        "someone else's work: do not copy me",
    ]
    skip = ["/usr", os.path.realpath(sys.base_prefix)]
    assert not any(str(ROOT).startswith(tree + "/") for tree in skip)
    files = {"paths.txt": "\n".join(map(str, paths)), "needles.txt": "\n".join(needles), "skip.txt": "\n".join(skip)}
    with running(submission(tmp_path, "find_reference", files)) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    assert output.count(": False") == len(paths) and ": True" not in output
    assert "found: []" in output
    root = eval(re.search(r"root: (.*)", output).group(1))  # noqa: S307 - our own program's list
    assert "work" not in root and "home" not in root and "sandbox" in root


@needs_isolation
def test_proc_shows_only_the_program(tmp_path: Path) -> None:
    with running(submission(tmp_path, "proc_listing")) as (_, child):
        output, status, sig = ended(child)
    assert "pids: [2]" in output, output
    assert output.count("pid 1 ") == 3 and output.count("failed:") == 3


@needs_isolation
def test_cannot_write_outside_its_folder(tmp_path: Path) -> None:
    folder = tmp_path / "submissions" / "write_outside"
    outside = [folder / "pwned.txt", ROOT / "pwned.txt", tmp_path / "pwned.txt"]
    files = {"paths.txt": "\n".join(map(str, outside))}
    with running(submission(tmp_path, "write_outside", files)) as (box, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    assert "wrote own.txt" in output and "wrote /tmp/own.txt" in output and f"wrote {INSIDE_HOME}/home.txt" in output
    assert output.count("failed") == len(outside) + 5
    assert not any(path.exists() for path in outside)
    assert sorted(p.name for p in folder.iterdir()) == ["mastermind.py", "paths.txt"]


@needs_isolation
def test_terminal_is_its_own_pty_and_no_descriptor_leaks(tmp_path: Path) -> None:
    with running(submission(tmp_path, "terminal")) as (_, child):
        child.expect(r"fds: \[0, 1, 2, 3\]")  # 3: the directory listing itself
        child.expect(r"tty: /dev/pts/(\d+) True True")
        child.expect(r"dev: (\[.*\]) (\[.*\])")
        devices = eval(child.match.group(1))  # noqa: S307
        assert devices == sorted(["fd", "full", "null", "pts", "random", "shm", "stderr", "stdin", "stdout",
                                  "tty", "urandom", "zero"])
        assert len(eval(child.match.group(2))) == 1  # only its own pty: no other terminal to open
        child.expect_exact("written to /dev/tty")
        if child.expect(["read: 4321", "TIOCSTI failed"]) == 1:  # kernels with legacy_tiocsti=0
            child.expect_exact("Enter key: ")
            child.sendline("4321")
            child.expect_exact("read: 4321")
        assert ended(child)[1:] == (0, None)


@needs_isolation
def test_unprivileged_and_cannot_regain_privileges(tmp_path: Path) -> None:
    with running(submission(tmp_path, "privileges")) as (box, child):
        output, status, sig = ended(child)
    assert f"ids: ({box.uid}, {box.uid}, {box.uid}) ({box.gid}, {box.gid}, {box.gid}) []" in output
    assert "allowed" not in output and output.count("refused") == 3
    assert "hostname: sandbox" in output and "no_new_privs: 1" in output


# ---- reporting and refusing ----------------------------------------------------------------------


@needs_isolation
def test_a_grader_started_under_a_strict_umask_isolates_its_runs_as_ever(tmp_path: Path) -> None:
    """A run's root is built with the modes it names: under umask 077 its folders were root's alone, the
    probe could not open its program, and every run fell back to no namespaces (in a fresh interpreter:
    the fork server takes the umask it starts with)."""
    code = "from grader.sandbox.protections import protections\nprint(protections().describe())\n"
    done = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=tmp_path,
                          capture_output=True, text=True, timeout=60, umask=0o077)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == protections().describe()


def test_protections_are_reported_and_full_isolation_can_be_required(tmp_path: Path) -> None:
    """Without isolation (forced with GRADER_SANDBOX=off, in a fresh interpreter) the missing protections
    are named, and require_full_isolation refuses to run."""
    code = (
        "from pathlib import Path\n"
        "from grader.sandbox.protections import protections\n"
        "from grader.sandbox.modes import open_sandbox\nfrom grader.sandbox.limits import Limits\nfrom grader.sandbox.protections import IsolationUnavailable, isolation\n"
        "print(protections().missing())\n"
        "print(protections().describe())\n"
        "with open_sandbox(Path('.'), Limits(), isolate=isolation()) as box:\n"
        "    print('isolated:', type(box).__name__ == 'IsolatedSandbox')\n"
        "try:\n"
        "    open_sandbox(Path('.'), Limits(), isolate=isolation(require_full=True))\n"
        "except IsolationUnavailable as error:\n"
        "    print('refused:', error)\n"
    )
    env = dict(os.environ, GRADER_SANDBOX="off", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    missing = eval(lines[0])  # noqa: S307 - our own list of names
    assert missing[:3] == ["pid_namespace", "network", "private_filesystem"]
    assert ("unprivileged_user" in missing) == (os.geteuid() != 0)  # as root, the fallback drops to a per-run uid
    assert "WITHOUT pid_namespace" in lines[1] and "GRADER_SANDBOX=off" in lines[1]
    assert lines[2] == "isolated: False"
    assert lines[3].startswith("refused: full isolation is not available here (sandbox: running WITHOUT")
    if ISOLATED:
        assert protections().full and protections().missing() == []
        with open_sandbox(tmp_path, FAST, isolate=isolation(require_full=True)) as box:
            assert isinstance(box, IsolatedSandbox)
    else:
        with pytest.raises(IsolationUnavailable):
            open_sandbox(tmp_path, FAST, isolate=isolation(require_full=True))


@needs_isolation
def of_user(uid: int) -> list[int]:
    """Live (non-zombie) processes of `uid`."""
    found = []
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        if re.search(rf"^Uid:.*\b{uid}\b", status, re.M) and not re.search(r"^State:\s+[ZX]", status, re.M):
            found.append(int(entry))
    return found


def test_nothing_survives_a_crashed_grader(tmp_path: Path) -> None:
    """The grader dies (SIGKILL, no kill_all): the pty closes, the launcher gets SIGHUP, init goes with it
    (PR_SET_PDEATHSIG) and the kernel empties the namespace, daemon included."""
    folder = submission(tmp_path, "daemon")
    code = (
        "import pexpect, sys\n"
        "from pathlib import Path\n"
        "from grader.sandbox.modes import open_sandbox\nfrom grader.sandbox.limits import Limits\nfrom grader.sandbox.protections import isolation\n"
        f"box = open_sandbox(Path({str(folder)!r}), Limits(), isolate=isolation(), launch={launch()!r})\n"
        "child = box.start(['python3', 'mastermind.py'])\n"
        "child.expect('Enter key: ', timeout=5)\n"
        "print(box.uid, box.root, flush=True)\n"
        "sys.stdin.read()\n"
    )
    grader = subprocess.Popen([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    try:
        uid, root = grader.stdout.readline().split()
        assert len(of_user(int(uid))) == 2  # the program and its daemon
    finally:
        grader.kill()
        grader.wait()
        grader.stdin.close()
        grader.stdout.close()
    deadline = time.monotonic() + 5
    while of_user(int(uid)):
        assert time.monotonic() < deadline, f"processes of the run survived the grader: {of_user(int(uid))}"
        time.sleep(0.01)
    shutil.rmtree(root, ignore_errors=True)
    parents = find_parents()  # the next grader removes the run group the killed one left
    if not isinstance(parents, str):
        assert not [group for folder in parents.folders for group in folder.glob(f"grader-run-{grader.pid}-*")]


@needs_isolation
def test_kill_all_leaves_no_zombie_to_a_subreaper(tmp_path: Path) -> None:
    """A grader that is a child subreaper (as a batch grader may be) inherits every orphan: kill_all must
    not orphan the namespace's init (the launcher reaps it before it dies)."""
    folder = submission(tmp_path, "daemon")
    code = (
        "import ctypes, os, pexpect\n"
        "from pathlib import Path\n"
        "from grader.sandbox.modes import open_sandbox\nfrom grader.sandbox.limits import Limits\nfrom grader.sandbox.protections import isolation\n"
        "from grader.sandbox import forking\n"
        "ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER\n"
        "for _ in range(3):\n"
        f"    with open_sandbox(Path({str(folder)!r}), Limits(), isolate=isolation(), launch={launch()!r}) as box:\n"
        "        child = box.start(['python3', 'mastermind.py'])\n"
        "        child.expect('Enter key: ', timeout=5)\n"
        "        box.kill_all(child.pid)\n"
        "        child.close(force=True)\n"
        "        print(child.exitstatus, child.signalstatus)\n"
        "forking.stop()  # the fork server (a child of ours, if it ran) ends with the grader\n"
        "mine = []\n"
        "for entry in filter(str.isdigit, os.listdir('/proc')):\n"
        "    try:\n"
        "        fields = open(f'/proc/{entry}/stat').read().rsplit(')', 1)[1].split()\n"
        "    except OSError:\n"
        "        continue\n"
        "    if int(fields[1]) == os.getpid():\n"
        "        mine.append((entry, fields[0]))\n"
        "print('children left:', mine)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["None 9"] * 3 + ["children left: []"]
