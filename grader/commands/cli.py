"""The command line: the list of every command, the parser of the shipped ones (each command's module
imported only when its parser is needed, so a command pays for its own imports alone), and how errors
become exit status 2."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import signal
import sys

from grader.base.errors import IsolationUnavailable, SandboxFailure, UsageError
from grader.base.helptext import CANNOT_RUN, PROG, epilog, paragraphs
from grader.spec.errors import SpecErrors

CANNOT_GRADE = 2


# Each subcommand lives with the code it drives; this list is the one place that wires them in, as
# (command, module, the function that adds it). Modules are imported only here, and a command whose module
# is absent is left out: the students' handout ships only the modules its own commands need.
COMMANDS: list[tuple[str, str, str]] = [
    ("check", "grader.commands.check", "add_check"),
    ("record", "grader.commands.recording", "add_record"),
    ("mutants", "grader.commands.mutants", "add_mutants"),
    ("validate", "grader.commands.validation", "add_validate"),
    ("explore", "grader.commands.explore", "add_explore"),
    ("grade", "grader.commands.grade", "add_grade"),
    ("gradebook", "grader.commands.gradebook", "add_gradebook"),
    ("feedback", "grader.commands.feedback", "add_feedback"),
    ("handout", "grader.commands.packaging", "add_handout"),
    ("gradescope", "grader.commands.packaging", "add_gradescope"),
    ("convert", "grader.commands.convert", "add_convert"),
    ("prairielearn", "grader.commands.platform_bundles", "add_prairielearn"),
    ("classroom50", "grader.commands.platform_bundles", "add_classroom50"),
    ("dry-run", "grader.commands.dry_run", "add_dry_run"),
    ("similar", "grader.commands.similar", "add_similar"),
    ("new", "grader.commands.new", "add_new"),
]


DESCRIPTION = """\
Grade interactive console programs, such as a student's mastermind.py, by replaying transcripts: type
each input once the program waits for it, compare what it prints with what the spec expects, and report
every difference with the inputs that led to it. Student code runs in a sandbox.

Students check their own work (check). Instructors grade a class (grade, gradebook, feedback) and build
what students and Gradescope receive (handout, gradescope). Assignment authors start from the bundled
example (new), then write and prove their specs (record, validate, mutants)."""

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
    sys.stderr.reconfigure(errors="backslashreplace")  # a console without UTF-8 still gets every message
    try:
        args = parser.parse_args(argv)  # --assignment's default, found from the current folder, may be missing
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
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # on the way out: a second Ctrl-C must not cut a probe short
        print(f"interrupted: {interrupt}" if str(interrupt) else "interrupted", file=sys.stderr)
    return CANNOT_GRADE
