"""The late policy's options (`grade` and `check`), read once here into plain data: the policy (the
command line's over assignment.yaml's keys) and, on Gradescope, the submission's times from its metadata.
`grade` reads a class's times (`--submitted-at CSV|git`, `--extensions CSV`) with grader/batch/class_times.py,
for the batch to apply (grader/report/lateness.py)."""

from __future__ import annotations

import argparse
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from grader.base.errors import UsageError
from grader.batch.submission_times import read_gradescope_times
from grader.spec.assignment import Assignment
from grader.spec.deadlines import LatePolicy, StudentClock, TimeError, parse_time


def _time(text: str) -> datetime:
    try:
        return parse_time(text)
    except TimeError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _percent(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"expected a percent from 0 to 100, got {text!r}")
    return value


def _minutes(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number of minutes, got {text!r}")
    return int(text)


def add_late_options(parser: argparse.ArgumentParser, class_times: bool) -> None:
    """The policy's options; `class_times`: also where a class's submission times and extensions come from."""
    late = parser.add_argument_group("late policy (default: assignment.yaml's deadline, late_penalty, late_cap, grace_minutes)")
    late.add_argument("--deadline", type=_time, metavar="ISO8601",
                      help="the deadline, with its time zone (2026-12-01T23:59:00+00:00)")
    late.add_argument("--late-penalty", type=_percent, metavar="PCT", help="percent of the earned score lost per started day late")
    late.add_argument("--late-cap", type=_percent, metavar="PCT", help="the most a late penalty takes, in percent (default: 100)")
    late.add_argument("--grace", type=_minutes, metavar="MINUTES", help="minutes after the deadline still on time (default: 0)")
    if class_times:
        late.add_argument("--submitted-at", metavar="CSV|git",
                          help="each student's submission time: a CSV (student,submitted_at), or `git`, the committer "
                               "date of the last commit of each student folder's repository")
        late.add_argument("--at-deadline", action="store_true",
                          help="with --submitted-at git: grade each student's last commit at or before their deadline")
        late.add_argument("--extensions", metavar="CSV", help="per-student deadlines: a CSV (student,deadline), a roster's "
                                                              "deadline column too")
    else:
        late.add_argument("--times-from-metadata", metavar="FILE",
                          help="the submission time and due date from Gradescope's submission_metadata.json")


def late_policy(args: argparse.Namespace, assignment: Assignment) -> LatePolicy | None:
    """The policy of the command line over assignment.yaml's; None when neither sets a deadline or a penalty."""
    given = assignment.late or LatePolicy(None, 0.0)
    if assignment.late is None and args.deadline is None and args.late_penalty is None:
        return None
    chosen = {"deadline": args.deadline, "penalty": args.late_penalty, "cap": args.late_cap, "grace_minutes": args.grace}
    return replace(given, **{key: value for key, value in chosen.items() if value is not None})


def submission_late(args: argparse.Namespace, assignment: Assignment) -> tuple[LatePolicy, StudentClock] | None:
    """The policy and the submission's times for `check` on Gradescope: its metadata's submission time, and
    its due date (the student's own where Gradescope has one) over the policy's deadline; None without a
    policy, or without --times-from-metadata."""
    policy = late_policy(args, assignment)
    if policy is None or not args.times_from_metadata:
        return None
    submitted, due = read_gradescope_times(Path(args.times_from_metadata))
    deadline = due or policy.deadline
    if deadline is None:
        raise UsageError(f"{args.times_from_metadata}: no due date, and the late policy no deadline")
    return policy, StudentClock(deadline, submitted, "gradescope")
