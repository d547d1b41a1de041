"""The fallbacks on this machine: `grade` and `check` run as another user than root (NOBODY), and as root
with GRADER_SANDBOX=off, each against what the fallback promises (README, "Untrusted code")."""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
from pathlib import Path

import pytest

from conftest import NOBODY, ROOT, as_nobody
from grader_command import run_grader


def handed_to_nobody(folder: Path) -> None:
    for path in (folder, *folder.rglob("*")):
        os.lchown(path, NOBODY, NOBODY)


def test_grading_as_another_user_than_root_says_what_that_means_and_what_to_do(nobodys: Path) -> None:
    # It was one long line of jargon ("cannot make a cgroup v1 under /sys/fs/cgroup/memory/...: Permission denied").
    shutil.copytree(ROOT / "reference", nobodys / "class" / "alice")
    specs = nobodys / "specs"
    specs.mkdir()
    shutil.copy(ROOT / "specs" / "02-win-on-first-guess.yaml", specs)
    handed_to_nobody(nobodys)
    done = as_nobody(nobodys, "grade", str(nobodys / "class"), "--out", str(nobodys / "out"), "--specs", str(specs))
    assert done.returncode == 0, done.stderr
    warning = done.stderr.split("warning: ")[1].splitlines()
    assert warning[0] == ("sandbox: running WITHOUT pid_namespace, network, private_filesystem, unprivileged_user, "
                          "run_limits (the grader does not run as root)"), done.stderr
    assert warning[1].startswith("  student code runs as you") and warning[1].endswith("run as root (sudo) for full isolation")
    assert "sockets' buffers" in warning[1] and "cgroup" not in done.stderr


def tamper_class(folder: Path, target: Path) -> tuple[Path, Path]:
    """A class of two graded one after the other: alice (the reference), then zed, who tries to read and
    to rewrite `target`; and the specs folder (one hidden spec, so that results hold a hidden diff)."""
    shutil.copytree(ROOT / "reference", folder / "class" / "alice")
    shutil.copytree(ROOT / "tests" / "hostile" / "tamper", folder / "class" / "zed")
    (folder / "class" / "zed" / "paths.txt").write_text(f"{target}\n")
    specs = folder / "specs"
    specs.mkdir()
    shutil.copy(ROOT / "specs" / "20-hidden-win-on-first-guess.yaml", specs)
    return folder / "class", specs


@pytest.mark.skipif(os.geteuid() != 0, reason="the fallback as root needs root")
def test_the_fallback_as_root_keeps_the_output_folder_from_student_code() -> None:
    # The output folder was written world-readable: a run read a classmate's results, hidden diffs included.
    shared = Path(tempfile.mkdtemp())  # in the system's temporary folder: every user may enter it
    try:
        shared.chmod(0o755)
        out = shared / "out"
        classroom, specs = tamper_class(shared, out / "students" / "alice" / "results.json")
        done = run_grader("grade", classroom, "--out", out, "--specs", specs, "--jobs", "1",
                          env={**os.environ, "GRADER_SANDBOX": "off"})
        assert done.returncode == 0, done.stderr
        tried = (out / "students" / "zed" / "results.json").read_text()
        assert "cannot read" in tried and "cannot rewrite" in tried and "+ read " not in tried, tried
        for private in (out / "students", out / "gradebook.csv", out / "report.html"):
            assert private.stat().st_mode & 0o077 == 0, private
        assert json.loads((out / "students" / "alice" / "results.json").read_text())["score"] == 4
    finally:
        shutil.rmtree(shared)


def test_grading_as_another_user_than_root_keeps_student_code_from_the_grades(nobodys: Path) -> None:
    # Not root, a run is the grader's own user: it rewrote a classmate's results.json, and the next grade kept
    # it ("unchanged, not regraded": inputs.sha256 covers the inputs, not the results). Landlock keeps it out.
    out = nobodys / "out"
    classroom, specs = tamper_class(nobodys, out / "students" / "alice" / "results.json")
    handed_to_nobody(nobodys)
    command = ("grade", str(classroom), "--out", str(out), "--specs", str(specs), "--jobs", "1")
    done = as_nobody(nobodys, *command)
    assert done.returncode == 0, done.stderr
    written = (out / "students" / "alice" / "results.json").read_bytes()
    tried = (out / "students" / "zed" / "results.json").read_text()
    assert "cannot read" in tried and "cannot rewrite" in tried and "+ read " not in tried, tried
    assert "Landlock keeps it to the system's folders and its own copy" in done.stderr
    again = as_nobody(nobodys, *command)
    assert again.returncode == 0, again.stderr
    assert (out / "students" / "alice" / "results.json").read_bytes() == written
    assert json.loads(written)["score"] == 4


def test_checking_as_another_user_than_root_survives_a_program_that_signals_everyone(nobodys: Path) -> None:
    # Not root, the program is the grader's own user: kill(-1, SIGKILL) ended `check` itself.
    shutil.copytree(ROOT / "tests" / "hostile" / "kill_everyone", nobodys / "submission")
    handed_to_nobody(nobodys)
    done = as_nobody(nobodys, "check", str(nobodys / "submission"), "--specs", str(ROOT / "specs"), "--visible-only")
    assert done.returncode == 1 and "Score:" in done.stdout, (done.returncode, done.stderr[-500:])
    assert "Score: 0/" in done.stdout


def test_checking_as_another_user_than_root_keeps_the_program_off_other_terminals(nobodys: Path) -> None:
    # Not root, every pty the grader's user opened (another run's, as grade --jobs 2 runs them) was the
    # program's to open: it could have typed into another run's output or taken its input.
    other, terminal = os.openpty()
    try:
        os.chown(os.ttyname(terminal), NOBODY, NOBODY)  # as a pty the same user opened for another run
        shutil.copytree(ROOT / "tests" / "hostile" / "other_terminals", nobodys / "submission")
        handed_to_nobody(nobodys)
        done = as_nobody(nobodys, "check", str(nobodys / "submission"), "--specs", str(ROOT / "specs"), "--visible-only")
        assert done.returncode == 1, done.stderr[-500:]
        assert "opened: none" in done.stdout, done.stdout
    finally:
        os.close(other)
        os.close(terminal)


def test_checking_as_another_user_than_root_finds_no_way_around_landlock(nobodys: Path) -> None:
    # The attack pass: the grader's /proc, links made in the run's own copy, the temporary folder's listing.
    secret = nobodys / "specs" / "20-hidden.yaml"
    secret.parent.mkdir()
    secret.write_text("secret: hidden spec\n")
    shutil.copytree(ROOT / "tests" / "hostile" / "landlock_escape", nobodys / "submission")
    (nobodys / "submission" / "paths.txt").write_text(str(secret))
    handed_to_nobody(nobodys)
    done = as_nobody(nobodys, "check", str(nobodys / "submission"), "--specs", str(ROOT / "specs"), "--visible-only")
    assert done.returncode == 1, done.stderr[-500:]
    for attempt in ("secret", "grader environment", "grader folder", "symlink", "temporary folder"):
        assert f"+ {attempt}: EACCES" in done.stdout, (attempt, done.stdout)
    assert "+ hard link: EXDEV" in done.stdout  # Landlock's answer to a link from outside its rules


def test_checking_as_another_user_than_root_keeps_the_program_off_that_users_sockets(nobodys: Path) -> None:
    # Not root, a run connected to a unix socket of the grader's user (an ssh-agent's, as here), which no
    # file permission or Landlock rule covers: the filter refuses socket(AF_UNIX) there, not socketpair.
    agent = nobodys / "agent.sock"
    listening = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        listening.bind(str(agent))
        listening.listen(1)
        shutil.copytree(ROOT / "tests" / "hostile" / "user_sockets", nobodys / "submission")
        (nobodys / "submission" / "paths.txt").write_text(str(agent))
        handed_to_nobody(nobodys)
        done = as_nobody(nobodys, "check", str(nobodys / "submission"), "--specs", str(ROOT / "specs"), "--visible-only")
    finally:
        listening.close()
    assert done.returncode == 1, done.stderr[-500:]
    assert f"+ cannot connect to {agent} PermissionError" in done.stdout and "+ socketpair: ok" in done.stdout, done.stdout


def test_checking_as_another_user_than_root_keeps_the_program_off_that_users_files_modes(nobodys: Path) -> None:
    # The attack on the sweep: Landlock keeps a run from the files of the grader's user but has no rule for
    # their modes, groups or ACLs; a run set another folder of that user to 0777 (and could make the grades
    # unwritable). Nor their times: a run set them to 1970.
    private = nobodys / "grades.csv"
    private.write_text("alice,4\n")
    private.chmod(0o600)
    shutil.copytree(ROOT / "tests" / "hostile" / "file_modes", nobodys / "submission")
    (nobodys / "submission" / "paths.txt").write_text(str(private))
    handed_to_nobody(nobodys)
    done = as_nobody(nobodys, "check", str(nobodys / "submission"), "--specs", str(ROOT / "specs"), "--visible-only")
    assert done.returncode == 1, done.stderr[-500:]
    assert (private.stat().st_mode & 0o777) == 0o600 and not os.listxattr(private) and private.stat().st_mtime > 0
    assert "+ touch own: changed" in done.stdout, done.stdout  # its times to now, as Path.touch does
    assert "+ own after: 644 True" in done.stdout, done.stdout  # a mode or times change answers 0, does nothing
    for call in ("chown", "setxattr", "removexattr"):
        assert f"+ {call} theirs: EPERM" in done.stdout and f"+ {call} own: EPERM" in done.stdout, (call, done.stdout)


def test_checking_as_another_user_than_root_keeps_the_program_off_the_graders_limits_and_scheduling(nobodys: Path) -> None:
    # Not root, the program is the grader's own user: it set the grader's CPU limit to 1 s (the kernel killed
    # the grader mid-check), and could renice it, pin it to one CPU, or make it SCHED_IDLE for every later run.
    shutil.copytree(ROOT / "tests" / "hostile" / "other_processes", nobodys / "submission")
    handed_to_nobody(nobodys)
    done = as_nobody(nobodys, "check", str(nobodys / "submission"), "--specs", str(ROOT / "specs"), "--visible-only")
    assert done.returncode == 1 and "Score:" in done.stdout, (done.returncode, done.stderr[-500:])
    for call in ("setpriority", "setpriority user", "sched_setaffinity", "sched_setscheduler", "ioprio_set", "prlimit"):
        assert f"+ {call} grader: EPERM" in done.stdout and f"+ {call} own: changed" in done.stdout, (call, done.stdout)


# What a beginner's program does with its own files before its game: a backup of its scores, a copy of its
# folder, an archive unpacked (each copies modes, and copy2 and tar times too).
BACKUPS = '''import os, shutil, tarfile
open("scores.txt", "w").write("3\\n")
shutil.copy("scores.txt", "scores.bak")
shutil.copy2("scores.txt", "scores.bak2")
os.mkdir("saves")
shutil.copytree("saves", "saves.bak")
with tarfile.open("saves.tar", "w") as archive:
    archive.add("scores.txt")
with tarfile.open("saves.tar") as archive:
    archive.extractall("unpacked")
'''


def test_checking_as_another_user_than_root_keeps_the_standard_librarys_copies_working(nobodys: Path) -> None:
    # The refusals of mode and times changes crashed shutil.copy, copy2 and copytree in the program's own copy
    # (PermissionError from copymode), where a student checks their work: not as root, on their own machine.
    shutil.copytree(ROOT / "reference", nobodys / "submission")
    program = nobodys / "submission" / "mastermind.py"
    program.write_text(BACKUPS + program.read_text())
    handed_to_nobody(nobodys)
    done = as_nobody(nobodys, "check", str(nobodys / "submission"), "--specs", str(ROOT / "specs"), "--visible-only")
    assert done.returncode == 0 and "Score: 106/106" in done.stdout, done.stdout[-2000:]
