"""A submission's results, built in one place from its verdicts and its plan, for `check` and `grade`
alike: the files left out of the runs, the variant and the assignment, a refused submission's problem,
the variant it looks written for, and the late penalty last."""

from __future__ import annotations

from dataclasses import replace

from grader.grading.plan import Plan
from grader.judge.judging import Verdict
from grader.report.lateness import with_late
from grader.report.results import Results, with_not_run, with_problem
from grader.report.text import build_results


def raw_results(plan: Plan, verdicts: list[Verdict], not_run: tuple[str, ...] = (), problem: str | None = None,
                refused: bool = False) -> Results:
    """The results before the variant is fitted and any late penalty: what fitting compares."""
    results = with_not_run(build_results(verdicts, reveal_hidden=plan.reveal_hidden), not_run)
    results = replace(results, variant=plan.variant, assignment=plan.assignment.slug)
    return results if problem is None else with_problem(results, problem, refused)


def final_results(plan: Plan, raw: Results, looks_like: tuple[str, float] | None = None) -> Results:
    """The results as written: the variant it looks written for, and the student's late penalty."""
    return with_late(replace(raw, looks_like=looks_like), plan.policy, plan.clock)
