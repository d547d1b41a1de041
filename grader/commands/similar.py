"""`python3 -m grader similar CLASS_DIR [--template DIR] [--out FILE]`: which submissions to read side by
side (see `grader.report.similarity`). Each student's program is found by the usual rule (`grader.engine.finder`);
the template (default: the assignment's student_template/) is boilerplate, the reference's strings are
expected ones. Prints the ranked list; `--out` also writes the HTML report with the code side by side.
Never a verdict: a list of pairs to look at."""

from __future__ import annotations

import argparse
import importlib
import os
import stat
import sys
from pathlib import Path

from grader.spec.assignment import Assignment, load_assignment
from grader.base.errors import UsageError
from grader.base.escaping import safe_name
from grader.base.files import write_atomically
from grader.base.helptext import CANNOT_RUN, add_command
from grader.engine.finder import find_program
from grader.engine.intake import IntakeLimits, survey
from grader.commands.options import add_assignment_option
from grader.report.similarity import Similarity, class_similarity

MAX_SOURCE_BYTES = 256_000  # a program this big is not a hand-written solution: listed, not compared


def _source(path: Path) -> str | None:
    """A program's text, or None: read as a regular file only (no link followed, no device or pipe
    opened for long), at most MAX_SOURCE_BYTES, any bytes decoded."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
            return None
        data = file.read(MAX_SOURCE_BYTES + 1)
    return data.decode("utf-8-sig", errors="replace").replace("\r\n", "\n") if len(data) <= MAX_SOURCE_BYTES else None


def program_text(folder: Path, program: str) -> tuple[str | None, tuple[str, ...]]:
    """The text a submission is compared by and the files it joins: `program`, then every other .py file of its
    folder (what it imports runs as much as it does), each after a comment naming it; None when the program is
    unreadable or the whole is over MAX_SOURCE_BYTES. A file that is not a readable regular file is left out."""
    main = _source(folder / program)
    if main is None:
        return None, ()
    entries, _ = survey(folder, IntakeLimits())
    parts, names = [main], [program]
    for entry in entries:
        text = _source(folder / entry.name) if entry.name.endswith(".py") and entry.name != program else None
        if text is not None:
            parts.append(f"# ---- {safe_name(entry.name)} ----\n{text}")
            names.append(entry.name)
    whole = "\n".join(parts)
    return (whole, tuple(names)) if len(whole) <= MAX_SOURCE_BYTES else (None, ())


def class_sources(class_dir: Path, program: str) -> tuple[dict[str, str], list[str], list[str]]:
    """{student: the text compared} for every student folder, why the others could not be compared, and for
    each student compared by more than the program, which files were."""
    if not class_dir.is_dir():
        raise UsageError(f"{class_dir}: no such class folder (one sub-folder per student)")
    return _sources([(folder.name, folder) for folder in sorted(class_dir.iterdir())
                     if folder.is_dir() and not folder.name.startswith(".")], program)


def _sources(entries: list[tuple[str, Path]], program: str) -> tuple[dict[str, str], list[str], list[str]]:
    sources, skipped, joined = {}, [], []
    for student, entry in entries:
        found = find_program(entry, program)
        text, names = program_text(found.folder, program) if found.folder is not None else (None, ())
        if text is None:
            skipped.append(f"{safe_name(student)}: {found.problem or f'{program} unreadable or over {MAX_SOURCE_BYTES} bytes'}")
        else:
            sources[student] = text
            if len(names) > 1:
                joined.append(f"{safe_name(student)}: {', '.join(map(safe_name, names))}")
    return sources, skipped, joined


def _template(args: argparse.Namespace, default: Path, program: str) -> str | None:
    folder = Path(args.template) if args.template else default
    path = folder / program
    if args.template and not path.is_file():
        raise UsageError(f"{folder}: no {program} in the template folder")
    return program_text(folder, program)[0] if path.is_file() else None


def report_similarity(entries: list[tuple[str, Path]], assignment: Assignment,
                  sharded: bool) -> tuple[Similarity | None, str | None]:
    """The class's similar submissions, for `grade`'s class report, and a line for its stderr when there
    are none. Never stops grading: a class is always graded to the end."""
    if sharded:
        return None, "similar submissions: not in a shard's report (it holds part of the class): run `similar` on the whole class"
    sources, skipped, _ = _sources(entries, assignment.program)
    if len(sources) < 2:  # nothing to compare: numpy and Pygments not loaded
        return None, None
    missing = _missing_package()
    if missing:
        return None, f"similar submissions: left out of the report ({missing} is not installed)"
    template, reference = (program_text(folder, assignment.program)[0] if folder.is_dir() else None
                           for folder in (assignment.template, assignment.reference))
    return class_similarity(sources, template, reference, tuple(skipped)), None


def _missing_package() -> str | None:
    """The first of what the similarity check runs on that cannot be imported, or None: numpy and Pygments
    are the instructor's (requirements.txt), and a grading host may not have them."""
    for name in ("numpy", "pygments"):
        try:
            importlib.import_module(name)
        except ImportError as missing:
            return missing.name or name
    return None


def cmd_similar(args: argparse.Namespace) -> int:
    missing = _missing_package()
    if missing:
        raise UsageError(f"the similarity check needs numpy and Pygments ({missing} is not installed): "
                         "`make setup` installs them (requirements.txt)")
    from grader.report.similarity_html import similarity_html, similarity_text

    assignment = load_assignment(Path(args.assignment))
    sources, skipped, joined = class_sources(Path(args.class_dir), assignment.program)
    if len(sources) < 2:
        raise UsageError(f"{args.class_dir}: {len(sources)} program(s) to compare; it takes two")
    template = _template(args, assignment.template, assignment.program)
    reference = program_text(assignment.reference, assignment.program)[0] if assignment.reference.is_dir() else None
    similar = class_similarity(sources, template, reference, tuple(skipped))
    sys.stdout.write(similarity_text(similar))
    print(f"compared: every .py file of each program's folder, {assignment.program} first; more than "
          f"{assignment.program} of {len(joined)} student(s)" + "".join(f"\n  {files}" for files in joined))
    if args.out:
        title = f"Similar submissions in {safe_name(Path(args.class_dir).resolve().name)}"
        write_atomically(Path(args.out), similarity_html(similar, title), private=True)
        print(f"wrote {args.out}: {len(similar.listed)} pair(s) to look at, side by side", file=sys.stderr)
    return 0


def add_similar(commands: argparse._SubParsersAction) -> None:
    similar = add_command(
        commands, "similar", "rank pairs of submissions to read side by side (never a verdict)",
        "Rank the pairs of submissions worth reading side by side: pairs whose code is similar (copydetect's "
        "winnowing, identifiers, strings and comments set aside, the template's code left out) and pairs "
        "whose programs alone hold the same unusual strings (their own prompts, a shared typo). It prints the "
        "ranked list with the threshold it uses and why; --out also writes an HTML page with the matched "
        "code marked side by side. Similar code is a reason to look, not a finding.",
        [("similar path/to/class", "print the ranked pairs"),
         ("similar path/to/class --out similar.html", "and the pairs to look at, side by side")],
        [(0, "the pairs were compared (whether or not any is listed)"), CANNOT_RUN])
    similar.add_argument("class_dir", metavar="CLASS_DIR", help="one sub-folder per student (its name is the student id)")
    similar.add_argument("--template", metavar="DIR", help="the starter code, left out of every match "
                                                           "(default: the assignment's student_template/)")
    similar.add_argument("--out", metavar="FILE", help="also write the HTML report (the code side by side) here")
    add_assignment_option(similar)
    similar.set_defaults(run=cmd_similar)
