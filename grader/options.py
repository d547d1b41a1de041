"""The run options every command that runs student code shares: sandbox limits, the isolation
requirement and how waiting for input is detected; and the one-time notice of missing protections."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict, fields, replace

from grader.errors import UsageError
from grader.intake import INTAKE_LIMIT_NAMES, IntakeLimits
from grader.runner import Options
from grader.protections import protections
from grader.sandbox import Limits
from grader.transport import PTY, TRANSPORTS, default_transport

LIMIT_NAMES = [field.name for field in fields(Limits)] + INTAKE_LIMIT_NAMES


def _limit(text: str) -> tuple[str, int]:
    name, _, value = text.partition("=")
    if name not in LIMIT_NAMES or not value.isdigit() or int(value) < 1:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE with NAME one of {', '.join(LIMIT_NAMES)} "
                                         f"and VALUE a whole number above 0, got {text!r}")
    return name, int(value)


def add_run_options(parser: argparse.ArgumentParser) -> None:
    defaults = ", ".join(f"{field.name}={getattr(limits, field.name)}"
                         for limits in (Limits(), IntakeLimits()) for field in fields(limits))
    parser.add_argument("--limit", action="append", type=_limit, default=[], metavar="NAME=VALUE",
                        help=f"change a sandbox limit for this run (repeatable; defaults: {defaults})")
    parser.add_argument("--require-sandbox", action="store_true",
                        help="refuse to grade unless student code runs fully isolated")
    parser.add_argument("--wait-method", choices=["auto", "proc", "quiet"], default="auto",
                        help="how to tell the program waits for input: /proc (Linux) or a quiet period")
    parser.add_argument("--transport", choices=TRANSPORTS, default=default_transport(),
                        help="what carries the program's input and output: a pseudo-terminal, as in the official "
                             "grade, or pipes, as on Windows, which has no pty (default here: %(default)s)")


PLAIN_NOTICE = ("note: your program runs with limits but without the full sandbox here (that needs Linux "
                "and root); the official grading isolates it fully")


def options_from(args: argparse.Namespace, plain: bool = False) -> Options:
    """Options from the command line, after checking the sandbox can give what was asked; on stderr,
    once, which protections are off: by name for instructors, in one plain line (`plain`) for students,
    who see it on every check of their own code and can do nothing about it."""
    found = protections()
    if args.require_sandbox and not found.full:
        raise UsageError(f"--require-sandbox: full isolation is not available here ({found.describe()})")
    if not found.full:
        print(PLAIN_NOTICE if plain else f"warning: {found.describe()}", file=sys.stderr)
    if args.transport == PTY and default_transport() != PTY:
        raise UsageError("--transport pty: this system has no pseudo-terminal; use --transport pipes")
    limits = replace(Limits(), **{name: value for name, value in args.limit if name not in INTAKE_LIMIT_NAMES})
    return Options(limits=limits, wait_method=args.wait_method, require_isolation=args.require_sandbox,
                   transport=args.transport)


def intake_from(args: argparse.Namespace) -> IntakeLimits:
    """The limits on what a submission may hold (`--limit submission_mb=N`...), checked before copying it."""
    return replace(IntakeLimits(), **{name: value for name, value in args.limit if name in INTAKE_LIMIT_NAMES})


def options_to_json(options: Options) -> str:
    return json.dumps(asdict(options))
