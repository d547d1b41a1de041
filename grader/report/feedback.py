"""What a student reads after grading (`feedback.md`, a CI job summary), rendered from a results.json.

Working from the results file rather than from verdicts means the same text comes out wherever the
grading ran (a batch, Gradescope, a CI job), and hidden specs can never leak: results.json already holds
only their name and points (see `report.build_results`)."""

from __future__ import annotations

import re

from grader.report.text import HIDDEN_NOTE, format_points
from grader.report.results import Results


def _cell(text: str) -> str:
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _fenced(text: str) -> list[str]:
    """A code block whose fence is longer than any backtick run in the text, so output can't break out."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence + "text", text, fence]


def feedback_markdown(results: Results, title: str = "Mastermind: your results") -> str:
    """Score, a table of every test, then each failed test with everything needed to fix it."""
    out = [f"# {title}", ""]
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
    if tests:
        out += ["| result | test | points |", "| --- | --- | --- |"]
        for test in tests:
            mark = "✅ pass" if test.passed else "❌ fail"
            out.append(f"| {mark} | {_cell(test.name)} | {format_points(test.score)}/{format_points(test.max_score)} |")
        out.append("")
    for test in tests:
        if test.passed:
            continue
        out += [f"## ❌ {test.name} ({format_points(test.score)}/{format_points(test.max_score)})", ""]
        hidden = test.hidden or test.output == HIDDEN_NOTE
        out += ([HIDDEN_NOTE] if hidden else _fenced(test.output)) + [""]
    if tests and results.passed_count == len(tests):
        out += ["Every test passed. Well done!", ""]
    return "\n".join(out)
