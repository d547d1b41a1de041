"""The browser transport on real pages in real chromium, inside the real sandbox: when a page is idle
(a clock and a CSS animation that never stop do not keep it busy; a short timer, a fetch and a finite
animation do), a page that never settles or never returns, requests refused outside the page's own
folder, and the browser's own user, network and processes. One browser serves the module's pages."""

from __future__ import annotations

import os
import signal

import pytest

from browsers import LIMITS, NEEDS_BROWSER, ROOT
from grader.base.errors import SandboxFailure
from grader.engine.browser import CRASHED, NO_CONTROL, UNSETTLED, Browser, PageRun, Problem
from grader.sandbox import proc
from grader.sandbox.isolated import PLAIN
from grader.sandbox.box import Sandbox
from grader.sandbox.modes import open_sandbox
from grader.spec.web import PAGE, Region

PAGES = ROOT / "tests" / "pages" / "idle"

pytestmark = NEEDS_BROWSER


def page_run(page: str, values: tuple[float, ...] = ()) -> tuple[Sandbox, PageRun]:
    box = open_sandbox(PAGES, LIMITS, isolate=True, launch=PLAIN, browser=True)
    return box, PageRun(Browser(box), page, values, 0)


@pytest.fixture(scope="module")
def run():
    box, opened = page_run("clock.html", (0.5 / 6,))
    try:
        with opened:
            yield opened
    finally:
        opened.browser.kill()
        box.close()


def test_a_clock_and_a_css_animation_do_not_keep_the_page_busy_but_a_timer_a_fetch_and_an_animation_do(run):
    assert run.open(5) is None
    assert run.act("click: Go", 5) is None
    # The answer comes after a 150 ms timer, a fetch of answer.json and a 0.3 s animation: idle waited for
    # all three, while the clock went on ticking and the spinner spinning. Math.random gave the spec's 1.
    assert run.read((Region("Feedback"),), 2) == ["Feedback: answered 1"]


def test_a_page_that_changes_every_frame_never_settles_and_says_where(run):
    run.page_file = "frames.html"
    problem = run.open(1.0)
    assert problem is not None and problem.kind == UNSETTLED
    assert problem.message == "the page never settled within 1 s: its DOM kept changing (last in <span id=ticker>)"


def test_requests_outside_the_page_folder_are_refused(run):
    run.page_file = "elsewhere.html"
    assert run.open(5) is None
    assert run.read((Region("Results"),), 2) == [
        "Results: https://example.com/ refused", "Results: http://127.0.0.1:9/ refused",
        "Results: /../../../etc/passwd 404", "Results: /%2e%2e/%2e%2e/etc/hostname 404",
        "Results: missing.js 404", "Results: answer.json 200"]


def test_a_missing_region_and_a_missing_button_are_named(run):
    run.page_file = "clock.html"
    assert run.open(5) is None
    assert run.read((Region("Score"),), 2) == ["Score: (nothing on the page is named “Score”)"]
    problem = run.act("click: Stop", 2)
    assert problem is not None and problem.kind == NO_CONTROL
    assert problem.message == "no button is named “Stop” on the page, so it could not click “Stop”"


def test_the_page_region_is_all_the_text_a_person_sees_and_a_missing_region_lacks_nothing(run):
    run.page_file = "clock.html"
    assert run.open(5) is None
    assert run.read((Region(PAGE, ("Go", "answered")), Region("Score", ("answered",))), 2) == [
        "page: shows “Go”: Go", "page: shows no “answered”", "Score: (nothing on the page is named “Score”)"]


def test_the_browser_runs_as_the_runs_user_without_the_network_in_the_runs_processes(run):
    assert run.browser.door.pid() is not None
    browsers = [pid for pid in proc.pids() if b"chromium" in (proc.cmdline(pid) or [b""])[0]
                and _status(pid, "Uid") == str(run.browser.box.uid)]
    assert len(browsers) >= 2  # the browser and at least the page's renderer, all the run's user
    for pid in browsers:
        assert os.readlink(f"/proc/{pid}/ns/net") != os.readlink("/proc/self/ns/net")
        assert os.readlink(f"/proc/{pid}/ns/pid") != os.readlink("/proc/self/ns/pid")
        assert _status(pid, "NoNewPrivs") == "1" and _status(pid, "Seccomp") == "2"


def test_the_browser_loads_no_page_beside_the_specs_and_starts_no_spare_renderer(run):
    """Chromium's own pages (its address bar's suggestions) and a spare renderer cost CPU and no spec uses them."""
    session = run.browser.handle.new_browser_cdp_session()
    try:
        targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
    finally:
        session.detach()
    assert {target["type"] for target in targets} == {"page", "tab"}
    assert [target["url"] for target in targets if target["type"] == "page"] == [run.page.url]
    assert len(_renderers(run)) == 1


def test_a_page_whose_renderer_dies_has_crashed_and_says_so(run):  # the last of the module's page
    renderers = _renderers(run)
    assert renderers
    for pid in renderers:
        os.kill(pid, signal.SIGKILL)  # as the kernel's OOM killer would
    problem = run.act("click: Go", 2)
    assert problem == Problem(CRASHED, "the page crashed (its renderer died: out of memory, or killed)")


def _renderers(run: PageRun) -> list[int]:
    return [pid for pid in proc.pids() if b"--type=renderer" in b" ".join(proc.cmdline(pid))
            and _status(pid, "Uid") == str(run.browser.box.uid)]


def _status(pid: int, field: str) -> str:
    for line in proc.read(f"/proc/{pid}/status").decode().splitlines():
        if line.startswith(field + ":"):
            return line.split()[1]
    return ""


def test_a_script_that_never_returns_is_ended_by_the_step_timeout_and_the_next_spec_gets_a_working_page():
    box, opened = page_run("loop.html")
    try:
        with opened as run:
            assert run.open(5) is None
            problem = run.act("click: Loop", 1.0)
            assert problem is not None and problem.kind == UNSETTLED
            assert problem.message == ("the page never settled within 1 s: its script was still running when its time "
                                       "was up (a loop that does not end, or too much work for a step?)")
        if run.browser.alive:  # the looping page's context is gone with it: the browser serves the next spec
            with PageRun(run.browser, "clock.html", (), 0) as following:
                assert following.open(5) is None
                assert following.read((Region("Feedback"),), 2) == ["Feedback: ready"]
    finally:
        opened.browser.kill()
        box.close()
    assert not [pid for pid in proc.pids() if _status(pid, "Uid") == str(box.uid)]


def test_a_browser_is_refused_outside_the_isolated_sandbox():
    with pytest.raises(SandboxFailure, match=r"only inside the isolated sandbox, which this machine cannot give \(testing\)"):
        open_sandbox(PAGES, LIMITS, isolate=False, launch=PLAIN, browser=True, reason="testing")
