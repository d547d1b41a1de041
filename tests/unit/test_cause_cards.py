"""report.html's common failures: one card per cause, with the specs it shows in and the students who
share it (grader/report/html.py), from made-up results."""

from __future__ import annotations

from grader.judge.judging import CRASH, MISMATCH
from grader.report.html import cause_cards, class_report_html, common_failures, spec_summaries
from grader.report.results import Failure, Results, TestResult

START_CRASH = Failure(CRASH, 0, "at start-up, before any input", cause="NameError: name 'x' is not defined")
PROMPT = Failure(MISMATCH, 1, 'after input 1 ("1234")', ("- Enter guess:·", "+ Guess:·"))


def student(*failures: Failure | None) -> Results:
    tests = tuple(TestResult(f"0{i}-spec", f"Spec {i}", 0 if failure else 5, 5, failure is None, "", failure=failure)
                  for i, failure in enumerate(failures, start=1))
    return Results(sum(test.score for test in tests), 5 * len(tests), tests)


def test_a_cause_shared_in_every_spec_is_one_card_naming_its_specs_and_students():
    rows = [("ada", student(START_CRASH, START_CRASH, START_CRASH)), ("bo", student(START_CRASH, START_CRASH, START_CRASH)),
            ("cy", student(None, PROMPT, PROMPT)), ("di", student(None, PROMPT, None)), ("ed", student(None, None, None))]
    cards = cause_cards(common_failures(rows, spec_summaries(rows)))
    assert [([group.spec for group in card], sorted({s for group in card for s in group.students})) for card in cards] == [
        (["01-spec", "02-spec", "03-spec"], ["ada", "bo"]), (["02-spec"], ["cy", "di"])]
    page = class_report_html(rows)
    assert page.count('<article class="group">') == 2
    assert ("<h3>crash at start-up, before any input: NameError: name &#x27;x&#x27; is not defined</h3>"
            '<p><strong class="count">2 of 5</strong> students, in 3 specs:</p>') in page
