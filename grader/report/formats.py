"""Every output format, registered in one place, each a function of one input: a submission's results
(`Submission`) or a class's (`Class`). A new format is one renderer and one line here; the commands
write what is registered (`check --json/--junit`, a student's folder in `grade`, the class files).

The input only grows: later work adds optional fields (a variant, a roster), never removes one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from grader.judge.judging import Verdict
from grader.report.feedback import feedback_markdown
from grader.report.gradebook import gradebook_csv
from grader.report.html import class_report_html
from grader.report.junit import junit_error, junit_xml
from grader.report.results import Results, dumps
from grader.report.text import render_text


@dataclass(frozen=True)
class Submission:
    """One submission's results, with the verdicts behind them (none when the grader itself failed:
    then `error` says why). `reveal_hidden`: the reader may see hidden specs' details (an instructor)."""

    results: Results
    verdicts: tuple[Verdict, ...] = ()
    student: str = "mastermind"
    title: str = ""
    reveal_hidden: bool = False
    error: str | None = None
    heading: str = "Mastermind: your results"  # feedback.md's title: the assignment's name


@dataclass(frozen=True)
class Class:
    """A class's results, one (student id, results) per student, in the order they were graded."""

    students: tuple[tuple[str, Results], ...]
    title: str = "Class report"
    similar: str = ""  # the report's section on similar submissions (`grader.report.similarity_html`), from grade
    folders: tuple[tuple[str, str], ...] = ()  # (student, their files' folder relative to the class files), from grade


@dataclass(frozen=True)
class Format:
    """A format: its name, the file it is written to in a batch, and its renderer."""

    name: str
    file: str
    render: Callable[..., str]


def _junit(submission: Submission) -> str:
    if submission.error is not None:
        return junit_error(submission.student, submission.error)
    return junit_xml(list(submission.verdicts), suite_name=submission.student, reveal_hidden=submission.reveal_hidden)


SUBMISSION_FORMATS: dict[str, Format] = {format.name: format for format in (
    Format("text", "report.txt", lambda s: render_text(list(s.verdicts), s.title, reveal_hidden=s.reveal_hidden)),
    Format("results", "results.json", lambda s: dumps(s.results)),
    Format("feedback", "feedback.md", lambda s: feedback_markdown(s.results, s.heading)),
    Format("junit", "junit.xml", _junit),
)}
# What `grade` writes into every student's folder.
STUDENT_FILES = ("results", "feedback", "junit")

CLASS_FORMATS: dict[str, Format] = {format.name: format for format in (
    Format("gradebook", "gradebook.csv", lambda c: gradebook_csv(c.students)),
    Format("report", "report.html", lambda c: class_report_html(list(c.students), c.title, c.similar, dict(c.folders))),
)}


def render(name: str, given: Submission | Class) -> str:
    """The text of format `name` for a submission or a class."""
    formats = SUBMISSION_FORMATS if isinstance(given, Submission) else CLASS_FORMATS
    return formats[name].render(given)
