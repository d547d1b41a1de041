"""The spec loader: well-formed specs become plain data; malformed ones name the file, line and problem."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from conftest import ROOT, spec_from
from grader.spec.yaml_lines import SpecError
from grader.spec.specs import (SCHEMA_PATH, SUITE_FILE, SpecErrors, Suite, load_specs, parse_folder, parse_spec,
                               parse_suite)

GOOD = """\
name: a game
description: >
  two lines
  folded
points: 2
visibility: hidden
timeout: 3
steps:
  - prompt: "Enter key: "
    input: 0123
  - output:
      - "a : b"
      - regex: "x+"
      - contains: "0123"
    prompt: "Enter guess: "
    input: "  12 4 "
  - output: |
      done
    exit: 1
"""


def test_a_good_spec_becomes_plain_data():
    spec = parse_spec(GOOD, "good.yaml", "good")
    assert (spec.id, spec.name, spec.description, spec.points, spec.hidden, spec.timeout) == (
        "good", "a game", "two lines folded", 2, True, 3.0)
    assert spec.inputs == ("0123", "  12 4 ")
    assert [line.kind for line in spec.steps[1].lines] == ["exact", "regex", "contains"]
    assert spec.steps[2].lines[0].text == "done" and spec.steps[2].exit == 1
    assert spec.steps[0].exit is None


def test_unquoted_digits_stay_text_even_with_a_leading_zero():
    spec = spec_from('steps:\n  - input: 0123\n  - output:\n      - 0777\n')
    assert spec.inputs == ("0123",)
    assert spec.steps[1].lines[0].text == "0777"


BAD = [
    ("not yaml", "name: [unclosed\n", 2, "began on line 1"),
    ("unknown key", GOOD.replace("    input: 0123", "    inptu: 0123"), 9, "'inptu' was unexpected"),
    ("unknown top-level key", GOOD.replace("timeout: 3", "timeoutt: 3"), 1, "'timeoutt' was unexpected"),
    ("missing field", GOOD.replace("points: 2\n", ""), 1, "'points' is a required property"),
    ("wrong type", GOOD.replace("points: 2", "points: two"), 5, "'two' is not of type 'number'"),
    ("bad visibility", GOOD.replace("visibility: hidden", "visibility: secret"), 6, "'secret' is not one of"),
    ("unquoted colon in a line", GOOD.replace('- "a : b"', "- a : b"), 12, "step 2, output line 1"),
    ("bad regex", GOOD.replace('regex: "x+"', 'regex: "(x"'), 13, "bad regular expression"),
    ("input on the last step", GOOD.replace("    exit: 1", "    input: x"), 19, "takes no `input`"),
    ("missing input", GOOD.replace('    input: "  12 4 "\n', ""), 11, "step 2: needs an `input`"),
    ("duplicate key", GOOD.replace("points: 2", "points: 2\npoints: 3"), 6, "appears twice"),
    ("empty file", "", None, "empty"),
]


@pytest.mark.parametrize("text, line, words", [case[1:] for case in BAD], ids=[case[0] for case in BAD])
def test_a_malformed_spec_names_file_line_and_problem(text, line, words):
    with pytest.raises(SpecError) as caught:
        parse_spec(text, "specs/bad.yaml", "bad")
    assert caught.value.line == line
    assert words in caught.value.message
    assert str(caught.value).startswith(f"specs/bad.yaml:{line}: " if line else "specs/bad.yaml: ")


def test_a_folder_with_one_bad_spec_reports_every_bad_file_and_loads_nothing(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD)
    (tmp_path / "b.yaml").write_text("name: [")
    (tmp_path / "c.yaml").write_text(GOOD.replace("points: 2", "points: x"))
    with pytest.raises(SpecErrors) as caught:
        load_specs(tmp_path)
    assert [e.path.rsplit("/", 1)[-1] for e in caught.value.errors] == ["b.yaml", "c.yaml"]


def test_visible_only_filters_hidden_specs_and_an_empty_selection_is_an_error(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD)
    assert [s.id for s in load_specs(tmp_path)] == ["a"]
    with pytest.raises(SpecErrors, match="no visible spec files"):
        load_specs(tmp_path, visible_only=True)


def test_the_shipped_specs_load_and_satisfy_the_published_schema():
    schema = json.loads(SCHEMA_PATH.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    specs = load_specs(ROOT / "specs")
    assert specs
    for spec in specs:
        data = yaml.load(open(spec.path), Loader=yaml.BaseLoader)  # text as written, like the loader
        data["points"] = spec.points
        if "timeout" in data:
            data["timeout"] = spec.timeout
        for step in data["steps"]:
            if "exit" in step:
                step["exit"] = int(step["exit"])
        jsonschema.validate(data, schema)


def test_limits_per_spec_are_read_and_unknown_limits_rejected():
    spec = parse_spec(GOOD.replace("timeout: 3", "limits:\n  cpu_seconds: 2\n  output_bytes: 500"), "a.yaml", "a")
    assert dict(spec.limits) == {"cpu_seconds": 2, "output_bytes": 500}
    with pytest.raises(SpecError, match="'cpu' was unexpected"):
        parse_spec(GOOD.replace("timeout: 3", "limits:\n  cpu: 2"), "a.yaml", "a")


@pytest.mark.parametrize("text, words", [
    (GOOD.replace("points: 2", "points: .nan"), "finite"),
    (GOOD.replace("input: 0123", 'input: "01\\n23"'), "no line break or control character"),
    (GOOD.replace("input: 0123", 'input: "\\x03"'), "no line break or control character"),
])
def test_values_the_terminal_or_the_score_cannot_take_are_rejected(text, words):
    with pytest.raises(SpecError, match=words):
        parse_spec(text, "a.yaml", "a")


def test_a_tab_inside_an_input_is_fine():
    assert parse_spec(GOOD.replace("input: 0123", 'input: "01\\t23"'), "a.yaml", "a").inputs[0] == "01\t23"


def test_comparison_options_default_to_an_exact_all_or_nothing_spec():
    spec = parse_spec(GOOD, "a.yaml", "a")
    assert (spec.ignore, spec.scoring, spec.input_labels) == ((), "all_or_nothing", ())


# (the spec's own keys, the suite's defaults, the options the spec ends up with)
OPTIONS = [
    ("", {}, ((), "all_or_nothing", ())),
    ("ignore: [case, banner]\nscoring: per_step\ninput_labels: [the key]\n", {},
     (("banner", "case"), "per_step", ("the key",))),
    ("", {"ignore": ["prompts"], "scoring": "per_step", "input_labels": ["the key"]},
     (("prompts",), "per_step", ("the key",))),
    ("ignore: []\n", {"ignore": ["prompts", "case"], "scoring": "per_step"}, ((), "per_step", ())),
    ("scoring: all_or_nothing\ninput_labels: [0123]\n", {"ignore": ["escapes"], "scoring": "per_step"},
     (("escapes",), "all_or_nothing", ("0123",))),
]


@pytest.mark.parametrize("own, defaults, expected", OPTIONS)
def test_a_specs_own_option_replaces_the_suite_default(own, defaults, expected):
    spec = parse_spec(own + GOOD, "a.yaml", "a", Suite(defaults))
    assert (spec.ignore, spec.scoring, spec.input_labels) == expected


@pytest.mark.parametrize("text, line, words", [
    ("ignore: [colour]\n", 1, "'colour' is not one of"),
    ("ignore: [case, case]\n", 1, "non-unique"),
    ("ignore: case\n", 1, "not of type 'array'"),
    ("scoring: partial\n", 1, "'partial' is not one of"),
    ("input_labels: ['']\n", 1, "should be non-empty"),
])
def test_bad_options_are_rejected_with_their_line(text, line, words):
    with pytest.raises(SpecError) as caught:
        parse_spec(text + GOOD, "a.yaml", "a")
    assert caught.value.line == line and words in caught.value.message


def test_the_suite_file_gives_defaults_and_is_not_a_spec(tmp_path):
    (tmp_path / "a.yaml").write_text(GOOD)
    (tmp_path / "b.yaml").write_text("ignore: []\n" + GOOD.replace("a game", "another game"))
    (tmp_path / SUITE_FILE).write_text("defaults:\n  ignore: [blank_lines]\n  scoring: per_step\n")
    specs = load_specs(tmp_path)
    assert [(s.id, s.ignore, s.scoring) for s in specs] == [
        ("a", ("blank_lines",), "per_step"), ("b", (), "per_step")]


@pytest.mark.parametrize("text, line, words", [
    ("ignore: [case]\n", 1, "the suite file: Additional properties are not allowed ('ignore' was unexpected)"),
    ("{}\n", 1, "the suite file: 'defaults' is a required property"),
    ("defaults:\n  timeout: 3\n", 2, "'timeout' was unexpected"),
    ("defaults:\n  ignore: [case]\n  scoring: half\n", 3, "'half' is not one of"),
    ("defaults: [\n", 2, "not valid YAML"),
])
def test_a_malformed_suite_file_names_its_line_and_the_specs_still_get_checked(tmp_path, text, line, words):
    with pytest.raises(SpecError) as caught:
        parse_suite(text, "specs/suite.yaml")
    assert caught.value.line == line and words in caught.value.message
    (tmp_path / SUITE_FILE).write_text(text)
    (tmp_path / "a.yaml").write_text(GOOD)
    (tmp_path / "b.yaml").write_text("name: [")
    specs, errors = parse_folder(tmp_path)
    assert [s.id for s in specs] == ["a"]
    assert [e.path.rsplit("/", 1)[-1] for e in errors] == [SUITE_FILE, "b.yaml"]


def test_the_shipped_suite_file_satisfies_the_published_schema():
    suite = ROOT / "specs" / SUITE_FILE
    parsed = parse_suite(suite.read_text(encoding="utf-8"), str(suite))
    assert set(parsed.defaults) <= {"ignore", "scoring", "input_labels"}
    assert set(parsed.rules) == {spec.rule for spec in load_specs(ROOT / "specs")}  # each rule has a spec
