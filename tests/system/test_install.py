"""The grader installed as a package (`pip install .`), used as an instructor would: one command, from any
folder, for any assignment. Installed offline (no index, no dependencies, no build isolation) into a new venv
that reuses the tests' own packages through a .pth file, so it reads nothing from the network and takes
seconds."""

from __future__ import annotations

import csv
import os
import shutil
import site
import subprocess
import sys
from pathlib import Path

import pytest

from grader.base.helptext import COMMAND
from grader.commands.shipped import runtime_requirements

ROOT = Path(__file__).resolve().parents[2]
# What a build reads of the checkout: the package, its configuration, and the digit game it ships as the example.
BUILT_FROM = ("grader", "pyproject.toml", "assignment.yaml", "specs", "reference", "student_template")
CLASS = ("ada", "farah")  # two of the sample class: one earns full marks, one nothing


def run(command: list[str | os.PathLike], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=300)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The installed command, in a venv of its own whose other packages are the tests' (.venv's)."""
    root = tmp_path_factory.mktemp("install")
    checkout = root / "checkout"
    for name in BUILT_FROM:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, checkout / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copyfile(source, checkout / name)
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True)
    purelib = run([venv / "bin" / "python", "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], root)
    (Path(purelib.stdout.strip()) / "reuse-tests-packages.pth").write_text(site.getsitepackages()[0] + "\n")
    done = run([venv / "bin" / "python", "-m", "pip", "install", "--no-index", "--no-deps", "--no-build-isolation",
                "--disable-pip-version-check", "--quiet", checkout], root)
    assert done.returncode == 0, done.stdout + done.stderr
    yield venv / "bin" / COMMAND
    shutil.rmtree(root)


def test_the_installed_command_starts_a_course_and_grades_a_class_from_another_folder(installed: Path,
                                                                                        tmp_path: Path):
    started = run([installed, "new", "hw1"], tmp_path)
    assert started.returncode == 0, started.stderr
    assert f"`{COMMAND} validate`" in started.stderr  # the hints name the command typed
    assignment = tmp_path / "hw1"
    assert "slug" not in (assignment / "assignment.yaml").read_text()  # the folder's name names its outputs
    assert (assignment / "reference" / "mastermind.py").is_file()
    assert (assignment / "student_template" / "README.md").is_file()
    for spec in (assignment / "specs").glob("*.yaml"):  # two specs keep the grading quick
        if spec.name not in ("01-example-game.yaml", "02-win-on-first-guess.yaml", "suite.yaml"):
            spec.unlink()
    students = tmp_path / "class"
    for student in CLASS:
        shutil.copytree(ROOT / "tests" / "sample_class" / student, students / student)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    graded = run([installed, "grade", students, "--assignment", assignment, "--out", "X", "--jobs", "2"], elsewhere)
    assert graded.returncode == 0, graded.stderr
    with open(elsewhere / "X" / "gradebook.csv", newline="") as gradebook:
        scores = {row["student"]: row["score"] for row in csv.DictReader(gradebook)}
    assert scores == {"ada": "16", "farah": "0"}
    assert "Mastermind (digits): class report" in (elsewhere / "X" / "report.html").read_text()


def test_the_installed_command_finds_the_assignment_from_the_folder_it_runs_in(installed: Path, tmp_path: Path):
    assert run([installed, "new", "hw1"], tmp_path).returncode == 0
    checked = run([installed, "check", ".", "--visible-only", "--json", tmp_path / "results.json"],
                  tmp_path / "hw1" / "student_template")
    assert checked.returncode == 1 and "Score: 0/" in checked.stdout, checked.stdout + checked.stderr
    summary = run([installed, "feedback", "results.json"], tmp_path)  # needs no assignment: a generic heading
    assert summary.returncode == 0 and summary.stdout.startswith("# Your results\n"), summary.stderr
    nowhere = run([installed, "check", "."], tmp_path)
    assert nowhere.returncode == 2
    assert nowhere.stderr == (f"error: no assignment.yaml in {tmp_path} or any folder above it: give --assignment "
                              f"DIR (a folder with its assignment.yaml), or begin one with `{COMMAND} new DIR`\n")


def test_the_installed_command_builds_a_bundle_from_a_checkout_with_pinned_requirements(installed: Path,
                                                                                       tmp_path: Path):
    """`--assignment <checkout>` is the digit game (the root's assignment.yaml); a bundle built by an installed
    grader, which has no requirements.txt, pins what is installed with it, and leaves out its example (the
    digit game's reference and hidden specs, in what is usually a public image)."""
    built = run([installed, "prairielearn", "--assignment", ROOT, "--out", "pl"], tmp_path)
    assert built.returncode == 0, built.stderr
    image = tmp_path / "pl" / "image"
    assert (image / "grader" / "commands" / "cli.py").is_file() and (image / "assignment.yaml").is_file()
    assert not (image / "grader" / "example").exists()
    assert (image / "requirements.txt").read_text() == runtime_requirements(ROOT)  # .venv's pins
