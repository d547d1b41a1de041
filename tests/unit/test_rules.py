"""Each fact judge on plain data: what a rule spec counts right, wrong and decisive."""

from __future__ import annotations

from grader.judge.facts import step_facts
from grader.judge.rules import judge_facts, share
from grader.judge.units import Context
from test_facts import VOCABULARY

H1, H2, H3 = "5678 : exist: 0, position: 0", "1563 : exist: 1, position: 1", "2156 : exist: 2, position: 0"
EXPECTED = [[], [H1], [H1, H2], [H1, H2, H3]]
INPUTS = ("1234", "5678", "1563", "2156")


def judged(facts: list[str], expected: list[list[str]], actual: list[list[str]], inputs=INPUTS, key="1234"):
    steps = [step_facts(lines, VOCABULARY, key) for lines in expected]
    got = [step_facts(lines, VOCABULARY, key) for lines in actual]
    return judge_facts(facts, steps, got, Context(VOCABULARY, inputs, prompts=("Enter guess: ",) * len(expected)))


def rights(units) -> list[bool]:
    return [unit.right for unit in units]


def test_the_history_is_the_whole_ordered_list_after_each_guess() -> None:
    assert rights(judged(["history"], EXPECTED, EXPECTED)) == [True, True, True]
    newest_first = [[], [H1], [H2, H1], [H3, H2, H1]]
    assert rights(judged(["history"], EXPECTED, newest_first)) == [True, False, False]
    latest_only = [[], [H1], [H2], [H3]]
    assert rights(judged(["history"], EXPECTED, latest_only)) == [True, False, False]
    at_the_end = [[], [], [], [H1, H2, H3]]
    assert rights(judged(["history"], EXPECTED, at_the_end)) == [False, False, True]


def test_scores_are_judged_per_guess_wherever_the_guess_is_shown() -> None:
    at_the_end = [[], [], [], [H1, H2, H3]]
    assert rights(judged(["scores"], EXPECTED, at_the_end)) == [True, True, True]
    one_wrong = [[], [H1], [H1, "1563 : exist: 2, position: 1"], [H1, "1563 : exist: 2, position: 1", H3]]
    units = judged(["scores"], EXPECTED, one_wrong)
    assert rights(units) == [True, False, True]
    assert units[1].said() == "scoring of 1563: exist 2, position 1 instead of exist 1, position 1"
    assert share(units, per_unit=True) == 2 / 3


WIN = [[], [H1, "1234 : exist: 0, position: 4", "You guessed it right!", "You did it in 2 guesses."]]


def test_the_win_and_its_count_decide_the_spec() -> None:
    inputs = ("1234", "5678")
    assert rights(judged(["won", "count"], [[], []] + WIN[1:], [[], []] + WIN[1:], inputs)) == [True, True]
    low = [[], [], [H1, "1234 : exist: 0, position: 4", "You guessed it right!", "You did it in 1 guesses."]]
    units = judged(["won", "count"], [[], []] + WIN[1:], low, inputs)
    assert [u.said() for u in units if not u.right] == ["win: 1 guesses instead of 2 guesses"]
    assert share(units, per_unit=True) == 0


def test_a_win_said_twice_or_beside_a_loss_is_wrong() -> None:
    inputs = ("1234", "5678")
    twice = [[], [], WIN[1] + ["You guessed it right!"]]
    assert rights(judged(["won"], [[], []] + WIN[1:], twice, inputs)) == [False]
    with_loss = [[], [], WIN[1] + ["You lost! The key was 1234."]]
    units = judged(["won", "one_ending"], [[], []] + WIN[1:], with_loss, inputs)
    assert [(u.fact, u.right, u.decisive) for u in units] == [("won", True, True), ("one_ending", False, False)]


def test_a_win_where_none_is_expected_is_wrong() -> None:
    early = [[], [H1, "You guessed it right!"], [H1, H2], [H1, H2, H3, "You lost! The key was 1234."]]
    expected = EXPECTED[:3] + [[H1, H2, H3, "You lost! The key was 1234."]]
    units = judged(["lost", "won"], expected, early)
    assert [(u.fact, u.right) for u in units] == [("won", False), ("lost", True)]


def test_a_message_must_be_the_expected_one_exactly_once() -> None:
    expected = [[], ["Guess must be of 4 digits!"]]
    inputs = ("1234", "123")
    assert rights(judged(["rejection"], expected, [[], ["GUESS MUST BE OF 4 DIGITS."]], inputs)) == [True]
    assert rights(judged(["rejection"], expected, [[], ["Guess must be of 4 numbers!"]], inputs)) == [False]
    assert rights(judged(["rejection"], expected, [[], expected[1] * 2], inputs)) == [False]
    clash = [[], ["Guess must be of 4 digits! Invalid input. Try again."]]
    assert rights(judged(["rejection"], expected, clash, inputs)) == [False]


def test_the_order_is_judged_in_the_programs_own_words() -> None:
    expected = [[], ["Guess must be of 4 digits!"], ["Invalid input. Try again."], ["Guess must be of 4 digits!"]]
    inputs = ("1234", "123", "12a4", "12a")
    own_words = [[], ["Too short or too long"], ["Digits only please"], ["Too short or too long"]]
    assert rights(judged(["order"], expected, own_words, inputs)) == [True]  # calibration steps earn nothing
    wrong_order = [[], ["Too short or too long"], ["Digits only please"], ["Digits only please"]]
    assert rights(judged(["order"], expected, wrong_order, inputs)) == [False]
    one_message = [[], ["Wrong!"], ["Wrong!"], ["Wrong!"]]  # the kinds cannot be told apart
    assert rights(judged(["order"], expected, one_message, inputs)) == [False]


def test_an_entry_with_spaces_is_taken_or_refused() -> None:
    expected = [[], [H1], ["Invalid input. Try again."]]
    inputs = ("1234", " 5678 ", "15 3")
    refused = [[], [H1], ["Oops, bad entry", "Enter guess: "]]  # a line before the prompt
    assert rights(judged(["accepted", "rejected"], expected, refused, inputs)) == [True, True]
    asked_again = [[], [H1], ["Enter guess: "]]  # only the prompt again: no answer
    assert rights(judged(["accepted", "rejected"], expected, asked_again, inputs)) == [True, False]
    took_it = [[], [H1], [H1, "153 : exist: 1, position: 1"]]
    assert rights(judged(["accepted", "rejected"], expected, took_it, inputs)) == [True, False]


def test_steps_never_reached_are_wrong() -> None:
    units = judged(["history"], EXPECTED, EXPECTED[:2])
    assert rights(units) == [True, False, False] and "never reached" in units[-1].actual


# Issue 19, rule isolation: each judge charges its own rule's facts only.

def test_the_history_is_the_guesses_not_their_counts() -> None:
    """A scoring bug shows in every history line: the history rule does not charge it."""
    other_counts = [[], [H1], [H1, "1563 : exist: 2, position: 1"], [H1, "1563 : exist: 2, position: 1", H3]]
    assert rights(judged(["history"], EXPECTED, other_counts)) == [True, True, True]


WON = [[], [H1], [H1, "1234 : exist: 0, position: 4", "You guessed it right!", "You did it in 2 guesses."]]
WON_INPUTS = ("1234", "5678", "1234")


def test_the_keys_own_counts_are_the_wins() -> None:
    """The winning guess scores exist 0, position 4 in any program that finds the key; a program that wins
    without its history line breaks the history rule, not the scoring."""
    no_line = [[], [H1], [H1, "You guessed it right!", "You did it in 2 guesses."]]
    units = judged(["scores"], WON, no_line, WON_INPUTS)
    assert [(u.subject, u.right) for u in units] == [("scoring of 5678", True)]


def test_the_win_takes_the_key_as_a_guess() -> None:
    no_line = [[], [H1], [H1, "You guessed it right!", "You did it in 2 guesses."]]
    assert rights(judged(["accepted"], WON, no_line, WON_INPUTS)) == [True, True]
    no_win = [[], [H1], [H1, "Next guess"]]
    assert rights(judged(["accepted"], WON, no_win, WON_INPUTS)) == [True, False]


def test_a_count_beside_no_win_claims_nothing() -> None:
    """A banner's "you did it in 12 guesses or fewer, you win" is no count of a win; a count in a win where
    none is due is."""
    banner = [["Find the key: if you did it in 12 guesses or fewer, you win!"]] + WON[1:]
    assert rights(judged(["count"], WON, banner, WON_INPUTS)) == [True]
    early = [[], [H1, "You guessed it right!", "You did it in 1 guesses."], WON[2]]
    assert rights(judged(["count"], WON, early, WON_INPUTS)) == [False, True]


def test_a_message_of_another_rule_where_none_is_due_is_not_charged() -> None:
    """A length spec does not charge the non-digit message a program prints after a valid guess (that is
    the non-digit rule's); its own message there it does."""
    expected = [[], ["Guess must be of 4 digits!"], [H1]]
    inputs = ("1234", "123", "5678")
    other = [[], ["Guess must be of 4 digits!"], [H1, "Invalid input. Try again."]]
    assert rights(judged(["rejection"], expected, other, inputs)) == [True]
    own = [[], ["Guess must be of 4 digits!"], [H1, "Guess must be of 4 digits!"]]
    assert rights(judged(["rejection"], expected, own, inputs)) == [True, False]
