"""Facts recognised by what the program does, not its words (issue 34): score lines in labels of its own
or as masks, a win in other words, a message quoted as printed. Table tests on plain transcripts."""

from __future__ import annotations

import pytest

from grader.judge.behaviour import guess_places, read_records
from grader.judge.facts import step_facts
from grader.judge.rules import judge_facts, share
from grader.judge.units import Context
from test_facts import VOCABULARY

KEY = "1234"
GUESSES = ("5678", "1563", "2156", "1342", "2143")
COUNTS = {"5678": (0, 0), "1563": (1, 1), "2156": (2, 0), "1342": (3, 1), "2143": (4, 0)}  # exist, position


def _history(line: str, upto: int) -> list[str]:
    """The lines a program prints after guess number `upto` (from 1), its `line` format filled in."""
    return [line.format(guess=g, exist=COUNTS[g][0], position=COUNTS[g][1], mask=_mask(g, "XO_"),
                        small=_mask(g, "+o-"), dots=_mask(g, "+-.")) for g in GUESSES[:upto]]


def _mask(guess: str, symbols: str) -> str:
    return "".join(symbols[0] if k == g else symbols[1] if g in KEY else symbols[2] for k, g in zip(KEY, guess))


EXPECTED = [[], []] + [_history("{guess} : exist: {exist}, position: {position}", n) for n in range(1, 6)]
INPUTS = (KEY,) + GUESSES


def read(actual: list[list[str]]):
    expected = [step_facts(lines, VOCABULARY, KEY) for lines in EXPECTED]
    got = [step_facts(lines, VOCABULARY, KEY) for lines in actual]
    return read_records(expected, got, INPUTS, 2, KEY)


def histories(actual: list[list[str]]) -> list[list[tuple[str, tuple[str, ...]]]]:
    return [[(r.guess, r.values) for r in facts.records] for facts in read(actual)]


TRUE = [[]] + [[(g, (str(COUNTS[g][0]), str(COUNTS[g][1]))) for g in GUESSES[:n]] for n in range(6)]
LATEST = [TRUE[n][-1:] for n in range(7)]


@pytest.mark.parametrize("line, whole", [
    ("Guess {guess} -> {position} right place, {exist} wrong place", True),  # labels of its own, position first
    ("{guess}: {position}A{exist}B", True),  # the 1A2B of bulls and cows
    ("{guess} | bulls={position} cows={exist}", True),
    ("{exist} misplaced and {position} correct  [{guess}]", True),  # the guess echoed last
    ("{guess}  {mask}", True),  # a mask: X in place, O elsewhere, _ absent
    ("{guess} -> {small}", True),  # `oooo` too, whose symbols the other lines tell
    ("{guess} {dots}", True),  # `+-..`: a dot is a symbol too
    ("Bulls: {position}  Cows: {exist}", False),  # no echo: the score of the entry just typed
])
def test_a_score_in_other_words_is_read_by_what_its_numbers_carry(line: str, whole: bool) -> None:
    actual = [[], []] + [_history(line, n) if whole else _history(line, n)[-1:] for n in range(1, 6)]
    assert histories(actual) == (TRUE if whole else LATEST)


def test_a_mask_yields_each_symbols_count_and_is_quoted() -> None:
    actual = [[], []] + [_history("{guess}  {mask}", n) for n in range(1, 6)]
    record = read(actual)[6].records[1]
    assert (record.guess, record.values, record.line) == ("1563", ("1", "1"), "1563  X__O")


def test_two_line_hints_without_echo_make_one_score() -> None:
    actual = [[], []] + [[f"Bulls: {COUNTS[g][1]}", f"Cows: {COUNTS[g][0]}"] for g in GUESSES]
    assert histories(actual) == LATEST


def test_hints_on_two_lines_that_differ_by_a_word_are_told_apart() -> None:
    actual = [[], []] + [[f"Correct digits in the correct position: {COUNTS[g][1]}",
                          f"Correct digits in the wrong position: {COUNTS[g][0]}"] for g in GUESSES]
    assert histories(actual) == LATEST


def test_the_labels_are_learnt_from_the_whole_game_not_one_line() -> None:
    """The first guess scores 0 and 0, which decides nothing; the later ones decide which label is which."""
    actual = [[], []] + [_history("{guess}: {position} hit(s), {exist} near", n) for n in range(1, 6)]
    assert histories(actual) == TRUE


def test_a_wrong_count_stays_wrong_under_the_learnt_labels() -> None:
    wrong = [[], []] + [[line.replace("2 wrong", "3 wrong") for line in _history(
        "{guess} -> {position} right place, {exist} wrong place", n)] for n in range(1, 6)]
    read_back = histories(wrong)
    assert read_back[4][2] == ("2156", ("3", "0")) and read_back[6][0] == TRUE[6][0]


def test_a_program_in_the_handouts_labels_is_read_by_label_only() -> None:
    assert histories(EXPECTED) == TRUE


def test_numbering_is_no_count() -> None:
    actual = [[], []] + [[f"{i + 1}. " + h for i, h in enumerate(_history("{guess} bulls {position} cows {exist}", n))]
                     for n in range(1, 6)]
    assert histories(actual) == TRUE


def test_each_guess_holds_its_numbers_at_places_learnt_from_nothing() -> None:
    """No reference to learn from (a program's own secret): every place of each guess's lines, echoed or not."""
    echoed = [step_facts(lines, VOCABULARY, None) for lines in [[], []] + [_history("{guess}: {position}A{exist}B", n)
                                                                           for n in range(1, 6)]]
    held = dict(guess_places(echoed, INPUTS, 4))
    assert set(held) == set(GUESSES) and {("label after", "a"): "1", ("label after", "b"): "1"}.items() <= held["1563"].items()
    bulls = [step_facts(lines, VOCABULARY, None) for lines in [[], []] + [[f"Bulls: {COUNTS[g][1]}  Cows: {COUNTS[g][0]}"]
                                                                         for g in GUESSES]]
    assert [(guess, held[("label before", "bull")], held[("label before", "cow")])
            for guess, held in guess_places(bulls, INPUTS, 4)] == [(g, str(COUNTS[g][1]), str(COUNTS[g][0])) for g in GUESSES]


def test_lines_with_no_counts_read_as_nothing() -> None:
    actual = [[], []] + [["Keep going, good try"] for _ in GUESSES]
    assert histories(actual) == [[] for _ in range(7)]


H1 = "5678 : exist: 0, position: 0"
WIN = [[], [], [H1], [H1, "1234 : exist: 0, position: 4", "You guessed it right!", "You did it in 2 guesses."]]
WIN_INPUTS = ("1234", "5678", "1234")


def judged(facts: list[str], actual: list[list[str]], ended_at: int | None = 3, expected=WIN, inputs=WIN_INPUTS):
    steps = [step_facts(lines, VOCABULARY, KEY) for lines in expected]
    got = [step_facts(lines, VOCABULARY, KEY) for lines in actual]
    prompts = ("Enter key: ",) + ("Enter guess: ",) * len(expected)  # as the spec's steps ask
    return judge_facts(facts, steps, got, Context(VOCABULARY, inputs, ended_at, prompts))


@pytest.mark.parametrize("ending, ended_at, right", [
    (["You Guessed The Key: 1234", "It took you 2 attempts"], 3, [True, True, False]),  # other words: the wording only
    (["*** BINGO *** solved after 2 turns"], 3, [True, True, False]),
    (["You guessed it right!", "You did it in 2 guesses."], 3, [True, True, True]),
    (["Well done, it took 3 turns"], 3, [False, False, False]),  # ended, but the count is wrong: no win
    (["You lost! The key was 1234."], 3, [False, False, False]),  # the twelfth guess that loses: no count, no win
    (["You Guessed The Key: 1234", "It took you 2 attempts"], None, [False, True, False]),  # it went on: no win
])
def test_a_win_is_the_program_ending_on_the_key_with_the_count(ending: list[str], ended_at: int | None,
                                                                right: list[bool]) -> None:
    actual = WIN[:3] + [[H1, "1234 : exist: 0, position: 4"] + ending]
    units = judged(["won", "count", "wording"], actual, ended_at)
    assert [u.right for u in units] == right


def test_a_win_in_other_words_costs_only_the_wordings_share_and_is_quoted() -> None:
    actual = WIN[:3] + [[H1, "1234 : exist: 0, position: 4", "You Guessed The Key: 1234", "It took you 2 attempts"]]
    units = judged(["won", "count", "wording"], actual)
    assert share(units, per_unit=True) == pytest.approx(2 / 3)
    assert units[-1].said() == ("the win's words: printed 'You Guessed The Key: 1234' / 'It took you 2 attempts' "
                                "where the handout says 'You guessed it right!' / 'You did it in 2 guesses.'")


def test_a_misspelt_message_is_quoted_as_printed_beside_the_handouts_text() -> None:
    expected = [[], [], ["Guess must not have duplicate digits!", "Enter guess: "]]
    actual = [[], [], ["Guess must not have dupliate digits!", "Enter guess: "]]
    units = judged(["rejection"], actual, None, expected, ("1234", "1123"))
    assert [u.said() for u in units] == ["the entry '1123': printed 'Guess must not have dupliate digits!' where "
                                         "the handout says 'Guess must not have duplicate digits!'"]


ORDER = [[], [], ["Guess must be of 4 digits!"], ["Invalid input. Try again."], ["Guess must be of 4 digits!"]]
ORDER_INPUTS = ("1234", "123", "12a4", "12a")


def test_a_program_that_rejects_nothing_earns_nothing_for_the_order() -> None:
    """Each entry scored as a guess (echoed) is no rejection, whatever it prints."""
    taken = [[], [], ["123 : exist: 0, position: 3"], ["12 : exist: 0, position: 2"], ["12 : exist: 0, position: 2"]]
    assert [u.right for u in judged(["order"], taken, None, ORDER, ORDER_INPUTS)] == [False]
    refused = [[], [], ["Too long or short"], ["Digits only"], ["Too long or short"]]
    assert [u.right for u in judged(["order"], refused, None, ORDER, ORDER_INPUTS)] == [True]


@pytest.mark.parametrize("printed, right", [
    (["\x1b[91mGuess must be of 4 digits!\x1b[0m", "Enter guess: "], True),  # a colour's numbers echo nothing
    (["Too short, try again", "Enter guess: "], True),  # refused in its own words
    (["Enter guess: "], False),  # only asked again: no answer
    (["Guess must be of 4 digits!", "Attempt 1/12", "Enter guess: "], True),  # a number line is no score
    (["1", "Enter guess: "], False),  # the entry alone: a history of bare guesses
    (["1234", "Enter guess: "], False),  # an earlier entry alone: that history shown again
    (["Guess must be of 4 digits!"], True),  # the prompt not flushed yet: the last line is the answer
    (["Enter guess: Guess must be of 4 digits!"], True),  # ... and the late prompt at its start
    (["12 4", "Invalid input. Try again.", "Enter guess: "], True),  # the terminal's echo of a tab aside
    (["1 : exist: 0, position: 1", "Enter guess: "], False),  # scored: a guess spent
])
def test_a_rejection_is_a_line_before_asking_again_and_no_guess_spent(printed: list[str], right: bool) -> None:
    expected = [[], [], ["Guess must be of 4 digits!", "Enter guess: "]]
    units = judged(["rejected"], [[], [], printed], None, expected, ("1234", "1"))
    assert [u.right for u in units] == [right]


def test_an_entry_echoed_beside_two_numbers_is_a_guess_taken() -> None:
    expected = [[], [], ["Guess must be of 4 digits!", "Enter guess: "]]
    echoed = [[], [], ["123 -> 0 bulls, 1 cow", "Enter guess: "]]
    assert [u.right for u in judged(["rejected"], echoed, None, expected, ("1234", "123"))] == [False]


@pytest.mark.parametrize("shown", [lambda lines: lines[::-1], lambda lines: lines[-1:]])
def test_a_history_in_other_words_newest_first_or_latest_only_is_still_wrong(shown) -> None:
    line = "Guess {guess} -> {position} right place, {exist} wrong place"
    actual = [[], []] + [shown(_history(line, n)) for n in range(1, 6)]
    steps = [step_facts(lines, VOCABULARY, KEY) for lines in EXPECTED]
    got = [step_facts(lines, VOCABULARY, KEY) for lines in actual]
    units = judge_facts(["history"], steps, got, Context(VOCABULARY, INPUTS, None))
    assert [u.right for u in units] == [True, False, False, False, False]
