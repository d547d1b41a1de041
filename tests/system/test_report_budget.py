"""Issue 19's report budgets, over real programs (tests/submissions/ and tests/beginners/): for a single
slip or a single rule bug, `check` prints at most 60 lines and feedback.md takes at most 100; a program
with five problems at most 150 for either. `check` is measured as a student runs it (the visible specs:
the handout has no others), feedback.md as `grade` writes it (every spec, hidden ones by name). A corpus
entry's verdicts are tests/system/graded_corpus.py's, graded once for these tests and test_corpus.py's."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from graded_corpus import CHECK_TITLE as TITLE, CORPUS as ENTRIES, IN_CORPUS, verdicts_of
from grader.grading.corpus import FAIL
from grader.engine.runner import Options, check_submission
from grader.judge.judging import Verdict
from grader.report.feedback import feedback_markdown
from grader.report.results import from_json, to_json
from grader.grading.results import build_results
from grader.report.text import render_text
from grader.spec.specs import load_specs
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
SPECS = load_specs(ROOT / "specs")
CORPUS, BEGINNERS = ROOT / "tests" / "submissions", ROOT / "tests" / "beginners"
# One slip or one rule bug: the corpus entries whose note names a single rule, and two beginners'.
ONE_PROBLEM = sorted(entry.path for entry in ENTRIES if entry.expected == FAIL and len(entry.rules) == 1
                     and entry.rules[0] != "all") + [BEGINNERS / "win-count-low", BEGINNERS / "one-word-off"]
FIVE_PROBLEMS = [BEGINNERS / "mess-no-history", BEGINNERS / "mess-clear-screen"]
pytestmark = IN_CORPUS


@lru_cache(maxsize=None)
def verdicts(entry: Path) -> tuple[Verdict, ...]:
    if entry.parent == CORPUS:
        return verdicts_of(entry.name)
    return tuple(check_submission(entry, SPECS, Options(), jobs=2))


def check_lines(entry: Path) -> int:
    return len(render_text([v for v in verdicts(entry) if not v.spec.hidden], TITLE).splitlines())


def feedback_lines(entry: Path) -> int:
    results = from_json(to_json(build_results(list(verdicts(entry)), reveal_hidden=True)))
    return len(feedback_markdown(results).splitlines())


@pytest.mark.parametrize("entry", ONE_PROBLEM, ids=lambda entry: entry.name)
def test_one_slip_or_rule_bug_is_told_within_60_lines_and_100_of_feedback(entry: Path):
    assert not all(v.passed for v in verdicts(entry)), f"{entry.name} passes: no report to measure"
    assert check_lines(entry) <= 60, render_text([v for v in verdicts(entry) if not v.spec.hidden], TITLE)
    assert feedback_lines(entry) <= 100


@pytest.mark.parametrize("entry", FIVE_PROBLEMS, ids=lambda entry: entry.name)
def test_five_problems_are_told_within_150_lines(entry: Path):
    assert check_lines(entry) <= 150 and feedback_lines(entry) <= 150


@pytest.mark.parametrize("name", ["cosmetic-welcome-banner", "bug-win-count-off-by-one", "crash-int-on-non-digit"])
def test_the_command_prints_what_was_measured(name: str):
    """The measure above is the command's own report: the same lines, but for check's title."""
    done = run_grader("check", CORPUS / name, "--visible-only", encoding="utf-8")
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines()[1:] == render_text([v for v in verdicts(CORPUS / name) if not v.spec.hidden],
                                                       TITLE).splitlines()[1:]
    assert "Traceback" not in done.stdout or name.startswith("crash-")


def test_a_crash_is_told_once_with_its_traceback_and_the_specs_it_ended():
    report = render_text(list(verdicts(CORPUS / "crash-int-on-non-digit")), TITLE)
    assert report.count("Traceback (most recent call last):") == 1
    assert "ValueError: invalid literal for int() with base 10" in report
    assert "The same crash ended" in report and "not compared: the spec ignores them" not in report


@pytest.mark.parametrize("name, said", [
    ("tries-first", "asks for something else first ('How many guesses do you want?')"),
    ("practice-key-1234", "never asked for the key: it took the key"),
])
def test_a_program_that_skips_the_first_step_is_told_so_once_at_the_top(name: str, said: str):
    found = list(verdicts(BEGINNERS / name))
    report = " ".join(render_text(found, TITLE).split())  # the sentence is wrapped
    assert report.count(said) == 1 and report.index(said) < report.index("FAIL ")
    results = build_results(found)
    assert said in results.output and said in (results.first_step or "")
    assert feedback_markdown(from_json(to_json(results))).count(said) == 1
