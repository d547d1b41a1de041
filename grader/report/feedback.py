"""What a student reads after grading (`feedback.md`, a CI job summary), rendered from a results.json.

Working from the results file rather than from verdicts means the same text comes out wherever the
grading ran (a batch, Gradescope, a CI job), and hidden specs can never leak: results.json already holds
only their name and points (see `grading.results.build_results`)."""

from __future__ import annotations

import re

from grader.report.text import HIDDEN_NOTE, first_step_said, format_points
from grader.report.lateness import late_sentence
from grader.report.results import Results, TestResult, not_run_said
from grader.spec.assignment import example_assignment, feedback_title


HIDDEN_TESTS = "These are hidden tests: their inputs and expected output are not shown."


def _cell(text: str) -> str:
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _fenced(text: str) -> list[str]:
    """A code block whose fence is longer than any backtick run in the text, so output can't break out."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence + "text", text, fence]


def _points(test: TestResult) -> str:
    return f"({format_points(test.score)}/{format_points(test.max_score)})"


def variant_lines(results: Results) -> list[str]:
    """Which variant graded the submission and, where another variant's rules fit it clearly better, which."""
    if results.variant is None:
        return []
    out = [f"Graded by the rules of your variant, **{results.variant}**: your handout states its numbers.", ""]
    if results.looks_like is not None:
        out += [looks_like_said(results, bold="**"), ""]
    return out


def looks_like_said(results: Results, bold: str = "") -> str:
    """The remark on a submission that looks written for another variant (`results.looks_like`, which must
    be set): which, and how many of the points lost its rules give back; `bold` marks its first sentence."""
    other, points = results.looks_like or ("", 0.0)
    lost = results.max_score - results.score
    back = f"all {format_points(lost)} points" if points >= lost else f"{format_points(points)} of the {format_points(lost)} points"
    return (f"{bold}This looks written for variant {other}.{bold} Graded by that variant's rules, the tests it "
            f"failed would earn back {back} it lost: check your program's numbers against your own handout.")


def feedback_markdown(results: Results, title: str | None = None) -> str:
    """Score, what the program does instead of the first step (if so), a table of every test, then each
    failure with everything needed to fix it, told once: a test that fails the same way as another is
    named in that one's section, and the hidden tests share one section of names and points."""
    out = [f"# {title or feedback_title(example_assignment())}", ""]
    if results.grader_error is not None:
        out += [
            "**Not graded yet.** The grader itself ran into a problem with this submission (not a mistake in",
            "your program, as far as it can tell), so no score was given. Your instructor has the details.",
            "",
        ]
        return "\n".join(out)
    tests = results.tests
    out += [
        f"**Score: {format_points(results.score)}/{format_points(results.max_score)}** "
        f"({results.passed_count} of {len(tests)} tests passed)",
        "",
    ]
    late = late_sentence(results)
    out += [late, ""] if late else []
    out += variant_lines(results)
    if results.not_run:  # file names of the submission's: fenced
        out += _fenced(not_run_said(results.not_run)) + [""]
    if results.first_step:  # the program's own words may be in it: fenced
        out += _fenced(first_step_said(results.first_step)) + [""]
    if tests:
        out += ["| result | test | points |", "| --- | --- | --- |"]
        for test in tests:
            mark = "✅ pass" if test.passed else "❌ fail"
            out.append(f"| {mark} | {_cell(test.name)} | {format_points(test.score)}/{format_points(test.max_score)} |")
        out.append("")
    hidden = [test for test in tests if not test.passed and (test.hidden or test.output == HIDDEN_NOTE)]
    for test in tests:
        if test.passed or test in hidden or test.told_in is not None:
            continue  # a failure told in another test's section is listed there
        out += [f"## ❌ {test.name} {_points(test)}", "", *_fenced(test.output), ""]
        if test.screenshot:
            out += [f"![The page where it went wrong]({test.screenshot})", ""]
    if hidden:
        out += ["## ❌ Hidden tests", "", *(f"- {_cell(test.name)} {_points(test)}" for test in hidden), "", HIDDEN_TESTS, ""]
    if tests and results.passed_count == len(tests):
        out += ["Every test passed. Well done!", ""]
    return "\n".join(out)
