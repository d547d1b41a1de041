"""`check`'s options by which a platform's autograder says who the student is (`--variant-from-metadata`,
`--variant-of`, `--variant-from-data`), and `--variants-from ROSTER.csv:COLUMN` of the commands that
bundle every variant: read from the command line here, looked up by grader/platforms/variants.py."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from grader.base.errors import UsageError
from grader.base.helptext import advanced
from grader.platforms.variants import KEY_COLUMNS, data_variant, metadata_variant, student_variant_name
from grader.spec.assignment import Assignment


def identified(pair: str) -> tuple[str, str]:
    """`username=octocat` as (the key column, the id)."""
    key, equals, student = pair.partition("=")
    if not equals or key.strip() not in KEY_COLUMNS:
        raise argparse.ArgumentTypeError(f"expected KEY=ID with KEY one of {', '.join(KEY_COLUMNS)}, such as "
                                         f"username=octocat; got {pair!r}")
    return key.strip(), student


def _platform_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options, of those by which a platform's autograder says who the student is, that were given."""
    return {option: value for option, value in (
        ("--variant-from-metadata", getattr(args, "variant_from_metadata", None)),
        ("--variant-of", getattr(args, "variant_of", None)),
        ("--variant-from-data", getattr(args, "variant_from_data", None))) if value is not None}


def on_platform(args: argparse.Namespace) -> bool:
    """Whether a platform's autograder runs the command (every one of them says who the student is, or
    that the question chose the variant): its run is the official grading, not a student's own check."""
    return bool(_platform_options(args))


def platform_variant(args: argparse.Namespace, assignment: Assignment) -> tuple[bool, str | None]:
    """Whether the platform chose the variant (one of --variant-from-metadata, --variant-of,
    --variant-from-data was given), and its name (None for an assignment without variants: nothing read)."""
    given = _platform_options(args)
    if len(given) > 1:
        raise UsageError(f"{' and '.join(given)}: give one of them")
    if not given:
        return False, None
    if not assignment.variants:
        return True, None
    if getattr(args, "variant_from_metadata", None) is not None:
        return True, metadata_variant(Path(args.variant_from_metadata), assignment)
    if getattr(args, "variant_of", None) is not None:
        key, student = args.variant_of
        return True, student_variant_name(student, key, assignment)
    return True, data_variant(Path(args.variant_from_data))


def roster_column(text: str) -> tuple[Path, str]:
    """`roster.csv:variant` as (the roster file, the column)."""
    path, colon, column = text.rpartition(":")
    if not colon or not path or not column.strip():
        raise argparse.ArgumentTypeError(f"expected ROSTER.csv:COLUMN, such as roster.csv:variant, got {text!r}")
    return Path(path), column.strip()


def add_platform_options(parser: argparse.ArgumentParser) -> None:
    """`check`'s advanced options a platform's autograder passes: the student's view, and who the
    submitter is (for their variant)."""
    platform = advanced(parser)
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
