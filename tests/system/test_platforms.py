"""Students check their work on the interpreters and systems they have: a Python too old for the grader
gets one line saying which version is needed and where to get it, before any venv or pip; the handout
runs the same way with or without make."""

from __future__ import annotations

import glob
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.platforms.handout import build_handout
from grader.base.project import DEFAULT_SPECS, ROOT
from grader.python_check import MINIMUM, problem

HANDOUT_TEMPLATES = ROOT / "grader" / "templates" / "handout"


def old_interpreters() -> list[str]:
    """The Pythons older than the grader's minimum installed here (pyenv's, or python3.N on PATH)."""
    found = sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/*/bin/python")))
    found += filter(None, (shutil.which(f"python3.{minor}") for minor in range(6, MINIMUM[1])))
    old = []
    for candidate in found:
        probe = subprocess.run([candidate, "-c", "import sys; print('%d %d' % sys.version_info[:2])"],
                               capture_output=True, text=True, check=False)
        if probe.returncode == 0 and tuple(map(int, probe.stdout.split())) < MINIMUM:
            old.append(candidate)
    return sorted(set(old))


@pytest.fixture(scope="session")
def old_pythons() -> list[str]:
    """old_interpreters(), asked when a test needs them (not at collection, in every worker), or a skip."""
    found = old_interpreters()
    if not found:
        pytest.skip("no Python older than the grader's minimum is installed here")
    return found


@pytest.mark.parametrize(("version", "too_old"), [
    ((2, 7, 18), True),
    ((3, 8, 18), True),
    ((3, 9, 6), True),  # macOS's own python3
    ((MINIMUM[0], MINIMUM[1], 0), False),
    ((3, 13, 1), False),
])
def test_which_versions_are_turned_away(version: tuple[int, int, int], too_old: bool) -> None:
    message = problem(version, "/usr/bin/python3")
    assert (message is not None) == too_old
    if message:
        assert "\n" not in message
        assert f"Python {MINIMUM[0]}.{MINIMUM[1]} or newer" in message
        assert "/usr/bin/python3 is Python " + ".".join(map(str, version)) in message
        assert "https://www.python.org/downloads/" in message


def vermin(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(Path(sys.executable).with_name("vermin")), "--no-tips", "--violations", *args],
                          capture_output=True, text=True, check=False)


def test_the_grader_runs_on_its_minimum() -> None:
    """MINIMUM is true of the code, not only of the pins (file_digest is used only where it exists)."""
    done = vermin(f"--target={MINIMUM[0]}.{MINIMUM[1]}-", "--eval-annotations", "--exclude", "hashlib.file_digest",
                  str(ROOT / "grader"))
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_version_check_parses_on_any_python() -> None:
    """What runs before the version check may hold nothing an old interpreter cannot parse or run."""
    done = vermin("--target=2.7-", "--target=3.0-", str(ROOT / "grader" / "python_check.py"),
                  str(ROOT / "grader" / "__main__.py"), str(HANDOUT_TEMPLATES / "check.py"))
    assert done.returncode == 0, done.stdout + done.stderr


def test_minimum_is_the_one_pyproject_declares() -> None:
    declared = re.search(r'requires-python\s*=\s*">=(\d+)\.(\d+)"', (ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert declared and tuple(map(int, declared.groups())) == MINIMUM


@pytest.mark.parametrize("makefile", [ROOT / "Makefile", HANDOUT_TEMPLATES / "Makefile"], ids=["project", "handout"])
def test_make_check_names_the_python_needed_before_any_venv(makefile: Path, tmp_path: Path,
                                                            old_pythons: list[str]) -> None:
    (tmp_path / "grader").mkdir()
    shutil.copyfile(makefile, tmp_path / "Makefile")
    shutil.copyfile(ROOT / "requirements.txt", tmp_path / "requirements.txt")
    for name in ("__init__.py", "python_check.py"):
        shutil.copyfile(ROOT / "grader" / name, tmp_path / "grader" / name)
    shutil.copyfile(HANDOUT_TEMPLATES / "check.py", tmp_path / "check.py")  # the handout's make runs it
    for interpreter in old_pythons:
        done = subprocess.run(["make", "--no-print-directory", "check", f"PYTHON={interpreter}"], cwd=tmp_path,
                              capture_output=True, text=True, check=False)
        assert done.returncode != 0
        said = [line for line in (done.stdout + done.stderr).splitlines() if not line.startswith("make")]
        assert len(said) == 1, said
        assert said[0].startswith(f"error: the grader needs Python {MINIMUM[0]}.{MINIMUM[1]} or newer, but {interpreter}")
        assert not (tmp_path / ".venv").exists()


def test_the_handout_check_script_names_the_python_needed(tmp_path: Path, old_pythons: list[str]) -> None:
    """`py check.py` (Windows, no make) on an old Python: the same line, nothing installed."""
    (tmp_path / "grader").mkdir()
    shutil.copyfile(HANDOUT_TEMPLATES / "check.py", tmp_path / "check.py")
    for name in ("__init__.py", "python_check.py"):
        shutil.copyfile(ROOT / "grader" / name, tmp_path / "grader" / name)
    for interpreter in old_pythons:
        done = subprocess.run([interpreter, "check.py"], cwd=tmp_path, capture_output=True, text=True, check=False)
        assert done.returncode == 2
        assert done.stderr.startswith(f"error: the grader needs Python {MINIMUM[0]}.{MINIMUM[1]} or newer")
        assert not (tmp_path / ".venv").exists()


def test_the_handout_ships_a_dev_container_for_linux_in_a_browser(tmp_path: Path) -> None:
    """Codespaces' standard file: a pinned Python image, a non-root user, the checker set up on creation."""
    handout = build_handout(tmp_path / "handout", DEFAULT_SPECS)
    config = json.loads((handout / ".devcontainer" / "devcontainer.json").read_text(encoding="utf-8"))
    image, tag = config["image"].rsplit(":", 1)
    assert image == "mcr.microsoft.com/devcontainers/python" and tag != "latest"
    assert config["remoteUser"] not in ("", "root")
    assert config["postCreateCommand"] == "python3 check.py --setup"
    assert (handout / "check.py").is_file()


def test_python_m_grader_names_the_python_needed(old_pythons: list[str]) -> None:
    for interpreter in old_pythons:
        done = subprocess.run([interpreter, "-m", "grader", "check", "student_template"], cwd=ROOT,
                              capture_output=True, text=True, check=False,
                              env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})  # Python 2 writes .pyc beside the grader
        assert done.returncode == 2
        assert done.stdout == ""
        assert done.stderr.startswith(f"error: the grader needs Python {MINIMUM[0]}.{MINIMUM[1]} or newer")
        assert done.stderr.count("\n") == 1


def test_python_m_grader_without_its_requirements_says_how_to_install_them() -> None:
    """A student's own python without the grader's packages: the fix in one line, not a traceback, wherever
    the command first imports a package (a command's module is imported once the command line is read)."""
    for argv in (["check", "student_template"], ["--help"]):
        done = subprocess.run([sys.executable, "-S", "-m", "grader", *argv], cwd=ROOT, capture_output=True, text=True,
                              check=False)
        assert done.returncode == 2, argv
        assert "Traceback" not in done.stderr
        assert "pip install -r requirements.txt" in done.stderr


def test_a_module_missing_from_the_grader_itself_is_shown_as_the_bug_it_is(tmp_path: Path) -> None:
    """Not "install requirements.txt" for a grader module gone from its own package (a broken copy)."""
    shutil.copytree(ROOT / "grader", tmp_path / "grader", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (tmp_path / "grader" / "engine" / "runner.py").unlink()
    done = subprocess.run([sys.executable, "-m", "grader", "check", str(ROOT / "student_template")], cwd=tmp_path,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 1 and "Traceback" in done.stderr
    assert "No module named 'grader.engine.runner'" in done.stderr and "pip install" not in done.stderr
