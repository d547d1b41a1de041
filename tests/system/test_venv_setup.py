"""grader/venv_setup.py on real interpreters: a Python with a pip that has `--python` makes the venv without
a pip of its own and installs into it; one without pip gives the venv its own first. The requirements are a
wheel beside the test, installed with --no-index: no download."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAKE_VENV = "import sys; from grader.venv_setup import make_venv; print(make_venv(sys.argv[1], sys.argv[2]))"


def requirements(folder: Path) -> Path:
    """A requirements file naming one local wheel, `tiny` (VALUE = 42), and no index."""
    wheel = folder / "tiny-1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("tiny.py", "VALUE = 42\n")
        archive.writestr("tiny-1.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: tiny\nVersion: 1.0\n")
        archive.writestr("tiny-1.0.dist-info/WHEEL", "Wheel-Version: 1.0\nGenerator: hand\nRoot-Is-Purelib: true\n"
                                                     "Tag: py3-none-any\n")
        archive.writestr("tiny-1.0.dist-info/RECORD", "".join(f"{name},,\n" for name in (
            "tiny.py", "tiny-1.0.dist-info/METADATA", "tiny-1.0.dist-info/WHEEL", "tiny-1.0.dist-info/RECORD")))
    listed = folder / "requirements.txt"
    listed.write_text(f"--no-index\n{wheel}\n")
    return listed


def make_venv_with(python: str, target: Path, listed: Path, **env: str) -> str:
    done = subprocess.run([python, "-c", MAKE_VENV, str(target), str(listed)], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env={**os.environ, **env})
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def has_pip(venv: Path) -> bool:
    return subprocess.run([str(venv / "bin" / "python"), "-c", "import pip"], capture_output=True).returncode == 0


def imports_tiny(venv: Path) -> bool:
    done = subprocess.run([str(venv / "bin" / "python"), "-c", "import tiny; print(tiny.VALUE)"],
                          capture_output=True, text=True)
    return done.stdout == "42\n"


def test_a_python_whose_pip_installs_elsewhere_makes_a_venv_without_a_pip_of_its_own(tmp_path: Path):
    """As `python -m venv` makes it (the interpreter a link, not a copy that a relocatable Python could not
    run), and whatever the user's pip settings say of user installs."""
    assert make_venv_with(sys.executable, tmp_path / "venv", requirements(tmp_path), PIP_USER="1") == "None"
    assert imports_tiny(tmp_path / "venv") and not has_pip(tmp_path / "venv")
    assert (tmp_path / "venv" / "bin" / "python").is_symlink()


def test_a_python_without_pip_gives_the_venv_its_own(tmp_path: Path):
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "bare")], check=True)
    assert not has_pip(tmp_path / "bare")
    assert make_venv_with(str(tmp_path / "bare" / "bin" / "python"), tmp_path / "venv", requirements(tmp_path)) == "None"
    assert imports_tiny(tmp_path / "venv") and has_pip(tmp_path / "venv")


def test_requirements_pip_cannot_install_are_said_so(tmp_path: Path):
    listed = tmp_path / "requirements.txt"
    listed.write_text("--no-index\nno-such-package-anywhere==1.0\n")
    said = make_venv_with(sys.executable, tmp_path / "venv", listed)
    assert said == f"could not install the grader's requirements into {tmp_path / 'venv'} (pip said why, above)"
