"""A submission's status and first cause (grader/report/status.py): a table of made-up results."""

from __future__ import annotations

import pytest

from grader.judge.judging import CRASH, HANG, MISMATCH, SYNTAX
from grader.report.results import Failure, Results, TestResult, from_json, grader_error_results, to_json, with_problem
from grader.report.status import STATUSES, first_cause, status


def made(kind: str | None, name: str = "The game", cause: str = "") -> TestResult:
    failure = Failure(kind, 2, 'after input 2 ("12")', cause=cause) if kind else None
    return TestResult("s", name, 0 if kind else 5, 5, kind is None, "", failure=failure)


@pytest.mark.parametrize("results, said, cause", [
    (Results(5, 5, (made(None),)), "full marks", ""),
    (Results(0, 5, (made(MISMATCH),)), "points lost", ""),
    (Results(0, 10, (made(MISMATCH), made(CRASH, "Bad, input", "ValueError: x"))), "crashed",
     'crashed in "Bad, input" after input 2 ("12"): ValueError: x'),
    (Results(0, 10, (made(HANG, "A"), made(SYNTAX, "B"))), "crashed", 'crashed with a syntax error in "B" after input 2 ("12")'),
    (Results(0, 10, (made(MISMATCH), made(HANG, "A"))), "timed out", 'timed out in "A" after input 2 ("12")'),
    (with_problem(Results(0, 5), "no game.py (found: main.py)"), "no program", "no game.py (found: main.py)"),
    (with_problem(Results(0, 5), "over 10 MB", refused=True), "refused", "over 10 MB"),
    (grader_error_results("worker died", 5), "not graded", "not graded: worker died"),
])
def test_status_and_first_cause(results, said, cause):
    assert (status(results), first_cause(results)) == (said, cause)
    assert status(from_json(to_json(results))) == said and said in STATUSES
