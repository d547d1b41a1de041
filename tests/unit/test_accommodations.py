"""Per-student accommodations: a roster's `time_factor` column read into each student's plan, where every
time limit of their runs is multiplied; a bad cell names the student."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.base.errors import UsageError
from grader.commands.grade import accommodations
from grader.engine.intake import IntakeLimits
from grader.engine.runner import Options
from grader.grading.plans import class_plans
from grader.spec.assignment import load_assignment
from grader.spec.timeouts import spec_timeout, unit_timeout

ROOT = Path(__file__).resolve().parents[2]


def test_a_roster_column_gives_each_student_their_time_factor(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("student,time_factor\nada,1.5\nbob,\n", encoding="utf-8")
    factors = accommodations(roster, ["ada", "bob", "chen"])
    assert factors == {"ada": 1.5}
    plans = class_plans(load_assignment(ROOT), [], [("ada", tmp_path), ("bob", tmp_path)], None,
                        Options(time_factor=2.0), IntakeLimits(),
                        None, factors)
    assert [plan.options.time_factor for _, _, plan in plans] == [3.0, 2.0]
    assert spec_timeout(3.0) == 3 * spec_timeout() and unit_timeout(3.0) > spec_timeout(3.0)


@pytest.mark.parametrize("cell", ["0", "-1", "fast", "inf"])
def test_a_time_factor_that_is_not_a_number_above_zero_names_the_student(tmp_path: Path, cell: str) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(f"student,time_factor\nada,{cell}\n", encoding="utf-8")
    with pytest.raises(UsageError, match="time_factor of ada"):
        accommodations(roster, ["ada"])


def test_a_roster_without_the_column_is_said(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("student,email\nada,a@x\n", encoding="utf-8")
    with pytest.raises(UsageError, match="no column 'time_factor'"):
        accommodations(roster, ["ada"])
