"""The students of a class folder, each one's variant from a roster column, the output layout of `grade`
(`OUT/gradebook.csv`, `OUT/report.html`, `OUT/students/<id>/...`), and what happened to each student."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from grader.base.errors import UsageError
from grader.base.escaping import safe_name, student_id
from grader.report.formats import CLASS_FORMATS, SUBMISSION_FORMATS
from grader.report.results import Results
from grader.spec.variants import Variant

RESULTS, FEEDBACK, JUNIT = (SUBMISSION_FORMATS[name].file for name in ("results", "feedback", "junit"))
GRADEBOOK, REPORT = (CLASS_FORMATS[name].file for name in ("gradebook", "report"))
HASH, ERROR_LOG, STUDENTS = "inputs.sha256", "grader-error.txt", "students"
SHOWN = 5  # students named in one error before "and N more"
NAME_BYTES = 120  # the longest student id used whole as a file name (file systems allow 255 bytes)


@dataclass
class Outcome:
    student: str
    status: str  # "graded", "unchanged" or "error"
    results: Results
    seconds: float = 0.0
    error: str | None = None  # why the grader failed on them ("error")
    problem: str | None = None  # why their submission could not be run (graded 0), e.g. no program


def student_folder(out: Path, student: str) -> Path:
    """Where one student's files go: `OUT/students/<id>/`, apart from the class-level files at the top of
    OUT, so that no student id (`gradebook.csv`, `report.html`...) can collide with them."""
    return out / STUDENTS / file_name(student)


def file_name(student: str) -> str:
    """`student` as a file name: an id longer than NAME_BYTES (255 bytes of control characters escape to
    1,020) is cut and ends in a hash of the whole id, so it stays distinct from every other id, cut or
    whole (a cut one is always longer than NAME_BYTES). The gradebook keeps the whole id."""
    whole = student.encode()
    if len(whole) <= NAME_BYTES:
        return student
    return f"{whole[:NAME_BYTES].decode(errors='ignore')}~{hashlib.sha256(whole).hexdigest()[:16]}"


def find_students(class_dir: Path, out_dir: Path) -> list[tuple[str, Path]]:
    """(student id, their entry) for every entry of the class folder but hidden ones (`.git`, `__MACOSX`)
    and OUT itself. A file stays in: that student is graded as having no program, not left out. The id is
    the entry's name made safe to show and to use as a file name (`escaping.student_id`: any bytes, control
    or bidi characters become visible escapes), one id per name, whatever else the folder holds."""
    out = out_dir.resolve()
    return [(student_id(entry.name), entry) for entry in sorted(class_dir.iterdir())
            if not entry.name.startswith((".", "__")) and entry.resolve() != out]


def _listed(names: list[str]) -> str:
    shown = ", ".join(safe_name(name) for name in names[:SHOWN])
    return shown + (f" and {len(names) - SHOWN} more" if len(names) > SHOWN else "")


def variants_from(column: dict[str, str], source: str, students: list[str],
                  variants: tuple[Variant, ...]) -> dict[str, Variant]:
    """Each student's variant from their cell of a roster column (student id: cell); a student without
    one, or with a name the assignment does not have, is a UsageError naming them."""
    named = {variant.name: variant for variant in variants}
    missing = [student for student in students if student not in column]
    if missing:
        raise UsageError(f"{source}: no variant for {_listed(missing)} (every student needs a row and a cell)")
    unknown = sorted({column[student] for student in students} - set(named))
    if unknown:
        raise UsageError(f"{source}: no variant {_listed(unknown)} in the assignment; its variants are "
                         f"{', '.join(named)}")
    return {student: named[column[student]] for student in students}
