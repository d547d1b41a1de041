"""feedback.md from a results file: failures in full, hidden specs by name and points only, output that
cannot break out of its code block, and a grader error said as such."""

from __future__ import annotations

from grader.report.feedback import HIDDEN_TESTS, feedback_markdown
from grader.report.results import from_json, grader_error_results
from grader.report.text import HIDDEN_NOTE


def results_data(*tests: tuple[str, float, float, str]) -> dict:
    return {
        "score": sum(test[1] for test in tests), "max_score": sum(test[2] for test in tests),
        "tests": [{"name": f"the {spec} spec", "tags": [spec], "score": score, "max_score": top,
                   "status": "passed" if score == top else "failed", "output": output}
                  for spec, score, top, output in tests],
    }


def test_feedback_shows_failures_in_full_and_hidden_ones_by_name_and_points_only():
    data = results_data(("shown", 0, 4, "Problem: differs\n  1 - ```fence```"), ("secret", 0, 3, HIDDEN_NOTE),
                        ("fine", 2, 2, "Passed."), ("half", 1.5, 3, "Problem: one step differs"))
    text = feedback_markdown(from_json(data))
    assert "**Score: 3.5/12** (1 of 4 tests passed)" in text
    assert "## ❌ the shown spec (0/4)" in text and "````text\nProblem: differs" in text
    assert "## ❌ Hidden tests\n\n- the secret spec (0/3)\n\n" + HIDDEN_TESTS in text
    assert "the fine spec" in text and "## ❌ the fine spec" not in text
    assert "## ❌ the half spec (1.5/3)" in text


def test_a_hidden_spec_never_shows_its_output_even_in_the_instructors_results():
    data = results_data(("secret", 0, 3, "Problem: the secret diff"))
    data["tests"][0]["extra_data"] = {"hidden": True}
    text = feedback_markdown(from_json(data))
    assert "secret diff" not in text and HIDDEN_TESTS in text


def test_a_grader_error_is_not_graded_rather_than_zero():
    text = feedback_markdown(grader_error_results("KeyError: boom", 14))
    assert "Not graded yet" in text and "boom" not in text and "Score" not in text


def test_a_failure_told_in_another_tests_section_gets_no_section_of_its_own():
    data = results_data(("first", 0, 4, "Problem: crashed\nThe same crash ended 1 more spec: \"the second spec\""),
                        ("second", 0, 3, "Problem: crashed\nThe same crash as in \"the first spec\" [first]: see there."))
    data["tests"][1]["extra_data"] = {"told_in": "first"}
    text = feedback_markdown(from_json(data))
    assert "## ❌ the first spec (0/4)" in text and "## ❌ the second spec" not in text
    assert "| ❌ fail | the second spec | 0/3 |" in text


def test_a_program_that_skips_the_first_step_is_told_so_once_at_the_top():
    data = results_data(("one", 0, 4, "Problem: one"), ("two", 0, 3, "Problem: two"))
    data["extra_data"] = {"first_step": "the program never asked for the key: it took the key (1234) as its first guess"}
    text = feedback_markdown(from_json(data))
    assert text.count("never asked for the key") == 1
    assert text.index("never asked for the key") < text.index("| result | test | points |")
