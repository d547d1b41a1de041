"""`grade` on real classes: real worker processes, real ptys, real signals."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import nest, unnest
from grader.sandbox import proc
from grader.batch.fingerprint import grader_digest
from grader.batch.students import find_students
from grader.batch.workers import Worker, setup_line
from grader.judge.judging import PASSED
from grader.report.feedback import HIDDEN_TESTS
from grader.engine.runner import Options
from grader.sandbox.protections import Protections, protections
from grader.spec.specs import load_specs, parse_spec
from grader.sandbox.box import UID_BASE
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "submissions"
NOBODY_PASSES = """\
name: A spec nobody can pass
description: Expects a prompt the contract never asks for.
points: 1
visibility: visible
steps:
  - prompt: "Enter kee: "
    input: 1234
  - output: |
      nothing
"""


def make_specs(tmp_path: Path, timeout: float) -> Path:
    """Two real specs (one hidden) with a short step timeout, so hanging programs cost little, plus one
    spec nobody passes."""
    folder = tmp_path / "specs"
    folder.mkdir()
    for name in ("01-example-game.yaml", "20-hidden-win-on-first-guess.yaml"):
        (folder / name).write_text((ROOT / "specs" / name).read_text() + f"timeout: {timeout}\n")
    (folder / "99-nobody.yaml").write_text(NOBODY_PASSES)
    return folder


def make_class(tmp_path: Path, names: list[str]) -> Path:
    folder = tmp_path / "class"
    folder.mkdir()
    for name in names:
        shutil.copytree(CORPUS / name, folder / name)
    return folder


def grade(class_dir: Path, out: Path, specs: Path, *extra: str, env: dict | None = None, fresh: bool = False,
          ) -> subprocess.CompletedProcess:
    return run_grader("grade", class_dir, "--out", out, "--specs", specs, *extra, env=env, timeout=600, fresh=fresh)


def cmdline(pid: int) -> str:
    return " ".join(arg.decode(errors="replace") for arg in proc.cmdline(pid))


def busy_worker(grader: int) -> int | None:
    """A worker of the batch `grader` in the middle of running a student's program: below it, a program exec'd as
    `python3 mastermind.py`, or forked by the fork server (its command line is the server's then) and running as a
    per-run uid (the server's launchers run as root). Only workers run programs: the batch's isolation probe does not
    count."""
    def student_program(pid: int) -> bool:
        uid = proc.status_field(pid, "Uid")
        forked = "forkserver" in cmdline(pid) and uid is not None and int(uid.split()[0]) >= UID_BASE
        return forked or "mastermind.py" in cmdline(pid)

    return next((pid for pid in proc.descendants(grader)
                 if "worker_main" in cmdline(pid) and any(map(student_program, proc.descendants(pid)))), None)


def wait_for(condition, timeout: float = 60.0, what: str = "a condition"):
    """Poll a condition of the system (not a fixed sleep): fail if it never holds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.01)
    pytest.fail(f"timed out waiting for {what}")


STUDENTS = ["ok-class-game", "bug-prompt-no-trailing-space", "crash-int-on-non-digit", "hang-sleeps-after-last-line",
            "syntax-missing-colon"]


def test_grade_writes_gradebook_results_feedback_and_skips_unchanged(tmp_path: Path):
    class_dir = make_class(tmp_path, STUDENTS)
    (class_dir / "no-file").mkdir()
    (class_dir / "no-file" / "main.py").write_text("print('misnamed')\n")
    nested = class_dir / "ok-class-game" / "mastermind-main"  # a zip of a repository: found one folder down
    nested.mkdir()
    (class_dir / "ok-class-game" / "mastermind.py").rename(nested / "mastermind.py")
    specs, out = make_specs(tmp_path, timeout=1), tmp_path / "grades"
    first = grade(class_dir, out, specs, "--jobs", "2")
    assert first.returncode == 0, first.stderr + first.stdout

    original = (out / "gradebook.csv").read_bytes()
    with open(out / "gradebook.csv", newline="") as file:
        book = list(csv.reader(file))
    assert book[0] == ["student", "score", "max_score", "status", "01-example-game", "20-hidden-win-on-first-guess",
                       "99-nobody", "problem"]
    scores = {row[0]: row[1:] for row in book[1:]}
    game = '"The example game from the handout, exactly"'
    assert scores == {  # how each failed, and the first cause in words
        "ok-class-game": ["14", "15", "points lost", "10", "4", "0", ""],
        "bug-prompt-no-trailing-space": ["0", "15", "points lost", "0", "0", "0", ""],
        "crash-int-on-non-digit": ["4", "15", "crashed", "0", "4", "0", f'crashed in {game} after input 7 ("1b34"): '
                                   "ValueError: invalid literal for int() with base 10: '1b34'"],
        "hang-sleeps-after-last-line": ["0", "15", "timed out", "0", "0", "0", f'timed out in {game} after input 9 ("1234")'],
        "syntax-missing-colon": ["0", "15", "crashed", "0", "0", "0",
                                 f"crashed with a syntax error in {game} at start-up, before any input"],
        "no-file": ["0", "15", "no program", "0", "0", "0", "no mastermind.py (found: main.py)"]}
    refused = json.loads((out / "students" / "no-file" / "results.json").read_text())
    assert refused["output"] == "Your submission could not be run: no mastermind.py (found: main.py)"

    results = json.loads((out / "students" / "crash-int-on-non-digit" / "results.json").read_text())
    assert [test["tags"][0] for test in results["tests"]] == ["01-example-game", "20-hidden-win-on-first-guess", "99-nobody"]
    hung = json.loads((out / "students" / "hang-sleeps-after-last-line" / "results.json").read_text())
    assert "but did not end: it went on running (or sleeping) after its last line" in hung["tests"][0]["output"]

    feedback = (out / "students" / "bug-prompt-no-trailing-space" / "feedback.md").read_text()
    assert "**Score: 0/15**" in feedback
    assert "Inputs typed, in order:" in feedback and "Enter guess:" in feedback  # the visible spec, in full
    hidden_part = feedback.split("## ❌ Hidden tests")[1].split("## ")[0]
    assert hidden_part.split() == ["-", *"Winning on the first guess (other values) (0/4)".split(), *HIDDEN_TESTS.split()]
    junit = ET.parse(out / "students" / "ok-class-game" / "junit.xml").getroot()
    assert junit.get("tests") == "3" and junit.get("failures") == "1"

    assert "[6/6]" in first.stderr and "\r" not in first.stderr  # plain lines when not on a terminal
    assert "median" in first.stdout and "mean" in first.stdout
    summary_lines = first.stdout.splitlines()
    nobody = next(i for i, line in enumerate(summary_lines) if "99-nobody (1)" in line)
    # Everyone who ran fails it the same way: the summary says how, not "check this spec".
    assert "print another prompt at start-up" in summary_lines[nobody + 1], first.stdout
    assert "nobody passed" not in first.stdout
    assert "NOT RUN (1)" in first.stdout and "  no-file: no mastermind.py (found: main.py)" in first.stdout
    assert "no-file: 0/15 (not run: no mastermind.py (found: main.py))" in first.stderr

    merged = run_grader("gradebook", out, text=False, fresh=True)  # another hash seed: no set order shows
    assert merged.stdout == original

    again = grade(class_dir, out, specs, fresh=True)
    assert again.returncode == 0
    assert again.stderr.count("(unchanged, not regraded)") == 5  # no-file has nothing to run: judged again at once
    assert (out / "gradebook.csv").read_bytes() == original  # same results, same bytes

    (class_dir / "hang-sleeps-after-last-line" / "mastermind.py").write_text(
        (ROOT / "reference" / "mastermind.py").read_text())
    changed = grade(class_dir, out, specs)
    assert changed.stderr.count("(unchanged, not regraded)") == 4
    assert "hang-sleeps-after-last-line: 14/15 (" in changed.stderr

    forced = grade(class_dir, out, specs, "--force")
    assert "unchanged" not in forced.stderr


def test_a_worker_that_dies_costs_only_its_student(tmp_path: Path):
    class_dir = make_class(tmp_path, ["hang-sleeps-after-last-line", "ok-class-game", "bug-prompt-no-trailing-space"])
    specs, out = make_specs(tmp_path, timeout=20), tmp_path / "grades"
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    process = subprocess.Popen([sys.executable, "-m", "grader", "grade", str(class_dir), "--out", str(out),
                                "--specs", str(specs), "--jobs", "2"], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env={**os.environ, "TMPDIR": str(scratch)})
    try:
        victim = wait_for(lambda: busy_worker(process.pid), what="a worker running a program")
        os.kill(victim, signal.SIGKILL)
        stdout, stderr = process.communicate(timeout=300)
    finally:
        process.kill()
    assert process.returncode == 1, stderr
    assert stdout.count("the grader process grading this student died") == 1
    assert "NOT GRADED (1)" in stdout
    with open(out / "gradebook.csv", newline="") as file:
        book = list(csv.reader(file))[1:]
    assert len(book) == 3 and sum(row[1] == "" for row in book) == 1
    broken = next(row[0] for row in book if row[1] == "")
    assert "died" in (out / "students" / broken / "grader-error.txt").read_text()
    assert "could not grade" in json.loads((out / "students" / broken / "results.json").read_text())["output"]
    assert not [pid for pid in proc.descendants(process.pid) if proc.alive(pid)]
    assert not list(scratch.iterdir()), "the dead worker's sandbox folder was left behind"


def test_a_grade_killed_outright_takes_its_workers_and_their_runs_with_it(tmp_path: Path):
    """SIGKILL to `grade` (the out-of-memory killer, a CI job's timeout): its workers, each in a session of its own,
    used to grade on for no one until their programs' timeouts (here a minute); each now gets SIGINT as the batch
    dies and unwinds as on Ctrl-C."""
    (tmp_path / "class" / "slow").mkdir(parents=True)
    (tmp_path / "class" / "slow" / "mastermind.py").write_text("input('Enter key: ')\nimport time\ntime.sleep(120)\n")
    specs = make_specs(tmp_path, timeout=60)
    process = subprocess.Popen([sys.executable, "-m", "grader", "grade", str(tmp_path / "class"), "--out",
                                str(tmp_path / "grades"), "--specs", str(specs), "--jobs", "1"], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        worker = wait_for(lambda: busy_worker(process.pid), what="a worker running a program")
        below = proc.follow([worker, *proc.descendants(worker)])
    finally:
        process.kill()
        process.wait()
    try:
        wait_for(lambda: not any(proc.alive(pid, since) for pid, since in below.items()), timeout=20,
                 what="the worker and its run to end with the batch")
    finally:
        for pid in [pid for pid, since in below.items() if proc.alive(pid, since)]:
            os.kill(pid, signal.SIGKILL)


def test_ctrl_c_stops_cleanly(tmp_path: Path):
    """A real SIGINT to a real `grade` while a hanging program runs: no process left, no partial file."""
    names = ["hang-sleeps-after-last-line", "hang-busy-loop-after-win", "ok-class-game", "crash-int-on-non-digit",
             "bug-prompt-no-trailing-space", "syntax-missing-colon"]
    class_dir = make_class(tmp_path, names)
    specs, out = make_specs(tmp_path, timeout=60), tmp_path / "grades"
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    env = {**os.environ, "TMPDIR": str(scratch)}
    process = subprocess.Popen([sys.executable, "-m", "grader", "grade", str(class_dir), "--out", str(out),
                                "--specs", str(specs), "--jobs", "2"], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as at a terminal:
    seen: set[int] = set()  # a job started with & by a script inherits SIGINT ignored, and Ctrl-C never arrives
    try:
        def hanging_program():
            seen.update(proc.descendants(process.pid))
            return busy_worker(process.pid) is not None and process.poll() is None
        wait_for(hanging_program, what="a student program running")
        seen.update(proc.descendants(process.pid))
        started = time.monotonic()
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        process.kill()
    assert process.returncode == 2, stderr
    assert time.monotonic() - started < 30
    assert stderr.count("interrupted") == 1 and "Traceback" not in stderr, stderr
    assert "student(s) graded and written in this run" in stderr.split("interrupted: ")[1]
    assert not [pid for pid in seen if proc.alive(pid)], "processes left behind"
    assert not list(scratch.iterdir()), "sandbox folders left behind"
    for path in out.rglob("*"):
        assert not path.name.startswith("."), f"partial file {path}"
        if path.name == "results.json":
            json.loads(path.read_text())
    assert not (out / "gradebook.csv").exists()


def test_any_student_name_or_upload_is_graded_or_reported_for_that_student_alone(tmp_path: Path):
    """Issue 10 items 3, 4 and 8: each of these used to crash the whole class or reach the files raw."""
    class_dir = tmp_path / "class"
    class_dir.mkdir()
    quick = "print('Welcome')\n"  # runs and fails every spec at once
    odd = class_dir / os.fsdecode(b"bob\xff")
    odd.mkdir()
    (odd / "mastermind.py").write_text(quick)
    (odd / os.fsdecode(b"notes\xfe.txt")).write_text("not UTF-8 in the name")
    for name in ("gradebook.csv", "students", '=HYPERLINK("evil.example","see")', "@SUM(1)", "-1", "\x1b[31mred"):
        (class_dir / name).mkdir()
        (class_dir / name / "main.py").write_text(quick)
    (class_dir / "report.html").write_text("a file, not a folder")
    deep = class_dir / "deep"
    deep.mkdir()
    (deep / "mastermind.py").write_text(quick)
    nest(deep, 1200)
    sparse = class_dir / "sparse"
    sparse.mkdir()
    (sparse / "mastermind.py").write_text(quick)
    (sparse / "disk.img").touch()
    os.truncate(sparse / "disk.img", 3 << 30)
    specs, out = make_specs(tmp_path, timeout=5), tmp_path / "grades"
    try:
        result = grade(class_dir, out, specs, "--jobs", "2")
    finally:
        unnest(deep)
    assert result.returncode == 0, result.stderr + result.stdout
    with open(out / "gradebook.csv", newline="", encoding="utf-8") as file:
        rows = {row[0]: row for row in list(csv.reader(file))[1:]}
    assert sorted(rows) == sorted(["bob\\udcff", "gradebook.csv", "students", "'=HYPERLINK(\"evil.example\",\"see\")",
                                   "'@SUM(1)", "'-1", "\\x1b[31mred", "report.html", "deep", "sparse"])
    assert all(row[1] == "0" for row in rows.values())
    assert "\x1b" not in result.stdout + result.stderr + (out / "gradebook.csv").read_text()
    assert "] \\x1b[31mred: 0/15 (not run: no mastermind.py (found: main.py))" in result.stderr
    assert "  deep: folders nested too deep: d/d/d" in result.stdout
    assert "  sparse: too big: more than 10 MB of files" in result.stdout and "disk.img is a sparse file" in result.stdout
    assert "  report.html: not a folder" in result.stdout
    assert (out / "students" / "bob\\udcff" / "results.json").is_file()
    assert (out / "students" / "gradebook.csv" / "feedback.md").is_file()



def test_each_folder_has_its_own_id_whatever_else_the_class_holds(tmp_path: Path):
    """Issue 20 item 9: `a<ESC>[31m` took the id `a\x1b[31m` or `a\x1b[31m~` by what sorted first, and
    `a\x1b[31m~` was also the id of a folder literally named so."""
    names = {"a\x1b[31m": "a\\x1b[31m", "a\\x1b[31m": "a\\\\x1b[31m", "a\\x1b[31m~": "a\\\\x1b[31m~", "ada": "ada"}
    for name in names:
        (tmp_path / "class" / name).mkdir(parents=True)
    ids = {entry.name: student for student, entry in find_students(tmp_path / "class", tmp_path / "grades")}
    assert ids == names
    for name in names:
        (tmp_path / "alone" / name).mkdir(parents=True)
        assert [student for student, _ in find_students(tmp_path / "alone", tmp_path / "grades")] == [names[name]]
        (tmp_path / "alone" / name).rmdir()

class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_a_bar_on_a_terminal_and_lines_otherwise():
    from grader.batch.progress import Progress
    from grader.batch.students import Outcome
    from grader.report.results import Results, grader_error_results

    graded = Outcome("ada", "graded", Results(3, 4), 1.5)
    broken = Outcome("bob", "error", grader_error_results("RuntimeError: boom", 4), 0.1, "RuntimeError: boom")
    plain, tty = io.StringIO(), Terminal()
    for stream in (plain, tty):
        progress = Progress(2, stream)
        progress.update(graded)
        progress.update(broken)
    assert plain.getvalue() == "[1/2] ada: 3/4 (1.5 s of runs)\n[2/2] bob: NOT GRADED: RuntimeError: boom\n"
    assert "\r\x1b[K[###############...............] 1/2  ada" in tty.getvalue()
    assert "\r\x1b[K[2/2] bob: NOT GRADED: RuntimeError: boom\n" in tty.getvalue()  # errors stay on screen
    assert tty.getvalue().endswith("] 2/2  bob\n")


def test_a_change_of_the_suite_defaults_changes_the_grader_digest():
    specs = load_specs(ROOT / "specs")
    lenient = [replace(spec, ignore=("blank_lines",)) for spec in specs]
    assert grader_digest(specs, Options()) != grader_digest(lenient, Options())


SEES_ITS_SANDBOX = """\
import os
print("isolated" if os.getpid() < 10 else "not isolated")  # a pid namespace's first pids, or the machine's
"""


def test_a_worker_runs_by_the_protections_its_batch_probed(tmp_path: Path):
    """A worker takes the protections from its setup line instead of probing again: told the fallback on a
    machine that isolates, its run is the fallback's (outside a pid namespace)."""
    if not protections().isolated:
        pytest.skip("needs a machine whose runs are isolated, to tell the worker otherwise")
    (tmp_path / "mastermind.py").write_text(SEES_ITS_SANDBOX)
    spec = parse_spec("name: n\ndescription: d\npoints: 1\nvisibility: visible\nsteps:\n  - output: not isolated\n",
                      "s.yaml", "s")
    told = Protections(rlimits=True, reason="what the batch probed, in this test")
    worker = Worker(setup_line([spec], Options(), told))
    try:
        reply = worker.ask({"student": "s", "path": str(tmp_path), "specs": ["s"]}, timeout=120)
    finally:
        worker.close()
    assert [verdict.kind for verdict in reply["verdicts"]] == [PASSED], reply
