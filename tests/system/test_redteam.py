"""Angles of a red-team review the other sandbox tests do not cover, each with the program of
tests/hostile/<name>/ run exactly as the runner runs it (see test_sandbox.py) in both modes."""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from grader.sandbox.cgroup import CPU_WEIGHT
from grader.base.errors import SandboxFailure
from grader.sandbox import proc
from grader.sandbox.modes import open_sandbox
from grader.sandbox.cgroup import run_group_parents
from grader.sandbox.protections import Protections, exposed, protections
from grader.sandbox.inside import landlock
from test_fallback_gaps import as_nobody_in_a_sandbox
from test_sandbox import FAST, MODES, ROOT, ended, needs_isolation, running, submission
from grader_command import run_grader

as_root = pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                             reason="only the fallback as root runs programs as a per-run uid")

ENOSYS = -38


@pytest.mark.skipif(platform.machine() != "x86_64", reason="int 0x80 and x32 are entry points of x86_64")
@pytest.mark.parametrize("isolate", MODES)
def test_calls_through_the_32_bit_and_x32_entry_points_fail(tmp_path: Path, isolate: bool) -> None:
    # Unfiltered, the 32-bit unshare(CLONE_NEWUSER) succeeds (0) and getuid32 answers: the filter must
    # refuse the whole architecture, not only the x86_64 numbers of the calls it denies.
    with running(submission(tmp_path, "other_architectures"), isolate=isolate) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    results = dict(line.split(": ") for line in output.splitlines())
    assert results == {"i386 unshare": str(ENOSYS), "i386 getuid32": str(ENOSYS), "x32 unshare": str(ENOSYS)}


@pytest.mark.parametrize("isolate", MODES)
def test_no_run_can_take_what_the_whole_machine_shares(tmp_path: Path, isolate: bool) -> None:
    # Unfiltered, 64 io_setup calls took all of fs.aio-max-nr (65536) and io_setup failed on the host meanwhile.
    with running(submission(tmp_path, "machine_wide"), isolate=isolate) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    calls = ("io_setup", "io_submit", "io_getevents", "io_destroy", "io_cancel", "io_pgetevents", "perf_event_open")
    assert dict(line.split(": ") for line in output.splitlines()) == dict.fromkeys(calls, "EPERM")


@pytest.mark.parametrize("isolate", MODES)
def test_no_run_gets_a_userfaultfd(tmp_path: Path, isolate: bool) -> None:
    # Unfiltered, userfaultfd(UFFD_USER_MODE_ONLY) succeeded for any user, vm.unprivileged_userfaultfd=0 or not.
    with running(submission(tmp_path, "userfaultfd"), isolate=isolate) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    results = dict(line.split(": ") for line in output.splitlines())
    assert results.pop("/dev/userfaultfd") in ("ENOENT", "EACCES"), output  # no such device inside, root's outside
    assert results == {"userfaultfd user mode only": "EPERM", "userfaultfd any mode": "EPERM"}


@pytest.mark.parametrize("isolate", MODES)
def test_no_run_sees_another_run_through_the_files_they_share(tmp_path: Path, isolate: bool) -> None:
    # Two runs side by side (grade --jobs 2): one locked the interpreter's os.py and /usr/bin/env, the other saw
    # both locks, and inotify on the shared trees showed which modules other runs and the grader opened.
    holder = submission(tmp_path / "a", "shared_files", {"mode.txt": "hold"})
    with running(holder, isolate=isolate) as (_, held):
        held.expect_exact("Enter key: ")
        with running(submission(tmp_path / "b", "shared_files", {"mode.txt": "look"}), isolate=isolate) as (_, child):
            output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    seen = dict(line.split(": ") for line in output.splitlines())
    assert (seen.pop("inotify_init1"), seen.pop("fanotify_init")) == ("EPERM", "EPERM")
    if isolate:  # the fallback shares the machine's files as they are: README, "Untrusted code"
        assert seen == {f"{what} {name}": outcome for name in ("os.py", "env")
                        for what, outcome in (("flock", "free"), ("record lock", "free"), ("access time", "unchanged"))}


@pytest.mark.parametrize("isolate", MODES)
def test_no_run_reaches_an_abstract_socket_of_another_run(tmp_path: Path, isolate: bool) -> None:
    # The fallback shares the host's network namespace, where abstract sockets live: a run connected to one
    # another run listened on, and even to one left by an earlier run, its descriptor in flight in its own
    # queue (SCM_RIGHTS), which only the kernel's garbage collector frees, after the run's clean-up.
    with running(submission(tmp_path / "a", "abstract_socket", {"mode.txt": "leave"}), isolate=isolate) as (_, held):
        held.expect_exact("Enter key: ")
        with running(submission(tmp_path / "b", "abstract_socket", {"mode.txt": "look"}), isolate=isolate) as (_, child):
            beside, status, sig = ended(child)
    assert (status, sig) == (0, None), beside
    with running(submission(tmp_path / "c", "abstract_socket", {"mode.txt": "look"}), isolate=isolate) as (_, child):
        after = ended(child)[0]
    for output in (beside, after):
        assert output.startswith("no socket found: "), output


@pytest.mark.parametrize("isolate", MODES)
def test_no_run_opens_another_terminal(tmp_path: Path, isolate: bool) -> None:
    # The run's own pty and the grader's are open beside it (tests/test_fallbacks.py: not root).
    with running(submission(tmp_path, "other_terminals"), isolate=isolate) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None) and output.strip() == "opened: none", output


def left_behind(uid: int) -> list[str]:
    """Remove and name what `uid` left in the shared temporary folders and in System V IPC, as the host
    sees them (removed whatever the verdict, so a failing test leaves the host as it was)."""
    found = []
    for folder in ("/tmp", "/var/tmp", "/dev/shm"):
        for path in Path(folder).iterdir():
            if path.lstat().st_uid == uid:
                path.unlink()
                found.append(str(path))
    for kind, id_column, option in (("shm", "shmid", "-m"), ("sem", "semid", "-s"), ("msg", "msqid", "-q")):
        header, *rows = (row.split() for row in Path(f"/proc/sysvipc/{kind}").read_text().splitlines())
        for row in rows:
            if row[header.index("uid")] == str(uid):
                subprocess.run(["ipcrm", option, row[header.index(id_column)]], check=True)
                found.append(f"System V {kind} {row[header.index(id_column)]}")
    return found


@needs_isolation
def test_isolated_runs_leave_nothing_in_shared_temporary_folders_or_system_v(tmp_path: Path) -> None:
    with running(submission(tmp_path, "shared_temporary"), isolate=True) as (box, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    assert "left a file in /dev/shm" in output and "segment: " in output
    assert left_behind(box.uid) == []


@pytest.mark.skipif(not protections().run_limits, reason=protections().describe())
def test_a_fallback_run_cannot_lift_or_leave_its_own_limits(tmp_path: Path) -> None:
    # Isolated runs have no /sys at all; without isolation the run's cgroups are in plain sight.
    with running(submission(tmp_path, "own_limits"), isolate=False) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    *outcomes, attempts = output.splitlines()
    assert all(outcome.startswith("refused: ") for outcome in outcomes), output
    assert outcomes.count("refused: Permission denied") >= int(attempts.split()[-1]) // 2, output


@as_root
def test_grade_in_the_fallback_as_root_gives_the_reference_its_marks(tmp_path: Path) -> None:
    # Each worker keeps its runs' folders in a scratch folder of its own: the per-run uid must pass through it.
    shutil.copytree(ROOT / "reference", tmp_path / "class" / "alice")
    specs = tmp_path / "specs"
    specs.mkdir()
    shutil.copy(ROOT / "specs" / "02-win-on-first-guess.yaml", specs)
    done = run_grader("grade", tmp_path / "class", "--out", tmp_path / "out", "--specs", specs, timeout=120,
                      env={**os.environ, "GRADER_SANDBOX": "off"})
    assert "alice,6,6" in (tmp_path / "out" / "gradebook.csv").read_text(), done.stderr[-600:]


@as_root
def test_a_run_folder_the_per_run_uid_cannot_reach_is_the_graders_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    closed = tmp_path / "closed"
    closed.mkdir(mode=0o700)
    monkeypatch.setattr(tempfile, "tempdir", str(closed))
    with pytest.raises(SandboxFailure, match="closed to other users"):
        open_sandbox(ROOT / "reference", FAST, isolate=False)
    assert list(closed.iterdir()) == []


@as_root
def test_a_fallback_run_cannot_read_the_working_copy_of_another_run(tmp_path: Path) -> None:
    # Two runs at once without isolation (grade --jobs 2, two CI checks): the other's copy is found by listing /tmp.
    with open_sandbox(ROOT / "reference", FAST, isolate=False) as other:
        thief = submission(tmp_path, "read_checkout", {"paths.txt": str(other.workdir / "mastermind.py")})
        with running(thief, isolate=False) as (_, child):
            output, status, sig = ended(child)
    assert output.count("cannot read") == 1, output


@as_root
def test_the_fallback_as_root_names_the_private_folders_student_code_could_read() -> None:
    # The per-run uid reads what any user may: a checkout as cloned (0755 folders) hands it the reference.
    shared = Path(tempfile.mkdtemp())  # in the system's temporary folder: every user may enter it
    try:
        shared.chmod(0o711)
        reachable, closed = shared / "specs", shared / "class"
        reachable.mkdir(mode=0o755)
        closed.mkdir(mode=0o700)
        shutil.copy(ROOT / "specs" / "02-win-on-first-guess.yaml", reachable)
        done = run_grader("check", ROOT / "reference", "--specs", reachable, timeout=60,
                          env={**os.environ, "GRADER_SANDBOX": "off"})
        warnings = [line for line in done.stderr.splitlines() if "student code can read" in line]
        if landlock.usable():  # Landlock keeps the runs from every folder but the system's and their own copy
            assert warnings == [], done.stderr
        else:
            assert str(reachable) in warnings[0] and "chmod go-rwx" in warnings[0], done.stderr
        fallback = Protections(rlimits=True, unprivileged_user=True)
        assert str(reachable) in exposed(fallback, [reachable, closed]) and str(closed) not in exposed(fallback, [closed, reachable])
        assert "/tmp" in exposed(fallback, [closed]) and "chmod" not in exposed(fallback, [closed])
        key, kept = reachable / "checked_out.key", reachable / "recorded.key"  # the referee's key: 0644 and 0600
        for path, mode in ((key, 0o644), (kept, 0o600)):
            path.write_text("k\n")
            path.chmod(mode)
        assert str(key) in exposed(fallback, [closed, key]) and str(kept) not in exposed(fallback, [closed, kept])
        assert exposed(Protections(rlimits=True, unprivileged_user=True, landlock=True), [reachable]) is None
        assert exposed(Protections(rlimits=True, **dict.fromkeys(Protections.ISOLATION, True)), [reachable]) is None
    finally:
        shutil.rmtree(shared)


def test_the_fallback_warning_names_the_assignment_folder_and_a_readable_referee_key(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A checkout gives referee.key 0644 (`record` makes it 0600): without Landlock a run read it, and the warning
    # named the specs and the reference alone.
    from grader.commands import options  # noqa: PLC0415
    from grader.commands.cli import build_parser  # noqa: PLC0415

    shared = Path(tempfile.mkdtemp())  # in the system's temporary folder: every user may enter it
    try:
        shared.chmod(0o711)
        folder = shared / "codebreaker"
        shutil.copytree(ROOT / "assignments" / "codebreaker", folder, ignore=shutil.ignore_patterns("__pycache__"))
        for path in (folder / "specs", folder / "reference"):  # kept from others: only the folder and the key
            path.chmod(0o700)
        folder.chmod(0o755)
        (folder / "referee.key").chmod(0o644)
        argv = ["check", str(folder / "reference"), "--assignment", str(folder)]
        args = build_parser(argv).parse_args(argv)
        monkeypatch.setattr(options, "protections", lambda: Protections(rlimits=True, unprivileged_user=True))
        options.options_from(args, options.chosen_assignment(args))
        warning = capsys.readouterr().err
        assert f"{folder}, {folder / 'referee.key'} (other users may reach them)" in warning, warning
    finally:
        shutil.rmtree(shared)


WITH_LANDLOCK = [pytest.param(True, id="landlock", marks=pytest.mark.skipif(
    not landlock.usable(), reason="Landlock needs Linux 6.12 or later")), pytest.param(False, id="no-landlock")]


def without_landlock(monkeypatch: pytest.MonkeyPatch, held: bool) -> None:
    """Unless `held`, runs go without Landlock, as on a kernel before 6.12 (Gradescope's, often)."""
    if not held:
        monkeypatch.setattr(landlock, "_abi", 0)


@as_root
@pytest.mark.parametrize("held", WITH_LANDLOCK)
def test_fallback_runs_as_root_leave_nothing_in_shared_temporary_folders_or_system_v(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: bool) -> None:
    # Landlock grants a run no shared temporary folder (only its own TMPDIR); without it, what it left is removed.
    without_landlock(monkeypatch, held)
    with running(submission(tmp_path, "shared_temporary"), isolate=False) as (box, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    assert output.count("left a file in") == (0 if held else 3) and "segment: " in output, output
    assert output.count("Permission denied") == (3 if held else 0), output
    assert left_behind(box.uid) == []


@as_root
@pytest.mark.parametrize("held", WITH_LANDLOCK)
def test_fallback_runs_as_root_leave_nothing_in_folders_every_user_may_write_below_the_shared_ones(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: bool) -> None:
    # Clean-up looked only at the top of /tmp: a file a run left in a folder below it that every user may write to
    # (/tmp/.X11-unix, /tmp/.ICE-unix on most machines) was there for the next run.
    without_landlock(monkeypatch, held)
    shared = Path(tempfile.mkdtemp(dir="/tmp"))
    try:
        shared.chmod(0o1777)
        with running(submission(tmp_path, "nested_temporary"), isolate=False) as (box, child):
            output, status, sig = ended(child)
        assert (status, sig) == (0, None), output
        assert (f"left a folder in {shared}" in output.splitlines()) is not held, output
        assert [path for path in shared.iterdir() if path.lstat().st_uid == box.uid] == []  # a test beside may write
    finally:
        shutil.rmtree(shared)


@pytest.mark.skipif(isinstance(run_group_parents(), str) or run_group_parents().cpu is None,
                    reason="no cgroup CPU controller for the runs here")
@pytest.mark.parametrize("isolate", MODES)
def test_each_run_is_in_a_cpu_group_of_its_own_with_the_same_weight(tmp_path: Path, isolate: bool) -> None:
    # Runs share the CPU per run, not per process: 40 busy processes of one student cannot starve another run.
    shutil.copytree(ROOT / "reference", tmp_path / "reference")
    with running(tmp_path / "reference", isolate=isolate) as (box, child):
        child.expect_exact("Enter key: ")
        group = box.group.controllers["cpu"]
        weight_file, weight = CPU_WEIGHT[box.group.parents.version]
        # isolated, the launcher and all below it; in a fallback, all below the run's reaper (the grader's own code)
        run = {*proc.descendants(child.pid), *([child.pid] if isolate else [])}
        assert run and {str(pid) for pid in run} <= set((group / "cgroup.procs").read_text().split())
        assert (group / weight_file).read_text().strip() == str(weight)
        child.sendline("1234")
        child.sendline("1234")
        ended(child)


def test_a_student_name_that_escapes_past_the_longest_file_name_is_graded_alone(tmp_path: Path) -> None:
    classroom = tmp_path / "class"
    long_names = ("\x01" * 255, "\x01" * 254 + "\x02", "\x01" * 200 + "\u00e9" * 27)  # legal names of 255 bytes
    for name in (*long_names, "bob"):
        (classroom / name).mkdir(parents=True)
    done = run_grader("grade", classroom, "--out", tmp_path / "out", timeout=120)
    assert done.returncode in (0, 1), done.stderr[-500:]
    rows = (tmp_path / "out" / "gradebook.csv").read_text().splitlines()[1:]
    assert sorted(row.split(",")[0] for row in rows) == sorted(["bob", "\\x01" * 255, "\\x01" * 254 + "\\x02",
                                                                "\\x01" * 200 + "\u00e9" * 27])
    folders = list((tmp_path / "out" / "students").iterdir())
    assert len(folders) == 4 and all((folder / "results.json").is_file() for folder in folders)


def test_a_repository_uploaded_with_its_git_folder_is_run_without_it(tmp_path: Path) -> None:
    # A clone holds .git (1,200 files here, more than the intake's 1,000): neither counted nor copied.
    from grader.engine.intake import IntakeLimits, admit
    folder = tmp_path / "alice"
    shutil.copytree(ROOT / "reference", folder)
    for hidden in (".git/objects", "__MACOSX"):
        (folder / hidden).mkdir(parents=True)
    for n in range(1200):
        (folder / ".git" / "objects" / f"{n:04}").write_text("x")
    (folder / "__MACOSX" / "._mastermind.py").write_text("x")
    admitted = admit(folder, "mastermind.py", IntakeLimits())
    assert admitted.problem is None and admitted.folder == folder
    sources = sorted(path.name for path in (ROOT / "reference").iterdir() if path.name != "__pycache__")
    assert [entry.name for entry in admitted.entries] == sources
    with open_sandbox(folder, FAST, isolate=False) as box:
        assert sorted(path.name for path in box.workdir.iterdir()) == [entry.name for entry in admitted.entries]


REFUSED_FAMILIES = ("vsock", "alg", "tipc", "rds", "bluetooth", "can", "xdp", "key", "packet", "tipc pair")
NEEDED = {"inet": "opened", "inet6": "opened", "netlink": "opened", "unix pair": "ok"}


def families(output: str) -> dict[str, str]:
    return dict(line.strip().split(": ") for line in output.splitlines() if ": " in line)


@pytest.mark.parametrize("isolate", MODES)
def test_no_run_opens_a_socket_of_a_family_a_console_program_has_no_use_for(tmp_path: Path, isolate: bool) -> None:
    # AF_VSOCK opened in the sandbox with no network (it reaches the host of a virtual machine); AF_ALG, TIPC, RDS...
    # are kernel code no console program needs. IPv4 and IPv6 (no network isolated), netlink and unix stay.
    with running(submission(tmp_path, "socket_families"), isolate=isolate) as (_, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    assert families(output) == {**dict.fromkeys(REFUSED_FAMILIES, "EAFNOSUPPORT"), **NEEDED}, output


def test_not_as_root_no_run_opens_a_socket_of_a_family_a_console_program_has_no_use_for(nobodys: Path) -> None:
    said = as_nobody_in_a_sandbox(nobodys, "socket_families")
    assert families(said.split("stopped by")[0]) == {**dict.fromkeys(REFUSED_FAMILIES, "EAFNOSUPPORT"), **NEEDED}, said
