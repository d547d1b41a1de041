"""The games an assignment's exploration plays: a generator per assignment that makes one whole game's
inputs, first input first, from the answers of a Choices (grader/explore/choices.py), ending where the
reference ends (a win, the last guess allowed, the last game of a match), so that any game made, or
shrunk, can be replayed and recorded as a spec. Pure: no process, no file.

Shrinking lowers the answers towards 0 and drops some, so every choice of a generator has its simplest
option first (answer 0): no invalid entry, the fewest turns, the simplest code or number. The games of
codes share their pieces (grader/explore/entries.py)."""

from __future__ import annotations

from typing import Callable

from grader.explore.choices import Choices
from grader.explore.digit_games import digit_game
from grader.explore.guess_games import guess_game
from grader.explore.match_games import match_game

Game = Callable[[Choices], "tuple[str, ...]"]

# Each assignment's game, by the assignment's slug (assignment.yaml `slug`; the digit game's is `mastermind`).
GAMES: dict[str, Game] = {"mastermind": digit_game, "guess": guess_game, "match": match_game}
