"""What the bundles share, read as tables: where the handout and the Gradescope zip go unless told, a
finished folder put in place whole, and the one line a dry run says of what the platform reads back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grader.platforms.dry_run import read_back
from grader.platforms.publishing import default_outputs, replace_folder
from grader.spec.assignment import load_assignment, with_variant

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("folder, variant, handout, zipped", [
    ("", None, "dist/mastermind/handout", "dist/mastermind/autograder.zip"),
    ("assignments/colour", None, "dist/colour/handout-eight-rows", "dist/colour/autograder.zip"),  # the first variant
    ("assignments/colour", "ten-rows", "dist/colour/handout-ten-rows", "dist/colour/autograder.zip"),
])
def test_each_assignment_and_variant_builds_into_its_own_folder_of_dist(folder, variant, handout, zipped):
    assignment = load_assignment(ROOT / folder)
    assignment = with_variant(assignment, variant) if variant else assignment
    assert default_outputs(assignment) == (Path(handout), Path(zipped))


@pytest.mark.parametrize("before", [None, "old.txt"])
def test_a_finished_build_replaces_the_folder_whole_and_leaves_nothing_beside_it(before, tmp_path):
    out, build = tmp_path / "out", tmp_path / ".out.build"
    if before:
        out.mkdir()
        (out / before).write_text("old")
    build.mkdir()
    (build / "new.txt").write_text("new")
    replace_folder(build, out)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out"]
    assert sorted(path.name for path in out.iterdir()) == ["new.txt"]


@pytest.mark.parametrize("results, said", [
    ({"score": 3, "tests": [{}, {}]}, "score 3, 2 test(s)"),  # Gradescope's
    ({"gradable": True, "score": 0.5, "tests": [{}]}, "gradable true, score 0.5, 1 test(s)"),  # PrairieLearn's
    ({"score": 1, "max-score": 2}, "score 1, max-score 2, 0 test(s)"),  # Classroom 50's
    ({"tests": None}, "0 test(s)"),
])
def test_what_the_platform_reads_back_is_said_in_one_line(results, said, tmp_path):
    path = tmp_path / "results.json"
    path.write_text(json.dumps(results), encoding="utf-8")
    assert read_back(path) == said


@pytest.mark.parametrize("text", [None, "{not json"])
def test_results_the_platform_cannot_read_are_said_to_be(text, tmp_path):
    path = tmp_path / "results.json"
    if text is not None:
        path.write_text(text, encoding="utf-8")
    assert read_back(path).startswith("no results it can read (")
