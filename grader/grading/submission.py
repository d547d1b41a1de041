"""The owner of grading one submission in this process: admitted, run, judged, its results built and its
variant fitted, by one plan. `check` and `validate` call it; `mutants` grades many submissions' verdicts
at once through it; `grade`'s batch runs the same steps spread over workers, with the same functions for
results and fitting."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterator, Sequence

from grader.engine.browser import driver_pids
from grader.engine.intake import Admitted, admit, refused
from grader.engine.pages import close_browsers
from grader.engine.replay import replay_keyless
from grader.engine.runner import grade_spec
from grader.explore.part import check_with_part
from grader.grading.plan import Plan, assignment_options
from grader.grading.results import final_results, raw_results
from grader.grading.variants import closer_variant, fitting_runs
from grader.judge.judging import Verdict
from grader.report.results import Results
from grader.sandbox import proc
from grader.sandbox.reaping import become_subreaper, kill_orphans
from grader.spec.specs import Spec


@dataclass(frozen=True)
class Graded:
    """One submission graded: what was admitted of it, each spec's verdict, and its results."""
    admitted: Admitted
    verdicts: tuple[Verdict, ...]
    results: Results


def admitted(plan: Plan, submission: Path) -> Admitted:
    """The submission's program found and its folder checked against the plan's intake limits."""
    return admit(submission, plan.options.script, plan.intake)


def grade_submission(plan: Plan, submission: Path, jobs: int = 1) -> Graded:
    """One submission graded by `plan`: `jobs` specs at once."""
    found = admitted(plan, submission)
    if found.folder is None:
        verdicts = refused(list(plan.specs), found.problem or "")
        return Graded(found, tuple(verdicts), final_results(plan, raw_results(plan, verdicts, problem=found.problem,
                                                                               refused=found.refused)))
    verdicts = _run(plan, found.folder, list(plan.specs), jobs)
    raw = raw_results(plan, verdicts, found.not_run)
    others = {other.variant.name: raw_results(plan, _run(replace(plan, assignment=other), found.folder, again, jobs))
              for other, again in fitting_runs(raw, plan.assignment, list(plan.every)) if other.variant}
    return Graded(found, tuple(verdicts), final_results(plan, raw, closer_variant(raw, others)))


def as_played(plan: Plan, folder: Path, verdicts: list[Verdict]) -> list[Verdict]:
    """The verdicts the way the program plays: one that never reads the key has its rule specs replayed
    its own way (grader/engine/replay.py), so `check` and `grade` give it one score."""
    return replay_keyless(folder, verdicts, assignment_options(plan.assignment, plan.options))


def grade_each(work: Sequence[tuple[Plan, Path]], jobs: int = 1) -> list[tuple[Verdict, ...]]:
    """Each submission's verdicts by its own plan (its specs as specs: no part of random games), as played:
    every admitted submission's runs share one pool, `jobs` at a time, taken in the order given (put the
    longest first, so that they do not make the pool's tail); a refused one's verdicts say why."""
    found = [admitted(plan, submission) for plan, submission in work]
    runs = [(index, spec) for index, ((plan, _), admission) in enumerate(zip(work, found)) if admission.folder
            for spec in plan.specs]
    by_submission: dict[int, list[Verdict]] = {index: [] for index in range(len(work))}

    def run(pair: tuple[int, Spec]) -> Verdict:
        index, spec = pair
        plan, folder = work[index][0], found[index].folder
        assert folder is not None  # only admitted submissions are run
        return grade_spec(folder, spec, assignment_options(plan.assignment, plan.options))

    def played(index: int) -> tuple[Verdict, ...]:
        plan, admission = work[index][0], found[index]
        if admission.folder is None:
            return tuple(refused(list(plan.specs), admission.problem or ""))
        return tuple(as_played(plan, admission.folder, by_submission[index]))

    with _reaping(), ThreadPoolExecutor(max_workers=max(jobs, 1)) as pool:
        try:
            for (index, _), verdict in zip(runs, pool.map(run, runs)):
                by_submission[index].append(verdict)
        finally:
            close_browsers()  # the web pages' browsers, kept while a thread plays one submission's specs
        return list(pool.map(played, range(len(work))))


@contextmanager
def _reaping() -> Iterator[None]:
    """Whatever the runs inside leave behind is killed at the end: a program that escapes its process group
    still ends with us. The children this process had before (a caller's own helpers) are not the runs'."""
    subreaper = become_subreaper()
    before = set(proc.children(os.getpid()))
    try:
        yield
    finally:
        if subreaper:
            kill_orphans(before | driver_pids())  # the browser's driver is this process's helper, not an orphan


def _run(plan: Plan, folder: Path, specs: list[Spec], jobs: int) -> list[Verdict]:
    """The verdicts of `specs`, run by the plan's assignment (its variant's options) and as played."""
    options = assignment_options(plan.assignment, plan.options)
    with _reaping():
        return as_played(plan, folder, check_with_part(folder, specs, options, jobs=jobs))
