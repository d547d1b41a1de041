"""`grader explore`: random games against the reference find a bug the 22 specs miss, shrink it to a
short transcript, the same for the same seed, and save it as a spec that fails the program and passes the
reference; the reference and a formatting slip show no difference. Budgets are small here: the whole
corpus of tests/explore/ at the default budget is bench/explore_corpus.py's."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pexpect
import pytest

from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "explore"
BUG = CORPUS / "bug-last-char-not-checked"  # takes `012O` as a guess; game 3 of seed 0 shows it


def _transcript(stdout: str) -> str:
    """What was printed less the first line, which holds the seconds taken, and the last, which says where it was saved."""
    return stdout.split("\n", 1)[1].split("\nSaved as a spec: ")[0]


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    folder = tmp_path_factory.mktemp("explored")
    shutil.copy(ROOT / "specs" / "suite.yaml", folder)
    result = run_grader("explore", BUG, "--games", "5", "--json", folder / "found.json",
                        "--save", folder / "30-explored.yaml", fresh=True)
    return folder, result


def test_a_bug_the_specs_miss_is_found_and_shrunk_to_a_transcript_to_replay(found):
    folder, result = found
    assert result.returncode == 1, result.stderr
    written = json.loads((folder / "found.json").read_text(encoding="utf-8"))
    assert written["found"] is True and written["rule"] == "non-digit-message" and written["games"] == 3
    assert written["inputs"] == ["0123", "012O", "0123"]
    assert "Guess must" not in written["got"] and "Invalid input. Try again." in written["expected"]
    assert isinstance(written["seconds"], float)
    assert result.stdout.startswith("A difference from the reference in 3 games of 5 (seed 0)")
    assert "games/s" in result.stdout.splitlines()[0]
    assert "Rule non-digit-message: " in result.stdout and "Replay it:" in result.stdout
    assert all(f"{number}. {json.dumps(typed)}" in result.stdout for number, typed in enumerate(written["inputs"], 1))


def test_the_same_seed_gives_the_same_transcript(found, tmp_path):
    folder, first = found
    again = run_grader("explore", BUG, "--games", "5", "--json", tmp_path / "again.json")
    assert again.returncode == 1
    assert _transcript(again.stdout) == _transcript(first.stdout)
    kept = ("inputs", "rule", "expected", "got", "games")
    assert [json.loads((tmp_path / "again.json").read_text())[key] for key in kept] == \
        [json.loads((folder / "found.json").read_text())[key] for key in kept]


def test_the_saved_transcript_is_a_recorded_spec_that_fails_the_program_and_passes_the_reference(found):
    folder, _ = found
    assert run_grader("record", folder / "30-explored.yaml", "--check").returncode == 0
    failed = run_grader("check", BUG, "--specs", folder, "--jobs", "1")
    assert failed.returncode == 1 and "Explored: non-digit-message" in failed.stdout
    assert run_grader("check", ROOT / "reference", "--specs", folder, "--jobs", "1").returncode == 0


@pytest.mark.parametrize("program", [ROOT / "reference", CORPUS / "slip-history-without-space",
                                     CORPUS / "slip-win-exclaims"], ids=lambda path: path.name)
def test_the_reference_and_formatting_slips_show_no_difference(program, tmp_path):
    result = run_grader("explore", program, "--games", "6", "--json", tmp_path / "none.json")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("No difference from the reference in 6 games of 6 (seed 0)")
    assert json.loads((tmp_path / "none.json").read_text()) | {"seconds": 0} == \
        {"found": False, "inputs": [], "rule": "", "expected": "", "got": "", "games": 6, "seconds": 0}


@pytest.mark.parametrize("arguments, said", [
    (("--games", "0"), "--games: expected a whole number above 0"),
    (("--seed", "x"), "--seed: expected a whole number"),
    (("--assignment", ROOT / "assignments" / "codebreaker"), "no game to explore with for this assignment"),
])
def test_bad_arguments_exit_2_with_one_line(arguments, said):
    result = run_grader("explore", ROOT / "reference", *arguments)
    assert result.returncode == 2 and said in result.stderr and "Traceback" not in result.stderr


# Each assignment's own game: a program of tests/explore/<assignment>/ that earns full marks on the
# assignment's specs, the game that shows its bug (shrunk), and the rule it breaks ("": the guess suite
# declares no rules, so its games are compared line by line, as its specs are).
OTHER_GAMES = [
    ("guess", "bug-hundred-refused", ["100", "100"], "", "Type a whole number from 1 to 100.", '1. "100"\n'),
    ("match", "bug-lower-case-code-refused", ["2", "BbBB", "BBBB", "BBBB", "BBBB"], "key-pegs", "Guess 1: ",
     '1. "2"  (the number of games)\n'),  # the suite's input_labels
]


@pytest.mark.parametrize("assignment, bug, inputs, rule, got, first", OTHER_GAMES, ids=[row[0] for row in OTHER_GAMES])
def test_each_assignments_game_finds_a_bug_its_specs_miss(assignment, bug, inputs, rule, got, first, tmp_path):
    folder, program = ROOT / "assignments" / assignment, CORPUS / assignment / bug
    graded = run_grader("check", program, "--assignment", folder, "--jobs", "2")
    assert graded.returncode == 0 and "FAIL" not in graded.stdout, graded.stdout  # full marks on the specs
    result = run_grader("explore", program, "--assignment", folder, "--games", "5", "--json", tmp_path / "found.json")
    assert result.returncode == 1, result.stdout + result.stderr
    written = json.loads((tmp_path / "found.json").read_text(encoding="utf-8"))
    assert (written["inputs"], written["rule"]) == (inputs, rule) and got in written["got"]
    assert "Replay it:" in result.stdout and first in result.stdout
    assert f"Rule {rule}: " in result.stdout if rule else "Rule " not in result.stdout


@pytest.mark.parametrize("assignment", [row[0] for row in OTHER_GAMES])
def test_each_assignments_reference_shows_no_difference(assignment):
    result = run_grader("explore", ROOT / "assignments" / assignment / "reference", "--assignment",
                        ROOT / "assignments" / assignment, "--games", "60")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("No difference from the reference in 60 games of 60 (seed 0)")


@pytest.fixture(scope="module")
def explored_assignment(tmp_path_factory):
    """The digit game with one spec and a hidden part of 5 random games worth 10 points, and a class of
    two: the bug, and a copy of the reference."""
    folder = tmp_path_factory.mktemp("assignment")
    shutil.copytree(ROOT / "reference", folder / "reference")
    (folder / "specs").mkdir()
    for name in ("suite.yaml", "02-win-on-first-guess.yaml"):
        shutil.copy(ROOT / "specs" / name, folder / "specs")
    (folder / "assignment.yaml").write_text("name: Mastermind, explored\nslug: mastermind\nprogram: mastermind.py\n"
                                            "explore: {points: 10, games: 5}\n", encoding="utf-8")
    for student, program in (("alice", BUG), ("bob", ROOT / "reference")):
        shutil.copytree(program, folder / "class" / student)
    return folder


def test_check_runs_the_assignments_part_of_random_games_like_a_spec(explored_assignment):
    caught = run_grader("check", explored_assignment / "class" / "alice", "--assignment", explored_assignment)
    assert caught.returncode == 1 and "Score: 6/16" in caught.stdout
    assert "FAIL  explore" in caught.stdout and "The rule it broke: non-digit-message" in caught.stdout
    assert '2. "012O"' in caught.stdout
    visible = run_grader("check", explored_assignment / "class" / "alice", "--assignment", explored_assignment,
                         "--visible-only")
    assert visible.returncode == 0 and "explore" not in visible.stdout  # the part is hidden


def test_grade_scores_the_part_and_the_class_report_shows_whom_it_caught(explored_assignment):
    out = explored_assignment / "out"
    result = run_grader("grade", explored_assignment / "class", "--assignment", explored_assignment, "--out", out)
    assert result.returncode == 0, result.stdout + result.stderr
    rows = (out / "gradebook.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0] == "student,score,max_score,status,02-win-on-first-guess,explore,problem"
    assert rows[1:] == ["alice,6,16,points lost,6,0,", "bob,16,16,full marks,6,10,"]
    report = (out / "report.html").read_text(encoding="utf-8")
    assert "alice" in report and "012O" in report


def test_a_terminal_shows_a_progress_line_per_game():
    child = pexpect.spawn(sys.executable, ["-m", "grader", "explore", str(ROOT / "reference"), "--games", "2"],
                          cwd=str(ROOT), encoding="utf-8", timeout=120)
    child.expect_exact("game 1 of 2")
    child.expect_exact("game 2 of 2")
    child.expect_exact("No difference from the reference in 2 games of 2 (seed 0)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
