"""`python3 -m grader feedback`: a results.json rendered as the Markdown a student reads."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.base.files import write_atomically
from grader.base.helptext import CANNOT_READ, add_command
from grader.report.formats import Submission, render
from grader.report.results import read_results
from grader.spec.assignment import feedback_title, find_assignment, load_assignment


UNNAMED_TITLE = "Your results"  # run outside any assignment's folder: the results alone say no name


def cmd_feedback(args: argparse.Namespace) -> int:
    found = find_assignment(Path.cwd())
    title = args.title or (feedback_title(load_assignment(found)) if found else UNNAMED_TITLE)
    text = render("feedback", Submission(read_results(Path(args.results)), heading=title))
    if args.out:
        write_atomically(Path(args.out), text)
    else:
        sys.stdout.write(text)
    return 0


def add_feedback(commands: argparse._SubParsersAction) -> None:
    feedback = add_command(
        commands, "feedback", "render a results.json as the Markdown a student reads (feedback.md, CI job summary)",
        "Write what a student reads after grading, in Markdown: the score, then each failed spec with its "
        "diff and the inputs that exposed it. Hidden specs show only their name and points. The same results "
        "give the same text wherever the grading ran.",
        [("feedback results.json", "print the feedback of a `check --json results.json`"),
         ("feedback grades/mastermind/students/alice/results.json --out alice.md",
          "write one student's feedback to a file")],
        [(0, "the feedback was written"), CANNOT_READ])
    feedback.add_argument("results", help="a results.json written by `check --json`, `grade` or Gradescope")
    feedback.add_argument("--out", metavar="FILE", help="write here instead of standard output")
    feedback.add_argument("--title", help="the heading (default: the assignment's name, then `: your results`; "
                                          f"outside an assignment's folder, `{UNNAMED_TITLE}`)")
    feedback.set_defaults(run=cmd_feedback)
