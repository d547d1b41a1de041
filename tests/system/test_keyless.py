"""Issue 35: a program that never reads the key is told so at the top of its report and in results.json,
and graded for what it gets right, its rule specs replayed the way it plays; a program that reads the key
is never replayed."""

from __future__ import annotations

import csv
import json
import shutil

import pytest

from conftest import ROOT
from graded_corpus import CORPUS, IN_CORPUS, verdicts_of
from grader.judge.replay import program_start
from grader_command import run_grader

FIXED_KEY = ROOT / "tests" / "realistic" / "fixed-practice-key"  # KEY = "1234", never asks for a key
RANDOM_KEY = ROOT / "tests" / "realistic" / "random-sample-secret"  # random.sample, never asks for a key
RANDINT_KEY = ROOT / "tests" / "realistic" / "randint-secret"  # a randint secret, 'exist: 1 position: 2' alone
HAND_GRADE = 81.5  # its HAND_GRADE.md


def test_a_program_with_a_fixed_key_of_its_own_is_told_and_graded_as_it_plays(tmp_path):
    result = run_grader("check", FIXED_KEY, "--json", tmp_path / "results.json", "--jobs", "2", timeout=600)
    report = result.stdout.splitlines()
    first_spec = next(at for at, line in enumerate(report) if line.startswith(("PASS ", "FAIL ")))
    top = " ".join(report[:first_spec])
    assert "never asks for the key" in top and "its scores fit 1234" in top, result.stdout
    assert "rule specs were replayed the way it plays (without the key line" in top
    assert len(report) <= 80, result.stdout
    data = json.loads((tmp_path / "results.json").read_text())
    assert "plays a secret of its own: its scores fit 1234" in data["extra_data"]["first_step"]
    assert 0 < 100 * data["score"] / data["max_score"] <= HAND_GRADE
    assert {t["name"] for t in data["tests"] if t["status"] == "passed"} >= {"Winning on the first guess",
                                                                              "Losing after twelve guesses"}


def test_grade_gives_the_score_check_gives_to_a_program_that_never_reads_the_key(tmp_path):
    keyless = {"fixed": FIXED_KEY, "sampled": RANDOM_KEY}
    for name, program in keyless.items():
        shutil.copytree(program, tmp_path / "class" / name, ignore=shutil.ignore_patterns("HAND_GRADE.md"))
    shutil.copytree(ROOT / "reference", tmp_path / "class" / "ref", ignore=shutil.ignore_patterns("__pycache__"))
    graded = run_grader("grade", tmp_path / "class", "--out", tmp_path / "out", "--jobs", "2", timeout=600)
    assert graded.returncode == 0, graded.stderr
    with open(tmp_path / "out" / "gradebook.csv", newline="") as gradebook:
        rows = {row["student"]: row for row in csv.DictReader(gradebook)}
    assert rows["ref"]["score"] == rows["ref"]["max_score"]
    for name in keyless:  # the random secret too: the replay is seeded as the run it replays, so checked alike
        checked = run_grader("check", tmp_path / "class" / name, "--json", tmp_path / f"{name}.json", "--jobs", "2",
                             timeout=600)
        data = json.loads((tmp_path / f"{name}.json").read_text())
        assert float(rows[name]["score"]) == data["score"] < data["max_score"], checked.stdout
        feedback = (tmp_path / "out" / "students" / name / "feedback.md").read_text()
        assert "never asks for the key" in feedback and "plays a secret of its own" in feedback


def test_a_secret_of_each_runs_own_is_learnt_by_probing_and_graded_the_same_twice(tmp_path):
    """No spec's own guesses name its secret (each run's differs) and its lines hold no guess: a run of
    probing guesses, seeded as the replay, names it; the scoring and the win are then judged against it."""
    scores = []
    for run in range(2):
        result = run_grader("check", RANDINT_KEY, "--json", tmp_path / f"{run}.json", "--jobs", "2", timeout=600)
        data = json.loads((tmp_path / f"{run}.json").read_text())
        tests = {t["name"]: t for t in data["tests"]}
        assert "learnt from a run of guesses that tell every secret apart" in data["extra_data"]["first_step"]
        assert tests["Scoring every kind of guess"]["status"] == "passed", result.stdout
        assert 0 < tests["Winning on the first guess"]["score"] < 6  # won and counted, in its own words
        scores.append((data["score"], result.stdout))
    assert scores[0] == scores[1]


def test_an_answer_that_leads_straight_to_guesses_is_played_without_the_key_line(tmp_path):
    """Its question asked again until it takes an answer, then a guess prompt, never a key prompt: the
    key line is left out, so the first guess is typed where it asks for guesses."""
    game = (FIXED_KEY / "mastermind.py").read_text()
    (tmp_path / "mastermind.py").write_text('mode = input("How many players? ")\nwhile mode not in ("1", "2"):\n'
                                            '    print("Please enter 1 or 2.")\n'
                                            '    mode = input("How many players? ")\n' + game)
    result = run_grader("check", tmp_path, "--json", tmp_path / "results.json", "--jobs", "2", timeout=600)
    data = json.loads((tmp_path / "results.json").read_text())
    said = data["extra_data"]["first_step"]
    assert "asks something else first ('How many players?') and never asks for the key" in said
    assert "answering '1' to its question, without the key line" in said
    tests = {t["name"]: t["status"] for t in data["tests"]}
    assert tests["Winning on the first guess"] == tests["Losing after twelve guesses"] == "passed", result.stdout


@IN_CORPUS
@pytest.mark.parametrize("entry", [entry.name for entry in CORPUS])
def test_a_program_that_reads_the_key_is_never_replayed(entry):
    assert program_start(list(verdicts_of(entry))) is None
