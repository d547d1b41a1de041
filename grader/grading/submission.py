"""The owner of grading one submission: admitted, run, judged, its results built and its variant fitted,
by one plan. `Grading` holds the steps and their order: the runs it needs next, then its results. `check` and
`validate` take them in this process (`grade_submission`); `grade`'s batch takes the same steps with the runs
spread over worker processes; `mutants` grades many submissions' verdicts at once (`grade_each`)."""

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
from grader.spec.assignment import Assignment
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


Run = tuple[Assignment, tuple[Spec, ...]]  # specs to run, by the rules of an assignment's variant


class Grading:
    """One submission's grading as steps: while `graded` is None, run each of `runs` (its specs by its
    assignment's options) and hand back their verdicts with `take`. First the plan's own specs; then, for a
    submission that lost points and an assignment with variants, the specs it failed by each other variant's
    rules, to see whether it looks written for one of them."""

    def __init__(self, plan: Plan, submission: Path) -> None:
        self.plan = plan
        self.admitted = admitted(plan, submission)
        self.graded: Graded | None = None
        self.fitting = False  # the runs are the other variants', not the plan's own
        self._own: tuple[tuple[Verdict, ...], Results] | None = None
        if self.admitted.folder is None:
            verdicts = refused(list(plan.specs), self.admitted.problem or "")
            raw = raw_results(plan, verdicts, problem=self.admitted.problem, refused=self.admitted.refused)
            self._finish(tuple(verdicts), raw)
        self.runs: list[Run] = [] if self.graded else [(plan.assignment, plan.specs)]

    @property
    def folder(self) -> Path:
        """The admitted submission's program folder, where its runs run."""
        assert self.admitted.folder is not None, "a refused submission has no runs"
        return self.admitted.folder

    def take(self, verdicts: Sequence[Sequence[Verdict] | None]) -> None:
        """The verdicts of each of `runs`, in order, as the runs gave them; None for a fitting run that failed,
        which leaves its variant out. The program is replayed here where it never reads the key (`as_played`):
        an error of that replay in the plan's own run is raised, in a fitting run it leaves the variant out."""
        if not self.fitting:
            played = tuple(as_played(self.plan, self.folder, list(verdicts[0] or ())))
            raw = raw_results(self.plan, list(played), self.admitted.not_run)
            self.runs = [(other, tuple(again)) for other, again in
                         fitting_runs(raw, self.plan.assignment, list(self.plan.every))]
            self.fitting, self._own = True, (played, raw)
            if not self.runs:
                self._finish(played, raw)
            return
        assert self._own is not None
        others = {}
        for (other, _), found in zip(self.runs, verdicts):
            assert other.variant is not None  # fitting runs are other variants'
            fitted = self._fitting_results(other, found)
            if fitted is not None:
                others[other.variant.name] = fitted
        self.runs = []
        self._finish(*self._own, closer_variant(self._own[1], others))

    def _fitting_results(self, other: Assignment, verdicts: Sequence[Verdict] | None) -> Results | None:
        """The results of a fitting run by `other`'s rules, None when it failed."""
        if verdicts is None:
            return None
        try:
            return raw_results(self.plan, as_played(replace(self.plan, assignment=other), self.folder, list(verdicts)))
        except Exception:  # noqa: BLE001 - a replay that failed leaves its variant out, as a failed run does
            return None

    def _finish(self, verdicts: tuple[Verdict, ...], raw: Results, looks_like: tuple[str, float] | None = None) -> None:
        self.graded = Graded(self.admitted, verdicts, final_results(self.plan, raw, looks_like))


def grade_submission(plan: Plan, submission: Path, jobs: int = 1) -> Graded:
    """One submission graded by `plan` in this process: `jobs` specs at once."""
    grading = Grading(plan, submission)
    with _reaping():
        while grading.graded is None:
            grading.take([_verdicts(grading, assignment, specs, jobs) for assignment, specs in grading.runs])
    return grading.graded


def _verdicts(grading: Grading, assignment: Assignment, specs: Sequence[Spec], jobs: int) -> list[Verdict] | None:
    """One run of `grading` in this process; None where a fitting run failed, which leaves its variant out
    (as a failed unit does in `grade`'s batch)."""
    try:
        return check_with_part(grading.folder, list(specs), assignment_options(assignment, grading.plan.options),
                               jobs=jobs)
    except Exception:  # noqa: BLE001 - another variant's run, not the student's grade
        if not grading.fitting:
            raise
        return None


def as_played(plan: Plan, folder: Path, verdicts: list[Verdict]) -> list[Verdict]:
    """The verdicts the way the program plays: one that never reads the key has its rule specs replayed
    its own way (grader/engine/replay.py), so `check` and `grade` give it one score."""
    return replay_keyless(folder, verdicts, assignment_options(plan.assignment, plan.options))


def grade_each(work: Sequence[tuple[Plan, Path]], jobs: int = 1) -> list[tuple[Verdict, ...]]:
    """Each submission's verdicts by its own plan (its specs as specs: no part of random games), graded by its
    `Grading`: every step's runs of every submission share one pool, `jobs` at a time, taken in the order
    given (put the longest first, so that they do not make the pool's tail)."""
    gradings = [Grading(plan, submission) for plan, submission in work]

    def run(unit: tuple[Grading, Assignment, Spec]) -> Verdict:
        grading, assignment, spec = unit
        return grade_spec(grading.folder, spec, assignment_options(assignment, grading.plan.options))

    with _reaping(), ThreadPoolExecutor(max_workers=max(jobs, 1)) as pool:
        try:
            while pending := [grading for grading in gradings if grading.graded is None]:
                units = [(grading, assignment, spec) for grading in pending
                         for assignment, specs in grading.runs for spec in specs]
                verdicts = iter(pool.map(run, units))
                for grading in pending:
                    grading.take([[next(verdicts) for _ in specs] for _, specs in grading.runs])
        finally:
            close_browsers()  # the web pages' browsers, kept while a thread plays one submission's specs
    return [grading.graded.verdicts for grading in gradings if grading.graded is not None]


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
