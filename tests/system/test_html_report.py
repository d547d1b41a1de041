"""The class report (report.html): a golden file for made-up results, hostile text kept inert, the
gradebook command writing it, and the sample class's report opened in a real headless Chromium, driven
through the DevTools protocol over a pipe (no driver library, no browser download)."""

from __future__ import annotations

import base64
import csv
import fcntl
import json
import os
import select
import shutil
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from grader.report.html import class_report_html, common_failures, spec_summaries
from grader.report.text import HIDDEN_NOTE, format_points
from grader.report.results import Results, dumps, from_json
from grader.sandbox.browser import UNUSED_FEATURES
from grader.spec.specs import load_specs
from grader.report.status import MARKS
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "html_report.html"
UPDATE = os.environ.get("GOLDEN_UPDATE") == "1"  # regenerate the golden file after an intended change

PROMPT = {"kind": "output differs", "step": 0, "moment": "before any input",
          "changes": ["- Enter key:·", "+ Enter number to be guessed:·"]}
HISTORY = {"kind": "output differs", "step": 3, "moment": 'after input 3 ("5678")',
           "changes": ["- 5678 : exist: 0, position: 0↵", "+ 5678 : exist: 0, position: 0·↵"]}


def spec_result(spec: str, points: float, failure: dict | None = None, hidden: bool = False, output: str = "") -> dict:
    """One test of a results.json, with the grader's own keys (hidden, failure data) under extra_data."""
    passed = failure is None and not output
    shown = "Passed." if passed else output or "What it checks: ...\nOutput:\n" + "\n".join(failure["changes"])
    return {"name": f"the {spec} spec", "tags": [spec], "score": points if passed else 0, "max_score": points,
            "status": "passed" if passed else "failed", "output": shown, "visibility": "visible",
            "extra_data": {"hidden": hidden, **({"failure": failure} if failure else {})}}


def student(*tests: dict) -> dict:
    return {"score": sum(t["score"] for t in tests), "max_score": sum(t["max_score"] for t in tests),
            "output_format": "text", "tests": list(tests)}


def made_up_class() -> list[tuple[str, Results]]:
    """Read as results.json is read: five students: full marks, two sharing a prompt difference (one also failing a hidden spec whose
    details the results hold), a hostile id and output, and one the grader failed on."""
    return [(name, from_json(data)) for name, data in [
        ("ada", student(spec_result("01-prompt", 6), spec_result("02-history", 8), spec_result("20-hidden", 4, hidden=True))),
        ("bo", student(spec_result("01-prompt", 6, PROMPT), spec_result("02-history", 8),
                       spec_result("20-hidden", 4, HISTORY, hidden=True, output=HIDDEN_NOTE))),
        ("cy", student(spec_result("01-prompt", 6, PROMPT), spec_result("02-history", 8, HISTORY),
                       spec_result("20-hidden", 4, hidden=True, output=HIDDEN_NOTE))),
        ('<b>mal"lory</b>\u202e\x1b[2J', student(
            spec_result("01-prompt", 6, {"kind": "crashed", "step": 1, "moment": "after input 1",
                                         "changes": ["+ </pre><script>alert(1)</script>\x07"]}),
            spec_result("02-history", 8, HISTORY), spec_result("20-hidden", 4, hidden=True))),
        ("zed", {"score": 0, "max_score": 18, "output_format": "text", "tests": [],
                 "extra_data": {"grader_error": "worker died (<signal 9>)"}}),
    ]]


def test_report_of_made_up_results_matches_the_golden_file():
    page = class_report_html(made_up_class(), title="Made-up class")
    if UPDATE:
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(page, encoding="utf-8")
    assert page == GOLDEN.read_text(encoding="utf-8"), "rerun with GOLDEN_UPDATE=1 if the change is intended"


def test_nothing_from_a_student_becomes_markup_or_hides_a_character():
    page = class_report_html(made_up_class())
    assert "<script>alert" not in page and "<b>mal" not in page and "\u202e" not in page and "\x1b" not in page
    assert "&lt;b&gt;mal&quot;lory&lt;/b&gt;\\u202e\\x1b[2J" in page
    assert "&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;\\x07" in page
    assert "http" not in page.replace("http-equiv", "")  # nothing from the network
    assert page.count("<script>") == 1  # only the table sorter


def test_pass_rates_and_groups_come_from_the_results():
    rows = made_up_class()
    rates = {summary.spec: (summary.passed, summary.graded, summary.hidden) for summary in spec_summaries(rows)}
    assert rates == {"01-prompt": (1, 4, False), "02-history": (2, 4, False), "20-hidden": (2, 4, True)}
    groups = common_failures(rows, spec_summaries(rows))
    assert [(g.spec, g.students) for g in groups] == [("01-prompt", ("bo", "cy")),
                                                      ("02-history", ('<b>mal"lory</b>\u202e\x1b[2J', "cy"))]
    # the hidden spec's difference is held only in bo's results: one student, not a group
    assert all(group.spec != "20-hidden" for group in groups)


def test_gradebook_command_writes_the_report_next_to_the_book(tmp_path: Path):
    for student, results in made_up_class():
        folder = tmp_path / "artifacts" / student.replace("/", "_")
        folder.mkdir(parents=True)
        (folder / "results.json").write_text(dumps(results), encoding="utf-8")
    book = tmp_path / "merged" / "book.csv"
    done = run_grader("gradebook", tmp_path / "artifacts", "--out", book)
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "merged" / "report.html").read_text(encoding="utf-8")
    assert '">ada</a>' in page and "not graded (grader error)" in page and "&lt;b&gt;mal" in page
    clash = run_grader("gradebook", tmp_path / "artifacts", "--out", tmp_path / "merged" / "report.html")
    assert clash.returncode == 2 and "choose another" in clash.stderr and "Traceback" not in clash.stderr


# ---------------------------------------------------------------- in a real browser


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        pytest.skip("Chromium is not installed (.ci/run installs Debian's chromium package)")
    return found


class Browser:
    """Headless Chromium driven through the DevTools protocol on the pipe it reads on fd 3 and answers on
    fd 4 (`--remote-debugging-pipe`): JSON messages ending in a NUL byte."""

    def __init__(self, executable: str, profile: Path) -> None:
        commands_read, self.commands = os.pipe()
        self.answers, answers_write = os.pipe()

        def wire() -> None:  # in the child: our pipe ends become its fds 3 and 4
            high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (commands_read, answers_write)]
            os.dup2(high[0], 3)
            os.dup2(high[1], 4)

        flags = ["--headless", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--remote-debugging-pipe",
                 UNUSED_FEATURES,  # what the grader's browser starts without: nothing a page uses
                 f"--user-data-dir={profile}"] + (["--no-sandbox"] if os.geteuid() == 0 else [])
        self.process = subprocess.Popen([executable, *flags, "about:blank"], pass_fds=(3, 4), preexec_fn=wire,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(commands_read)
        os.close(answers_write)
        self.buffer, self.events, self.next_id = b"", [], 0
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.call("Page.enable", session=self.session)

    def _message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self.buffer:
            if not select.select([self.answers], [], [], max(0.0, deadline - time.monotonic()))[0]:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self.answers, 1 << 20)
            assert chunk, "Chromium closed its pipe"
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params, **({"sessionId": session} if session else {})}
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + 60
        while True:
            answer = self._message(deadline)
            if answer.get("id") == self.next_id:
                assert "error" not in answer, f"{method}: {answer['error']}"
                return answer["result"]
            self.events.append(answer)

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        return self.call(method, session=self.session, **params)

    def open(self, url: str, width: int) -> None:
        self.page("Emulation.setDeviceMetricsOverride", width=width, height=900, deviceScaleFactor=1, mobile=width < 600)
        self.events.clear()
        self.page("Page.navigate", url=url)
        deadline = time.monotonic() + 60
        while not any(event.get("method") == "Page.loadEventFired" for event in self.events):
            self.events.append(self._message(deadline))

    def js(self, expression: str) -> Any:
        answer = self.page("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        assert "exceptionDetails" not in answer, answer["exceptionDetails"]
        return answer["result"].get("value")

    def screenshot(self, path: Path, full_page: bool = True) -> Path:
        data = self.page("Page.captureScreenshot", format="png", captureBeyondViewport=full_page)["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (AssertionError, TimeoutError, OSError):
            pass
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.commands)
        os.close(self.answers)


@pytest.fixture(scope="session")
def sample_class_graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tests/sample_class graded through the real `grade` command, once per test session."""
    out = tmp_path_factory.mktemp("sample-grades")
    done = run_grader("grade", "tests/sample_class", "--out", out, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    """One Chromium for this file's tests (each opens its own page in it): a start takes seconds."""
    opened = Browser(chromium(), tmp_path_factory.mktemp("chromium") / "profile")
    yield opened
    opened.close()


PAGE_FACTS = """(() => {
  const text = (selector) => document.querySelector(selector).textContent;
  return {
    mean: text("#mean"), median: text("#median"), graded: text("#graded"),
    students: Array.from(document.querySelectorAll("table.students tbody tr")).map(row =>
      [row.cells[0].textContent, row.cells[2].dataset.value, row.cells[1].textContent]),
    specs: Object.fromEntries(Array.from(document.querySelectorAll(".specs li")).map(item =>
      [item.dataset.spec, Number(item.querySelector(".passed").textContent)])),
    histogram: Array.from(document.querySelectorAll(".histogram .bin")).map(bin => Number(bin.dataset.count)),
    overflow: document.documentElement.scrollWidth - window.innerWidth,
  };
})()"""


def test_sample_class_report_in_chromium(sample_class_graded: Path, browser: Browser, tmp_path: Path):
    report = sample_class_graded / "report.html"
    with (sample_class_graded / "gradebook.csv").open(newline="") as file:
        book = list(csv.DictReader(file))
    points = {spec.id: spec.points for spec in load_specs(ROOT / "specs")}
    scores = [float(row["score"]) for row in book]
    assert min(scores) < max(scores) == float(book[0]["max_score"]), "the sample class should span full marks to lost points"

    browser.open(report.as_uri(), width=1280)
    facts = browser.js(PAGE_FACTS)
    assert facts["overflow"] <= 0, "the page scrolls sideways at 1280 px"
    assert [(student, float(score)) for student, score, _ in facts["students"]] == \
        [(row["student"], float(row["score"])) for row in book]
    # Each student's status, as in the gradebook, with a mark before it: not colour alone.
    assert [said.split(" ", 1) for _, _, said in facts["students"]] == \
        [[MARKS[row["status"]], row["status"]] for row in book]
    assert {"full marks", "points lost", "crashed"} <= {row["status"] for row in book}
    assert facts["graded"] == f"{len(book)} of {len(book)}"
    assert facts["mean"].split()[0] == format_points(round(statistics.mean(scores), 2))
    assert facts["median"].split()[0] == format_points(statistics.median(scores))
    assert facts["specs"] == {spec: sum(float(row[spec]) == value for row in book) for spec, value in points.items()}
    assert sum(facts["histogram"]) == len(book)
    browser.screenshot(tmp_path / "report-1280.png")

    # Sorting by score puts the lowest first, then the highest.
    browser.js('document.querySelectorAll("table.students th button")[2].click()')
    ascending = [float(score) for _, score, _ in browser.js(PAGE_FACTS)["students"]]
    browser.js('document.querySelectorAll("table.students th button")[2].click()')
    descending = [float(score) for _, score, _ in browser.js(PAGE_FACTS)["students"]]
    assert ascending == sorted(scores) and descending == sorted(scores, reverse=True)

    browser.open(report.as_uri(), width=390)
    assert browser.js(PAGE_FACTS)["overflow"] <= 0, "the page scrolls sideways at 390 px"
    browser.screenshot(tmp_path / "report-390.png")

    # Follow the table's link to a student who lost points: their results, diff included, are in view.
    weakest = min(book, key=lambda row: float(row["score"]))["student"]
    target = browser.js(f"""(() => {{
      const link = Array.from(document.querySelectorAll("table.students a")).find(a => a.textContent === {json.dumps(weakest)});
      link.click();
      const shown = document.querySelector(location.hash);
      shown.querySelector("details").open = true;
      return {{hash: location.hash, heading: shown.querySelector("h3").textContent,
               top: Math.round(shown.getBoundingClientRect().top), diff: shown.querySelector("pre.diff") !== null,
               overflow: document.documentElement.scrollWidth - window.innerWidth}};
    }})()""")
    assert target["hash"].startswith("#student-") and target["top"] == 0
    assert target["heading"] == f"{weakest}: {format_points(min(scores))}/{book[0]['max_score']}"
    assert target["diff"] and target["overflow"] <= 0
    shot = browser.screenshot(tmp_path / "student-390.png", full_page=False)
    assert shot.read_bytes().startswith(b"\x89PNG")


def test_long_ids_and_lines_do_not_widen_the_page(browser: Browser, tmp_path: Path):
    long_line = {"kind": "output differs", "step": 1, "moment": "after input 1", "changes": ["+ " + "x" * 300 + "·↵"]}
    rows = [*made_up_class(), ("s" * 120, from_json(student(spec_result("01-prompt" + "-and" * 30, 6, long_line))))]
    page = tmp_path / "report.html"
    page.write_text(class_report_html(rows), encoding="utf-8")
    for width in (390, 1280):
        browser.open(page.as_uri(), width=width)
        browser.js('document.querySelectorAll("details").forEach(d => d.open = true)')
        assert browser.js("document.documentElement.scrollWidth - window.innerWidth") <= 0, f"sideways at {width} px"
    browser.screenshot(tmp_path / "made-up-390.png")


def test_under_a_spec_nobody_passes_the_shared_cause_replaces_the_warning():
    """Issue 19: "nobody passed" only where the students share no cause; else the cause, in words."""
    win = {"kind": "output differs", "step": 2, "moment": 'after input 2 ("5830")', "changes": [],
           "cause": "win: 0 guesses instead of 1 guesses"}
    rows = [(name, from_json(student(spec_result("02-win", 6, win)))) for name in ("ada", "bo", "cy")]
    page = class_report_html(rows)
    assert '<div class="cause">3 of 3 go wrong after input 2 (&quot;5830&quot;): win: 0 guesses instead of 1 guesses</div>' in page
    assert "nobody passed" not in page
    apart = [(name, from_json(student(spec_result("02-win", 6, failure)))) for name, failure in
             (("ada", win), ("bo", PROMPT), ("cy", HISTORY))]  # three ways, none shared
    assert "nobody passed" in class_report_html(apart) and 'class="cause"' not in class_report_html(apart)
