"""Synchronisation: the grader types only when the program waits for input, whatever it prints, however
it reads, however slowly it writes; and every way a program can fail is told apart."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ECHO_SPEC, ROOT, grade, spec_from
from grader.judge import judging
from grader.engine.runner import Options, check_submission
from grader.sandbox.limits import Limits
from grader.spec.specs import load_specs

ECHO = spec_from(ECHO_SPEC)

WELL_BEHAVED = {
    "input": """
        for prompt in ("name? ", "again? "):
            print("hello", input(prompt))
    """,
    "stdin-readline": """
        import sys
        for prompt in ("name? ", "again? "):
            sys.stdout.write(prompt); sys.stdout.flush()
            sys.stdout.write("hello " + sys.stdin.readline().strip() + "\\n")
    """,
    "char-by-char-writer": """
        import sys, time
        def slow(text):
            for ch in text:
                sys.stdout.write(ch); sys.stdout.flush(); time.sleep(0.002)
        for prompt in ("name? ", "again? "):
            slow(prompt)
            name = input()
            slow("hello " + name + "\\n")
    """,
    "slow-starter": """
        import time
        time.sleep(1.0)
        for prompt in ("name? ", "again? "):
            print("hello", input(prompt))
    """,
    "import-readline": """
        import readline
        for prompt in ("name? ", "again? "):
            print("hello", input(prompt))
    """,
    "os-read-one-byte-at-a-time": """
        import os, sys
        def line():
            data = b""
            while not data.endswith(b"\\n"):
                data += os.read(0, 1)
            return data.decode().strip()
        for prompt in ("name? ", "again? "):
            os.write(1, prompt.encode())
            os.write(1, ("hello " + line() + "\\n").encode())
    """,
    "poll-then-read": """
        import select, sys
        poller = select.poll(); poller.register(0, select.POLLIN)
        for prompt in ("name? ", "again? "):
            sys.stdout.write(prompt); sys.stdout.flush()
            poller.poll()
            print("hello", sys.stdin.readline().strip())
    """,
    "reads-dev-tty": """
        with open("/dev/tty") as terminal:  # as getpass reads: the controlling terminal, not stdin
            for prompt in ("name? ", "again? "):
                print(prompt, end="", flush=True)
                print("hello", terminal.readline().strip())
    """,
    "reads-in-a-thread": """
        import threading
        def play():
            for prompt in ("name? ", "again? "):
                print("hello", input(prompt))
        worker = threading.Thread(target=play); worker.start(); worker.join()
    """,
    "reads-in-a-child-process": """
        import subprocess, sys
        code = 'for p in ("name? ", "again? "): print("hello", input(p))'
        sys.exit(subprocess.call([sys.executable, "-c", code]))
    """,
    "execs-from-a-thread": """
        import os, sys, threading, time
        if len(sys.argv) == 1:
            for _ in range(300):
                time.sleep(0.0002)  # switched out 300 times: the thread that takes the pid over has been far less
            name = input("name? ")
            threading.Thread(target=os.execv, args=(sys.executable, [sys.executable, os.path.abspath(__file__), name])).start()
            threading.Event().wait()
        print("hello", sys.argv[1])
        print("hello", input("again? "))
    """,
    "prints-between-reads-without-flush-until-exit": """
        import sys
        sys.stdout.write("name? "); sys.stdout.flush()
        first = input()
        sys.stdout.write("hello " + first + "\\nagain? "); sys.stdout.flush()
        print("hello", input())
    """,
}


@pytest.mark.parametrize("name", sorted(WELL_BEHAVED))
def test_programs_that_follow_the_session_pass(write_program, name):
    verdict = grade(write_program(WELL_BEHAVED[name]), ECHO)
    assert verdict.kind == judging.PASSED, verdict.message


def test_prompt_less_program_is_driven_without_any_prompt(write_program):
    spec = spec_from("""
        steps:
          - input: "3"
          - input: "4"
          - output: |
              7
    """)
    folder = write_program("print(int(input()) + int(input()))")
    assert grade(folder, spec).kind == judging.PASSED


def test_wrong_prompt_is_a_difference_not_a_timeout(write_program):
    # With an hour per step, only synchronisation (not a timeout) can end this step; pytest-timeout
    # would fail the test long before.
    spec = spec_from(ECHO_SPEC.replace("steps:", "timeout: 3600\nsteps:"))
    folder = write_program("""
        for prompt in ("name?", "again?"):
            print("hello", input(prompt))
    """)
    verdict = grade(folder, spec)
    assert verdict.kind == judging.MISMATCH
    assert verdict.step == 0 and verdict.actual == "name?"


def test_big_output_before_a_prompt_is_read_whole(write_program):
    lines = [f"line {n} " + "x" * 60 for n in range(3000)]
    listed = "".join(f'      - "{line}"\n' for line in lines)
    spec = spec_from(f'steps:\n  - output:\n{listed}    prompt: "go? "\n    input: "y"\n  - output: "done"\n')
    folder = write_program("""
        for n in range(3000):
            print(f"line {n} " + "x" * 60)
        input("go? ")
        print("done")
    """)
    assert grade(folder, spec).kind == judging.PASSED


@pytest.mark.xdist_group("wall_clock")  # see tests/system/test_transport.py
def test_quiet_period_fallback_drives_a_well_behaved_program(write_program):
    verdict = grade(write_program(WELL_BEHAVED["input"]), ECHO, wait_method="quiet")
    assert verdict.kind == judging.PASSED, verdict.message


FAILING = {
    "crash-after-first-input": ("""
        name = input("name? ")
        raise RuntimeError("boom " + name)
    """, judging.CRASH, 1),
    "syntax-error": ("def broken(:\n    pass\n", judging.SYNTAX, 0),
    "killed-by-a-signal": ("""
        import os, signal
        input("name? ")
        os.kill(os.getpid(), signal.SIGSEGV)
    """, judging.CRASH, 1),
    "ends-early": ("""
        print("hello", input("name? "))
    """, judging.EARLY_EXIT, 1),
    "asks-for-more-input": ("""
        for prompt in ("name? ", "again? "):
            print("hello", input(prompt))
        input("more? ")
    """, judging.WANTS_INPUT, 2),
    "wrong-exit-status": ("""
        import sys
        for prompt in ("name? ", "again? "):
            print("hello", input(prompt))
        sys.exit(3)
    """, judging.EXIT_STATUS, 2),
    "sleeps-forever-after-the-last-line": ("""
        import time
        for prompt in ("name? ", "again? "):
            print("hello", input(prompt))
        time.sleep(3600)
    """, judging.HANG, 2),
    "busy-loop-mid-session": ("""
        input("name? ")
        while True:
            pass
    """, judging.HANG, 1),
    "closes-its-terminal-and-lingers": ("""
        import os, time
        for prompt in ("name? ", "again? "):
            print("hello", input(prompt))
        os.close(0); os.close(1); os.close(2)
        time.sleep(3600)
    """, judging.HANG, 2),
    "endless-output": ("""
        input("name? ")
        while True:
            print("spam " * 20)
    """, judging.FLOOD, 1),
    "endless-line-without-newline": ("""
        import sys
        input("name? ")
        while True:
            sys.stdout.write("x" * 1000); sys.stdout.flush()
    """, judging.FLOOD, 1),
}


@pytest.mark.parametrize("name", sorted(FAILING))
def test_each_failure_kind_is_told_apart(write_program, name):
    source, kind, step = FAILING[name]
    spec = spec_from(ECHO_SPEC.replace("steps:", "timeout: 1\nsteps:"))
    verdict = grade(write_program(source), spec, limits=Limits(output_bytes=20_000))
    assert (verdict.kind, verdict.step) == (kind, step), verdict.message
    assert verdict.score == 0
    if step:
        assert "after input" in verdict.message


def test_missing_program_is_the_students_failure(tmp_path):
    verdict = grade(tmp_path, ECHO)
    assert verdict.kind == judging.NO_PROGRAM
    assert "mastermind.py" in verdict.message


def test_output_is_capped_at_the_limit(write_program):
    spec = spec_from(ECHO_SPEC.replace("steps:", "timeout: 5\nsteps:"))
    verdict = grade(write_program(FAILING["endless-output"][0]), spec, limits=Limits(output_bytes=5000))
    assert len(verdict.actual.encode()) <= 5000


def test_grading_twice_gives_the_same_verdicts(write_program):
    specs = load_specs(ROOT / "specs")
    folder = write_program((ROOT / "reference" / "mastermind.py").read_text().replace("exist: {exist}", "exist:{exist}"))
    first = check_submission(folder, specs, Options(), jobs=2)
    second = check_submission(folder, specs, Options(), jobs=2)
    assert [(v.kind, v.step, v.actual) for v in first] == [(v.kind, v.step, v.actual) for v in second]


@pytest.mark.xdist_group("wall_clock")  # see tests/system/test_transport.py
def test_reference_grades_right_every_time_while_every_core_is_busy(write_program):
    """The stress test: a busy loop on every core, the reference graded many times, zero wrong results."""
    specs = load_specs(ROOT / "specs")
    char_writer = write_program(WELL_BEHAVED["char-by-char-writer"])
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 2)]
    try:
        results = check_submission(ROOT / "reference", specs * 5, Options(), jobs=4)
        results += [grade(char_writer, ECHO) for _ in range(10)]
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    wrong = [(v.spec.id, v.kind, v.message) for v in results if not v.passed]
    assert wrong == []


def test_a_spec_can_tighten_a_limit_for_itself(write_program):
    spec = spec_from(ECHO_SPEC.replace("steps:", "limits:\n  output_bytes: 100\nsteps:"))
    folder = write_program("""
        print("x" * 500)
        for prompt in ("name? ", "again? "):
            print("hello", input(prompt))
    """)
    verdict = grade(folder, spec)
    assert (verdict.kind, len(verdict.actual)) == (judging.FLOOD, 100)


def test_special_files_in_a_submission_are_skipped_not_fatal(write_program):
    folder = write_program(WELL_BEHAVED["input"])
    os.mkfifo(folder / "a-pipe")
    assert grade(folder, ECHO).kind == judging.PASSED


def test_a_crash_after_the_last_line_is_a_crash_not_a_wrong_status(write_program):
    folder = write_program("""
        for prompt in ("name? ", "again? "):
            print("hello", input(prompt))
        raise KeyError("late")
    """)
    verdict = grade(folder, ECHO)
    assert verdict.kind == judging.CRASH and "after input 2" in verdict.message


def test_program_output_that_looks_like_a_syntax_error_is_a_crash_shown_harmlessly(write_program):
    folder = write_program("""
        import sys
        print("SyntaxError: \\x1b[2J\\x1b]0;owned\\x07")
        sys.exit(1)
    """)
    verdict = grade(folder, ECHO)
    assert verdict.kind == judging.MISMATCH or verdict.kind == judging.CRASH
    assert "\x1b" not in verdict.message


def test_the_output_cap_holds_however_the_step_ends(write_program):
    """The cap must not depend on timing: a program that prints past it and then waits is always capped."""
    spec = spec_from(ECHO_SPEC.replace("steps:", "limits:\n  output_bytes: 100\nsteps:"))
    folder = write_program("""
        print("x" * 500)
        input("name? ")
    """)
    verdicts = check_submission(folder, [spec] * 12, Options(), jobs=2)
    assert {(v.kind, len(v.actual)) for v in verdicts} == {(judging.FLOOD, 100)}


SIGNAL_STATE = """
    for line in open("/proc/self/status"):
        if line.startswith(("SigBlk:", "SigIgn:")):
            print(line, end="")
"""
# Ignores the C library's reserved signal 32 (which its sigaction refuses to touch), then becomes argv[1:].
IGNORING_32 = ("import ctypes, os, sys; ctypes.CDLL(None).syscall(13, 32, (ctypes.c_ulong * 4)(1, 0, 0, 0), None, 8); "
               "os.execv(sys.argv[1], sys.argv[1:])")


def fresh_state(folder: Path) -> str:
    """The signal state `python3 mastermind.py` started from a shell shows: nothing blocked, nothing ignored
    but what Python ignores itself."""
    def from_a_shell() -> None:
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        for reserved in (32, 33):  # SIG_DFL by the raw call (x86_64's number 13): signal.signal refuses them
            ctypes.CDLL(None).syscall(13, reserved, (ctypes.c_ulong * 4)(), None, 8)
    fresh = subprocess.run([sys.executable, "mastermind.py"], cwd=folder, capture_output=True, text=True,
                           restore_signals=True, preexec_fn=from_a_shell)
    return "".join(f'      - "{line}"\n' for line in fresh.stdout.replace("\t", "\\t").splitlines())


def test_the_program_starts_with_the_signal_state_of_a_fresh_python(write_program):
    """Whatever the grader holds back or ignores itself, the program sees what `python3 mastermind.py`
    started from a shell sees."""
    folder = write_program(SIGNAL_STATE)
    verdict = grade(folder, spec_from(f"steps:\n  - output:\n{fresh_state(folder)}"))
    assert verdict.kind == judging.PASSED, "\n".join([verdict.message, verdict.actual or ""])


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="the raw rt_sigaction call is x86_64's")
def test_a_reserved_signal_the_grader_inherited_ignored_never_reaches_the_program(write_program, tmp_path):
    folder = write_program(SIGNAL_STATE)
    specs = tmp_path / "specs"
    specs.mkdir()
    (specs / "state.yaml").write_text("name: state\ndescription: d\npoints: 1\nvisibility: visible\n"
                                      f"steps:\n  - output:\n{fresh_state(folder)}", encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", IGNORING_32, sys.executable, "-m", "grader", "check", str(folder),
                           "--specs", str(specs)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
