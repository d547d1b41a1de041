"""The class diagnosis: a difference half the class shares is named from the difference itself."""

from __future__ import annotations

import pytest

from grader.report.diagnosis import describe, diagnose, failure_groups
from grader.report.results import Failure, Results, TestResult, grader_error_results

START = "at start-up, before any input"
AFTER_KEY = 'after input 1 ("1234")'


@pytest.mark.parametrize("failure, description", [
    (Failure("output differs", 0, START, ("- Enter key:·", "+ Enter number to be guessed:·")),
     'print another prompt at start-up, before any input: "Enter number to be guessed:·" instead of "Enter key:·"'),
    (Failure("output differs", 1, AFTER_KEY, ("+ ↵ ×100",)),
     'print 100 extra blank lines after input 1 ("1234")'),
    (Failure("output differs", 1, AFTER_KEY, ("+ ↵",)), 'print 1 extra blank line after input 1 ("1234")'),
    (Failure("output differs", 1, AFTER_KEY, ("+ \\x1b[2J\\x1b[H↵",)),
     'print terminal escape codes after input 1 ("1234"): "\\x1b[2J\\x1b[H"'),
    (Failure("output differs", 0, START, ("+ Welcome to Mastermind!↵", "+ ↵")),
     'print 2 extra lines at start-up, before any input, first "Welcome to Mastermind!"'),
    (Failure("output differs", 3, 'after input 3 ("5678")', ("- You won!↵",)),
     'leave out 1 line after input 3 ("5678"), first "You won!"'),
    (Failure("output differs", 2, "", ("- 4321 : exist: 4, position: 0↵", "+ 4321 : Exist: 4, Position: 0↵")),
     'print a line that differs in letter case: "4321 : Exist: 4, Position: 0"'),
    (Failure("output differs", 2, "", ("- a↵", "- b↵", "+ a··↵", "+ b↵")),
     "print 2 lines where 2 are expected, differing in spaces at the line end"),
    (Failure("output differs", 2, "", ("- 1 exist↵", "+ one exists↵", "+ and more↵")),
     'print 2 lines where 1 are expected, first "one exists" instead of "1 exist"'),
    (Failure("output differs", 2, "", ("- Enter guess:·", "+ Guess:·↵")),
     'print another line: "Guess:·" instead of "Enter guess:·"'),
    (Failure("crashed", 2, 'after input 2 ("4321")'), 'crash after input 2 ("4321")'),
    (Failure("hung", 0, START), "hang at start-up, before any input"),
    (Failure("no program"), "have no program file"),
    (Failure("output differs", 2, 'after input 2 ("5830")', ("- You did it in 1 guesses.↵",), cause="win: 0 guesses instead of 1 guesses"),
     'go wrong after input 2 ("5830"): win: 0 guesses instead of 1 guesses'),
    (Failure("crashed", 7, 'after input 7 ("1b34")', cause="ValueError: invalid literal for int() with base 10: '1b34'"),
     "crash after input 7 (\"1b34\"): ValueError: invalid literal for int() with base 10: '1b34'"),
    (Failure("something new"), "fail (something new)"),
])
def test_a_difference_is_described_from_itself(failure, description):
    assert describe(failure) == description


PROMPT = Failure("output differs", 0, START, ("- Enter key:·", "+ Key?·"))
BLANKS = Failure("output differs", 1, AFTER_KEY, ("+ ↵ ×3",))


def student(failure: Failure | None) -> Results:
    test = TestResult("01-game", "A game", 0 if failure else 10, 10, failure is None, "", failure=failure)
    return Results(test.score, 10, (test,))


def test_half_the_class_failing_the_same_way_is_a_diagnosis():
    results = {"ada": student(PROMPT), "bea": student(PROMPT), "cy": student(BLANKS), "dan": student(None)}
    found = diagnose(results, "01-game")
    assert found is not None and found.students == ("ada", "bea")
    assert found.text == '2 of 4 print another prompt at start-up, before any input: "Key?·" instead of "Enter key:·"'
    assert [g.students for g in failure_groups(results, "01-game")] == [("ada", "bea"), ("cy",)]


def test_less_than_half_or_no_failure_data_is_no_diagnosis():
    assert diagnose({"ada": student(PROMPT), "bea": student(BLANKS), "cy": student(None)}, "01-game") is None
    assert diagnose({"ada": student(None)}, "01-game") is None
    no_data = TestResult("01-game", "A game", 0, 10, False, "Problem: ...")
    assert diagnose({"ada": Results(0, 10, (no_data,))}, "01-game") is None


def test_students_the_grader_failed_on_or_without_the_spec_are_not_counted():
    results = {"ada": student(PROMPT), "bea": grader_error_results("boom", 10), "cy": Results(0, 0)}
    assert diagnose(results, "01-game").text.startswith("1 of 1 ")


def test_the_class_summary_says_what_most_of_the_class_got_wrong(tmp_path):
    from grader.batch.students import Outcome
    from grader.batch.summary import summary
    from grader.spec.specs import parse_spec

    spec = parse_spec("name: A game\ndescription: d\npoints: 10\nvisibility: visible\nsteps:\n  - output: hi\n",
                      "01-game.yaml", "01-game")
    outcomes = [Outcome(name, "graded", student(failure))
                for name, failure in (("ada", PROMPT), ("bea", PROMPT), ("cy", None))]
    text = summary(outcomes, [spec], tmp_path, 1.0, 1)
    assert '  01-game (10)  1/3 (33%)\n      2 of 3 print another prompt at start-up, before any input: "Key?·"' in text


def test_the_same_slip_with_other_numbers_is_one_group():
    """Another student's guesses differ: the missing space before `:` is the same slip."""
    ada = Failure("output differs", 2, AFTER_KEY, ("- 4321 : exist: 4, position: 0↵", "+ 4321: exist: 4, position: 0↵"))
    bea = Failure("output differs", 2, AFTER_KEY, ("- 4321 : exist: 4, position: 0↵", "+ 4321: exist: 3, position: 1↵"))
    found = diagnose({"ada": student(ada), "bea": student(bea), "cy": student(None)}, "01-game")
    assert found is not None and found.students == ("ada", "bea")


def test_under_a_spec_most_fail_the_most_common_shared_cause_is_named():
    """Five of six fail, two the same way: not half the class, but the shared cause is still what to say."""
    other = [Failure("output differs", 1, AFTER_KEY, (f"+ line {word}↵",)) for word in ("a", "b", "c")]
    results = {"ada": student(PROMPT), "bea": student(PROMPT), "cy": student(other[0]), "dan": student(other[1]),
               "eve": student(other[2]), "fay": student(None)}
    assert diagnose(results, "01-game").students == ("ada", "bea")
    results["cy"] = results["dan"] = student(None)
    assert diagnose(results, "01-game") is None  # most pass: a pair is no diagnosis


def test_the_class_summary_names_the_shared_rule_slip_instead_of_nobody_passed(tmp_path):
    """Issue 19: the same wrong fact for other keys (digits aside) under a spec nobody passes."""
    from grader.batch.students import Outcome
    from grader.batch.summary import summary
    from grader.spec.specs import parse_spec

    spec = parse_spec("name: A game\ndescription: d\npoints: 10\nvisibility: visible\nsteps:\n  - output: hi\n",
                      "01-game.yaml", "01-game")
    win = [Failure("output differs", 2, 'after input 2 ("5830")', cause=f"win: {n} guesses instead of 1 guesses")
           for n in (0, 0, 2)]
    outcomes = [Outcome(name, "graded", student(failure)) for name, failure in zip(("ada", "bea", "cy"), win)]
    text = summary(outcomes, [spec], tmp_path, 1.0, 1)
    assert '  01-game (10)  0/3 (0%)\n      3 of 3 go wrong after input 2 ("5830"): win: 0 guesses instead of 1' in text
    assert "nobody passed" not in text
