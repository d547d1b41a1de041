"""Grading the same submission twice gives the same result, even for a program whose output depends on
Python's string hashing (the order of a set of strings differs between interpreters unless the hash
seed is fixed, which the sandbox's environment does), or whose prompts a thread prints once the main
thread already waits for input (tests/hostile/late_prompt), on an idle machine or a loaded one."""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import contextmanager, nullcontext
from typing import Iterator

import pytest

from conftest import ECHO_SPEC, ROOT, grade, spec_from
from grader_command import run_grader
from grader.engine.runner import Options, run_session, run_spec
from grader.judge.judging import judge
from grader.spec.specs import load_specs

LATE_PROMPT = ROOT / "tests" / "hostile" / "late_prompt"
REPETITIONS = 20

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


@contextmanager
def cpu_hogs() -> Iterator[None]:
    """A busy process per core beside the grader while the block runs, all ended and reaped after it."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 1)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait()


@pytest.mark.parametrize("loaded", [False, True], ids=["idle", "under-load"])
def test_a_prompt_printed_by_a_thread_after_the_wait_began_is_in_its_step_in_every_run(loaded: bool) -> None:
    spec = next(spec for spec in load_specs(ROOT / "specs") if spec.id == "01-example-game")  # prompts exact
    with cpu_hogs() if loaded else nullcontext():
        sessions = [run_spec(LATE_PROMPT, spec, Options()) for _ in range(REPETITIONS)]
    assert {session.outputs for session in sessions} == {sessions[0].outputs}
    assert all(output.endswith(("Enter key: ", "Enter guess: ")) for output in sessions[0].outputs[:-1])
    assert judge(spec, sessions[0]).passed


def test_a_worker_thread_that_never_blocks_does_not_hold_the_step_forever(write_program) -> None:
    """Settling after a wait costs the program's CPU time, bounded: a spinning worker is still graded."""
    folder = write_program("""
        import threading
        def spin():
            while True:
                pass
        threading.Thread(target=spin, daemon=True).start()
        for prompt in ("name? ", "again? "):
            print("hello", input(prompt))
    """)
    assert grade(folder, spec_from(ECHO_SPEC)).passed


@pytest.mark.parametrize("launch", ["fork", "plain"])
def test_a_secret_from_an_unseeded_random_is_the_same_secret_on_every_grade(tmp_path, launch: str) -> None:
    # A program playing a secret of its own from random.sample scored 57, 60 and 58.5 on three grades of the same
    # files: only referee specs seeded its `random`. Now every spec's run is seeded from the spec.
    program = (ROOT / "reference" / "mastermind.py").read_text()
    program = program.replace('key = input("Enter key: ").strip()',
                              'input("Enter key: ")\n    key = "".join(random.sample(DIGITS, 4))')
    (tmp_path / "random_secret").mkdir()
    (tmp_path / "random_secret" / "mastermind.py").write_text("import random\n" + program)
    grades = [run_grader("check", tmp_path / "random_secret", "--specs", ROOT / "specs", "--visible-only",
                         "--launch", launch, timeout=120) for _ in range(2)]
    said = " ".join(grades[0].stdout.split())  # the notice is wrapped to the terminal's width
    assert grades[0].returncode == 1 and "then plays a secret of its own" in said, grades[0].stdout[:800]
    assert grades[0].stdout == grades[1].stdout
