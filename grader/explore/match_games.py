"""The match's games (assignments/match/, slug `match`): the number of games, then each game's code
typed by its codemaker and the codebreaker's guesses, with a few refused entries before some, each game
broken on a row from 1 to 10 or not broken. Codes and guesses come in either case and with spaces around
some, as the handout allows. Pure."""

from __future__ import annotations

from grader.explore.choices import Choices
from grader.explore.entries import BLANKS, around, code, invalid_before, space_inside, wrong_guess, wrong_length

COLOURS = "BGOPRY"  # the palette in the order shrinking ranks codes (`BBBB` the simplest), not the handout's
LENGTH = 4
ROWS = 10
MAX_GAMES = 4
NOT_COLOURS = "WXZKwx1-"  # letters outside the palette (in either case), a digit, a sign
BAD_GAMES = ("odd", "zero", "negative", "word", "blank", "other script")
BAD_CODES = ("short", "long", "not a colour", "space inside", "blank")


def _code(choose: Choices) -> str:
    """Four colours, repeats allowed (the simplest: `BBBB`)."""
    return code(choose, COLOURS, LENGTH, distinct=False)


def _typed(choose: Choices, entry: str) -> str:
    """A code as typed: in capitals (the simplest), in lower case or mixed, with spaces around it one time
    in four."""
    case = choose.pick(("upper", "lower", "mixed"))
    if case == "lower":
        entry = entry.lower()
    elif case == "mixed":
        entry = "".join(letter.lower() if choose.chance(2) else letter for letter in entry)
    return around(choose, entry)


def _bad_games(choose: Choices) -> str:
    """An answer to `How many games?` the rules refuse: odd, 0, negative, a word, nothing, or an even
    number in another script's digits."""
    kind = choose.pick(BAD_GAMES)
    if kind == "odd":
        return str(1 + 2 * choose.integer(0, 3))
    if kind == "zero":
        return "0"
    if kind == "negative":
        return f"-{2 + 2 * choose.integer(0, 2)}"
    if kind == "word":
        return choose.pick(("two", "four", "x"))
    if kind == "blank":
        return choose.pick(BLANKS)
    return choose.pick(("٢", "४", "４"))  # 2 in Arabic-Indic, 4 in Devanagari, fullwidth 4


def _bad_code(choose: Choices) -> str:
    """A code or guess the rules refuse: the wrong length, a letter outside the palette, a space inside,
    or nothing."""
    kind = choose.pick(BAD_CODES)
    key = _code(choose)
    if kind in ("short", "long"):
        return wrong_length(choose, kind == "long", key, COLOURS)
    if kind == "blank":
        return choose.pick(BLANKS)
    at = choose.integer(0, LENGTH - 1)
    if kind == "not a colour":
        return key[:at] + choose.pick(NOT_COLOURS) + key[at + 1:]
    return space_inside(choose, key, at)


def _guess(choose: Choices, key: str, guesses: list[str]) -> str:
    """A wrong guess: one colour four times (one time in five), else as the digit game's."""
    if choose.chance(5):
        guess = choose.pick(COLOURS) * LENGTH
        if guess != key:
            return guess
    return wrong_guess(choose, key, guesses, _code, COLOURS, distinct=False)


def _game(choose: Choices) -> list[str]:
    """One game: the code, then the guesses, the last the code (on a row from 1 to 10) or the tenth wrong
    one; a few refused entries before the code and before some guesses."""
    inputs = invalid_before(choose, _bad_code)
    key = _code(choose)
    inputs.append(_typed(choose, key))
    wrong = choose.integer(0, ROWS)  # wrong guesses before the code is broken; all ten: not broken
    guesses: list[str] = []
    for turn in range(min(wrong + 1, ROWS)):
        with choose.part():
            inputs += invalid_before(choose, _bad_code)
            guess = key if turn == wrong else _guess(choose, key, guesses)
            guesses.append(guess)
            inputs.append(_typed(choose, guess))
    return inputs


def match_game(choose: Choices) -> tuple[str, ...]:
    """One match: a few refused answers and the number of games (2 or 4; 2 at the simplest), then
    every game, each a part of its own."""
    inputs = invalid_before(choose, _bad_games)
    games = 2 * (1 + choose.integer(0, MAX_GAMES // 2 - 1))
    inputs.append(around(choose, str(games)))
    for _ in range(games):
        with choose.part():
            inputs += _game(choose)
    return tuple(inputs)
