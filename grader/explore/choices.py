"""The choices a game generator makes, drawn at random or replayed: a generator asks for whole numbers
in ranges, and the list of numbers it got is the game. Shrinking edits that list (grader/explore/
shrinking.py) and replays it, so any generator shrinks alike without knowing how. Pure: the randomness
is a seeded random.Random passed in."""

from __future__ import annotations

from contextlib import contextmanager
from random import Random
from typing import Iterator, Sequence, TypeVar

T = TypeVar("T")


class Choices:
    """Answers a generator's questions: from `replayed` first (each number brought into the range asked
    for), then from `random`, or, without one, the simplest answer (the range's low end). `made` holds
    every answer given, which replays the same game; `spans` where each part the generator named (an
    entry, a turn) starts and ends in it, the parts shrinking tries to drop whole."""

    def __init__(self, random: Random | None = None, replayed: Sequence[int] = ()) -> None:
        self.random, self.replayed = random, tuple(replayed)
        self.made: list[int] = []
        self.spans: list[tuple[int, int]] = []

    @contextmanager
    def part(self) -> Iterator[None]:
        """The answers made inside the block are one part of the game."""
        start = len(self.made)
        yield
        self.spans.append((start, len(self.made)))

    def integer(self, low: int, high: int) -> int:
        """A whole number from `low` to `high`, both included."""
        at = len(self.made)
        if at < len(self.replayed):
            value = min(max(self.replayed[at], low), high)
        elif self.random is not None:
            value = self.random.randint(low, high)
        else:
            value = low
        self.made.append(value)
        return value

    def pick(self, options: Sequence[T]) -> T:
        """One of `options`; the simplest is the first."""
        return options[self.integer(0, len(options) - 1)]

    def chance(self, one_in: int) -> bool:
        """True once in `one_in` times, at random; False is the simpler answer."""
        return self.integer(0, one_in - 1) == one_in - 1
