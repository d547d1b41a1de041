"""The referees of assignments/colour and assignments/codebreaker on made-up games (no process): a
program is modelled by a generator that yields what it prints and receives what is typed; a correct one
must be upheld whatever the secret, and each typical bug must draw an objection naming the output at
fault and what it should have been."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Callable, Generator

import pytest

from grader.engine.referee import Referee, RefereeError, Ruling, referee_class, start_referee

ROOT = Path(__file__).resolve().parents[2]
COLOUR = referee_class(ROOT / "assignments" / "colour" / "referee.py")
CODEBREAKER = referee_class(ROOT / "assignments" / "codebreaker" / "referee.py")
rules = sys.modules[COLOUR.__module__]  # the colour referee's module: its scoring and messages
pegs_rules = sys.modules[CODEBREAKER.__module__]

Game = Generator[str, str, str]


def play(referee: Referee, game: Game) -> Ruling:
    """Run a modelled program against a referee to the end; the referee's ruling."""
    output = next(game)
    try:
        while True:
            answer = referee.reply(output)
            if isinstance(answer, Ruling):
                return answer
            output = game.send(answer)
    except StopIteration as ended:
        return referee.finish(ended.value)


# ---------------------------------------------------------------- the colour game


def colour_game(secret: str, score: Callable[[str, str], tuple[int, int]] = rules.score, guesses: int = 8,
                loss_line: Callable[[str], str] = lambda code: " ".join(code)) -> Game:
    output, turn = rules.BANNER, 1
    while turn <= guesses:
        entry = yield output + f"Guess {turn}/8: "
        message = rules.message_for(entry)
        if message:
            output = message + "\n"
            continue
        exact, misplaced = score(secret, "".join(entry.upper().split()))
        output = f"Clue: {exact} exact, {misplaced} misplaced\n"
        if exact == 4:
            return output + f"You cracked the code in {turn} guesses.\n"
        turn += 1
    return output + f"No guesses left. The code was {loss_line(secret)}\n"


def colour(seed: int = 1, **settings) -> Referee:
    return COLOUR(random.Random(seed), **settings)


def overcounting(secret: str, guess: str) -> tuple[int, int]:
    """The typical bug: a guessed colour counts as misplaced whenever the secret holds it."""
    exact = sum(s == g for s, g in zip(secret, guess))
    return exact, sum(1 for s, g in zip(secret, guess) if s != g and g in secret)


@pytest.mark.parametrize("secret", ["RGBY", "RRRR", "OPOP", "GGGB", "YBRR"])
@pytest.mark.parametrize("goal", ["win", "lose"])
def test_a_correct_colour_game_is_upheld_whatever_the_secret(secret, goal):
    ruling = play(colour(goal=goal, typing="mixed", bad_entries=["RGB", "rgbx"]), colour_game(secret))
    assert ruling.passed, ruling
    assert ("won" if goal == "win" or secret == "RRRR" else "lost") in ruling.message


@pytest.mark.parametrize("secret", ["RGBY", "RRGB", "OPOP", "GGGB"])
def test_losing_play_catches_overcounted_misplaced_pegs_whatever_the_secret(secret):
    ruling = play(colour(goal="lose"), colour_game(secret, score=overcounting))
    assert not ruling.passed
    assert f"the code was {' '.join(secret)}" in ruling.message
    assert ruling.expected.startswith("Clue: ") and ruling.step >= 1


def test_a_wrong_clue_is_blamed_on_its_own_step_with_the_right_clue():
    referee = colour(goal="lose")
    ruling = play(referee, colour_game("RGBY", score=lambda s, g: (rules.score(s, g)[1], rules.score(s, g)[0])))
    first_wrong = next(number for number, (_, guess, clue) in enumerate(referee.clues, 1)
                       if clue != rules.score("RGBY", guess))
    assert ruling.step == referee.clues[first_wrong - 1][0]
    right = rules.score("RGBY", referee.clues[first_wrong - 1][1])
    assert ruling.expected.startswith(f"Clue: {right[0]} exact, {right[1]} misplaced\n")


def test_a_loss_line_without_spaces_is_an_objection_at_the_end():
    ruling = play(colour(goal="lose"), colour_game("RGBY", loss_line=lambda code: code))
    assert not ruling.passed and "loss line" in ruling.message
    assert ruling.expected.endswith(rules.SOME_LOSS)


def test_a_ninth_guess_is_an_objection_after_the_eighth():
    ruling = play(colour(goal="lose"), colour_game("RGBY", guesses=9))
    assert not ruling.passed and "guess 8 of 8" in ruling.message and ruling.step == 8


def test_a_wrong_bad_entry_message_shows_the_message_expected():
    def game() -> Game:
        yield rules.BANNER + "Guess 1/8: "
        yield "Use only R, G, B, Y, O, or P.\nGuess 1/8: "
        return ""

    ruling = play(colour(bad_entries=["RGBYX"]), game())
    assert (ruling.passed, ruling.step) == (False, 1)
    assert ruling.expected == "Enter exactly four letters.\nGuess 1/8: "


def test_asking_again_after_a_winning_clue_is_an_objection():
    def game() -> Game:
        entry = yield rules.BANNER + "Guess 1/8: "
        yield f"Clue: 4 exact, 0 misplaced\nGuess 2/8: "
        return entry

    ruling = play(colour(), game())
    assert not ruling.passed and ruling.expected.endswith("You cracked the code in 1 guesses.\n")


def test_colour_settings_are_checked():
    with pytest.raises(RefereeError, match="goal is win or lose"):
        start_referee(ROOT / "assignments" / "colour" / "referee.py", 1, {"goal": "draw"})
    with pytest.raises(RefereeError, match="must be invalid"):
        start_referee(ROOT / "assignments" / "colour" / "referee.py", 1, {"bad_entries": ["RGBY"]})


# ---------------------------------------------------------------- the codebreaker


def codebreaker(rng: random.Random, pegs=pegs_rules.pegs, claim_text=pegs_rules.claim) -> Game:
    """The seed's computer player: guess from the pool of combinations that got every answer."""
    pool = list(pegs_rules.CODES)
    while len(pool) > 1:
        guess = rng.choice(pool)
        black = int((yield f"My guess is {guess}\nHow many black pegs? "))
        white = int((yield "How many white pegs? "))
        pool = [code for code in pool if pegs(guess, code) == (black, white)]
    return claim_text(pool[0]) if pool else pegs_rules.GIVE_UP


def breaker(seed: int = 1, **settings) -> Referee:
    return CODEBREAKER(random.Random(seed), **settings)


@pytest.mark.parametrize("secret", ["RYBG", "PPWW", "GGGG", "WBWB", "YRRR"])
def test_a_correct_codebreaker_is_upheld(secret):
    ruling = play(breaker(secret=secret), codebreaker(random.Random(secret)))
    assert ruling.passed and secret in ruling.message


@pytest.mark.parametrize("seed", range(5))
def test_contradicting_answers_must_end_in_giving_up(seed):
    referee = breaker(seed, liar=True)
    assert play(referee, codebreaker(random.Random(seed))).passed
    assert referee.lied and not referee.pool


def test_naming_a_combination_after_contradicting_answers_is_an_objection():
    def stubborn() -> Game:
        yield "My guess is RRRR\nHow many black pegs? "
        yield "How many white pegs? "
        yield "My guess is GGGG\nHow many black pegs? "
        yield "How many white pegs? "
        return pegs_rules.claim("BBBB")

    ruling = play(breaker(liar=True, secret="RGBY"), stubborn())
    assert not ruling.passed and ruling.expected == pegs_rules.GIVE_UP


def test_overcounted_white_pegs_never_find_four_different_colours():
    def overcounting(guess: str, answer: str) -> tuple[int, int]:
        black = sum(g == a for g, a in zip(guess, answer))
        return black, sum(1 for g, a in zip(guess, answer) if g != a and g in answer)

    # The honest pegs for RYBG get scored wrongly against RYBG itself, so it leaves the pool.
    rulings = [play(breaker(secret="RYBG"), codebreaker(random.Random(seed), pegs=overcounting)) for seed in range(3)]
    assert not any(ruling.passed for ruling in rulings)


def test_single_spaces_in_the_claim_show_the_exact_line():
    game = codebreaker(random.Random(2), claim_text=lambda code: f"I think I have it! Your combination is {code}\n")
    ruling = play(breaker(secret="RYBG"), game)
    assert not ruling.passed and ruling.expected == "I think I have it!  Your combination is  RYBG\n"


def test_the_guess_cap_stops_a_program_that_never_learns():
    def same_guess() -> Game:
        while True:
            yield "My guess is RRRR\nHow many black pegs? "
            yield "How many white pegs? "

    referee = breaker(secret="GGGB", cap=4)
    ruling = play(referee, same_guess())
    assert not ruling.passed and "made 4 guesses" in ruling.message and ruling.step == 8


def test_giving_up_while_combinations_remain_is_an_objection():
    def quitter() -> Game:
        yield "My guess is RRRR\nHow many black pegs? "
        yield "How many white pegs? "
        return pegs_rules.GIVE_UP

    ruling = play(breaker(secret="RGBY"), quitter())
    assert not ruling.passed and "gave up, but RGBY" in ruling.message


# ---------------------------------------------------------------- loading


@pytest.mark.parametrize("source, reason", [
    ("class Referee:\n    pass\n", "defines no class `Referee`"),
    ("def broken(:\n", "SyntaxError"),
    ("import no_such_module_here\n", "ModuleNotFoundError"),
])
def test_a_broken_referee_file_is_named_with_its_reason(tmp_path, source, reason):
    path = tmp_path / "referee.py"
    path.write_text(source, encoding="utf-8")
    with pytest.raises(RefereeError, match=reason) as caught:
        referee_class(path)
    assert str(path) in str(caught.value)


def test_unknown_settings_are_named():
    with pytest.raises(RefereeError, match="secret_code"):
        start_referee(ROOT / "assignments" / "codebreaker" / "referee.py", 1, {"secret_code": "RRRR"})
