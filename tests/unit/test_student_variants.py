"""Per-student variants, the pure parts: a roster column read into each student's variant (every
mistake named), the variant whose rules fit a submission clearly better, and how the gradebook, the
feedback, results.json and the class report say which variant a student had."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

import pytest

from grader.base.errors import UsageError
from grader.commands.platform_variant import roster_column
from grader.batch.students import Outcome, variants_from
from grader.batch.summary import variants_said
from grader.commands.student_variants import student_variants
from grader.grading.variants import closer_variant, fitting_runs
from grader.report.feedback import feedback_markdown
from grader.report.gradebook import gradebook_csv
from grader.report.html import class_report_html
from grader.report.results import Results, TestResult, dumps, from_json
from grader.spec.assignment import load_assignment, with_variant
from grader.spec.specs import load_specs, parse_spec
from grader.spec.variants import Variant, student_variant

ROOT = Path(__file__).resolve().parents[2]

EIGHT, TEN, TWELVE = (Variant(name, (("rows", rows),)) for name, rows in (("eight-rows", 8), ("ten-rows", 10), ("twelve-rows", 12)))
VARIANTS = (EIGHT, TEN, TWELVE)


def result(*scores: tuple[str, float, float], variant: str | None = "ten-rows",
           looks_like: tuple[str, float] | None = None) -> Results:
    tests = tuple(TestResult(spec, spec, score, top, score == top, "") for spec, score, top in scores)
    return Results(sum(t.score for t in tests), sum(t.max_score for t in tests), tests, variant=variant, looks_like=looks_like)


@pytest.mark.parametrize("text, expected", [
    ("roster.csv:variant", ("roster.csv", "variant")),
    ("C:/class/roster.csv:group", ("C:/class/roster.csv", "group")),  # the last colon splits
])
def test_a_roster_column_is_file_then_column(text, expected):
    path, column = roster_column(text)
    assert (str(path), column) == expected


@pytest.mark.parametrize("text", ["roster.csv", ":variant", "roster.csv:", "roster.csv: "])
def test_a_roster_column_without_both_parts_is_refused(text):
    with pytest.raises(argparse.ArgumentTypeError, match="expected ROSTER.csv:COLUMN"):
        roster_column(text)


def test_each_student_gets_the_variant_of_their_cell():
    chosen = variants_from({"ada": "ten-rows", "bob": "eight-rows", "zoe": "ten-rows"}, "r.csv", ["ada", "bob"], VARIANTS)
    assert chosen == {"ada": TEN, "bob": EIGHT}


@pytest.mark.parametrize("column, reason", [
    ({"ada": "ten-rows"}, "r.csv: no variant for bob "),
    ({"ada": "ten", "bob": "10 rows"}, "r.csv: no variant 10 rows, ten in the assignment; its variants are eight-rows, ten-rows, twelve-rows"),
])
def test_a_student_without_a_known_variant_is_named(column, reason):
    with pytest.raises(UsageError, match=reason):
        variants_from(column, "r.csv", ["ada", "bob"], VARIANTS)


def test_many_students_without_a_variant_are_counted_not_all_named():
    with pytest.raises(UsageError, match=r"no variant for s0, s1, s2, s3, s4 and 3 more"):
        variants_from({}, "r.csv", [f"s{n}" for n in range(8)], VARIANTS)


@pytest.mark.parametrize("results, said", [
    ([result(variant="ten-rows"), result(variant="ten-rows"), result(variant="eight-rows")],
     "variants: ten-rows 2, eight-rows 1 student(s); 0 look written for another variant's rules"),
    ([result(variant="ten-rows", looks_like=("eight-rows", 2.0)), result(variant=None)],
     "variants: ten-rows 1, ? 1 student(s); 1 look written for another variant's rules: s0 (eight-rows)"),
])
def test_the_console_counts_each_variant_s_students_and_names_who_looks_written_for_another(results, said):
    outcomes = [Outcome(f"s{number}", "graded", results) for number, results in enumerate(results)]
    assert variants_said(outcomes) == said


OWN = result(("win", 3, 3), ("loss", 0, 2), ("hidden-loss", 0, 2))


@pytest.mark.parametrize("others, expected", [
    ({"eight-rows": result(("loss", 2, 2), ("hidden-loss", 2, 2), variant="eight-rows")}, ("eight-rows", 4.0)),
    ({"eight-rows": result(("loss", 2, 2), ("hidden-loss", 0, 2)),
      "twelve-rows": result(("loss", 2, 2), ("hidden-loss", 2, 2))}, ("twelve-rows", 4.0)),  # the one giving back most
    ({"eight-rows": result(("loss", 2, 2), ("hidden-loss", 0, 2))}, ("eight-rows", 2.0)),  # half the points lost: clearly
    ({"eight-rows": result(("loss", 1, 2), ("hidden-loss", 0, 2))}, None),  # a quarter: not clearly
    ({"eight-rows": result(("loss", 0, 2), ("hidden-loss", 0, 2))}, None),
    ({}, None),
])
def test_another_variant_fits_clearly_better_when_its_rules_give_back_half_the_points_lost(others, expected):
    assert closer_variant(OWN, others) == expected


def test_only_the_failed_specs_are_run_again_and_only_by_the_other_variants():
    colour = with_variant(load_assignment(ROOT / "assignments" / "colour"), "ten-rows")
    specs = load_specs(colour.specs)
    own = result(("02-win", 3, 3), ("03-loss", 0, 2))
    runs = fitting_runs(own, colour, specs)
    assert [(other.variant.name, [spec.id for spec in again]) for other, again in runs] == [
        ("eight-rows", ["03-loss"]), ("twelve-rows", ["03-loss"])]
    others = {other.variant.name: result(*((spec.id, 2 if other.variant.name == "eight-rows" else 0, 2) for spec in again))
              for other, again in runs}  # the loss is eight-rows' rules: graded by them it passes
    assert closer_variant(own, others) == ("eight-rows", 2.0)
    assert fitting_runs(result(("02-win", 3, 3)), colour, specs) == []


def test_full_marks_never_look_like_another_variant():
    assert closer_variant(result(("win", 3, 3)), {"eight-rows": result(("win", 3, 3))}) is None


LOOKS = result(("loss", 0, 2), ("win", 3, 3), looks_like=("eight-rows", 2.0))


def test_results_json_carries_the_variant_and_what_it_looks_like():
    data = json.loads(dumps(LOOKS))
    assert data["extra_data"] == {"variant": "ten-rows", "looks_like": {"variant": "eight-rows", "points": 2}}
    assert from_json(data) == LOOKS
    assert "extra_data" not in json.loads(dumps(result(("win", 3, 3), variant=None)))  # no variants: as before


def test_the_gradebook_has_variant_columns_only_for_a_class_with_variants():
    book = gradebook_csv([("ada", result(("loss", 2, 2), ("win", 3, 3), variant="eight-rows")), ("chen", LOOKS)])
    assert book.splitlines() == ["student,score,max_score,status,variant,looks_like,loss,win,problem",
                                 "ada,5,5,full marks,eight-rows,,2,3,", "chen,3,5,points lost,ten-rows,eight-rows (+2),0,3,"]
    plain = gradebook_csv([("ada", result(("win", 3, 3), variant=None))])
    assert plain.splitlines()[0] == "student,score,max_score,status,win,problem"


def test_feedback_says_the_variant_and_which_rules_the_program_looks_written_for():
    text = feedback_markdown(LOOKS, "Colour Mastermind: your results")
    assert "Graded by the rules of your variant, **ten-rows**: your handout states its numbers." in text
    assert ("**This looks written for variant eight-rows.** Graded by that variant's rules, the tests it failed "
            "would earn back all 2 points it lost") in text
    assert "variant" not in feedback_markdown(result(("win", 3, 3), variant=None))


def test_the_class_report_shows_each_student_s_variant():
    page = class_report_html([("ada", result(("win", 3, 3), ("loss", 2, 2), variant="eight-rows")), ("chen", LOOKS)])
    assert '<button type="button">Variant</button>' in page
    assert '<td data-value="ten-rows">ten-rows <span class="tag warn">looks like eight-rows</span></td>' in page
    assert "Graded by the variant <strong>ten-rows</strong>. This looks written for variant eight-rows." in page
    assert "Variant" not in class_report_html([("ada", result(("win", 3, 3), variant=None))])


def test_grade_refuses_variants_worth_different_points_before_grading():
    colour = load_assignment(ROOT / "assignments" / "colour")
    spec = parse_spec("name: Demo\ndescription: d\npoints: 2\nvisibility: visible\nvariants: [eight-rows]\n"
                      "steps:\n  - output: [hi]\n", "demo.yaml", "demo")
    args = argparse.Namespace(variants_from=None, variants_by_id=True, variant=None)
    with pytest.raises(UsageError, match=r"not worth the same points \(eight-rows 2, ten-rows 0, twelve-rows 0\)"):
        student_variants(args, colour, ["ada"], [spec])
    assert student_variants(args, colour, ["ada"], [replace(spec, variants=())]) == {"ada": student_variant("ada", colour.variants)}
    with pytest.raises(UsageError, match="has no variants to give students"):
        student_variants(args, load_assignment(ROOT), ["ada"], [])


@pytest.mark.parametrize("extra", [{"variant": "**bold** <b>"}, {"variant": "ten-rows", "looks_like": {"variant": "A B", "points": 1}}])
def test_results_from_elsewhere_name_variants_as_assignment_yaml_does(extra):
    with pytest.raises(ValueError, match="variant"):
        from_json({"score": 0, "max_score": 1, "tests": [], "extra_data": extra})
