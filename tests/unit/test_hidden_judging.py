"""Hidden steps judged from the recorded echo, and where `hidden` may stand in a spec (plain data, no
process: tests/system/test_hidden_input.py runs real programs)."""

from __future__ import annotations

import pytest

from grader.judge.judging import Session, judge
from grader.judge.outcome import Ending
from grader.spec.specs import SpecError, load_specs
from conftest import PROGRAM, ROOT, spec_from

SPEC = """
steps:
  - prompt: "Code: "
    input: RGBY
    hidden: true
  - prompt: "Guess: "
    input: RGBY
  - output: [right]
"""


def test_the_last_step_takes_no_hidden() -> None:
    with pytest.raises(SpecError, match="`hidden` is about a step's input"):
        spec_from('steps:\n  - prompt: "Code: "\n    input: R\n  - output: [x]\n    hidden: true\n')


@pytest.mark.parametrize("echoed, passed", [
    ((True, False), False),  # the hidden input showed
    ((False, True), True),  # only the visible one showed
    ((None, None), True),  # unknown (pipes): not held against the program
    ((), True),
])
def test_judging_a_hidden_step_reads_the_recorded_echo(echoed, passed) -> None:
    spec = spec_from(SPEC)
    session = Session(("Code: ", "Guess: ", "right\n"), Ending.EXITED, exit_status=0, echoed=echoed, script=PROGRAM)
    assert judge(spec, session).passed is passed


def test_the_diff_shows_a_hidden_input_where_the_screen_had_it() -> None:
    session = Session(("Code: ", "Guess: ", "right\n"), Ending.EXITED, exit_status=0, echoed=(True, True), script=PROGRAM)
    verdict = judge(spec_from(SPEC), session)
    assert (verdict.step, verdict.actual) == (1, "RGBY\nGuess: ")
    assert 'input 1 ("RGBY") was to stay hidden as it was typed, but the screen showed it' in verdict.message


def test_in_a_rule_spec_a_hidden_input_that_showed_is_a_decisive_unit() -> None:
    spec = next(spec for spec in load_specs(ROOT / "assignments" / "match" / "specs") if spec.id == "09-hidden-code")
    outputs = tuple("".join(line.text + "\n" for line in step.lines) + step.prompt for step in spec.steps)
    hidden = Session(outputs, Ending.EXITED, exit_status=0, echoed=(True,) + (False, True) * 2, script=PROGRAM)
    assert judge(spec, hidden).passed
    shown = judge(spec, Session(outputs, Ending.EXITED, exit_status=0, echoed=(True,) * 5, script=PROGRAM))
    assert shown.score == 0 and "input 2: shown on the screen instead of hidden as it is typed" in shown.message
