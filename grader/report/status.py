"""How a submission fared, in one word the class files share (gradebook.csv's `status`, report.html's
student table), and its first cause in words (the gradebook's `problem`). Pure: from the results alone,
so `gradebook` says the same of results graded anywhere."""

from __future__ import annotations

import json

from grader.judge.judging import CRASH, HANG, SYNTAX
from grader.report.results import Results, TestResult

FULL_MARKS, POINTS_LOST, CRASHED, TIMED_OUT = "full marks", "points lost", "crashed", "timed out"
NO_PROGRAM, REFUSED, NOT_GRADED = "no program", "refused", "not graded"
STATUSES = (FULL_MARKS, POINTS_LOST, CRASHED, TIMED_OUT, NO_PROGRAM, REFUSED, NOT_GRADED)
MARKS = {FULL_MARKS: "✓", POINTS_LOST: "−", CRASHED: "✗", TIMED_OUT: "⧗", NO_PROGRAM: "∅", REFUSED: "⊘", NOT_GRADED: "?"}
CRASH_KINDS, HANG_KINDS = (CRASH, SYNTAX), (HANG,)
WORDS = {CRASH: "crashed", SYNTAX: "crashed with a syntax error", HANG: "timed out"}


def _first(results: Results, kinds: tuple[str, ...]) -> TestResult | None:
    return next((test for test in results.tests if test.failure is not None and test.failure.kind in kinds), None)


def status(results: Results) -> str:
    """One of STATUSES: not graded, the submission not run (no program, or refused by an intake limit), a
    crash anywhere, else a hang anywhere, else full marks or points lost."""
    if results.grader_error is not None:
        return NOT_GRADED
    if results.problem is not None:
        return REFUSED if results.refused else NO_PROGRAM
    if _first(results, CRASH_KINDS):
        return CRASHED
    if _first(results, HANG_KINDS):
        return TIMED_OUT
    earned = results.late.raw_score if results.late is not None else results.score  # a late penalty is no lost point
    return FULL_MARKS if earned >= results.max_score and all(test.passed for test in results.tests) else POINTS_LOST


def first_cause(results: Results) -> str:
    """The status's first cause in words: why it was not graded or run, or the first crash or hang, in
    which spec and after which input; '' for full marks and plain lost points."""
    if results.grader_error is not None:
        return f"not graded: {results.grader_error}"
    if results.problem is not None:
        return results.problem
    found = status(results)
    test = _first(results, CRASH_KINDS if found == CRASHED else HANG_KINDS) if found in (CRASHED, TIMED_OUT) else None
    if test is None or test.failure is None:
        return ""
    cause = f": {test.failure.cause}" if test.failure.cause else ""
    return f"{WORDS[test.failure.kind]} in {json.dumps(test.name, ensure_ascii=False)} {test.failure.moment}{cause}"
