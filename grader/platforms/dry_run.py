"""A platform's bundle laid out and run as that platform runs it, with neither the platform nor Docker
(`dry-run PLATFORM SUBMISSION`). A temporary folder stands for Gradescope's /autograder, PrairieLearn's /grade or
the student's checkout on Classroom 50's runner; the platform's script runs there on the submission, with
this interpreter for the one the platform's image would have, and what the platform reads back is read
from its results file. Nothing is installed and nothing is read from the network: what would (Gradescope's setup.sh, the
image's docker build, the venv Classroom 50's autograder makes) is left out, and said to be. What the
platform itself would give (its submission metadata, its question data, Classroom 50's variables) gets
stand-in values, named as such."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from grader.platforms.bundles import build_classroom50, build_prairielearn
from grader.platforms.gradescope import build_gradescope
from grader.spec.assignment import Assignment

# What a platform gives its script, made up for a dry run (Classroom 50's ASSIGNMENT: the assignment's slug).
GRADESCOPE_METADATA = {"users": [{"email": "dry-run-student@example.com", "name": "Dry Run"}]}
CLASSROOM50_VARIABLES = {"CLASSROOM": "dry-run-classroom",
                         "SUBMISSION_TAG": "submit/dry-run", "COMMIT_URL": "https://github.com/dry-run/repo/commit/0",
                         "RELEASE_URL": "https://github.com/dry-run/repo/releases/tag/submit%2Fdry-run",
                         "GITHUB_ACTOR": "dry-run-student"}


@dataclass(frozen=True)
class Layout:
    """A platform's tree, made: the script it runs, where, with what environment, and the file it reads back."""

    command: list[str]
    cwd: Path
    env: dict[str, str]
    results: Path
    left_out: str  # what the platform does first that a dry run does not, in words
    stand_ins: dict[str, str]  # what the platform would give, made up here


def unpack_gradescope(bundle: Path, root: Path) -> Path:
    """`root` as Gradescope lays out /autograder: the bundle unzipped in source/, with the modes unzip keeps."""
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
        for info in archive.infolist():  # zipfile drops the modes
            os.chmod(root / "source" / info.filename, (info.external_attr >> 16) & 0o777)
    return root


def _environment(**values: str) -> dict[str, str]:
    """This process's environment with `values`, less what would make the script import another grader."""
    kept = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return {**kept, **values}


def _gradescope(root: Path, submission: Path, assignment: Assignment, specs: Path) -> Layout:
    tree = unpack_gradescope(build_gradescope(root / "autograder.zip", specs, assignment), root / "autograder")
    shutil.copytree(submission, tree / "submission", ignore=shutil.ignore_patterns("__pycache__"))
    (tree / "submission_metadata.json").write_text(json.dumps(GRADESCOPE_METADATA), encoding="utf-8")
    return Layout([str(tree / "source" / "run_autograder")], tree / "source",
                  _environment(AUTOGRADER_ROOT=str(tree), AUTOGRADER_PYTHON=sys.executable),
                  tree / "results" / "results.json", "setup.sh (the image's venv: this interpreter stands for it)",
                  {"submission_metadata.json": json.dumps(GRADESCOPE_METADATA)})


def _prairielearn(root: Path, submission: Path, assignment: Assignment, specs: Path) -> Layout:
    bundle = build_prairielearn(root / "bundle", specs, assignment)
    grade = root / "grade"
    shutil.copytree(submission, grade / "student", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(bundle / "tests", grade / "tests")
    data = {"params": {"variant": assignment.variant.name} if assignment.variant else {}}
    (grade / "data").mkdir()
    (grade / "data" / "data.json").write_text(json.dumps(data), encoding="utf-8")
    return Layout([str(bundle / "image" / "entrypoint")], bundle / "image",
                  _environment(GRADE_ROOT=str(grade), GRADER_PYTHON=sys.executable), grade / "results" / "results.json",
                  "docker build (the image's venv: this interpreter stands for it)",
                  {"data/data.json": json.dumps(data)})


def _classroom50(root: Path, submission: Path, assignment: Assignment, specs: Path) -> Layout:
    variables = {"CLASSROOM": CLASSROOM50_VARIABLES["CLASSROOM"], "ASSIGNMENT": assignment.slug, **CLASSROOM50_VARIABLES}
    folder = build_classroom50(root / "classroom50", specs, assignment.slug, assignment) / "autograders" / assignment.slug
    checkout = root / "checkout"
    shutil.copytree(submission, checkout, ignore=shutil.ignore_patterns("__pycache__"))
    if shutil.which("git"):  # the runner's checkout is a repository: the submission's instant is its commit's
        for command in (["init", "-q"], ["add", "-A"], ["-c", "user.name=Dry Run", "-c", "user.email=dry-run@example.com",
                                                        "-c", "commit.gpgsign=false", "commit", "-qm", "submit"]):
            subprocess.run(["git", *command], cwd=checkout, check=True, capture_output=True)
    return Layout([sys.executable, str(folder / "autograder.py")], checkout,
                  _environment(CLASSROOM50_PYTHON=sys.executable, **variables), checkout / "result.json",
                  "the autograder's venv (this interpreter stands for it, as CLASSROOM50_PYTHON)", variables)


PLATFORMS: dict[str, tuple[str, Callable[[Path, Path, Assignment, Path], Layout]]] = {
    "gradescope": ("Gradescope", _gradescope),
    "classroom50": ("Classroom 50", _classroom50),
    "prairielearn": ("PrairieLearn", _prairielearn),
}


def read_back(results: Path) -> str:
    """What the platform reads in its results file, in one line: whether gradable, the score, the tests."""
    try:
        data = json.loads(results.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        return f"no results it can read ({error})"
    said = [f"{key} {json.dumps(data[key])}" for key in ("gradable", "score", "max-score") if key in data]
    return ", ".join(said + [f"{len(data.get('tests') or [])} test(s)"])


def run_script(layout: Layout) -> int:
    """The platform's script run in its tree as the platform runs it, with no input: its exit status."""
    return subprocess.run(layout.command, cwd=layout.cwd, env=layout.env, stdin=subprocess.DEVNULL).returncode
