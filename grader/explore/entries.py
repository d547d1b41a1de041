"""What the games of grader/explore/games.py type: for the games of codes (the digit game's, the match's) a
code of symbols, a wrong guess made from the key, an entry of the wrong length; for every game (the guess
game's too) blank entries, spaces around an entry, and the turns of a few invalid entries before a valid one. Pure: every choice is a Choices' answer, the simplest first
(answer 0), as shrinking needs."""

from __future__ import annotations

from typing import Callable

from grader.explore.choices import Choices

MAX_INVALID = 3  # invalid entries before a valid one, at most (each one time in three)
SPACES = ("", " ", "  ")  # what may surround an entry where the rules ignore spaces around it
BLANKS = ("", " ", "   ", "\t")  # an entry of nothing


def code(choose: Choices, symbols: str, length: int, distinct: bool) -> str:
    """`length` symbols, each chosen from those left (`distinct`) or from them all (the simplest: the
    first symbols in order, or the first one repeated)."""
    left, chosen = list(symbols), []
    for _ in range(length):
        chosen.append(left.pop(choose.integer(0, len(left) - 1)) if distinct else choose.pick(symbols))
    return "".join(chosen)


def shuffled(choose: Choices, text: str) -> str:
    left, out = list(text), []
    while left:
        out.append(left.pop(choose.integer(0, len(left) - 1)))
    return "".join(out)


def other_than(key: str, symbols: str) -> str:
    """A code close to the key and not it: its first two symbols swapped, or where they are the same, its
    first symbol changed."""
    swapped = key[1] + key[0] + key[2:]
    return swapped if swapped != key else next(s for s in symbols if s != key[0]) + key[1:]


def wrong_guess(choose: Choices, key: str, guesses: list[str], new: Callable[[Choices], str], symbols: str,
                distinct: bool) -> str:
    """A valid guess other than the key: a new code (`new`), a permutation of the key, the key with one
    symbol changed (to one the key lacks, where symbols are `distinct`), or a guess made before."""
    kind = choose.pick(("new", "permutation", "one changed", "again"))
    if kind == "permutation":
        guess = shuffled(choose, key)
    elif kind == "one changed":
        at = choose.integer(0, len(key) - 1)
        guess = key[:at] + choose.pick([s for s in symbols if s not in (key if distinct else key[at])]) + key[at + 1:]
    elif kind == "again" and guesses:
        guess = choose.pick(guesses)
    else:
        guess = new(choose)
    return guess if guess != key else other_than(key, symbols)


def wrong_length(choose: Choices, long: bool, code: str, symbols: str) -> str:
    """The code cut short (to nothing at the simplest), or made longer with symbols it lacks."""
    size = choose.integer(len(code) + 1, 7) if long else choose.integer(0, len(code) - 1)
    return (code + "".join(s for s in symbols if s not in code) * 2)[:size]


def space_inside(choose: Choices, code: str, at: int) -> str:
    """The code with a space put in at `at` (in place of a symbol, or between two)."""
    return code[:at] + " " + code[at + 1:] if choose.chance(2) else code[:at or 1] + " " + code[at or 1:]


def around(choose: Choices, entry: str, spaces: tuple[str, ...] = SPACES) -> str:
    """The entry, with some of `spaces` around it one time in four."""
    if not choose.chance(4):
        return entry
    return choose.pick(spaces) + entry + choose.pick(spaces)


def invalid_before(choose: Choices, invalid: Callable[[Choices], str], spaces: tuple[str, ...] = SPACES) -> list[str]:
    """A few invalid entries (none at the simplest), each a part of its own that shrinking may drop, with
    `spaces` around some."""
    entries = []
    for _ in range(MAX_INVALID):
        with choose.part():
            if not choose.chance(3):
                break
            entries.append(around(choose, invalid(choose), spaces))
    return entries
