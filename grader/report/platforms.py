"""Our results (Gradescope's results.json, as `check --json` writes it) in the formats other graders'
hosts read, so one grading run serves every platform:

- PrairieLearn's external grader results (`/grade/results/results.json`): `score` from 0 to 1, and
  `tests` with `name`, `points`, `max_points`, `message`, `output`. A submission the grader itself
  failed on is `gradable: false`: no points lost and no attempt used, never a silent 0.
- Classroom 50's `classroom50/result/v1` contract (`./result.json`): identity fields from the runner's
  environment, integer `score`/`max-score`, and `tests` with `test-name`, `passed`, `score`,
  `max-score`; extra fields on a test are kept by Classroom 50, so each also carries its `output` and
  its `exact-score` (partial credit before rounding to whole points).

The results already keep hidden specs to their name and points (see `grading.results.build_results`); nothing
here adds to them. `python3 -m grader convert` (`grader.commands.convert`) writes them."""

from __future__ import annotations

import math
from typing import Any, Mapping

from grader.base.errors import UsageError
from grader.report.results import GRADER_ERROR_OUTPUT, Results, number

CLASSROOM50_SCHEMA = "classroom50/result/v1"
CLASSROOM50_ENV = ("CLASSROOM", "ASSIGNMENT", "SUBMISSION_TAG", "COMMIT_URL", "RELEASE_URL")
PASSED_MESSAGE = "Passed."


def _message(output: str) -> str:
    """A test's one-line message: its "Problem: ..." line, as the report words it."""
    return next((line for line in output.splitlines() if line.startswith("Problem: ")), "")


def prairielearn_results(results: Results) -> dict[str, Any]:
    if results.grader_error is not None:
        return {"gradable": False, "format_errors": [GRADER_ERROR_OUTPUT], "message": GRADER_ERROR_OUTPUT}
    data: dict[str, Any] = {
        "gradable": True,
        "score": round(results.score / results.max_score, 6) if results.max_score else 0,
        "message": results.output or f"{number(results.score)} of {number(results.max_score)} points",
        "tests": [{"name": test.name, "points": number(test.score), "max_points": number(test.max_score),
                   "message": PASSED_MESSAGE if test.passed else _message(test.output), "output": test.output}
                  for test in results.tests],
    }
    return data


def _whole(value: float) -> int:
    return int(value + 0.5 + 1e-9)


def whole_scores(scores: list[float]) -> list[int]:
    """Classroom 50's scores are integers, and its total is their sum: the total is the exact one rounded
    half up, each test gets its points rounded down, and the points left go to the tests with the largest
    fractions (the first on a tie). So no test is off by a whole point, nor above its maximum."""
    floors = [int(math.floor(score + 1e-9)) for score in scores]
    left = _whole(sum(scores)) - sum(floors)
    for index in sorted(range(len(scores)), key=lambda index: (floors[index] - scores[index], index))[:left]:
        floors[index] += 1
    return floors


def classroom50_result(results: Results, env: Mapping[str, str], submitted: str, graded: str) -> dict[str, Any]:
    """The result.json Classroom 50's runner reads. `submitted` is the graded commit's committer date
    (the contract's `datetime`, fixed across regrades), `graded` this run's time (`graded_at`)."""
    missing = [name for name in CLASSROOM50_ENV if not env.get(name)]
    if missing:
        raise UsageError(f"not run by Classroom 50's runner: no {', '.join(missing)} in the environment")
    if results.grader_error is not None:  # a non-zero exit: the runner reports an error, never a score
        raise UsageError(f"the grader could not grade this submission: {results.grader_error}")
    scores = whole_scores([test.score for test in results.tests])
    tests = [{"test-name": test.name, "passed": test.passed, "score": score, "max-score": _whole(test.max_score),
              "exact-score": number(test.score), "output": test.output} for test, score in zip(results.tests, scores)]
    return {
        "schema": CLASSROOM50_SCHEMA, "classroom": env["CLASSROOM"], "assignment": env["ASSIGNMENT"],
        "submission": env["SUBMISSION_TAG"], "commit": env["COMMIT_URL"], "release": env["RELEASE_URL"],
        "review": env.get("REVIEW_URL") or env["COMMIT_URL"], "datetime": submitted, "graded_at": graded,
        "score": sum(test["score"] for test in tests), "max-score": sum(test["max-score"] for test in tests),
        "tests": tests,
    }
