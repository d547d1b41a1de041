"""Specs an assignment cannot play, found before any program runs: of the other kind than the assignment (web
or console), a referee it lacks or settings its referee refuses, a variant it does not have. `validate`
reports them among malformed specs; every command that grades stops at them."""

from __future__ import annotations

from grader.engine.referee import RefereeError, start_referee
from grader.spec.assignment import Assignment
from grader.spec.errors import SpecError
from grader.spec.specs import Spec


def kind_problems(assignment: Assignment, specs: list[Spec]) -> list[SpecError]:
    """Specs of the other kind than the assignment: web steps for a console program, or the reverse."""
    where = assignment.config
    if assignment.browser:
        return [SpecError(spec.path, None, f"{where} grades a web page (`transport: browser`): its specs click, "
                          "press and expect, not a console transcript") for spec in specs if not spec.web]
    return [SpecError(spec.path, None, f"a web spec (click, press, expect), but {where} grades a console program: "
                      "a web page's assignment.yaml says `transport: browser`") for spec in specs if spec.web]


def referee_problems(assignment: Assignment, specs: list[Spec]) -> list[SpecError]:
    """Referee specs the assignment cannot play: no referee named, or settings its referee refuses (with
    the parameters of the variant graded); specs marked for a variant the assignment does not have."""
    problems = []
    names = [variant.name for variant in assignment.variants]
    for spec in specs:
        unknown = [name for name in spec.variants if name not in names]
        if unknown:
            known = f"its variants are {', '.join(names)}" if names else "it has no variants"
            problems.append(SpecError(spec.path, None, f"`variants:` names {', '.join(unknown)}, but "
                                      f"{assignment.config} does not: {known}"))
    for spec in (spec for spec in specs if spec.referee):
        if assignment.referee is None:
            problems.append(SpecError(spec.path, None, f"a referee spec, but {assignment.config} names no `referee`"))
            continue
        try:
            start_referee(assignment.referee, spec.seed or 0, spec.referee_settings,
                          parameters=assignment.variant.values if assignment.variant else None)
        except RefereeError as error:
            problems.append(SpecError(spec.path, None, str(error)))
    return problems
