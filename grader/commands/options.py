"""The run options every command that runs student code shares: the assignment (`--assignment DIR`: its
program, how to run it, its referee, its specs), sandbox limits, the isolation requirement and how
waiting for input is detected; and the one-time notice of missing protections."""

from __future__ import annotations

import argparse
import sys
from dataclasses import fields, replace
from pathlib import Path

from grader.spec.assignment import (Assignment, find_assignment, load_assignment, no_assignment_found,
                                     with_variant)
from grader.grading.plan import assignment_options
from grader.grading.playable import kind_problems, referee_problems
from grader.grading.variants import variant_specs
from grader.commands.late_options import submission_late
from grader.commands.platform_variant import on_platform, platform_variant
from grader.grading.plan import Plan
from grader.base.errors import UsageError
from grader.base.files import check_writable
from grader.explore.part import with_part
from grader.base.helptext import advanced
from grader.base.project import default_jobs
from grader.engine.intake import INTAKE_LIMIT_NAMES, IntakeLimits
from grader.engine.referee import KEY_FILE
from grader.engine.runner import Options
from grader.sandbox.protections import exposed, isolation, probe_ahead, protections
from grader.sandbox.isolated import FORK, LAUNCHES
from grader.sandbox.limits import Limits
from grader.spec.errors import SpecErrors
from grader.spec.specs import Spec, load_specs
from grader.engine.transport import PTY, TRANSPORTS, default_transport

LIMIT_NAMES = [field.name for field in fields(Limits)] + INTAKE_LIMIT_NAMES


def _limit(text: str) -> tuple[str, int]:
    name, _, value = text.partition("=")
    if name not in LIMIT_NAMES or not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE with NAME one of {', '.join(LIMIT_NAMES)} "
                                         f"and VALUE a whole number above 0, got {text!r}")
    return name, int(value)


def time_factor(text: str) -> float:
    """A time factor: a number above 0 (2 doubles every time limit, an accommodation)."""
    try:
        factor = float(text)
    except ValueError:
        factor = 0.0
    if not 0 < factor < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number above 0, got {text!r}")
    return factor


def add_run_options(parser: argparse.ArgumentParser) -> None:
    defaults = ", ".join(f"{field.name}={getattr(limits, field.name)}"
                         for limits in (Limits(), IntakeLimits()) for field in fields(limits))
    group = advanced(parser)  # after the command's own options
    group.add_argument("--limit", action="append", type=_limit, default=[], metavar="NAME=VALUE",
                       help=f"change a sandbox limit for this run (repeatable; defaults: {defaults})")
    group.add_argument("--time-factor", type=time_factor, default=1.0, metavar="X",
                       help="every time limit of a run times X: an accommodation (default: 1)")
    group.add_argument("--require-sandbox", action="store_true",
                       help="refuse to grade unless student code runs fully isolated (Linux, as root)")
    group.add_argument("--wait-method", choices=["auto", "proc", "quiet"], default="auto",
                       help="how to tell the program waits for input: what Linux shows in /proc (proc), or "
                            "a moment without output (quiet, slower and less exact); auto picks proc where it works")
    group.add_argument("--transport", choices=TRANSPORTS, default=default_transport(),
                       help="what carries the program's input and output: a pseudo-terminal, as in the official "
                            "grade, or pipes, as on Windows, which has no pty (default here: %(default)s)")
    group.add_argument("--launch", choices=LAUNCHES, default=FORK,
                       help="how an isolated run starts the program: forked from an interpreter started once, no "
                            "start-up per run (fork, the default; a run it cannot start falls back to plain and says "
                            "so), or a fresh interpreter for every run (plain)")


def _assignment_folder(given: str) -> str:
    """The folder --assignment names, or with none given (argparse passes its empty default through this too)
    the one find_assignment finds from the current folder; none found is a UsageError, said in one line."""
    if given:
        return given
    found = find_assignment(Path.cwd())
    if found is None:
        raise UsageError(no_assignment_found(Path.cwd()))
    return str(found)


def add_jobs_option(parser: argparse.ArgumentParser) -> None:
    """--jobs: how many specs of one submission run at once."""
    parser.add_argument("--jobs", type=int, default=default_jobs(), metavar="N",
                        help="specs run at once (default: every core, here %(default)s)")


def add_assignment_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--assignment", type=_assignment_folder, default="", metavar="DIR",
                        help="the assignment folder, with its assignment.yaml (default: the nearest assignment.yaml, "
                             "in the current folder or above it, else the one beside the grader)")


def add_assignment_options(parser: argparse.ArgumentParser, variant: bool = False) -> None:
    """--assignment, and --specs to grade with another folder of specs than the assignment's; `variant`:
    --variant too."""
    add_assignment_option(parser)
    parser.add_argument("--specs", metavar="DIR", help="folder of spec files (default: the assignment's specs/)")
    if variant:
        parser.add_argument("--variant", metavar="NAME",
                            help="the assignment's variant (assignment.yaml `variants:`; default: the first)")


def chosen_assignment(args: argparse.Namespace) -> Assignment:
    """The assignment of `--assignment`, graded by its `--variant` or, on a platform, the submitter's
    (grader/platforms/variants.py); an unknown name lists the variants."""
    assignment = load_assignment(Path(args.assignment))
    name = getattr(args, "variant", None)
    chosen, platform = platform_variant(args, assignment)
    if chosen:
        if name is not None:
            raise UsageError("--variant names the variant, and the platform's student chose it too: give one")
        name = platform
    return with_variant(assignment, name)


def assignment_specs(args: argparse.Namespace, visible_only: bool = False,
                     every_variant: bool = False) -> tuple[Assignment, Path, list[Spec]]:
    """The assignment of `--assignment` (by its `--variant`), the spec folder (`--specs` or the
    assignment's) and the specs of that variant (`every_variant`: of every variant), every one checked
    to be playable: a problem in any of them stops the command."""
    assignment = chosen_assignment(args)
    directory = Path(args.specs) if args.specs else assignment.specs
    specs = load_specs(directory, visible_only=visible_only)
    problems = kind_problems(assignment, specs) + referee_problems(assignment, specs)
    if problems:
        raise SpecErrors(problems)
    return assignment, directory, specs if every_variant else variant_specs(assignment, specs)


PLAIN_NOTICE = ("note: your program runs with limits but without the full sandbox here (that needs Linux "
                "and root); the official grading isolates it fully")


def options_from(args: argparse.Namespace, assignment: Assignment, plain: bool = False,
                 private: tuple[Path, ...] = (), hidden: tuple[Path, ...] = ()) -> Options:
    """Options from the command line, after checking the sandbox can give what was asked; on stderr,
    once, which protections are off: by name for instructors, in one plain line (`plain`) for students,
    who see it on every check of their own code and can do nothing about it; and which folders student
    code could read (the specs, the reference, `private` such as the class folder, the assignment's folder
    and its referee's key: a checkout gives the key 0644 where `record` made it 0600). Runs hide those
    folders, the assignment's and `hidden` (the class a checked folder lies in) wherever they lie."""
    isolation(args.require_sandbox)  # refused here, before any run, when full isolation is required
    found = protections()
    if not found.full:
        print(PLAIN_NOTICE if plain else f"warning: {found.describe()}", file=sys.stderr)
    course = (Path(args.specs) if args.specs else assignment.specs, assignment.reference, *private)
    key = (assignment.referee.with_name(KEY_FILE),) if assignment.referee is not None else ()
    warning = exposed(found, (*course, assignment.folder, *key))
    if warning:
        print(warning, file=sys.stderr)
    if args.transport == PTY and default_transport() != PTY:
        raise UsageError("--transport pty: this system has no pseudo-terminal; use --transport pipes")
    given = {name: value for name, value in args.limit if name not in INTAKE_LIMIT_NAMES}
    limits = replace(Limits(), **{**dict(assignment.limits), **given})  # the command line's over the assignment's
    options = Options(limits=limits, wait_method=args.wait_method, require_isolation=args.require_sandbox,
                      transport=args.transport, launch=args.launch, time_factor=args.time_factor,
                      hidden=tuple(str(path) for path in (*course, assignment.folder, *hidden)))
    return assignment_options(assignment, options)


def intake_from(args: argparse.Namespace) -> IntakeLimits:
    """The limits on what a submission may hold (`--limit submission_mb=N`...), checked before copying it."""
    return replace(IntakeLimits(), **{name: value for name, value in args.limit if name in INTAKE_LIMIT_NAMES})


def check_plan(args: argparse.Namespace) -> tuple[Plan, Path]:
    """`check`'s plan for its submission, and the folder its specs came from: every bad argument, spec and
    metadata file said before any program runs."""
    submission = Path(args.submission)
    if submission.exists() and not submission.is_dir():
        raise UsageError(f"{submission}: is not a folder (give the folder that holds the program)")
    if not submission.is_dir():
        raise UsageError(f"{submission}: no such submission folder")
    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    for target in filter(None, (args.json, args.junit)):
        check_writable(Path(target))
    probe_ahead()  # while the specs are read
    assignment, specs_dir, every = assignment_specs(args, visible_only=args.visible_only, every_variant=True)
    specs = with_part(variant_specs(assignment, every), assignment, specs_dir, args.visible_only)
    # A student's own check is told, in plain words, that the official grading isolates their program fully;
    # a platform's run is the official grading, and its log says which protections it has as they are.
    options = options_from(args, assignment, plain=not on_platform(args),
                           hidden=(submission.resolve().parent,))  # its class
    late = submission_late(args, assignment)
    policy, clock = late if late is not None else (None, None)
    return Plan(assignment, tuple(specs), options, intake_from(args), every=tuple(every), policy=policy, clock=clock,
                reveal_hidden=False), specs_dir
