"""A class's plans for `grade`: each student's plan by their variant (one for everyone without
per-student variants), their late clock and the class's options, in the order the gradebook lists them
(by variant, then the class's order)."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

from grader.engine.intake import IntakeLimits
from grader.engine.runner import Options
from grader.grading.plan import Plan, assignment_options, with_time_factor
from grader.grading.variants import every_variant, variant_specs
from grader.spec.assignment import Assignment
from grader.spec.deadlines import LatePolicy, StudentClock
from grader.spec.specs import Spec
from grader.spec.variants import Variant


def class_plans(assignment: Assignment, specs: list[Spec], students: list[tuple[str, Path]],
                chosen: Mapping[str, Variant] | None, options: Options, intake: IntakeLimits,
                late: tuple[LatePolicy, Mapping[str, StudentClock]] | None,
                factors: Mapping[str, float] | None = None) -> list[tuple[str, Path, Plan]]:
    """Each student's plan (`specs`: every variant's; `chosen`: each student's variant, None for the
    assignment's own for everyone, and then no fitting; `factors`: a student's time factor, an accommodation)."""
    policy, clocks = late or (None, {})
    if chosen is None:
        groups = [(assignment, variant_specs(assignment, specs), students)]
    else:
        groups = [(graded, mine, [(student, path) for student, path in students if chosen[student] == graded.variant])
                  for graded, mine in every_variant(assignment, specs)]
    every = tuple(specs) if chosen is not None else ()
    return [(student, path, with_time_factor(Plan(graded, tuple(mine), assignment_options(graded, options), intake,
                                                  every=every, policy=policy, clock=clocks.get(student)),
                                             (factors or {}).get(student, 1.0)))
            for graded, mine, who in groups for student, path in who]
