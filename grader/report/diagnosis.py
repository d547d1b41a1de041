"""What a class got wrong, in words: students who fail a spec at the same step the same way (the same
cause or difference, numbers aside) are grouped, and a large group is described from its cause or
difference ("31 of 40 print another prompt at start-up: ...", "28 of 40 go wrong after input 2
("5830"): win: 0 guesses instead of 1 guesses") instead of "check this spec". Pure functions over
results; the class summary and the class report show them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from grader.report.results import Failure, Results
from grader.report.slips import digitless

MISMATCH = "output differs"
# How each failure kind reads after "31 of 40 ..." (judging's kinds; any other reads as "fail (kind)").
VERBS = {"crashed": "crash", "syntax error": "have a syntax error", "hung": "hang", "ended early": "end early",
         "asked for more input": "ask for more input", "wrong exit status": "end with another exit status",
         "too much output": "print too much output", "no program": "have no program file"}
_COUNT = re.compile(r" ×(\d+)$")


@dataclass(frozen=True)
class FailureGroup:
    """Students who fail one spec the same way."""

    spec: str
    failure: Failure
    students: tuple[str, ...]
    graded: int  # students graded on this spec

    @property
    def description(self) -> str:
        return describe(self.failure)

    @property
    def text(self) -> str:
        return f"{len(self.students)} of {self.graded} {self.description}"


def _line(change: str) -> tuple[str, int, bool]:
    """A changed line without its sign, its line-end mark and its count; the count; whether it ends."""
    count = _COUNT.search(change)
    text = _COUNT.sub("", change)[2:]
    return text.removesuffix("↵"), int(count.group(1)) if count else 1, text.endswith("↵")


def _quoted(text: str) -> str:
    return f'"{text}"'


def _lines(n: int, what: str = "line") -> str:
    return f"{n} {what}{'s' if n != 1 else ''}"


def _what_differs(expected: list[str], actual: list[str]) -> str:
    if "\n".join(expected).lower() == "\n".join(actual).lower():
        return "in letter case"
    if [e.replace("·", "").rstrip() for e in expected] == [a.replace("·", "").rstrip() for a in actual]:
        return "in spaces at the line end"
    return ""


def describe(failure: Failure) -> str:
    """A short description of a failure, derived from its cause (a rule spec's wrong fact, a crash's
    error) or else its difference (the verb fits "N of M ...")."""
    where = f" {failure.moment}" if failure.moment else ""
    verb = "go wrong" if failure.kind == MISMATCH else VERBS.get(failure.kind, f"fail ({failure.kind})")
    if failure.cause:
        return f"{verb}{where}: {failure.cause}"
    if failure.kind != MISMATCH:
        return f"{verb}{where}"
    minus = [_line(c) for c in failure.changes if c.startswith("- ")]
    plus = [_line(c) for c in failure.changes if c.startswith("+ ")]
    extra = sum(count for _, count, _ in plus)
    if not minus and plus:
        if all(text == "" for text, _, _ in plus):
            return f"print {_lines(extra, 'extra blank line')}{where}"
        if any("\\x1b" in text for text, _, _ in plus):
            return f"print terminal escape codes{where}: {_quoted(plus[0][0])}"
        return f"print {_lines(extra, 'extra line')}{where}, first {_quoted(plus[0][0])}"
    if minus and not plus:
        return f"leave out {_lines(len(minus))}{where}, first {_quoted(minus[0][0])}"
    if len(minus) == len(plus) == 1:
        (wanted, _, wanted_ends), (got, _, got_ends) = minus[0], plus[0]
        how = _what_differs([wanted], [got])
        if how:
            return f"print a line that differs {how}{where}: {_quoted(got)}"
        noun = "line" if wanted_ends or got_ends else "prompt"
        return f"print another {noun}{where}: {_quoted(got)} instead of {_quoted(wanted)}"
    how = _what_differs([text for text, _, _ in minus], [text for text, _, _ in plus])
    return (f"print {_lines(len(plus))} where {len(minus)} are expected{where}"
            + (f", differing {how}" if how else f", first {_quoted(plus[0][0])} instead of {_quoted(minus[0][0])}"))


def failure_groups(results: Mapping[str, Results], spec_id: str) -> list[FailureGroup]:
    """Every way students fail `spec_id` (same kind, step and difference), the largest group first."""
    graded = [(student, r.test(spec_id)) for student, r in sorted(results.items()) if r.grader_error is None]
    graded = [(student, test) for student, test in graded if test is not None]
    groups: dict[tuple[object, ...], tuple[Failure, list[str]]] = {}
    for student, test in graded:
        if not test.passed and test.failure is not None:
            groups.setdefault(_shape(test.failure), (test.failure, []))[1].append(student)
    found = [FailureGroup(spec_id, failure, tuple(students), len(graded)) for failure, students in groups.values()]
    return sorted(found, key=lambda group: (-len(group.students), group.students))


def _shape(failure: Failure) -> tuple[object, ...]:
    """What students who fail alike share: the kind, the step, and the cause or the changes with their
    numbers aside (the same slip in another student's guesses)."""
    said = (digitless(failure.cause),) if failure.cause else tuple(map(digitless, failure.changes))
    return (failure.kind, failure.step, *said)


def diagnose(results: Mapping[str, Results], spec_id: str) -> FailureGroup | None:
    """The cause to name under a spec: the one half the class or more shares; or, where most of the
    class fails the spec, the most common one that two or more share."""
    groups = failure_groups(results, spec_id)
    if not groups:
        return None
    failing = sum(len(group.students) for group in groups)
    if 2 * len(groups[0].students) >= groups[0].graded or (2 * failing > groups[0].graded and len(groups[0].students) > 1):
        return groups[0]
    return None
