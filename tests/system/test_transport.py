"""Checking without a pseudo-terminal: the pipes transport (what Windows students get, forced here with
`--transport pipes`) grades the reference in full and takes points from known buggy submissions, the
check imports where no Linux-only module exists, and the report says it is a local preview and what
differs, on a console that may not print UTF-8."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from grader.base.console import printable
from grader.judge.judging import total
from grader.judge.outcome import Ending
from grader.engine.preview import notes_for, preview_notes
from grader.base.project import CORPUS, DEFAULT_SPECS, REFERENCE, ROOT
from grader.engine.runner import Options, check_submission, run_session
from grader.sandbox.limits import Limits
from grader.spec.specs import load_specs
from grader.engine.transport import PIPES, PTY, default_transport
from grader.engine.waiting import QuietWatch

# Through pipes a wait is a quiet period, wall time: these tests share one xdist worker with the test
# that loads every core (tests/system/test_sync.py), so they never run beside it (make test uses --dist loadgroup).
pytestmark = pytest.mark.xdist_group("wall_clock")

# What Windows lacks: the check must import and run without any of it.
LINUX_ONLY = ("fcntl", "termios", "resource", "pty", "tty", "pexpect", "ptyprocess")
WITHOUT_LINUX_MODULES = (
    "import sys\n"
    f"for name in {LINUX_ONLY!r}:\n"
    "    sys.modules[name] = None\n"
    "from grader.commands.cli import main\n"
    "raise SystemExit(main(sys.argv[1:]))\n"
)
PIPES_OPTIONS = Options(transport=PIPES)


def check_cli(*args: str, encoding: str = "utf-8") -> subprocess.CompletedProcess[str]:
    """`grader check` in a fresh interpreter that has none of the Linux-only modules."""
    env = {**os.environ, "PYTHONIOENCODING": encoding, "GRADER_SANDBOX": "off", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", WITHOUT_LINUX_MODULES, "check", *args], cwd=ROOT, env=env,
                          capture_output=True, check=False, timeout=300)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(encoding), done.stderr.decode(encoding))


@pytest.mark.parametrize(("platform", "transport"), [
    ("linux", PTY), ("darwin", PTY), ("freebsd13", PTY), ("win32", PIPES), ("cygwin", PIPES),
])
def test_a_pty_wherever_one_exists(platform: str, transport: str) -> None:
    assert default_transport(platform) == transport


def test_through_pipes_the_report_is_a_preview_and_names_terminal_only_calls() -> None:
    notes = preview_notes(PIPES, False, "import sys\nif sys.stdin.isatty():\n    pass\n", "mastermind.py", 0.3)
    assert notes[0].startswith("LOCAL PREVIEW through pipes")
    assert "an input that must stay hidden is not checked here" in notes[0]
    assert "official grade runs on Linux" in notes[0]
    assert notes[1].startswith("mastermind.py uses isatty:")
    assert "0.3 s" in notes[2]
    assert len(preview_notes(PIPES, False, "print('no terminal calls')", "mastermind.py", 0.3)) == 2


def test_a_pty_without_proc_is_a_preview_that_says_how_it_waits() -> None:
    """macOS: the pty as in the official grade, but waits seen by a quiet period."""
    notes = preview_notes(PTY, False, "", "mastermind.py", 0.3)
    assert notes[0].startswith("LOCAL PREVIEW: in a terminal as in the official grade")
    assert "printed nothing for 0.3 s" in notes[1]
    assert notes_for(Options(transport=PTY, wait_method="quiet"), REFERENCE / "mastermind.py")[0] == notes[0]


def test_the_official_way_is_no_preview() -> None:
    assert preview_notes(PTY, True, "sys.stdin.isatty()", "mastermind.py", 0.3) == []


@pytest.mark.parametrize(("encoding", "expected"), [
    ("utf-8", "· is a trailing space, ↵ a line end, → a tab, é"),
    ("cp1252", "· is a trailing space, ¶ a line end, > a tab, é"),
    ("ascii", "~ is a trailing space, $ a line end, > a tab, \\xe9"),
    (None, "· is a trailing space, ↵ a line end, → a tab, é"),
])
def test_the_report_prints_on_any_console(encoding: str | None, expected: str) -> None:
    assert printable("· is a trailing space, ↵ a line end, → a tab, é", encoding) == expected


def test_quiet_watch_waits_longer_before_the_first_output() -> None:
    watch = QuietWatch(quiet=0.3, startup=2.0)
    start = watch.last_output
    assert not watch.waiting(start + 1.0)  # an interpreter still starting up
    assert watch.waiting(start + 2.0)
    watch.heard(start + 2.5)
    assert not watch.waiting(start + 2.7)
    assert watch.waiting(start + 2.9)


def test_reference_earns_full_marks_through_pipes_without_linux_modules() -> None:
    # Four specs at a time, not all fifteen: a quiet period is wall time, and fifteen programs starting at
    # once on two cores left one silent past it while still working (it got its next input too early).
    done = check_cli(str(REFERENCE), "--visible-only", "--transport", "pipes", "--jobs", "4")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("LOCAL PREVIEW through pipes")
    specs = load_specs(DEFAULT_SPECS, visible_only=True)
    maximum = f"{sum(spec.points for spec in specs):g}"
    assert f"Score: {maximum}/{maximum}" in done.stdout


# What a terminal would also see: each known bug loses points on the spec for its rule (the one
# tests/system/test_corpus.py's CATCHERS names), and the correct programs earn full marks on the exact
# game, the win, the scoring and the history. A bug is graded on its rule's spec alone: that this spec
# fails says more than that one of four does, in a quarter of the runs.
BUGS_THROUGH_PIPES = {
    "bug-prompt-not-flushed": "01-example-game",  # an unflushed prompt stays unseen on a pipe as on a terminal
    "bug-exist-position-swapped": "03-scoring",
    "bug-history-newest-first": "15-history",
    "bug-exit-status-one": "02-win-on-first-guess",
    "crash-int-on-non-digit": "08-non-digit-message",
    "hang-busy-loop-after-win": "02-win-on-first-guess",  # silent: seen as asking for more input, still no points
}
CORRECT_THROUGH_PIPES = ("ok-for-line-in-stdin", "ok-char-by-char-writer")
CORRECT_ON = ("01-example-game", "02-win-on-first-guess", "03-scoring", "15-history")


def test_known_submissions_through_pipes() -> None:
    specs = {spec.id: spec for spec in load_specs(DEFAULT_SPECS, visible_only=True)}
    runs = {**{name: [specs[spec] for spec in CORRECT_ON] for name in CORRECT_THROUGH_PIPES},  # longest first
            **{name: [specs[spec]] for name, spec in BUGS_THROUGH_PIPES.items()}}

    def score(name: str) -> tuple[float, float]:
        return total(check_submission(CORPUS / name, runs[name], PIPES_OPTIONS, jobs=1))

    # A quiet period is wall time: four programs at once (they mostly sit waiting) rather than sixteen,
    # so the test's own load cannot make a slow step look like a wait.
    with ThreadPoolExecutor(max_workers=4) as pool:
        scores = dict(zip(runs, pool.map(score, runs)))
    for name, (earned, maximum) in scores.items():
        assert (earned == maximum) == (name in CORRECT_THROUGH_PIPES), (name, earned, maximum)


def test_where_pipes_and_a_terminal_differ_the_report_says_so(tmp_path: Path) -> None:
    """A program that checks isatty: full marks in a terminal, not through pipes, and the pipes report
    names the call; the report prints on a cp1252 console."""
    program = tmp_path / "submission"
    program.mkdir()
    shutil.copyfile(REFERENCE / "mastermind.py", program / "mastermind.py")
    source = (program / "mastermind.py").read_text(encoding="utf-8")
    (program / "mastermind.py").write_text(
        "import sys\nif not sys.stdin.isatty():\n    print('(no terminal: plain mode)')\n" + source, encoding="utf-8")
    specs = tmp_path / "specs"
    specs.mkdir()
    shutil.copyfile(DEFAULT_SPECS / "02-win-on-first-guess.yaml", specs / "02-win-on-first-guess.yaml")

    in_terminal = total(check_submission(program, load_specs(specs), Options(transport=PTY)))
    assert in_terminal[0] == in_terminal[1]
    done = check_cli(str(program), "--specs", str(specs), "--transport", "pipes", encoding="cp1252")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert "mastermind.py uses isatty: it behaves differently without a terminal" in done.stdout
    assert "+ (no terminal: plain mode)¶" in done.stdout  # the line end drawn with what cp1252 has


def test_a_flood_through_pipes_is_capped(tmp_path: Path) -> None:
    (tmp_path / "mastermind.py").write_text("while True:\n    print('x' * 1000)\n", encoding="utf-8")
    options = Options(transport=PIPES, limits=Limits(output_bytes=20_000))
    session = run_session(tmp_path, ("1234",), options, timeout=10)
    assert session.end == Ending.OUTPUT_LIMIT
    assert len(session.outputs[0]) == 20_000
