"""Parameters and named variants (grader/spec/variants.py): read from assignment.yaml into plain data with
every mistake named at its line, placeholders filled in, a student's variant from their id alone, and
what each variant is worth."""

from __future__ import annotations

from pathlib import Path

import pytest

from grader.base.errors import UsageError
from grader.grading.playable import referee_problems
from grader.grading.variants import variant_specs
from grader.grading.variant_files import fill_folder
from grader.spec.assignment import AssignmentError, load_assignment, with_variant
from grader.spec.specs import parse_spec
from grader.spec.variants import (DEFAULT, Variant, VariantError, choose, fill, for_variant, parse_variants,
                                  student_variant, unequal_points, variant_points)

ROOT = Path(__file__).resolve().parents[2]
EIGHT, TEN = Variant("eight-rows", (("rows", 8), ("duplicates", True))), Variant("ten-rows", (("rows", 10), ("duplicates", True)))


@pytest.mark.parametrize("parameters, variants, expected", [
    (None, None, ()),
    ({"rows": 8, "duplicates": True}, None, (Variant(DEFAULT, (("rows", 8), ("duplicates", True))),)),
    ({"rows": 8, "duplicates": True}, {"eight-rows": {}, "ten-rows": {"rows": 10}}, (EIGHT, TEN)),
    ({"rows": 8, "duplicates": True}, {"eight-rows": None, "ten-rows": {"rows": 10}}, (EIGHT, TEN)),  # `eight-rows:`
    ({"palette": "RGBYOP"}, {"six": {}, "eight": {"palette": "RGBYOPWK"}},
     (Variant("six", (("palette", "RGBYOP"),)), Variant("eight", (("palette", "RGBYOPWK"),)))),
])
def test_variants_are_read_the_default_first(parameters, variants, expected):
    assert parse_variants(parameters, variants) == expected


@pytest.mark.parametrize("parameters, variants, location, reason", [
    (None, {"ten-rows": {"rows": 10}}, ["variants"], "declare them first"),
    ({}, None, ["parameters"], "must map each parameter"),
    ([8], None, ["parameters"], "must map each parameter"),
    ({"Rows": 8}, None, ["parameters"], "a name is lower-case"),
    ({"rows": 8.5}, None, ["parameters", "rows"], "a whole number, true or false, or text"),
    ({"rows": [8]}, None, ["parameters", "rows"], "a whole number, true or false, or text"),
    ({"rows": 8}, [], ["variants"], "must map each variant's name"),
    ({"rows": 8}, {"Ten Rows": {"rows": 10}}, ["variants"], "lower-case letters, digits and dashes"),
    ({"rows": 8}, {"ten": 10}, ["variants", "ten"], "must map parameters to values"),
    ({"rows": 8}, {"ten": {"rwos": 10}}, ["variants", "ten", "rwos"], "unknown parameter 'rwos'; the parameters are rows"),
    ({"rows": 8}, {"ten": {"rows": "10"}}, ["variants", "ten", "rows"], "rows must be a whole number like its value"),
    ({"rows": 8}, {"ten": {"rows": True}}, ["variants", "ten", "rows"], "rows must be a whole number"),  # a bool is no number
    ({"duplicates": True}, {"none": {"duplicates": 0}}, ["variants", "none", "duplicates"], "must be true or false"),
])
def test_every_mistake_says_where_and_why(parameters, variants, location, reason):
    with pytest.raises(VariantError, match=reason) as caught:
        parse_variants(parameters, variants)
    assert caught.value.location == location


@pytest.mark.parametrize("text, line, reason", [
    ("name: Game\nprogram: game.py\nparameters: {rows: 8}\nvariants:\n  ten:\n    rwos: 10\n", 6, "unknown parameter 'rwos'"),
    ("name: Game\nprogram: game.py\nparameters:\n  rows: 8\nvariants:\n  ten: {rows: ten}\n", 6, "rows must be a whole number"),
    ("name: Game\nprogram: game.py\nparameters:\n  rows: 8.5\n", 4, "its value must be"),
    ("name: Game\nprogram: game.py\nvariants: {ten: {rows: 10}}\n", 3, "declare them first"),
])
def test_a_mistake_in_assignment_yaml_is_named_with_file_and_line(text, line, reason, tmp_path):
    (tmp_path / "assignment.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(AssignmentError, match=reason) as caught:
        load_assignment(tmp_path)
    assert str(caught.value).startswith(f"{tmp_path / 'assignment.yaml'}:{line}: ")


def test_a_variant_is_chosen_by_name_and_an_unknown_one_lists_them():
    colour = load_assignment(ROOT / "assignments" / "colour")
    assert [variant.name for variant in colour.variants] == ["eight-rows", "ten-rows", "twelve-rows"]
    assert colour.variant == colour.variants[0] and with_variant(colour, None).variant == colour.variants[0]
    assert with_variant(colour, "twelve-rows").variant.values == {"rows": 12}
    with pytest.raises(AssignmentError, match="no variant 'ten'; its variants are eight-rows, ten-rows, twelve-rows"):
        with_variant(colour, "ten")
    with pytest.raises(AssignmentError, match="no variant 'ten'; it has none"):
        with_variant(load_assignment(ROOT), "ten")
    assert choose((), None, "x") is None


@pytest.mark.parametrize("text, expected", [
    ("MAX_GUESSES = {{rows}}\n", "MAX_GUESSES = 10\n"),
    ("Ask with `Guess N/{{ rows }}: `", "Ask with `Guess N/10: `"),
    ("repeats: {{duplicates}}", "repeats: true"),
    ("print(f'{{x + 1}}')", "print(f'{{x + 1}}')"),  # no name alone: an f-string's doubled braces stay
    ("no placeholder", "no placeholder"),
])
def test_placeholders_are_filled_with_the_variant_s_values(text, expected):
    assert fill(text, TEN, lambda line, why: ValueError(why)) == expected


def test_a_placeholder_naming_no_parameter_is_named_with_its_line():
    with pytest.raises(ValueError, match="line 2: {{rwos}} names no parameter; the parameters are rows, duplicates"):
        fill("first\nMAX = {{rwos}}\n", TEN, lambda line, why: ValueError(f"line {line}: {why}"))


def test_a_name_alone_in_doubled_braces_is_a_placeholder_even_in_an_f_string():
    with pytest.raises(ValueError, match="names no parameter"):
        fill("{{ x }}", Variant("v", (("rows", 1),)), lambda line, why: ValueError(why))


@pytest.mark.parametrize("student, expected", [  # fixed by the documented rule: SHA-256, 8 bytes, modulo
    ("ada", "eight-rows"), ("bob", "eight-rows"), ("émile", "ten-rows"), ("fay", "ten-rows"), ("gus", "ten-rows"),
])
def test_a_student_s_variant_comes_from_their_id_alone(student, expected):
    variants = (EIGHT, TEN)
    assert student_variant(student, variants).name == expected
    assert student_variant(student, variants) == student_variant(student, variants)


def test_student_ids_spread_over_every_variant():
    three = (EIGHT, TEN, Variant("twelve-rows", (("rows", 12), ("duplicates", True))))
    counts = {variant.name: 0 for variant in three}
    for number in range(300):
        counts[student_variant(f"s{number:03}", three).name] += 1
    assert all(80 <= count <= 120 for count in counts.values()), counts


@pytest.mark.parametrize("marked, expected", [((), True), (("ten-rows",), True), (("eight-rows",), False)])
def test_a_marked_spec_grades_its_variants_only(marked, expected):
    assert for_variant(marked, TEN) == expected
    assert for_variant(marked, None)  # an assignment without variants grades every spec


@pytest.mark.parametrize("specs, expected", [
    ([((), 3.0), (("eight-rows",), 2.0), (("ten-rows",), 2.0)], {"eight-rows": 5.0, "ten-rows": 5.0}),
    ([((), 3.0), (("eight-rows",), 2.0)], {"eight-rows": 5.0, "ten-rows": 3.0}),
])
def test_what_each_variant_is_worth(specs, expected):
    assert variant_points(specs, (EIGHT, TEN)) == expected


SPEC = "name: Demo\ndescription: d\npoints: 1\nvisibility: visible\nvariants: [{}]\nsteps:\n  - output: [hi]\n"


def test_a_spec_marked_for_a_variant_is_graded_for_it_only_and_an_unknown_name_is_named():
    colour = load_assignment(ROOT / "assignments" / "colour")
    eight = parse_spec(SPEC.format("eight-rows"), "eight.yaml", "eight")
    assert eight.variants == ("eight-rows",)
    assert variant_specs(colour, [eight]) == [eight] and variant_specs(with_variant(colour, "ten-rows"), [eight]) == []
    wrong = parse_spec(SPEC.format("ten"), "ten.yaml", "ten")
    [problem] = referee_problems(colour, [wrong])
    assert str(problem).startswith("ten.yaml: `variants:` names ten") and "eight-rows, ten-rows, twelve-rows" in str(problem)


def test_a_folder_is_copied_with_its_placeholders_filled_in(tmp_path):
    source = tmp_path / "reference"
    (source / "sub").mkdir(parents=True)
    (source / "game.py").write_text("ROWS = {{rows}}\n", encoding="utf-8")
    (source / "sub" / "notes.md").write_text("no numbers\n", encoding="utf-8")
    (source / "logo.bin").write_bytes(b"\xff{{rows}}\x00")  # not text: copied as it is
    copy = fill_folder(source, tmp_path / "copy", TEN)
    assert (copy / "game.py").read_text(encoding="utf-8") == "ROWS = 10\n"
    assert (copy / "sub" / "notes.md").read_text(encoding="utf-8") == "no numbers\n"
    assert (copy / "logo.bin").read_bytes() == b"\xff{{rows}}\x00"
    (source / "sub" / "notes.md").write_text("one\ntwo {{colours}}\n", encoding="utf-8")
    with pytest.raises(UsageError, match=r"sub/notes.md:2: \{\{colours\}\} names no parameter"):
        fill_folder(source, tmp_path / "again", TEN)


def test_variants_worth_different_points_are_named_with_their_points():
    assert unequal_points([((), 3.0), (("eight-rows",), 2.0), (("ten-rows",), 2.0)], (EIGHT, TEN)) is None
    assert unequal_points([((), 3.0), (("eight-rows",), 2.0)], (EIGHT, TEN)).startswith(
        "the variants are not worth the same points (eight-rows 5, ten-rows 3)")
