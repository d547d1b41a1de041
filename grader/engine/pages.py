"""Replaying a web spec against a submission's page: the shell around the pure judge, as `runner.py` is
for console programs. Each spec gets a fresh sandbox (its own copy of the submission, user, namespaces,
limits) holding its own browser; each step acts, waits until the page is idle and reads the regions the
spec names. The session is the same data a console run gives (one output per step), so the judge, its
scoring and the reports are the same; it adds the page's screenshot at the first step that went wrong."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from grader.engine.browser import UNSETTLED, PageRun, Problem
from grader.judge.judging import Session
from grader.judge.matching import step_matches
from grader.judge.outcome import Ending
from grader.sandbox.box import PLAIN, Sandbox
from grader.sandbox.limits import Limits
from grader.sandbox.protections import isolation, protections
from grader.spec.specs import Spec
from grader.spec.timeouts import step_timeout


def _output(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


def run_page(submission: Path, spec: Spec, page: str, limits: Limits, spec_timeout: float,
             require_isolation: bool = False) -> Session:
    """Play `spec` on the submission's `page`: open it, then for each step read what it names and do its
    action. Stops where going on is impossible: the page never settled, or a control is missing. The
    browser and every process of the run are gone on return."""
    base = Session((), Ending.MISSING, timeout=step_timeout(0, spec.timeout), output_limit=limits.output_bytes,
                   script=page)
    if not (submission / page).is_file():
        return base
    outputs: list[str] = []
    problem: Problem | None = None
    picture = b""
    deadline = time.monotonic() + spec_timeout
    isolate = isolation(require_isolation)
    box = Sandbox(submission, limits, isolate=isolate, launch=PLAIN, browser=True)
    try:
        with PageRun(box, page, spec.random_values, spec.random_seed, protections().reason) as run:
            seconds = step_timeout(0, spec.timeout)
            problem = run.open(min(seconds, max(deadline - time.monotonic(), 0)))
            for index, step in enumerate(spec.steps):
                seconds = step_timeout(index, spec.timeout)
                lines = run.read(step.regions, seconds) if problem is None or problem.kind == UNSETTLED else []
                outputs.append(_output(lines))
                if not picture and (problem is not None or not step_matches(spec, index, outputs[-1])):
                    picture = run.screenshot()
                if problem is not None or step.input is None:
                    break
                problem = run.act(step.input, min(seconds, max(deadline - time.monotonic(), 0)))
    finally:
        box.close()
    if problem is None:
        return replace(base, outputs=tuple(outputs), end=Ending.EXITED, exit_status=0, screenshot=picture)
    end = Ending.TIMEOUT if problem.kind == UNSETTLED else Ending.BLOCKED
    return replace(base, outputs=tuple(outputs), end=end, timeout=seconds, note=problem.message, screenshot=picture)
