"""The owner of grading one submission (grader/grading/submission.py), called in-process as `validate`
and `mutants` call it: the processes its caller started are not the runs' orphans, and many submissions
graded in one pool get each their own verdicts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from grader.engine.runner import Options
from grader.grading.plan import Plan
from grader.grading.submission import grade_each, grade_submission
from grader.judge.judging import NO_PROGRAM
from grader.spec.assignment import load_assignment
from grader.spec.specs import load_specs

ROOT = Path(__file__).resolve().parents[2]
PLAN = Plan(load_assignment(ROOT), tuple(load_specs(ROOT / "specs")[:2]), Options())


def test_the_callers_own_children_outlive_its_grading():
    helper = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        graded = grade_submission(PLAN, ROOT / "reference")
        assert all(verdict.passed for verdict in graded.verdicts)
        assert helper.poll() is None
    finally:
        helper.communicate(b"")


def test_each_submission_gets_its_own_verdicts_in_its_specs_order(tmp_path):
    reference, template = (ROOT / "reference", ROOT / "student_template")
    empty = tmp_path / "empty"
    empty.mkdir()
    one = Plan(PLAN.assignment, PLAN.specs[:1], PLAN.options)
    graded = grade_each([(PLAN, reference), (one, template), (PLAN, empty)], jobs=2)
    assert [[verdict.spec.id for verdict in each] for each in graded] == [
        [spec.id for spec in PLAN.specs], [PLAN.specs[0].id], [spec.id for spec in PLAN.specs]]
    assert all(verdict.passed for verdict in graded[0]) and not graded[1][0].passed
    assert {verdict.kind for verdict in graded[2]} == {NO_PROGRAM}
