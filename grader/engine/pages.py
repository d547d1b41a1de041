"""Replaying a web spec against a submission's page: the shell around the pure judge, as `runner.py` is
for console programs. Each step acts, waits until the page is idle and reads the regions the spec
names. The session is the same data a console run gives (one output per step), so the judge, its
scoring and the reports are the same; it adds the page's screenshot at the first step that went wrong.

The specs of one submission share one sandbox (one copy of its files, one user, its namespaces and
limits) holding one browser, each spec in a fresh browser context (its own storage, cache, routes and
Math.random), since starting chromium costs seconds and a class has hundreds of runs. A page's own
state cannot outlive its context; a page that never returned, or a browser that crashed, is killed
with its sandbox, and the next spec starts a new one (so does a spec that finds its browser died
after the last one). Nothing is shared between submissions: a thread
keeps one browser, for the submission it last played (`close_browsers` ends every one)."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from pathlib import Path

from grader.engine.browser import NO_CONTROL, UNSETTLED, Browser, PageRun, Problem
from grader.judge.judging import Session
from grader.judge.matching import step_matches
from grader.judge.outcome import Ending
from grader.sandbox.box import Sandbox
from grader.sandbox.isolated import PLAIN
from grader.sandbox.limits import Limits
from grader.sandbox.modes import open_sandbox
from grader.sandbox.protections import isolation, protections
from grader.spec.specs import Spec
from grader.spec.timeouts import step_timeout


def _output(lines: list[str]) -> str:
    return "".join(line + "\n" for line in lines)


_kept = threading.local()  # this thread's (submission, limits), sandbox and browser
_open: set[tuple[Sandbox, Browser]] = set()  # every thread's, for close_browsers
_lock = threading.Lock()


def _browser(submission: Path, limits: Limits, require_isolation: bool) -> Browser:
    """This thread's browser for `submission` under `limits`: the one kept if it is that one's and alive,
    else a new one in a new sandbox (the old one closed)."""
    key = (submission.resolve(), limits)
    kept = getattr(_kept, "entry", None)
    if kept is not None and kept[0] == key and kept[2].alive:
        return kept[2]
    if kept is not None:
        _close(kept[1], kept[2])
    box = open_sandbox(submission, limits, isolate=isolation(require_isolation), launch=PLAIN, browser=True,
                       reason=protections().reason)
    try:
        browser = Browser(box)
    except BaseException:
        box.close()
        raise
    _kept.entry = (key, box, browser)
    with _lock:
        _open.add((box, browser))
    return browser


def _close(box: Sandbox, browser: Browser) -> None:
    browser.kill()
    box.close()
    with _lock:
        _open.discard((box, browser))


def close_browsers() -> None:
    """End every thread's browser and remove its sandbox: once a submission's specs are all played."""
    with _lock:
        kept = list(_open)
    for box, browser in kept:
        _close(box, browser)


def _opened(submission: Path, limits: Limits, require_isolation: bool, page: str, spec: Spec) -> PageRun:
    """The spec's page, opened in this thread's browser for `submission`. A browser that died after the last
    spec (killed, or out of memory) is known to Playwright only once it is asked for a context, so one
    found gone then is replaced, once: its death was not this spec's doing."""
    def fresh() -> PageRun:
        return PageRun(_browser(submission, limits, require_isolation), page, spec.random_values, spec.random_seed)

    run = fresh()
    try:
        return run.__enter__()
    except Exception as error:  # noqa: BLE001 - Playwright's: the browser was gone
        if not type(error).__module__.startswith("playwright"):
            raise
        run.browser.kill()
    return fresh().__enter__()


def run_page(submission: Path, spec: Spec, page: str, limits: Limits, spec_timeout: float,
             require_isolation: bool = False, factor: float = 1.0) -> Session:
    """Play `spec` on the submission's `page`: open it, then for each step read what it names and do its
    action. Stops where going on is impossible: the page never settled, a control is missing, or the
    spec's `spec_timeout` is up (said so, not as a step that had a sliver of it); each step's time is
    times `factor`, the student's time factor. The spec's context is
    closed on return; the browser is kept for the submission's next spec."""
    base = Session((), Ending.MISSING, timeout=step_timeout(0, spec.timeout, factor), output_limit=limits.output_bytes,
                   script=page)
    if not (submission / page).is_file():
        return base
    outputs: list[str] = []
    problem: Problem | None = None
    picture = b""
    run = _opened(submission, limits, require_isolation, page, spec)
    try:
        deadline = time.monotonic() + spec_timeout  # the browser's start (seconds) is not the spec's time
        seconds = step_timeout(0, spec.timeout, factor)
        problem = run.open(min(seconds, spec_timeout))
        for index, step in enumerate(spec.steps):
            seconds = step_timeout(index, spec.timeout, factor)
            lines = run.read(step.regions, seconds) if problem is None or problem.kind == UNSETTLED else []
            outputs.append(_output(lines))
            if not picture and (problem is not None or not step_matches(spec, index, outputs[-1])):
                picture = run.screenshot()
            if problem is not None or step.input is None:
                break
            left = deadline - time.monotonic()  # a timeout of 0 is none to Playwright: never act on it
            problem = run.act(step.input, min(seconds, left)) if left > 0 else Problem(UNSETTLED, "")
            if problem is not None and problem.kind == UNSETTLED and left < seconds:
                problem = Problem(UNSETTLED, f"the spec's {spec_timeout:g} s ran out (its steps together may take no "
                                  "longer)")
    finally:
        run.__exit__(None, None, None)
    if problem is None:
        return replace(base, outputs=tuple(outputs), end=Ending.EXITED, exit_status=0, screenshot=picture)
    end = {UNSETTLED: Ending.TIMEOUT, NO_CONTROL: Ending.BLOCKED}.get(problem.kind, Ending.EXITED)
    return replace(base, outputs=tuple(outputs), end=end, timeout=seconds, note=problem.message, screenshot=picture,
                   exit_status=1 if end == Ending.EXITED else None)
