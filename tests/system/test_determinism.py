"""Grading the same submission twice gives the same result, even for a program whose output depends on
Python's string hashing (the order of a set of strings differs between interpreters unless the hash
seed is fixed, which the sandbox's environment does)."""

from __future__ import annotations

from grader.engine.runner import Options, run_session

SET_ORDER = """
names = {"ada", "brian", "chen", "dara", "emeka", "farah", "grace", "hugo"}
print(" ".join(names))
"""


def test_a_set_of_strings_prints_in_the_same_order_in_every_run(write_program) -> None:
    folder = write_program(SET_ORDER)
    outputs = {run_session(folder, (), Options(), 10.0).outputs for _ in range(4)}
    assert len(outputs) == 1
    (output,) = outputs
    assert output[0].count(" ") == 7
