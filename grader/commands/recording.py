"""`grader record`: fill in spec files' expected output from what the reference prints for their inputs
(recorded by grader/grading/recording.py): each spec's diff and what became of it printed, the file
written unless `--check`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.base.errors import UsageError
from grader.base.files import write_atomically
from grader.base.helptext import CANNOT_RUN, add_command
from grader.commands.options import add_assignment_option, chosen_assignment
from grader.engine.referee import make_referee_key
from grader.engine.runner import Options
from grader.grading.plan import assignment_options
from grader.grading.recording import RecordError, marked_variants, record_file
from grader.grading.variant_files import filled_copy
from grader.spec.specs import is_suite_file


def cmd_record(args: argparse.Namespace) -> int:
    assignment = chosen_assignment(args)
    if assignment.browser:
        raise UsageError(f"{assignment.config}: a web page's specs are written by hand, expected texts included: "
                         "record plays console programs only (docs/writing-specs.md, \"A web page\")")
    options = assignment_options(assignment)
    key = make_referee_key(assignment.referee) if assignment.referee is not None and not args.check else None
    if key is not None:
        print(f"{key}: made, the key to its referee's randomness: keep it with the hidden specs, out of handouts")
    with filled_copy(Path(args.reference or assignment.reference), assignment) as reference:
        return _record_all(args, reference, options, assignment.variant.name if assignment.variant else "")


def _record_all(args: argparse.Namespace, reference: Path, options: Options, variant: str) -> int:
    if not (reference / options.script).is_file():
        raise UsageError(f"{reference}: no {options.script} to record from")
    paths = [Path(p) for p in args.spec]
    for path in [p for p in paths if is_suite_file(p)]:
        print(f"{path}: the suite's defaults, not a spec: skipped")
    paths = [p for p in paths if not is_suite_file(p)]
    for path in paths:
        if not path.is_file():
            raise UsageError(f"{path}: no such spec file")
    failures = stale = 0
    for path in paths:
        marked = marked_variants(path)
        if marked and variant not in marked:
            print(f"{path}: marked for the variant(s) {', '.join(marked)}, not {variant}: skipped (record it with "
                  f"--variant {marked[0]})")
            continue
        try:
            result = record_file(path, reference, options)
        except RecordError as error:
            failures += 1
            print(f"error: not recorded: {error}", file=sys.stderr)
            continue
        for warning in result.warnings:
            print(f"warning: {path}: {warning}", file=sys.stderr)
        if not result.changed:
            print(f"{path}: unchanged")
            continue
        stale += 1
        sys.stdout.write(result.diff())
        if args.check:
            print(f"{path}: out of date (not written: --check)")
        else:
            write_atomically(path, result.new)
            print(f"{path}: recorded")
    if failures:
        print(f"error: {failures} spec(s) could not be recorded from the reference (left as they were)", file=sys.stderr)
        return 2
    return 1 if args.check and stale else 0


def add_record(commands: argparse._SubParsersAction) -> None:
    record = add_command(
        commands, "record", "write the reference's output into spec files",
        "Fill in a spec's expected output from the reference solution. Write a spec's name, description, "
        "points, visibility and steps holding only the inputs typed (plus any `regex` or `contains` line where "
        "the wording is free); record runs the reference with those inputs and writes each step's output, "
        "prompt and the exit status into the file. Comments, key order and quoting are kept, and so is a "
        "flexible line wherever it still matches the reference (it is replaced, with a warning, where it "
        "does not).",
        [("record specs/*.yaml", "record every spec of the digit game (what `make specs` runs)"),
         ("record specs/03-scoring.yaml --check", "show what would change, without writing"),
         ("record assignments/colour/specs/01-demo.yaml --assignment assignments/colour",
          "record a spec of another assignment")],
        [(0, "every spec was recorded (with --check: every spec is up to date)"),
         (1, "with --check: some spec is out of date"),
         (2, "could not record some spec from the reference (it is left as it was), or " + CANNOT_RUN[1])])
    record.add_argument("spec", nargs="+", help="spec file(s) whose inputs the reference is run with")
    record.add_argument("--reference", metavar="DIR", help="folder of the reference (default: the assignment's reference/)")
    add_assignment_option(record)
    record.add_argument("--variant", metavar="NAME",
                        help="the assignment's variant whose reference records (default: the first); a spec marked "
                             "for other variants is skipped")
    record.add_argument("--check", action="store_true",
                        help="only show what would change; exit 1 when a spec is out of date")
    record.set_defaults(run=cmd_record)
