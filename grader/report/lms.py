"""Grades in the files Canvas and Moodle import, rendered from the class's results and a roster (see
`grader.roster`), so nobody retypes a gradebook.

Canvas ("Grades > Import"): the instructor exports the course gradebook first (it names the assignment
with Canvas's own id, "Mastermind (4821)"); we keep its identity columns (Student, ID, SIS User ID, SIS
Login ID, Section), its "Points Possible" row, and the one assignment's column filled in. Students we
have no results for are left out of the file, so Canvas keeps what it had for them.

Moodle ("Grades > Import > CSV file"): one identifier column (what "Identify user by" maps: username, ID
number or email address), a grade column and a feedback column.

Every student who cannot be matched (graded but not in the roster, in the roster but not in the LMS, in
the LMS but without results, or not graded because the grader failed) is listed in `Unmatched`: never
silently dropped. Pure functions over text and `Results`; `grader.commands.lms_export` reads the
files and prints the lists."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from typing import Iterable

from grader.base.errors import UsageError
from grader.base.escaping import escape_unsafe, safe_name
from grader.report.gradebook import neutralised
from grader.report.text import format_points
from grader.report.results import Results
from grader.report.roster import CANVAS_KEYS, MOODLE_KEYS, Roster
from grader.spec.deadlines import lateness_words

CANVAS_IDENTITY = ("Student", "ID", "SIS User ID", "SIS Login ID", "Integration ID", "Section")
CANVAS_KEY_HEADERS = {"canvas_id": "ID", "sis_user_id": "SIS User ID", "sis_login_id": "SIS Login ID"}
CANVAS_ASSIGNMENT = re.compile(r"^(?P<name>.*\S) \((?P<id>\d+)\)$")
POINTS_POSSIBLE = "Points Possible"
FAILED_NAMES_SHOWN = 8


@dataclass(frozen=True)
class Unmatched:
    """The students an export could not place, each as a line a person can act on."""

    not_in_roster: tuple[str, ...] = ()
    not_in_lms: tuple[str, ...] = ()
    without_results: tuple[str, ...] = ()
    not_graded: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        groups = [("graded, but not in the roster (or without its LMS id there)", self.not_in_roster),
                  ("graded and in the roster, but not in the LMS export", self.not_in_lms),
                  ("in the LMS or the roster, but no results (left as they are)", self.without_results),
                  ("not graded (the grader failed; left as they are)", self.not_graded)]
        return [f"{title}: {name}" for title, names in groups for name in names]


@dataclass(frozen=True)
class Export:
    text: str
    written: int
    unmatched: Unmatched


def scaled(results: Results, points: float | None) -> str:
    """The score out of `points` (the LMS's scale), to two decimals; the grader's own points without it."""
    if points is None:
        return format_points(results.score)
    return format_points(round(results.score * points / results.max_score, 2) if results.max_score else 0)


def feedback_text(results: Results) -> str:
    """The LMS's feedback cell: the points, then each failed spec on a line of its own (hidden ones by
    name, as everywhere students read)."""
    head = f"Autograder: {format_points(results.score)} of {format_points(results.max_score)} points"
    if results.late is not None and results.late.penalty:
        head += (f" ({format_points(results.late.raw_score)} earned, less a late penalty of "
                 f"{format_points(results.late.penalty)}%: {lateness_words(results.late)})")
    if results.problem:
        return f"{head}; your submission could not be run: {safe_name(results.problem)}"
    failed = [test.name for test in results.tests if not test.passed]
    text = f"{head}, {results.passed_count} of {len(results.tests)} specs passed"
    if failed:
        more = len(failed) - FAILED_NAMES_SHOWN  # one a line: a spec's name is free text, commas included
        text += ". Failed:" + "".join(f"\n- {safe_name(name)}" for name in failed[:FAILED_NAMES_SHOWN]) + (
            f"\n- and {more} more" if more > 0 else "")
    return text


def _by_student(rows: Iterable[tuple[str, Results]]) -> dict[str, Results]:
    found: dict[str, Results] = {}
    for student, results in rows:
        if student in found:
            raise UsageError(f"more than one results file for student {safe_name(student)}")
        found[student] = results
    return dict(sorted(found.items()))


def _csv(rows: list[list[str]], lines_in: int | None = None) -> str:
    """The CSV text, every cell made safe to show; the cells of column `lines_in` keep their line breaks."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(
        [[neutralised(escape_unsafe(cell, keep="\n" if column == lines_in else "")) for column, cell in enumerate(row)]
         for row in rows])
    return buffer.getvalue()


# ---------------------------------------------------------------- Canvas


def _assignment_column(header: list[str], column: str | None, source: str) -> int:
    assignments = [index for index, name in enumerate(header) if CANVAS_ASSIGNMENT.match(name)]
    if column is not None:
        chosen = [index for index in assignments
                  if column in (header[index], CANVAS_ASSIGNMENT.match(header[index])["id"])]  # type: ignore[index]
        if not chosen:
            raise UsageError(f"{source}: no assignment column {column!r} (it has: "
                             f"{', '.join(header[index] for index in assignments) or 'none'})")
        return chosen[0]
    if len(assignments) == 1:
        return assignments[0]
    if not assignments:
        raise UsageError(f"{source}: no assignment column (\"Name (id)\"): create the assignment in Canvas, "
                         "then export the gradebook again")
    raise UsageError(f"{source}: {len(assignments)} assignment columns; choose one with --column "
                     f"(its name or id): {', '.join(header[index] for index in assignments)}")


def _canvas_key(roster: Roster, header: list[str]) -> str:
    for key in CANVAS_KEYS:
        if key in roster.columns and CANVAS_KEY_HEADERS[key] in header:
            return key
    raise UsageError(f"{roster.source}: a Canvas roster needs one of the columns {', '.join(CANVAS_KEYS)} "
                     "(Canvas's ID, SIS User ID or SIS Login ID)")


def _raw(row: list[str], index: int) -> str:
    """A cell as Canvas wrote it (its "    Points Possible" keeps its spaces); short rows read as empty."""
    return row[index] if index < len(row) else ""


def _cell(row: list[str], index: int) -> str:
    return _raw(row, index).strip()


def canvas_csv(template: str, source: str, rows: Iterable[tuple[str, Results]], roster: Roster,
               points: float | None = None, column: str | None = None) -> Export:
    """The gradebook import for one Canvas assignment, from the instructor's export `template`."""
    table = list(csv.reader(io.StringIO(template.removeprefix("\ufeff"))))
    header = [cell.strip() for cell in table[0]] if table else []
    if "Student" not in header or "ID" not in header:
        raise UsageError(f"{source}: not a Canvas gradebook export (no Student and ID columns); export it "
                         "from the Gradebook: Export > Export Entire Gradebook")
    target = _assignment_column(header, column, source)
    key = _canvas_key(roster, header)
    key_at, id_at, name_at = header.index(CANVAS_KEY_HEADERS[key]), header.index("ID"), header.index("Student")
    keep = [index for index, name in enumerate(header) if name in CANVAS_IDENTITY] + [target]
    preamble = [row for row in table[1:] if not _cell(row, id_at) and any(_cell(row, i) for i in range(len(row)))]
    enrolled = [row for row in table[1:] if _cell(row, id_at)]
    if points is None:
        possible = [_cell(row, target) for row in preamble if _cell(row, name_at) == POINTS_POSSIBLE]
        points = float(possible[0]) if possible and re.fullmatch(r"\d+(\.\d+)?", possible[0]) else None

    results = _by_student(rows)
    by_key = roster.index(key)
    lms_keys = {_cell(row, key_at) for row in enrolled}
    not_in_roster = [safe_name(s) for s in results if roster.value(s, key) is None]
    not_in_lms = [f"{safe_name(s)} ({key} {roster.value(s, key)})" for s in results
                  if roster.value(s, key) is not None and roster.value(s, key) not in lms_keys]
    out = [[header[index] for index in keep]]
    out += [[_raw(row, index) for index in keep[:-1]] + [format_points(points) if _cell(row, name_at) == POINTS_POSSIBLE
                                                        and points is not None else _raw(row, target)]
            for row in preamble]
    without, not_graded, written = [], [], 0
    for row in enrolled:
        student = by_key.get(_cell(row, key_at))
        who = f"{_cell(row, name_at)} ({CANVAS_KEY_HEADERS[key]} {_cell(row, key_at)})"
        if student is None or student not in results:
            without.append(who)
        elif results[student].grader_error is not None:
            not_graded.append(f"{safe_name(student)}: {results[student].grader_error}")
        else:
            out.append([_raw(row, index) for index in keep[:-1]] + [scaled(results[student], points)])
            written += 1
    return Export(_csv(out), written, Unmatched(tuple(not_in_roster), tuple(not_in_lms), tuple(without),
                                                tuple(not_graded)))


# ---------------------------------------------------------------- Moodle


def moodle_csv(rows: Iterable[tuple[str, Results]], roster: Roster, identifier: str = "username",
               points: float | None = None, column: str = "Grade") -> Export:
    """Moodle's grade import CSV: identifier, grade, feedback; one row per graded student in the roster."""
    if identifier not in MOODLE_KEYS:
        raise UsageError(f"--moodle-id must be one of {', '.join(MOODLE_KEYS)}")
    if identifier not in roster.columns:
        raise UsageError(f"{roster.source}: no `{identifier}` column, which --moodle-id {identifier} reads")
    roster.index(identifier)  # no identifier shared by two students
    results = _by_student(rows)
    out = [[MOODLE_KEYS[identifier], column, "Feedback"]]
    not_in_roster, not_graded = [], []
    for student, result in results.items():
        value = roster.value(student, identifier)
        if value is None:
            not_in_roster.append(safe_name(student))
        elif result.grader_error is not None:
            not_graded.append(f"{safe_name(student)}: {result.grader_error}")
        else:
            out.append([value, scaled(result, points), feedback_text(result)])
    without = [f"{safe_name(student)} ({identifier} {cells[identifier]})" for student, cells in
               sorted(roster.entries.items()) if student not in results and identifier in cells]
    return Export(_csv(out, lines_in=2), len(out) - 1, Unmatched(tuple(not_in_roster), (), tuple(without), tuple(not_graded)))
