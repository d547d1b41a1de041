"""`python3 -m grader feedback`: a results.json rendered as the Markdown a student reads."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.base.files import write_atomically
from grader.report.feedback import feedback_markdown
from grader.report.results import read_results


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
