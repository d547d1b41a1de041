"""Which variant a platform's submission has: each platform's word for the student (Gradescope's
submission_metadata.json email, Classroom 50's GitHub login, PrairieLearn's `params.variant`), then the
one lookup all share: the student's row of variants.csv (written by `gradescope`/`classroom50
--variants-from`), else the id hash of `grade --variants-by-id`; every mistake named."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest

from grader.base.errors import UsageError
from grader.commands.platform_variant import identified, on_platform, platform_variant
from grader.platforms.variants import (VARIANTS_FILE, parse_variants_file, question_variant, roster_variants,
                                       student_variant_name, submitter, variants_file)
from grader.spec.assignment import load_assignment
from grader.spec.variants import student_variant

ROOT = Path(__file__).resolve().parents[2]
METADATA = {"id": 1, "users": [{"email": "Ada@Uni.example", "id": 7, "name": "Ada"}, {"email": "bob@uni.example"}]}


@pytest.mark.parametrize("metadata", [{}, {"users": []}, {"users": [{"name": "Ada"}]}, {"users": [{"email": " "}]}, []])
def test_metadata_without_a_submitter_s_email_is_named(metadata):
    with pytest.raises(UsageError, match="m.json: no `users\\[0\\].email`"):
        submitter(metadata, "m.json")


def test_the_first_user_is_the_submitter():
    assert submitter(METADATA, "m.json") == "Ada@Uni.example"


@pytest.mark.parametrize("data", [{}, {"params": {}}, {"params": {"variant": 10}}, {"params": {"variant": " "}}, []])
def test_question_data_without_a_variant_name_says_what_server_py_must_set(data):
    with pytest.raises(UsageError, match='d.json: no `params.variant`: the question\'s server.py must set'):
        question_variant(data, "d.json")


def test_the_question_s_variant_is_its_params_variant():
    assert question_variant({"params": {"variant": "ten-rows", "rows": 10}, "variant_seed": 3}, "d.json") == "ten-rows"


@pytest.mark.parametrize("key, rows, text", [
    ("email", {"bob@uni.example": "ten-rows", "Ada@Uni.example": "eight-rows"},
     "email,variant\nada@uni.example,eight-rows\nbob@uni.example,ten-rows\n"),
    ("username", {"OctoCat": "ten-rows", "ada-l": "twelve-rows"}, "username,variant\nada-l,twelve-rows\noctocat,ten-rows\n"),
])
def test_variants_csv_is_sorted_by_its_key_and_read_back_in_lower_case(key, rows, text):
    assert variants_file(rows, key) == text
    assert parse_variants_file(text, "v.csv", key) == {student.lower(): variant for student, variant in rows.items()}


def test_a_table_keyed_by_another_column_is_named_not_misread():
    with pytest.raises(UsageError, match="v.csv: expected the columns username,variant .*by their username"):
        parse_variants_file("email,variant\na@b,ten-rows\n", "v.csv", "username")


@pytest.mark.parametrize("pair, want", [("username=octocat", ("username", "octocat")), ("email=a@b=c", ("email", "a@b=c")),
                                        ("username=", ("username", ""))])
def test_a_student_is_a_key_and_an_id(pair, want):
    assert identified(pair) == want


@pytest.mark.parametrize("pair", ["octocat", "login=octocat", "=octocat"])
def test_a_student_without_a_known_key_is_refused(pair):
    with pytest.raises(argparse.ArgumentTypeError, match="expected KEY=ID with KEY one of email, username"):
        identified(pair)


def colour_at(tmp_path: Path) -> Path:
    folder = tmp_path / "colour"
    folder.mkdir()
    for name in ("assignment.yaml", "referee.py"):
        shutil.copyfile(ROOT / "assignments" / "colour" / name, folder / name)
    (tmp_path / "metadata.json").write_text(json.dumps(METADATA), encoding="utf-8")
    return folder


def test_the_one_lookup_takes_the_row_of_variants_csv_else_the_hash_and_refuses_a_student_without_a_row(tmp_path):
    folder = colour_at(tmp_path)
    colour = load_assignment(folder)
    assert student_variant_name("octocat", "username", colour) == student_variant("octocat", colour.variants).name
    (folder / VARIANTS_FILE).write_text("username,variant\noctocat,twelve-rows\n", encoding="utf-8")
    assert student_variant_name("OctoCat", "username", colour) == "twelve-rows"
    with pytest.raises(UsageError, match="no variant for hubot \\(their username\\): not graded"):
        student_variant_name("hubot", "username", colour)
    with pytest.raises(UsageError, match="no username to tell the student's variant by"):
        student_variant_name("", "username", colour)


def options(**given: object) -> argparse.Namespace:
    names = ("variant_from_metadata", "variant_of", "variant_from_data")
    return argparse.Namespace(**{name: given.get(name) for name in names})


@pytest.mark.parametrize("given, official", [
    ({}, False),  # a student's own check: told the official grading isolates their program fully
    ({"variant_from_metadata": "submission_metadata.json"}, True),  # Gradescope's run_autograder
    ({"variant_of": ("username", "octocat")}, True),  # Classroom 50's autograder.py: its run is the official grading
    ({"variant_from_data": "data.json"}, True),  # PrairieLearn's entrypoint
])
def test_a_platform_s_run_is_told_apart_from_a_student_s_own_check(given, official):
    assert on_platform(options(**given)) is official


def test_each_platform_names_its_student_and_the_same_lookup_gives_the_variant(tmp_path):
    folder = colour_at(tmp_path)
    colour = load_assignment(folder)
    (tmp_path / "data.json").write_text(json.dumps({"params": {"variant": "ten-rows"}}), encoding="utf-8")
    (folder / VARIANTS_FILE).write_text("email,variant\nada@uni.example,twelve-rows\n", encoding="utf-8")
    assert platform_variant(options(variant_from_metadata=tmp_path / "metadata.json"), colour) == (True, "twelve-rows")
    assert platform_variant(options(variant_of=("email", "ADA@uni.example")), colour) == (True, "twelve-rows")
    with pytest.raises(UsageError, match="expected the columns username,variant"):  # a Gradescope table on Classroom 50
        platform_variant(options(variant_of=("username", "octocat")), colour)
    assert platform_variant(options(variant_from_data=tmp_path / "data.json"), colour) == (True, "ten-rows")
    assert platform_variant(options(), colour) == (False, None)
    with pytest.raises(UsageError, match="--variant-of and --variant-from-data: give one of them"):
        platform_variant(options(variant_of=("username", "x"), variant_from_data="d.json"), colour)
    with pytest.raises(UsageError, match="nowhere.json: cannot read the question's data"):
        platform_variant(options(variant_from_data=tmp_path / "nowhere.json"), colour)
    # An assignment without variants reads nothing: the digit game's bundles pass the options all the same.
    assert platform_variant(options(variant_from_data=tmp_path / "nowhere.json"), load_assignment(ROOT)) == (True, None)


@pytest.mark.parametrize("key", ["email", "username"])
def test_the_autograder_s_table_comes_from_the_roster_s_column_of_the_platform_s_key(key, tmp_path):
    colour = load_assignment(colour_at(tmp_path))
    roster = tmp_path / "roster.csv"
    roster.write_text(f"student,{key},variant\nada,ada-id,ten-rows\nbob,bob-id,eight-rows\n", encoding="utf-8")
    assert roster_variants(roster, "variant", colour, key) == {"ada-id": "ten-rows", "bob-id": "eight-rows"}
    roster.write_text("student,variant\nada,ten-rows\n", encoding="utf-8")
    with pytest.raises(UsageError, match=f"no column '{key}' \\(the autograder knows a student by their {key}\\)"):
        roster_variants(roster, "variant", colour, key)
    roster.write_text(f"student,{key},variant\nada,,ten-rows\n", encoding="utf-8")
    with pytest.raises(UsageError, match=f"no {key} for ada: the autograder could not tell their variant"):
        roster_variants(roster, "variant", colour, key)
    roster.write_text(f"student,{key},variant\nada,ada-id,ten\n", encoding="utf-8")
    with pytest.raises(UsageError, match="no known variant in the column variant for ada-id"):
        roster_variants(roster, "variant", colour, key)
