"""Which specs grade a variant, and whether a submission looks written for another variant's rules ("this
looks like variant B's rules"): the specs it failed, graded again by every other variant's rules, give
back most of the points it lost. Decided here once, for `check` (run at once) and `grade` (run as units
of the batch)."""

from __future__ import annotations

from grader.report.results import Results
from grader.spec.assignment import Assignment, with_variant
from grader.spec.specs import Spec
from grader.spec.variants import for_variant

CLEARLY = 0.5  # another variant fits clearly better when its rules give back this share of the points lost


def variant_specs(assignment: Assignment, specs: list[Spec]) -> list[Spec]:
    """The specs that grade the assignment's variant (a spec marked `variants:` grades those only)."""
    return [spec for spec in specs if for_variant(spec.variants, assignment.variant)]


def every_variant(assignment: Assignment, specs: list[Spec]) -> list[tuple[Assignment, list[Spec]]]:
    """The assignment graded by each of its variants, with that variant's specs (of `specs`, every variant's)."""
    graded = [with_variant(assignment, variant.name) for variant in assignment.variants]
    return [(each, variant_specs(each, specs)) for each in graded]


def failed_specs(results: Results) -> set[str]:
    """The ids of the specs a submission lost points in: the only ones graded again by other variants."""
    return {test.spec for test in results.tests if not test.passed}


def fitting_runs(own: Results, assignment: Assignment, specs: list[Spec]) -> list[tuple[Assignment, list[Spec]]]:
    """What to run to fit a submission graded by `assignment`'s variant (`own`, before any late penalty):
    each other variant with the specs it failed (of `specs`, every variant's); none for full marks."""
    if own.score >= own.max_score:
        return []
    failed = failed_specs(own)
    runs = []
    for each, mine in every_variant(assignment, specs):
        again = [spec for spec in mine if spec.id in failed]
        if each.variant != assignment.variant and each.variant is not None and again:
            runs.append((each, again))
    return runs


def closer_variant(own: Results, others: dict[str, Results]) -> tuple[str, float] | None:
    """The variant whose rules fit a submission clearly better than its own: graded by them (`others`, the
    specs it failed only), the failed specs give back at least CLEARLY of the points lost; the one that
    gives back most (the first declared on a tie). None when no other fits clearly better."""
    lost = own.max_score - own.score
    failed = failed_specs(own)
    best: tuple[str, float] | None = None
    for name, results in others.items():
        back = sum(test.score - (own.test(test.spec).score if own.test(test.spec) else 0.0)
                   for test in results.tests if test.spec in failed)
        if lost > 0 and back >= CLEARLY * lost and (best is None or back > best[1]):
            best = (name, back)
    return best
