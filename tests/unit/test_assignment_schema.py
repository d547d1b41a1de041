"""The published JSON Schema of assignment.yaml (grader/spec/assignment.schema.json, for editors and
docs/writing-specs.md) says what the loader says: the bundled files satisfy it, and it accepts exactly
the data the loader accepts, key by key."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from grader.spec.assignment import KEYS, AssignmentError, parse_assignment

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "grader" / "spec" / "assignment.schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_the_schema_is_a_schema_naming_every_key_the_loader_knows():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert set(SCHEMA["properties"]) == KEYS and set(SCHEMA["required"]) == {"name", "program"}


@pytest.mark.parametrize("path", [ROOT / "assignment.yaml", *sorted(ROOT.glob("assignments/*/assignment.yaml"))],
                         ids=lambda path: path.parent.name)
def test_every_bundled_assignment_yaml_satisfies_the_schema(path):
    assert list(VALIDATOR.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8")))) == []


@pytest.mark.parametrize("data", [
    {"name": "Game", "program": "game.py"},
    {"name": "Game", "program": "game.py", "arguments": ["--plain"], "referee": "referee.py"},
    {"name": "Game", "program": "main.js", "command": ["node", "main.js"], "arguments": []},
    [],
    {"program": "game.py"},
    {"name": "Game"},
    {"name": " ", "program": "game.py"},
    {"name": 3, "program": "game.py"},
    {"name": "Game", "program": "src/game.py"},
    {"name": "Game", "program": ".."},
    {"name": "Game", "program": ""},
    {"name": "Game", "program": "game.py", "command": "python3 game.py"},
    {"name": "Game", "program": "game.py", "command": []},
    {"name": "Game", "program": "game.py", "command": ["python3", ""]},
    {"name": "Game", "program": "game.py", "arguments": [1]},
    {"name": "Game", "program": "game.py", "referee": "refs/referee.py"},
    {"name": "Game", "program": "game.py", "langauge": "c"},
    {"name": "Game", "program": "game.py", "parameters": {"rows": 8, "duplicates": True, "palette": "RGB"}},
    {"name": "Game", "program": "game.py", "parameters": {"rows": 8}, "variants": {"ten-rows": {"rows": 10}, "eight": None}},
    {"name": "Game", "program": "game.py", "parameters": {}},
    {"name": "Game", "program": "game.py", "parameters": {"rows": 8.5}},
    {"name": "Game", "program": "game.py", "parameters": {"Rows": 8}},
    {"name": "Game", "program": "game.py", "variants": {"ten-rows": {"rows": 10}}},
    {"name": "Game", "program": "game.py", "parameters": {"rows": 8}, "variants": {}},
    {"name": "Game", "program": "game.py", "parameters": {"rows": 8}, "variants": {"Ten": {}}},
    {"name": "Game", "program": "game.py", "parameters": {"rows": 8}, "variants": {"ten": 10}},
    {"name": "Game", "program": "game.py", "parameters": {"rows": 8}, "variants": {"ten": {"rows": [10]}}},
    {"name": "Game", "program": "game.py", "deadline": "2026-12-01T23:59:00+00:00", "late_penalty": 10, "late_cap": 50},
    {"name": "Game", "program": "game.py", "late_penalty": 2.5, "grace_minutes": 15},
    {"name": "Game", "program": "game.py", "deadline": "2026-12-01T23:59:00"},
    {"name": "Game", "program": "game.py", "late_penalty": 101},
    {"name": "Game", "program": "game.py", "late_cap": 50},
    {"name": "Game", "program": "game.py", "deadline": "2026-12-01T23:59Z", "grace_minutes": 1.5},
    {"name": "Game", "program": "game.py", "explore": {"points": 10}},
    {"name": "Game", "program": "game.py", "explore": {"points": 2.5, "games": 50, "seed": 3, "visibility": "visible"}},
    {"name": "Game", "program": "game.py", "explore": {"games": 50}},
    {"name": "Game", "program": "game.py", "explore": {"points": -1}},
    {"name": "Game", "program": "game.py", "explore": {"points": 1, "games": 0}},
    {"name": "Game", "program": "game.py", "explore": {"points": 1, "seed": "x"}},
    {"name": "Game", "program": "game.py", "explore": {"points": 1, "visibility": "secret"}},
    {"name": "Game", "program": "game.py", "explore": {"points": 1, "time": 60}},
])
def test_the_schema_accepts_what_the_loader_accepts(data, tmp_path):
    (tmp_path / "referee.py").touch()  # a referee must exist, which no schema can say
    try:
        parse_assignment(data, tmp_path, "assignment.yaml")
        loads = True
    except AssignmentError:
        loads = False
    assert VALIDATOR.is_valid(data) == loads


@pytest.mark.parametrize("variants", [{"ten": {"rwos": 10}}, {"ten": {"rows": "10"}}])
def test_what_only_the_loader_can_say_about_variants(variants, tmp_path):
    """A parameter the variant does not know, or of another type than its default: the schema cannot
    compare a variant with `parameters`, the loader does."""
    data = {"name": "Game", "program": "game.py", "parameters": {"rows": 8}, "variants": variants}
    assert VALIDATOR.is_valid(data)
    with pytest.raises(AssignmentError):
        parse_assignment(data, tmp_path, "assignment.yaml")


def test_the_assignment_limits_are_the_spec_limits():
    spec = json.loads((ROOT / "grader" / "spec" / "spec.schema.json").read_text(encoding="utf-8"))
    assert SCHEMA["properties"]["limits"]["propertyNames"]["enum"] == list(spec["properties"]["limits"]["properties"])
