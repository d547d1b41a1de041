"""A program that printed everything the spec expects but does not end is called stuck as soon as its own
CPU time or sleep proves it, not after the whole step timeout; one that merely takes a moment to end is
still waited for. (No timing is asserted: the verdicts and their reasons are.)"""

from __future__ import annotations


from grader.judge.judging import HANG
from conftest import ECHO_SPEC, grade, spec_from

GREETER = """
name = input("name? ")
print(f"hello {name}")
name = input("again? ")
print(f"hello {name}", flush=True)
"""


def test_a_busy_loop_after_the_last_line_is_stuck(write_program) -> None:
    verdict = grade(write_program(GREETER + "while True:\n    pass\n"), spec_from(ECHO_SPEC + "timeout: 60\n"))
    assert verdict.kind == HANG
    assert "but did not end: it went on running" in verdict.message


def test_sleeping_forever_after_the_last_line_is_stuck(write_program) -> None:
    verdict = grade(write_program("import time\n" + GREETER + "time.sleep(3600)\n"), spec_from(ECHO_SPEC + "timeout: 60\n"))
    assert verdict.kind == HANG
    assert "but did not end: it went on running" in verdict.message


def test_a_short_pause_or_some_work_before_ending_is_still_waited_for(write_program) -> None:
    for tail in ("import time\ntime.sleep(0.3)\n", "sum(range(2_000_000))\n"):
        verdict = grade(write_program(GREETER + tail), spec_from(ECHO_SPEC))
        assert verdict.passed, (tail, verdict.message)


def test_a_program_that_prints_more_after_a_pause_is_compared_on_all_of_it(write_program) -> None:
    verdict = grade(write_program("import time\n" + GREETER + "time.sleep(0.2)\nprint('bye')\n"), spec_from(ECHO_SPEC))
    assert not verdict.passed and verdict.kind != HANG
