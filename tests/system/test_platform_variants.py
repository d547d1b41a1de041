"""One PrairieLearn grader and one Classroom 50 folder hold every variant and grade each student by
theirs, run as each platform runs them in fake layouts (GRADE_ROOT for /grade; the checkout as the working
directory, GITHUB_ACTOR the student), on the colour assignment with two specs. bob has ten rows: his
eight-row program loses the loss. A student the bundle cannot place is refused, never graded by the
default variant's rules."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from test_packaging import clean_env
from test_platform_bundles import RUNNER_ENV
from test_variants import colour_copy, grader, reference_of

ROSTER = "student,username,variant\nada,ada-l,eight-rows\nbob,bobcat,ten-rows\n"  # Classroom 50's login column


def colour_bundle(command: str, tmp_path: Path, *extra: str) -> Path:
    folder = colour_copy(tmp_path, {name: (name, "") for name in ("02-win.yaml", "03-loss.yaml")})  # two specs: quick
    bundle = tmp_path / command
    built = grader(command, "--assignment", str(folder), "--out", str(bundle), *extra)
    assert built.returncode == 0, built.stderr
    return bundle


def run_classroom50(bundle: Path, checkout: Path, actor: str) -> subprocess.CompletedProcess:
    script = bundle / "autograders" / "colour" / "autograder.py"  # the assignment's slug: its folder's name
    return subprocess.run([sys.executable, str(script)], cwd=checkout, capture_output=True, text=True, timeout=600,
                          env=clean_env(CLASSROOM50_PYTHON=sys.executable, GITHUB_ACTOR=actor, **RUNNER_ENV))


def test_one_classroom50_folder_grades_each_github_user_by_their_variant(tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    bundle = colour_bundle("classroom50", tmp_path, "--variants-from", f"{roster}:variant")
    table = bundle / "autograders" / "colour" / "variants.csv"
    assert table.read_text(encoding="utf-8") == "username,variant\nada-l,eight-rows\nbobcat,ten-rows\n"
    eight_rows = reference_of("eight-rows", tmp_path)
    scores = {}
    for actor in ("ada-l", "BobCat"):  # GitHub logins are not case-sensitive
        checkout = shutil.copytree(eight_rows, tmp_path / "runs" / actor)
        done = run_classroom50(bundle, checkout, actor)
        assert done.returncode == 0, done.stdout + done.stderr
        result = json.loads((checkout / "result.json").read_text(encoding="utf-8"))
        scores[actor] = {test["test-name"].split(",")[0]: test["passed"] for test in result["tests"]}
    assert scores == {"ada-l": {"02-win": True, "03-loss": True}, "BobCat": {"02-win": True, "03-loss": False}}
    stranger = shutil.copytree(eight_rows, tmp_path / "runs" / "hubot")
    refused = run_classroom50(bundle, stranger, "hubot")
    assert refused.returncode != 0 and "no variant for hubot (their username): not graded" in refused.stderr
    assert "Traceback" not in refused.stderr and not (stranger / "result.json").exists()


def run_prairielearn(bundle: Path, grade: Path, program: Path, data: object) -> dict:
    shutil.copytree(program, grade / "student")
    shutil.copytree(bundle / "tests", grade / "tests")
    (grade / "data").mkdir()
    (grade / "data" / "data.json").write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run([str(bundle / "image" / "entrypoint")], capture_output=True, text=True, timeout=600,
                          env=clean_env(GRADE_ROOT=str(grade), GRADER_PYTHON=sys.executable))
    assert done.returncode == 0, done.stderr
    return {"log": done.stderr, **json.loads((grade / "results" / "results.json").read_text(encoding="utf-8"))}


def test_one_prairielearn_grader_grades_by_the_variant_the_question_s_params_chose(tmp_path):
    bundle = colour_bundle("prairielearn", tmp_path)
    eight_rows = reference_of("eight-rows", tmp_path)
    ten = run_prairielearn(bundle, tmp_path / "ten", eight_rows, {"params": {"variant": "ten-rows"}, "variant_seed": 7})
    assert ten["gradable"] is True
    assert {test["name"].split(",")[0]: test["points"] == test["max_points"] for test in ten["tests"]} == {
        "02-win": True, "03-loss": False}
    eight = run_prairielearn(bundle, tmp_path / "eight", eight_rows, {"params": {"variant": "eight-rows"}})
    assert eight["gradable"] is True and eight["score"] == 1
    unset = run_prairielearn(bundle, tmp_path / "unset", eight_rows, {"params": {}, "variant_seed": 7})
    assert unset["gradable"] is False and "score" not in unset  # never graded by the default variant's rules
    assert "no `params.variant`: the question's server.py must set" in unset["log"]
