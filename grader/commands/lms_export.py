"""`gradebook --format canvas|moodle`: read the roster (and Canvas's export), write the LMS's import
file (`grader.report.lms`), and list on stderr every student it could not place."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.base.errors import UsageError
from grader.base.files import write_atomically
from grader.report.lms import canvas_csv, moodle_csv
from grader.report.results import Results
from grader.report.roster import read_roster


def _read_template(path: str | None) -> tuple[str, str]:
    if path is None:
        raise UsageError("--format canvas needs --template: the gradebook CSV exported from Canvas "
                         "(Grades > Export > Export Entire Gradebook), which names the assignment's Canvas id")
    try:
        return Path(path).read_text(encoding="utf-8-sig"), path
    except FileNotFoundError:
        raise UsageError(f"{path}: no such Canvas export") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: not UTF-8 text (use the CSV exactly as Canvas exported it)") from None


def write_export(args: argparse.Namespace, rows: list[tuple[str, Results]]) -> int:
    """`gradebook --format canvas|moodle`: the file, then every unmatched student on stderr and a summary."""
    if args.roster is None:
        raise UsageError(f"--format {args.format} needs --roster FILE (student ids to {args.format.title()} ids)")
    if args.points is not None and args.points <= 0:
        raise UsageError("--points must be more than 0")
    roster = read_roster(Path(args.roster))
    if args.format == "canvas":
        template, source = _read_template(args.template)
        export = canvas_csv(template, source, rows, roster, args.points, args.column)
    else:
        export = moodle_csv(rows, roster, args.moodle_id, args.points, args.column or "Grade")
    if args.out:
        write_atomically(Path(args.out), export.text, private=True)  # grades: as grade's own files
    else:
        sys.stdout.write(export.text)
    for line in export.unmatched.lines():
        print(f"not exported: {line}", file=sys.stderr)
    left = len(export.unmatched.lines())
    print(f"{args.format}: {export.written} student(s) exported{' to ' + args.out if args.out else ''}, "
          f"{left} not exported{' (listed above)' if left else ''}", file=sys.stderr)
    return 0
