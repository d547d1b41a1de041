"""The gradebook CSV: one row per student (id, score, max score, `status`: how the submission fared in a
word of `status.STATUSES`; for an assignment with variants the
variant and another variant whose rules fit clearly better, `looks_like`, its name and the points its
rules give back; under a late policy `score` is after the penalty, and `raw_score` before it,
`submitted_at`, `time_source`, `late` in words and `penalty` in percent follow; then points per spec, columns sorted by spec id, and last a `problem`: why the
submission could not be run, why it was not graded, or its first crash or hang, else empty), built from results.json files only. `grade` writes it for a class; `python3 -m grader gradebook`
merges results.json files graded anywhere (a CI job or a Gradescope run per student) into the same CSV.

Deterministic: rows are sorted by student id, spec columns by spec id, numbers printed the same way, so
the same results always give the same bytes. A student the grader could not grade (see
`Results.grader_error`) gets an empty score, never a silent 0. The student id is the name of the
folder holding the results file (`grades/mastermind/students/<id>/results.json`,
`artifacts/<id>/results.json`), or with `--id-from stem` the file name without `.json`
(`results/<id>.json`)."""

from __future__ import annotations

import csv
import io
from typing import Iterable

from grader.base.errors import UsageError
from grader.base.escaping import safe_name
from grader.report.text import format_points
from grader.report.results import Results
from grader.report.status import first_cause, status
from grader.spec.deadlines import lateness_words

FIXED_COLUMNS = ("student", "score", "max_score", "status")
VARIANT_COLUMNS = ("variant", "looks_like")  # after max_score, when some student was graded by a variant
LATE_COLUMNS = ("raw_score", "submitted_at", "time_source", "late", "penalty")  # when a late policy applied
PROBLEM_COLUMN = "problem"  # last: why a score is 0 without a run ("no mastermind.py (found: main.py)") or empty
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutralised(cell: str) -> str:
    """OWASP's rule against CSV injection: a cell a spreadsheet could run as a formula (a student id
    such as `=HYPERLINK(...)`) starts with a `'`, which makes it plain text."""
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def _variant_cells(results: Results) -> tuple[str, str]:
    """The variant graded by, and another variant whose rules fit clearly better (`looks_like`), or ''."""
    other = f"{results.looks_like[0]} (+{format_points(results.looks_like[1])})" if results.looks_like else ""
    return results.variant or "", other


def _late_cells(results: Results) -> list[str]:
    """The score before the late penalty, when and where from the submission time, how late, the percent taken."""
    late = results.late
    if late is None:
        return [""] * len(LATE_COLUMNS)
    return [format_points(late.raw_score), late.submitted_at or "", late.source, lateness_words(late),
            format_points(late.penalty)]


def spec_points(results: Results) -> dict[str, float]:
    """Points earned per spec id."""
    return {test.spec: test.score for test in results.tests}


def gradebook_csv(rows: Iterable[tuple[str, Results]]) -> str:
    """The CSV text for (student id, results) pairs."""
    rows = sorted(((safe_name(student), results) for student, results in rows), key=lambda row: row[0])
    seen = [student for student, _ in rows]
    duplicates = sorted({student for student in seen if seen.count(student) > 1})
    if duplicates:  # shown alike: two folders `a<ESC>` and `a\x1b` of results graded elsewhere
        raise UsageError(f"more than one results file for student(s): {', '.join(duplicates)}")
    spec_ids = sorted({spec for _, results in rows for spec in spec_points(results)})
    varied = any(results.variant is not None for _, results in rows)  # the columns only a class with variants has
    timed = any(results.late is not None for _, results in rows)  # the columns only a late policy gives
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(map(neutralised, [*FIXED_COLUMNS, *(VARIANT_COLUMNS if varied else ()),
                                    *(LATE_COLUMNS if timed else ()), *spec_ids, PROBLEM_COLUMN]))
    for student, results in rows:
        student = neutralised(student)
        cells = [*(_variant_cells(results) if varied else ()), *(_late_cells(results) if timed else ())]
        variant = [neutralised(safe_name(cell)) for cell in cells]
        if results.grader_error is not None:
            problem = neutralised(safe_name(first_cause(results)))
            writer.writerow([student, "", format_points(results.max_score), status(results), *variant, *[""] * len(spec_ids),
                             problem])
            continue
        points = spec_points(results)
        writer.writerow([
            student, format_points(results.score), format_points(results.max_score), status(results), *variant,
            *[format_points(points[spec]) if spec in points else "" for spec in spec_ids],
            neutralised(safe_name(first_cause(results))),
        ])
    return buffer.getvalue()
