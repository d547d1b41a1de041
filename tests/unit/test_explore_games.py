"""The games of the guess game and the match (grader/explore/guess_games.py, match_games.py), on plain
data: each is a whole game by the assignment's rules that ends with its last input, types only entries the
handout decides, covers what the rules tell apart, replays from its answers, and shrinks to the simplest
game there is. The rules are the references' own where they can be imported (the match's), else the
handout's in a few lines (the guess game's reference runs its game at import)."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

import pytest

from grader.explore.games import GAMES
from grader.explore.guess_games import guess_game
from grader.explore.match_games import match_game
from grader.explore.search import game_answers
from grader.explore.shrinking import replay, shrink

ROOT = Path(__file__).resolve().parents[2]


def _match_rules():
    spec = importlib.util.spec_from_file_location("reference_match", ROOT / "assignments" / "match" / "reference" / "match.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MATCH = _match_rules()


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


def _games(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and int(text) > 0 and int(text) % 2 == 0 else None


def _match_end(inputs: tuple[str, ...]) -> tuple[int, list[int]] | None:
    """(the input that ends the match, the rows each game took, 11 for a code not broken), or None."""
    entries = iter(enumerate(inputs))
    games = next((_games(typed) for _, typed in entries if _games(typed)), None)
    rows, at = [], None
    try:
        for _ in range(games or 0):
            key = next(typed.strip().upper() for _, typed in entries if MATCH.valid(typed.strip().upper()))
            guesses = 0
            while True:
                at, guess = next((at, typed.strip().upper()) for at, typed in entries if MATCH.valid(typed.strip().upper()))
                guesses += 1
                if guess == key or guesses == MATCH.ROWS:
                    rows.append(guesses if guess == key else MATCH.ROWS + 1)
                    break
    except StopIteration:
        return None
    return (at, rows) if games else None


@pytest.mark.parametrize("slug, game, ending, simplest", [
    ("guess", guess_game, _guess_end, ("1", "1")),
    ("match", match_game, _match_end, ("2", "BBBB", "BBBB", "BBBB", "BBBB")),
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


MATCH_GAMES = [game_answers(match_game, 0, number)[0] for number in range(1, 201)]


def test_match_games_cover_every_row_both_winners_draws_every_refused_entry_and_either_case():
    rows = [_match_end(inputs)[1] for inputs in MATCH_GAMES]
    assert {len(games) for games in rows} == {2, 4}
    assert set(range(1, 12)) == {row for games in rows for row in games}  # broken on every row, and not broken
    totals = [(sum(games[0::2]), sum(games[1::2])) for games in rows]
    assert any(one > two for one, two in totals) and any(one < two for one, two in totals) \
        and any(one == two for one, two in totals)
    entries = [typed for inputs in MATCH_GAMES for typed in inputs[1:]]
    assert any(_games(inputs[0]) is None for inputs in MATCH_GAMES)
    refused = {typed.strip() for typed in entries if not MATCH.valid(typed.strip().upper())}
    assert any(len(text) < 4 for text in refused) and any(len(text) > 4 for text in refused)
    assert any(" " in text for text in refused) and "" in refused
    assert any(len(text) == 4 and " " not in text for text in refused)  # a letter outside the palette
    valid = [typed for typed in entries if MATCH.valid(typed.strip().upper())]
    assert any(typed.strip().islower() for typed in valid) and any(typed != typed.strip() for typed in valid)
    assert any(len(set(typed.strip().upper())) == 1 for typed in valid)  # one colour four times


def _lower_case(inputs: tuple[str, ...]) -> bool:
    return any(not typed.isupper() for typed in inputs[1:])


@pytest.mark.parametrize("game, differs, fewest, simplest", [
    (guess_game, lambda inputs: "100" in map(str.strip, inputs), ("100", "100"), ("100", "100")),
    (match_game, _lower_case, ("2", "BBBB", "BBBB", "BBBB", "bbbb"), ("2", "BbBB", "BBBB", "BBBB", "BBBB")),
], ids=["guess", "match"])
def test_shrinking_a_game_ends_at_a_game_as_short_as_any_that_still_differs(game, differs, fewest, simplest):
    """As short as `fewest` in inputs and characters, and where its letters could be lower still (`BBBb`),
    the simplest a local edit reaches: the lower-case letter stays in the code, which no edit of one choice
    moves to the last guess."""
    answers = next(answers for number in range(1, 300)
                   for inputs, answers in [game_answers(game, 0, number)] if differs(inputs) and len(inputs) > 8)
    shrunk = shrink(game, answers, differs, 300)[0]
    assert differs(fewest) and shrunk == simplest
    assert (len(shrunk), sum(map(len, shrunk))) == (len(fewest), sum(map(len, fewest)))
