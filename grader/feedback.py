"""What a student reads after grading (`feedback.md`, a CI job summary), rendered from a results.json.

Working from the results file rather than from verdicts means the same text comes out wherever the
grading ran (a batch, Gradescope, a CI job), and hidden specs can never leak: results.json already holds
only their name and points (see `report.results_json`)."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from grader.errors import UsageError
from grader.files import write_atomically
from grader.report import HIDDEN_NOTE, format_points

GRADER_ERROR_KEY = "grader_error"  # in results["extra_data"]: this student could not be graded



def _cell(text: str) -> str:
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _fenced(text: str) -> list[str]:
    """A code block whose fence is longer than any backtick run in the text, so output can't break out."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence + "text", text, fence]


def grader_error(results: dict[str, Any]) -> str | None:
    return (results.get("extra_data") or {}).get(GRADER_ERROR_KEY)


def feedback_markdown(results: dict[str, Any], title: str = "Mastermind: your results") -> str:
    """Score, a table of every test, then each failed test with everything needed to fix it."""
    out = [f"# {title}", ""]
    error = grader_error(results)
    if error is not None:
        out += [
            "**Not graded yet.** The grader itself ran into a problem with this submission (not a mistake in",
            "your program, as far as it can tell), so no score was given. Your instructor has the details.",
            "",
        ]
        return "\n".join(out)
    tests = results.get("tests", [])
    passed = sum(test.get("status") == "passed" for test in tests)
    out += [
        f"**Score: {format_points(results.get('score', 0))}/{format_points(results.get('max_score', 0))}** "
        f"({passed} of {len(tests)} tests passed)",
        "",
    ]
    if tests:
        out += ["| result | test | points |", "| --- | --- | --- |"]
        for test in tests:
            mark = "✅ pass" if test.get("status") == "passed" else "❌ fail"
            points = f"{format_points(test.get('score', 0))}/{format_points(test.get('max_score', 0))}"
            out.append(f"| {mark} | {_cell(test.get('name', '?'))} | {points} |")
        out.append("")
    for test in tests:
        if test.get("status") == "passed":
            continue
        out += [f"## ❌ {test.get('name', '?')} (0/{format_points(test.get('max_score', 0))})", ""]
        output = test.get("output", "")
        out += ([HIDDEN_NOTE] if output == HIDDEN_NOTE else _fenced(output)) + [""]
    if tests and passed == len(tests):
        out += ["Every test passed. Well done!", ""]
    return "\n".join(out)


def read_results(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"{path}: no such results file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise UsageError(f"{path}: not a readable results.json ({error})") from None
    problem = _results_problem(data)
    if problem:
        raise UsageError(f"{path}: not a results.json: {problem}")
    return data


def _results_problem(data: Any) -> str | None:
    """What makes this not Gradescope's results.json shape, as far as the gradebook and feedback use it."""
    number = (int, float)
    if not isinstance(data, dict) or not isinstance(data.get("tests", []), list):
        return "expected an object with a `tests` list"
    for key in ("score", "max_score"):
        if key in data and not isinstance(data[key], number) or isinstance(data.get(key), bool):
            return f"`{key}` must be a number"
    for index, test in enumerate(data.get("tests", []), start=1):
        if not isinstance(test, dict):
            return f"test {index} is not an object"
        for key in ("score", "max_score"):
            if key in test and (not isinstance(test[key], number) or isinstance(test[key], bool)):
                return f"test {index}: `{key}` must be a number"
        for key in ("name", "output", "status"):
            if key in test and not isinstance(test[key], str):
                return f"test {index}: `{key}` must be text"
        if "tags" in test and not (isinstance(test["tags"], list) and all(isinstance(t, str) for t in test["tags"])):
            return f"test {index}: `tags` must be a list of text"
    return None


def cmd_feedback(args: argparse.Namespace) -> int:
    text = feedback_markdown(read_results(Path(args.results)), args.title)
    if args.out:
        write_atomically(Path(args.out), text)
    else:
        sys.stdout.write(text)
    return 0


def add_feedback(commands: argparse._SubParsersAction) -> None:
    feedback = commands.add_parser(
        "feedback", help="render a results.json as the Markdown a student reads (feedback.md, CI job summary)"
    )
    feedback.add_argument("results", help="a results.json written by `check --json`, `grade` or Gradescope")
    feedback.add_argument("--out", metavar="FILE", help="write here instead of standard output")
    feedback.add_argument("--title", default="Mastermind: your results", help="the heading (default: %(default)s)")
    feedback.set_defaults(run=cmd_feedback)
