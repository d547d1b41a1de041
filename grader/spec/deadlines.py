"""A late policy as plain data, and its arithmetic: how late a submission is, the penalty that costs,
and the score after it. Pure: times come in parsed, from the command line, assignment.yaml, a CSV,
git or a platform's metadata (read at the edges: grader/batch/submission_times.py).

Late = submitted - (deadline + grace); started days = ceil(late / 24 h) when late > 0 (a submission
exactly at the deadline is on time); the penalty is min(cap, started days x percent per day) percent
of the score earned, and the score after it is rounded to 2 decimals."""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

DAY_SECONDS = 24 * 60 * 60
SOURCES = ("csv", "git", "gradescope", "none")  # where a submission time came from
NO_TIME = "no submission time"


class TimeError(ValueError):
    """A time that cannot be read: str() says why, for the caller to prefix with where it was."""


@dataclass(frozen=True)
class LatePolicy:
    """The class's policy: its deadline (None: each student's comes from elsewhere, a platform's due date),
    percent of the earned score lost per started day late, the most a penalty takes, and the grace."""

    deadline: datetime | None
    penalty: float
    cap: float = 100.0
    grace_minutes: int = 0


@dataclass(frozen=True)
class StudentClock:
    """One student's times, plain data: their deadline (the class's, or an extension's), whether it is an
    extension, when they submitted (None: unknown) and where that time came from (one of SOURCES)."""

    deadline: datetime
    submitted_at: datetime | None
    source: str = "none"
    extended: bool = False


@dataclass(frozen=True)
class Late:
    """What a late policy did to one submission: the score before it, the times it was judged on (ISO
    text), seconds past the deadline and grace (0 or less: on time), started days, the percent taken and the
    grace, in minutes."""

    raw_score: float
    deadline: str
    submitted_at: str | None
    source: str
    seconds: int
    days: int
    penalty: float
    extended: bool = False
    grace_minutes: int = 0


def parse_time(value: Any) -> datetime:
    """An ISO 8601 time with its time zone (`2026-12-01T23:59:00+00:00`, `...Z`), from text or a datetime
    YAML already read; TimeError when it has no time zone or is not a time."""
    if isinstance(value, datetime):
        parsed = value
    elif isinstance(value, str) and value.strip():
        text = value.strip()
        try:
            parsed = datetime.fromisoformat(text[:-1] + "+00:00" if text[-1:] in "zZ" else text)
        except ValueError:
            raise TimeError(f"{value!r} is not an ISO 8601 time such as 2026-12-01T23:59:00+00:00") from None
    else:
        raise TimeError(f"{value!r} is not an ISO 8601 time such as 2026-12-01T23:59:00+00:00")
    if parsed.tzinfo is None or parsed.utcoffset() is None:
        raise TimeError(f"{str(value)!r} has no time zone: add one, such as +00:00 or Z")
    return parsed


def iso(moment: datetime) -> str:
    """A time as ISO 8601 text, to the second, in its own time zone."""
    return moment.isoformat(timespec="seconds")


def late_seconds(submitted: datetime, deadline: datetime, grace_minutes: int = 0) -> int:
    """Seconds past the deadline and grace, rounded up (0 or less: on time), whatever the time zones."""
    return math.ceil((submitted - (deadline + timedelta(minutes=grace_minutes))).total_seconds())


def started_days(seconds: int) -> int:
    """Days late, a started day counting whole: 1 second late is 1 day; on time is 0."""
    return math.ceil(seconds / DAY_SECONDS) if seconds > 0 else 0


def penalty_percent(days: int, per_day: float, cap: float = 100.0) -> float:
    """The percent of the earned score taken for `days` started days late."""
    return min(cap, days * per_day)


def penalised(score: float, percent: float) -> float:
    """The score after taking `percent` of it, to 2 decimals."""
    return round(score * (1 - percent / 100) + 0.0, 2)


def judged(policy: LatePolicy, clock: StudentClock, raw_score: float) -> Late:
    """What `policy` does to a submission that earned `raw_score`; no submission time: no penalty."""
    if clock.submitted_at is None:
        return Late(raw_score, iso(clock.deadline), None, "none", 0, 0, 0.0, clock.extended, policy.grace_minutes)
    seconds = late_seconds(clock.submitted_at, clock.deadline, policy.grace_minutes)
    days = started_days(seconds)
    return Late(raw_score, iso(clock.deadline), iso(clock.submitted_at), clock.source, seconds, days,
                penalty_percent(days, policy.penalty, policy.cap), clock.extended, policy.grace_minutes)


def _unit(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def lateness_words(late: Late) -> str:
    """How late, in words: "1 day 2 hours late", "on time", or that no submission time was known."""
    if late.submitted_at is None:
        return NO_TIME
    if late.seconds <= 0:
        return "on time"
    minutes = late.seconds // 60  # seconds are the deadline's business, not the words'
    if minutes == 0:
        return "less than a minute late"
    days, hours, minutes = minutes // (24 * 60), minutes // 60 % 24, minutes % 60
    units = [_unit(n, word) for n, word in ((days, "day"), (hours, "hour"), (minutes, "minute")) if n]
    return " ".join(units[:2]) + " late"
