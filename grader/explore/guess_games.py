"""The guess game's games (assignments/guess/, slug `guess`): a secret number from 1 to 100, then guesses
with a few refused entries before some, ending with the secret guessed. Only entries whose fate the
handout fixes are typed: a whole number from 1 to 100, spaces around it or not, is taken; a word, 0, a
number above 100, a negative or a decimal number, nothing, a space inside, are refused. (Its rules leave
open `05`, `+5` and other scripts' digits, which `int()` reads and `str.isdigit()` may not: never typed.)
Pure."""

from __future__ import annotations

from grader.explore.choices import Choices
from grader.explore.entries import BLANKS, around, invalid_before

LOWEST, HIGHEST = 1, 100
MAX_WRONG = 7  # wrong guesses before the secret, at most
WORDS = ("seven", "x", "ten", "forty-two")
INVALID = ("zero", "above", "word", "negative", "decimal", "blank", "space inside")


def _number(choose: Choices) -> int:
    """A number from 1 to 100 (the simplest: 1); one time in three an end of the range, where an
    off-by-one shows."""
    if choose.chance(3):
        return choose.pick((LOWEST, HIGHEST))
    return LOWEST + choose.integer(0, HIGHEST - LOWEST)


def _wrong(choose: Choices, secret: int, guesses: list[int]) -> int:
    """A guess other than the secret: any number, one next to the secret, an end of the range, or a
    guess made before."""
    kind = choose.pick(("any", "next to", "end", "again"))
    if kind == "next to":
        guess = secret + choose.pick((1, -1))
    elif kind == "end":
        guess = choose.pick((LOWEST, HIGHEST))
    elif kind == "again" and guesses:
        guess = choose.pick(guesses)
    else:
        guess = _number(choose)
    if not LOWEST <= guess <= HIGHEST or guess == secret:
        return secret + 1 if secret < HIGHEST else secret - 1
    return guess


def _invalid(choose: Choices) -> str:
    """An entry the rules refuse: 0, a number above 100, a word, a negative or decimal number, nothing,
    or a number with a space inside."""
    kind = choose.pick(INVALID)
    if kind == "zero":
        return "0"
    if kind == "above":
        return str(HIGHEST + 1 + choose.pick((0, 49, 899)))
    if kind == "word":
        return choose.pick(WORDS)
    if kind == "blank":
        return choose.pick(BLANKS)
    number = str(_number(choose))
    if kind == "negative":
        return f"-{number}"
    if kind == "decimal":
        return f"{number}.5"
    return f"{number} 0" if len(number) == 1 else f"{number[0]} {number[1:]}"  # a space inside


def guess_game(choose: Choices) -> tuple[str, ...]:
    """One game: a few refused entries and the secret, then turns of a few refused entries and one
    guess, the last guess the secret (on the first turn at the simplest)."""
    inputs = invalid_before(choose, _invalid)
    secret = _number(choose)
    inputs.append(around(choose, str(secret)))
    wrong = choose.integer(0, MAX_WRONG)
    guesses: list[int] = []
    for turn in range(wrong + 1):
        with choose.part():
            inputs += invalid_before(choose, _invalid)
            guess = secret if turn == wrong else _wrong(choose, secret, guesses)
            guesses.append(guess)
            inputs.append(around(choose, str(guess)))
    return tuple(inputs)
