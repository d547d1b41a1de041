"""Referee specs and assignment folders through real processes: a Python program's `random` seeded per
spec, the referee's thinking not counted as the program's time, failures reported like any other, each
bundled corpus graded as its notes say (a few entries; `make mutants ASSIGNMENT=...` grades them all),
the same gradebook on a forced regrade, and a regrade when the referee changes."""

from __future__ import annotations

import random
import shutil
import subprocess
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from grader.spec.assignment import command_line, load_assignment
from grader.judge.judging import PASSED, SYNTAX
from grader.grading.corpus import analyse, grade_corpus, load_corpus
from grader.grading.plan import Plan, assignment_options
from grader.grading.variant_files import filled_copy
from grader.report.text import failure_details
from grader.engine.runner import Options, grade_spec, play_session
from grader.spec.specs import load_specs, parse_spec
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
COLOUR, CODEBREAKER = ROOT / "assignments" / "colour", ROOT / "assignments" / "codebreaker"


def seeded_run(folder: Path, seed: int, *arguments: str):
    options = Options(script="p.py", command=("python3", "p.py"))
    return play_session(folder, lambda step, output: None, options, 5.0,
                        command_line(options.command, "p.py", arguments, seed))


def test_a_python_program_starts_with_random_seeded_as_if_run_directly(tmp_path):
    (tmp_path / "p.py").write_text(textwrap.dedent("""\
        import random, sys
        print(random.random(), sys.argv, __name__, __file__.endswith("/p.py"))
    """), encoding="utf-8")
    expected = f"{random.Random(7).random()} ['p.py', '--demo'] __main__ True\n"
    assert seeded_run(tmp_path, 7, "--demo").outputs == (expected,)
    assert seeded_run(tmp_path, 7, "--demo").outputs == (expected,)
    assert seeded_run(tmp_path, 8, "--demo").outputs != (expected,)


def test_a_seeded_program_s_errors_read_as_python_s_own(tmp_path):
    (tmp_path / "p.py").write_text("def f():\n    raise ValueError('boom')\nf()\n", encoding="utf-8")
    crashed = seeded_run(tmp_path, 1)
    assert crashed.exit_status == 1 and "<string>" not in crashed.outputs[0]
    assert 'p.py", line 3, in <module>' in crashed.outputs[0] and "ValueError: boom" in crashed.outputs[0]
    (tmp_path / "p.py").write_text("if True\n    pass\n", encoding="utf-8")
    spec = parse_spec("name: n\ndescription: d\npoints: 1\nvisibility: visible\nreferee: {seed: 1}\n", "s.yaml", "s")
    options = replace(assignment_options(load_assignment(COLOUR)), script="p.py", command=("python3", "p.py"))
    assert grade_spec(tmp_path, spec, options).kind == SYNTAX


def test_a_seeded_program_the_interpreter_cannot_read_is_refused_as_the_interpreter_refuses_it(tmp_path):
    # compile() skips undecodable bytes in comments: a Windows editor's cp1252 file ran seeded, where python3 refuses it.
    (tmp_path / "p.py").write_bytes(b"# caf\xe9 au lait\nprint('ran')\n")
    refused = seeded_run(tmp_path, 1)
    assert "ran" not in refused.outputs[0] and "SyntaxError: Non-UTF-8 code" in refused.outputs[0], refused.outputs


def thinking_assignment(tmp_path: Path) -> Path:
    """An assignment whose referee takes longer to think than the program may take per step."""
    folder = tmp_path / "slow"
    (folder / "specs").mkdir(parents=True)
    (folder / "assignment.yaml").write_text("name: Echo\nprogram: echo.py\nreferee: referee.py\n", encoding="utf-8")
    (folder / "referee.py").write_text(textwrap.dedent("""\
        import time
        from grader.referee import Referee as Base, objection, upheld

        class Referee(Base):
            def reply(self, output):
                time.sleep(1.5)  # thinking, while the program waits
                return "ping"

            def finish(self, output):
                return upheld() if output == "pong\\n" else objection("no pong", expected="pong\\n")
    """), encoding="utf-8")
    (folder / "specs" / "01-echo.yaml").write_text(
        "name: Echo\ndescription: answers ping\npoints: 1\nvisibility: visible\ntimeout: 1\nreferee: {seed: 0}\n",
        encoding="utf-8")
    return folder


def test_the_referee_s_thinking_is_not_the_program_s_time(tmp_path):
    assignment = load_assignment(thinking_assignment(tmp_path))
    submission = tmp_path / "student"
    submission.mkdir()
    (submission / "echo.py").write_text("input('? ')\nprint('pong')\n", encoding="utf-8")
    [spec] = load_specs(assignment.specs)
    assert grade_spec(submission, spec, assignment_options(assignment)).kind == PASSED


def test_an_objection_reads_like_any_failure():
    assignment = load_assignment(COLOUR)
    [spec] = [spec for spec in load_specs(assignment.specs) if spec.id == "07-clues"]
    with filled_copy(assignment.corpus, assignment) as corpus:
        verdict = grade_spec(corpus / "bug-misplaced-ignores-repeats", spec, assignment_options(assignment))
    details = "\n".join(failure_details(verdict))
    assert "the referee objected to the output after input 1" in details
    assert '1. "OOOO"  <- the output after this one is where it went wrong' in details
    assert "scores 1 exact, 0 misplaced; the program said 1 exact, 3 misplaced" in details
    assert "1 | Clue: 1 exact, 3 misplaced" in details  # the program's own lines at that step


@pytest.mark.parametrize("folder, rule_spec, exact_spec", [
    (COLOUR, "02-win", "08-exact-game"), (CODEBREAKER, "02-repeated-colours", "06-exact-game"),
])
def test_a_referee_judges_its_spec_s_rule_only(folder, rule_spec, exact_spec):
    """A program with its own wording for every line: a rule spec's referee reads past it, an exact
    game's does not."""
    assignment = load_assignment(folder)
    specs = {spec.id: spec for spec in load_specs(assignment.specs)}
    with filled_copy(assignment.corpus, assignment) as corpus:  # the colour corpus's {{rows}} filled in
        entry = corpus / "cosmetic-own-wording"
        assert grade_spec(entry, specs[rule_spec], assignment_options(assignment)).kind == PASSED
        exact = grade_spec(entry, specs[exact_spec], assignment_options(assignment))
    assert not exact.passed and "the referee objected to the output at start-up" in exact.message


@pytest.mark.parametrize("folder, names", [
    (COLOUR, ["ok-class-and-sys-argv", "bug-misplaced-counts-exact-too", "crash-unknown-letter"]),
    (CODEBREAKER, ["ok-first-of-pool", "bug-filter-by-black-only", "crash-never-gives-up"]),
])
def test_corpus_entries_are_graded_as_their_notes_say(folder, names):
    assignment = load_assignment(folder)
    specs = load_specs(assignment.specs)
    with filled_copy(assignment.corpus, assignment) as corpus:
        entries = [entry for entry in load_corpus(corpus) if entry.name in names]
        results = grade_corpus(entries, Plan(assignment, tuple(specs), assignment_options(assignment)), jobs=2)
    analysis = analyse(entries, specs, results)
    assert not analysis.uncaught and not analysis.wrongly_failed and not analysis.grader_errors


def grade_class(class_dir: Path, out: Path, assignment: Path, *extra: str, fresh: bool = False,
                ) -> subprocess.CompletedProcess:
    return run_grader("grade", class_dir, "--out", out, "--assignment", assignment, "--jobs", "2", *extra, fresh=fresh)


def test_a_forced_regrade_gives_the_same_gradebook_and_a_new_referee_regrades(tmp_path):
    assignment = tmp_path / "codebreaker"
    (assignment / "specs").mkdir(parents=True)
    for name in ("01-four-colours.yaml", "03-one-colour.yaml", "04-inconsistent-answers.yaml"):  # a few: quick
        shutil.copyfile(CODEBREAKER / "specs" / name, assignment / "specs" / name)
    for name in ("assignment.yaml", "referee.py"):
        shutil.copyfile(CODEBREAKER / name, assignment / name)
    class_dir = tmp_path / "class"
    for name in ("ok-strip-and-flush", "bug-no-repeated-colours"):
        shutil.copytree(CODEBREAKER / "tests" / "submissions" / name, class_dir / name)
    out = tmp_path / "out"
    first = grade_class(class_dir, out, assignment)
    assert first.returncode == 0, first.stderr
    gradebook = (out / "gradebook.csv").read_bytes()
    hashes = {path: path.read_bytes() for path in out.rglob("inputs.sha256")}
    assert grade_class(class_dir, out, assignment, "--force", fresh=True).returncode == 0  # another hash seed
    assert (out / "gradebook.csv").read_bytes() == gradebook
    with (assignment / "referee.py").open("a", encoding="utf-8") as referee:
        referee.write("# a change to the referee\n")
    assert grade_class(class_dir, out, assignment).returncode == 0
    assert all(path.read_bytes() != old for path, old in hashes.items())


def test_a_referee_spec_needs_the_assignment_s_referee(tmp_path):
    (tmp_path / "specs").mkdir()
    (tmp_path / "assignment.yaml").write_text("name: No referee\nprogram: game.py\n", encoding="utf-8")
    (tmp_path / "specs" / "01.yaml").write_text(
        "name: n\ndescription: d\npoints: 1\nvisibility: visible\nreferee: {seed: 1}\n", encoding="utf-8")
    (tmp_path / "game.py").write_text("print('hi')\n", encoding="utf-8")
    result = run_grader("check", tmp_path, "--assignment", tmp_path, timeout=60)
    assert result.returncode == 2
    assert "01.yaml: a referee spec, but" in result.stderr and "names no `referee`" in result.stderr


def test_a_failing_referee_is_the_instructor_s_error_named_with_its_file(tmp_path):
    folder = thinking_assignment(tmp_path)
    (folder / "referee.py").write_text(textwrap.dedent("""\
        from grader.referee import Referee as Base

        class Referee(Base):
            def reply(self, output):
                return {}["no such key"]
    """), encoding="utf-8")
    submission = tmp_path / "student"
    submission.mkdir()
    (submission / "echo.py").write_text("input('? ')\nprint('pong')\n", encoding="utf-8")
    result = run_grader("check", submission, "--assignment", folder, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"{folder / 'referee.py'}: the referee failed: KeyError" in result.stderr
