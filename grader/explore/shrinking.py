"""Shrinking a game that shows a difference to the simplest that still shows one: the generator's answers
(grader/explore/choices.py) are edited (a part the generator named dropped whole, a block of answers
dropped, an answer lowered towards 0) and replayed, and an edit is kept when its game is simpler (fewer
inputs, then shorter ones) and still differs. Each game
tried costs a game played, within a budget that is a count. Pure: `differs` is the caller's."""

from __future__ import annotations

from typing import Callable, Sequence

from grader.explore.choices import Choices
from grader.explore.games import Game

Inputs = tuple[str, ...]
BLOCKS = (8, 4, 2, 1)  # how many answers one edit drops at a time, from the most


def replay(game: Game, answers: Sequence[int]) -> tuple[Inputs, list[int]]:
    """The game `answers` make (answers run out: the simplest), and the answers it really used."""
    choose = Choices(replayed=answers)
    return game(choose), choose.made


def parts(game: Game, answers: Sequence[int]) -> list[tuple[int, int]]:
    """Where each part of the game `answers` make starts and ends among them, the last first."""
    choose = Choices(replayed=answers)
    game(choose)
    return sorted(choose.spans, reverse=True)


def _order(inputs: Inputs, answers: Sequence[int]) -> tuple[int, int, Inputs, int, tuple[int, ...]]:
    """Simpler first: fewer inputs, fewer characters typed, lower characters (`0123` before `0124`), then
    fewer and lower answers."""
    return len(inputs), sum(len(typed) for typed in inputs), inputs, len(answers), tuple(answers)


def _lower(value: int) -> list[int]:
    return sorted({0, value // 2, value - 1} - {value}) if value > 0 else []


def shrink(game: Game, answers: Sequence[int], differs: Callable[[Inputs], bool], budget: int) -> tuple[Inputs, int]:
    """The simplest game found from `answers` (whose game differs) that still differs, and how many games
    were tried, at most `budget`."""
    best_inputs, best = replay(game, answers)
    tried: set[Inputs] = {best_inputs}
    played = 0

    def better(candidate: list[int]) -> bool:
        nonlocal best, best_inputs, played
        inputs, used = replay(game, candidate)
        if inputs in tried or played >= budget or _order(inputs, used) >= _order(best_inputs, best):
            return False
        tried.add(inputs)
        played += 1
        if not differs(inputs):
            return False
        best_inputs, best = inputs, used
        return True

    improved = True
    while improved and played < budget:
        improved = False
        at = 0
        while at < len(spans := parts(game, best)):  # the parts a kept edit left, the last first
            start, end = spans[at]
            improved |= better(best[:start] + best[end:])
            at += 1
        for size in BLOCKS:
            at = len(best) - size
            while at >= 0:  # from the end: the answers of the last turns first
                improved |= better(best[:at] + best[at + size:])
                at = min(at - 1, len(best) - size)
        at = 0
        while at < len(best):  # the answers a kept edit left
            improved |= any(better(best[:at] + [value] + best[at + 1:]) for value in _lower(best[at]))
            at += 1
    return best_inputs, played
