"""The exploration: games made by the assignment's generator (grader/explore/games.py), each played by
the reference and the program at once and judged by grader/explore/difference.py, until one differs or
the budget of games is spent; that game is then shrunk (grader/explore/shrinking.py). Every budget is a
count of games, never a time, and game number N of seed S is always the same game, so the same seed gives
the same games, the same finding and the same transcript on any machine."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Callable

from grader.engine.runner import Options, run_session
from grader.explore.choices import Choices
from grader.explore.difference import Finding, first_difference, plays_whole
from grader.explore.games import Game
from grader.explore.shrinking import Inputs, shrink
from grader.judge.judging import Session
from grader.spec.specs import Suite

DEFAULT_GAMES = 300
DEFAULT_SEED = 0
# Games played while shrinking, at most: a count, like the games, so the transcript never depends on
# the machine's speed.
SHRINK_GAMES = 300


@dataclass(frozen=True)
class Exploration:
    """How an exploration went: the difference found (shrunk), or None; the games played looking for it,
    the games played shrinking it, and the wall-clock seconds of the whole (reported, never decisive)."""

    finding: Finding | None
    games: int
    shrink_games: int
    seconds: float
    sessions: tuple[Session, Session] | None = None  # the reference's and the program's, of the game found


Progress = Callable[[int, int, bool], None]  # the game played (or shrunk), the games budgeted, shrinking


def game_answers(game: Game, seed: int, number: int) -> tuple[Inputs, list[int]]:
    """Game `number` of `seed`: its inputs and the answers that made it, the same on every machine."""
    choose = Choices(Random(f"explore {seed} {number}"))
    return game(choose), choose.made


class Player:
    """Plays a game with the reference and the program at once, each game once: shrinking may make a game
    again, and a program must be judged the same each time."""

    def __init__(self, program: Path, reference: Path, suite: Suite, options: Options) -> None:
        self.program, self.reference, self.suite, self.options = program, reference, suite, options
        self.judged: dict[Inputs, Finding | None] = {}
        self.sessions: dict[Inputs, tuple[Session, Session]] = {}  # of the games that differ
        self.pool = ThreadPoolExecutor(max_workers=2)

    def finding(self, inputs: Inputs) -> Finding | None:
        if inputs not in self.judged:
            runs = [self.pool.submit(run_session, folder, inputs, self.options, None)
                    for folder in (self.reference, self.program)]
            reference, program = (run.result() for run in runs)
            # A game the reference does not play to its end is no game of its rules: nothing to compare with.
            found = first_difference(reference, program, inputs, self.suite) if plays_whole(reference, inputs) else None
            self.judged[inputs] = found
            if found is not None:
                self.sessions[inputs] = reference, program
        return self.judged[inputs]

    def close(self) -> None:
        self.pool.shutdown()


def explore(program: Path, reference: Path, suite: Suite, options: Options, game: Game, games: int = DEFAULT_GAMES,
            seed: int = DEFAULT_SEED, progress: Progress = lambda played, budget, shrinking: None) -> Exploration:
    """Play up to `games` games of `seed`; the first difference, shrunk, or None."""
    started = time.monotonic()
    player = Player(program, reference, suite, options)
    try:
        for number in range(1, games + 1):
            inputs, answers = game_answers(game, seed, number)
            progress(number, games, False)
            if player.finding(inputs) is None:
                continue

            def differs(candidate: Inputs) -> bool:
                progress(number, games, True)
                return player.finding(candidate) is not None

            simplest, shrink_games = shrink(game, answers, differs, SHRINK_GAMES)
            return Exploration(player.finding(simplest), number, shrink_games, time.monotonic() - started,
                               player.sessions[simplest])
        return Exploration(None, games, 0, time.monotonic() - started)
    finally:
        player.close()
