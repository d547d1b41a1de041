"""The reference solution against the contract, including the handout's example transcript."""

from __future__ import annotations

import types

import pytest

from conftest import ROOT
from grader.judge.outcome import Ending
from grader.engine.runner import Options, run_session

HANDOUT = ROOT / "student_template" / "README.md"
PROMPTS = ("Enter key: ", "Enter guess: ")


def _reference() -> types.ModuleType:
    """The reference as a module, compiled in memory: an import would leave its bytecode in reference/,
    which the tests grade and copy as a submission."""
    path = ROOT / "reference" / "mastermind.py"
    module = types.ModuleType("reference_mastermind")
    module.__file__ = str(path)
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), module.__dict__)
    return module


def transcript(inputs: tuple[str, ...]) -> tuple[str, ...]:
    """Play the reference on a pty and rebuild what a person sees: each input right after its prompt."""
    session = run_session(ROOT / "reference", inputs, Options(), timeout=10)
    assert (session.end, session.exit_status) == (Ending.EXITED, 0)
    shown = "".join(out + (inputs[i] + "\n" if i < len(inputs) else "") for i, out in enumerate(session.outputs))
    return tuple(shown.splitlines())


def handout_example() -> tuple[str, ...]:
    """The handout's "Example game": what the screen shows, each input typed right after its prompt."""
    text = HANDOUT.read_text(encoding="utf-8")
    return tuple(text.split("## Example game", 1)[1].split("```text\n", 1)[1].split("```", 1)[0].splitlines())


def test_reference_reproduces_the_handout_transcript_line_for_line():
    example = handout_example()
    inputs = tuple(line[len(prompt):] for line in example for prompt in PROMPTS if line.startswith(prompt))
    assert len(inputs) == 9 and example[0] == "Enter key: 1234"
    assert transcript(inputs) == example


def test_loss_after_twelve_valid_guesses_names_the_key_and_invalid_entries_do_not_count():
    guesses = ("1234", "5678", "9012", "3456", "7890", "1357", "2468", "1470", "2581", "3692", "4703", "5814")
    lines = transcript(("0123", "12a4", "11", *guesses[:6], "  ", "١٢٣٤", *guesses[6:]))
    assert lines[-1] == "You lost! The key was 0123."
    assert sum(line.startswith("Enter guess: ") for line in lines) == 12 + 4
    assert lines[-13:-1] == tuple(line for line in lines if " : exist: " in line)[-12:]


@pytest.mark.parametrize("guess, message", [
    ("123", "Guess must be of 4 digits!"), ("12345", "Guess must be of 4 digits!"),
    ("12a45", "Guess must be of 4 digits!"), ("", "Guess must be of 4 digits!"),
    ("1b34", "Invalid input. Try again."), ("-123", "Invalid input. Try again."),
    ("12 4", "Invalid input. Try again."), ("١٢٣٤", "Invalid input. Try again."),
    ("1123", "Guess must not have duplicate digits!"), ("1a1a", "Invalid input. Try again."),
    ("1234", None), ("0123", None),
])
def test_validation_messages_and_their_order(guess, message):
    assert _reference().validation_error(guess) == message


@pytest.mark.parametrize("key, guess, expected", [
    ("1234", "4256", (1, 1)), ("1234", "4321", (4, 0)), ("1234", "1234", (0, 4)),
    ("1234", "5678", (0, 0)), ("0123", "3210", (4, 0)), ("1234", "1243", (2, 2)), ("1234", "1567", (0, 1)),
])
def test_exist_and_position(key, guess, expected):
    assert _reference().score(key, guess) == expected


def test_win_on_the_first_guess_still_says_guesses():
    assert transcript(("0987", " 0987 "))[-1] == "You did it in 1 guesses."
