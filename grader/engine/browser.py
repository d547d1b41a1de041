"""The browser transport: a web page played in Debian's chromium, inside the run's sandbox, through
Playwright. What the console transports do with bytes, this does with a page: it acts (clicks a button
by its accessible name, presses a key), waits until the page is idle, and reads the visible text of
regions (by accessible name).

The page is served from the run's working copy under a made-up origin, `https://student.invalid/`, by
request routing: every request the page makes goes through `_serve`, which answers the copy's own files
(`routing.py`) and refuses everything else (other origins, paths out of the copy). Nothing reaches a
network (the browser has none in its sandbox anyway). `Math.random` is replaced before the page's
scripts run: the spec's values first, then a seeded generator.

**Idle**, the moment to act or read, is never a sleep. The page is idle when, all at once:
1. no `fetch` (nor the reading of its answer's body) or XMLHttpRequest of the page is unanswered
   (counted in the page, from the call to the answer: the routed requests' events reach the grader too
   late to count);
2. every handler of the last action has returned: the check runs as a task of its own, after the task
   that dispatched the input event and its microtasks;
3. no timer set with `setTimeout` for less than TIMER_HORIZON is pending (a short delay before showing
   a result is part of the action; a longer one, or `setInterval`, is a clock that never ends);
4. no finite animation runs (a CSS transition, a CSS animation with a count, `element.animate`): its
   `animationend` handlers may still change the page;
5. the DOM did not change (a MutationObserver over the whole document: nodes, attributes, text) over
   two animation frames in a row.
What is ignored, and why: infinite CSS animations and canvas drawing change pixels, not the DOM nor any
text a spec reads, and they never end. A clock that rewrites its own text is a mutation like any other:
between two ticks the page is idle, so a once-a-second clock only delays a step by its tick; one that
changes the DOM every frame never settles, and the step says so ("the page never settled") after its
timeout, naming the element that kept changing. A page whose script never returns (a loop) is ended by
the step's timeout too: a watchdog kills the run's sandbox, which ends every Playwright call at once.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from typing import Any

from grader.sandbox import proc
from grader.sandbox.box import Sandbox
from grader.base.errors import SandboxFailure
from grader.base.wording import count_of
from grader.engine.page_hooks import controls, page_hooks
from grader.engine.routing import ORIGIN, answer, origin
from grader.sandbox.browser import BrowserDoor
from grader.spec.web import PAGE, Region, parse_action, region_reading, shown_action, visible_lines

VIEWPORT = {"width": 800, "height": 600}
SCREENSHOT_BUDGET = 200_000  # bytes of PNG one failing spec may keep; a bigger one is taken of the top only
LAUNCH_SECONDS = 30.0  # the browser's start-up: what a loaded machine needs, not a spec's step
ERRORS_KEPT, ERROR_CHARS = 10, 300  # a page's uncaught errors a step's output shows, and of each its start
# Why a page that cannot answer never settled: a loop, or (as often) a page slow at what it was asked,
# 200 alerts, a megabyte of text to lay out, a hundred windows; the step cannot tell them apart.
BUSY = "its script was still running when its time was up (a loop that does not end, or too much work for a step?)"
UNSETTLED, NO_CONTROL, CRASHED = "unsettled", "no control", "crashed"  # why a page could not go on (`Problem.kind`)




@dataclass(frozen=True)
class Problem:
    """Why the page could not go on at a step: it never settled, or a control it was to use is not there."""

    kind: str
    message: str


_drivers = threading.local()


def _driver() -> Any:
    """This thread's Playwright driver (its Node process, the grader's own helper: no student code runs
    in it), started on first use and kept for the process's life: each run starts only a browser. The sync
    API allows one per thread."""
    if getattr(_drivers, "playwright", None) is None:
        try:
            from playwright.sync_api import sync_playwright  # noqa: PLC0415 - only web assignments need it
        except ImportError:
            raise SandboxFailure("a web page is played through Playwright for Python, which is not installed here "
                                 "(it is in requirements.txt: make setup, or pip install playwright)") from None
        _drivers.playwright = sync_playwright().start()
    return _drivers.playwright


def driver_pids() -> set[int]:
    """The Playwright drivers this process started (its children running `run-driver`): not orphans to
    kill while the process lives (their asyncio watchers would find them reaped by someone else)."""
    return {pid for pid in proc.children(os.getpid()) if b"run-driver" in proc.cmdline(pid)}


def _gone_or_late(error: Exception) -> bool:
    """Playwright's error for a browser that is gone (killed by the watchdog) or a call that timed out."""
    return type(error).__name__ in ("TimeoutError", "TargetClosedError") or "closed" in str(error).lower()


class Browser:
    """One chromium in one run's sandbox `box` (made with `browser=True`), launched through the door;
    `kill` ends it with every process of the run. Pages of several specs of one submission may share it,
    each in a fresh context (grader/engine/pages.py)."""

    def __init__(self, box: Sandbox) -> None:
        self.box = box
        self.door = BrowserDoor(box)
        self.killed = False
        try:
            self.handle = _driver().chromium.launch(executable_path=str(self.door.executable),
                                                    timeout=LAUNCH_SECONDS * 1000)
        except Exception as error:  # noqa: BLE001 - Playwright's: the browser did not start in the sandbox
            self.kill()
            raise SandboxFailure(f"chromium did not start in the sandbox: {str(error).splitlines()[0]}") from None

    @property
    def alive(self) -> bool:
        return not self.killed and bool(self.handle.is_connected())

    def kill(self) -> None:
        self.killed = True
        self.door.kill()


class PageRun:
    """One spec's page in a fresh context of `browser`: its own storage, routes and init script (the
    spec's Math.random). Use as a context manager; every call returns a Problem instead of raising when
    the page is at fault, and a page that never returns kills the browser (`browser.killed`)."""

    def __init__(self, browser: Browser, page: str, values: tuple[float, ...], seed: int) -> None:
        self.browser, self.page_file = browser, page
        self.hooks = page_hooks(values, seed)
        self.errors: list[str] = []
        self.refused = ""  # the last other address the page was to go to, refused
        self.more_errors = 0  # past ERRORS_KEPT since the last read: counted, not kept
        self.crashed = False
        self.calls = 0
        self._watchdog: threading.Timer | None = None

    @property
    def killed(self) -> bool:
        return self.browser.killed

    def __enter__(self) -> PageRun:
        self.context = self.browser.handle.new_context(viewport=VIEWPORT, device_scale_factor=1,
                                                       service_workers="block", locale="en-GB", timezone_id="UTC")
        try:
            self.context.add_init_script(self.hooks)
            self.context.route("**/*", self._serve)
            self.context.on("page", lambda other: other.close() if other is not getattr(self, "page", other) else None)
            self.page = self.context.new_page()
            self.page.on("pageerror", self._error)
            self.page.on("dialog", lambda dialog: dialog.dismiss())
            self.page.on("crash", lambda page: setattr(self, "crashed", True))
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        """Close the context; a browser that cannot close it (busy, or gone) is killed, never reused."""
        self._disarm()
        if self.killed:
            return
        self._arm(LAUNCH_SECONDS)
        try:
            self.context.close()
        except Exception:  # noqa: BLE001 - whatever went wrong, the browser is not to be trusted any more
            self.browser.kill()
        finally:
            self._disarm()

    def _serve(self, route: Any) -> None:
        """Answer a request of the page (`routing.answer`), remembering where the page itself was to go when that was
        refused: Chromium's error page shows in its place, at an address that no longer says where."""
        request = route.request
        if origin(request.url) != ORIGIN and request.is_navigation_request() and request.frame.parent_frame is None:
            self.refused = request.url
        answer(route, self.browser.box.workdir)

    def _left(self) -> Problem | None:
        """The page went to another origin, refused, and shows Chromium's error page in its place (a page
        that went to about:blank or a blob of its own is its own: its regions say what they hold)."""
        if not self.refused or self.page.url.startswith(ORIGIN + "/"):
            return None
        return Problem(NO_CONTROL, f"the page went to {self.refused}, which the grader refuses (it serves only the "
                       "submission's own files), so it could not go on")

    def _error(self, error: Exception) -> None:
        """Keep an uncaught error of the page, its first line's start, up to ERRORS_KEPT a step: a page that
        throws without end (megabytes, thousands a second) holds no more of the grader's memory than that."""
        if len(self.errors) < ERRORS_KEPT:
            self.errors.append(str(error)[:ERROR_CHARS].split("\n")[0])
        else:
            self.more_errors += 1

    # ---- the watchdog: a page that never yields cannot hold a step past its time ------------------

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._watchdog = threading.Timer(seconds + 1.0, self._kill)
        self._watchdog.daemon = True
        self._watchdog.start()

    def _disarm(self) -> None:
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None

    def _kill(self) -> None:
        self.browser.kill()

    # ---- steps ----------------------------------------------------------------------------------

    def open(self, timeout: float) -> Problem | None:
        """Load the page and wait until it is idle."""
        return self._guarded(timeout, lambda: self._open(timeout))

    def _open(self, timeout: float) -> Problem | None:
        self.page.goto(f"{ORIGIN}/{self.page_file}", wait_until="load", timeout=timeout * 1000)
        return self._settle(timeout)

    def act(self, action: str, timeout: float) -> Problem | None:
        """Do one action (`click: NAME`, `press: KEY`), then wait until the page is idle."""
        return self._guarded(timeout, lambda: self._act(action, timeout))

    def _act(self, action: str, timeout: float) -> Problem | None:
        verb, target = parse_action(action)
        if verb == "press":
            self.page.keyboard.press(" " if target == "Space" else target)
            return self._settle(timeout)
        buttons = self.page.get_by_role("button", name=target, exact=True)
        found = controls(buttons.evaluate_all("(all) => window.__graderControls(all)"))  # one round trip
        if found is None:
            return Problem(CRASHED, f"the page's script changed how the browser answers the grader, so it could not "
                           f"{shown_action(action)}")
        if len(found) != 1:
            many = f"{len(found)} buttons are" if found else "no button is"
            return Problem(NO_CONTROL, f"{many} named “{target}” on the page, so it could not {shown_action(action)}")
        if not all(found[0]):
            state = "hidden" if not found[0][0] else "disabled"
            return Problem(NO_CONTROL, f"the button “{target}” is {state}, so it could not {shown_action(action)}")
        buttons.click(timeout=timeout * 1000, force=True)  # its state is checked above; "stable" would wait out a pulsing button
        return self._settle(timeout)

    def _settle(self, timeout: float) -> Problem | None:
        """Wait until the page is idle (see the module's docstring), at most `timeout` seconds."""
        self.calls += 1
        try:
            self.page.wait_for_function("(call) => window.__graderIdle(call)", arg=self.calls, polling="raf",
                                        timeout=timeout * 1000)
        except Exception as error:  # noqa: BLE001 - Playwright's TimeoutError: the page never settled
            if type(error).__name__ != "TimeoutError":
                raise
            return Problem(UNSETTLED, f"the page never settled within {timeout:g} s: {self._why()}")
        return None

    def _why(self) -> str:
        try:
            return str(self.page.wait_for_function("() => window.__graderWhy()", timeout=300).json_value())
        except Exception:  # noqa: BLE001 - the page's script does not return: it is busy
            return BUSY

    def _guarded(self, timeout: float, step: Any) -> Problem | None:
        """Run a step under the watchdog; whatever Playwright says went wrong is the page's Problem: a
        browser killed by the watchdog or an action not taken in time never settled, a renderer that died
        crashed. Only the grader's own errors are raised."""
        self._arm(timeout)
        try:
            result: Problem | None = step()
            return result or self._left()
        except Exception as error:  # noqa: BLE001 - Playwright's errors: the browser gone or the page at fault
            if not type(error).__module__.startswith("playwright"):
                raise
            if self.crashed:
                return Problem(CRASHED, "the page crashed (its renderer died: out of memory, or killed)")
            if self.killed or type(error).__name__ == "TargetClosedError":
                return Problem(UNSETTLED, f"the page never settled within {timeout:g} s: {BUSY}")
            if type(error).__name__ == "TimeoutError":  # the action itself was not taken in time
                return Problem(UNSETTLED, f"the page never settled within {timeout:g} s: {self._why()}")
            return Problem(CRASHED, f"the page could not go on: {str(error).splitlines()[0]}")
        finally:
            self._disarm()

    def read(self, regions: tuple[Region, ...], timeout: float) -> list[str]:
        """Each region as a step's output shows it (`region_reading`: its visible lines, or the texts it
        lacks), after the page's uncaught errors since the last read (the first ERRORS_KEPT, then how many
        more); nothing more once the page's script never returns, and a region that cannot be read (the
        page navigated, or broke the browser's evaluation) says why."""
        lines = [f"Page error: {error}" for error in self.errors]
        if self.more_errors:
            lines.append(f"Page error: and {count_of(self.more_errors, 'more error', 'more errors')}")
        self.errors.clear()
        self.more_errors = 0
        if self.killed:
            return lines
        self._arm(timeout)
        try:
            for region in regions:
                lines += region_reading(region, *self._region(region.name, timeout))
        except Exception as error:  # noqa: BLE001 - Playwright's: the browser gone or late, or the page at fault
            if not type(error).__module__.startswith("playwright"):
                raise
            if not (self.killed or _gone_or_late(error)):
                lines += region_reading(region, (), f"(could not be read: {str(error).splitlines()[0]})")
        finally:
            self._disarm()
        return lines

    def _region(self, name: str, timeout: float) -> tuple[tuple[str, ...], str | None]:
        """A region's visible lines, or why it cannot be read (none or several elements have its name, or
        it is hidden). The region PAGE is the page's body: all the text a person sees."""
        found = self.page.locator("body") if name == PAGE else self.page.get_by_label(name, exact=True)
        count = found.count()
        if count != 1:
            return (), f"({count} elements are named “{name}”)" if count else f"(nothing on the page is named “{name}”)"
        if found.evaluate("(element) => window.__graderShown(element)") is not True:
            return (), f"(“{name}” is hidden)"
        return visible_lines(found.inner_text(timeout=timeout * 1000)), None

    def screenshot(self) -> bytes:
        """The page as it looks now, as a PNG within SCREENSHOT_BUDGET (the top of the page when the whole
        viewport is over it); b"" when the page cannot be drawn (the browser is gone or busy)."""
        try:
            image: bytes = self.page.screenshot(timeout=2000, caret="hide")
            if len(image) > SCREENSHOT_BUDGET:
                image = self.page.screenshot(timeout=2000, clip={"x": 0, "y": 0, "width": 800, "height": 300},
                                             caret="hide")
        except Exception:  # noqa: BLE001 - no picture is better than no report
            return b""
        return image if len(image) <= SCREENSHOT_BUDGET else b""
