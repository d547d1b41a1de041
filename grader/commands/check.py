"""The `check` command: one submission graded against the specs, its report printed (and written as
results.json and JUnit XML if asked); what students run most."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from grader.base.console import printable
from grader.base.errors import UsageError
from grader.base.files import check_writable, write_atomically
from grader.report.formats import Submission, render
from grader.sandbox.reaping import become_subreaper, kill_orphans
from grader.report.text import build_results
from grader.report.results import Results, not_run_said, with_not_run, with_problem
from grader.report.screenshots import FOLDER, write_screenshots
from grader.engine.browser import driver_pids
from grader.spec.assignment import Assignment
from grader.engine.intake import admit, refused
from grader.base.helptext import CANNOT_RUN, add_command, advanced
from grader.judge.judging import Verdict, total
from grader.commands.options import (add_assignment_options, add_run_options, assignment_options, assignment_specs,
                                     intake_from, options_from, variant_specs)
from grader.commands.variant_fit import looks_like
from grader.commands.late_options import add_late_options, submission_late
from grader.report.lateness import late_sentence, with_late, with_late_said
from grader.report.feedback import looks_like_said
from grader.commands.platform_variant import identified, on_platform
from grader.engine.preview import notes_for
from grader.engine.runner import Options
from grader.engine.replay import replay_keyless
from grader.explore.part import check_with_part, with_part
from grader.sandbox.box import start_ahead
from grader.spec.specs import Spec
from grader.base.project import default_jobs

FULL_MARKS, POINTS_LOST = 0, 1


def cmd_check(args: argparse.Namespace) -> int:
    submission = Path(args.submission)
    if submission.exists() and not submission.is_dir():
        raise UsageError(f"{submission}: is not a folder (give the folder that holds the program)")
    if not submission.is_dir():
        raise UsageError(f"{submission}: no such submission folder")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    for target in filter(None, (args.json, args.junit)):
        check_writable(Path(target))
    start_ahead(args.launch)  # while the specs are read
    assignment, specs_dir, every = assignment_specs(args, visible_only=args.visible_only, every_variant=True)
    specs = with_part(variant_specs(assignment, every), assignment, specs_dir, args.visible_only)
    # A student's own check is told, in plain words, that the official grading isolates their program fully;
    # a platform's run is the official grading, and its log says which protections it has as they are.
    options = options_from(args, assignment, plain=not on_platform(args),
                           hidden=(submission.resolve().parent,))  # its class
    late = submission_late(args, assignment)  # a bad metadata file is said before any program runs
    admitted = admit(submission, options.script, intake_from(args))
    if admitted.folder is None:
        verdicts = refused(specs, admitted.problem)
        title = f"Checking {submission} against {len(specs)} spec(s) from {specs_dir}: {admitted.problem}"
    else:
        verdicts = _run(admitted.folder, specs, options, args.jobs)
        title = f"Checking {admitted.folder / options.script} against {len(specs)} spec(s) from {specs_dir}" + (
            f", variant {assignment.variant.describe()}" if assignment.variant else "")
        title = "\n".join(filter(None, [title, not_run_said(admitted.not_run),
                                         *notes_for(options, admitted.folder / options.script)]))
    results = with_not_run(build_results(verdicts), admitted.not_run)  # a student's view: hidden specs by name only
    results = replace(results, variant=assignment.variant.name if assignment.variant else None, assignment=assignment.slug)
    if admitted.folder is not None:
        results = _with_looks_like(results, admitted.folder, assignment, every, options, args.jobs)
        title += "\n" + looks_like_said(results) if results.looks_like else ""
    if admitted.problem is not None:
        results = with_problem(results, admitted.problem, admitted.refused)
    if late is not None:
        results = with_late_said(with_late(results, *late))
        title += "\n" + late_sentence(results)
    checked = Submission(results, tuple(verdicts), title=title, reveal_hidden=not args.student_view)
    sys.stdout.write(printable(render("text", checked), sys.stdout.encoding))
    for name, target in (("results", args.json), ("junit", args.junit)):
        if target:
            write_atomically(Path(target), render(name, checked))
    if args.screenshots and any(test.screenshot for test in results.tests):
        write_screenshots(Path(args.screenshots), results, verdicts)
        print(f"Pictures of the failing pages: {Path(args.screenshots) / FOLDER}/")
    score, maximum = total(verdicts)
    return FULL_MARKS if score == maximum else POINTS_LOST


def _with_looks_like(results: Results, folder: Path, assignment: Assignment, every: list[Spec], options: Options,
                     jobs: int) -> Results:
    """The results, with the variant whose rules fit the program clearly better where one does: the specs it
    failed run again by each other variant's rules, as `grade` does for a class."""
    def grade(other: Assignment, again: list[Spec]) -> Results:
        return build_results(_run(folder, again, assignment_options(other, options), jobs))

    return replace(results, looks_like=looks_like(results, assignment, every, grade))


def _run(folder: Path, specs: list[Spec], options: Options, jobs: int) -> list[Verdict]:
    subreaper = become_subreaper()  # a program that escapes its process group still ends with us
    try:
        return replay_keyless(folder, check_with_part(folder, specs, options, jobs=jobs), options)
    finally:
        if subreaper:
            kill_orphans(driver_pids())  # the browser's driver is this process's helper, not an orphan


def add_check(commands: argparse._SubParsersAction) -> None:
    check = add_command(
        commands, "check", "grade one submission folder and print a report",
        "Grade one submission: run its program against the specs, typing each input when the program waits "
        "for it, and print a report of every spec it failed, with the inputs typed and a diff of the output "
        "expected and the output printed. The folder holds the program (mastermind.py for the digit game) at "
        "its top, or in its only sub-folder.",
        [("check student_template --visible-only", "check your own work against the specs you can see"),
         ("check alice/ --json results.json --junit junit.xml", "also write results.json (Gradescope's format) and JUnit XML"),
         ("check alice/ --assignment assignments/colour", "grade against another assignment's specs")],
        [(FULL_MARKS, "every point was earned"),
         (POINTS_LOST, "points were lost (a missing, crashing, hanging or wrong program included)"),
         CANNOT_RUN])
    check.add_argument("submission", help="a folder that holds the program (mastermind.py for the digit game)")
    add_assignment_options(check, variant=True)
    check.add_argument("--json", metavar="FILE", help="also write Gradescope's results.json format here")
    check.add_argument("--junit", metavar="FILE", help="also write JUnit XML (one testcase per spec) here")
    check.add_argument("--screenshots", metavar="DIR",
                       help="a web page: write a picture of the page where each failing spec went wrong to "
                            "DIR/screenshots/SPEC.png (hidden specs' not)")
    check.add_argument("--visible-only", action="store_true", help="run only the specs students can see")
    platform = advanced(check)  # what a platform's autograder passes
    platform.add_argument("--student-view", action="store_true",
                          help="print (and write to --junit) what a student may read: hidden specs by name and points "
                               "only, as in --json; for a grading log students can see (Classroom 50's, in their own "
                               "repository)")
    platform.add_argument("--variant-from-metadata", metavar="FILE",
                          help="grade by the submitter's variant, from Gradescope's submission_metadata.json (the "
                               "first user's email: its row of variants.csv beside assignment.yaml, else the hash "
                               "`grade --variants-by-id` uses)")
    platform.add_argument("--variant-of", type=identified, metavar="KEY=ID",
                          help="grade by this student's variant: KEY is the roster column they are known by (username "
                               "for Classroom 50's GitHub login, or email), ID theirs; their row of variants.csv, else "
                               "the hash")
    platform.add_argument("--variant-from-data", metavar="FILE",
                          help="grade by the variant PrairieLearn's question chose: `params.variant` of its data.json")
    check.add_argument("--jobs", type=int, default=default_jobs(), metavar="N",
                       help="specs run at once (default: every core, here %(default)s)")
    add_late_options(check, class_times=False)
    add_run_options(check)
    check.set_defaults(run=cmd_check)
