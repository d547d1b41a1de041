"""What makes a spec-run cheaper without changing what it sees: where an isolated run keeps its folders,
and which threads the grader looks at while it waits for the program (bench/RESULTS.md has the costs)."""

from __future__ import annotations

import cProfile
import os
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from conftest import ECHO_SPEC, calls, grade, spec_from  # noqa: E402
from grader.sandbox import proc  # noqa: E402
from grader.sandbox.modes import open_sandbox  # noqa: E402
from grader.sandbox.scratch import MEMORY, scratch  # noqa: E402
from grader.sandbox.limits import Limits  # noqa: E402
from grader.sandbox.protections import protections  # noqa: E402

FAST = Limits(cpu_seconds=2, memory_mb=256, processes=16, file_size_mb=1, open_files=32)
needs_isolation = pytest.mark.skipif(not protections().full, reason=protections().describe())

# A program with a second thread and a child process, all asleep once it asks for input.
BUSY_TREE = """\
import os, threading, time
threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
if os.fork() == 0:
    time.sleep(60)
    os._exit(0)
input("ready: ")
"""


@needs_isolation
def test_an_isolated_run_keeps_its_folder_in_memory_and_a_fallback_run_on_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not os.path.ismount(MEMORY):
        pytest.skip(f"{MEMORY} is not a file system of its own here")
    monkeypatch.delenv("TMPDIR", raising=False)
    monkeypatch.setattr(tempfile, "tempdir", None)
    assert scratch() == MEMORY
    with open_sandbox(ROOT / "reference", FAST, isolate=True) as isolated, \
            open_sandbox(ROOT / "reference", FAST, isolate=False) as fallback:
        assert isolated.root.parent == Path(MEMORY)
        assert fallback.root.parent == Path(tempfile.gettempdir())  # it writes there: memory is no place to fill
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # a folder chosen is a folder used
    monkeypatch.setattr(tempfile, "tempdir", None)
    assert scratch() == str(tmp_path)


@needs_isolation
def test_the_grader_watches_every_thread_of_the_program_and_none_of_the_sandboxs(tmp_path: Path) -> None:
    (tmp_path / "mastermind.py").write_text(BUSY_TREE)
    with open_sandbox(tmp_path, FAST, isolate=True) as box:
        child = box.start(["python3", "mastermind.py"], encoding="utf-8", timeout=10)
        try:
            child.expect_exact("ready: ")
            init = box.init_pid(child.pid)
            program = {tid for _, tid in proc.tree_threads(init)} - {init}
            watched = {tid for _, tid in box.watched_threads(child.pid)}
            assert len(program) == 3 and watched == program, (program, watched)
        finally:
            box.kill_all(child.pid)
            child.close(force=True)
    assert not child.isalive()


def test_a_program_silent_for_a_second_is_looked_at_a_few_dozen_times_not_every_5_ms(write_program) -> None:
    """While a program sleeps (a slow start, a hang waiting out its timeout) each look at it costs the grader
    a read of its output and of every thread's state: looks come about as often as it has been silent, at
    most every 5 ms for 50 ms, then up to every 50 ms. Counted, not timed: a loaded machine only looks less."""
    folder = write_program('import time\ntime.sleep(1)\nname = input("name? ")\nprint("hello", name)\n'
                           'name = input("again? ")\nprint("hello", name)\n')
    profile = cProfile.Profile()
    verdict = profile.runcall(grade, folder, spec_from(ECHO_SPEC))
    assert verdict.passed, verdict
    assert calls(profile, "engine/terminal", "_pause") < 100  # every 5 ms, as before: 190
