"""`grader mutants`: prove the suite's strength on the corpus of known submissions (tests/submissions/);
the corpus, its grading and what it says about the suite are grader/grading/corpus.py."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from grader.base.helptext import CANNOT_RUN, add_command
from grader.commands.options import add_assignment_options, assignment_specs
from grader.grading.corpus import analyse, entries_named, grade_corpus, load_corpus, render, suite_table
from grader.grading.plan import Plan, assignment_options
from grader.grading.variant_files import filled_copy


def cmd_mutants(args: argparse.Namespace) -> int:
    assignment, directory, specs = assignment_specs(args)
    table = suite_table(directory, specs)
    declared = {row.rule for row in table if row.rule} or None
    plan = Plan(assignment, tuple(specs), assignment_options(assignment))
    with filled_copy(Path(args.corpus) if args.corpus else assignment.corpus, assignment) as folder:
        entries = entries_named(load_corpus(folder, declared), args.only)
        results = grade_corpus(entries, plan, jobs=args.jobs)
    analysis = analyse(entries, specs, results, table)
    sys.stdout.write(render(entries, specs, results, analysis, table))
    return 1 if analysis.flags else 0


def add_mutants(commands: argparse._SubParsersAction) -> None:
    mutants = add_command(
        commands, "mutants", "grade the corpus of known submissions: which spec catches which bug",
        "Prove the specs on known submissions (the assignment's tests/submissions/). Each is a folder with "
        "the program and a note.txt whose first line starts with PASS: (a correct submission, which must earn "
        "full marks) or FAIL: (a known mistake, which some spec must catch). A `share:` line may follow: "
        "`share: at least 80%`, `share: at most 40%` or `share: less than OTHER-ENTRY`.\n\n"
        "Every entry is graded against every spec, hidden ones included. The table shows which spec "
        "catches which FAIL entry and the share each earns, and flags what would make the specs "
        "untrustworthy: a mistake no spec catches, a correct entry that loses points, an entry outside its "
        "share, a spec that catches nothing.",
        [("mutants", "prove the digit game's specs (what `make mutants` runs)"),
         ("mutants history hang", "grade only the entries whose name contains one of these words"),
         ("mutants --assignment assignments/colour", "prove another assignment's specs"),
         ("mutants --assignment assignments/colour --variant ten-rows", "prove them on one of its variants (the "
          "corpus's {{rows}} filled in)")],
        [(0, "the specs catch every known mistake and pass every correct entry"),
         (1, "something is flagged (listed at the end)"),
         CANNOT_RUN])
    add_assignment_options(mutants, variant=True)
    mutants.add_argument("--corpus", metavar="DIR", help="folder of known submissions (default: the assignment's tests/submissions/)")
    mutants.add_argument("--jobs", type=int, default=2 * (os.cpu_count() or 1), metavar="N",
                         help="program runs at once (default: twice the cores: runs mostly wait)")
    mutants.add_argument("only", nargs="*", help="grade only the entries whose name contains one of these words")
    mutants.set_defaults(run=cmd_mutants)
