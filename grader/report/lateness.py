"""A late policy applied to results, and what the reports say of it. Pure: the penalty is applied to
results already graded, and taken off again first, so a changed deadline, penalty or extension is
applied anew from the stored raw score, without running any program again."""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import replace
from typing import Sequence

from grader.base.escaping import safe_name
from grader.report.results import Results
from grader.report.text import format_points
from grader.spec.deadlines import NO_TIME, LatePolicy, StudentClock, judged, lateness_words, penalised


def raw_results(results: Results) -> Results:
    """The results before any late penalty: the score earned, and no `late`."""
    return results if results.late is None else replace(results, score=results.late.raw_score, late=None)


def with_late(results: Results, policy: LatePolicy | None, clock: StudentClock | None) -> Results:
    """The results under `policy` for a student of these times (a previous penalty taken off first); no
    policy, or a student the grader failed on: the raw results."""
    raw = raw_results(results)
    if policy is None or clock is None or raw.grader_error is not None:
        return raw
    late = judged(policy, clock, raw.score)
    return replace(raw, score=penalised(raw.score, late.penalty), late=late)


def with_late_said(results: Results) -> Results:
    """The results with their late sentence first in `output`, which Gradescope shows above the tests."""
    sentence = late_sentence(results)
    return replace(results, output="\n\n".join(filter(None, (sentence, results.output)))) if sentence else results


def late_sentence(results: Results) -> str:
    """What a student reads of their lateness: when they submitted against which deadline, and the
    points the penalty took; '' when no policy applied or no submission time was known."""
    late = results.late
    if late is None or late.submitted_at is None:
        return ""
    deadline = f"your extended deadline {late.deadline}" if late.extended else f"the deadline {late.deadline}"
    deadline += f" and {late.grace_minutes} minutes' grace" if late.grace_minutes else ""
    if late.seconds <= 0:
        return f"Submitted on time ({late.submitted_at}, {deadline})."
    taken = late.raw_score - results.score
    return (f"Submitted {lateness_words(late)} ({late.submitted_at}, {deadline}): {late.days} started "
            f"day{'' if late.days == 1 else 's'} late, so a late penalty of {format_points(late.penalty)}% took "
            f"{format_points(taken)} of the {format_points(late.raw_score)} points earned.")


def _band(days: int) -> str:
    """A band of the spread of lateness: started days late (-1: no submission time)."""
    return NO_TIME if days < 0 else "on time" if days == 0 else f"{days} day{'' if days == 1 else 's'} late"


def lateness_section(rows: Sequence[tuple[str, Results]]) -> str:
    """report.html's section on lateness: how many were late by how many started days, and a table of
    the late students and those with no submission time; '' when no policy applied."""
    judged_rows = [(student, results) for student, results in rows if results.late is not None]
    if not judged_rows:
        return ""
    spread = Counter(-1 if late.submitted_at is None else late.days
                     for late in (results.late for _, results in judged_rows) if late is not None)
    bands = "".join(f"<li>{_band(days)}: {spread[days]}</li>" for days in sorted(spread, key=lambda days: (days < 0, days)))
    body = []
    for student, results in judged_rows:
        late = results.late
        if late is None or (late.submitted_at is not None and late.seconds <= 0):
            continue
        body.append(f"<tr><td>{html.escape(safe_name(student))}</td><td>{html.escape(lateness_words(late))}"
                    f"{' (extension)' if late.extended else ''}</td><td>{format_points(late.penalty)}%</td>"
                    f"<td>{format_points(late.raw_score)} → {format_points(results.score)}</td></tr>")
    table = ("<table><thead><tr><th>Student</th><th>Late</th><th>Penalty</th><th>Score</th></tr></thead><tbody>"
             + "".join(body) + "</tbody></table>") if body else "<p>Nobody was late.</p>"
    return f'<section id="late"><h2>Lateness</h2><ul class="spread">{bands}</ul>\n{table}</section>\n'
