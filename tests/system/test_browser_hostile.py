"""Hostile pages against the browser transport, on real pages in real chromium inside the real sandbox:
a page is that student's result, with a clear message, whatever it does to the browser's functions, to
its own address or to the grader's memory. The module's pages share one browser; a test whose page gets
it killed leaves the next test a new one."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from browsers import LIMITS, NEEDS_BROWSER, ROOT
from grader.engine.browser import CRASHED, ERROR_CHARS, ERRORS_KEPT, NO_CONTROL, Browser, PageRun, Problem, driver_pids
from grader.engine.page_hooks import CONSOLE_KEPT
from grader.engine import pages
from grader.engine.pages import close_browsers, run_page
from grader.judge.outcome import Ending
from grader.sandbox.isolated import PLAIN
from grader.sandbox.box import Sandbox
from grader.sandbox.modes import open_sandbox
from grader.spec.specs import parse_spec
from grader.spec.web import Region

PAGES = ROOT / "tests" / "pages" / "hostile"

pytestmark = NEEDS_BROWSER


@pytest.fixture(scope="module")
def browsers() -> Iterator[Callable[[], Browser]]:
    """A live browser for each test: the module's one, or a new one where a page had it killed."""
    kept: list[tuple[Sandbox, Browser]] = []

    def live() -> Browser:
        if kept and kept[-1][1].alive:
            return kept[-1][1]
        box = open_sandbox(PAGES, LIMITS, isolate=True, launch=PLAIN, browser=True)
        kept.append((box, Browser(box)))
        return kept[-1][1]

    yield live
    for box, browser in kept:
        browser.kill()
        box.close()


@pytest.fixture
def browser(browsers: Callable[[], Browser]) -> Browser:
    return browsers()


def test_a_page_that_replaces_the_functions_the_grader_asks_through_is_its_own_result_said_so(browser):
    with PageRun(browser, "tamper.html", (), 0) as run:
        assert run.open(5) is None
        assert run.act("click: Go", 5) is None  # its Array.prototype.map lies: the grader does not use it
        assert run.read((Region("Feedback"),), 2) == ["Feedback: clicked"]
        assert run.act("click: Lie", 5) is None  # now its window.eval lies about buttons, throws on regions
        assert run.read((Region("Feedback"),), 2) == ["Feedback: (could not be read: Locator.evaluate: Error: no reading)"]
        assert run.act("click: Go", 5) == Problem(
            CRASHED, "the page's script changed how the browser answers the grader, so it could not click “Go”")


def test_a_page_that_throws_errors_without_end_shows_the_first_few_and_counts_the_rest(browser):
    with PageRun(browser, "errors.html", (), 0) as run:
        assert run.open(10) is None
        lines = run.read((), 2)
    shown = [f"Page error: {i}{'E' * (ERROR_CHARS - len(str(i)))}" for i in range(ERRORS_KEPT)]
    assert lines == [*shown, f"Page error: and {40 - ERRORS_KEPT} more errors"]


def test_a_page_that_goes_to_another_origin_says_where_and_one_that_wanders_in_its_own_goes_on(browser):
    with PageRun(browser, "leave.html", (), 0) as run:
        assert run.open(5) is None
        assert run.act("click: Leave", 5) == Problem(NO_CONTROL, (
            "the page went to https://elsewhere.invalid/steal?step=1, which the grader refuses (it serves only the "
            "submission's own files), so it could not go on"))
    with PageRun(browser, "leave.html", (), 0) as run:  # a missing file of its own is its own page, a 404
        assert run.open(5) is None
        assert run.act("click: Wander", 5) is None
        assert run.read((Region("Feedback"),), 2) == ["Feedback: (nothing on the page is named “Feedback”)"]


SLOW_SPEC = """name: Slow
description: Eight clicks of a button that takes 300 ms each.
points: 1
visibility: visible
steps:
  - click: [Slow, Slow, Slow, Slow, Slow, Slow, Slow, Slow]
  - expect: {Feedback: "8"}
"""


def test_a_spec_whose_time_runs_out_says_so_rather_than_a_step_that_got_a_sliver_of_it():
    spec = parse_spec(SLOW_SPEC, "slow.yaml", "slow")
    try:
        session = run_page(PAGES, spec, "slow.html", LIMITS, spec_timeout=1.0)
    finally:
        close_browsers()
    assert session.end == Ending.TIMEOUT and len(session.outputs) < len(spec.steps)
    assert session.note == "the spec's 1 s ran out (its steps together may take no longer)"


def test_a_browser_that_died_after_the_last_spec_is_replaced_for_the_next():
    one_click = SLOW_SPEC.replace("[Slow, Slow, Slow, Slow, Slow, Slow, Slow, Slow]", "[Slow]").replace('"8"', '"1"')
    spec = parse_spec(one_click, "slow.yaml", "slow")
    try:
        assert run_page(PAGES, spec, "slow.html", LIMITS, spec_timeout=30).end == Ending.EXITED
        pages._kept.entry[2].door.kill()  # every process of its run, as the kernel's OOM killer might, unseen
        assert run_page(PAGES, spec, "slow.html", LIMITS, spec_timeout=30).end == Ending.EXITED
    finally:
        close_browsers()


def test_every_path_a_page_asks_for_is_answered(browser, capfd):
    # A NUL byte or a 70 kB path raised in the route handler: a traceback, the request unanswered, the spec hung.
    with PageRun(browser, "routes.html", (), 0) as run:
        assert run.open(10) is None
        assert run.read((Region("Feedback"),), 2) == ["Feedback: 400 400 404 200"]
    assert "Traceback" not in capfd.readouterr().err


def resident_mb(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"^VmRSS:\s+(\d+) kB", status, re.M).group(1)) / 1024


def test_a_page_that_floods_its_console_leaves_the_driver_s_memory_as_it_was(browser):
    # 300 messages of 4 MB: the driver, outside the run's limits, kept the last 200 whole (259 MB grew to 584 MB,
    # and the page took over 20 s to load).
    (driver,) = driver_pids()
    before = resident_mb(driver)
    with PageRun(browser, "console.html", (), 0) as run:
        assert run.open(20) is None
        assert run.read((Region("Feedback"),), 2) == ["Feedback: logged"]
        assert run.page.evaluate("__graderDropped()") == 300 - CONSOLE_KEPT
        assert resident_mb(driver) - before < 64
