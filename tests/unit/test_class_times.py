"""A class's clocks from its CSVs, read as tables: each student's deadline (the class's, or their
extension's), their submission time and its source, and the warnings in the order the command says them."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from grader.batch.class_times import class_times
from grader.spec.deadlines import StudentClock

DEADLINE = datetime(2026, 12, 1, 23, 59, tzinfo=timezone.utc)
LATER = datetime(2026, 12, 3, 23, 59, tzinfo=timezone.utc)
SUBMITTED = datetime(2026, 12, 2, 10, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("times, extensions, clocks, warnings", [
    ("student,submitted_at\nada,2026-12-02T10:00:00+00:00\nbob,2026-12-02T10:00:00+00:00\n", None,
     {"ada": StudentClock(DEADLINE, SUBMITTED, "csv"), "bob": StudentClock(DEADLINE, SUBMITTED, "csv")}, []),
    ("student,submitted_at\nada,2026-12-02T10:00:00+00:00\n", "student,deadline\nbob,2026-12-03T23:59:00+00:00\n",
     {"ada": StudentClock(DEADLINE, SUBMITTED, "csv"), "bob": StudentClock(LATER, None, "none", extended=True)},
     ["no submission time for 1 student(s), graded without a late penalty: bob"]),
    ("student,submitted_at\nzed,2026-12-02T10:00:00+00:00\nada,2026-12-02T10:00:00+00:00\n",
     "student,deadline\nyan,2026-12-03T23:59:00+00:00\n",
     {"ada": StudentClock(DEADLINE, SUBMITTED, "csv"), "bob": StudentClock(DEADLINE, None, "none")},
     ["warning: TIMES:2: zed is not a student of this class (no such folder); row ignored",  # the times' first
      "warning: EXTENSIONS:2: yan is not a student of this class (no such folder); row ignored",
      "no submission time for 1 student(s), graded without a late penalty: bob"]),
])
def test_each_student_s_clock_is_their_deadline_and_time_with_warnings_in_order(times, extensions, clocks, warnings,
                                                                                 tmp_path):
    (tmp_path / "times.csv").write_text(times, encoding="utf-8")
    extensions_csv = tmp_path / "ext.csv" if extensions else None
    if extensions_csv:
        extensions_csv.write_text(extensions, encoding="utf-8")
    students = [("ada", tmp_path / "ada"), ("bob", tmp_path / "bob")]
    found = class_times(students, {"ada", "bob"}, DEADLINE, 0, str(tmp_path / "times.csv"), extensions_csv, False,
                        tmp_path)
    assert found.clocks == clocks
    assert found.students == students
    assert found.warnings == [line.replace("TIMES", str(tmp_path / "times.csv")).replace("EXTENSIONS", str(extensions_csv))
                              for line in warnings]


def test_a_shard_s_students_are_timed_by_the_whole_class_s_files_without_warnings_for_the_others(tmp_path):
    (tmp_path / "times.csv").write_text("student,submitted_at\nada,2026-12-02T10:00:00+00:00\nbob,2026-12-02T10:00:00+00:00\n",
                                        encoding="utf-8")
    found = class_times([("ada", tmp_path / "ada")], {"ada", "bob"}, DEADLINE, 0, str(tmp_path / "times.csv"), None,
                        False, tmp_path)
    assert found.clocks == {"ada": StudentClock(DEADLINE, SUBMITTED, "csv")}
    assert found.warnings == []
