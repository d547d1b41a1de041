"""Which variant a Gradescope submission has: the submitter's email from submission_metadata.json, then
its row of variants.csv (written by `gradescope --variants-from`), else the id hash of `grade
--variants-by-id`; every mistake named."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest

from grader.base.errors import UsageError
from grader.commands.platform_variant import (VARIANTS_FILE, emailed_variants, metadata_variant, parse_variants_file,
                                              submitter, variants_file)
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


def test_variants_csv_is_sorted_and_read_back_by_email_in_lower_case():
    text = variants_file({"bob@uni.example": "ten-rows", "Ada@Uni.example": "eight-rows"})
    assert text == "email,variant\nada@uni.example,eight-rows\nbob@uni.example,ten-rows\n"
    assert parse_variants_file(text, "v.csv") == {"ada@uni.example": "eight-rows", "bob@uni.example": "ten-rows"}
    with pytest.raises(UsageError, match="v.csv: expected the columns email,variant"):
        parse_variants_file("mail,v\na,b\n", "v.csv")


def colour_at(tmp_path: Path) -> Path:
    folder = tmp_path / "colour"
    folder.mkdir()
    for name in ("assignment.yaml", "referee.py"):
        shutil.copyfile(ROOT / "assignments" / "colour" / name, folder / name)
    (tmp_path / "metadata.json").write_text(json.dumps(METADATA), encoding="utf-8")
    return folder


def test_the_submitter_s_variant_comes_from_variants_csv_else_from_the_hash(tmp_path):
    folder = colour_at(tmp_path)
    colour = load_assignment(folder)
    assert metadata_variant(tmp_path / "metadata.json", colour) == student_variant("Ada@Uni.example", colour.variants).name
    (folder / VARIANTS_FILE).write_text("email,variant\nada@uni.example,twelve-rows\n", encoding="utf-8")
    assert metadata_variant(tmp_path / "metadata.json", colour) == "twelve-rows"
    (folder / VARIANTS_FILE).write_text("email,variant\nbob@uni.example,twelve-rows\n", encoding="utf-8")
    with pytest.raises(UsageError, match="no variant for Ada@Uni.example, the submitter"):
        metadata_variant(tmp_path / "metadata.json", colour)
    assert metadata_variant(tmp_path / "nowhere.json", load_assignment(ROOT)) is None  # no variants: nothing read


def test_the_autograder_s_table_comes_from_the_roster_s_email_column(tmp_path):
    colour = load_assignment(colour_at(tmp_path))
    roster = tmp_path / "roster.csv"
    roster.write_text("student,email,variant\nada,ada@uni.example,ten-rows\nbob,bob@uni.example,eight-rows\n",
                      encoding="utf-8")
    args = argparse.Namespace(variants_from=(roster, "variant"))
    assert emailed_variants(args, colour) == {"ada@uni.example": "ten-rows", "bob@uni.example": "eight-rows"}
    roster.write_text("student,variant\nada,ten-rows\n", encoding="utf-8")
    with pytest.raises(UsageError, match="no column 'email'"):
        emailed_variants(args, colour)
    roster.write_text("student,email,variant\nada,,ten-rows\n", encoding="utf-8")
    with pytest.raises(UsageError, match="no email for ada: the autograder could not tell their variant"):
        emailed_variants(args, colour)
    roster.write_text("student,email,variant\nada,ada@uni.example,ten\n", encoding="utf-8")
    with pytest.raises(UsageError, match="no known variant in the column variant for ada@uni.example"):
        emailed_variants(args, colour)
    assert emailed_variants(argparse.Namespace(variants_from=None), colour) is None
