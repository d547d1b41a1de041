"""The judge on made-up sessions (plain data, no program run): every step compared, the first difference
as the headline, how the session ended, and the score each scoring policy gives."""

from __future__ import annotations

import signal
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import ECHO_SPEC, PROGRAM, spec_from
from grader.judge import judging
from grader.judge.judging import Difference, Session, judge, total
from grader.judge.outcome import Ending
from grader.base.wording import count_of
from grader.spec.specs import load_specs

ROOT = Path(__file__).resolve().parents[2]

ECHO = spec_from(ECHO_SPEC)
GOOD = ("name? ", "hello Ada\nagain? ", "hello Bob\n")
TRACEBACK = 'Traceback (most recent call last):\n  File "/w/mastermind.py", line 3\nValueError: x\n'
SYNTAX = '  File "/w/mastermind.py", line 1\n    def (:\n        ^\nSyntaxError: invalid syntax\n'
NOT_UTF8 = ("SyntaxError: Non-UTF-8 code starting with '\\x96' in file /w/mastermind.py on line 2, but no encoding "
            "declared; see https://peps.python.org/pep-0263/ for details\n")

# name: (outputs, how it ended, exit status, signal) -> (kind, headline step, differing steps, steps right,
# words in the message)
CASES = {
    "a clean pass": (GOOD, Ending.EXITED, 0, None, judging.PASSED, None, (), 3, "passed"),
    "one difference, then played on": (
        ("name?", GOOD[1], GOOD[2]), Ending.EXITED, 0, None,
        judging.MISMATCH, 0, (0,), 2, "the output at start-up, before any input, is not what was expected"),
    "every differing step is kept": (
        ("name?", GOOD[1], "hello bob\n"), Ending.EXITED, 0, None, judging.MISMATCH, 0, (0, 2), 1, "at start-up"),
    "a difference, then a crash": (
        (GOOD[0], "hi Ada\nagain? ", TRACEBACK), Ending.EXITED, 1, None, judging.MISMATCH, 1, (1, 2), 1,
        'after input 1 ("Ada") is not what was expected; later, the program crashed after input 2 ("Bob")'),
    "a difference, then a hang with the right output": (
        ("name?", GOOD[1], GOOD[2]), Ending.TIMEOUT, None, None, judging.MISMATCH, 0, (0,), 1,
        "; later, the program neither ended nor did anything else within 1 s after input 2"),
    "right output, wrong exit status": (GOOD, Ending.EXITED, 3, None, judging.EXIT_STATUS, 2, (2,), 2,
                                        "with exit status 3; expected 0"),
    "ends early with the right output so far": (GOOD[:2], Ending.EXITED, 0, None, judging.EARLY_EXIT, 1, (1,), 1,
                                                "still had 1 input to type"),
    "asks for more input": ((GOOD[0], GOOD[1], "hello Bob\nmore? "), Ending.WAITING, None, None,
                            judging.WANTS_INPUT, 2, (2,), 2, "asked for more input after input 2 (\"Bob\")"),
    "hangs mid-session": ((GOOD[0], "hello Ada\n"), Ending.TIMEOUT, None, None, judging.HANG, 1, (1,), 1,
                          "neither asked for input nor did anything else within 1 s after input 1 (\"Ada\") "
                          "(its output is below)"),
    "floods": ((GOOD[0], "spam\n" * 10), Ending.OUTPUT_LIMIT, None, None, judging.FLOOD, 1, (1,), 1,
               "printed more than 50 bytes after input 1"),
    "killed by a signal": ((GOOD[0], ""), Ending.EXITED, None, signal.SIGSEGV, judging.CRASH, 1, (1,), 1,
                           "was killed by SIGSEGV"),
    "does not compile": ((SYNTAX,), Ending.EXITED, 1, None, judging.SYNTAX, 0, (0,), 0,
                         "mastermind.py cannot run: SyntaxError: invalid syntax at line 1"),
    "saved in cp1252": ((NOT_UTF8,), Ending.EXITED, 1, None, judging.SYNTAX, 0, (0,), 0,
                        "mastermind.py cannot run: SyntaxError: Non-UTF-8 code starting with '\\x96' in file "
                        "/w/mastermind.py on line 2"),
    "no program": ((), Ending.MISSING, None, None, judging.NO_PROGRAM, None, (), 0, "there is no mastermind.py"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_judge_on_made_up_sessions(name):
    outputs, end, status, killed_by, kind, step, differing, right, words = CASES[name]
    session = Session(outputs, end, status, killed_by, timeout=1.0, output_limit=50, script=PROGRAM)
    verdict = judge(ECHO, session)
    assert (verdict.kind, verdict.step, verdict.matched_steps) == (kind, step, right), verdict.message
    assert words in verdict.message
    assert verdict.differences == tuple(Difference(s, outputs[s]) for s in differing)
    if step is not None:
        assert (verdict.differences[0].step, verdict.differences[0].actual) == (verdict.step, verdict.actual)


@pytest.mark.parametrize("name", list(CASES))
def test_per_step_scoring_pays_the_share_of_steps_that_were_right(name):
    outputs, end, status, killed_by, kind, _, _, right, _ = CASES[name]
    spec = replace(ECHO, points=3, scoring="per_step")
    verdict = judge(spec, Session(outputs, end, status, killed_by, timeout=1.0, output_limit=50, script=PROGRAM))
    assert verdict.score == (3 if kind == judging.PASSED else right)
    assert judge(ECHO, Session(outputs, end, status, killed_by, script=PROGRAM)).score == (1 if kind == judging.PASSED else 0)


def test_per_step_shares_are_rounded_to_a_hundredth_and_totalled():
    spec = replace(ECHO, points=10, scoring="per_step")
    verdict = judge(spec, Session(("name?", GOOD[1], GOOD[2]), Ending.EXITED, 0, script=PROGRAM))
    assert verdict.score == 6.67
    assert total([verdict, judge(ECHO, Session(GOOD, Ending.EXITED, 0, script=PROGRAM))]) == (7.67, 11)


def test_the_judge_compares_under_the_specs_ignore_options():
    spec = spec_from("ignore: [prompts, blank_lines, case]\n" + ECHO_SPEC)
    session = Session(("Your name: ", "\n\nHELLO Ada\n\nname again: ", "hello bob\n\n"), Ending.EXITED, 0, script=PROGRAM)
    assert judge(spec, session).passed
    assert judge(ECHO, session).differences == tuple(Difference(s, session.outputs[s]) for s in (0, 1, 2))


@pytest.mark.parametrize(("number", "shown"), [(0, "0 inputs"), (1, "1 input"), (2, "2 inputs")])
def test_counts_agree_with_their_noun(number: int, shown: str) -> None:
    assert count_of(number, "input") == shown


def test_a_rule_spec_that_a_crash_cuts_short_is_a_crash():
    """A rule spec: the program crashes on the entry whose message the spec checks; that step went wrong
    because of the crash, so the verdict is the crash, with the step's traceback."""
    spec = next(s for s in load_specs(ROOT / "specs") if s.id == "08-non-digit-message")
    outputs = ("Enter key: ", "Enter guess: ", TRACEBACK)
    verdict = judge(spec, Session(outputs, Ending.EXITED, 1, script=PROGRAM))
    assert verdict.kind == judging.CRASH and verdict.step == 2, verdict
    assert "crashed after input 2" in verdict.message, verdict.message


def test_a_rule_specs_expected_facts_are_read_once_for_every_submission():
    # They depend on the spec alone; a class of 1,000 read them 1,000 times per spec.
    spec = next(spec for spec in load_specs(ROOT / "specs") if spec.vocabulary is not None)
    assert judging.expected_facts(spec) is judging.expected_facts(spec)
