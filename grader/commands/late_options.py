"""The late policy's options (`grade` and `check`), read once here into plain data: the class's policy
(the command line's over assignment.yaml's keys) and, for `grade`, each student's times
(`--submitted-at CSV|git`, `--extensions CSV`), for the batch to apply (grader/report/lateness.py)."""

from __future__ import annotations

import argparse
import subprocess
import sys
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

from grader.base.errors import UsageError
from grader.batch.submission_times import (archive_commit, commit_time, copied_repository, read_gradescope_times,
                                           read_times_csv)
from grader.spec.assignment import Assignment
from grader.spec.deadlines import LatePolicy, StudentClock, TimeError, parse_time

GIT = "git"


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


def class_late(args: argparse.Namespace, assignment: Assignment, students: list[tuple[str, Path]], everyone: set[str],
               scratch: Path) -> tuple[tuple[LatePolicy, dict[str, StudentClock]] | None, list[tuple[str, Path]]]:
    """The policy and the times of the `students` graded (`everyone`: the class, of which a shard grades
    some), and their folders to grade (with --at-deadline, the files of their last commit in time, written
    under `scratch`); bad files stop here, before anything is graded."""
    policy = late_policy(args, assignment)
    if args.at_deadline and args.submitted_at != GIT:
        raise UsageError("--at-deadline picks a commit: it needs --submitted-at git")
    if policy is None or policy.deadline is None:
        given = [name for name, value in (("--submitted-at", args.submitted_at), ("--extensions", args.extensions))
                 if value]
        if given:
            raise UsageError(f"{given[0]} needs a deadline: --deadline ISO8601 (or assignment.yaml's `deadline`)")
        return None, students
    if not args.submitted_at:  # a policy in assignment.yaml, for a platform's times: not for a class folder
        print("late policy not applied: no submission times (--submitted-at CSV or git)", file=sys.stderr)
        return None, students
    ids = {student for student, _ in students}
    extensions = read_times_csv(Path(args.extensions), "deadline", everyone) if args.extensions else None
    deadlines = {student: (extensions.times if extensions else {}).get(student, policy.deadline) for student in ids}
    times: dict[str, tuple[datetime, str]] = {}
    if args.submitted_at == GIT:
        students, times = _git_times(students, deadlines, policy, args.at_deadline, scratch)
    else:
        read = read_times_csv(Path(args.submitted_at), "submitted_at", everyone)
        _say(read.warnings)
        times = {student: (time, "csv") for student, time in read.times.items()}
    _say(extensions.warnings if extensions else ())
    clocks = {student: StudentClock(deadlines[student], *times.get(student, (None, "none")),
                                    extended=bool(extensions and student in extensions.times)) for student in ids}
    missing = sorted(student for student in ids if student not in times)
    if missing:
        print(f"no submission time for {len(missing)} student(s), graded without a late penalty: {', '.join(missing)}",
              file=sys.stderr)
    return (policy, clocks), students


def _say(lines: tuple[str, ...]) -> None:
    """Warnings of a file read, one a line on stderr."""
    for line in lines:
        print(line, file=sys.stderr)


def _git_times(students: list[tuple[str, Path]], deadlines: dict[str, datetime], policy: LatePolicy, at_deadline: bool,
               scratch: Path) -> tuple[list[tuple[str, Path]], dict[str, tuple[datetime, str]]]:
    """Each student's last commit time from a copy of their repository; with `at_deadline`, the files of
    their last commit at or before their deadline and grace (the latest, late, when none is)."""
    folders, times = [], {}
    for index, (student, path) in enumerate(students):
        into = scratch / str(index)
        into.mkdir()
        try:
            repository = copied_repository(path, into) if path.is_dir() else None
            if repository is None:
                print(f"warning: {student}: no git repository (.git folder): no submission time", file=sys.stderr)
                folders.append((student, path))
                continue
            limit = deadlines[student] + timedelta(minutes=policy.grace_minutes) if at_deadline else None
            found = commit_time(repository, limit) if limit is not None else None
            found = found or commit_time(repository)
            if found is not None:
                times[student] = (found[1], GIT)
                path = archive_commit(repository, found[0], into) if at_deadline else path
        except (OSError, subprocess.SubprocessError, TimeError) as error:
            print(f"warning: {student}: git: {error}: no submission time", file=sys.stderr)
        folders.append((student, path))
    return folders, times
