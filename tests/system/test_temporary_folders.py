"""Each run its own temporary folder: isolated, its namespace's /tmp; in the fallbacks, which have no mount
namespace, a folder of the run's own (TMPDIR, which tempfile uses) is all Landlock grants of the temporary
folders. The shared ones (/tmp, /var/tmp, /dev/shm, /run/lock) were granted to a fallback run as root: a class
kept under /tmp was readable wherever its modes let other users read, and the grader's command line in /proc
names the class folder, so a run could play a classmate's program (145/145)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Iterator

import pytest

from grader.sandbox.inside import landlock
from grader_command import run_grader
from test_fallback_gaps import as_nobody_in_a_sandbox
from test_sandbox import ROOT, ended, needs_isolation, running, submission

needs_landlock = pytest.mark.skipif(not landlock.usable(), reason="Landlock needs Linux 6.12 or later: without it "
                                    "a fallback run reads what any user may (docs/sandbox.md)")
as_root = pytest.mark.skipif(os.geteuid() != 0, reason="the fallback as root needs root")
SHARED = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock")


@pytest.fixture
def classmate() -> Iterator[Path]:
    """A class kept in the system's temporary folder with the modes of a clone (0755 folders, 0644 files):
    its first student's program (the reference), removed after."""
    shared = Path(tempfile.mkdtemp(dir="/tmp"))
    try:
        shared.chmod(0o755)
        shutil.copytree(ROOT / "reference", shared / "class" / "alice")
        for path in (shared / "class", *(shared / "class").rglob("*")):
            path.chmod(0o755 if path.is_dir() else 0o644)
        yield shared / "class" / "alice" / "mastermind.py"
    finally:
        shutil.rmtree(shared)


def attempts(output: str) -> dict[str, str]:
    return dict(line.split(": ", 1) for line in output.splitlines() if ": " in line and not line.startswith(" "))


@needs_isolation
def test_an_isolated_run_has_a_temporary_folder_of_its_own(tmp_path: Path, classmate: Path) -> None:
    with running(submission(tmp_path, "shared_temporary_reach", {"paths.txt": str(classmate)}), isolate=True) as (
            _, child):
        output, status, sig = ended(child)
    assert (status, sig) == (0, None), output
    said = attempts(output)
    assert said["classmate"] == said["class folder"] == "ENOENT" and said["tempfile"] == "True scores", output


@as_root
@needs_landlock
def test_a_fallback_run_as_root_reaches_no_shared_temporary_folder(tmp_path: Path, classmate: Path) -> None:
    with running(submission(tmp_path, "shared_temporary_reach", {"paths.txt": str(classmate)}), isolate=False) as (
            box, child):
        output, status, sig = ended(child)
    said = attempts(output)
    assert said["classmate"] == said["class folder"] == "EACCES", output
    assert all(said[f"write {folder}"] in ("EACCES", "ENOENT") for folder in SHARED), output
    assert said["write /tmp"] == "EACCES" and said["tempfile"] == "True scores", output
    assert "PermissionError: [Errno 13] Permission denied: '/tmp/scores.txt'" in output and status == 1, output
    assert not box.root.exists()  # its temporary folder went with it


def test_a_fallback_run_not_as_root_has_a_temporary_folder_of_its_own(nobodys: Path) -> None:
    (nobodys / "class" / "alice").mkdir(parents=True)
    shutil.copy(ROOT / "reference" / "mastermind.py", nobodys / "class" / "alice")
    output = as_nobody_in_a_sandbox(nobodys, "shared_temporary_reach",
                                    {"paths.txt": str(nobodys / "class" / "alice" / "mastermind.py")})
    said = attempts(output)
    assert said["tempfile"] == "True scores" and "copy left False" in output, output
    if landlock.usable():  # else it is the grader's user, and reads what that user may (docs/sandbox.md)
        assert said["write /tmp"] == "EACCES" and said["classmate"] == "EACCES", said


@as_root
@needs_landlock
def test_the_report_names_the_folder_a_fallback_run_was_refused(tmp_path: Path) -> None:
    # A beginner's program keeping its scores in /tmp: refused, and its report says where and why.
    (tmp_path / "scores").mkdir()
    (tmp_path / "scores" / "mastermind.py").write_text("open('/tmp/scores.txt', 'w').write('0')\n")
    specs = tmp_path / "specs"
    specs.mkdir()
    shutil.copy(ROOT / "specs" / "02-win-on-first-guess.yaml", specs)
    done = run_grader("check", tmp_path / "scores", "--specs", specs, timeout=60,
                      env={**os.environ, "GRADER_SANDBOX": "off"})
    assert done.returncode == 1, done.stderr[-600:]
    assert "PermissionError: [Errno 13] Permission denied: '/tmp/scores.txt'" in done.stdout, done.stdout
