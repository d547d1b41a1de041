"""The fork launch (the default: runs forked by a fork server, grader/sandbox/forking.py) against the plain one
(`--launch plain`): the program sees the same interpreter (sys.argv, sys.path, flags, modules, signal
dispositions, standard streams and their buffering on the tty, __main__, an uncaught exception's traceback
and exit status, Ctrl-C), a sample of the corpus gets the same verdicts (bench/launch_equivalence.py grades
the whole corpus both ways), and every test of test_sandbox.py, written for the default, holds again with
the plain launch (collected here a second time, under the `plain_launch` fixture)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pexpect
import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # running `pytest` from anywhere, without an installed package
    sys.path.insert(0, str(ROOT))

import test_sandbox  # noqa: E402
from test_sandbox import *  # noqa: E402,F401,F403 - every sandbox test, run again with the plain launch
from grader.engine import runner  # noqa: E402
from grader.sandbox import forking, proc, protections as probing  # noqa: E402
from grader.grading.corpus import grade_corpus, load_corpus  # noqa: E402
from grader.grading.plan import Plan  # noqa: E402
from grader.spec.assignment import load_assignment  # noqa: E402
from grader.sandbox.protections import protections  # noqa: E402
from grader.engine.runner import Options  # noqa: E402
from grader.engine.terminal import pty_rdev  # noqa: E402
from grader.engine.waiting import ProcWatch  # noqa: E402
from grader.sandbox.isolated import FORK, PLAIN
from grader.sandbox.box import Sandbox  # noqa: E402
from grader.sandbox.modes import open_sandbox  # noqa: E402
from grader.sandbox.limits import Limits  # noqa: E402
from grader.sandbox.protections import isolation  # noqa: E402
from grader.base.project import PYTHON  # noqa: E402
from grader.spec.specs import load_specs  # noqa: E402

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
CTRL_C = """import atexit, threading
atexit.register(print, 'atexit ran')
waiter = threading.Thread(target=lambda: (threading.main_thread().join(), print('thread ended')))
waiter.start()  # not a daemon: the interpreter waits for it on the way out, then runs atexit
input('guess? ')
"""


FORK_UNTIL_REFUSED = """import os
read, write = os.pipe()
count = 1
while True:
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        os.read(read, 1)  # alive until the run ends
        os._exit(0)
    count += 1
print("processes:", count)
"""


def plain_sandbox(*args, launch: str = PLAIN, **kwargs) -> Sandbox:
    """The runner's and the sandbox tests' sandbox, launching plain whatever they ask."""
    return open_sandbox(*args, launch=PLAIN, **kwargs)


@pytest.fixture(autouse=True)
def plain_launch(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """The tests of test_sandbox.py collected here run with the plain launch; this module's own tests choose."""
    if request.node.function.__module__ != test_sandbox.__name__:
        return
    callspec = getattr(request.node, "callspec", None)
    if callspec is not None and callspec.params.get("isolate") is False or "fallback" in request.node.name:
        pytest.skip("the fallback has no launcher: test_sandbox.py runs it")
    monkeypatch.setattr(test_sandbox, "open_sandbox", plain_sandbox)
    monkeypatch.setattr(runner, "open_sandbox", plain_sandbox)


def run(folder: Path, launch: str, interrupt: str | None = None) -> tuple[str, int | None, int | None]:
    """Output (with \r\n) and (exit status, signal) of `mastermind.py a1 b2` in `folder`, launched so."""
    with open_sandbox(folder, Limits(), isolate=isolation(), launch=launch) as box:
        assert box.launch == launch
        child = box.start([PYTHON, "mastermind.py", "a1", "b2"], encoding="utf-8", timeout=30)
        try:
            if interrupt is not None:
                child.expect_exact(interrupt)
                until_it_reads(child)  # a ^C before its read is lost: the terminal flushes it, the read waits on
                child.send("\x03")  # the terminal's interrupt character: SIGINT to the program
            child.expect(pexpect.EOF)
            child.wait()
        finally:
            box.kill_all(child.pid)
            child.close(force=True)
    return child.before, child.exitstatus, child.signalstatus


def until_it_reads(child: pexpect.spawn) -> None:
    """Return once the program sleeps reading its terminal, as the grader sees it before it types."""
    watch, deadline = ProcWatch(child.pid, pty_rdev(child.child_fd)), time.monotonic() + 30
    while not watch.waiting(time.monotonic()):
        assert time.monotonic() < deadline, "the program never read its terminal"
        time.sleep(0.001)  # polled, as the grader polls


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


@pytest.mark.parametrize("hook", ["raise RuntimeError('hook broke')", "None"])
def test_a_failing_excepthook_reads_as_in_a_plain_run(tmp_path: Path, hook: str) -> None:
    """The interpreter prints a hook's own error, then the original exception: the fork launch too."""
    source = (f"import sys\ndef hook(*args):\n    {hook}\nsys.excepthook = hook if {hook!r} != 'None' else None\n"
              "print('start', flush=True)\nraise ValueError('boom')\n")
    folder = program(tmp_path, source)
    plain, forked = run(folder, PLAIN), run(folder, FORK)
    assert forked == plain
    assert "Error in sys.excepthook:" in plain[0] and "Original exception was:" in plain[0] and plain[1:] == (1, None)
    assert "scriptmain" not in forked[0]


def test_ctrl_c_ends_a_forked_run_as_a_plain_one(tmp_path: Path) -> None:
    folder = program(tmp_path, CTRL_C)
    plain, forked = run(folder, PLAIN, "guess? "), run(folder, FORK, "guess? ")
    assert forked == plain
    assert "KeyboardInterrupt\r\nthread ended\r\natexit ran" in plain[0] and plain[1:] == (None, 2)


def test_a_forked_run_may_have_as_many_processes_as_a_plain_one(tmp_path: Path) -> None:
    """The run's cgroup counts the sandbox's own processes too (a plain launch's launcher and init, a fork
    launch's init): the program gets `processes` either way."""
    folder = program(tmp_path, FORK_UNTIL_REFUSED)
    plain, forked = run(folder, PLAIN), run(folder, FORK)
    assert forked == plain == (f"processes: {Limits().processes}\r\n", 0, None)


def test_the_submissions_files_are_never_imported_by_the_launcher(tmp_path: Path) -> None:
    """The launcher runs as root on the host, in the host's working copy: a submission's `_ctypes.py`,
    `syscalls.py`, `init.py` or another of the launcher's modules must be nothing to it (the program itself may
    import them, as ever)."""
    folder = program(tmp_path, "import os\nprint('ran as', os.getuid() != 0)\n")
    for name in ("_ctypes.py", "syscalls.py", "init.py", "clib.py", "rootfs.py", "scriptmain.py", "marshal.py"):
        (folder / name).write_text("raise SystemExit('hijacked')\n")
    assert run(folder, FORK) == ("ran as True\r\n", 0, None)


def test_a_sample_of_the_corpus_gets_the_same_verdicts_both_ways() -> None:
    entries = [entry for entry in load_corpus(ROOT / "tests" / "submissions")
               if entry.name in ("ok-class-game", "crash-int-on-non-digit", "bug-exit-status-one", "syntax-missing-colon")]
    specs = [spec for spec in load_specs(ROOT / "specs") if spec.id.startswith(("01", "02", "06"))]
    plain = grade_corpus(entries, Plan(load_assignment(), tuple(specs), Options(launch=PLAIN)))
    forked = grade_corpus(entries, Plan(load_assignment(), tuple(specs), Options(launch=FORK)))
    assert len(plain) == len(entries) >= 3 and forked == plain
    assert {verdict.kind for verdicts in plain.values() for verdict in verdicts} != {"passed"}


def test_a_program_that_is_not_python_script_is_executed_as_in_a_plain_run(tmp_path: Path) -> None:
    folder = program(tmp_path, "")
    shutil.copy(shutil.which("true"), folder / "true")
    with open_sandbox(folder, Limits(), isolate=isolation(), launch=FORK) as box:
        child = box.start(["./true"])
        child.expect(pexpect.EOF)
        child.wait()
        box.kill_all(child.pid)
        child.close(force=True)
    assert child.exitstatus == 0



def test_a_dead_fork_server_is_replaced_by_the_next_run(tmp_path: Path) -> None:
    folder = program(tmp_path, "print('ran')\n")
    assert run(folder, FORK) == ("ran\r\n", 0, None)
    dead = forking._server
    dead.process.kill()
    dead.process.wait()
    assert run(folder, FORK) == ("ran\r\n", 0, None)
    assert forking._server is not dead and forking._server.alive()


def test_a_run_the_fork_server_cannot_start_falls_back_to_plain_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = program(tmp_path, "")
    true = shutil.which("true")
    with open_sandbox(folder, Limits(), isolate=isolation(), launch=FORK) as box:
        box.python = true  # a "server" that exits at once: neither attempt gets a launcher
        child = box.start([PYTHON, "mastermind.py"])
        try:
            child.expect(pexpect.EOF)
            child.wait()
        finally:
            box.kill_all(child.pid)
            child.close(force=True)
    assert box.launch == PLAIN and isinstance(child, pexpect.spawn) and child.exitstatus == 0
    assert "launch: plain, not fork (the fork server" in capsys.readouterr().err
    forking.stop()


def test_the_fork_server_ends_with_the_grader_that_started_it(tmp_path: Path) -> None:
    folder = program(tmp_path, "print('ran')\n")
    code = (
        "from pathlib import Path\n"
        "from grader.sandbox import forking\n"
        "from grader.sandbox.modes import open_sandbox\nfrom grader.sandbox.limits import Limits\nfrom grader.sandbox.protections import isolation\n"
        f"with open_sandbox(Path({str(folder)!r}), Limits(), isolate=isolation()) as box:\n"
        "    child = box.start(['python3', 'mastermind.py'])\n"
        "    child.expect('ran')\n"
        "    box.kill_all(child.pid)\n"
        "    child.close()\n"
        "print(forking._server.process.pid)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    server = int(done.stdout.split()[-1])
    deadline = time.monotonic() + 10
    while proc.alive(server):  # polled: it exits on its own once the grader's socket closes
        assert time.monotonic() < deadline, "the fork server outlived its grader"
        time.sleep(0.01)


def test_probing_ahead_finds_the_protections_and_starts_the_fork_server_in_the_background(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(probing, "_probed", None)
    forking.stop()
    probing.probe_ahead()
    probe = next(thread for thread in threading.enumerate() if thread.name == "protections probe")
    probe.join(timeout=60)
    assert probing._probed is not None and probing._probed.isolated
    assert forking._server is not None and forking._server.alive()


def test_a_check_interrupted_while_it_probes_ahead_leaves_no_folder_and_no_process(tmp_path: Path) -> None:
    # The probe runs in a thread of its own (and starts the fork server) while the specs are read: a Ctrl-C then
    # ends `check` saying so, and the probe's folders, its run and the server end with it.
    folder = program(tmp_path, (ROOT / "reference" / "mastermind.py").read_text())
    temporary = tmp_path / "temporary"
    temporary.mkdir()
    grader = subprocess.Popen([sys.executable, "-m", "grader", "check", str(folder)], cwd=ROOT, text=True,
                              env=dict(os.environ, TMPDIR=str(temporary)), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen: list[int] = []
    while not any(b"forkserver" in b" ".join(proc.cmdline(pid)) for pid in seen):  # the probe has started it
        assert grader.poll() is None, grader.communicate()
        seen = proc.descendants(grader.pid)
    followed = proc.follow(seen)  # by start time too: a pid may be reused once its process is gone
    grader.send_signal(signal.SIGINT)
    said = grader.stderr.readline()
    grader.send_signal(signal.SIGINT)  # impatient: while it waits for the probe to end (if it still runs)
    out, err = grader.communicate(timeout=60)
    err = said + err
    assert "interrupted" in err and "Traceback" not in err and "Exception ignored" not in err, err
    assert list(temporary.iterdir()) == []
    assert [pid for pid, since in followed.items() if proc.alive(pid, since)] == []


@pytest.mark.parametrize("source", [
    b"# Jos\xe9's Mastermind \x96 saved by a Windows editor in cp1252\nprint('ran')\n",
    "print('ran')\n".encode("utf-16"),  # Notepad's 'Unicode'
    b"print('ran')\0\n",
    b"# coding: klingon\nprint('ran')\n",
])
def test_a_script_compile_would_read_otherwise_is_refused_as_in_a_plain_run(tmp_path: Path, source: bytes) -> None:
    """compile() skips undecodable bytes in comments and words its errors its own way; the interpreter
    refuses the file. A plain run's error, word for word, and never a forked run of what plain refuses."""
    folder = program(tmp_path, "")
    (folder / "mastermind.py").write_bytes(source)
    plain, forked = run(folder, PLAIN), run(folder, FORK)
    assert forked == plain
    assert "SyntaxError: " in plain[0] and not plain[0].startswith("ran") and plain[1:] == (1, None)


def test_a_forked_run_finds_the_objects_of_start_up_frozen_for_the_collector(tmp_path: Path) -> None:
    """The documented difference that saves each run its collector walking (and copying) the server's objects."""
    folder = program(tmp_path, "import gc\nprint(gc.get_freeze_count() > 0)\n")
    assert run(folder, PLAIN) == ("False\r\n", 0, None)
    assert run(folder, FORK) == ("True\r\n", 0, None)


@pytest.mark.parametrize("ending", ["raise ValueError('crash')\n", "sys.exit('You lost!')\n", ""])
def test_output_left_in_the_buffer_comes_out_where_a_plain_run_puts_it(tmp_path: Path, ending: str) -> None:
    """The interpreter flushes stdout once the script's code is done, before it prints the traceback or
    the exit message and before atexit: a prompt left without a line end shows first."""
    folder = program(tmp_path, "import atexit, sys\natexit.register(sys.stderr.write, 'atexit ran\\n')\n"
                               "sys.stdout.write('Enter guess: ')\n" + ending)
    plain, forked = run(folder, PLAIN), run(folder, FORK)
    assert forked == plain
    assert plain[0].startswith("Enter guess: ") and plain[0].endswith("atexit ran\r\n")


LOUD = "class Loud:\n    def __del__(self):\n        print('finalized')\n"


@pytest.mark.parametrize("source", [
    "print('last line')\n",
    "import sys\nsys.exit(3)\n",
    "import sys\nsys.exit(-1)\n",
    "raise SystemExit((1 << 40) + 7)\n",
    "import sys\nsys.exit(True)\n",
    "import sys\nsys.exit(['not', 'a', 'code'])\n",
    LOUD + "kept = Loud()\nimport sys\nsys.exit('You lost!')\n",
    LOUD + "kept = Loud()\nraise ValueError('crash')\n",
    "def guesses():\n    try:\n        yield 1\n    finally:\n        print('generator closed')\n"
    "left = guesses()\nnext(left)\n",
    "tty = open('/dev/tty', 'w')\ntty.write('written, never flushed')\n",
    "import weakref\nclass Key: pass\nkey = Key()\nref = weakref.ref(key, lambda ref: print('key gone'))\n",
    "import atexit, sys\natexit.register(sys.stdout.write, 'no line end')\n",
    "import atexit\natexit.register(print, 'second')\natexit.register(int, 'x')\natexit.register(print, 'first')\n",
    "import ctypes\nctypes.CDLL(None).printf(b'from C, no line end')\n",
    "import threading, time\nthreading.Thread(target=time.sleep, args=(60,), daemon=True).start()\nprint('bye')\n",
    "import sys\nclass Shout:\n    def write(self, text):\n        return sys.__stdout__.write(text.upper())\n"
    "    def flush(self):\n        sys.__stdout__.write('[flushed]')\nsys.stdout = Shout()\nprint('quiet')\n",
], ids=["last-line", "exit-3", "exit-minus-1", "exit-beyond-an-int", "exit-true", "exit-list", "finalizer-exit-message",
        "finalizer-crash", "suspended-generator", "unflushed-file", "weakref-callback", "atexit-output",
        "failing-atexit", "c-stdio", "daemon-thread", "own-stdout"])
def test_a_forked_program_ends_as_a_plain_one(tmp_path: Path, source: str) -> None:
    """The fork launch ends a program's process without the interpreter's teardown only where that teardown
    could show nothing (grader/sandbox/inside/teardown.py): what every ending shows, and its status, are a
    plain run's."""
    folder = program(tmp_path, source)
    plain, forked = run(folder, PLAIN), run(folder, FORK)
    assert forked == plain
