"""Exploring's pure parts: the games the digit game's generator makes (whole games of the rules, every
kind of entry, the same for the same seed), shrinking over plain predicates, a difference read by the
suite's rules from plain sessions (or, in a suite without rules, line by line), and what is printed,
written and saved."""

import importlib.util
import json
from collections import Counter
from pathlib import Path

import pytest

from grader.explore.choices import Choices
from grader.explore.difference import WHOLE_OUTPUT, first_difference
from grader.explore.digit_games import OTHER_DIGITS, digit_game
from grader.explore.games import GAMES
from grader.explore.part import part_verdict
from grader.explore.search import Exploration, game_answers
from grader.explore.shrinking import replay, shrink
from grader.explore.transcript import as_json, spec_text, summary, transcript
from grader.judge.judging import Session
from grader.judge.outcome import Ending
from grader.spec.specs import Spec, Step, Suite, load_suite, parse_spec
from conftest import PROGRAM

ROOT = Path(__file__).resolve().parents[2]
SUITE = load_suite(ROOT / "specs")


def _reference_rules():
    spec = importlib.util.spec_from_file_location("reference_mastermind", ROOT / "reference" / "mastermind.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REFERENCE = _reference_rules()


def _ending(inputs):
    """Where the reference's rules end the game: (the input that ends it, won), or None if it never ends."""
    key, valid = inputs[0].strip(), 0
    for number, typed in enumerate(inputs[1:], start=1):
        guess = typed.strip()
        if REFERENCE.validation_error(guess):
            continue
        valid += 1
        if guess == key or valid == REFERENCE.MAX_GUESSES:
            return number, guess == key, valid
    return None


GAMES_MADE = [game_answers(digit_game, 0, number)[0] for number in range(1, 301)]


def test_every_game_is_a_whole_game_that_ends_with_its_last_input():
    for inputs in GAMES_MADE:
        key = inputs[0].strip()
        assert len(key) == 4 and len(set(key)) == 4 and key.isascii() and key.isdigit()
        ending = _ending(inputs)
        assert ending is not None and ending[0] == len(inputs) - 1, inputs


def test_the_games_cover_wins_on_every_turn_losses_zeros_everywhere_and_every_kind_of_invalid_entry():
    endings = Counter((won, valid) for won, valid in (_ending(inputs)[1:] for inputs in GAMES_MADE))
    assert all(endings[(True, turn)] for turn in range(1, 13)) and endings[(False, 12)]
    assert {inputs[0].strip().index("0") for inputs in GAMES_MADE if "0" in inputs[0]} == {0, 1, 2, 3}
    entries = [typed for inputs in GAMES_MADE for typed in inputs[1:]]
    messages = Counter(REFERENCE.validation_error(typed.strip()) for typed in entries)
    assert all(messages[message] for message in ("Guess must be of 4 digits!", "Invalid input. Try again.",
                                                  "Guess must not have duplicate digits!"))
    assert any(any(ch in script for script in OTHER_DIGITS for ch in typed) for typed in entries)
    assert any(" " in typed.strip() for typed in entries) and any(typed != typed.strip() for typed in entries)
    assert any(len(set(typed)) == 2 and len(typed) == 4 and typed.isdigit() and max(map(typed.count, typed)) == 3
               for typed in entries)  # a digit three times, such as 6616


def test_the_same_seed_makes_the_same_games_and_another_seed_others():
    assert [game_answers(digit_game, 0, number)[0] for number in range(1, 301)] == GAMES_MADE
    assert [game_answers(digit_game, 1, number)[0] for number in range(1, 301)] != GAMES_MADE
    assert GAMES["mastermind"] is digit_game


@pytest.mark.parametrize("replayed, low, high, expected", [((), 3, 9, 3), ((7,), 0, 4, 4), ((-2,), 1, 5, 1), ((2,), 0, 5, 2)])
def test_a_replayed_answer_is_brought_into_range_and_a_missing_one_is_the_simplest(replayed, low, high, expected):
    choose = Choices(replayed=replayed)
    assert choose.integer(low, high) == expected and choose.made == [expected]


def test_answers_replay_their_game():
    inputs, answers = game_answers(digit_game, 5, 17)
    assert replay(digit_game, answers) == (inputs, answers)
    simplest, used = replay(digit_game, [])
    assert simplest == ("0123", "0123") and set(used) == {0}


def _wins_late(inputs):
    ending = _ending(inputs)
    return ending[1] and ending[2] >= 5


def test_shrinking_finds_the_simplest_game_that_still_differs_within_its_budget():
    answers = next(answers for number in range(1, 300)
                   for inputs, answers in [game_answers(digit_game, 0, number)] if _wins_late(inputs) and len(inputs) > 9)
    tried = []
    simplest, played = shrink(digit_game, answers, lambda inputs: tried.append(inputs) or _wins_late(inputs), 500)
    assert len(simplest) == 6 and simplest[0] == simplest[-1] == "0123" and _wins_late(simplest)  # no invalid entry
    assert all(len(typed) == 4 and typed.isdigit() for typed in simplest)
    assert played == len(tried) == len(set(tried)) <= 500
    assert shrink(digit_game, answers, lambda inputs: tried.append(inputs) or _wins_late(inputs), 3)[1] == 3


def _session(*outputs, status=0):
    return Session(tuple(outputs), Ending.EXITED, exit_status=status, script=PROGRAM)


KEYED = ("0123", "4123", "0123")
REFERENCE_SESSION = _session("Enter key: ", "Enter guess: ", "4123 : exist: 0, position: 3\nEnter guess: ",
                             "4123 : exist: 0, position: 3\n0123 : exist: 0, position: 4\nYou guessed it right!\n"
                             "You did it in 2 guesses.\n")


@pytest.mark.parametrize("last, rule", [
    ("4123 : exist: 0,position: 3\n0123 : exist: 0,position: 4\nYou guessed it right!!!\nYou did it in 2 guesses.\n", None),
    ("4123 : exist: 0, position: 3\n0123 : exist: 0, position: 4\nYou guessed it right!\nYou did it in 3 guesses.\n", "win"),
    ("4123 : exist: 0, position: 3\n0123 : exist: 0, position: 4\nYou guessed it right!\nYou did it in 2 guesses.\n"
     "You lost! The key was 0123.\n", "win"),
    ("0123 : exist: 0, position: 4\nYou guessed it right!\nYou did it in 2 guesses.\n", "history"),
])
def test_a_difference_is_a_broken_rule_and_a_formatting_slip_is_none(last, rule):
    program = _session(*REFERENCE_SESSION.outputs[:3], last)
    found = first_difference(REFERENCE_SESSION, program, KEYED, SUITE)
    assert (found.rule if found else None) == rule
    assert found is None or (found.step == 3 and found.expected == REFERENCE_SESSION.outputs[3] and found.got == last)


def test_a_wrong_message_is_told_under_the_rule_of_the_message_expected():
    inputs = ("0123", "0003", "0123")
    reference = _session("Enter key: ", "Enter guess: ", "Guess must not have duplicate digits!\nEnter guess: ",
                         "0123 : exist: 0, position: 4\nYou guessed it right!\nYou did it in 1 guesses.\n")
    program = _session("Enter key: ", "Enter guess: ", "0003 : exist: 0, position: 1\nEnter guess: ",
                       "0003 : exist: 0, position: 1\n0123 : exist: 0, position: 4\nYou guessed it right!\n"
                       "You did it in 2 guesses.\n")
    found = first_difference(reference, program, inputs, SUITE)
    assert (found.rule, found.step) == ("duplicate-message", 2)


FOUND = first_difference(REFERENCE_SESSION, _session(*REFERENCE_SESSION.outputs[:3], REFERENCE_SESSION.outputs[3]
                                                     .replace("2 guesses", "3 guesses")), KEYED, SUITE)


def test_the_transcript_names_the_rule_every_input_and_both_outputs():
    lines = transcript(FOUND, ("the key",))
    assert lines[0].startswith("Rule win: A correct guess wins")
    assert '  1. "0123"  (the key)' in lines and '  2. "4123"' in lines and '  3. "0123"' in lines
    text = "\n".join(lines)
    assert text.index("The reference printed after input 3:") < text.index("You did it in 2 guesses.") \
        < text.index("Your program printed there:") < text.index("You did it in 3 guesses.")


def test_the_json_has_every_field_found_or_not():
    found = as_json(Exploration(FOUND, 12, 40, 3.25))
    assert found == {"found": True, "inputs": list(KEYED), "rule": "win", "expected": REFERENCE_SESSION.outputs[3],
                     "got": FOUND.got, "games": 12, "seconds": 3.25}
    assert as_json(Exploration(None, 300, 0, 20.0)) == {"found": False, "inputs": [], "rule": "", "expected": "",
                                                         "got": "", "games": 300, "seconds": 20.0}
    json.dumps(found)
    assert summary(Exploration(None, 300, 0, 20.0), 300, 0) == \
        "No difference from the reference in 300 games of 300 (seed 0) in 20.0 s, 15.0 games/s."


def test_the_saved_spec_holds_the_inputs_as_typed_and_the_rule():
    inputs = (" 0123\t", "١٢٣٤", "", "0123")
    found = FOUND.__class__(inputs, "whitespace", "", 'after input 1 ("x"): a: b # c', 1, "", "")
    spec = parse_spec(spec_text(found, 7) + "  - exit: 0\n", str(ROOT / "specs" / "explored.yaml"), "explored", SUITE)
    assert spec.inputs == inputs and spec.rule == "whitespace" and spec.hidden and "seed 7" in spec.description


GUESSED = ("42", "10", "42")
GUESS_REFERENCE = _session("Secret number: ", "Guess: ", "Too low.\nGuess: ", "Correct! Guesses: 2\n")


@pytest.mark.parametrize("last, differs", [("Correct! Guesses: 2\n", False), ("Correct!  Guesses: 2\n", True),
                                           ("Correct! Guesses: 3\n", True)])
def test_a_suite_without_rules_compares_the_whole_game_line_by_line_as_its_specs_are(last, differs):
    """The guess game's suite declares no rules: each of its specs compares every line, so a slip costs
    points there, and it is a difference here."""
    found = first_difference(GUESS_REFERENCE, _session(*GUESS_REFERENCE.outputs[:3], last), GUESSED, Suite())
    assert (found is not None) == differs
    assert found is None or (found.rule, found.description, found.step, found.got) == ("", WHOLE_OUTPUT, 3, last)


def test_a_difference_of_a_suite_without_rules_is_told_saved_and_graded_without_a_rule():
    program = _session(*GUESS_REFERENCE.outputs[:3], "Correct! Guesses: 3\n")
    found = first_difference(GUESS_REFERENCE, program, GUESSED, Suite())
    assert transcript(found)[0] == WHOLE_OUTPUT
    spec = parse_spec(spec_text(found, 0) + "  - exit: 0\n", str(ROOT / "specs" / "explored.yaml"), "explored", Suite())
    assert spec.inputs == GUESSED and spec.rule == "" and spec.name == "Explored: the whole game"
    part = Spec("explore", "Random games", "Games.", 10, "hidden", (Step((), "", None, 0),), None, "specs/suite.yaml")
    verdict = part_verdict(Exploration(found, 1, 0, 1.0, (GUESS_REFERENCE, program)), Suite(), part)
    assert not verdict.passed and verdict.spec.description == f"Games. {WHOLE_OUTPUT}" and verdict.step == 3
