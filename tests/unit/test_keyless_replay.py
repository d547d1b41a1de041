"""A program that never reads the key, on plain data: the secret its scores fit, what its sessions as
typed show of its first step, and the replay's inputs and steps (grader/judge/secret.py, replay.py)."""

from __future__ import annotations

from dataclasses import replace
from itertools import product
from pathlib import Path

import pytest

from grader.judge.facts import Record
from grader.judge.judging import Verdict
from grader.judge.replay import (ASKED_AGAIN, ASKED_FIRST, OWN_AFTER_QUESTION, READS, SCORED_KEY, Played, Start,
                                 asks_for_guess, probe_guesses, probed_secret, replay_inputs, replay_said, replayable,
                                 spec_frame, spec_start, unread_key)
from grader.judge.secret import PROBES, counts, fits, fitting, fitting_places, label_order, only, rescored, swapped
from grader.spec.specs import load_specs

SPECS = {spec.id: spec for spec in load_specs(Path(__file__).resolve().parents[2] / "specs")}
SCORING = SPECS["03-scoring"]  # key 1234, then eight wrong guesses and the key
HANDOUT = (0, 1)  # exist first, then position: the suite's labels


def record(guess: str, secret: str, order=HANDOUT) -> Record:
    both = counts(guess, secret)
    return Record(guess, tuple(str(both[index]) for index in order))


@pytest.mark.parametrize("guess, secret, expected", [
    ("4321", "1234", (4, 0)), ("1234", "1234", (0, 4)), ("5678", "1234", (0, 0)), ("1563", "1234", (1, 1)),
    ("1123", "1234", (3, 1)),  # a repeated digit counts at each place
])
def test_counts_are_the_handouts(guess, secret, expected) -> None:
    assert counts(guess, secret) == expected


@pytest.mark.parametrize("expected, order", [
    ([("1234", record("1563", "1234")), ("1234", record("2156", "1234"))], (0, 1)),
    ([("1234", record("1563", "1234", (1, 0))), ("1234", record("2156", "1234", (1, 0)))], (1, 0)),
    ([("1234", record("1563", "1234"))], None),  # exist 1, position 1: either order
    ([("1234", Record("2156", ("3", "3")))], None),  # another game's scoring
    ([], None),
])
def test_the_labels_order_is_read_from_the_expected_history(expected, order) -> None:
    assert label_order(expected) == order


def test_enough_guesses_name_one_secret_and_few_name_none() -> None:
    guesses = ["5678", "1563", "2156", "1342", "1256", "2310", "1235", "2143"]
    assert only(fitting([record(g, "1234") for g in guesses], 4, HANDOUT)) == "1234"
    assert fitting([record(g, "7031") for g in guesses], 4, HANDOUT) == ("0731", "0831", "7031", "8031")
    assert len(fitting([record("5678", "1234")], 4, HANDOUT)) > 1 and only(fitting([record("5678", "1234")], 4, HANDOUT)) is None
    assert fitting([Record("5678", ("9", "9"))], 4, HANDOUT) == ()  # no secret scores so
    assert fitting([Record("12a4", ("0", "0")), Record("123", ("0", "0"))], 4, HANDOUT) == ()  # they tell nothing
    assert "1123" in fitting([record("1123", "1123")], 4, HANDOUT)  # randint's secrets may repeat digits


def test_fits_needs_a_record_like_the_secret() -> None:
    assert fits([record("5678", "1234"), record("1563", "1234")], "1234", HANDOUT)
    assert not fits([record("1563", "1234")], "5678", HANDOUT)
    assert not fits([Record("12", ("0", "0"))], "1234", HANDOUT)


@pytest.mark.parametrize("guess, expected", [("1234", "5720"), ("5720", "1234"), ("5678", "5678")])
def test_the_key_and_the_secret_change_places(guess, expected) -> None:
    assert swapped(guess, "1234", "5720") == expected


def test_an_expected_history_line_is_rescored_against_the_secret() -> None:
    assert rescored(Record("1234", ("0", "4")), "1234", "5720", HANDOUT) == Record("5720", ("0", "4"))
    assert rescored(Record("5720", ("0", "0")), "1234", "5720", HANDOUT) == Record("1234", ("1", "0"))
    assert rescored(Record("2750", ("0", "0")), "1234", "5720", HANDOUT) == Record("2750", ("2", "2"))


def history(guesses: list[str], secret: str) -> str:
    return "".join(f"{g} : exist: {counts(g, secret)[0]}, position: {counts(g, secret)[1]}\n" for g in guesses)


def played(secret: str, first: str, entries: tuple[str, ...], between: str = "") -> list[str]:
    """A faithful game's outputs after `first` (its start), every entry scored against `secret`."""
    outputs = [first]
    for at in range(len(entries)):
        outputs.append(history(list(entries[: at + 1]), secret) + "Enter guess: ")
    return outputs


KEY, GUESSES = SCORING.inputs[0], SCORING.inputs[1:]
READING = ["Enter key: ", "Enter guess: "] + played(KEY, "", GUESSES)[1:]
OWN_KEY = played("5720", "Enter guess: ", SCORING.inputs)
TRIES = ["Enter number of tries: ", "Enter key: ", "Enter guess: "] + played(GUESSES[0], "", GUESSES[1:])[1:]
NAME = ["What is your name? ", "Hello 1234!\nEnter guess: "] + played("5720", "", GUESSES)[1:]
MENU = ["1. Play\nChoose an option: "] + ["Invalid choice\n1. Play\nChoose an option: "] * len(SCORING.inputs)
SWAPPED = ["Enter key: ", "Enter guess: "] + [history(list(GUESSES[: at + 1]), KEY).replace("exist", "x").replace(
    "position", "exist").replace("x", "position") + "Enter guess: " for at in range(len(GUESSES))]


@pytest.mark.parametrize("outputs, kind", [
    (READING, READS),
    (OWN_KEY, SCORED_KEY),  # the key typed is scored as a guess
    (TRIES, ASKED_FIRST),  # the first guess became the key
    (NAME, OWN_AFTER_QUESTION),
    (MENU, ASKED_AGAIN),
    (SWAPPED, ""),  # reads the key, scores it wrongly: its key's digits in another order fit, no secret of its own
    (["Enter key: ", "Enter guess: ", "Enter guess: "], ""),  # nothing tells
], ids=["reads", "scored-key", "tries", "name", "menu", "swapped-labels", "silent"])
def test_a_session_as_typed_shows_the_programs_first_step(outputs, kind) -> None:
    assert spec_start(SCORING, outputs, HANDOUT) == kind


def test_the_replay_leaves_the_key_out_and_types_the_secret_for_the_key() -> None:
    assert replay_inputs(SCORING, True, None) == GUESSES
    assert replay_inputs(SCORING, False, None) == SCORING.inputs
    assert replay_inputs(SCORING, True, "2143")[-2:] == ("1234", "2143")  # the spec's 2143, then its key
    spaced = SPECS["12-spaces-in-guesses"]
    assert replay_inputs(spaced, True, "5720")[-1] == "   5720"


@pytest.mark.parametrize("outputs, answers, keyless, frame", [
    (("start ", "g1 ", "g2 "), 0, True, ("start ", "", "g1 ", "g2 ")),
    (("question ", "key ", "g1 "), 1, False, ("question key ", "g1 ")),
    (("menu ", "again ", "name ", "g1 "), 2, True, ("menu again name ", "", "g1 ")),
    (("menu ",), 2, True, ("menu ",)),  # it ended before the answers were done
])
def test_the_replays_outputs_fall_into_the_specs_steps(outputs, answers, keyless, frame) -> None:
    assert spec_frame(outputs, answers, keyless) == frame


@pytest.mark.parametrize("spec_id, keyless, expected", [
    ("03-scoring", True, True), ("01-example-game", False, False), ("13-key-with-spaces", True, False),
    ("13-key-with-spaces", False, True),
    ("14-leading-zeros", True, True),  # its guesses start with 0 too
    ("25-hidden-whitespace", True, True),  # its guesses have spaces around too
])
def test_only_rule_specs_are_replayed_and_not_those_about_reading_the_key_alone(spec_id, keyless, expected) -> None:
    assert replayable(SPECS[spec_id], keyless) == expected


def test_a_key_the_program_never_reads_is_one_wrong_unit_of_its_spec() -> None:
    zeros = SPECS["14-leading-zeros"]
    unread = unread_key(Verdict(zeros, "passed", "passed", outputs=("", "")), zeros)
    assert not unread.passed and unread.step == 1 and unread.units[0].fact == "key"
    assert "'0459': never asked for" in unread.message
    assert unread_key(Verdict(SCORING, "passed", "passed"), SCORING).passed  # a plain key: nothing to read


def test_a_program_that_took_no_answer_to_its_repeated_question_plays_its_entries_as_guesses() -> None:
    start = Start(ASKED_AGAIN, "Choose an option:", False)
    assert start.played("1", 2) == Played("1", 2, False)
    assert start.played("", 3) == Played("", 3, True)
    assert start.played("1", 2, True) == Played("1", 2, True)  # its answer led straight to a guess


@pytest.mark.parametrize("prompt, guess", [
    ("Enter guess: ", True), ("Guess #1: ", True), ("Your guess: ", True),
    ("Enter key: ", False), ("Player 1, enter the key: ", False), ("Choose an option: ", False), ("", False),
    ("Enter the key or your guess: ", False),  # both: it cannot tell
])
def test_a_prompt_asks_for_a_guess_by_the_words_the_specs_prompts_do_not_share(prompt, guess) -> None:
    assert asks_for_guess(SCORING, prompt) == guess


def test_the_notice_names_the_cause_the_replay_and_its_cost() -> None:
    start = Start(OWN_AFTER_QUESTION, "What is your name?", True, "5720", "1234")
    verdicts = [Verdict(SPECS["01-example-game"], "output differs", ""), Verdict(SPECS["03-scoring"], "passed", ""),
                Verdict(SPECS["13-key-with-spaces"], "output differs", "")]
    said = replay_said(start, [Played("10", 1, True)], ["03-scoring"], verdicts)
    assert said.startswith("the program asks 'What is your name?' first, then plays a secret of its own: its "
                           "scores fit 5720, not the 1234 typed")
    keyless = replay_said(replace(start, secret=""), [Played("10", 1, True)], ["03-scoring"], verdicts)
    assert keyless.startswith("the program asks something else first ('What is your name?') and never asks for the key")
    assert "1 rule specs were replayed" in said and "answering '10' to its question" in said
    assert said.endswith("the 2 others (01-example-game, 13-key-with-spaces: the presentation and reading the key) "
                         "were graded as typed and cost 14 points")


@pytest.mark.parametrize("played, said", [
    (Played("", 0, True), "the key, not typed: the program does not play it"),
    (Played("10", 1, False), "the key, typed after the answer '10' to its own question"),
    (Played("", 0, False), "the key"),
])
def test_a_replayed_specs_first_input_says_how_it_was_played(played, said) -> None:
    assert played.first_input("the key") == said


def test_the_probing_guesses_tell_every_secret_apart() -> None:
    guesses = PROBES[4]
    assert all(len(set(guess)) == 4 and not guess.startswith("0") for guess in guesses)
    told = {tuple(counts(guess, "".join(secret)) for guess in guesses) for secret in product("0123456789", repeat=4)}
    assert len(told) == 10 ** 4
    assert probe_guesses(SCORING) == guesses and probe_guesses(SPECS["01-example-game"]) == ()  # no key to probe for


def places(secret: str, guesses, held=lambda e, p: {("a",): str(p), ("b",): str(e)}):
    return [(guess, held(*counts(guess, secret))) for guess in guesses]


@pytest.mark.parametrize("readings, secrets", [
    (places("5830", PROBES[4][:8]), ("5830",)),  # its own labels: which place is which is found too
    (places("1123", PROBES[4]), ("1123",)),  # a randint secret, digits repeated
    ([(g, held | {("n",): str(at)}) for at, (g, held) in enumerate(places("5830", PROBES[4][:8]))], ("5830",)),
    (places("5830", PROBES[4][:8]) + [("5830", {("won",): "1"})], ("5830",)),  # a line of the win alone tells little
    (places("5830", PROBES[4][:1]), None),  # one guess: many secrets
    ([(g, {("a",): "9", ("b",): "9"}) for g in PROBES[4][:3]], ()),  # no secret scores so
])
def test_a_secret_is_fitted_to_a_programs_own_places_either_way_round(readings, secrets) -> None:
    fitted = fitting_places(readings, 4)
    assert fitted == secrets if secrets is not None else len(fitted) > 1


def test_a_probes_scores_name_the_secret_by_label_or_by_behaviour() -> None:
    guesses = PROBES[4]
    labelled = played("5830", "Enter guess: ", guesses)
    assert probed_secret(SCORING, labelled, guesses, HANDOUT) == "5830"
    bulls = ["Your guess: "] + [f"Bulls: {counts(g, '1123')[1]}  Cows: {counts(g, '1123')[0]}\nYour guess: "
                                for g in guesses]
    assert probed_secret(SCORING, bulls, guesses, HANDOUT) == "1123"
    assert probed_secret(SCORING, ["Your guess: "] + ["Try again\nYour guess: "] * len(guesses), guesses, HANDOUT) is None
