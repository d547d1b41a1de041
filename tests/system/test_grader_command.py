"""The tests' `run_grader` (tests/system/grader_command.py): a forked run of the command line answers as a
fresh `python -m grader` does, and a run a fork could not stand for starts fresh."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

import grader_command
from conftest import one_spec
from grader.sandbox.scratch import remove_abandoned
from grader_command import ROOT, run_grader, why_fresh


@pytest.mark.parametrize("args, env", [
    (("--help",), {}),
    (("check", "--jobs", "many", "reference"), {}),  # a usage error: status 2
    (("check", "student_template", "--specs", "{one_spec}"), {}),  # a report, status 1
    (("check", "student_template", "--specs", "{one_spec}"), {"GRADER_SANDBOX": "off"}),  # a notice on stderr
    (("feedback", "no-such-results.json"), {}),
])
def test_a_forked_run_answers_as_a_fresh_one(args: tuple[str, ...], env: dict[str, str], tmp_path: Path):
    environment = {**os.environ, **env}
    args = tuple(arg.format(one_spec=one_spec(tmp_path)) for arg in args)
    forked, fresh = (run_grader(*args, env=environment, fresh=new) for new in (False, True))
    assert (forked.returncode, forked.stdout, forked.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)
    assert forked.stdout or forked.stderr


def test_a_run_past_its_timeout_is_killed_and_the_next_run_works(tmp_path: Path):
    with pytest.raises(subprocess.TimeoutExpired):
        run_grader("check", "reference", "--json", tmp_path / "results.json", timeout=0.05)
    assert not (tmp_path / "results.json").exists()  # killed, not waited for
    assert run_grader("--help").returncode == 0
    remove_abandoned()  # the killed run's folders, as the next grader's first run removes them


class Interrupted(Exception):
    pass


def test_a_run_cut_short_by_something_else_leaves_the_next_runs_their_own_answers(tmp_path: Path):
    """pytest's timeout or Ctrl-C raise inside run_grader: the run is killed and the next one is not handed
    its exit status."""
    def interrupt(number: int, frame: object) -> None:
        raise Interrupted

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.2)
        with pytest.raises(Interrupted):
            run_grader("check", "reference", "--json", tmp_path / "results.json")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert not (tmp_path / "results.json").exists()
    for _ in range(2):
        done = run_grader("check", "--jobs", "many", "reference")
        assert done.returncode == 2 and "--jobs" in done.stderr
    remove_abandoned()  # the killed run's folders, as the next grader's first run removes them


def test_a_run_that_can_be_a_fork_is_one():
    assert run_grader("--help").returncode == 0
    assert grader_command._the_forker is not None and grader_command._the_forker.process.poll() is None


def test_output_keeps_its_bytes_or_is_decoded_as_subprocess_decodes_it(tmp_path: Path):
    as_bytes = run_grader("check", "student_template", "--specs", one_spec(tmp_path), text=False)
    as_text = run_grader("check", "student_template", "--specs", one_spec(tmp_path), encoding="utf-8")
    assert as_bytes.stdout.decode("utf-8") == as_text.stdout and "·" in as_text.stdout  # not ASCII


def test_a_run_that_would_import_another_grader_or_start_otherwise_is_fresh(tmp_path: Path):
    shutil.copytree(ROOT / "grader", tmp_path / "grader")
    started = {"PATH": "/usr/bin", "LANG": "C.UTF-8"}
    assert why_fresh(ROOT, started, started) is None
    assert why_fresh(tmp_path / "nowhere", {**started, "PYTHONPATH": str(ROOT)}, started) is None
    assert why_fresh(tmp_path, started, started) == f"it would import {(tmp_path / 'grader').resolve()}"
    assert why_fresh(tmp_path / "nowhere", started, started) == "it would import no grader"
    assert why_fresh(ROOT, {**started, "PYTHONHASHSEED": "1"}, started) == \
        "the interpreter reads PYTHONHASHSEED as it starts"
    assert why_fresh(ROOT, {"PATH": "/usr/bin"}, started) == "the interpreter reads LANG as it starts"
