"""Step comparison and the diff students read (pure functions)."""

from __future__ import annotations

from grader.matching import normalise, render_diff, step_matches
from grader.specs import Line, Step

STEP = Step((Line("4321 : exist: 4, position: 0"), Line("12", "contains"), Line(r"You \w+!", "regex")), "Enter guess: ", "1", None)


def test_only_the_terminals_crlf_is_normalised():
    assert normalise("a\r\nb\rc\r\n") == "a\nb\rc\n"


def test_exact_and_flexible_lines_match():
    assert step_matches(STEP, "4321 : exist: 4, position: 0\nab12cd\nYou won!\nEnter guess: ")


def test_trailing_space_missing_newline_and_extra_lines_all_differ():
    good = "4321 : exist: 4, position: 0\n12\nYou won!\nEnter guess: "
    for bad in (good.replace("Enter guess: ", "Enter guess:"), good.replace("0\n", "0 \n"),
                good + "\n", good.replace("You won!\n", "You won!"), "extra\n" + good,
                good.replace("You won!", "You won it!")):
        assert not step_matches(STEP, bad), bad


def test_diff_numbers_both_sides_and_makes_whitespace_visible():
    rows = render_diff(STEP, "4321 : exist: 4, position: 0 \n12\nYou won!\nEnter guess:")
    assert rows[0].strip().startswith("(- expected, + actual")
    assert "1   - 4321 : exist: 4, position: 0↵" in rows
    assert "  1 + 4321 : exist: 4, position: 0·↵" in rows
    assert "2 2 | 12" in rows and "3 3 | You won!" in rows
    assert "4   - Enter guess:·" in rows and "  4 + Enter guess:" in rows


def test_diff_shows_an_unmatched_pattern_and_control_bytes():
    rows = render_diff(STEP, "4321 : exist: 4, position: 0\n1\x1b[0m\nYou lost\nEnter guess: ")
    assert any("- (a line containing '12')" in row for row in rows)
    assert any("+ 1\\x1b[0m↵" in row for row in rows)
    assert any(r"- (a line matching /You \w+!/)↵" in row for row in rows)


def test_diff_of_two_empty_outputs_says_so():
    assert "no output on either side" in render_diff(Step((), "", None, 0), "")[-1]


def test_only_a_line_feed_ends_a_line():
    step = Step((Line("a\rb\x0cc\u2028d"),), "", None, 0)
    assert step_matches(step, "a\rb\x0cc\u2028d\n")
    assert not step_matches(step, "a\nb\x0cc\u2028d\n")


def test_diff_escapes_bidi_zero_width_and_c1_characters():
    rows = render_diff(Step((Line("ok"),), "", None, 0), "o\u202ek\u200b\x85\n")
    assert any("+ o\\u202ek\\u200b\\x85↵" in row for row in rows)
