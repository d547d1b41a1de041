"""Keep playing after a difference, on real programs and ptys: every step is judged, and the run stops only
where going on is impossible (the program ended, asked for more, hung)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ECHO_SPEC, grade, spec_from
from grader.engine import runner
from grader.judge import judging
from grader.engine.runner import Options
from grader.base.errors import SandboxFailure
from grader.judge.judging import Difference

THREE_INPUTS = """
timeout: 1
steps:
  - prompt: "name? "
    input: Ada
  - output: |
      hello Ada
    prompt: "name? "
    input: Bob
  - output: |
      hello Bob
    prompt: "name? "
    input: Cy
  - output: |
      hello Cy
"""


def test_every_differing_step_is_recorded_and_the_steps_between_still_count(write_program):
    folder = write_program("""
        for n in range(3):
            name = input("name? ")
            print(("HELLO" if name != "Bob" else "hello"), name)
    """)
    verdict = grade(folder, spec_from(THREE_INPUTS))
    assert (verdict.kind, verdict.step) == (judging.MISMATCH, 1)
    assert verdict.differences == (Difference(1, "HELLO Ada\nname? "), Difference(3, "HELLO Cy\n"))
    assert verdict.matched_steps == 2


def test_a_program_that_ends_early_after_a_difference_stops_the_run_there(write_program):
    folder = write_program("""
        print("hi", input("name? "))
        print("hello", input("name? "))
    """)
    verdict = grade(folder, spec_from(THREE_INPUTS))
    assert (verdict.kind, verdict.step, verdict.matched_steps) == (judging.MISMATCH, 1, 1)
    assert "; later, the program ended after input 2 (\"Bob\"), but the spec still had 1 input" in verdict.message
    assert verdict.differences == (Difference(1, "hi Ada\nname? "), Difference(2, "hello Bob\n"))


def test_a_hang_after_a_difference_ends_the_run_and_is_said(write_program):
    folder = write_program("""
        import time
        print("hi", input("name? "))
        input("name? ")
        time.sleep(3600)
    """)
    verdict = grade(folder, spec_from(THREE_INPUTS))
    assert (verdict.kind, verdict.step) == (judging.MISMATCH, 1)
    assert "; later, the program neither asked for input nor did anything else within 1 s after input 2" in verdict.message
    assert [d.step for d in verdict.differences] == [1, 2]


def test_a_program_that_wants_more_input_is_stopped_after_the_specs_last_input(write_program):
    folder = write_program("""
        while True:
            print("Hello", input("name? "))
    """)
    verdict = grade(folder, spec_from(ECHO_SPEC.replace("steps:", "ignore: [case, prompts]\nsteps:")))
    assert (verdict.kind, verdict.step, verdict.matched_steps) == (judging.WANTS_INPUT, 2, 2)
    assert verdict.actual == "Hello Bob\nname? "


def test_a_spec_the_grader_cannot_run_stops_the_specs_not_started(monkeypatch) -> None:
    """A sandbox failure ends a check with an error whatever the other specs would say: the specs still
    queued are not run (each may copy a huge submission twice for nothing)."""
    started = []

    def cannot_run(submission, spec, options):
        started.append(spec.id)
        raise SandboxFailure("the sandbox could not run it")

    monkeypatch.setattr(runner, "grade_spec", cannot_run)
    specs = [spec_from(ECHO_SPEC, f"spec{number}") for number in range(20)]
    with pytest.raises(SandboxFailure):
        runner.check_submission(Path("."), specs, Options(), jobs=2)
    assert 1 <= len(started) <= 3
