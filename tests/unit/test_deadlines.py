"""The late policy's arithmetic (grader/spec/deadlines.py), its application to results and what the
gradebook says of it (grader/report/lateness.py, gradebook.py), and the times read from a CSV or
Gradescope's metadata (grader/batch/submission_times.py): tables of plain data."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from grader.base.errors import UsageError
from grader.batch.submission_times import gradescope_times, parse_times_csv
from grader.report.gradebook import gradebook_csv
from grader.report.html import class_report_html
from grader.report.lateness import raw_results, with_late
from grader.report.lms import feedback_text
from grader.report.results import Results, from_json, to_json
from grader.spec.assignment import AssignmentError, parse_assignment
from grader.spec.deadlines import (LatePolicy, StudentClock, TimeError, judged, lateness_words, parse_time, penalised,
                                   started_days)

DEADLINE = datetime(2026, 12, 1, 23, 59, tzinfo=timezone.utc)
POLICY = LatePolicy(DEADLINE, penalty=10, cap=50)


@pytest.mark.parametrize("late, days", [
    (timedelta(0), 0), (timedelta(seconds=-1), 0), (timedelta(seconds=1), 1), (timedelta(hours=24), 1),
    (timedelta(hours=24, seconds=1), 2), (timedelta(days=2, hours=1), 3), (timedelta(days=10), 10),
])
def test_started_days_count_a_started_day_whole(late, days):
    assert started_days(judged(POLICY, StudentClock(DEADLINE, DEADLINE + late), 0).seconds) == days


@pytest.mark.parametrize("submitted, policy, score", [
    ("2026-12-01T23:59:00+00:00", POLICY, 145),  # exactly at the deadline: on time
    ("2026-12-02T00:59:00+00:00", POLICY, 130.5),  # one hour late: one started day
    ("2026-12-04T00:59:00+00:00", POLICY, 101.5),  # two days and one hour: three
    ("2026-12-11T23:59:00+00:00", POLICY, 72.5),  # ten days: the cap, 50%
    ("2026-12-11T23:59:00+00:00", LatePolicy(DEADLINE, 10), 0),  # no cap given: up to 100%
    ("2026-12-02T00:14:00+00:00", LatePolicy(DEADLINE, 10, 50, grace_minutes=15), 145),  # inside the grace
    ("2026-12-02T00:15:00+00:00", LatePolicy(DEADLINE, 10, 50, grace_minutes=15), 130.5),  # one minute past it
    ("2026-12-02T00:59:00+01:00", POLICY, 145),  # 23:59 UTC in another time zone: on time
    ("2026-12-01T19:00:00-05:00", POLICY, 130.5),  # 00:00 UTC
    ("2026-12-02T00:59:00Z", POLICY, 130.5),
])
def test_the_score_after_the_penalty(submitted, policy, score):
    clock = StudentClock(DEADLINE, parse_time(submitted), "csv")
    assert with_late(Results(145, 145), policy, clock).score == score


def test_a_penalty_is_rounded_to_two_decimals_and_taken_off_again_before_another():
    assert penalised(10, 33.333) == 6.67
    once = with_late(Results(145, 145), POLICY, StudentClock(DEADLINE, DEADLINE + timedelta(hours=1), "csv"))
    again = with_late(once, LatePolicy(DEADLINE, 20), StudentClock(DEADLINE, DEADLINE + timedelta(hours=1), "csv"))
    assert (once.score, again.score, raw_results(again).score) == (130.5, 116, 145)
    assert from_json(to_json(once)) == once


def test_no_submission_time_is_no_penalty_and_says_so_in_the_gradebook():
    results = with_late(Results(145, 145), POLICY, StudentClock(DEADLINE, None))
    late = with_late(Results(145, 145), POLICY, StudentClock(DEADLINE, DEADLINE + timedelta(days=1, hours=2), "git"))
    lines = gradebook_csv([("a", results), ("b", late)]).splitlines()
    assert lines == ["student,score,max_score,status,raw_score,submitted_at,time_source,late,penalty,problem",
                     "a,145,145,full marks,145,,none,no submission time,0,",
                     "b,116,145,full marks,145,2026-12-03T01:59:00+00:00,git,1 day 2 hours late,20,"]
    assert gradebook_csv([("a", Results(145, 145))]).splitlines()[0] == "student,score,max_score,status,problem"


@pytest.mark.parametrize("late, words", [
    (timedelta(0), "on time"), (timedelta(seconds=1), "less than a minute late"), (timedelta(hours=1, seconds=1), "1 hour late"),
    (timedelta(days=1, hours=2, minutes=3), "1 day 2 hours late"), (timedelta(days=2, minutes=5), "2 days 5 minutes late"),
])
def test_lateness_in_words(late, words):
    assert lateness_words(judged(POLICY, StudentClock(DEADLINE, DEADLINE + late), 0)) == words


@pytest.mark.parametrize("value, error", [
    ("2026-12-01T23:59:00", "'2026-12-01T23:59:00' has no time zone: add one, such as +00:00 or Z"),
    ("tomorrow", "'tomorrow' is not an ISO 8601 time such as 2026-12-01T23:59:00+00:00"),
    ("", "'' is not an ISO 8601 time such as 2026-12-01T23:59:00+00:00"),
])
def test_a_time_without_a_zone_or_unreadable_is_refused(value, error):
    with pytest.raises(TimeError) as raised:
        parse_time(value)
    assert str(raised.value) == error


@pytest.mark.parametrize("text, error", [
    ("student,when\na,2026-12-01T23:59:00Z\n", "times.csv:1: expected the columns student,submitted_at"),
    ("student,submitted_at\na,yesterday\n", "times.csv:2: submitted_at of a: 'yesterday' is not an ISO 8601 time"),
    ("student,submitted_at\na,2026-12-01T23:59:00\n", "times.csv:2: submitted_at of a: '2026-12-01T23:59:00' has no time zone"),
    ("student,submitted_at\na,2026-12-01T23:59:00Z\na,2026-12-02T23:59:00Z\n", "times.csv:3: a again (first on line 2)"),
])
def test_bad_rows_are_named_by_file_and_line(text, error):
    with pytest.raises(UsageError) as raised:
        parse_times_csv(text, "times.csv", "submitted_at", {"a"})
    assert str(raised.value).startswith(error)


def test_a_student_not_in_the_class_is_a_warning_and_an_empty_cell_no_time():
    read = parse_times_csv("student,submitted_at,section\na,2026-12-01T23:59:00Z,1\nb,,2\nzed,2026-12-01T23:59:00Z,1\n",
                           "times.csv", "submitted_at", {"a", "b"})
    assert read.times == {"a": DEADLINE}
    assert read.warnings == ("warning: times.csv:4: zed is not a student of this class (no such folder); row ignored",)


@pytest.mark.parametrize("metadata, times", [
    ({"created_at": "2018-07-01T14:22:32.365935-07:00", "assignment": {"due_date": "2018-07-31T23:00:00.000000-07:00"}},
     ("2018-07-01T14:22:32.365935-07:00", "2018-07-31T23:00:00-07:00")),
    ({"created_at": "2018-07-01T14:22:32-07:00", "assignment": {"due_date": "2018-07-31T23:00:00-07:00"},
      "users": [{"email": "a@b.c", "assignment": {"due_date": "2018-08-02T23:00:00-07:00"}}]},
     ("2018-07-01T14:22:32-07:00", "2018-08-02T23:00:00-07:00")),  # the student's own due date: an extension
    ({"created_at": "2018-07-01T14:22:32-07:00", "assignment": {"due_date": None}}, ("2018-07-01T14:22:32-07:00", None)),
])
def test_gradescope_metadata_gives_the_submission_time_and_the_students_due_date(metadata, times):
    submitted, due = gradescope_times(metadata, "submission_metadata.json")
    assert (submitted, due) == tuple(parse_time(time) if time else None for time in times)


def test_gradescope_metadata_without_a_time_is_named():
    with pytest.raises(UsageError, match=r"^meta.json: no `created_at`"):
        gradescope_times({"users": []}, "meta.json")


@pytest.mark.parametrize("keys, policy", [
    ({}, None),
    ({"deadline": "2026-12-01T23:59:00Z", "late_penalty": 10, "late_cap": 50, "grace_minutes": 5},
     LatePolicy(DEADLINE, 10, 50, 5)),
    ({"deadline": DEADLINE}, LatePolicy(DEADLINE, 0)),  # YAML reads an unquoted time as a datetime
    ({"late_penalty": 5}, LatePolicy(None, 5)),  # the deadline from the platform
])
def test_assignment_yaml_late_keys(keys, policy, tmp_path: Path):
    assert parse_assignment({"name": "G", "program": "g.py", **keys}, tmp_path, "a.yaml").late == policy


@pytest.mark.parametrize("keys, error", [
    ({"deadline": "2026-12-01T23:59:00"}, "a.yaml: `deadline`: '2026-12-01T23:59:00' has no time zone"),
    ({"deadline": datetime(2026, 12, 1)}, "a.yaml: `deadline`: '2026-12-01 00:00:00' has no time zone"),
    ({"late_penalty": 120}, "a.yaml: `late_penalty` must be a percent from 0 to 100"),
    ({"late_cap": 50}, "a.yaml: `late_cap` without `deadline` or `late_penalty`"),
    ({"late_penalty": 5, "grace_minutes": -1}, "a.yaml: `grace_minutes` must be a whole number of minutes"),
])
def test_assignment_yaml_bad_late_keys(keys, error, tmp_path: Path):
    with pytest.raises(AssignmentError) as raised:
        parse_assignment({"name": "G", "program": "g.py", **keys}, tmp_path, "a.yaml")
    assert str(raised.value).startswith(error)


def test_the_report_shows_the_spread_of_lateness_and_who_was_late_and_the_lms_the_score_after_the_penalty():
    rows = [("ada", with_late(Results(145, 145), POLICY, StudentClock(DEADLINE, DEADLINE, "csv"))),
            ("bo", with_late(Results(145, 145), POLICY, StudentClock(DEADLINE, DEADLINE + timedelta(hours=1), "csv"))),
            ("cy", with_late(Results(145, 145), POLICY, StudentClock(DEADLINE, None)))]
    page = class_report_html(rows)
    assert "<li>on time: 1</li><li>1 day late: 1</li><li>no submission time: 1</li>" in page
    assert "<tr><td>bo</td><td>1 hour late</td><td>10%</td><td>145 → 130.5</td></tr>" in page
    assert "<tr><td>ada</td>" not in page.split('<section id="late">')[1]
    assert '<section id="late">' not in class_report_html([("ada", Results(145, 145))])
    assert feedback_text(rows[1][1]).startswith(
        "Autograder: 130.5 of 145 points (145 earned, less a late penalty of 10%: 1 hour late)")
    assert feedback_text(rows[0][1]).startswith("Autograder: 145 of 145 points, ")
