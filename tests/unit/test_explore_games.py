"""The guess game's games (grader/explore/guess_games.py), on plain data: each is a whole game by the
assignment's rules that ends with its last input, types only entries the handout decides, covers what
the rules tell apart, replays from its answers, and shrinks to the simplest game there is. The rules are
the handout's in a few lines (the guess game's reference runs its game at import)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from grader.explore.games import GAMES
from grader.explore.guess_games import guess_game
from grader.explore.search import game_answers
from grader.explore.shrinking import replay, shrink

ROOT = Path(__file__).resolve().parents[2]


def _number(typed: str) -> int | None:
    """The handout's rule: a whole number from 1 to 100, spaces around it ignored; None when refused."""
    text = typed.strip(" ")
    return int(text) if text.isascii() and text.isdigit() and 1 <= int(text) <= 100 else None


def _guess_end(inputs: tuple[str, ...]) -> tuple[int, int, int] | None:
    """(the input that ends the game, the secret, the guesses it took), or None if it never ends."""
    secret, guesses = None, 0
    for at, typed in enumerate(inputs):
        number = _number(typed)
        if number is None:
            continue
        if secret is None:
            secret = number
            continue
        guesses += 1
        if number == secret:
            return at, secret, guesses
    return None


@pytest.mark.parametrize("slug, game, ending, simplest", [
    ("guess", guess_game, _guess_end, ("1", "1")),
])
def test_every_game_ends_with_its_last_input_replays_from_its_answers_and_the_simplest_is_the_shortest(
        slug, game, ending, simplest):
    assert GAMES[slug] is game
    for number in range(1, 201):
        inputs, answers = game_answers(game, 0, number)
        end = ending(inputs)
        assert end is not None and end[0] == len(inputs) - 1, inputs
        assert replay(game, answers) == (inputs, answers)
    assert replay(game, [])[0] == simplest
    assert [game_answers(game, 1, number)[0] for number in range(1, 30)] != \
        [game_answers(game, 0, number)[0] for number in range(1, 30)]


GUESS_GAMES = [game_answers(guess_game, 0, number)[0] for number in range(1, 301)]


def test_guess_games_type_only_entries_whose_fate_the_handout_decides():
    """Taken by every reading (`str.isdigit()` and `int()` agree), or refused by every one: no `05`, `+5`
    or digits of another script, which the handout leaves open; spaces around, never a tab."""
    for typed in (typed for inputs in GUESS_GAMES for typed in inputs):
        text = typed.strip(" ")
        assert typed.isascii() and "\t" not in typed.strip(), typed
        try:
            read = int(text)
        except ValueError:
            read = None
        assert _number(typed) is not None and text == str(read) or read is None or not 1 <= read <= 100, typed


def test_guess_games_cover_the_ends_of_the_range_every_refused_entry_and_long_games():
    ends = [_guess_end(inputs) for inputs in GUESS_GAMES]
    assert {1, 100} <= {secret for _, secret, _ in ends}
    assert {1, 100} <= {_number(typed) for inputs in GUESS_GAMES for typed in inputs[1:]}
    assert set(range(1, 9)) <= {guesses for _, _, guesses in ends}
    refused = [typed.strip() for inputs in GUESS_GAMES for typed in inputs if _number(typed) is None]
    kinds = Counter("zero" if text == "0" else "blank" if not text else "word" if text.isalpha() or "-" in text[1:]
                    else "negative" if text.startswith("-") else "decimal" if "." in text
                    else "space inside" if " " in text else "above" for text in refused)
    assert all(kinds[kind] for kind in ("zero", "above", "word", "negative", "decimal", "blank", "space inside")), kinds
    assert any(_number(inputs[0]) is None for inputs in GUESS_GAMES)  # refused before the secret too
    assert any(typed != typed.strip() and _number(typed) for inputs in GUESS_GAMES for typed in inputs)


@pytest.mark.parametrize("game, differs, fewest, simplest", [
    (guess_game, lambda inputs: "100" in map(str.strip, inputs), ("100", "100"), ("100", "100")),
], ids=["guess"])
def test_shrinking_a_game_ends_at_a_game_as_short_as_any_that_still_differs(game, differs, fewest, simplest):
    """As short as `fewest` in inputs and characters, and where its letters could be lower still (`BBBb`),
    the simplest a local edit reaches: the lower-case letter stays in the code, which no edit of one choice
    moves to the last guess."""
    answers = next(answers for number in range(1, 300)
                   for inputs, answers in [game_answers(game, 0, number)] if differs(inputs) and len(inputs) > 8)
    shrunk = shrink(game, answers, differs, 300)[0]
    assert differs(fewest) and shrunk == simplest
    assert (len(shrunk), sum(map(len, shrunk))) == (len(fewest), sum(map(len, fewest)))
