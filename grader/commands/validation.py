"""`grader validate`: is the spec suite itself sound? Run before anyone is graded with it.

Checks, in order: every spec file is well formed; no two specs type the same inputs (one of them proves
nothing); no two specs share a name (the gradebook tells them apart by name); the reference earns full
marks on every spec; the student template earns zero on every spec, each failure being an ordinary
difference (never a crash, a hang or a grader error). Exit status as in `check`: 0 the suite is sound,
1 a check failed, 2 validation could not run (a malformed spec, a missing reference or template).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from grader.base.errors import UsageError
from grader.judge.judging import CRASH, FLOOD, HANG, NO_PROGRAM, OVER_LIMIT, SYNTAX, Verdict
from grader.report.text import failure_details
from grader.base.helptext import add_command
from grader.spec.assignment import Assignment, load_assignment
from grader.commands.options import add_assignment_options, chosen_assignment, kind_problems, referee_problems
from grader.grading.variants import variant_specs
from grader.grading.plan import assignment_options
from grader.grading.variant_files import filled_copy
from grader.spec.variants import unequal_points
from grader.engine.runner import Options, check_submission
from grader.spec.errors import SpecError
from grader.spec.specs import Spec, parse_folder
from grader.base.project import REFERENCE, TEMPLATE, default_jobs

# How the template may fail a spec: it runs, it answers, its answers are wrong. Anything else (it
# crashed, hung, flooded, is missing) means students would start from a grader error.
BROKEN_TEMPLATE = (CRASH, SYNTAX, HANG, FLOOD, NO_PROGRAM, OVER_LIMIT)


@dataclass
class Validation:
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
    return [
        f"{v.spec.id}: the reference fails it ({v.kind}); re-record it with `python3 -m grader record {v.spec.path}`\n"
        + _indented(failure_details(v))
        for v in verdicts if not v.passed
    ]


def template_problems(verdicts: list[Verdict]) -> list[str]:
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


def validate(directory: Path, reference: Path = REFERENCE, template: Path = TEMPLATE,
             options: Options | None = None, jobs: int = 1, assignment: Assignment | None = None) -> Validation:
    assignment = assignment or load_assignment()
    options = options or assignment_options(assignment)
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
    result.problems += reference_problems(check_submission(reference, specs, options, jobs))
    result.problems += template_problems(check_submission(template, specs, options, jobs))
    return result


def render(result: Validation, directory: Path, assignment: Assignment | None = None) -> str:
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


def cmd_validate(args: argparse.Namespace) -> int:
    assignment = chosen_assignment(args)
    directory = Path(args.specs) if args.specs else assignment.specs
    with filled_copy(Path(args.reference or assignment.reference), assignment) as reference, \
            filled_copy(Path(args.template or assignment.template), assignment) as template:
        result = validate(directory, reference, template, jobs=args.jobs, assignment=assignment)
    sys.stdout.write(render(result, directory, assignment))
    return result.status


def add_validate(commands: argparse._SubParsersAction) -> None:
    check = add_command(
        commands, "validate", "check the spec suite against the reference and the template",
        "Check that the specs themselves are sound, before anyone is graded with them: every spec file is "
        "well formed; no two specs type the same inputs (one of them would prove nothing); no two share a "
        "name (the gradebook tells them apart by name); the reference solution earns full marks on every "
        "spec; the student template earns zero on every spec, each failure an ordinary difference (never a "
        "crash, a hang or a grader error).",
        [("validate", "check the digit game's specs (what `make validate` and `make test` run)"),
         ("validate --assignment assignments/colour", "check another assignment's specs"),
         ("validate --assignment assignments/colour --variant ten-rows", "check them for one of its variants"),
         ("validate --specs new-specs/", "check a folder of specs being written")],
        [(0, "the specs are sound"),
         (1, "a check failed (each problem is listed)"),
         (2, "could not run: a malformed spec, a missing reference or template, bad arguments")])
    add_assignment_options(check, variant=True)
    check.add_argument("--reference", metavar="DIR", help="must earn full marks (default: the assignment's reference/)")
    check.add_argument("--template", metavar="DIR", help="must earn zero (default: the assignment's student_template/)")
    check.add_argument("--jobs", type=int, default=default_jobs(), metavar="N",
                       help="specs run at once (default: every core, here %(default)s)")
    check.set_defaults(run=cmd_validate)
