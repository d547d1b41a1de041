"""The fork launch (`--launch fork`, grader/sandbox.py) against the plain one: the program sees the same
interpreter (sys.argv, sys.path, flags, modules, signal dispositions, buffering on the tty, __main__, an
uncaught exception's traceback and exit status, Ctrl-C), a sample of the corpus gets the same verdicts
(bench/launch_equivalence.py grades the whole corpus both ways), and every test of test_sandbox.py holds
again with the fork launch (collected here a second time, under the `fork_launch` fixture)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pexpect
import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # running `pytest` from anywhere, without an installed package
    sys.path.insert(0, str(ROOT))

import test_sandbox  # noqa: E402
from test_sandbox import *  # noqa: E402,F401,F403 - every sandbox test, run again with the fork launch
from grader import runner  # noqa: E402
from grader.mutants import grade_corpus, load_corpus  # noqa: E402
from grader.protections import protections  # noqa: E402
from grader.runner import Options  # noqa: E402
from grader.sandbox import FORK, PLAIN, PYTHON, Limits, Sandbox  # noqa: E402
from grader.specs import load_specs  # noqa: E402

pytestmark = pytest.mark.skipif(not protections().isolated, reason=protections().describe())

# What a program can see of its interpreter; object addresses left out (they differ from run to run).
INTROSPECT = r"""
import os, signal, sys
print(sys.argv, sys.orig_argv[1:], sys.executable, sys.flags)
print(sys.path)
print(sorted(sys.modules))
print({sig.name: str(signal.getsignal(sig)) for sig in signal.Signals})
print(signal.pthread_sigmask(signal.SIG_BLOCK, []))
print([(s.isatty(), s.line_buffering, s.encoding, s.errors) for s in (sys.stdin, sys.stdout, sys.stderr)])
print(__name__, __file__, type(__loader__).__name__, __spec__, __package__, __doc__, __cached__, __builtins__)
print(os.getpid(), os.getppid(), os.getuid() == os.geteuid() != 0, os.getcwd(), os.umask(0o022))
print(list(globals()))
raise ValueError("the end")
"""
CTRL_C = "import atexit\natexit.register(print, 'atexit ran')\ninput('guess? ')\n"


class ForkSandbox(Sandbox):
    """The runner's and the sandbox tests' Sandbox, launching with fork whatever they ask."""

    def __init__(self, *args, launch: str = FORK, **kwargs) -> None:
        super().__init__(*args, launch=FORK, **kwargs)


@pytest.fixture(autouse=True)
def fork_launch(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """The tests of test_sandbox.py collected here run with the fork launch; this module's own tests choose."""
    if request.node.function.__module__ != test_sandbox.__name__:
        return
    callspec = getattr(request.node, "callspec", None)
    if callspec is not None and callspec.params.get("isolate") is False or "fallback" in request.node.name:
        pytest.skip("the fallback has no launcher: test_sandbox.py runs it")
    monkeypatch.setattr(test_sandbox, "Sandbox", ForkSandbox)
    monkeypatch.setattr(runner, "Sandbox", ForkSandbox)


def run(folder: Path, launch: str, interrupt: str | None = None) -> tuple[str, int | None, int | None]:
    """Output (with \r\n) and (exit status, signal) of `mastermind.py a1 b2` in `folder`, launched so."""
    with Sandbox(folder, Limits(), launch=launch) as box:
        assert box.launch == launch
        argv, env, cwd = box.command([PYTHON, "mastermind.py", "a1", "b2"])
        child = pexpect.spawn(argv[0], argv[1:], env=env, cwd=str(cwd), preexec_fn=box.preexec, echo=False,
                              dimensions=(24, 80), encoding="utf-8", timeout=30)
        try:
            if interrupt is not None:
                child.expect_exact(interrupt)
                child.send("\x03")  # the terminal's interrupt character: SIGINT to the program
            child.expect(pexpect.EOF)
            child.wait()
        finally:
            box.kill_all(child.pid)
            child.close(force=True)
    return child.before, child.exitstatus, child.signalstatus


def program(tmp_path: Path, source: str) -> Path:
    folder = tmp_path / "submission"
    folder.mkdir(exist_ok=True)
    (folder / "mastermind.py").write_text(source)
    return folder


def test_a_forked_run_sees_the_interpreter_of_a_plain_run(tmp_path: Path) -> None:
    folder = program(tmp_path, INTROSPECT)
    plain, forked = run(folder, PLAIN), run(folder, FORK)
    assert forked == plain
    assert "['mastermind.py', 'a1', 'b2']" in plain[0] and "'/sandbox/work'" in plain[0]
    assert plain[0].endswith('raise ValueError("the end")\r\nValueError: the end\r\n') and plain[1:] == (1, None)


def test_ctrl_c_ends_a_forked_run_as_a_plain_one(tmp_path: Path) -> None:
    folder = program(tmp_path, CTRL_C)
    plain, forked = run(folder, PLAIN, "guess? "), run(folder, FORK, "guess? ")
    assert forked == plain
    assert "KeyboardInterrupt\r\natexit ran" in plain[0] and plain[1:] == (None, 2)


def test_the_submissions_files_are_never_imported_by_the_launcher(tmp_path: Path) -> None:
    """The launcher runs as root on the host, in the host's working copy: a submission's `_ctypes.py`,
    `syscalls.py` or `init.py` must be nothing to it (the program itself may import them, as ever)."""
    folder = program(tmp_path, "import os\nprint('ran as', os.getuid() != 0)\n")
    for name in ("_ctypes.py", "syscalls.py", "init.py", "marshal.py"):
        (folder / name).write_text("raise SystemExit('hijacked')\n")
    assert run(folder, FORK) == ("ran as True\r\n", 0, None)


def test_a_sample_of_the_corpus_gets_the_same_verdicts_both_ways() -> None:
    entries = [entry for entry in load_corpus(ROOT / "tests" / "submissions")
               if entry.name in ("ok-class-game", "crash-int-on-non-digit", "bug-exit-status-one", "syntax-missing-colon")]
    specs = [spec for spec in load_specs(ROOT / "specs") if spec.id.startswith(("01", "02", "06"))]
    plain = grade_corpus(entries, specs, Options(launch=PLAIN))
    forked = grade_corpus(entries, specs, Options(launch=FORK))
    assert len(plain) == len(entries) >= 3 and forked == plain
    assert {verdict.kind for verdicts in plain.values() for verdict in verdicts} != {"passed"}


def test_a_program_that_is_not_python_script_is_executed_as_in_a_plain_run(tmp_path: Path) -> None:
    folder = program(tmp_path, "")
    shutil.copy(shutil.which("true"), folder / "true")
    with Sandbox(folder, Limits(), launch=FORK) as box:
        argv, env, cwd = box.command(["./true"])
        child = pexpect.spawn(argv[0], argv[1:], env=env, cwd=str(cwd), preexec_fn=box.preexec, timeout=30)
        child.expect(pexpect.EOF)
        child.wait()
        box.kill_all(child.pid)
        child.close(force=True)
    assert child.exitstatus == 0

