"""A submission's results, built in one place from its verdicts and its plan, for `check` and `grade`
alike: each spec's result (its text rendered by `grader.report.text`), the files left out of the runs,
the variant and the assignment, a refused submission's problem, the variant it looks written for, and
the late penalty last."""

from __future__ import annotations

from dataclasses import replace

from grader.grading.plan import Plan
from grader.judge.judging import Verdict, moment, total
from grader.report.lateness import with_late
from grader.report.results import Failure, Results, TestResult, with_not_run, with_problem
from grader.report.screenshots import screenshot_name
from grader.report.slips import crash_of, same_crashes, same_differences, told
from grader.report.text import HIDDEN_NOTE, first_step_problem, first_step_said, follower_lines, leader_lines


def failure_data(verdict: Verdict) -> Failure:
    """A failure as data, for the class summary and report."""
    if verdict.step is None:
        return Failure(verdict.kind)
    return Failure(verdict.kind, verdict.step, moment(verdict.spec, verdict.step),
                   told(verdict, verdict.step, verdict.actual or "").changed_lines(),
                   tuple(d.step for d in verdict.differences) or (verdict.step,), _cause(verdict))


def _cause(verdict: Verdict) -> str:
    """The failure in one line, for the class diagnosis: the crash's error, else a rule spec's first
    wrong fact; empty for a spec compared line by line (its changes say it)."""
    crash = crash_of(verdict)
    if crash is not None:
        return crash.error
    wrong = next((unit for unit in verdict.units if not unit.right), None)
    return wrong.said() if wrong is not None else ""


def build_results(verdicts: list[Verdict], reveal_hidden: bool = False) -> Results:
    """The results of one submission. A hidden spec shows a student only its name and points; its
    failure data is kept only with `reveal_hidden` (results the instructor keeps)."""
    score, maximum = total(verdicts)
    groups = same_differences(verdicts, reveal_hidden=False)
    crashes = same_crashes(verdicts, groups)
    told_in = {follower.spec.id: leader for leader in verdicts for follower in groups.get(leader.spec.id, [])}
    tests = []
    for verdict in verdicts:
        spec = verdict.spec
        if verdict.passed:
            output = "Passed."
        elif spec.id in told_in:
            output = "\n".join(follower_lines(verdict, told_in[spec.id]))
        elif spec.hidden or spec.id not in groups:
            output = HIDDEN_NOTE
        else:
            output = "\n".join(leader_lines(verdict, groups, crashes, by_name=True))
        keep = not verdict.passed and (reveal_hidden or not spec.hidden)
        leader_id = told_in[spec.id].spec.id if spec.id in told_in else None
        tests.append(TestResult(spec.id, spec.name, verdict.score, spec.points, verdict.passed, output,
                                spec.hidden, failure_data(verdict) if keep else None, leader_id,
                                screenshot_name(verdict) if keep else None))
    first = first_step_problem(verdicts, reveal_hidden=False)
    return Results(score, maximum, tuple(tests), output=first_step_said(first) if first else "", first_step=first)


def raw_results(plan: Plan, verdicts: list[Verdict], not_run: tuple[str, ...] = (), problem: str | None = None,
                refused: bool = False) -> Results:
    """The results before the variant is fitted and any late penalty: what fitting compares."""
    results = with_not_run(build_results(verdicts, reveal_hidden=plan.reveal_hidden), not_run)
    results = replace(results, variant=plan.variant, assignment=plan.assignment.slug)
    return results if problem is None else with_problem(results, problem, refused)


def final_results(plan: Plan, raw: Results, looks_like: tuple[str, float] | None = None) -> Results:
    """The results as written: the variant it looks written for, and the student's late penalty."""
    return with_late(replace(raw, looks_like=looks_like), plan.policy, plan.clock)
