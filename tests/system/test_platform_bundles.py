"""The PrairieLearn grader and the Classroom 50 autograder, built and then run the way each platform
runs them, against fake layouts (GRADE_ROOT for /grade; a student checkout as the working directory),
on two students of the sample class: the same scores as `check`, hidden specs by name and points only."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grader.report.feedback import HIDDEN_TESTS
from grader.report.text import HIDDEN_NOTE
from grader.spec.specs import SUITE_FILE, load_specs
from test_packaging import clean_env
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
SPECS = load_specs(ROOT / "specs")
HIDDEN = {spec.name for spec in SPECS if spec.hidden}
# Full marks, and a crash that fails visible and hidden specs: what a platform is told differs only in
# those two ways (the others of the sample class fail other specs, which the platform sees the same way).
CLASS = [ROOT / "tests" / "sample_class" / name for name in ("ada", "emeka")]
RUNNER_ENV = {"CLASSROOM": "cs1", "ASSIGNMENT": "mastermind", "SUBMISSION_TAG": "submit/2026-12-01T09-00-00Z-abc1234",
              "COMMIT_URL": "https://github.com/cs1/cs1-mastermind-ada/commit/abc1234",
              "RELEASE_URL": "https://github.com/cs1/cs1-mastermind-ada/releases/tag/submit%2F2026"}


def build(command: str, out: Path) -> None:
    done = run_grader(command, "--out", out)
    assert done.returncode == 0, done.stderr


def checked(student: Path, tmp_path: Path) -> dict:
    """What `check` gives the same submission: the score both platforms must report."""
    target = tmp_path / f"{student.name}-check.json"
    run_grader("check", student, "--json", target, timeout=600)
    return json.loads(target.read_text())


def built(command: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bundles") / command
    build(command, out)
    return out


@pytest.fixture(scope="module")
def prairielearn(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundle, built once for this file's tests: each only reads it."""
    return built("prairielearn", tmp_path_factory)


@pytest.fixture(scope="module")
def classroom50(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundle, built once for this file's tests: each runs it where it lies, writing outside it."""
    return built("classroom50", tmp_path_factory)


@pytest.fixture(scope="module")
def expected(tmp_path_factory) -> dict[str, dict]:
    folder = tmp_path_factory.mktemp("check")
    return {student.name: checked(student, folder) for student in CLASS}


def test_prairielearn_entrypoint_grades_the_sample_class_in_a_fake_grade_tree(tmp_path: Path, prairielearn: Path,
                                                                              expected: dict):
    assert (prairielearn / "image" / "Dockerfile").is_file() and os.access(prairielearn / "image" / "entrypoint", os.X_OK)
    assert not (prairielearn / "image" / "specs").exists()  # a public image holds no spec
    assert sorted(path.name for path in (prairielearn / "tests" / "specs").iterdir()) == sorted(
        [SUITE_FILE] + [Path(spec.path).name for spec in SPECS])
    for student in CLASS:
        grade = tmp_path / "jobs" / student.name
        (grade / "student").mkdir(parents=True)
        (grade / "student" / "mastermind.py").write_bytes((student / "mastermind.py").read_bytes())
        subprocess.run(["cp", "-r", str(prairielearn / "tests"), str(grade / "tests")], check=True)
        done = subprocess.run([str(prairielearn / "image" / "entrypoint")], capture_output=True, text=True, timeout=600,
                              env=clean_env(GRADE_ROOT=str(grade), GRADER_PYTHON=sys.executable))
        assert done.returncode == 0, done.stderr
        results = json.loads((grade / "results" / "results.json").read_text())
        want = expected[student.name]
        assert results["gradable"] is True
        assert results["score"] == pytest.approx(want["score"] / want["max_score"], abs=1e-6), student.name
        assert sum(test["points"] for test in results["tests"]) == want["score"]
        assert {test["name"] for test in results["tests"]} == {spec.name for spec in SPECS}
        for test in results["tests"]:
            assert set(test) == {"name", "points", "max_points", "message", "output"}
            if test["name"] in HIDDEN:
                assert test["output"] in ("Passed.", HIDDEN_NOTE) and "Inputs typed" not in test["output"]
        assert any(test["points"] < test["max_points"] for test in results["tests"]) == (want["score"] < want["max_score"])


def test_prairielearn_without_specs_is_not_gradable_rather_than_zero(tmp_path: Path, prairielearn: Path):
    grade = tmp_path / "grade"
    (grade / "student").mkdir(parents=True)
    (grade / "student" / "mastermind.py").write_bytes((ROOT / "reference" / "mastermind.py").read_bytes())
    done = subprocess.run([str(prairielearn / "image" / "entrypoint")], capture_output=True, text=True, timeout=600,
                          env=clean_env(GRADE_ROOT=str(grade), GRADER_PYTHON=sys.executable))
    assert done.returncode == 0 and "no " + str(grade / "tests" / "specs") in done.stderr
    results = json.loads((grade / "results" / "results.json").read_text())
    assert results["gradable"] is False and "not a verdict" in results["format_errors"][0] and "score" not in results


def checkout(folder: Path, program: Path) -> Path:
    """A student's repository as the runner checks it out, its commit dated as a submission would be."""
    folder.mkdir(parents=True)
    (folder / "mastermind.py").write_bytes(program.read_bytes())
    env = {**clean_env(), "GIT_COMMITTER_DATE": "2026-11-30T23:59:00+00:00", "GIT_AUTHOR_DATE": "2026-11-30T23:59:00+00:00"}
    for command in (["init", "-q"], ["add", "mastermind.py"],
                    ["-c", "user.name=Student", "-c", "user.email=s@example.com", "commit", "-qm", "submit"]):
        subprocess.run(["git", *command], cwd=folder, check=True, env=env, capture_output=True)
    return folder


def run_classroom50(bundle: Path, repository: Path, **env: str) -> subprocess.CompletedProcess:
    script = bundle / "autograders" / "mastermind" / "autograder.py"
    return subprocess.run([sys.executable, str(script)], cwd=repository, capture_output=True, text=True, timeout=600,
                          env=clean_env(CLASSROOM50_PYTHON=sys.executable, **env))


def test_classroom50_autograder_grades_the_sample_class_in_a_fake_runner_layout(tmp_path: Path, classroom50: Path,
                                                                                 expected: dict):
    folder = classroom50 / "autograders" / "mastermind"
    assert {"autograder.py", "requirements.txt", "grader", "specs"} <= {path.name for path in folder.iterdir()}
    assert "pytest" not in (folder / "requirements.txt").read_text()
    for student in CLASS:
        repository = checkout(tmp_path / "runs" / student.name, student / "mastermind.py")
        done = run_classroom50(classroom50, repository, **RUNNER_ENV)
        assert done.returncode == 0, done.stdout + done.stderr
        result = json.loads((repository / "result.json").read_text())
        want = expected[student.name]
        assert result["schema"] == "classroom50/result/v1"
        assert {key: result[key] for key in ("classroom", "assignment", "submission", "commit", "release")} == {
            "classroom": "cs1", "assignment": "mastermind", "submission": RUNNER_ENV["SUBMISSION_TAG"],
            "commit": RUNNER_ENV["COMMIT_URL"], "release": RUNNER_ENV["RELEASE_URL"]}
        assert result["review"] == RUNNER_ENV["COMMIT_URL"]  # no REVIEW_URL: the commit, as the contract allows
        assert result["datetime"] == "2026-11-30T23:59:00Z"  # the commit's date, fixed across regrades
        assert isinstance(result["score"], int) and result["score"] == int(want["score"] + 0.5)  # whole points
        assert sum(test["exact-score"] for test in result["tests"]) == pytest.approx(want["score"])
        assert result["max-score"] == want["max_score"] == sum(test["max-score"] for test in result["tests"])
        assert sum(test["score"] for test in result["tests"]) == result["score"]
        for test in result["tests"]:
            assert {"test-name", "passed", "score", "max-score"} <= set(test)
            if test["test-name"] in HIDDEN and not test["passed"]:
                assert test["output"] == HIDDEN_NOTE
        body = (repository / "release-body.md").read_text()  # what students read on the Release
        failed_hidden = [test for test in result["tests"] if test["test-name"] in HIDDEN and not test["passed"]]
        assert (HIDDEN_TESTS in body) == bool(failed_hidden)
        # The job log, in the student's own repository: it printed every hidden spec's inputs and diff.
        assert done.stdout.count(HIDDEN_NOTE) == len(failed_hidden), done.stdout
        assert not any(f"What it checks: {spec.description}" in done.stdout for spec in SPECS if spec.hidden)


def test_classroom50_outside_its_runner_is_an_infrastructure_error_not_a_grade(tmp_path: Path, classroom50: Path):
    repository = checkout(tmp_path / "repo", ROOT / "reference" / "mastermind.py")
    done = run_classroom50(classroom50, repository)
    assert done.returncode != 0 and "no CLASSROOM, ASSIGNMENT, SUBMISSION_TAG" in done.stderr
    assert not (repository / "result.json").exists()
    bad = run_grader("classroom50", "--out", tmp_path / "x", "--slug", "My HW")
    assert bad.returncode == 2 and "--slug 'My HW'" in bad.stderr


def test_classroom50_names_the_autograder_by_the_assignments_slug_unless_told(tmp_path: Path):
    """Another assignment's bundle is never filed under the digit game's slug."""
    done = run_grader("classroom50", "--out", tmp_path / "match", "--assignment", ROOT / "assignments" / "match")
    assert done.returncode == 0, done.stderr
    assert [path.name for path in (tmp_path / "match" / "autograders").iterdir()] == ["match"]


def test_nothing_students_or_instructors_read_sends_them_to_github_classroom():
    """GitHub Classroom was retired on 2026-08-28: the handout stays a plain check on any repository."""
    read = [ROOT / "README.md", ROOT / "docs" / "instructors.md", ROOT / "docs" / "students.md",
            ROOT / "student_template" / "README.md", ROOT / "grader" / "templates" / "github-check.yml",
            *sorted(path for path in (ROOT / "grader" / "templates" / "handout").iterdir() if path.is_file())]
    for path in read:
        assert "github classroom" not in path.read_text(encoding="utf-8").lower(), path
    workflow = (ROOT / "grader" / "templates" / "github-check.yml").read_text()
    assert "on:\n  push:" in workflow and "classroom" not in workflow.lower()


def test_the_classroom50_page_says_what_a_student_can_read():
    page = (ROOT / "docs" / "platforms" / "classroom50.md").read_text(encoding="utf-8")
    assert "What a determined student can read: every spec" in page and "make classroom50" in page


def test_classroom50_autograder_sets_up_its_own_venv_outside_the_checkout(tmp_path: Path, classroom50: Path):
    """As on Classroom 50's runner: no interpreter given, so a venv with the requirements is made in the
    runner's temporary folder (pip's local cache makes it a few seconds here), never in the checkout."""
    repository = checkout(tmp_path / "repo", ROOT / "reference" / "mastermind.py")
    script = classroom50 / "autograders" / "mastermind" / "autograder.py"
    env = {key: value for key, value in clean_env(RUNNER_TEMP=str(tmp_path / "runner-temp"), **RUNNER_ENV).items()
           if key != "CLASSROOM50_PYTHON"}
    done = subprocess.run([sys.executable, str(script)], cwd=repository, capture_output=True, text=True, timeout=900, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "runner-temp" / "mastermind-grader-venv" / "bin" / "python").exists()
    assert not list((tmp_path / "runner-temp").glob("mastermind-grader-venv/lib/python*/site-packages/pip"))
    result = json.loads((repository / "result.json").read_text())
    assert result["score"] == result["max-score"] == sum(spec.points for spec in SPECS)
    assert sorted(path.name for path in repository.iterdir()) == [".git", "mastermind.py", "release-body.md", "result.json"]
