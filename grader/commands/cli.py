"""The command line: the `check` command, the list of every command, and how errors become exit status 2."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from dataclasses import replace
from pathlib import Path

from grader.base.console import printable
from grader.base.errors import UsageError
from grader.base.files import check_writable, write_atomically
from grader.report.formats import Submission, render
from grader.sandbox.reaping import become_subreaper, kill_orphans
from grader.report.text import build_results
from grader.report.results import Results, with_problem
from grader.report.screenshots import FOLDER, write_screenshots
from grader.engine.browser import driver_pids
from grader.spec.assignment import Assignment
from grader.engine.intake import admit, refused
from grader.base.helptext import CANNOT_RUN, PROG, add_command, epilog, paragraphs
from grader.judge.judging import Verdict, total
from grader.commands.options import (add_assignment_options, add_run_options, assignment_options, assignment_specs,
                                     intake_from, options_from, variant_specs)
from grader.commands.variant_fit import looks_like
from grader.report.feedback import looks_like_said
from grader.commands.platform_variant import identified
from grader.engine.preview import notes_for
from grader.engine.runner import Options, check_submission
from grader.base.errors import SandboxFailure
from grader.sandbox.box import start_ahead
from grader.sandbox.protections import IsolationUnavailable
from grader.spec.specs import Spec, SpecErrors
from grader.base.project import default_jobs

FULL_MARKS, POINTS_LOST, CANNOT_GRADE = 0, 1, 2


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
    specs = variant_specs(assignment, every)
    options = options_from(args, assignment, plain=True)
    admitted = admit(submission, options.script, intake_from(args))
    if admitted.folder is None:
        verdicts = refused(specs, admitted.problem)
        title = f"Checking {submission} against {len(specs)} spec(s) from {specs_dir}: {admitted.problem}"
    else:
        verdicts = _run(admitted.folder, specs, options, args.jobs)
        title = f"Checking {admitted.folder / options.script} against {len(specs)} spec(s) from {specs_dir}" + (
            f", variant {assignment.variant.describe()}" if assignment.variant else "")
        title = "\n".join([title, *notes_for(options, admitted.folder / options.script)])
    results = build_results(verdicts)  # what a student may read: hidden specs by name and points only
    results = replace(results, variant=assignment.variant.name if assignment.variant else None)
    if admitted.folder is not None:
        results = _with_looks_like(results, admitted.folder, assignment, every, options, args.jobs)
        title += "\n" + looks_like_said(results) if results.looks_like else ""
    if admitted.problem is not None:
        results = with_problem(results, admitted.problem)
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
        return check_submission(folder, specs, options, jobs=jobs)
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
    check.add_argument("--student-view", action="store_true",
                       help="print (and write to --junit) what a student may read: hidden specs by name and points "
                            "only, as in --json; for a grading log students can see (Classroom 50's, in their own "
                            "repository)")
    check.add_argument("--variant-from-metadata", metavar="FILE",
                       help="grade by the submitter's variant, from Gradescope's submission_metadata.json (the "
                            "first user's email: its row of variants.csv beside assignment.yaml, else the hash "
                            "`grade --variants-by-id` uses)")
    check.add_argument("--variant-of", type=identified, metavar="KEY=ID",
                       help="grade by this student's variant: KEY is the roster column they are known by (username "
                            "for Classroom 50's GitHub login, or email), ID theirs; their row of variants.csv, else "
                            "the hash")
    check.add_argument("--variant-from-data", metavar="FILE",
                       help="grade by the variant PrairieLearn's question chose: `params.variant` of its data.json")
    check.add_argument("--jobs", type=int, default=default_jobs(), metavar="N",
                       help="specs run at once (default: every core, here %(default)s)")
    add_run_options(check)
    check.set_defaults(run=cmd_check)


# Each subcommand lives with the code it drives; this list is the one place that wires them in, as
# (command, module, the function that adds it). Modules are imported only here, and a command whose module
# is absent is left out: the students' handout ships only the modules its own commands need.
COMMANDS: list[tuple[str, str, str]] = [
    ("check", "grader.commands.cli", "add_check"),
    ("record", "grader.commands.recording", "add_record"),
    ("mutants", "grader.commands.mutants", "add_mutants"),
    ("validate", "grader.commands.validation", "add_validate"),
    ("grade", "grader.commands.grade", "add_grade"),
    ("gradebook", "grader.commands.gradebook", "add_gradebook"),
    ("feedback", "grader.commands.feedback", "add_feedback"),
    ("handout", "grader.commands.packaging", "add_handout"),
    ("gradescope", "grader.commands.packaging", "add_gradescope"),
    ("convert", "grader.commands.convert", "add_convert"),
    ("prairielearn", "grader.commands.platform_bundles", "add_prairielearn"),
    ("classroom50", "grader.commands.platform_bundles", "add_classroom50"),
    ("similar", "grader.commands.similar", "add_similar"),
]


DESCRIPTION = """\
Grade interactive console programs, such as a student's mastermind.py, by replaying transcripts: type
each input once the program waits for it, compare what it prints with what the spec expects, and report
every difference with the inputs that led to it. Student code runs in a sandbox.

Students check their own work (check). Instructors grade a class (grade, gradebook, feedback) and build
what students and Gradescope receive (handout, gradescope). Assignment authors write and prove their
specs (record, validate, mutants)."""

EXAMPLES = [("check student_template --visible-only", "check one submission against the specs students can see"),
            ("grade tests/sample_class --out grades",
             "grade a class: gradebook.csv, report.html and each student's results and feedback"),
            ("COMMAND --help", "what one command does, its options, examples and exit statuses")]  # of shipped commands
EXITS = [(0, "done (for check: every point was earned)"),
         (1, "done, with something to look at: points lost, a spec out of date, a student the grader failed on"),
         CANNOT_RUN]


def _shipped(module: str) -> bool:
    """Whether this copy of the grader holds the module (a package left out of the handout whole, such
    as `grader.batch`, makes find_spec raise rather than answer None)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every shipped command, or only of the one `argv` names: a command's module imports
    what it drives (ruamel.yaml, the batch...), a cost every `check` would pay for nothing."""
    shipped = [entry for entry in COMMANDS if _shipped(entry[1])]
    examples = [example for example in EXAMPLES if example[0].split()[0] in {"COMMAND", *(e[0] for e in shipped)}]
    parser = argparse.ArgumentParser(prog=PROG, description=paragraphs(DESCRIPTION), epilog=epilog(examples, EXITS),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", title="commands")
    named = next((word for word in argv or () if not word.startswith("-")), None)
    for _, module, add in [entry for entry in shipped if entry[0] == named] or shipped:
        getattr(importlib.import_module(module), add)(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    sys.stderr.reconfigure(errors="backslashreplace")  # a console without UTF-8 still gets every message
    try:
        return args.run(args)
    except SpecErrors as errors:
        for error in errors.errors:
            print(f"error: malformed spec: {error}", file=sys.stderr)
        print("error: nothing was graded: fix the spec(s) above first", file=sys.stderr)
    except (UsageError, SandboxFailure, IsolationUnavailable) as error:
        print(f"error: {error}", file=sys.stderr)
    except OSError as error:
        print(f"error: {error.filename or ''}: {error.strerror or error}", file=sys.stderr)
    except KeyboardInterrupt as interrupt:
        print(f"interrupted: {interrupt}" if str(interrupt) else "interrupted", file=sys.stderr)
    return CANNOT_GRADE
