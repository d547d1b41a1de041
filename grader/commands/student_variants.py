"""Per-student variants for `grade`: each student's variant from a roster column (`--variants-from
roster.csv:COLUMN`, the one roster format of grader/report/roster.py) or from their id alone
(`--variants-by-id`, grader/spec/variants.py's `student_variant`), and, for a student who lost points,
whether another variant's rules fit their program clearly better (grader/commands/variant_fit.py)."""

from __future__ import annotations

import argparse
import io
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Callable

from grader.base.errors import UsageError
from grader.base.escaping import safe_name
from grader.base.files import private_folder, write_atomically
from grader.batch.progress import Progress
from grader.batch.run import Batch
from grader.batch.students import STUDENTS, Outcome, student_folder
from grader.commands.options import variant_specs
from grader.commands.platform_variant import roster_column
from grader.commands.variant_fit import closer_variant, every_variant, failed_specs
from grader.report.formats import SUBMISSION_FORMATS, Submission, render
from grader.report.results import Results
from grader.report.roster import read_roster
from grader.spec.assignment import Assignment
from grader.spec.variants import Variant, student_variant, unequal_points
from grader.spec.specs import Spec

SHOWN = 5  # students named in one error before "and N more"


def add_variant_choice(parser: argparse.ArgumentParser) -> None:
    """--variants-from and --variants-by-id: how `grade` gives each student a variant."""
    parser.add_argument("--variants-from", type=roster_column, metavar="ROSTER.csv:COLUMN",
                        help="each student's variant from this column of the class roster (its `student` column "
                             "holds the student ids)")
    parser.add_argument("--variants-by-id", action="store_true",
                        help="each student's variant from their id alone: SHA-256 of the id, its first 8 bytes as a "
                             "number, modulo the number of variants (the same id always gets the same variant)")


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


Group = tuple[Assignment, list[Spec], list[tuple[str, Path]]]  # a variant, its specs, its students


def groups(assignment: Assignment, specs: list[Spec], students: list[tuple[str, Path]],
           chosen: dict[str, Variant] | None) -> list[Group]:
    """The class cut by variant, in the variants' order (one group, the assignment's variant, without
    per-student variants); `specs` every variant's, each group gets its own."""
    if chosen is None:
        return [(assignment, variant_specs(assignment, specs), students)]
    return [(graded, mine, who) for graded, mine in every_variant(assignment, specs)
            if (who := [(student, path) for student, path in students if chosen[student] == graded.variant])]


def run_groups(cut: list[Group], make: Callable[..., Batch], progress: Progress) -> list[Outcome]:
    """Every group's batch, one after the other; the outcomes in the class's order."""
    found = {outcome.student: outcome for group in cut for outcome in make(group, progress).run()}
    return [found[student] for group in cut for student, _ in group[2]]


def cross_check(outcomes: list[Outcome], cut: list[Group], every: list[tuple[Assignment, list[Spec]]],
                make: Callable[..., Batch], heading: str, out: Path) -> None:
    """For each student graded now who lost points, the specs they failed graded by every other variant's
    rules (in a scratch folder, nothing of it kept), and `looks_like` written into their results and
    feedback where another variant fits clearly better."""
    paths = {student: path for _, _, students in cut for student, path in students}
    losing = [o for o in outcomes if o.status == "graded" and o.problem is None and o.results.score < o.results.max_score]
    others: dict[str, dict[str, Results]] = {outcome.student: {} for outcome in losing}
    with tempfile.TemporaryDirectory(prefix="grader-variants-") as scratch:
        for assignment, specs in every:
            name = assignment.variant.name if assignment.variant else ""
            who = [o for o in losing if o.results.variant != name]
            failed = {spec for o in who for spec in failed_specs(o.results)}
            mine = [spec for spec in specs if spec.id in failed]
            if not who or not mine:
                continue
            (Path(scratch) / name).mkdir()
            private_folder(Path(scratch) / name / STUDENTS)
            group = (assignment, mine, [(o.student, paths[o.student]) for o in who])
            for outcome in make(group, Progress(len(who), io.StringIO()), Path(scratch) / name).run():
                others[outcome.student][name] = outcome.results
    for outcome in losing:
        found = closer_variant(outcome.results, others[outcome.student])
        if found is not None:
            outcome.results = replace(outcome.results, looks_like=found)
            folder = student_folder(out, outcome.student)
            for format in ("results", "feedback"):
                write_atomically(folder / SUBMISSION_FORMATS[format].file,
                                 render(format, Submission(outcome.results, heading=heading)))


def variants_said(outcomes: list[Outcome]) -> str:
    """One line for the console: how many students each variant has, and who looks written for another's."""
    counts: dict[str, int] = {}
    for outcome in outcomes:
        counts[outcome.results.variant or "?"] = counts.get(outcome.results.variant or "?", 0) + 1
    flagged = [f"{safe_name(o.student)} ({o.results.looks_like[0]})" for o in outcomes if o.results.looks_like]
    return (f"variants: {', '.join(f'{name} {count}' for name, count in counts.items())} student(s); "
            f"{len(flagged)} look written for another variant's rules" + (f": {', '.join(flagged)}" if flagged else ""))
