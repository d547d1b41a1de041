"""The class report an instructor opens first: `OUT/report.html`, written by `grade` and by `gradebook`.

One self-contained file (inline CSS, SVG and a few lines of script to sort the table; nothing from the
network), so it opens from the file system, travels by mail and shows the same everywhere: the score
histogram, the pass rate of every spec, the failures many students share (one example diff each), and a
sortable table of students linking to each student's results further down the page. Rendering is a pure
function of the students' results: everything a submission produced (ids, output, diffs) goes through
`escaping.escape_unsafe` and HTML escaping, so no program can inject markup or hide characters."""

from __future__ import annotations

import html
import re
import statistics
from dataclasses import dataclass
from typing import Mapping, Sequence

from grader.base.escaping import escape_unsafe, safe_name
from grader.base.project import PACKAGE
from grader.report.text import HIDDEN_NOTE, format_points
from grader.report.diagnosis import FailureGroup, diagnose, failure_groups
from grader.report.results import Results, TestResult
from grader.report.similarity import Similarity
from grader.report.similarity_html import similarity_section
from grader.report.feedback import looks_like_said
from grader.report.lateness import lateness_section
from grader.report.status import MARKS, STATUSES, first_cause, status

ASSETS = PACKAGE / "templates" / "report"
BINS = 10  # histogram bars, each a tenth of the maximum score
GROUP_MINIMUM = 2  # students sharing a difference before it counts as common
DIFF_LINE = re.compile(r"^[\d ]*([-+]) ")  # a diff row (`  3   - expected`) or a change (`+ actual`)


@dataclass(frozen=True)
class SpecSummary:
    spec: str
    name: str
    points: float
    hidden: bool
    passed: int
    graded: int


def _text(value: object) -> str:
    """Untrusted text for an HTML body or attribute: invisible characters spelled out, markup escaped."""
    return html.escape(escape_unsafe(str(value)), quote=True)


def _name(student: str) -> str:
    return html.escape(safe_name(student), quote=True)


def spec_summaries(rows: Sequence[tuple[str, Results]]) -> list[SpecSummary]:
    """Every spec any student has, sorted by id, with how many of the graded students passed it."""
    graded = [results for _, results in rows if results.grader_error is None]
    first: dict[str, TestResult] = {}
    hidden: set[str] = set()
    for results in graded:
        for test in results.tests:
            first.setdefault(test.spec, test)
            if test.hidden:
                hidden.add(test.spec)
    return [SpecSummary(spec, test.name, test.max_score, spec in hidden,
                        sum(results.passed(spec) for results in graded), len(graded))
            for spec, test in sorted(first.items())]


def common_failures(rows: Sequence[tuple[str, Results]], specs: Sequence[SpecSummary],
                    minimum: int = GROUP_MINIMUM) -> list[FailureGroup]:
    """The differences at least `minimum` students share (same spec, step and difference), the most common
    first. A failure the results hold no data for (a hidden spec in results a student may see) is left out."""
    by_student = dict(rows)
    found = [group for spec in specs for group in failure_groups(by_student, spec.spec) if len(group.students) >= minimum]
    return sorted(found, key=lambda group: -len(group.students))


# ---------------------------------------------------------------- pieces of the page


def _histogram(scores: list[float], maximum: float) -> str:
    """Bars of students per tenth of the maximum score (the last one includes full marks), in SVG."""
    counts = [0] * BINS
    for score in scores:
        share = score / maximum if maximum else 1.0
        counts[min(BINS - 1, max(0, int(share * BINS)))] += 1
    width, height, top, bottom, left = 420, 200, 24, 30, 16
    slot = (width - 2 * left) / BINS
    tallest = max(counts, default=0) or 1
    parts = []
    for index, count in enumerate(counts):
        low, high = index * 100 // BINS, (index + 1) * 100 // BINS
        bar = (height - top - bottom) * count / tallest
        x, y = left + index * slot + 3, height - bottom - bar
        label = f"{count} student{'s' if count != 1 else ''} scored {low}–{high}%{'' if index < BINS - 1 else ' (full marks included)'}"
        parts.append(f'<g class="bin" data-count="{count}"><title>{label}</title>'
                     f'<rect x="{x:.1f}" y="{y:.1f}" width="{slot - 6:.1f}" height="{bar:.1f}" rx="3"/>'
                     + (f'<text class="count" x="{x + (slot - 6) / 2:.1f}" y="{y - 6:.1f}">{count}</text>' if count else "")
                     + "</g>")
    ticks = "".join(f'<text class="tick" x="{left + index * slot:.1f}" y="{height - 8}">{index * 100 // BINS}</text>'
                    for index in range(0, BINS + 1, 2))
    axis = f'<line class="axis" x1="{left}" y1="{height - bottom}" x2="{width - left}" y2="{height - bottom}"/>'
    summary = ", ".join(f"{index * 100 // BINS}%: {count}" for index, count in enumerate(counts))
    return (f'<svg class="histogram" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="Students per score band: {summary}">{"".join(parts)}{axis}{ticks}</svg>')


def _stats(scores: list[float], maximum: float, students: int) -> str:
    def stat(key: str, label: str, value: str) -> str:
        return f'<div><dt>{label}</dt><dd id="{key}">{value}</dd></div>'

    def percent(value: float) -> str:
        return f' <small>({100 * value / maximum:.0f}%)</small>' if maximum else ""

    mean = statistics.mean(scores) if scores else None
    median = statistics.median(scores) if scores else None
    return ('<dl class="stats">'
            + stat("graded", "Graded", f"{len(scores)} of {students}")
            + stat("mean", "Mean", "—" if mean is None else format_points(round(mean, 2)) + percent(mean))
            + stat("median", "Median", "—" if median is None else format_points(median) + percent(median))
            + stat("maximum", "Out of", format_points(maximum))
            + "</dl>")


def _spec_list(summaries: list[SpecSummary], by_student: dict[str, Results]) -> str:
    """Each spec's pass rate; under a spec most students fail, the cause they share (`diagnosis`), or a
    warning when nobody passed and no cause is shared."""
    items = []
    for spec in summaries:
        rate = 100 * spec.passed / spec.graded if spec.graded else 0
        common = diagnose(by_student, spec.spec)
        flag = ' <span class="tag warn">nobody passed</span>' if spec.graded and not spec.passed and common is None else ""
        cause = f'<div class="cause">{_text(common.text)}</div>' if common is not None else ""
        items.append(
            f'<li data-spec="{_text(spec.spec)}"><div class="spec-name"><code>{_text(spec.spec)}</code> '
            f'{_text(spec.name)} <small>({format_points(spec.points)} pts)</small>{_hidden_tag(spec.hidden)}{flag}</div>'
            f'<div class="meter" aria-hidden="true"><span style="width:{rate:.1f}%"></span></div>'
            f'<div class="rate"><span class="passed">{spec.passed}</span>/{spec.graded} ({rate:.0f}%)</div>{cause}</li>')
    return '<ul class="specs">\n' + "\n".join(items) + "\n</ul>"


def _hidden_tag(hidden: bool) -> str:
    return ' <span class="tag hidden">hidden</span>' if hidden else ""


def _pre(lines: Sequence[str]) -> str:
    """Output or a diff, one span per line; diff rows coloured by their sign."""
    shown = []
    for line in lines:
        match = DIFF_LINE.match(line)
        kind = {"-": "del", "+": "ins"}[match.group(1)] if match else ""
        shown.append(f'<span class="{kind}">{_text(line)}</span>' if kind else _text(line))
    return f'<pre class="diff">{chr(10).join(shown)}</pre>'


def cause_cards(groups: Sequence[FailureGroup]) -> list[list[FailureGroup]]:
    """The shared failures gathered by cause (the same description, whatever the spec: two programs that
    crash at start-up fail every spec alike), the cause most students share first."""
    cards: dict[str, list[FailureGroup]] = {}
    for group in groups:
        cards.setdefault(group.description, []).append(group)
    return sorted(cards.values(), key=lambda card: -len(_students(card)))


def _students(card: Sequence[FailureGroup]) -> list[str]:
    return sorted({student for group in card for student in group.students})


def _groups(groups: list[FailureGroup], specs: Sequence[SpecSummary], anchors: dict[str, str]) -> str:
    """One card per cause: what the students do, in which specs, one example of the difference, and who."""
    if not groups:
        return f"<p>No difference is shared by {GROUP_MINIMUM} or more students.</p>"
    named = {spec.spec: spec for spec in specs}
    articles = []
    for card in cause_cards(groups):
        students, first = _students(card), card[0]
        links = ", ".join(f'<a href="#{anchors[student]}">{_name(student)}</a>' for student in students)
        where = "".join(f'<li><code>{_text(group.spec)}</code> {_text(named[group.spec].name)}'
                        f'{_hidden_tag(named[group.spec].hidden)}</li>' for group in card)
        articles.append(
            f'<article class="group"><h3>{_text(first.description)}</h3>'
            f'<p><strong class="count">{len(students)} of {first.graded}</strong> students, in '
            f'{len(card)} spec{"" if len(card) == 1 else "s"}:</p><ul class="where">{where}</ul>'
            + (_pre(first.failure.changes) if first.failure.changes else "")
            + f'<p class="who">{links}</p></article>')
    return "\n".join(articles)


def _variant_cell(results: Results) -> str:
    """A student's variant, and the variant whose rules their program looks written for, if another."""
    other = f' <span class="tag warn">looks like {_text(results.looks_like[0])}</span>' if results.looks_like else ""
    return f'<td data-value="{_text(results.variant or "")}">{_text(results.variant or "")}{other}</td>'


def _status_cell(results: Results) -> str:
    """How the submission fared: a mark and its word (never colour alone), its first cause on hover; sorted
    in the order of STATUSES."""
    said = status(results)
    cause = first_cause(results)
    title = f' title="{_text(cause)}"' if cause else ""
    return (f'<td class="status {said.replace(" ", "-")}" data-value="{STATUSES.index(said)}"{title}>'
            f'<span class="mark" aria-hidden="true">{MARKS[said]}</span> {said}</td>')


def _table(rows: Sequence[tuple[str, Results]], anchors: dict[str, str]) -> str:
    varied = any(results.variant is not None for _, results in rows)  # a class graded by variants
    columns = (("Student", "text"), *((("Variant", "text"),) if varied else ()), ("Status", "number"), ("Score", "number"),
               ("%", "number"), ("Passed", "number"))
    head = ("<thead><tr>" + "".join(
        f'<th scope="col" data-type="{kind}"><button type="button">{label}</button></th>'
        for label, kind in columns) + "</tr></thead>")
    body = []
    for student, results in rows:
        link = (f'<td><a href="#{anchors[student]}">{_name(student)}</a></td>' + (_variant_cell(results) if varied else "")
                + _status_cell(results))
        if results.grader_error is not None:
            body.append(f'<tr class="error">{link}<td data-value="-1" colspan="3">not graded (grader error)</td></tr>')
            continue
        share = 100 * results.score / results.max_score if results.max_score else 100.0
        body.append(
            f'<tr>{link}<td class="score" data-value="{results.score:g}">{format_points(results.score)}'
            f'<small>/{format_points(results.max_score)}</small></td>'
            f'<td data-value="{share:.4f}">{share:.0f}</td>'
            f'<td data-value="{results.passed_count}">{results.passed_count}/{len(results.tests)}</td></tr>')
    return f'<table class="students sortable">{head}\n<tbody>\n' + "\n".join(body) + "\n</tbody></table>"


def _screenshot(test: TestResult, folder: str | None) -> str:
    """The page at the failing step, where the student's files are known (grade writes them)."""
    if not test.screenshot or folder is None:
        return ""
    source = html.escape(f"{folder}/{test.screenshot}", quote=True)
    return (f'<figure><a href="{source}"><img src="{source}" alt="the page where it went wrong" width="400" '
            f'loading="lazy"></a><figcaption>The page where it went wrong</figcaption></figure>')


def _test_details(test: TestResult, folder: str | None = None) -> str:
    points = f"{format_points(test.score)}/{format_points(test.max_score)}"
    why = f" · {_text(test.failure.kind)} {_text(test.failure.moment)}".rstrip() if test.failure else ""
    head = (f'<summary><span class="mark fail">✗</span> <code>{_text(test.spec)}</code> {_text(test.name)}'
            f'{_hidden_tag(test.hidden)} <small>{points}{why}</small></summary>')
    if test.output and test.output != HIDDEN_NOTE:
        body = _pre(test.output.splitlines())
    elif test.failure is not None:
        body = (f'<p>{_text(test.failure.kind)} {_text(test.failure.moment)} '
                f'<small>(the student sees only this spec\'s name and points)</small></p>' + _pre(test.failure.changes))
    else:
        body = "<p>A hidden spec: these results do not hold its details.</p>"
    return f"<details>{head}{body}{_screenshot(test, folder)}</details>"


def _variant_note(results: Results) -> str:
    if results.variant is None:
        return ""
    said = f"<p>Graded by the variant <strong>{_text(results.variant)}</strong>."
    if results.looks_like is not None:
        said += " " + _text(looks_like_said(results))
    return said + "</p>"


def _student(student: str, results: Results, anchor: str, folder: str | None) -> str:
    if results.grader_error is not None:
        return (f'<article class="student" id="{anchor}"><h3>{_name(student)}: not graded</h3>'
                f'<p>The grader failed on this submission: {_text(results.grader_error)}</p></article>')
    failed = [test for test in results.tests if not test.passed]
    summary = (f'<p>{results.passed_count} of {len(results.tests)} specs passed'
               + ("; each failed one below." if failed else ".") + "</p>" + _variant_note(results))
    return (f'<article class="student" id="{anchor}"><h3>{_name(student)}: {format_points(results.score)}/'
            f'{format_points(results.max_score)}</h3>{summary}{"".join(chr(10) + _test_details(test, folder) for test in failed)}'
            f'<p><a href="#students">back to the table</a></p></article>')


def class_report_html(rows: Sequence[tuple[str, Results]], title: str = "Class report",
                      similar: Similarity | None = None, folders: Mapping[str, str] | None = None) -> str:
    """The whole page for (student id, results) pairs, sorted by student id; `similar`, the class's
    similar submissions (their section rendered by `grader.report.similarity_html`), which only `grade`
    can give: it has the code; `folders`, each student's folder relative to the page, where the
    screenshots of web pages are."""
    rows = sorted(rows, key=lambda row: row[0])
    anchors = {student: f"student-{index}" for index, (student, _) in enumerate(rows, start=1)}
    graded = [results for _, results in rows if results.grader_error is None]
    maximum = max((results.max_score for _, results in rows), default=0.0)
    scores = [results.score for results in graded]
    specs = spec_summaries(rows)
    late = lateness_section(rows)
    similar_section = similarity_section(similar) if similar is not None else ""
    css = (ASSETS / "report.css").read_text(encoding="utf-8")
    script = (ASSETS / "report.js").read_text(encoding="utf-8")
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{_text(title)}</title>
<style>
{css}</style>
</head>
<body>
<header><h1>{_text(title)}</h1>
<nav><a href="#scores">Scores</a> <a href="#specs">Specs</a> <a href="#common">Common failures</a> <a href="#students">Students</a>{' <a href="#late">Lateness</a>' if late else ""}{' <a href="#similar">Similar submissions</a>' if similar_section else ""}</nav></header>
<main>
<section id="scores"><h2>Scores</h2>{_stats(scores, maximum, len(rows))}
<figure>{_histogram(scores, maximum)}<figcaption>Students per score band (% of {format_points(maximum)} points)</figcaption></figure></section>
<section id="specs"><h2>Pass rate per spec</h2>{_spec_list(specs, dict(rows))}</section>
<section id="common"><h2>Common failures</h2>{_groups(common_failures(rows, specs), specs, anchors)}</section>
<section id="students"><h2>Students</h2><p class="hint">Click a column to sort; a name leads to that student's results.</p>
{_table(rows, anchors)}</section>
{late}{similar_section + chr(10) if similar_section else ""}<section id="details"><h2>Each student</h2>
{chr(10).join(_student(student, results, anchors[student], (folders or {}).get(student)) for student, results in rows)}
</section>
</main>
<script>
{script}</script>
</body>
</html>
"""
