"""Every registered output format renders a submission's results (graded, or a grader error) or a
class's, from the one input its kind takes."""

from __future__ import annotations

import json

import pytest

from golden.cases import class_of_slips
from grader.report.formats import CLASS_FORMATS, STUDENT_FILES, SUBMISSION_FORMATS, Class, Submission, render
from grader.report.results import from_json, grader_error_results
from grader.grading.results import build_results

VERDICTS = tuple(class_of_slips())
GRADED = Submission(build_results(list(VERDICTS)), VERDICTS, student="ada", title="Checking ada")
FAILED = Submission(grader_error_results("the sandbox could not start", 10), student="bob", error="the sandbox could not start")


@pytest.mark.parametrize("name", sorted(SUBMISSION_FORMATS))
def test_each_submission_format_renders_a_graded_submission(name: str) -> None:
    assert render(name, GRADED).strip()


@pytest.mark.parametrize("name", STUDENT_FILES)
def test_each_file_of_a_students_folder_renders_a_grader_error_too(name: str) -> None:
    assert render(name, FAILED).strip()


def test_the_results_format_is_the_results_file() -> None:
    assert from_json(json.loads(render("results", GRADED))) == GRADED.results


@pytest.mark.parametrize("name", sorted(CLASS_FORMATS))
def test_each_class_format_renders_a_class(name: str) -> None:
    assert render(name, Class((("ada", GRADED.results), ("bob", FAILED.results)))).strip()


def test_every_format_has_its_own_file() -> None:
    files = [format.file for format in (*SUBMISSION_FORMATS.values(), *CLASS_FORMATS.values())]
    assert len(files) == len(set(files))
