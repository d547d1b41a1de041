"""The digit Mastermind's games (the repository root's assignment, slug `mastermind`): a key of four
distinct digits, then turns of a few invalid entries and one valid guess. Pure."""

from __future__ import annotations

from grader.explore.choices import Choices
from grader.explore.entries import BLANKS, around, code, invalid_before, shuffled, space_inside, wrong_guess, \
    wrong_length

DIGITS = "0123456789"
LENGTH = 4
MAX_GUESSES = 12
# Digits of other scripts (Arabic-Indic, Devanagari, fullwidth, Bengali, Extended Arabic-Indic, superscripts):
# str.isdigit() says yes to each, the rules say no.
OTHER_DIGITS = ("٠١٢٣٤٥٦٧٨٩", "०१२३४५६७८९", "０１２３４５６７８９", "০১২৩৪৫৬৭৮৯", "۰۱۲۳۴۵۶۷۸۹", "⁰¹²³⁴⁵⁶⁷⁸⁹")
NOT_DIGITS = "aobOxzé-+._#/lI\t½"
AROUND = ("", " ", "  ", "\t", " \t")  # what may surround a valid entry: removed before it is read
INVALID = ("short", "long", "not a digit", "other script", "repeated", "space inside", "blank")


def _code(choose: Choices) -> str:
    """Four distinct digits, each chosen from those left (the simplest: `0123`); often a zero moved to a
    chosen place, so that keys and guesses with a zero in each place come up."""
    digits = list(code(choose, DIGITS, LENGTH, distinct=True))
    zero_at = choose.pick((None, 0, 1, 2, 3))
    if zero_at is not None:
        if "0" not in digits:
            digits[zero_at] = "0"
        here = digits.index("0")
        digits[here], digits[zero_at] = digits[zero_at], digits[here]
    return "".join(digits)


def _invalid(choose: Choices) -> str:
    """An entry the rules refuse, of every kind: the wrong length, a character that is not an ASCII digit
    (a letter, a sign, another script's digit), a repeated digit, a space inside, or nothing."""
    kind = choose.pick(INVALID)
    key = _code(choose)
    if kind in ("short", "long"):
        return wrong_length(choose, kind == "long", key, DIGITS)
    if kind == "blank":
        return choose.pick(BLANKS)
    at = choose.integer(0, LENGTH - 1)
    if kind == "not a digit":
        return key[:at] + choose.pick(NOT_DIGITS) + key[at + 1:]
    if kind == "other script":
        script, every = choose.pick(OTHER_DIGITS), choose.chance(2)
        return "".join(script[int(d)] if every or i == at else d for i, d in enumerate(key))
    if kind == "space inside":
        return space_inside(choose, key, at)
    copies = choose.integer(2, LENGTH)  # a pair, a digit three times, or four times
    places = shuffled(choose, "0123")[:copies]
    return "".join(key[int(places[0])] if str(i) in places else d for i, d in enumerate(key))


def digit_game(choose: Choices) -> tuple[str, ...]:
    """One game of the digit Mastermind: the key, then turns of a few invalid entries and one valid
    guess, ending with the key guessed on a turn from 1 to 12, or with twelve wrong guesses (a loss)."""
    key = _code(choose)
    inputs = [around(choose, key, AROUND)]
    wrong = choose.integer(0, MAX_GUESSES)  # wrong guesses before the win; all twelve: a loss
    guesses: list[str] = []
    for turn in range(min(wrong + 1, MAX_GUESSES)):
        with choose.part():
            inputs += invalid_before(choose, _invalid, AROUND)
            guess = key if turn == wrong else wrong_guess(choose, key, guesses, _code, DIGITS, distinct=True)
            guesses.append(guess)
            inputs.append(around(choose, guess, AROUND))
    return tuple(inputs)
