"""Telling each slip once (pure, plain data): which failures are the same slip, the crash told once, a
long diff's alike rows, a long game's inputs, and a program's own lines."""

from __future__ import annotations

from dataclasses import replace

from golden.cases import rule_slips, rule_spec, session_of, win_steps
from grader.judge.judging import MISMATCH, Verdict, judge
from grader.judge.rendering import program_lines, tell
from grader.report.slips import digitless, same_differences, slip
from grader.report.text import inputs_typed, render_text
from grader.spec.specs import Line, Spec, Step

WON = "You guessed it right!\n"


def win(spec_id: str, key: str, count: str, status: int = 0):
    output = f"{key} : exist: 0, position: 4\n{WON}You did it in {count} guesses.\n"
    session = session_of("Enter key: ", "Enter guess: ", output)
    return judge(rule_spec(spec_id, f"Win {spec_id}", "win", win_steps(key)), replace(session, exit_status=status))


def test_the_same_wrong_fact_for_other_values_is_one_slip_and_another_fact_is_not():
    assert slip(win("02", "5830", "0")) == slip(win("20", "6170", "0"))
    assert slip(win("02", "5830", "0")) != slip(win("20", "6170", "1 1"))
    assert digitless("4321: exist: 4, position: 0") == "#: exist: #, position: #"


def test_the_same_wrong_ending_in_other_specs_is_one_slip():
    """Ending with exit status 1 after another input in each spec: one slip, told once."""
    assert slip(win("02", "5830", "1", status=1)) == slip(win("20", "6170", "1", status=1))
    groups = same_differences([win("02", "5830", "1", status=1), win("20", "6170", "1", status=1)], True)
    assert [(leader, [v.spec.id for v in followers]) for leader, followers in groups.items()] == [("02", ["20"])]


def test_a_failure_is_told_with_one_whose_changes_include_its_own():
    """A spec whose wrong facts are all among another's is told there; the other way round it is not."""
    small, large = win("02", "5830", "0"), win("20", "6170", "0")
    assert slip(large).covers(slip(small)) and slip(small).covers(slip(large))  # equal shapes cover both ways
    other = win("21", "6170", "7")  # digits aside, the same shape again
    assert list(same_differences([small, large, other], True)) == ["02"]


def test_a_crash_is_told_once_whatever_its_line_numbers_folder_and_value():
    report = render_text(rule_slips(), "title")
    assert report.count("Traceback (most recent call last):") == 1
    assert "The same crash ended 1 more spec: 01-exact" in report


def test_a_long_games_earlier_inputs_share_lines_and_the_last_keeps_the_pointer():
    steps = tuple(Step((), "Enter guess: ", f"{1000 + n}", None) for n in range(13)) + (Step((), "", None, 0),)
    spec = Spec("05", "n", "d", 1, "visible", steps, 5.0, "05.yaml", input_labels=("the key",))
    lines = inputs_typed(Verdict(spec, MISMATCH, "m", 13, ""))
    assert lines[0] == "Inputs typed, in order:" and len(lines) == 5  # not 14
    assert lines[1].startswith('  1. "1000"  (the key)   2. "1001"   3. "1002"')
    assert lines[-1] == '  13. "1012"  <- the output after this one is where it went wrong'


def test_rows_alike_far_from_a_change_are_counted_not_shown():
    lines = [Line(f"line {n}") for n in range(20)]
    spec = Spec("t", "t", "t", 1, "visible", (Step(tuple(lines), "", None, 0),), 5.0, "t.yaml")
    rows = tell(spec, 0, "".join(f"line {n}\n" for n in range(19)) + "line x\n").rows
    assert any("(17 lines alike)" in row for row in rows)
    assert any("- line 19↵" in row for row in rows) and any("+ line x↵" in row for row in rows)
    assert sum("|" in row for row in rows) == 2  # the two alike rows just before the change


def test_a_programs_own_lines_keep_their_head_and_tail_and_a_traceback_drops_its_markers():
    shown = program_lines("".join(f"row {n}\n" for n in range(30)), budget=10)
    assert len(shown) == 10 and "... 21 more lines" in shown[3] and shown[-1].endswith("row 29")
    trace = program_lines("Traceback (most recent call last):\n    int(x)\n    ^^^^^^\nValueError: x\n", traceback=True)
    assert trace == ["1 | Traceback (most recent call last):", "2 |     int(x)", "4 | ValueError: x"]


def test_the_same_slip_in_a_spec_of_another_rule_is_filed_under_its_own_rule():
    """Issue 34: a win missed in a leading-zeros spec is not told under the win spec, nor the other way;
    the session's own ending (here exit status 1) is one slip whatever the rules."""
    own, other = win("02", "5830", "0"), win("14", "0123", "0")
    other = replace(other, spec=replace(other.spec, rule="scoring"))
    assert list(same_differences([own, other], True)) == ["02", "14"]
    again = win("20", "6170", "0")
    assert same_differences([own, again], True) == {"02": [again]}
    ended, elsewhere = win("02", "5830", "1", status=1), win("14", "0123", "1", status=1)
    elsewhere = replace(elsewhere, spec=replace(elsewhere.spec, rule="scoring"))
    assert same_differences([ended, elsewhere], True) == {"02": [elsewhere]}  # one wrong ending, told once
