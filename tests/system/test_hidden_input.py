"""Hidden input is graded as a terminal shows it: the pty echoes like a real terminal, each input is
recorded as shown or not, the echo never reaches the compared output, and a spec step with `hidden: true`
fails a program whose screen showed that input. Real programs on real ptys, both launches."""

from __future__ import annotations

import pytest

from grader.engine.runner import Options, run_session, run_spec
from grader.engine.transport import PIPES
from grader.judge.judging import MISMATCH, judge
from grader.judge.outcome import Ending
from grader.sandbox.isolated import FORK, PLAIN
from conftest import spec_from

LAUNCHES = [FORK, PLAIN]

PLAIN_INPUT = """
code = input("Code: ")
guess = input("Guess: ")
print("right" if guess == code else "wrong")
"""
GETPASS = """
import getpass
code = getpass.getpass("Code: ")
guess = input("Guess: ")
print("right" if guess == code else "wrong")
"""
READLINE = """
import readline
code = input("Code: ")
guess = input("Guess: ")
print("right" if guess == code else "wrong")
"""
# Echo off by hand, and the program prints its own stars: not the line, so hidden.
STARS = """
import sys, termios
attributes = termios.tcgetattr(0)
attributes[3] &= ~termios.ECHO
termios.tcsetattr(0, termios.TCSANOW, attributes)
code = input("Code: ")
print("*" * len(code))
attributes[3] |= termios.ECHO
termios.tcsetattr(0, termios.TCSANOW, attributes)
guess = input("Guess: ")
print("right" if guess == code else "wrong")
"""

SPEC = """
steps:
  - prompt: "Code: "
    input: RGBY
    hidden: true
  - output: {first}
    prompt: "Guess: "
    input: RGBY
  - output: [right]
"""


@pytest.mark.parametrize("launch", LAUNCHES)
@pytest.mark.parametrize("source, shown, after_code", [
    (PLAIN_INPUT, (True, True), ""),
    (GETPASS, (False, True), "\n"),  # getpass ends the line itself
    (READLINE, (True, True), ""),  # readline turns echo off and echoes the line on its own
    (STARS, (False, True), "****\n"),
])
def test_each_input_is_recorded_as_shown_or_not_and_its_echo_is_not_output(write_program, launch, source, shown,
                                                                            after_code) -> None:
    session = run_session(write_program(source), ("RGBY", "RGBY"), Options(launch=launch), None)
    assert session.end == Ending.EXITED
    assert session.echoed == shown
    assert session.outputs == ("Code: ", after_code + "Guess: ", "right\n")


@pytest.mark.parametrize("launch", LAUNCHES)
def test_a_hidden_step_fails_a_program_that_reads_the_code_with_plain_input(write_program, launch) -> None:
    spec = spec_from(SPEC.format(first="[]"))
    verdict = judge(spec, run_spec(write_program(PLAIN_INPUT), spec, Options(launch=launch)))
    assert verdict.kind == MISMATCH
    assert verdict.step == 1
    assert 'input 1 ("RGBY") was to stay hidden as it was typed, but the screen showed it' in verdict.message
    assert verdict.actual == "RGBY\nGuess: "  # the screen's line, where the diff shows it


@pytest.mark.parametrize("launch", LAUNCHES)
def test_a_hidden_step_passes_getpass_and_the_same_spec_without_hidden_passes_plain_input(write_program,
                                                                                          launch) -> None:
    hidden = spec_from(SPEC.format(first='[""]'))
    assert judge(hidden, run_spec(write_program(GETPASS), hidden, Options(launch=launch))).passed
    shown = spec_from(SPEC.format(first="[]").replace("    hidden: true\n", ""))
    assert judge(shown, run_spec(write_program(PLAIN_INPUT), shown, Options(launch=launch))).passed


def test_pipes_show_nothing_and_tell_nothing(write_program) -> None:
    spec = spec_from(SPEC.format(first="[]"))
    session = run_spec(write_program(PLAIN_INPUT), spec, Options(transport=PIPES))
    assert session.echoed == (None, None)
    assert judge(spec, session).passed
