"""The match assignment (assignments/match/) without a process: its referee on modelled matches, a hidden
reply that showed, and the facts its suite judges (a phrase of the suite's own, judged as stated).
tests/system/test_match.py grades its corpus through real processes."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Callable, Generator

import pytest

from grader.engine.referee import Referee, Reply, Ruling, referee_class, referee_verdict
from grader.judge.facts import step_facts
from grader.judge.judging import MISMATCH, Session
from grader.judge.outcome import Ending
from grader.judge.rules import judge_facts
from grader.judge.units import Context
from grader.spec.specs import SpecError, load_specs, parse_suite
from grader.spec.vocabulary import vocabulary_from
from conftest import PROGRAM

ROOT = Path(__file__).resolve().parents[2]
MATCH = ROOT / "assignments" / "match"
REFEREE = referee_class(MATCH / "referee.py")
rules = sys.modules[REFEREE.__module__]  # the referee's module: its key-peg rule

Game = Generator[str, str, str]
Pegs = Callable[[str, str], tuple[int, int]]


def match(games: int, pegs: Pegs = rules.key_pegs, swap: bool = True, extra: int = 1,
          draw_is_a_win: bool = False) -> Game:
    """A modelled match program, right unless told otherwise; yields what it printed before each wait."""
    points = {1: 0, 2: 0}
    output = "Mastermind match: colours R G B Y O P, codes of 4, 10 rows.\nHow many games? "
    assert (yield output) == str(games)
    output = ""
    for number in range(1, games + 1):
        maker = 2 - number % 2 if swap else 1
        output += f"\nGame {number} of {games}: player {maker} makes the code, player {3 - maker} breaks it.\n"
        code = yield output + f"Player {maker}, type the code (hidden): "
        output, earned = "\n", 0
        for row in range(1, 11):
            guess = yield output + f"Guess {row}: "
            black, white = pegs(code, guess)
            output = f"Black: {black}, White: {white}\n"
            if black == 4:
                output += f"Broken in {row} guesses.\n"
                earned = row
                break
        else:
            output += f"Not broken. The code was {code}.\n"
            earned = 10 + extra
        points[maker] += earned
        output += f"Player {maker} scores {earned} points.\nScore: player 1 has {points[1]}, player 2 has {points[2]}.\n"
    one, two = points[1], points[2]
    if one == two and not draw_is_a_win:
        return output + f"\nThe match is a draw, {one} to {two}.\n"
    winner = 1 if one >= two else 2
    return output + f"\nPlayer {winner} wins the match, {points[winner]} to {points[3 - winner]}.\n"


def play(referee: Referee, game: Game) -> tuple[Ruling, list[str]]:
    """Run a modelled program against the referee to the end: the ruling and the replies typed."""
    output, replies = next(game), []
    try:
        while True:
            answer = referee.reply(output)
            if isinstance(answer, Ruling):
                return answer, replies
            replies.append(answer)
            output = game.send(answer)
    except StopIteration as ended:
        return referee.finish(ended.value), replies


def referee(seed: int = 1, **settings) -> Referee:
    return REFEREE(random.Random(seed), **settings)


@pytest.mark.parametrize("seed, games, plan", [(1, 2, [3, 11]), (2, 4, [1, 10, 11, 6]), (3, 6, None)])
def test_a_correct_match_is_upheld_and_every_code_is_typed_hidden(seed, games, plan) -> None:
    ruling, replies = play(referee(seed, games=games, plan=plan), match(games))
    assert ruling.passed, ruling.message
    codes = [reply for reply in replies if isinstance(reply, Reply) and reply.hidden]
    assert len(codes) == games and all(len(code) == 4 for code in codes)
    assert [reply.what for reply in replies[:3]] == ["the number of games", "player 1's code, game 1", "guess 1 of game 1"]


def overcounting(code: str, guess: str) -> tuple[int, int]:
    """The duplicate-colour bug: a white peg for every guessed letter the code holds, however often."""
    black = sum(c == g for c, g in zip(code, guess))
    return black, sum(letter in code for letter in guess) - black


def test_the_duplicate_rule_is_checked_on_random_guesses_with_the_right_pegs_as_expected() -> None:
    ruling, _ = play(referee(1, plan=[11, 11]), match(2, pegs=overcounting))
    assert not ruling.passed
    assert "earns" in ruling.message and ruling.expected is not None and ruling.expected.startswith("Black: ")


@pytest.mark.parametrize("model, said", [
    (lambda: match(2, swap=False), "player 2 makes the code in game 2 (the roles swap every game)"),
    (lambda: match(2, extra=0), "earns 11 points (10 guesses, plus one: never broken)"),
    (lambda: match(2, draw_is_a_win=True), "the match is a draw, 3 to 3"),
])
def test_each_rule_of_the_match_is_an_objection(model, said) -> None:
    plan = [3, 3] if "draw" in said else [11, 2]
    ruling, _ = play(referee(5, plan=plan), model())
    assert not ruling.passed
    assert said in ruling.message


def test_an_objection_expects_the_program_s_own_output_with_the_one_wrong_line_put_right() -> None:
    ruling, _ = play(referee(5, plan=[11, 2]), match(2, swap=False))
    assert ruling.expected is not None
    lines = ruling.expected.split("\n")
    assert "Game 2 of 2: player 2 makes the code, player 1 breaks it." in lines
    assert "Player 1, type the code (hidden): " in lines  # the rest is what the program printed
    assert rules.corrected("a\nBlack: 1, White: 0\nb", "black", "Black: 2, White: 0") == "a\nBlack: 2, White: 0\nb"
    assert rules.corrected("a\n", "broken", "Broken in 1 guesses.") == "Broken in 1 guesses.\na\n"


def test_a_hidden_reply_that_showed_fails_even_an_upheld_match() -> None:
    spec = next(spec for spec in load_specs(MATCH / "specs") if spec.id == "11-refereed-match")
    outputs = ("How many games? ", "Player 1, type the code (hidden): ", "Black: 4, White: 0\n")
    replies = [Reply("2", "the number of games"), Reply("RGBY", "player 1's code, game 1", hidden=True)]
    upheld = Ruling(True, "every answer checked")
    shown = Session(outputs, Ending.EXITED, exit_status=0, echoed=(True, True), script=PROGRAM)
    verdict = referee_verdict(spec, shown, replies, upheld)
    assert verdict.kind == MISMATCH and 'input 2 ("RGBY") was to stay hidden' in verdict.message
    assert verdict.actual == "RGBY\nBlack: 4, White: 0\n"
    assert verdict.spec.input_labels == ("the number of games", "player 1's code, game 1")
    hidden = Session(outputs, Ending.EXITED, exit_status=0, echoed=(True, False), script=PROGRAM)
    assert referee_verdict(spec, hidden, replies, upheld).passed


VOCABULARY = vocabulary_from({"phrases": {"pegs": "Black # White #", "draw": "The match is a draw # to #"}})


@pytest.mark.parametrize("expected, actual, right", [
    (["Black: 3, White: 0"], ["Black: 3, White: 0"], [True]),
    (["Black: 3, White: 0"], ["black 3 - white 0!"], [True]),  # words and numbers only
    (["Black: 3, White: 0"], ["Black: 3, White: 1"], [False]),
    (["Black: 3, White: 0"], ["no pegs"], [False]),
    (["Black: 3, White: 0"], ["Black: 3, White: 0", "Black: 3, White: 0"], [False]),  # said twice
    ([], ["Black: 1, White: 0"], [False]),  # where none is expected
    ([], ["nothing"], []),
])
def test_a_phrase_of_the_suite_s_own_is_judged_as_stated(expected, actual, right) -> None:
    units = judge_facts(["pegs"], [step_facts(expected, VOCABULARY, None)], [step_facts(actual, VOCABULARY, None)],
                        Context(VOCABULARY, ()))
    assert [unit.right for unit in units] == right


def test_a_rule_s_fact_must_be_a_judge_or_a_phrase_of_the_suite() -> None:
    text = "defaults: {}\nfacts:\n  phrases: {pegs: 'Black # White #'}\nrules:\n  r: {description: d, facts: [pegs, colours]}\n"
    with pytest.raises(SpecError, match="colours is neither a judge"):
        parse_suite(text, "suite.yaml")
