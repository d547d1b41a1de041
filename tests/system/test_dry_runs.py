"""Each platform's dry run (`make dry-run-PLATFORM`, the `dry-run` command): the bundle built and run as the
platform runs it, in a temporary folder standing for its tree, on a submission of the small guessing game
that loses a point; the log says what was left out and which values stand in for the platform's, and ends
with what the platform reads back."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from grader.platforms.dry_run import CLASSROOM50_VARIABLES
from grader.commands.options import PLAIN_NOTICE
from grader.report.platforms import CLASSROOM50_ENV
from grader_command import run_grader
from test_packaging import clean_env

ROOT = Path(__file__).resolve().parents[2]
GUESS = "assignments/guess"
SUBMISSION = f"{GUESS}/tests/submissions/fail-low-high-swapped"  # 1 point of 3: high and low swapped
READ_BACK = {"gradescope": "score 1, 2 test(s)", "classroom50": "score 1, max-score 3, 2 test(s)",
             "prairielearn": "gradable true, score 0.333333, 2 test(s)"}


@pytest.mark.parametrize("platform", sorted(READ_BACK))
def test_make_dry_run_runs_the_platform_s_bundle_in_a_folder_standing_for_its_tree(platform):
    done = subprocess.run(["make", "--no-print-directory", f"dry-run-{platform}", f"ASSIGNMENT={GUESS}",
                           f"SUBMISSION={SUBMISSION}"], cwd=ROOT, capture_output=True, text=True, env=clean_env(),
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    first, last = done.stderr.splitlines()[0], done.stderr.splitlines()[-1]
    tree = Path(re.match(r"dry run of [\w ]+ in (\S+): left out: ", first).group(1))
    assert "stand-in values for what" in first
    assert last.endswith(f": {READ_BACK[platform]} (the tree goes now: --keep DIR leaves it)"), last
    assert "Score: 1/3" in done.stdout and not tree.exists()
    if platform == "classroom50":  # its five variables, and the login whose variant it grades, said as stand-ins
        assert all(f"{name}=" in first for name in CLASSROOM50_ENV) and "GITHUB_ACTOR=dry-run-student" in first
        assert PLAIN_NOTICE not in done.stderr  # that run is the official grading


def test_a_dry_run_s_tree_can_be_kept_to_read(tmp_path):
    done = run_grader("dry-run", "classroom50", ROOT / SUBMISSION, "--assignment", ROOT / GUESS,
                      "--keep", tmp_path / "dry")
    assert done.returncode == 0, done.stderr
    checkout = tmp_path / "dry" / "checkout"
    result = json.loads((checkout / "result.json").read_text())
    assert {key: result[key] for key in ("classroom", "assignment", "submission")} == {
        "classroom": CLASSROOM50_VARIABLES["CLASSROOM"], "assignment": "guess",
        "submission": CLASSROOM50_VARIABLES["SUBMISSION_TAG"]}
    assert (checkout / "release-body.md").is_file() and (checkout / ".git").is_dir()
    again = run_grader("dry-run", "classroom50", ROOT / SUBMISSION, "--keep", tmp_path / "dry")
    assert again.returncode == 2 and again.stderr == f"error: --keep {tmp_path / 'dry'}: already exists: name a new folder\n"
