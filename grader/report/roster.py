"""The class roster: a CSV that maps our student ids (the submission folder names) to who they are in
the LMS. One row per student; the `student` column is required, every other column is optional and
means the same thing wherever a roster is read:

    student,name,canvas_id,sis_user_id,sis_login_id,username,idnumber,email
    ada,Ada Lovelace,1001,S-17,ada,ada,20231,ada@uni.example

`canvas_id`, `sis_user_id` and `sis_login_id` are Canvas's "ID", "SIS User ID" and "SIS Login ID";
`username`, `idnumber` and `email` are what Moodle's grade import can identify a user by. Extra columns
(a section, a variant) are kept, so later commands can read them from the same file. Parsing is pure;
every error names the file, the line and what is wrong."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from grader.base.errors import UsageError
from grader.base.escaping import safe_name

STUDENT = "student"
CANVAS_KEYS = ("canvas_id", "sis_user_id", "sis_login_id")
MOODLE_KEYS = {"username": "Username", "idnumber": "ID number", "email": "Email address"}


@dataclass(frozen=True)
class Roster:
    """Who is who: `entries[student][column]` is that student's non-empty cell of `column`."""

    source: str
    columns: tuple[str, ...]
    entries: dict[str, dict[str, str]]

    def value(self, student: str, column: str) -> str | None:
        return self.entries.get(student, {}).get(column)

    def index(self, column: str) -> dict[str, str]:
        """The students by their value in `column`; a value two students share is an error, since a
        grade would land on one of them by chance."""
        found: dict[str, str] = {}
        for student, cells in self.entries.items():
            value = cells.get(column)
            if value is None:
                continue
            if value in found:
                raise UsageError(f"{self.source}: students {safe_name(found[value])} and {safe_name(student)} "
                                 f"share the {column} {safe_name(value)!r}")
            found[value] = student
        return found


def parse_roster(text: str, source: str) -> Roster:
    """A roster from CSV text (a leading byte-order mark, as Excel writes, is ignored)."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff")))
    header = [cell.strip() for cell in next(reader, [])]
    if STUDENT not in header:
        raise UsageError(f"{source}: a roster needs a `{STUDENT}` column (the submission folder names); "
                         f"its first line is {', '.join(header) or 'empty'}")
    duplicated = sorted({name for name in header if name and header.count(name) > 1})
    if duplicated:
        raise UsageError(f"{source}: column(s) named twice: {', '.join(duplicated)}")
    entries: dict[str, dict[str, str]] = {}
    for line, row in enumerate(reader, start=2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(header):
            raise UsageError(f"{source}, line {line}: {len(row)} cells but the header names {len(header)}")
        cells = {name: cell.strip() for name, cell in zip(header, row) if name and cell.strip()}
        student = cells.pop(STUDENT, None)
        if student is None:
            raise UsageError(f"{source}, line {line}: no student id in the `{STUDENT}` column")
        if student in entries:
            raise UsageError(f"{source}, line {line}: student {safe_name(student)} is listed twice")
        entries[student] = cells
    return Roster(source=source, columns=tuple(name for name in header if name), entries=entries)


def read_roster(path: Path) -> Roster:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: no such roster file") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text (save the roster as CSV UTF-8)") from None
    except OSError as error:
        raise UsageError(f"{path}: cannot read the roster ({error.strerror})") from None
    return parse_roster(text, str(path))
