"""The facts a line states, recognised from words and numbers only: table tests on plain text."""

from __future__ import annotations

import cProfile

import pytest

from conftest import calls
from grader.judge.facts import Record, session_facts, step_facts, tokens
from grader.spec.vocabulary import vocabulary_from, words

VOCABULARY = vocabulary_from({
    "labels": ["exist", "position"],
    "phrases": {"won": "You guessed it right", "count": "You did it in # guesses"},
    "messages": {"length": "Guess must be of 4 digits", "non_digit": "Invalid input. Try again",
                 "duplicate": "Guess must not have duplicate digits"},
})


@pytest.mark.parametrize(("line", "record"), [
    ("4321 : exist: 4, position: 0", Record("4321", ("4", "0"))),
    ("4321: exist: 4, position: 0", Record("4321", ("4", "0"))),  # the missing space is presentation
    ("4321 - position: 0 | exist: 4", Record("4321", ("4", "0"))),  # labels in another order
    ("Guess 1: 4321 EXIST=4 POSITION=0", Record("4321", ("4", "0"))),  # numbering and case are decoration
    ("0123 : exist: 1, position: 2", Record("0123", ("1", "2"))),  # a leading 0 is kept: text, not a number
    ("4321 4 0", None),  # no labels: not a history line
    ("4321 : exist: ٤, position: ٠", None),  # Arabic-Indic digits are no numbers
    ("exist: 4, position: 0", None),  # no guess
    ("4321 : exist: 4, exist: 0", None),  # a label twice
])
def test_a_history_line_is_a_guess_with_each_label_next_to_its_number(line: str, record: Record | None) -> None:
    facts = step_facts([line], VOCABULARY, None)
    assert facts.records == ((record,) if record else ())


@pytest.mark.parametrize(("line", "phrases", "messages"), [
    ("You guessed it right!!!", (("won", ()),), ()),
    ("YOU GUESSED IT RIGHT", (("won", ()),), ()),
    ("Congratulations, you guessed it right :)", (("won", ()),), ()),
    ("You guessed it correct!", (), ()),  # one wrong word is another message
    ("You did it in 3 guesses.", (("count", ("3",)),), ()),
    ("You did it in 1 guess.", (), ()),  # the handout's wording says guesses, even for one
    ("Guess must be of 4 digits.", (), ("length",)),
    ("guess must be of 4 numbers!", (), ()),
    ("Invalid input... try again!", (), ("non_digit",)),
])
def test_phrases_and_messages_are_their_words_in_a_row(line: str, phrases: tuple, messages: tuple) -> None:
    facts = step_facts([line], VOCABULARY, None)
    assert (facts.phrases, facts.messages) == (phrases, messages)


def test_a_line_that_reads_as_two_messages_is_a_clash() -> None:
    line = "Guess must be of 4 digits! Invalid input. Try again."
    assert step_facts([line], VOCABULARY, None).clashes == (line,)


@pytest.mark.parametrize(("lines", "shown"), [
    (["You lost! The key was 0123."], 1),
    (["You lost!", "The key was 0123."], 1),  # the loss told on two lines
    (["The key was 123."], 0),  # 123 is not the key 0123
    (["0123 : exist: 0, position: 4"], 0),  # a history line is no loss
    (["You guessed it right! The key was 0123."], 0),  # a win that names the key is no loss
])
def test_the_loss_is_a_line_that_shows_the_key(lines: list[str], shown: int) -> None:
    assert step_facts(lines, VOCABULARY, "0123").key_shown == shown


def test_everything_else_is_context_with_its_words_kept() -> None:
    facts = step_facts(["=====", "11 guesses left!", ""], VOCABULARY, None)
    assert facts.notes == (("11", "guesses", "left"),) and not facts.records and not facts.phrases


def test_tokens_keep_numbers_as_text_and_drop_escape_sequences() -> None:
    assert tokens("\x1b[31m0123\x1b[0m: Exist=1") == ("0123", "exist", "1")


COLOURS = vocabulary_from({
    "labels": ["exact", "misplaced"], "number_side": "before", "code": {"symbols": "RGBYOP", "length": 4},
    "phrases": {"won": "You cracked the code", "count": "in # guesses"},
    "messages": {"length": "Enter exactly four letters", "palette": "Use only R, G, B, Y, O, or P"},
    "key_input": None,
})


@pytest.mark.parametrize(("line", "record"), [
    ("Clue: 1 exact, 0 misplaced", Record("", ("1", "0"))),  # a clue answers the guess just typed
    ("Clue: 0 misplaced, 1 exact", Record("", ("1", "0"))),  # labels in another order
    ("Guess 1: RRRR -> 1 exact, 0 misplaced", Record("RRRR", ("1", "0"))),  # the numbering is decoration
    ("rgby: exact=2 misplaced=1", Record("RGBY", ("2", "1"))),  # a number after its label is the fallback
    ("1 exact, 0 misplaced, 6 guesses left", Record("", ("1", "0"))),  # the side said first wins
    ("Clue: 1 exact", None),  # a label missing
    ("Clue: 1 right, 0 wrong place", None),  # labels come from the closed list
])
def test_a_clue_is_each_label_next_to_its_number_and_the_guess_a_code_if_shown(line: str, record: Record | None) -> None:
    assert step_facts([line], COLOURS, None).records == ((record,) if record else ())


@pytest.mark.parametrize(("lines", "codes"), [
    (["No guesses left. The code was R G B Y"], ("RGBY",)),
    (["The code was rgby."], ("RGBY",)),  # case is presentation
    (["The code was R-G-B-Y"], ("RGBY",)),
    (["The code was RGBX"], ()),  # X is no colour
    (["The code was RGB"], ()),  # too short
    (["Use only R, G, B, Y, O, or P."], ()),  # a message's letters are no code
    (["You cracked the code OPOP in 3 guesses."], ("OPOP",)),
    (["RRRR, then GGGG"], ("RRRR", "GGGG")),
])
def test_codes_of_letters_are_kept_from_every_line_but_history_and_messages(lines: list[str], codes: tuple) -> None:
    assert step_facts(lines, COLOURS, None).codes == codes


def test_the_digit_vocabulary_finds_no_codes() -> None:
    assert step_facts(["The key was 1234, RGBY"], VOCABULARY, "1234").codes == ()


@pytest.mark.parametrize(("line", "record"), [
    ("YYPP -> misplaced: 0 | exact: 1", Record("YYPP", ("1", "0"))),  # labels taken in the line's order
    ("exact 2 misplaced 1", Record("", ("2", "1"))),
])
def test_labels_take_their_numbers_in_the_line_s_order(line: str, record: Record) -> None:
    assert step_facts([line], COLOURS, None).records == (record,)


def test_a_long_line_of_other_words_is_searched_only_where_a_phrase_could_start() -> None:
    tail = " ".join(f"w{n}" for n in range(3_000))
    profile = cProfile.Profile()
    profile.enable()
    facts = step_facts([tail, f"{tail} You did it in 7 guesses {tail}"], VOCABULARY, None)
    profile.disable()
    assert facts.phrases == (("count", ("7",)),)
    assert calls(profile, "judge/facts", "<genexpr>") <= 100  # a window per word would be some 2 x 5 x 9,000


def test_a_session_reads_each_distinct_line_once_however_often_the_history_repeats_it() -> None:
    history = [f"{n}{n + 1}{n + 2}{n + 3} : exist: {n % 4}, position: 0" for n in range(1, 7)]
    outputs = [history[:count] + ["Enter guess: "] for count in range(1, 7)]
    profile = cProfile.Profile()
    profile.enable()
    facts = session_facts(outputs, VOCABULARY, None)
    profile.disable()
    assert [len(step.records) for step in facts] == [1, 2, 3, 4, 5, 6]
    assert facts == [step_facts(lines, VOCABULARY, None) for lines in outputs]
    assert calls(profile, "judge/facts", "_line_facts") == len(history) + 1


def test_unended_8_bit_string_commands_are_kept_as_text_in_one_pass() -> None:
    line = "\x9d" * 150_000 + " 1234 : exist: 4, position: 4"  # each starter rescanning the rest: quadratic
    assert tokens(line) == words(line)
