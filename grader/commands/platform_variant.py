"""Which variant a submission graded on a platform has: one autograder holds every variant, and the
platform says who submitted. Gradescope writes `/autograder/submission_metadata.json`, whose `users` list
each submitter's `email` (Gradescope's documented fields: `email`, `id`, `name`). `check
--variant-from-metadata FILE` reads the first user's email and takes their variant from `variants.csv`
beside assignment.yaml (columns `email,variant`, written by `gradescope --variants-from`), or, without
that file, from the email by the same hash `grade --variants-by-id` uses (grader/spec/variants.py)."""

from __future__ import annotations

import argparse
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


def submitter(metadata: Any, source: str) -> str:
    """The first submitter's email from Gradescope's submission metadata."""
    users = metadata.get("users") if isinstance(metadata, dict) else None
    email = users[0].get("email") if isinstance(users, list) and users and isinstance(users[0], dict) else None
    if not isinstance(email, str) or not email.strip():
        raise UsageError(f"{source}: no `users[0].email` to tell the submitter's variant by")
    return email.strip()


def parse_variants_file(text: str, source: str) -> dict[str, str]:
    """`email,variant` rows as {email: variant} (emails compared in lower case)."""
    rows = list(csv.DictReader(io.StringIO(text)))
    if rows and not {"email", "variant"} <= set(rows[0]):
        raise UsageError(f"{source}: expected the columns email,variant")
    return {row["email"].strip().lower(): row["variant"].strip() for row in rows if row.get("email")}


def variants_file(rows: dict[str, str]) -> str:
    """The text of variants.csv, rows sorted by email so the zip is the same on every build."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["email", "variant"])
    writer.writerows(sorted((email.lower(), variant) for email, variant in rows.items()))
    return out.getvalue()


def metadata_variant(path: Path, assignment: Assignment) -> str | None:
    """The name of the submitter's variant (None for an assignment without variants)."""
    if not assignment.variants:
        return None
    try:
        metadata = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise UsageError(f"{path}: cannot read the submission metadata ({error})") from None
    email = submitter(metadata, str(path))
    table = assignment.folder / VARIANTS_FILE
    if not table.is_file():
        return student_variant(email, assignment.variants).name
    found = parse_variants_file(table.read_text(encoding="utf-8"), str(table)).get(email.lower())
    if found is None:
        raise UsageError(f"{table}: no variant for {email}, the submitter")
    return found


def roster_column(text: str) -> tuple[Path, str]:
    """`roster.csv:variant` as (the roster file, the column)."""
    path, colon, column = text.rpartition(":")
    if not colon or not path or not column.strip():
        raise argparse.ArgumentTypeError(f"expected ROSTER.csv:COLUMN, such as roster.csv:variant, got {text!r}")
    return Path(path), column.strip()


def emailed_variants(args: argparse.Namespace, assignment: Assignment) -> dict[str, str] | None:
    """Each student's variant by email, from `--variants-from ROSTER:COLUMN` (the roster's `email` column),
    for an autograder that holds every variant; None without the option."""
    if getattr(args, "variants_from", None) is None:
        return None
    path, column = args.variants_from
    roster = read_roster(path)
    for needed, why in (("email", "the autograder knows a submitter by their email"), (column, "the variants")):
        if needed not in roster.columns:
            raise UsageError(f"{path}: no column {needed!r} ({why}); its columns are {', '.join(roster.columns)}")
    without = sorted(student for student, cells in roster.entries.items() if "email" not in cells)
    if without:
        raise UsageError(f"{path}: no email for {', '.join(without[:5])}: the autograder could not tell their variant")
    names = {variant.name for variant in assignment.variants}
    rows = {cells["email"]: cells.get(column, "") for cells in roster.entries.values()}
    wrong = sorted({email for email, variant in rows.items() if variant not in names})
    if wrong:
        raise UsageError(f"{path}: no known variant in the column {column} for {', '.join(wrong[:5])}; the variants are "
                         f"{', '.join(sorted(names)) or 'none'}")
    return rows
