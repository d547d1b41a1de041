#!/usr/bin/env python3
"""Classroom 50 runs this once per submission, in the student's checkout (the working directory), from
CLASSROOM/autograders/ASSIGNMENT/ (this folder: the grader, every spec, its requirements). It grades the
checkout against every spec and writes ./result.json (the classroom50/result/v1 contract) and
./release-body.md (the feedback students read on the submission's Release; hidden specs by name and
points only), by the variant of the GitHub user whose push it grades (GITHUB_ACTOR: their row of
variants.csv here, else the hash of their login). Exit 0 when grading ran, whatever the score; non-zero
only when the grader could not run, which Classroom 50 reports as an error rather than a grade.

CLASSROOM50_PYTHON names an interpreter that already has the requirements (the tests use it); without
it, a venv is made once in the runner's temporary folder, outside the checkout."""

import datetime
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from grader.venv_setup import make_venv, venv_python  # beside this file, standard library only

HERE = Path(__file__).resolve().parent
CHECKOUT = Path.cwd()


def python() -> str:
    if os.environ.get("CLASSROOM50_PYTHON"):
        return os.environ["CLASSROOM50_PYTHON"]
    target = Path(os.environ.get("RUNNER_TEMP") or tempfile.gettempdir()) / "mastermind-grader-venv"
    interpreter = venv_python(target)
    if not interpreter.exists():
        problem = make_venv(target, HERE / "requirements.txt")
        if problem:
            raise SystemExit(f"::error::{problem}")
    return str(interpreter)


def submitted() -> str:
    """The graded commit's committer date: the contract's submission instant, the same on a regrade."""
    done = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=CHECKOUT, capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.strip().isdigit():
        return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    moment = datetime.datetime.fromtimestamp(int(done.stdout.strip()), datetime.timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def main() -> int:
    if sys.version_info < (3, 10):
        print("::error::the grader needs Python 3.10 or newer (set the assignment's runtime python)", file=sys.stderr)
        return 1
    interpreter = python()
    grader = [interpreter, "-m", "grader"]
    with tempfile.TemporaryDirectory() as work:
        results = Path(work) / "results.json"
        # Never degrade silently: the log says which protections student code runs with, whatever they are.
        subprocess.run([interpreter, "-c", "from grader.sandbox.protections import protections; print(protections().describe())"],
                       cwd=HERE)
        # The job log is the student's to read (their repository's Actions): hidden specs by name and points only.
        # GITHUB_ACTOR, the GitHub user whose push started the run, is the student: their variant, for an
        # assignment with variants (grader/platforms/variants.py); none said is refused, not defaulted.
        student = f"username={os.environ.get('GITHUB_ACTOR', '')}"
        status = subprocess.run([*grader, "check", str(CHECKOUT), "--specs", str(HERE / "specs"), "--json", str(results),
                                 "--student-view", "--variant-of", student], cwd=HERE).returncode
        if status >= 2 or not results.is_file():
            print(f"::error::the grader could not run (status {status})", file=sys.stderr)
            return 1
        converted = subprocess.run([*grader, "convert", str(results), "--to", "classroom50", "--submitted", submitted(),
                                    "--out", str(CHECKOUT / "result.json")], cwd=HERE)
        if converted.returncode != 0:
            return 1
        subprocess.run([*grader, "feedback", str(results), "--out", str(CHECKOUT / "release-body.md")], cwd=HERE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
