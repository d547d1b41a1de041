"""A plan: everything that decides one submission's grade, as plain data, built by a command from its
arguments and handed to the owner (grader/grading/submission.py) or scheduled by `grade`'s batch."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from grader.engine.intake import IntakeLimits
from grader.engine.runner import Options
from grader.sandbox.limits import Limits
from grader.spec.assignment import BROWSER, Assignment
from grader.spec.deadlines import LatePolicy, StudentClock
from grader.spec.specs import Spec


@dataclass(frozen=True)
class Plan:
    """One submission's grading: the assignment by its variant, the specs run (that variant's), the run
    options, the intake limits, and the student's own settings: their late clock and time factor. `every`:
    every variant's specs, to fit the submission to another variant's rules (empty: not fitted).
    `reveal_hidden`: the results keep hidden specs' failures (the instructor's copy)."""
    assignment: Assignment
    specs: tuple[Spec, ...]
    options: Options
    intake: IntakeLimits = field(default_factory=IntakeLimits)
    every: tuple[Spec, ...] = ()
    policy: LatePolicy | None = None
    clock: StudentClock | None = None
    reveal_hidden: bool = True

    @property
    def variant(self) -> str | None:
        """The variant's name written into the results (None: an assignment without variants)."""
        return self.assignment.variant.name if self.assignment.variant else None


def with_time_factor(plan: Plan, factor: float) -> Plan:
    """The plan for a student with more (or less) time: every time limit of their runs times `factor`."""
    return replace(plan, options=replace(plan.options, time_factor=plan.options.time_factor * factor))


def assignment_options(assignment: Assignment, options: Options | None = None) -> Options:
    """`options` for grading this assignment's program: its file name, command, referee, variant, limits
    and transport."""
    variant = assignment.variant
    options = options or Options(limits=replace(Limits(), **dict(assignment.limits)))
    return replace(options, script=assignment.program, command=assignment.command,
                   referee=str(assignment.referee or ""), config=str(assignment.config),
                   variant=variant.name if variant else "", parameters=variant.parameters if variant else (),
                   transport=BROWSER if assignment.browser else options.transport)
