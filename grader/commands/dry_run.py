"""`dry-run PLATFORM SUBMISSION`: a platform's bundle built and run as that platform runs it, with neither
the platform nor Docker. A temporary folder stands for Gradescope's /autograder, PrairieLearn's /grade or
the student's checkout on Classroom 50's runner; the platform's script runs there on the submission, with
this interpreter for the one the platform's image would have, and what the platform reads back is said at
the end. Nothing is installed and nothing is read from the network: what would (Gradescope's setup.sh, the
image's docker build, the venv Classroom 50's autograder makes) is left out, and said to be. What the
platform itself would give (its submission metadata, its question data, Classroom 50's variables) gets
stand-in values, named as such."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from grader.base.errors import UsageError
from grader.base.helptext import CANNOT_RUN, add_command
from grader.commands.options import add_assignment_options
from grader.commands.packaging import build_gradescope
from grader.commands.platform_bundles import build_classroom50, build_prairielearn
from grader.spec.assignment import Assignment, load_assignment

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


@contextlib.contextmanager
def _tree(keep: str | None) -> Iterator[Path]:
    """The folder the platform's tree is made in: `keep`, left for reading after, or a temporary one."""
    if keep is None:
        with tempfile.TemporaryDirectory(prefix="dry-run-") as folder:
            yield Path(folder)
        return
    path = Path(keep)
    if path.exists():
        raise UsageError(f"--keep {path}: already exists: name a new folder")
    path.mkdir(parents=True)
    yield path.resolve()


def cmd_dry_run(args: argparse.Namespace) -> int:
    submission = Path(args.submission)
    if not submission.is_dir():
        raise UsageError(f"{submission}: no such submission folder")
    assignment = load_assignment(Path(args.assignment))
    name, lay_out = PLATFORMS[args.platform]
    with _tree(args.keep) as root:
        layout = lay_out(root, submission.resolve(), assignment, Path(args.specs) if args.specs else assignment.specs)
        print(f"dry run of {name} in {root}: left out: {layout.left_out}; stand-in values for what {name} gives: "
              + ", ".join(f"{key}={value}" for key, value in layout.stand_ins.items()), file=sys.stderr, flush=True)
        status = subprocess.run(layout.command, cwd=layout.cwd, env=layout.env, stdin=subprocess.DEVNULL).returncode
        kept = "" if args.keep else " (the tree goes now: --keep DIR leaves it)"
        print(f"dry run of {name}: {Path(layout.command[-1]).name} exited {status}; {name} reads {layout.results}: "
              f"{read_back(layout.results)}{kept}", file=sys.stderr)
        return 0 if status == 0 and layout.results.is_file() else 1


def add_dry_run(commands: argparse._SubParsersAction) -> None:
    command = add_command(
        commands, "dry-run", "run a platform's bundle on a submission as the platform would, here",
        "Build a platform's bundle and run it on one submission as the platform runs it, without the platform and "
        "without Docker: a temporary folder stands for Gradescope's /autograder, PrairieLearn's /grade or the "
        "student's checkout on Classroom 50's runner, and the platform's own script grades the submission there. "
        "The log is what the platform's log would show, then what the platform reads back. Nothing is installed: "
        "this interpreter stands for the platform's venv, and what the platform gives its script (Gradescope's "
        "submission metadata, PrairieLearn's question data, the five variables of Classroom 50's runner and the "
        "login GitHub says pushed) gets stand-in values, said first.",
        [("dry-run gradescope student_template", "run the Gradescope autograder on the template"),
         ("dry-run classroom50 alice/ --keep dry", "Classroom 50's autograder on alice/, its tree left in dry/"),
         ("dry-run prairielearn alice/ --assignment assignments/colour", "another assignment's PrairieLearn grader")],
        [(0, "the platform's script ran and wrote its results"),
         (1, "the platform's script failed, or wrote no results: the platform would show an error"), CANNOT_RUN])
    command.add_argument("platform", choices=sorted(PLATFORMS), metavar="PLATFORM",
                         help=f"the platform whose bundle to run: {', '.join(sorted(PLATFORMS))}")
    command.add_argument("submission", help="a folder that holds the program, as the student hands it in")
    command.add_argument("--keep", metavar="DIR", help="make the platform's tree in DIR (new) and leave it there")
    add_assignment_options(command)
    command.set_defaults(run=cmd_dry_run)
