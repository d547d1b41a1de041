"""A program run through the grader's seeded boot (grader/base/project.py SEEDED_BOOT; the fork launch's
inside/scriptmain.py) is run as `python3 PROGRAM` would run it, in every mode, and never as compiled code: a
`mastermind.py` that is bytecode or a zip archive (even after the handout's template, as `head` shows it) is
refused by intake and, should it reach a run (through a link), is a SyntaxError rather than a full game."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pexpect
import pytest

from grader.base.project import PYTHON, ROOT, SEEDED_BOOT
from grader.sandbox.isolated import FORK, PLAIN
from grader.sandbox.modes import open_sandbox
from grader.sandbox.environment import unprivileged_python
from conftest import NOBODY, as_nobody
from grader_command import run_grader
from test_fallback_gaps import as_nobody_in_a_sandbox
from test_sandbox import FAST, MODES, ended, submission

SEEDED = (PYTHON, "-c", SEEDED_BOOT, "7", "mastermind.py")
ATTACK = """
import io, py_compile, sys, zipfile
kind, reference, template, target = sys.argv[1:]
code = open(py_compile.compile(reference, cfile=target + ".pyc", doraise=True), "rb").read()
buffer = io.BytesIO()
with zipfile.ZipFile(buffer, "w") as archive:
    archive.writestr("__main__.pyc", code)
attack = {"pyc": code, "zip": buffer.getvalue(),
          "disguised": open(template, "rb").read() + b"\\n# " + buffer.getvalue()}[kind]
open(target, "wb").write(attack)
"""
KINDS = ["pyc", "zip", "disguised"]


def plant(folder: Path, kind: str, python: str) -> None:
    """The reference solution compiled (by `python`, whose magic number the run's interpreter shares) as `kind`,
    in game.bin, and mastermind.py a link to it: what the copy keeps, so that only the boot stands in the way."""
    subprocess.run([python, "-c", ATTACK, kind, str(ROOT / "reference" / "mastermind.py"),
                    str(ROOT / "student_template" / "mastermind.py"), str(folder / "game.bin")], check=True, timeout=30)
    (folder / "game.bin.pyc").unlink()
    (folder / "mastermind.py").unlink()
    (folder / "mastermind.py").symlink_to("game.bin")


def sandboxed(folder: Path, isolate: bool, command: tuple[str, ...] = SEEDED) -> tuple[str, int | None, int | None]:
    with open_sandbox(folder, FAST, isolate=isolate) as box:
        child = box.start(list(command), encoding="utf-8", timeout=10)
        try:
            return ended(child, timeout=10)
        finally:
            box.kill_all(child.pid)
            child.close(force=True)


def refused_as_compiled(output: str) -> bool:
    return "SyntaxError" in output and "Traceback" not in output and "guess" not in output.lower()


@pytest.mark.parametrize("isolate", MODES)
@pytest.mark.parametrize("kind", KINDS)
def test_a_program_of_compiled_code_is_not_run_as_such(tmp_path: Path, isolate: bool, kind: str) -> None:
    folder = submission(tmp_path, "boot_alike")
    plant(folder, kind, (PYTHON if isolate else unprivileged_python()) or PYTHON)
    output, status, sig = sandboxed(folder, isolate)
    assert refused_as_compiled(output) and (status, sig) == (1, None), output


@pytest.mark.parametrize("kind", KINDS)
def test_a_program_of_compiled_code_is_not_run_as_such_by_another_user(nobodys: Path, kind: str) -> None:
    said = as_nobody_in_a_sandbox(nobodys, "boot_alike", prepare=lambda folder: plant(folder, kind, unprivileged_python()),
                                  command=SEEDED)
    assert refused_as_compiled(said) and "ended 1 None" in said, said


def plain(folder: Path) -> tuple[str, int | None, int | None]:
    """What `python3 mastermind.py` prints, and how it ends, run outside any sandbox."""
    child = pexpect.spawn(PYTHON, ["mastermind.py"], cwd=str(folder), encoding="utf-8", timeout=10)
    try:
        return ended(child, timeout=10)
    finally:
        child.close(force=True)


def alike(output: str) -> list[str]:
    """The lines, with the program's path (its folder differs inside a sandbox) cut to its name."""
    return [re.sub(r'File "[^"]*/mastermind.py"', 'File "mastermind.py"', line) for line in output.splitlines()]


EXPECTED = ["builtins: module", "loader: SourceFileLoader cached: None", "path[0] is my folder: True",
            "helper imported"]


@pytest.mark.parametrize("isolate", MODES)
def test_a_seeded_run_is_a_plain_run(tmp_path: Path, isolate: bool) -> None:
    folder = submission(tmp_path, "boot_alike")
    output, status, sig = plain(folder)
    assert alike(output)[:4] == EXPECTED and (status, sig) == (None, 2), output
    seeded = sandboxed(folder, isolate)
    assert (alike(seeded[0]), *seeded[1:]) == (alike(output), status, sig)


@pytest.mark.parametrize("launch", [FORK, PLAIN])
@pytest.mark.parametrize("isolate", MODES)
@pytest.mark.parametrize("ending", ["raise ValueError('crash')\n", "int('ab12')\n", "sys.exit('You lost!')\n"])
def test_a_prompt_left_in_the_buffer_comes_out_before_the_traceback_as_in_a_plain_run(
        tmp_path: Path, isolate: bool, launch: str, ending: str) -> None:
    # `python3 SCRIPT` flushes stdout once the script's code is done, before it prints a traceback or an exit
    # message; `python3 -c` does not, so the seeded boot must (the fallbacks and the plain launch run it).
    folder = tmp_path / "unflushed"
    folder.mkdir()
    (folder / "mastermind.py").write_text("import sys\nsys.stdout.write('Enter guess: ')\n" + ending)
    output, status, sig = plain(folder)
    assert output.startswith("Enter guess: ") and (status, sig) == (1, None), output
    with open_sandbox(folder, FAST, isolate=isolate, launch=launch) as box:
        child = box.start(list(SEEDED), encoding="utf-8", timeout=10)
        try:
            seeded = ended(child, timeout=10)
        finally:
            box.kill_all(child.pid)
            child.close(force=True)
    assert (alike(seeded[0]), *seeded[1:]) == (alike(output), status, sig)


FLUSH_ENDS_THE_RUN = """import sys
class Stream:
    def __init__(self, stream):
        self.stream = stream
    def write(self, text):
        return self.stream.write(text)
    def flush(self):
        raise SystemExit(0)
sys.stderr = Stream(sys.stderr)
raise ValueError('crash')
"""
GETATTR_ENDS_THE_RUN = """import builtins, sys
real = builtins.getattr
def getattr(thing, *rest):
    if thing is sys:
        raise SystemExit(0)
    return real(thing, *rest)
builtins.getattr = getattr
raise ValueError('crash')
"""


@pytest.mark.parametrize("launch", [FORK, PLAIN])
@pytest.mark.parametrize("isolate", MODES)
@pytest.mark.parametrize("source", [FLUSH_ENDS_THE_RUN, GETATTR_ENDS_THE_RUN], ids=["flush", "getattr"])
def test_a_crash_stays_a_crash_whatever_the_program_did_to_the_flush(
        tmp_path: Path, isolate: bool, launch: str, source: str) -> None:
    # The interpreter ignores every error of its flush before the traceback, SystemExit included, and calls
    # no builtin of the program's there: a crash ends with its traceback and an error status, not a quiet 0.
    folder = tmp_path / "flush"
    folder.mkdir()
    (folder / "mastermind.py").write_text(source)
    output, status, sig = plain(folder)
    assert "ValueError: crash" in output and status not in (0, None), output  # 120 where its last flush fails too
    with open_sandbox(folder, FAST, isolate=isolate, launch=launch) as box:
        child = box.start(list(SEEDED), encoding="utf-8", timeout=10)
        try:
            seeded = ended(child, timeout=10)
        finally:
            box.kill_all(child.pid)
            child.close(force=True)
    assert "ValueError: crash" in seeded[0] and seeded[1:] == (status, sig), seeded[0]


def test_a_seeded_run_by_another_user_is_a_plain_run(nobodys: Path, tmp_path: Path) -> None:
    output = plain(submission(tmp_path, "boot_alike"))[0]
    said = as_nobody_in_a_sandbox(nobodys, "boot_alike", command=SEEDED)
    assert alike(said)[:len(alike(output))] == alike(output) and "ended None 2" in said, said


REFUSED = ("mastermind.py holds compiled code (bytecode or a zip archive), not Python "
           "source: submit the .py file you wrote")


def disguise(folder: Path) -> None:
    """mastermind.py: the handout's template, then the reference solution zipped after a comment sign."""
    plant(folder, "disguised", PYTHON)
    (folder / "mastermind.py").unlink()
    (folder / "game.bin").rename(folder / "mastermind.py")


@pytest.mark.parametrize("sandbox", ["on", "off"])
def test_check_refuses_a_program_of_compiled_code(tmp_path: Path, sandbox: str) -> None:
    folder = submission(tmp_path, "boot_alike")
    disguise(folder)
    done = run_grader("check", folder, "--visible-only", env={**os.environ, "GRADER_SANDBOX": sandbox}, timeout=120)
    assert REFUSED in done.stdout and "Traceback" not in done.stdout + done.stderr, done.stdout[-2000:]


def test_check_by_another_user_refuses_a_program_of_compiled_code(nobodys: Path) -> None:
    folder = submission(nobodys, "boot_alike")
    disguise(folder)
    for path in (nobodys, *nobodys.rglob("*")):
        os.lchown(path, NOBODY, NOBODY)
    done = as_nobody(nobodys, "check", str(folder), "--specs", str(ROOT / "specs"), "--visible-only")
    assert REFUSED in done.stdout, done.stdout[-2000:] + done.stderr[-2000:]
