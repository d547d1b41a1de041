"""Is a spec suite itself sound? `grader validate` asks, before anyone is graded with it.

Checks, in order: every spec file is well formed; no two specs type the same inputs (one of them proves
nothing); no two specs share a name (the gradebook tells them apart by name); the reference earns full
marks on every spec; the student template earns zero on every spec, each failure being an ordinary
difference (never a crash, a hang or a grader error). Exit status as in `check`: 0 the suite is sound,
1 a check failed, 2 validation could not run (a malformed spec, a missing reference or template).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from grader.base.errors import UsageError
from grader.base.project import REFERENCE, TEMPLATE
from grader.grading.plan import Plan, assignment_options
from grader.grading.playable import kind_problems, referee_problems
from grader.grading.submission import grade_submission
from grader.grading.variants import variant_specs
from grader.judge.judging import CRASH, FLOOD, HANG, NO_PROGRAM, OVER_LIMIT, SYNTAX, Verdict
from grader.report.text import failure_details
from grader.spec.assignment import Assignment, load_assignment
from grader.spec.errors import SpecError
from grader.spec.specs import Spec, parse_folder
from grader.spec.variants import unequal_points

# How the template may fail a spec: it runs, it answers, its answers are wrong. Anything else (it
# crashed, hung, flooded, is missing) means students would start from a grader error.
BROKEN_TEMPLATE = (CRASH, SYNTAX, HANG, FLOOD, NO_PROGRAM, OVER_LIMIT)


@dataclass
class Validation:
    """What validating a suite found: its specs (the variant's), the malformed ones, and the problems."""

    specs: list[Spec] = field(default_factory=list)
    malformed: list[SpecError] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # each a paragraph: what is wrong and where

    @property
    def status(self) -> int:
        if self.malformed:
            return 2
        return 1 if self.problems else 0


def load_all(directory: Path) -> tuple[list[Spec], list[SpecError]]:
    """Every spec of the folder, and every malformed one (load_specs stops at the first bad folder)."""
    if not directory.is_dir():
        raise UsageError(f"{directory}: no such folder of specs")
    specs, errors = parse_folder(directory)
    if not specs and not errors:
        raise UsageError(f"{directory}: no spec files (*.yaml)")
    return specs, errors


def duplicates(specs: list[Spec]) -> list[str]:
    """Specs that type the same inputs (one proves nothing) or share a name (the gradebook tells them apart
    by name)."""
    problems = []
    by_inputs: dict[tuple[object, ...], list[Spec]] = {}
    by_name: dict[str, list[Spec]] = {}
    for spec in specs:  # a referee spec's "inputs" are its referee's seed and settings
        by_inputs.setdefault((spec.inputs, spec.arguments, spec.referee), []).append(spec)
        by_name.setdefault(spec.name, []).append(spec)
    for same in by_inputs.values():
        if len(same) > 1:
            ids = ", ".join(spec.id for spec in same)
            problems.append(f"specs {ids} type the same inputs: they test the same thing; change or remove one")
    for name, same in by_name.items():
        if len(same) > 1:
            ids = ", ".join(spec.id for spec in same)
            problems.append(f"specs {ids} have the same name {name!r}: students could not tell them apart")
    return problems


def _indented(lines: list[str]) -> str:
    return "\n".join("    " + line for line in lines)


def reference_problems(verdicts: list[Verdict]) -> list[str]:
    """Each spec the reference fails: a spec recorded from another program, or not recorded again."""
    return [
        f"{v.spec.id}: the reference fails it ({v.kind}); re-record it with `python3 -m grader record {v.spec.path}`\n"
        + _indented(failure_details(v))
        for v in verdicts if not v.passed
    ]


def template_problems(verdicts: list[Verdict]) -> list[str]:
    """Each spec the template passes (it tests nothing a student writes) or fails with a grader error."""
    problems = []
    for verdict in verdicts:
        if verdict.passed:
            problems.append(f"{verdict.spec.id}: the student template passes it: it gives points for the "
                            "template's placeholders, so it tests nothing a student writes")
        elif verdict.kind in BROKEN_TEMPLATE:
            problems.append(f"{verdict.spec.id}: the student template fails it with a grader error "
                            f"({verdict.kind}), not an ordinary difference\n" + _indented(failure_details(verdict)))
    return problems


def unequal_variants(assignment: Assignment, specs: list[Spec]) -> list[str]:
    """Every variant must be worth the same points, or a student's grade would depend on their variant."""
    problem = unequal_points([(spec.variants, spec.points) for spec in specs], assignment.variants)
    return [problem] if problem else []


def validate(directory: Path, reference: Path = REFERENCE, template: Path = TEMPLATE, jobs: int = 1,
             assignment: Assignment | None = None) -> Validation:
    """The suite in `directory` checked for the assignment's variant: its specs, and the reference and the
    template graded by the owner as `check` grades a submission, `jobs` specs at once."""
    assignment = assignment or load_assignment()
    options = assignment_options(assignment)
    for folder, what in ((reference, "reference"), (template, "student template")):
        if not (folder / options.script).is_file():
            raise UsageError(f"{folder}: no {options.script} ({what})")
    specs, malformed = load_all(directory)
    unplayable = kind_problems(assignment, specs) + referee_problems(assignment, specs)
    malformed += unplayable
    specs = [spec for spec in specs if spec.path not in {problem.path for problem in unplayable}]
    result = Validation(variant_specs(assignment, specs), malformed)
    result.problems += unequal_variants(assignment, specs)
    specs = result.specs
    result.problems += duplicates(specs)
    plan = Plan(assignment, tuple(specs), options)
    result.problems += reference_problems(list(grade_submission(plan, reference, jobs).verdicts))
    result.problems += template_problems(list(grade_submission(plan, template, jobs).verdicts))
    return result


def render(result: Validation, directory: Path, assignment: Assignment | None = None) -> str:
    """The report `validate` prints: each malformed spec and problem, then OK or FAILED."""
    specs = result.specs
    visible = sum(not s.hidden for s in specs)
    points = sum(s.points for s in specs)
    variant = assignment.variant if assignment else None
    out = [f"Validating {len(specs) + len(result.malformed)} spec file(s) in {directory}"
           + (f" for the variant {variant.describe()}" if variant else "")]
    for error in result.malformed:
        out.append(f"malformed: {error}")
    for problem in result.problems:
        out.append(f"problem: {problem}")
    if result.status == 0:
        out.append(f"OK: {len(specs)} specs ({visible} visible, {len(specs) - visible} hidden, {points:g} points): "
                   "all well formed and distinct; the reference earns full marks on each; the template earns 0 on "
                   "each with an ordinary difference")
    else:
        count = len(result.malformed) + len(result.problems)
        out.append(f"FAILED: {count} problem(s) with the suite" +
                   (" (malformed specs: nothing can be graded with this folder)" if result.malformed else ""))
    return "\n".join(out) + "\n"
