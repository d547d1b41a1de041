"""Assignment folders: assignment.yaml read into plain data, the root's the digit game's, and every
mistake in the file named with the file and the reason."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from grader.spec.assignment import AssignmentError, Exploring, command_line, load_assignment, parse_assignment
from grader.platforms.gradescope import build_gradescope
from grader.platforms.handout import build_handout
from grader.spec.variants import Variant

ROOT = Path(__file__).resolve().parents[2]


def test_the_root_is_the_digit_assignment():
    digits = load_assignment(ROOT)
    assert (digits.program, digits.command, digits.config) == ("mastermind.py", ("python3", "mastermind.py"),
                                                               ROOT / "assignment.yaml")
    assert digits.specs == ROOT / "specs" and digits.corpus == ROOT / "tests" / "submissions"
    assert digits.slug == "mastermind"


@pytest.mark.parametrize("data, folder, slug", [
    ({"name": "Game", "program": "game.py", "slug": "match"}, "anything", "match"),
    ({"name": "Game", "program": "game.py"}, "Colour Game_2", "colour-game-2"),  # from the folder's name
])
def test_the_slug_names_the_outputs(data, folder, slug, tmp_path):
    (tmp_path / folder).mkdir()
    assert parse_assignment(data, tmp_path / folder, "assignment.yaml").slug == slug


@pytest.mark.parametrize("name, program", [("colour", "mastermind_game.py"), ("codebreaker", "codebreaker.py"),
                                           ("match", "match.py")])
def test_each_bundled_assignment_has_the_root_s_shape(name, program):
    assignment = load_assignment(ROOT / "assignments" / name)
    assert assignment.program == program
    assert assignment.referee == ROOT / "assignments" / name / "referee.py"
    for folder in (assignment.specs, assignment.reference, assignment.template, assignment.corpus):
        assert folder.is_dir(), folder
    assert (assignment.reference / program).is_file() and (assignment.template / program).is_file()
    assert (assignment.template / "README.md").is_file()


@pytest.mark.parametrize("data, command", [
    ({"name": "Game", "program": "game.py"}, ("python3", "game.py")),
    ({"name": "Game", "program": "game.py", "arguments": ["--plain"]}, ("python3", "game.py", "--plain")),
    ({"name": "Game", "program": "main.js", "command": ["node", "main.js"]}, ("node", "main.js")),
])
def test_the_command_to_run(data, command, tmp_path):
    assignment = parse_assignment(data, tmp_path, "assignment.yaml")
    assert assignment.command == command
    assert command_line(assignment.command, assignment.program, ("--demo",)) == command + ("--demo",)
    seeded = command_line(assignment.command, assignment.program, ("--demo",), seed=7)
    if command[0] == "python3":  # seeded through the boot, then exactly the same command line
        assert seeded[:2] == ("python3", "-c") and seeded[3:] == ("7",) + command[1:] + ("--demo",)
    else:  # another language is started as it is
        assert seeded == command + ("--demo",)


@pytest.mark.parametrize("data, reason", [
    ([], "expected a mapping"),
    ({"program": "game.py"}, "`name` is missing"),
    ({"name": "Game"}, "`program` is missing"),
    ({"name": " ", "program": "game.py"}, "`name` must be a non-empty string"),
    ({"name": "Game", "program": "src/game.py"}, "`program` must be a file name"),
    ({"name": "Game", "program": "game.py", "command": "python3 game.py"}, "`command` must be a list"),
    ({"name": "Game", "program": "game.py", "command": []}, "`command` is empty"),
    ({"name": "Game", "program": "game.py", "arguments": [1]}, "`arguments` must be a list"),
    ({"name": "Game", "program": "game.py", "referee": "judge.py"}, "the referee .* does not exist"),
    ({"name": "Game", "program": "game.py", "langauge": "c"}, "unknown key.*langauge"),
    ({"name": "Game", "program": "game.py", "slug": "My Game"}, "`slug` must be lower-case letters"),
    ({"name": "Game", "program": "game.py", "slug": "../up"}, "`slug` must be lower-case letters"),
    ({"name": "Game", "program": "game.py", "explore": 10}, "`explore` must be a mapping with `points`"),
    ({"name": "Game", "program": "game.py", "explore": {"points": 1, "games": 0}}, "`games` must be a whole number, 1"),
    ({"name": "Game", "program": "game.py", "explore": {"points": 1, "visibility": "x"}}, "`visibility` is hidden or visible"),
    ({"name": "Game", "program": "game.py", "explore": {"points": 1, "time": 9}}, "unknown key.*time"),
])
def test_every_mistake_is_named_with_the_file(data, reason, tmp_path):
    with pytest.raises(AssignmentError, match=reason) as caught:
        parse_assignment(data, tmp_path, "x/assignment.yaml")
    assert str(caught.value).startswith("x/assignment.yaml: ")


def test_explore_is_read_with_its_defaults(tmp_path):
    data = {"name": "Game", "program": "game.py", "explore": {"points": 10}}
    assert parse_assignment(data, tmp_path, "assignment.yaml").explore == Exploring(10.0, 300, 0, "hidden")
    assert parse_assignment({"name": "Game", "program": "game.py"}, tmp_path, "assignment.yaml").explore is None


def test_unreadable_or_missing_files_are_named(tmp_path):
    with pytest.raises(AssignmentError, match="no such file"):
        load_assignment(tmp_path)
    (tmp_path / "assignment.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    with pytest.raises(AssignmentError, match=r"assignment.yaml:\d+: not valid YAML"):
        load_assignment(tmp_path)
    with pytest.raises(AssignmentError, match="no such assignment folder"):
        load_assignment(tmp_path / "missing")


def test_an_assignment_s_handout_and_autograder_carry_it(tmp_path):
    colour = load_assignment(ROOT / "assignments" / "colour")
    handout = build_handout(tmp_path / "handout", colour.specs, colour)
    assert load_assignment(handout).variants == (Variant("eight-rows", (("rows", 8),)),)  # its default variant alone
    assert (handout / "referee.py").is_file() and (handout / "student_template" / "mastermind_game.py").is_file()
    assert "student_template/mastermind_game.py" in (handout / "README.md").read_text(encoding="utf-8")
    assert load_assignment(handout).program == "mastermind_game.py"
    assert {path.name for path in (handout / "specs").iterdir()} == \
        {path.name for path in colour.specs.glob("0*.yaml")} | {"suite.yaml"}  # the visible ones, and their rules
    with zipfile.ZipFile(build_gradescope(tmp_path / "autograder.zip", colour.specs, colour)) as archive:
        names = set(archive.namelist())
    assert {"assignment.yaml", "referee.py", "specs/21-hidden-loss.yaml", "specs/suite.yaml", "grader/referee.py"} <= names
    assert "grader/referee.py" in {path.relative_to(handout).as_posix() for path in handout.rglob("*.py")}  # its check loads it
