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

from grader.engine.referee import (Referee, RefereeError, Ruling, referee_class, referee_random, referee_verdict,
                                   start_referee)
from grader.judge.judging import Session
from grader.judge.outcome import Ending
from grader.judge.units import Unit
from grader.spec.specs import load_suite, parse_spec
from conftest import PROGRAM

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

COLOUR_FILE = ROOT / "assignments" / "colour" / "referee.py"
COLOUR_SUITE = load_suite(ROOT / "assignments" / "colour" / "specs")
COLOUR_WORDS, COLOUR_RULES = COLOUR_SUITE.vocabulary, COLOUR_SUITE.rules
EXACT = ()  # a presentation spec's referee judges no facts: it compares the screen


def handout_clue(guess: str, exact: int, misplaced: int) -> str:
    return f"Clue: {exact} exact, {misplaced} misplaced\n"


def colour_game(secret: str, score: Callable[[str, str], tuple[int, int]] = rules.score, guesses: int = 8,
                loss_line: Callable[[str], str] = lambda code: f"No guesses left. The code was {' '.join(code)}\n",
                clue_line: Callable[[str, int, int], str] = handout_clue,
                win_line: Callable[[int], str] = rules.win_line,
                message: Callable[[str], str] = lambda text: text + "\n",
                prompt: Callable[[int], str] = lambda turn: f"Guess {turn}/8: ", banner: str = rules.BANNER,
                bad_uses_a_guess: bool = False) -> Game:
    output, turn = banner, 1
    while turn <= guesses:
        entry = yield output + prompt(turn)
        error = rules.message_for(entry)
        if error:
            output = message(error)
            turn += bad_uses_a_guess
            continue
        guess = "".join(entry.upper().split())
        exact, misplaced = score(secret, guess)
        output = clue_line(guess, exact, misplaced)
        if exact == 4:
            return output + win_line(turn)
        turn += 1
    return output + loss_line(secret)


def colour(seed: int = 1, judged: tuple[str, ...] = ("scores",), rows: int = 8, **settings) -> Referee:
    """A colour referee as a spec of a rule with these facts starts it (none: a presentation spec), for
    the variant with this many rows."""
    return start_referee(COLOUR_FILE, seed, settings, judged, COLOUR_WORDS, {"rows": rows})


def overcounting(secret: str, guess: str) -> tuple[int, int]:
    """The typical bug: a guessed colour counts as misplaced whenever the secret holds it."""
    exact = sum(s == g for s, g in zip(secret, guess))
    return exact, sum(1 for s, g in zip(secret, guess) if s != g and g in secret)


def own_wording() -> dict:
    """A program that prints every fact its own way: the rule specs read past it, the exact games do not."""
    return {"clue_line": lambda guess, exact, misplaced: f"{guess} -> misplaced: {misplaced} | exact: {exact}\n\n",
            "win_line": lambda turn: f"Congratulations!!! You got it in {turn} guesses :)\nBye.\n",
            "loss_line": lambda code: f"Out of guesses.\nSecret: {code}\n",
            "message": lambda text: text.upper().rstrip(".") + "!\n",
            "prompt": lambda turn: "> ", "banner": "*** MASTERMIND ***\n"}


ALL_FACTS = sorted({rule.facts for rule in COLOUR_RULES.values()})


@pytest.mark.parametrize("secret", ["RGBY", "RRRR", "OPOP", "GGGB", "YBRR"])
@pytest.mark.parametrize("goal", ["win", "lose"])
@pytest.mark.parametrize("judged", ALL_FACTS)
def test_a_correct_colour_game_is_upheld_whatever_the_secret_and_the_rule(secret, goal, judged):
    ruling = play(colour(goal=goal, typing="mixed", bad_entries=["RGB", "rgbx"], judged=judged), colour_game(secret))
    assert ruling.passed, ruling
    assert ("won" if goal == "win" or secret == "RRRR" else "lost") in ruling.message


@pytest.mark.parametrize("goal", ["win", "lose"])
@pytest.mark.parametrize("judged", [facts for facts in ALL_FACTS if facts])
def test_a_rule_spec_reads_past_formatting_and_extra_lines(goal, judged):
    ruling = play(colour(goal=goal, bad_entries=["RGB", "rgbx"], judged=judged), colour_game("RGGB", **own_wording()))
    assert ruling.passed, ruling
    exact = play(colour(goal=goal, bad_entries=["RGB", "rgbx"], judged=EXACT), colour_game("RGGB", **own_wording()))
    assert not exact.passed and exact.step == 0 and exact.expected.startswith(rules.BANNER)


@pytest.mark.parametrize("secret", ["RGBY", "RRGB", "OPOP", "GGGB"])
def test_losing_play_catches_overcounted_misplaced_pegs_whatever_the_secret(secret):
    ruling = play(colour(goal="lose"), colour_game(secret, score=overcounting))
    assert not ruling.passed
    assert f"the code was {' '.join(secret)}" in ruling.message
    assert ruling.expected.startswith("Clue: ") and ruling.step >= 1


def test_a_scoring_spec_judges_each_clue_as_a_unit():
    ruling = play(colour(goal="lose"), colour_game("RRGB", score=overcounting))
    assert {unit.fact for unit in ruling.units} == {"scores"} and len(ruling.units) == 8
    wrong = [unit for unit in ruling.units if not unit.right]
    assert wrong and wrong[0].step == ruling.step and wrong[0].said().startswith("the clue of guess ")


COLOUR_SPEC = "name: n\ndescription: d\npoints: 8\nvisibility: visible\nrule: scoring\nscoring: per_step\nreferee: {seed: 1}\n"


def test_a_ruling_s_units_earn_their_share_and_a_game_left_unfinished_earns_nothing():
    spec = parse_spec(COLOUR_SPEC, "s.yaml", "s", COLOUR_SUITE)
    units = tuple(Unit("scores", step, step != 2, False, "clue", "1 exact, 0 misplaced", "1 exact, 1 misplaced")
                  for step in range(1, 5))
    session = Session(("banner\n", "a\n", "b\n", "c\n", "d\n"), Ending.EXITED, exit_status=0, script=PROGRAM)
    verdict = referee_verdict(spec, session, ["RRRR"] * 4, Ruling(False, "a clue is wrong", 2, None, units))
    assert (verdict.passed, verdict.score) == (False, 6.0)
    assert referee_verdict(spec, session, ["RRRR"] * 4, Ruling(False, "no clue", 2)).score == 0
    crashed = Session(("banner\n", "a\n", "Traceback (most recent call last):\n"), Ending.EXITED, exit_status=1,
                      script=PROGRAM)
    assert referee_verdict(spec, crashed, ["RRRR"] * 2, None).score == 0  # its own output matches, step by step


def test_the_exact_games_leave_the_numbers_to_the_rule_specs():
    assert play(colour(goal="lose", judged=EXACT), colour_game("RRGB", score=overcounting)).passed
    assert not play(colour(goal="lose", judged=("lost",)), colour_game("RRGB", guesses=7)).passed


def test_a_wrong_clue_is_blamed_on_its_own_step_with_the_right_clue():
    referee = colour(goal="lose")
    ruling = play(referee, colour_game("RGBY", score=lambda s, g: (rules.score(s, g)[1], rules.score(s, g)[0])))
    first_wrong = next(number for number, (_, guess, clue) in enumerate(referee.clues, 1)
                       if clue != rules.score("RGBY", guess))
    assert ruling.step == referee.clues[first_wrong - 1][0]
    right = rules.score("RGBY", referee.clues[first_wrong - 1][1])
    assert ruling.expected.startswith(f"Clue: {right[0]} exact, {right[1]} misplaced\n")


def test_clues_are_checked_against_every_code_when_the_game_shows_none():
    silent = {"loss_line": lambda code: "No guesses left.\n"}
    assert play(colour(goal="lose"), colour_game("RGBY", **silent)).passed
    ruling = play(colour(goal="lose"), colour_game("RGBY", score=lambda s, g: (0, 0), **silent))
    assert not ruling.passed and "no code gets every clue" in ruling.message


def test_a_loss_line_without_spaces_fails_only_the_exact_games():
    ruling = play(colour(goal="lose", judged=EXACT), colour_game("RGBY", loss_line=lambda code: code + "\n"))
    assert not ruling.passed and "loss line" in ruling.message
    assert ruling.expected.endswith(rules.SOME_LOSS)
    assert play(colour(goal="lose", judged=("lost", "one_ending")), colour_game("RGBY", loss_line=lambda code: code + "\n")).passed


def test_a_loss_that_shows_no_code_fails_the_loss():
    ruling = play(colour(goal="lose", judged=("lost", "one_ending")), colour_game("RGBY", loss_line=lambda code: "Bye\n"))
    assert not ruling.passed and "shows the code" in ruling.message


@pytest.mark.parametrize("judged", [EXACT, ("lost", "one_ending")])
def test_a_ninth_guess_is_an_objection_after_the_eighth(judged):
    ruling = play(colour(goal="lose", judged=judged), colour_game("RGBY", guesses=9))
    assert not ruling.passed and "guess 8 of 8" in ruling.message and ruling.step == 8


@pytest.mark.parametrize("rows, played, passed, said", [
    (10, 10, True, "lost after 10 guesses"),
    (12, 12, True, "lost after 12 guesses"),
    (10, 8, False, "it must ask for guess 9"),  # a program of the eight-row rules, graded by ten
    (8, 10, False, "guess 8 of 8"),  # a program of the ten-row rules, graded by eight
])
def test_the_loss_comes_after_the_variant_s_rows(rows, played, passed, said):
    game = colour_game("RGBY", guesses=played, prompt=lambda turn: f"Guess {turn}/{played}: ")
    ruling = play(colour(goal="lose", judged=("lost", "one_ending"), rows=rows), game)
    assert ruling.passed == passed and said in ruling.message


@pytest.mark.parametrize("prompt", [lambda turn: f"Guess {turn}/10: ", lambda turn: f"Guess {turn + 1}/8: "])
def test_the_exact_games_read_the_prompt_s_numbers(prompt):
    # no rule spec reads the prompt: its guess number and rows are the exact games' (a program of the
    # ten-row rules asking `Guess 1/10: ` in a game of eight, or numbering from 2, scored full marks)
    ruling = play(colour(goal="lose", judged=EXACT), colour_game("RGBY", prompt=prompt))
    assert not ruling.passed and ruling.step == 0 and "'Guess 1/8: '" in ruling.message


@pytest.mark.parametrize("rows, played, bad_uses_a_guess, prompt, passed, said", [
    (10, 10, False, "Guess {turn}/{played}: ", True, "lost after 10 guesses"),
    (10, 10, True, "Guess {turn}/{played}: ", False, "after 6 valid guesses and 4 bad entries, 10 in all (it last "
                                                    "asked 'Guess 10/10: '): a bad entry must use up no guess, so it "
                                                    "must ask for guess 7"),
    (10, 10, True, "Your guess: ", False, "after 6 valid guesses and 4 bad entries"),  # they fill the rows
    (8, 10, True, "Guess {turn}/{played}: ", False, "after 6 valid guesses and 4 bad entries, 10 in all"),  # its prompt
    (8, 10, True, "Your guess: ", True, "lost after 6 guesses"),  # nothing says it counted them
    (10, 8, False, "Guess {turn}/{played}: ", True, "lost after 8 guesses"),  # too few rows, and too many, are the
    (10, 9, False, "Guess {turn}/{played}: ", True, "lost after 9 guesses"),  # loss specs' business
    (10, 11, False, "Guess {turn}/{played}: ", True, "lost after 11 guesses"),
    (10, 12, False, "Guess {turn}/{played}: ", True, "lost after 12 guesses"),
])
def test_an_early_end_breaks_not_counted_only_where_the_bad_entries_were_counted(rows, played, bad_uses_a_guess,
                                                                                 prompt, passed, said):
    game = colour_game("RGBY", guesses=played, prompt=lambda turn: prompt.format(turn=turn, played=played),
                       bad_uses_a_guess=bad_uses_a_guess)
    referee = colour(goal="lose", judged=("rejected",), rows=rows, bad_entries=["", "R G B", "RGBYO", "R-GB"],
                     bad_before=3)
    ruling = play(referee, game)
    assert ruling.passed == passed and said in ruling.message


@pytest.mark.parametrize("played, said", [
    (9, "the game was not over (it last asked 'Guess 9/9: '): it must ask for guess 10"),
    (11, "the program asked for input instead ('Guess 11/11: ')"),
])
def test_a_game_of_other_rows_is_reported_with_the_program_s_own_prompt(played, said):
    game = colour_game("RGBY", guesses=played, prompt=lambda turn: f"Guess {turn}/{played}: ")
    ruling = play(colour(goal="lose", judged=("lost", "one_ending"), rows=10), game)
    assert not ruling.passed and said in ruling.message


def test_a_referee_without_its_parameter_says_which():
    with pytest.raises(RefereeError, match="needs the parameter `rows`"):
        start_referee(COLOUR_FILE, 1, {}, EXACT, COLOUR_WORDS)


def test_a_ninth_guess_is_no_scoring_mistake():
    assert play(colour(goal="lose"), colour_game("RGBY", guesses=9)).passed


def test_a_wrong_bad_entry_message_shows_the_message_expected():
    def game() -> Game:
        yield rules.BANNER + "Guess 1/8: "
        yield "Use only R, G, B, Y, O, or P.\nGuess 1/8: "
        return ""

    ruling = play(colour(bad_entries=["RGBYX"], judged=EXACT), game())
    assert (ruling.passed, ruling.step) == (False, 1)
    assert ruling.expected == "Enter exactly four letters.\nGuess 1/8: "
    ruling = play(colour(bad_entries=["RGBYX"], judged=("rejection",)), game())
    assert (ruling.passed, ruling.step) == (False, 1)
    assert "must get 'Enter exactly four letters.'" in ruling.message and "said 'Use only" in ruling.message


@pytest.mark.parametrize(("said", "right"), [
    ("Enter exactly 4 letters.", False),  # one wrong word is another message
    ("Enter exactly four letters. Use only R, G, B, Y, O, or P.", False),  # a line that reads as two
    ("", False),
])
def test_a_message_is_its_words(said, right):
    game = colour_game("RGBY", message=lambda text: (said if text.startswith("Enter") else text) + "\n")
    assert play(colour(bad_entries=["RGB"], judged=("rejection",)), game).passed == right


def test_a_bad_entry_that_gets_a_clue_is_not_refused():
    def game() -> Game:
        yield rules.BANNER + "Guess 1/8: "
        yield "Clue: 0 exact, 1 misplaced\nGuess 2/8: "
        return ""

    ruling = play(colour(bad_entries=["RGB"], judged=("rejected",)), game())
    assert not ruling.passed and "gave it a clue" in ruling.message


def test_the_win_states_the_count_of_valid_guesses():
    low = colour_game("RGGB", win_line=lambda turn: f"You cracked the code in {turn - 1} guesses.\n")
    referee = colour(judged=("won", "count", "one_ending"))
    ruling = play(referee, low)
    assert not ruling.passed and ruling.message == f"win: {referee.turn - 1} guesses instead of {referee.turn} guesses"
    unsaid = colour_game("RGGB", win_line=lambda turn: "Well played.\n")
    assert "say, once, that the game is won" in play(colour(judged=("won", "count", "one_ending")), unsaid).message


def test_a_win_that_also_shows_the_code_as_a_loss_is_wrong():
    both = colour_game("RGGB", win_line=lambda turn: rules.win_line(turn) + "No guesses left. The code was R G G B\n")
    ruling = play(colour(judged=("won", "count", "one_ending")), both)
    assert not ruling.passed and "a game ends one way" in ruling.message
    named = colour_game("RGGB", win_line=lambda turn: f"You cracked the code RGGB in {turn} guesses.\n")
    assert play(colour(judged=("won", "count", "one_ending")), named).passed  # naming the code in the win is fine


@pytest.mark.parametrize("judged", [EXACT, ("won", "count", "one_ending")])
def test_asking_again_after_a_winning_clue_is_an_objection(judged):
    def game() -> Game:
        entry = yield rules.BANNER + "Guess 1/8: "
        yield f"Clue: 4 exact, 0 misplaced\nGuess 2/8: "
        return entry

    ruling = play(colour(judged=judged), game())
    assert not ruling.passed and ruling.expected.endswith("You cracked the code in 1 guesses.\n")


def test_colour_settings_are_checked():
    with pytest.raises(RefereeError, match="goal is win or lose"):
        start_referee(COLOUR_FILE, 1, {"goal": "draw"})
    with pytest.raises(RefereeError, match="must be invalid"):
        start_referee(COLOUR_FILE, 1, {"bad_entries": ["RGBY"]})


# ---------------------------------------------------------------- the codebreaker


def codebreaker(rng: random.Random, pegs=pegs_rules.pegs, claim_text=pegs_rules.claim,
                guess_text=lambda code: f"My guess is {code}\n", questions=(pegs_rules.BLACK, pegs_rules.WHITE),
                give_up=pegs_rules.GIVE_UP) -> Game:
    """The seed's computer player: guess from the pool of combinations that got every answer."""
    pool = list(pegs_rules.CODES)
    while len(pool) > 1:
        guess = rng.choice(pool)
        first = int((yield guess_text(guess) + questions[0]))
        second = int((yield questions[1]))
        black, white = (first, second) if "black" in questions[0] else (second, first)
        pool = [code for code in pool if pegs(guess, code) == (black, white)]
    return claim_text(pool[0]) if pool else give_up


def breaker(seed: int = 1, judged: tuple[str, ...] = EXACT, **settings) -> Referee:
    """A codebreaker referee as a spec of a rule with these facts starts it (none: a presentation spec)."""
    return start_referee(BREAKER_FILE, seed, settings, judged, BREAKER_WORDS)


BREAKER_FILE = ROOT / "assignments" / "codebreaker" / "referee.py"
BREAKER_WORDS = load_suite(ROOT / "assignments" / "codebreaker" / "specs").vocabulary
OWN_WORDS = {"guess_text": lambda code: f"\n--- Guess: {' '.join(code)} ---\n",
             "questions": ("White pegs for this guess? ", "And black pegs? "),
             "claim_text": lambda code: f"Got it!!! Your combination is: {code}\nThanks for playing.\n",
             "give_up": "I COULD NOT find any answer that matches your responses!!\n"}


@pytest.mark.parametrize("settings", [{"secret": "PPWW"}, {"secret": "YRRR"}, {"liar": True}, {"impossible": True}])
@pytest.mark.parametrize("judged", [EXACT, ("won",), ("rejection",)])
def test_a_correct_codebreaker_is_upheld_by_every_rule(settings, judged):
    assert play(breaker(judged=judged, **settings), codebreaker(random.Random(3))).passed


@pytest.mark.parametrize("settings", [{"secret": "PPWW"}, {"liar": True}, {"impossible": True}])
def test_the_rule_specs_read_past_the_codebreaker_s_own_wording_and_question_order(settings):
    assert play(breaker(judged=("won",), **settings), codebreaker(random.Random(3), **OWN_WORDS)).passed
    assert not play(breaker(**settings), codebreaker(random.Random(3), **OWN_WORDS)).passed


def test_giving_up_in_other_words_is_no_give_up():
    game = codebreaker(random.Random(3), give_up="No combination fits your answers.\n")
    ruling = play(breaker(judged=("rejection",), impossible=True), game)
    assert not ruling.passed and "must give up with" in ruling.message and ruling.expected == pegs_rules.GIVE_UP


def test_a_rule_spec_names_the_combination_or_objects():
    wrong = codebreaker(random.Random(3), claim_text=lambda code: "I think I have it!  Your combination is  RRRR\n")
    ruling = play(breaker(judged=("won",), secret="PPWW"), wrong)
    assert not ruling.passed and "it named RRRR" in ruling.message


def test_a_question_naming_no_colour_of_pegs_is_an_objection():
    game = codebreaker(random.Random(3), questions=("How many pegs? ", "How many white pegs? "))
    ruling = play(breaker(judged=("won",), secret="PPWW"), game)
    assert not ruling.passed and "black or the white pegs" in ruling.message and ruling.step == 0


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


@pytest.mark.parametrize("seed", [0, 1, 23, 2**40])
def test_a_referee_s_generator_is_its_seed_keyed_so_the_program_s_own_cannot_predict_it(seed):
    # The program's `random` starts from the spec's seed: with the assignment's key the referee's does not.
    draws = lambda rng: [rng.random() for _ in range(3)]  # noqa: E731
    assert draws(referee_random(seed, b"")) == draws(random.Random(seed))  # no key: the seed as it is
    keyed = draws(referee_random(seed, b"k1"))
    assert keyed == draws(referee_random(seed, b"k1")) != draws(random.Random(seed))
    assert keyed != draws(referee_random(seed, b"k2")) and keyed != draws(referee_random(seed + 1, b"k1"))
