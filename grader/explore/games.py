"""The games an assignment's exploration plays: a generator per assignment that makes one whole game's
inputs, key first, from the answers of a Choices (grader/explore/choices.py), ending where the reference
ends (a win, or the last guess allowed), so that any game made, or shrunk, can be replayed and recorded
as a spec. Pure: no process, no file.

Shrinking lowers the answers towards 0 and drops some, so every choice below has its simplest option
first (answer 0): no invalid entry, the fewest turns, the key `0123`, a guess that is a new code."""

from __future__ import annotations

from typing import Callable

from grader.explore.choices import Choices

Game = Callable[[Choices], "tuple[str, ...]"]

DIGITS = "0123456789"
LENGTH = 4
MAX_GUESSES = 12
# Digits of other scripts (Arabic-Indic, Devanagari, fullwidth, Bengali, Extended Arabic-Indic, superscripts):
# str.isdigit() says yes to each, the rules say no.
OTHER_DIGITS = ("٠١٢٣٤٥٦٧٨٩", "०१२३४५६७८९", "０１２３４５６７８９", "০১২৩৪৫৬৭৮৯", "۰۱۲۳۴۵۶۷۸۹", "⁰¹²³⁴⁵⁶⁷⁸⁹")
NOT_DIGITS = "aobOxzé-+._#/lI\t½"
AROUND = ("", " ", "  ", "\t", " \t")  # what may surround a valid entry: removed before it is read
MAX_INVALID = 3  # invalid entries before a guess, at most (each one time in three)
INVALID = ("short", "long", "not a digit", "other script", "repeated", "space inside", "blank")


def _code(choose: Choices) -> str:
    """Four distinct digits, each chosen from those left (the simplest: `0123`); often a zero moved to a
    chosen place, so that keys and guesses with a zero in each place come up."""
    left, digits = list(DIGITS), []
    for _ in range(LENGTH):
        digits.append(left.pop(choose.integer(0, len(left) - 1)))
    zero_at = choose.pick((None, 0, 1, 2, 3))
    if zero_at is not None:
        if "0" not in digits:
            digits[zero_at] = "0"
        here = digits.index("0")
        digits[here], digits[zero_at] = digits[zero_at], digits[here]
    return "".join(digits)


def _shuffled(choose: Choices, text: str) -> str:
    left, out = list(text), []
    while left:
        out.append(left.pop(choose.integer(0, len(left) - 1)))
    return "".join(out)


def _wrong(choose: Choices, key: str, guesses: list[str]) -> str:
    """A valid guess other than the key: a new code, a permutation of the key, the key with one digit
    changed, or a guess made before."""
    kind = choose.pick(("new", "permutation", "one changed", "again"))
    if kind == "permutation":
        guess = _shuffled(choose, key)
    elif kind == "one changed":
        at = choose.integer(0, LENGTH - 1)
        guess = key[:at] + choose.pick([d for d in DIGITS if d not in key]) + key[at + 1:]
    elif kind == "again" and guesses:
        guess = choose.pick(guesses)
    else:
        guess = _code(choose)
    return guess if guess != key else key[1] + key[0] + key[2:]


def _invalid(choose: Choices) -> str:
    """An entry the rules refuse, of every kind: the wrong length, a character that is not an ASCII digit
    (a letter, a sign, another script's digit), a repeated digit, a space inside, or nothing."""
    kind = choose.pick(INVALID)
    code = _code(choose)
    if kind in ("short", "long"):
        size = choose.integer(0, LENGTH - 1) if kind == "short" else choose.integer(LENGTH + 1, 7)
        return (code + "".join(d for d in DIGITS if d not in code))[:size]
    if kind == "blank":
        return choose.pick(("", " ", "   ", "\t"))
    at = choose.integer(0, LENGTH - 1)
    if kind == "not a digit":
        return code[:at] + choose.pick(NOT_DIGITS) + code[at + 1:]
    if kind == "other script":
        script, every = choose.pick(OTHER_DIGITS), choose.chance(2)
        return "".join(script[int(d)] if every or i == at else d for i, d in enumerate(code))
    if kind == "space inside":
        return code[:at] + " " + code[at + 1:] if choose.chance(2) else code[:at or 1] + " " + code[at or 1:]
    copies = choose.integer(2, LENGTH)  # a pair, a digit three times, or four times
    places = _shuffled(choose, "0123")[:copies]
    return "".join(code[int(places[0])] if str(i) in places else d for i, d in enumerate(code))


def _around(choose: Choices, entry: str) -> str:
    """The entry, with spaces or tabs around it one time in four."""
    if not choose.chance(4):
        return entry
    return choose.pick(AROUND) + entry + choose.pick(AROUND)


def digit_game(choose: Choices) -> tuple[str, ...]:
    """One game of the digit Mastermind: the key, then turns of a few invalid entries and one valid
    guess, ending with the key guessed on a turn from 1 to 12, or with twelve wrong guesses (a loss)."""
    key = _code(choose)
    inputs = [_around(choose, key)]
    wrong = choose.integer(0, MAX_GUESSES)  # wrong guesses before the win; all twelve: a loss
    guesses: list[str] = []
    for turn in range(min(wrong + 1, MAX_GUESSES)):
        with choose.part():
            for _ in range(MAX_INVALID):  # a few invalid entries before the guess, each a part of its own
                with choose.part():
                    if not choose.chance(3):
                        break
                    inputs.append(_around(choose, _invalid(choose)))
            guess = key if turn == wrong else _wrong(choose, key, guesses)
            guesses.append(guess)
            inputs.append(_around(choose, guess))
    return tuple(inputs)


# Each assignment's game, by the assignment's slug (assignment.yaml `slug`; the digit game's is `mastermind`).
GAMES: dict[str, Game] = {"mastermind": digit_game}
