"""`grader explore`: random games against the reference, a difference shrunk to a transcript to replay
(grader/explore/ plays, judges and shrinks; this module reads the options and prints)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from grader.base.console import printable
from grader.base.errors import UsageError
from grader.base.files import check_writable, write_atomically
from grader.base.helptext import CANNOT_RUN, add_command
from grader.commands.options import (add_assignment_options, add_run_options, chosen_assignment, intake_from,
                                     options_from)
from grader.grading.recording import RecordError, record_text
from grader.grading.variant_files import filled_copy
from grader.engine.intake import admit
from grader.engine.runner import Options
from grader.explore.games import GAMES
from grader.explore.search import DEFAULT_GAMES, DEFAULT_SEED, Exploration, explore
from grader.explore.transcript import as_json, spec_text, summary, transcript
from grader.sandbox.protections import probe_ahead
from grader.sandbox.reaping import become_subreaper, kill_orphans
from grader.spec.specs import load_suite

NO_DIFFERENCE, DIFFERENCE = 0, 1


def _count(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number above 0, got {text!r}")
    return int(text)


def _seed(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number (0 or more), got {text!r}")
    return int(text)


def _progress(played: int, budget: int, shrinking: bool) -> None:
    """A line on a terminal, rewritten after every game."""
    what = f"game {played} differs: shrinking it" if shrinking else f"game {played} of {budget}"
    sys.stderr.write(f"\r{what}\x1b[K")
    sys.stderr.flush()


def cmd_explore(args: argparse.Namespace) -> int:
    submission = Path(args.submission)
    if not submission.is_dir():
        raise UsageError(f"{submission}: no such submission folder")
    for target in filter(None, (args.json, args.save)):
        check_writable(Path(target))
    probe_ahead()
    assignment = chosen_assignment(args)
    game = GAMES.get(assignment.slug)
    if game is None:
        raise UsageError(f"{assignment.config or assignment.folder}: no game to explore with for this assignment "
                         f"(there is one for {', '.join(sorted(GAMES))}; docs/writing-specs.md, \"Exploring\")")
    specs = Path(args.specs) if args.specs else assignment.specs
    suite = load_suite(specs)
    options = options_from(args, assignment)
    admitted = admit(submission, options.script, intake_from(args))
    if admitted.folder is None:
        raise UsageError(f"{submission}: {admitted.problem}")
    with filled_copy(Path(assignment.reference), assignment) as reference:
        subreaper = become_subreaper()
        try:
            exploration = explore(admitted.folder, reference, suite, options, game, args.games, args.seed,
                                  _progress if sys.stderr.isatty() else lambda *_: None)
        finally:
            if sys.stderr.isatty():
                sys.stderr.write("\r\x1b[K")
            if subreaper:
                kill_orphans(set())
        _report(args, exploration, tuple(suite.defaults.get("input_labels", ())))  # the JSON too, saved or not
        if args.save and exploration.finding is not None:
            _save(Path(args.save), exploration, args.seed, reference, options)
            print(f"\nSaved as a spec: {args.save}")
    return DIFFERENCE if exploration.finding is not None else NO_DIFFERENCE


def _save(path: Path, exploration: Exploration, seed: int, reference: Path, options: Options) -> None:
    assert exploration.finding is not None
    try:
        recorded = record_text(spec_text(exploration.finding, seed), str(path), reference, options)
    except RecordError as error:
        raise UsageError(f"--save: not written: {error}") from None
    write_atomically(path, recorded.new)


def _report(args: argparse.Namespace, exploration: Exploration, input_labels: tuple[str, ...]) -> None:
    lines = [summary(exploration, args.games, args.seed)]
    if exploration.finding is not None:
        lines += ["", *transcript(exploration.finding, input_labels)]
    sys.stdout.write(printable("\n".join(lines) + "\n", sys.stdout.encoding))
    if args.json:
        write_atomically(Path(args.json), json.dumps(as_json(exploration), ensure_ascii=False, indent=2) + "\n")


def add_explore(commands: argparse._SubParsersAction) -> None:
    parser = add_command(
        commands, "explore", "play random games against the reference to find what the specs miss",
        "Play seeded random games with the submission and the reference side by side, judging every step by the "
        "rules of the suite (a formatting slip is no difference, a broken rule is), until one differs or the "
        "budget of games is spent. A difference is shrunk to the shortest, simplest game that still shows it and "
        "printed as a transcript to replay: the inputs, what the reference printed, what the program printed, "
        "and the rule. The same seed plays the same games and finds the same transcript.",
        [("explore alice/", "300 games with the default seed"),
         ("explore alice/ --games 1000 --seed 7 --json found.json", "a longer search, written as JSON too"),
         ("explore alice/ --save specs/30-explored.yaml", "keep what was found as a spec (recorded from the reference)")],
        [(NO_DIFFERENCE, "no difference in the budget of games"),
         (DIFFERENCE, "a difference was found (the transcript is printed)"),
         CANNOT_RUN])
    parser.add_argument("submission", help="a folder that holds the program (mastermind.py for the digit game)")
    add_assignment_options(parser)
    parser.add_argument("--games", type=_count, default=DEFAULT_GAMES, metavar="N",
                        help="games to play at most, before shrinking (default: %(default)s)")
    parser.add_argument("--seed", type=_seed, default=DEFAULT_SEED, metavar="S",
                        help="which games are played (default: %(default)s)")
    parser.add_argument("--json", metavar="FILE", help="also write what was found as JSON (in every case)")
    parser.add_argument("--save", metavar="SPEC.yaml",
                        help="write the difference as a spec file, recorded from the reference, that fails the program")
    add_run_options(parser)
    parser.set_defaults(run=cmd_explore)
