"""`python3 -m grader similar CLASS_DIR [--template DIR] [--out FILE]`: which submissions to read side by
side (see `grader.report.similarity`). Each student's program is found by the usual rule (`grader.engine.finder`);
the template (default: the assignment's student_template/) is boilerplate, the reference's strings are
expected ones. Prints the ranked list; `--out` also writes the HTML report with the code side by side.
Never a verdict: a list of pairs to look at."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from grader.spec.assignment import load_assignment
from grader.base.errors import UsageError
from grader.base.escaping import safe_name
from grader.base.files import write_atomically
from grader.engine.finder import find_program
from grader.commands.options import add_assignment_option

MAX_SOURCE_BYTES = 256_000  # a program this big is not a hand-written solution: listed, not compared


def _source(path: Path) -> str | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    return data.decode("utf-8-sig", errors="replace").replace("\r\n", "\n") if len(data) <= MAX_SOURCE_BYTES else None


def class_sources(class_dir: Path, program: str) -> tuple[dict[str, str], list[str]]:
    """{student: program text} for every student folder, and why the others could not be compared."""
    if not class_dir.is_dir():
        raise UsageError(f"{class_dir}: no such class folder (one sub-folder per student)")
    sources, skipped = {}, []
    for folder in sorted(path for path in class_dir.iterdir() if path.is_dir() and not path.name.startswith(".")):
        found = find_program(folder, program)
        text = _source(found.folder / program) if found.folder is not None else None
        if text is None:
            skipped.append(f"{safe_name(folder.name)}: {found.problem or f'{program} unreadable or over {MAX_SOURCE_BYTES} bytes'}")
        else:
            sources[folder.name] = text
    return sources, skipped


def _template(args: argparse.Namespace, default: Path, program: str) -> str | None:
    folder = Path(args.template) if args.template else default
    path = folder / program
    if args.template and not path.is_file():
        raise UsageError(f"{folder}: no {program} in the template folder")
    return _source(path) if path.is_file() else None


def cmd_similar(args: argparse.Namespace) -> int:
    from grader.report.similarity import distribution, ranked
    from grader.report.similarity_html import similarity_html, similarity_text

    assignment = load_assignment(Path(args.assignment))
    sources, skipped = class_sources(Path(args.class_dir), assignment.program)
    if len(sources) < 2:
        raise UsageError(f"{args.class_dir}: {len(sources)} program(s) to compare; it takes two")
    template = _template(args, assignment.template, assignment.program)
    reference = _source(assignment.reference / assignment.program)
    pairs = ranked(sources, template, reference)
    spread = distribution(pairs)
    sys.stdout.write(similarity_text(pairs, spread, skipped))
    if args.out:
        write_atomically(Path(args.out), similarity_html(pairs, sources, spread, skipped))
        print(f"wrote {args.out}: {sum(pair.listed for pair in pairs)} pair(s) to look at, side by side", file=sys.stderr)
    return 0


def add_similar(commands: argparse._SubParsersAction) -> None:
    similar = commands.add_parser("similar", help="rank pairs of submissions to read side by side (never a verdict)",
                                  description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    similar.add_argument("class_dir", help="one sub-folder per student (its name is the student id)")
    similar.add_argument("--template", metavar="DIR", help="the starter code, left out of every match "
                                                           "(default: the assignment's student_template/)")
    similar.add_argument("--out", metavar="FILE", help="also write the HTML report (the code side by side) here")
    add_assignment_option(similar)
    similar.set_defaults(run=cmd_similar)
