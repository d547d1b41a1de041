"""Which variant a submission graded on a platform has: one autograder holds every variant, and each
platform tells who the student is in its own way; one lookup (`student_variant_name`) then gives the
variant, whatever the platform.

- Gradescope writes `/autograder/submission_metadata.json`, whose `users` list each submitter's `email`
  (Gradescope's documented fields: `email`, `id`, `name`): `check --variant-from-metadata FILE` takes the
  first user's email.
- Classroom 50 grades in the student's own GitHub Actions job, where `GITHUB_ACTOR` is the GitHub user
  whose push started the run: its autograder.py passes `check --variant-of username=LOGIN` (`username`
  is the GitHub login column of Classroom 50's own roster, students.csv).
- PrairieLearn tells the grader nothing about the student (/grade/data/data.json holds the question's
  data: its params, answers and options): `check --variant-from-data FILE` takes the variant's name from
  `params.variant`, which the question's server.py sets; see docs/platforms/prairielearn.md.

The lookup: the student's row of `variants.csv` beside assignment.yaml (columns `KEY,variant`, KEY the
roster column the platform knows students by; written by `gradescope`/`classroom50 --variants-from`), or,
without that file, the variant of their id by the hash `grade --variants-by-id` uses (grader/spec/variants.py).
A student the table has no row for is refused, never graded by another variant's rules."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from grader.base.errors import UsageError
from grader.report.roster import read_roster
from grader.spec.assignment import Assignment
from grader.spec.variants import student_variant

VARIANTS_FILE = "variants.csv"  # beside assignment.yaml in an autograder that holds a roster's variants
GRADESCOPE_KEY = "email"  # how Gradescope's metadata names a submitter
CLASSROOM50_KEY = "username"  # the GitHub login, as Classroom 50's students.csv names the column
KEY_COLUMNS = (GRADESCOPE_KEY, CLASSROOM50_KEY)


def submitter(metadata: Any, source: str) -> str:
    """The first submitter's email from Gradescope's submission metadata."""
    users = metadata.get("users") if isinstance(metadata, dict) else None
    email = users[0].get("email") if isinstance(users, list) and users and isinstance(users[0], dict) else None
    if not isinstance(email, str) or not email.strip():
        raise UsageError(f"{source}: no `users[0].email` to tell the submitter's variant by")
    return email.strip()


def question_variant(data: Any, source: str) -> str:
    """The variant PrairieLearn's question chose: `params.variant` of its data.json (set by server.py)."""
    params = data.get("params") if isinstance(data, dict) else None
    name = params.get("variant") if isinstance(params, dict) else None
    if not isinstance(name, str) or not name.strip():
        raise UsageError(f"{source}: no `params.variant`: the question's server.py must set data[\"params\"][\"variant\"] "
                         "to the name of one of the assignment's variants")
    return name.strip()


def parse_variants_file(text: str, source: str, key: str) -> dict[str, str]:
    """`KEY,variant` rows as {id: variant} (ids compared in lower case); `key` is the column the platform
    knows students by, and a table keyed by another is named, not misread."""
    rows = list(csv.DictReader(io.StringIO(text)))
    if rows and not {key, "variant"} <= set(rows[0]):
        raise UsageError(f"{source}: expected the columns {key},variant (this platform knows a student by their {key})")
    return {row[key].strip().lower(): row["variant"].strip() for row in rows if row.get(key)}


def variants_file(rows: dict[str, str], key: str) -> str:
    """The text of variants.csv, rows sorted by id so the bundle is the same on every build."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([key, "variant"])
    writer.writerows(sorted((student.lower(), variant) for student, variant in rows.items()))
    return out.getvalue()


def student_variant_name(student: str, key: str, assignment: Assignment) -> str:
    """The variant of the student the platform names (`student`, their `key`): their row of variants.csv,
    or the hash of their id when the autograder holds no table."""
    if not student.strip():
        raise UsageError(f"no {key} to tell the student's variant by: the platform did not say who submitted")
    table = assignment.folder / VARIANTS_FILE
    if not table.is_file():
        return student_variant(student.strip(), assignment.variants).name
    found = parse_variants_file(table.read_text(encoding="utf-8"), str(table), key).get(student.strip().lower())
    if found is None:
        raise UsageError(f"{table}: no variant for {student.strip()} (their {key}): not graded, so never by another "
                         "variant's rules; add their row and build the autograder again")
    return found


def _json(path: Path, what: str) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise UsageError(f"{path}: cannot read {what} ({error})") from None


def metadata_variant(path: Path, assignment: Assignment) -> str:
    """The variant of the submitter Gradescope's submission_metadata.json at `path` names."""
    return student_variant_name(submitter(_json(path, "the submission metadata"), str(path)), GRADESCOPE_KEY, assignment)


def data_variant(path: Path) -> str:
    """The variant PrairieLearn's question chose, from its data.json at `path`."""
    return question_variant(_json(path, "the question's data"), str(path))


def roster_variants(path: Path, column: str, assignment: Assignment, key: str) -> dict[str, str]:
    """Each student's variant by their `key` (the roster column the platform knows them by), from the
    roster's `column` (`--variants-from ROSTER:COLUMN`), for an autograder that holds every variant."""
    roster = read_roster(path)
    for needed, why in ((key, f"the autograder knows a student by their {key}"), (column, "the variants")):
        if needed not in roster.columns:
            raise UsageError(f"{path}: no column {needed!r} ({why}); its columns are {', '.join(roster.columns)}")
    without = sorted(student for student, cells in roster.entries.items() if key not in cells)
    if without:
        raise UsageError(f"{path}: no {key} for {', '.join(without[:5])}: the autograder could not tell their variant")
    names = {variant.name for variant in assignment.variants}
    rows = {cells[key]: cells.get(column, "") for cells in roster.entries.values()}
    wrong = sorted({student for student, variant in rows.items() if variant not in names})
    if wrong:
        raise UsageError(f"{path}: no known variant in the column {column} for {', '.join(wrong[:5])}; the variants are "
                         f"{', '.join(sorted(names)) or 'none'}")
    return rows
