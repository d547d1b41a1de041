"""Every output format, registered in one place, each a function of one input: a submission's results
(`Submission`) or a class's (`Class`). A new format is one renderer and one line here; the commands
write what is registered (`check --json/--junit`, a student's folder in `grade`, the class files).

The input only grows: later work adds optional fields (a variant, a roster), never removes one.

Each renderer is imported when its format is first written: `check` writes text alone unless asked for
more, and the class report's HTML is for `grade` and `gradebook` only."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from grader.judge.judging import Verdict
from grader.report.results import Results, dumps

if TYPE_CHECKING:  # only named here: the class report imports it when it renders the similar submissions
    from grader.report.similarity import Similarity


@dataclass(frozen=True)
class Submission:
    """One submission's results, with the verdicts behind them (none when the grader itself failed:
    then `error` says why). `reveal_hidden`: the reader may see hidden specs' details (an instructor)."""

    results: Results
    verdicts: tuple[Verdict, ...] = ()
    student: str = ""  # the student's id, or the assignment's slug for `check` (JUnit's suite name)
    title: str = ""
    reveal_hidden: bool = False
    error: str | None = None
    heading: str = ""  # feedback.md's title: the assignment's name (`feedback_title`)


@dataclass(frozen=True)
class Class:
    """A class's results, one (student id, results) per student, in the order they were graded."""

    students: tuple[tuple[str, Results], ...]
    title: str = "Class report"
    similar: Similarity | None = None  # the class's similar submissions (`grader.report.similarity`), from grade
    folders: tuple[tuple[str, str], ...] = ()  # (student, their files' folder relative to the class files), from grade


@dataclass(frozen=True)
class Format:
    """A format: its name, the file it is written to in a batch, and its renderer."""

    name: str
    file: str
    render: Callable[..., str]


def _text(submission: Submission) -> str:
    from grader.report.text import render_text  # noqa: PLC0415

    return render_text(list(submission.verdicts), submission.title, reveal_hidden=submission.reveal_hidden)


def _feedback(submission: Submission) -> str:
    from grader.report.feedback import feedback_markdown  # noqa: PLC0415

    return feedback_markdown(submission.results, submission.heading or None)


def _junit(submission: Submission) -> str:
    from grader.report.junit import junit_error, junit_xml  # noqa: PLC0415

    if submission.error is not None:
        return junit_error(submission.student, submission.error)
    return junit_xml(list(submission.verdicts), suite_name=submission.student, reveal_hidden=submission.reveal_hidden)


SUBMISSION_FORMATS: dict[str, Format] = {format.name: format for format in (
    Format("text", "report.txt", _text),
    Format("results", "results.json", lambda s: dumps(s.results)),
    Format("feedback", "feedback.md", _feedback),
    Format("junit", "junit.xml", _junit),
)}
# What `grade` writes into every student's folder.
STUDENT_FILES = ("results", "feedback", "junit")


def _gradebook(given: Class) -> str:
    from grader.report.gradebook import gradebook_csv  # noqa: PLC0415

    return gradebook_csv(given.students)


def _report(given: Class) -> str:
    from grader.report.html import class_report_html  # noqa: PLC0415

    return class_report_html(list(given.students), given.title, given.similar, dict(given.folders))


CLASS_FORMATS: dict[str, Format] = {format.name: format for format in (
    Format("gradebook", "gradebook.csv", _gradebook),
    Format("report", "report.html", _report),
)}


def render(name: str, given: Submission | Class) -> str:
    """The text of format `name` for a submission or a class."""
    formats = SUBMISSION_FORMATS if isinstance(given, Submission) else CLASS_FORMATS
    return formats[name].render(given)
