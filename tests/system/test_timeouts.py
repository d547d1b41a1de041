"""Step timeouts: a generous first step (starting), a short one for every later step, the spec's own for
all of them; a program that hangs mid-game is told so with the timeout of the step it hung in."""

from __future__ import annotations

import pytest

from conftest import ECHO_SPEC, grade, spec_from
from grader.judge.judging import HANG
from grader.spec.timeouts import STARTUP_SECONDS, STEP_SECONDS, step_timeout


@pytest.mark.parametrize(("step", "override", "expected"), [
    (0, None, STARTUP_SECONDS),
    (1, None, STEP_SECONDS),
    (7, None, STEP_SECONDS),
    (0, 30.0, 30.0),
    (3, 30.0, 30.0),
    (2, 0.5, 0.5),
])
def test_step_timeout(step: int, override: float | None, expected: float) -> None:
    assert step_timeout(step, override) == expected


def test_the_first_step_gets_more_time_than_the_later_ones() -> None:
    assert STARTUP_SECONDS > STEP_SECONDS > 0


def test_a_program_that_hangs_mid_game_is_told_the_later_steps_timeout(write_program) -> None:
    program = 'name = input("name? ")\nprint(f"hello {name}")\nwhile True:\n    pass\n'
    verdict = grade(write_program(program), spec_from(ECHO_SPEC))
    assert verdict.kind == HANG
    assert f"nor did anything else within {STEP_SECONDS:g} s after input 1" in verdict.message


def test_a_slow_start_is_still_waited_for(write_program) -> None:
    program = "import time\ntime.sleep(2.5)\n" + 'name = input("name? ")\nprint(f"hello {name}")\n' \
              'name = input("again? ")\nprint(f"hello {name}")\n'
    verdict = grade(write_program(program), spec_from(ECHO_SPEC))
    assert verdict.passed, verdict.message


@pytest.mark.parametrize(("step", "override", "factor", "expected"), [
    (0, None, 2.0, 2 * STARTUP_SECONDS),
    (1, None, 1.5, 1.5 * STEP_SECONDS),
    (3, 30.0, 2.0, 60.0),
])
def test_a_time_factor_multiplies_every_step_timeout(step: int, override: float | None, factor: float,
                                                     expected: float) -> None:
    assert step_timeout(step, override, factor) == expected


def test_a_student_s_time_factor_lengthens_the_step_they_hang_in(write_program) -> None:
    program = 'name = input("name? ")\nprint(f"hello {name}")\nwhile True:\n    pass\n'
    verdict = grade(write_program(program), spec_from("timeout: 1.5\n" + ECHO_SPEC), time_factor=2.0)
    assert verdict.kind == HANG
    assert "nor did anything else within 3 s after input 1" in verdict.message
