"""Per-student variants for `grade`, from the command line: each student's variant from a roster column
(`--variants-from roster.csv:COLUMN`, the one roster format of grader/report/roster.py, matched by
grader/batch/students.py's `variants_from`) or from their id alone (`--variants-by-id`,
grader/spec/variants.py's `student_variant`). Whether another variant's rules fit a student's program
clearly better is grader/grading/variants.py's; the line that counts them, grader/batch/summary.py's."""

from __future__ import annotations

import argparse

from grader.base.errors import UsageError
from grader.batch.students import variants_from
from grader.commands.platform_variant import roster_column
from grader.report.roster import read_roster
from grader.spec.assignment import Assignment
from grader.spec.variants import Variant, student_variant, unequal_points
from grader.spec.specs import Spec


def add_variant_choice(parser: argparse.ArgumentParser) -> None:
    """--variants-from and --variants-by-id: how `grade` gives each student a variant."""
    parser.add_argument("--variants-from", type=roster_column, metavar="ROSTER.csv:COLUMN",
                        help="each student's variant from this column of the class roster (its `student` column "
                             "holds the student ids)")
    parser.add_argument("--variants-by-id", action="store_true",
                        help="each student's variant from their id alone: SHA-256 of the id, its first 8 bytes as a "
                             "number, modulo the number of variants (the same id always gets the same variant)")


def student_variants(args: argparse.Namespace, assignment: Assignment, students: list[str],
                     specs: list[Spec]) -> dict[str, Variant] | None:
    """Each student's variant, or None when `grade` grades everyone by one variant (`--variant`)."""
    if args.variants_from is None and not args.variants_by_id:
        return None
    if args.variants_from is not None and args.variants_by_id:
        raise UsageError("--variants-from and --variants-by-id: give one of the two")
    if args.variant is not None:
        raise UsageError("--variant grades everyone by one variant: leave it out with --variants-from or --variants-by-id")
    if len(assignment.variants) < 2:
        raise UsageError(f"{assignment.config} has no variants to give students "
                         "(assignment.yaml `variants:`)")
    unequal = unequal_points([(spec.variants, spec.points) for spec in specs], assignment.variants)
    if unequal:
        raise UsageError(f"{unequal}; every student must be graded out of the same")
    if args.variants_by_id:
        return {student: student_variant(student, assignment.variants) for student in students}
    path, name = args.variants_from
    roster = read_roster(path)
    if name not in roster.columns:
        raise UsageError(f"{path}: no column {name!r}; its columns are {', '.join(roster.columns)}")
    cells = {student: cells[name] for student, cells in roster.entries.items() if name in cells}
    return variants_from(cells, f"{path}, column {name}", students, assignment.variants)
