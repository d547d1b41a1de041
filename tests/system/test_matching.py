"""Step comparison, its ignore options and the diff students read (pure functions, plain data)."""

from __future__ import annotations

import pytest

from grader.judge.comparison import IGNORABLE, strip_escapes
from grader.judge.matching import MAX_DIFF_LINES, DiffRow, diff_rows, normalise, step_matches
from grader.judge.rendering import render_rows, tell
from grader.spec.specs import Line, Spec, Step, schema

STEP = Step((Line("4321 : exist: 4, position: 0"), Line("12", "contains"), Line(r"You \w+!", "regex")),
            "Enter guess: ", "1", None)
END = Step((Line("bye"),), "", None, 0)


def spec_of(*steps: Step, ignore: tuple[str, ...] = ()) -> Spec:
    return Spec("t", "t", "t", 1, "visible", steps, 5.0, "t.yaml", ignore=tuple(sorted(ignore)))


SPEC = spec_of(STEP, END)


def render_diff(spec: Spec, index: int, actual: str) -> list[str]:
    """Step `index`'s diff as a report tells it."""
    return list(tell(spec, index, actual).rows)


def test_only_the_terminals_crlf_is_normalised():
    assert normalise("a\r\nb\rc\r\n") == "a\nb\rc\n"


def test_exact_and_flexible_lines_match():
    assert step_matches(SPEC, 0, "4321 : exist: 4, position: 0\nab12cd\nYou won!\nEnter guess: ")


def test_trailing_space_missing_newline_and_extra_lines_all_differ():
    good = "4321 : exist: 4, position: 0\n12\nYou won!\nEnter guess: "
    for bad in (good.replace("Enter guess: ", "Enter guess:"), good.replace("0\n", "0 \n"),
                good + "\n", good.replace("You won!\n", "You won!"), "extra\n" + good,
                good.replace("You won!", "You won it!")):
        assert not step_matches(SPEC, 0, bad), bad


def test_diff_numbers_both_sides_and_makes_whitespace_visible():
    rows = render_diff(SPEC, 0, "4321 : exist: 4, position: 0 \n12\nYou won!\nEnter guess:")
    assert rows[0].strip().startswith("(- expected, + actual")
    assert "1   - 4321 : exist: 4, position: 0↵" in rows
    assert "  1 + 4321 : exist: 4, position: 0·↵" in rows
    assert "2 2 | 12" in rows and "3 3 | You won!" in rows
    assert "4   - Enter guess:·" in rows and "  4 + Enter guess:" in rows


def test_diff_shows_an_unmatched_pattern_and_control_bytes():
    rows = render_diff(SPEC, 0, "4321 : exist: 4, position: 0\n1\x1b[0m\nYou lost\nEnter guess: ")
    assert any("- (a line containing '12')" in row for row in rows)
    assert any("+ 1\\x1b[0m↵" in row for row in rows)
    assert any(r"- (a line matching /You \w+!/)↵" in row for row in rows)


def test_diff_of_two_empty_outputs_says_so():
    assert "no output on either side" in render_diff(spec_of(Step((), "", None, 0)), 0, "")[-1]


def test_only_a_line_feed_ends_a_line():
    spec = spec_of(Step((Line("a\rb\x0cc\u2028d"),), "", None, 0))
    assert step_matches(spec, 0, "a\rb\x0cc\u2028d\n")
    assert not step_matches(spec, 0, "a\nb\x0cc\u2028d\n")


def test_diff_escapes_bidi_zero_width_and_c1_characters():
    rows = render_diff(spec_of(Step((Line("ok"),), "", None, 0)), 0, "o\u202ek\u200b\x85\n")
    assert any("+ o\\u202ek\\u200b\\x85↵" in row for row in rows)


# Each option on its own: (the option, the expected step, its place in a key-guess-end spec, the actual
# output, matches with the option, matches without it).
WAIT = Step((Line("4321 : exist: 4, position: 0"),), "Enter guess: ", "1", None)
FIRST = Step((), "Enter key: ", "1234", None)
OPTIONS = {
    "prompts: another prompt text": ("prompts", WAIT, 1, "4321 : exist: 4, position: 0\nYour guess? ", True, False),
    "prompts: no prompt at all": ("prompts", WAIT, 1, "4321 : exist: 4, position: 0\n", True, False),
    "prompts: a prompt ended by a newline is a line": (
        "prompts", WAIT, 1, "4321 : exist: 4, position: 0\nGuess:\n", False, False),
    "prompts: the last step's unfinished line counts": ("prompts", Step((), "bye", None, 0), 2, "ciao", False, False),
    "prompts: the lines before still count": (
        "prompts", WAIT, 1, "4321 : exist: 0, position: 0\nEnter guess: ", False, False),
    "blank_lines: anywhere in the output": (
        "blank_lines", WAIT, 1, "\n\n\n4321 : exist: 4, position: 0\n\nEnter guess: ", True, False),
    "blank_lines: a missing expected blank line": (
        "blank_lines", Step((Line("a"), Line(""), Line("b")), "", None, 0), 2, "a\nb\n", True, False),
    "blank_lines: whitespace is not blank": (
        "blank_lines", WAIT, 1, "  \n4321 : exist: 4, position: 0\nEnter guess: ", False, False),
    "escapes: clear screen and colours": (
        "escapes", WAIT, 1, "\x1b[H\x1b[2J\x1b[1;32m4321 : exist: 4, position: 0\x1b[0m\nEnter guess: ", True, False),
    "escapes: a title (OSC) and a reset (ESC c)": (
        "escapes", WAIT, 1, "\x1b]0;Mastermind\x074321 : exist: 4, position: 0\x1bc\nEnter guess: ", True, False),
    "escapes: a line of escapes only is still a line": (
        "escapes", WAIT, 1, "\x1b[2J\n4321 : exist: 4, position: 0\nEnter guess: ", False, False),
    "trailing_whitespace: spaces and tabs": (
        "trailing_whitespace", WAIT, 1, "4321 : exist: 4, position: 0 \t \nEnter guess:", True, False),
    "trailing_whitespace: leading spaces count": (
        "trailing_whitespace", WAIT, 1, " 4321 : exist: 4, position: 0\nEnter guess: ", False, False),
    "case: letters": ("case", WAIT, 1, "4321 : EXIST: 4, Position: 0\nenter GUESS: ", True, False),
    "case: a regex line": (
        "case", Step((Line("you (won|lost)!", "regex"),), "", None, 0), 2, "YOU WON!\n", True, False),
    "case: a contains line": (
        "case", Step((Line("key was", "contains"),), "", None, 0), 2, "The KEY WAS 0123\n", True, False),
    "numbers: other counts, the same screen": (
        "numbers", WAIT, 1, "4321 : exist: 3, position: 1\nEnter guess: ", True, False),
    "numbers: a number is still not a word": (
        "numbers", WAIT, 1, "4321 : exist: four, position: 0\nEnter guess: ", False, False),
    "numbers: a contains line": (
        "numbers", Step((Line("0123", "contains"),), "", None, 0), 2, "The key was 4567\n", True, False),
    "banner: lines before the first wait": (
        "banner", FIRST, 0, "Welcome!\n\nMastermind v1\nEnter key: ", True, False),
    "banner: the first prompt still counts": ("banner", FIRST, 0, "Welcome!\nKey? ", False, False),
    "banner: only before the first wait": (
        "banner", WAIT, 1, "Welcome!\n4321 : exist: 4, position: 0\nEnter guess: ", False, False),
}


def test_every_option_the_schema_offers_is_implemented_and_tested():
    assert schema()["$defs"]["ignore"]["items"]["enum"] == list(IGNORABLE)
    assert {name.split(":")[0] for name in OPTIONS} == set(IGNORABLE)


@pytest.mark.parametrize("name", sorted(OPTIONS))
def test_each_ignore_option_leaves_out_only_its_own_presentation(name):
    option, step, index, actual, with_option, without = OPTIONS[name]
    steps = [FIRST, WAIT, END]
    steps[index] = step
    assert step_matches(spec_of(*steps, ignore=(option,)), index, actual) is with_option
    assert step_matches(spec_of(*steps), index, actual) is without


def test_options_combine_blank_lines_counting_after_the_others():
    spec = spec_of(FIRST, WAIT, END, ignore=("escapes", "blank_lines", "trailing_whitespace"))
    assert step_matches(spec, 1, "\x1b[2J \n" * 3 + "\n" * 100 + "4321 : exist: 4, position: 0  \nEnter guess: ")


def test_a_spec_that_never_waits_has_no_banner():
    spec = spec_of(Step((Line("hello"),), "", None, 0), ignore=("banner",))
    assert not step_matches(spec, 0, "Welcome\nhello\n")


@pytest.mark.parametrize("text, expected", [
    ("\x1b[2J\x1b[Ha", "a"), ("\x1b]0;title\x07a", "a"), ("\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"),
    ("\x1bca", "a"), ("\x9b2Ja", "a"), ("\x1b[38;5;196mred\x1b[0m", "red"), ("\x1b(Ba", "a"),
    ("a\x1b", "a\x1b"), ("plain [2J text", "plain [2J text"),
])
def test_escape_sequences_are_removed_and_nothing_else(text, expected):
    assert strip_escapes(text) == expected


def test_a_flexible_line_matches_wherever_the_diff_aligns_it():
    spec = spec_of(Step((Line("a"), Line("x", "contains"), Line("b"), Line("c")), "", None, 0))
    rows = [" ".join(row.split()) for row in render_diff(spec, 0, "extra\na\nhas x\nb\nother\n")]
    assert rows[1:] == ["1 + extra↵", "1 2 | a", "2 3 | has x", "3 4 | b", "4 - c↵", "5 + other↵"]


def test_the_diff_shows_no_ignored_difference_and_prints_lines_as_written():
    spec = spec_of(FIRST, WAIT, END, ignore=("blank_lines", "escapes", "case"))
    rows = render_diff(spec, 1, "\n\n\x1b[1m4321 : EXIST: 4, position: 0\x1b[0m\n\n\nEnter GUESS: ")
    assert not any(" + " in row or " - " in row for row in rows[1:]), rows
    assert "1 3 | \\x1b[1m4321 : EXIST: 4, position: 0\\x1b[0m" in rows
    assert "2 6 | Enter GUESS:·" in rows
    assert rows[-1].strip() == "(4 line(s) of the output not compared: the spec ignores them)"


def test_a_flood_is_aligned_by_its_first_and_last_lines_and_the_rest_is_counted():
    expected = [f"line {n}" for n in range(30)]
    spec = spec_of(Step(tuple(map(Line, expected)), "", None, 0))
    flood = "spam\n" * 10_000 + "\n".join(expected[:-1]) + "\nlast\n"  # the right lines come last
    diff = diff_rows(spec, 0, flood)
    assert DiffRow(" ", 1, 10001, "line 0", True) in diff.rows and DiffRow(" ", 29, 10029, "line 28", True) in diff.rows
    assert DiffRow("-", 30, None, "line 29", True) in diff.rows and DiffRow("+", None, 10030, "last", True) in diff.rows
    half = MAX_DIFF_LINES // 2
    assert sum(row.text == "spam" for row in diff.rows) == half + half - 30  # the head, and the tail before line 0
    assert diff.unaligned == 10_030 - MAX_DIFF_LINES
    rows = [" ".join(row.split()) for row in render_rows(diff, budget=100)]
    gap = f"({diff.unaligned} more lines of output here, too many to align line by line)"
    assert rows[1:5] == ["1 + spam↵ ×200", gap, "9831 + spam↵ ×170", "1 10001 | line 0"]
    # then the alike lines: two on each side of a change shown, the 25 between counted; line 29 missing, "last"
    assert rows[5:] == ["2 10002 | line 1", "(25 lines alike)", "28 10028 | line 27", "29 10029 | line 28",
                        "30 - line 29↵", "10030 + last↵"]
    cut = render_rows(diff, budget=2)[-1].strip()  # the first run shown; the gap counts as the lines it stands for
    assert cut == f"... {1 + diff.unaligned + 29 + 2} more lines"


def test_a_long_expected_side_is_aligned_by_its_exact_lines():
    expected = [f"line {n}" for n in range(700)]
    spec = spec_of(Step(tuple(map(Line, expected)), "", None, 0))
    printed = expected[:100] + ["extra"] + expected[100:390]  # 700 x 391: too many cells to align patterns
    rows = diff_rows(spec, 0, "".join(line + "\n" for line in printed)).rows
    assert DiffRow(" ", 100, 100, "line 99", True) in rows and DiffRow("+", None, 101, "extra", True) in rows
    assert DiffRow(" ", 390, 391, "line 389", True) in rows and DiffRow("-", 700, None, "line 699", True) in rows