"""What `check` shows of one graded submission: the heading above its report (what was checked against
what, the files not run, the preview's notes, the variant it looks like, its lateness), its report as
text, and the files it writes (results.json, JUnit XML, screenshots) through the output registry."""

from __future__ import annotations

from pathlib import Path

from grader.base.console import printable
from grader.base.files import write_atomically
from grader.engine.preview import notes_for
from grader.grading.plan import Plan
from grader.grading.submission import Graded
from grader.judge.judging import total
from grader.report.feedback import looks_like_said
from grader.report.formats import Submission, render
from grader.report.lateness import late_sentence, with_late_said
from grader.report.results import not_run_said
from grader.report.screenshots import FOLDER, write_screenshots


def checked(plan: Plan, graded: Graded, submission: Path, specs_dir: Path, reveal_hidden: bool) -> Submission:
    """The submission as `check` renders it, its heading first; a late policy's sentence leads its results'
    output too (Gradescope shows it above the tests)."""
    found, results, count = graded.admitted, graded.results, len(plan.specs)
    if found.folder is None:
        lines = [f"Checking {submission} against {count} spec(s) from {specs_dir}: {found.problem}"]
    else:
        variant = plan.assignment.variant
        lines = [f"Checking {found.folder / plan.options.script} against {count} spec(s) from {specs_dir}"
                 + (f", variant {variant.describe()}" if variant else ""),
                 not_run_said(found.not_run), *notes_for(plan.options, found.folder / plan.options.script)]
        lines.append(looks_like_said(results) if results.looks_like else "")
    if plan.policy is not None and plan.clock is not None:
        results = with_late_said(results)
        lines.append(late_sentence(results))
    return Submission(results, graded.verdicts, student=plan.assignment.slug, title="\n".join(filter(None, lines)),
                      reveal_hidden=reveal_hidden)


def report_text(shown: Submission, encoding: str | None) -> str:
    """The text report, in characters the console's `encoding` can print."""
    return printable(render("text", shown), encoding)


def write_check_files(shown: Submission, json: str | None, junit: str | None, screenshots: str | None) -> str:
    """results.json and JUnit XML where asked, and the failing pages' pictures; the line saying where
    those went ('' when none)."""
    for name, target in (("results", json), ("junit", junit)):
        if target:
            write_atomically(Path(target), render(name, shown))
    if screenshots and any(test.screenshot for test in shown.results.tests):
        write_screenshots(Path(screenshots), shown.results, list(shown.verdicts))
        return f"Pictures of the failing pages: {Path(screenshots) / FOLDER}/"
    return ""


def full_marks(graded: Graded) -> bool:
    """Every point earned (the late penalty aside: `check`'s exit status is about the program)."""
    score, maximum = total(list(graded.verdicts))
    return score == maximum
