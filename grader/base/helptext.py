"""How every command's `--help` is laid out, as git's and pip's are: what the command does in the user's
words, its options, then examples and exit statuses, so that every command's help has them in the same
place and none forgets them."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from collections.abc import Iterable

COMMAND = "replay-grader"  # the installed command (pyproject.toml's [project.scripts])
# What the user typed to start the grader, as the help's examples and its hints write it.
PROG = COMMAND if os.path.basename(sys.argv[0]) == COMMAND else "python3 -m grader"
WIDTH = 78
# Every command exits with 2 when it cannot do what was asked (`main` in cli.py turns each such error into it).
CANNOT_RUN = (2, "could not run: bad arguments, a missing or unreadable file or folder, a malformed spec or "
                 "assignment.yaml, or interrupted (Ctrl-C)")
CANNOT_READ = (2, "could not run: bad arguments, a missing or malformed results file, or interrupted (Ctrl-C)")


ADVANCED = "advanced options"
ADVANCED_NOTE = ("rarely given by hand: how the sandbox runs the program and how the grader talks to it, and "
                 "what a platform's autograder passes")


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """The description and epilog kept as written (paragraphs() fills them), and a usage that names the
    common options only: the advanced ones are listed last, in their own group (`advanced`)."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        common = [action for action in actions
                  if getattr(getattr(action, "container", None), "title", None) != ADVANCED]  # its group
        super().add_usage(usage, common, groups, prefix)


def advanced(parser: argparse.ArgumentParser) -> argparse._ArgumentGroup:
    """The group of `parser`'s advanced options, made on first use: argparse lists groups in the order they
    were made, so these come after the options everyone needs."""
    for group in parser._action_groups:
        if group.title == ADVANCED:
            return group
    return parser.add_argument_group(ADVANCED, textwrap.fill(ADVANCED_NOTE, WIDTH - 2))  # argparse indents it by 2


def paragraphs(text: str) -> str:
    """`text` (paragraphs separated by blank lines) filled to the width of a terminal, since help printed
    with RawDescriptionHelpFormatter keeps our line ends as they are."""
    return "\n\n".join(textwrap.fill(" ".join(block.split()), WIDTH) for block in text.split("\n\n"))


def epilog(examples: list[tuple[str, str]], exits: list[tuple[int, str]]) -> str:
    """The examples (a command line, and what it does) and the exit statuses, after the options."""
    lines = ["examples:"]
    for command, what in examples:
        lines += [f"  {PROG} {command}", textwrap.fill(what, WIDTH, initial_indent=" " * 6, subsequent_indent=" " * 6)]
    lines += ["", "exit status:"]
    lines += [textwrap.fill(meaning, WIDTH, initial_indent=f"  {code}  ", subsequent_indent=" " * 5)
              for code, meaning in exits]
    return "\n".join(lines)


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser], name: str, summary: str,
                description: str, examples: list[tuple[str, str]],
                exits: list[tuple[int, str]]) -> argparse.ArgumentParser:
    """A command whose help shows `description`, its options, then `examples` and `exits`; `summary` is its
    line in `python3 -m grader --help`."""
    return commands.add_parser(name, help=summary, description=paragraphs(description), epilog=epilog(examples, exits),
                               formatter_class=HelpFormatter)
