"""Our results in PrairieLearn's and Classroom 50's formats: the pure rewriting, case by case (the
bundles that use it are run for real in test_platform_bundles.py)."""

from __future__ import annotations

import pytest

from grader.base.errors import UsageError
from grader.report.platforms import classroom50_result, prairielearn_results
from grader.report.results import Results, TestResult, grader_error_results, with_problem
from grader.report.text import HIDDEN_NOTE

ENV = {"CLASSROOM": "cs1", "ASSIGNMENT": "mastermind", "SUBMISSION_TAG": "submit/x", "COMMIT_URL": "c", "RELEASE_URL": "r"}


def results(*tests: tuple[float, float, bool]) -> Results:
    made = tuple(TestResult(spec=f"s{index}", name=f"Spec {index}", score=score, max_score=top, passed=score == top,
                            output="Passed." if score == top else (HIDDEN_NOTE if hidden else "What it checks: x\nProblem: it differs"),
                            hidden=hidden) for index, (score, top, hidden) in enumerate(tests))
    return Results(score=sum(test.score for test in made), max_score=sum(test.max_score for test in made), tests=made)


@pytest.mark.parametrize("given, score, messages", [
    (results((10, 10, False), (0, 5, False), (0, 5, True)), 0.5, ["Passed.", "Problem: it differs", ""]),
    (results((2.5, 5, False)), 0.5, ["Problem: it differs"]),
    (Results(score=0, max_score=0), 0, []),
])
def test_prairielearn_score_is_a_share_and_each_test_keeps_its_points(given: Results, score: float, messages: list[str]):
    data = prairielearn_results(given)
    assert data["gradable"] is True and data["score"] == score
    assert [test["message"] for test in data["tests"]] == messages
    assert [(test["points"], test["max_points"]) for test in data["tests"]] == [(t.score, t.max_score) for t in given.tests]


def test_prairielearn_grader_failure_is_not_gradable_and_a_problem_is_its_message():
    failed = prairielearn_results(grader_error_results("boom", 35))
    assert failed["gradable"] is False and "score" not in failed and "not a verdict" in failed["message"]
    unrunnable = prairielearn_results(with_problem(results((0, 5, False)), "no mastermind.py (found: main.py)"))
    assert unrunnable["score"] == 0 and unrunnable["message"].endswith("no mastermind.py (found: main.py)")


@pytest.mark.parametrize("tests, score, maximum", [
    (((10, 10, False), (0, 5, True)), 10, 15),
    (((2.5, 5, False), (1.5, 3, False)), 4, 8),  # 4.0 exactly: 3 + 1, never 3 + 2
    (((5.83, 6, False), (5.33, 6, False), (1.2, 2, False)), 12, 14),  # 12.36: 6 + 5 + 1
    (((0.4, 1, False),), 0, 1),
    (((0.5, 1, False),), 1, 1),
])
def test_classroom50_scores_are_whole_and_sum_to_the_rounded_total(tests, score: int, maximum: int):
    data = classroom50_result(results(*tests), ENV, "2026-11-30T23:59:00Z", "2026-12-01T09:00:00Z")
    assert (data["score"], data["max-score"]) == (score, maximum)
    for test, (exact, top, _) in zip(data["tests"], tests):
        assert abs(test["score"] - exact) < 1 and test["score"] <= top and test["exact-score"] == exact
    assert data["score"] == sum(test["score"] for test in data["tests"]) and isinstance(data["score"], int)
    assert data["review"] == "c" and data["datetime"] == "2026-11-30T23:59:00Z" and data["graded_at"] == "2026-12-01T09:00:00Z"


def test_classroom50_needs_its_runner_and_never_grades_a_grader_failure():
    with pytest.raises(UsageError, match="no COMMIT_URL, RELEASE_URL in the environment"):
        classroom50_result(results((1, 1, False)), {**ENV, "COMMIT_URL": "", "RELEASE_URL": ""}, "t", "t")
    with pytest.raises(UsageError, match="could not grade this submission: boom"):
        classroom50_result(grader_error_results("boom", 5), ENV, "t", "t")
