"""What students run must work on the Pythons they have: macOS's own python3 is 3.9, and 3.8 is still
common. The template, the reference and every corpus entry the grader accepts as correct stay valid
Python 3.8 (vermin, with annotations evaluated as Python does at start-up); where a Python 3.8 is
installed, the template and the reference are also run on it."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader.grading.corpus import PASS, load_corpus
from grader.base.project import CORPUS, REFERENCE, TEMPLATE

STUDENT_FACING = [TEMPLATE / "mastermind.py", REFERENCE / "mastermind.py"]
CORRECT_ENTRIES = [entry.path / "mastermind.py" for entry in load_corpus(CORPUS) if entry.expected == PASS]


def vermin(paths: list[Path]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(Path(sys.executable).with_name("vermin")), "--target=3.8-", "--eval-annotations", "--feature", "union-types",
         "--no-tips", "--violations", *map(str, paths)],
        capture_output=True, text=True, check=False,
    )


def test_vermin_flags_what_python_38_cannot_run(tmp_path: Path) -> None:
    """The check itself catches the start-up crash of the first template (`str | None`)."""
    newer = tmp_path / "newer.py"
    newer.write_text("def f(x: str) -> str | None:\n    return None\n", encoding="utf-8")
    result = vermin([newer])
    assert result.returncode != 0
    assert "union types" in result.stdout


@pytest.mark.parametrize("path", STUDENT_FACING + CORRECT_ENTRIES, ids=lambda p: p.parent.name)
def test_runs_on_python_38(path: Path) -> None:
    result = vermin([path])
    assert result.returncode == 0, result.stdout + result.stderr


def python38() -> str | None:
    found = shutil.which("python3.8")
    candidates = ([found] if found else []) + sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.8*/bin/python3.8")))
    for candidate in candidates:
        if subprocess.run([candidate, "-c", "pass"], capture_output=True, check=False).returncode == 0:
            return candidate
    return None


@pytest.mark.parametrize("path", STUDENT_FACING, ids=lambda p: p.parent.name)
def test_starts_under_a_real_python_38(path: Path) -> None:
    interpreter = python38()
    if interpreter is None:
        pytest.skip("no Python 3.8 installed here; the vermin check above still covers 3.8 syntax")
    # -B: importing the program must not leave a __pycache__ in the repository's reference or template
    result = subprocess.run([interpreter, "-B", "-m", "doctest", str(path)], capture_output=True, text=True, check=False)
    assert "TypeError" not in result.stdout + result.stderr
    assert "SyntaxError" not in result.stdout + result.stderr
    if path.parent == REFERENCE:
        assert result.returncode == 0, result.stdout
