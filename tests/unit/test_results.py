"""The results format: what the grader writes validates against its schema and reads back the same; a
file that is not results is named with what is wrong; one number style; the grader-error form."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from conftest import PROGRAM
from golden.cases import first_step_skipped, keyless_replayed, rule_slips
from grader.base.errors import UsageError
from grader.judge.judging import Session, judge
from grader.judge.outcome import Ending
from grader.grading.results import build_results
from grader.report.text import render_text
from grader.report.results import (dumps, from_json, grader_error_results, read_results, schema, to_json, with_problem,
                            write_results)
from grader.spec.specs import parse_spec

SPEC = """
name: {name}
description: Checks the key prompt.
points: {points}
visibility: {visibility}
steps:
  - prompt: "Enter key: "
    input: "1234"
  - output: |
      bye
"""


def spec(spec_id: str, points: float = 6, visibility: str = "visible"):
    return parse_spec(SPEC.format(name=f"the {spec_id} spec", points=points, visibility=visibility), f"{spec_id}.yaml", spec_id)


def verdicts():
    """A pass, a visible failure, a hidden failure with the same difference, a partial-looking 2.5 points."""
    good = Session(("Enter key: ", "bye\n"), Ending.EXITED, exit_status=0, script=PROGRAM)
    bad = Session(("Enter number to be guessed: ", "bye\n"), Ending.EXITED, exit_status=0, script=PROGRAM)
    return [judge(spec("a", 2.5), good), judge(spec("b"), bad), judge(spec("c", visibility="hidden"), bad)]


def test_what_is_written_validates_and_reads_back_the_same(tmp_path: Path):
    results = build_results(verdicts(), reveal_hidden=True)
    jsonschema.validate(to_json(results), schema())
    write_results(tmp_path / "results.json", results)
    assert read_results(tmp_path / "results.json") == results
    error = grader_error_results("boom", 14)
    jsonschema.validate(to_json(error), schema())
    assert from_json(json.loads(dumps(error))) == error and error.grader_error == "boom"
    refused = with_problem(results, "no mastermind.py (found: main.py)")
    jsonschema.validate(to_json(refused), schema())
    assert from_json(to_json(refused)).problem == "no mastermind.py (found: main.py)"
    assert refused.output == "Your submission could not be run: no mastermind.py (found: main.py)"


def test_the_optional_keys_of_a_slip_told_once_validate_and_read_back(tmp_path: Path):
    """The first-step problem, the spec a failure is told in, and a failure's one-line cause: all new keys
    are optional, so older results still read, and what is written reads back the same."""
    for verdicts_ in (first_step_skipped(), rule_slips()):
        results = build_results(verdicts_, reveal_hidden=True)
        jsonschema.validate(to_json(results), schema())
        write_results(tmp_path / "results.json", results)
        assert read_results(tmp_path / "results.json") == results
    skipped = build_results(first_step_skipped())
    assert skipped.first_step and skipped.first_step in skipped.output
    told = build_results(rule_slips(), reveal_hidden=True)
    assert told.test("01-exact").told_in == "08-non-digit"
    assert told.test("02-win").failure.cause == "win: 0 guesses instead of 1 guesses"
    assert told.test("08-non-digit").failure.cause.startswith("ValueError: invalid literal for int()")


def test_one_number_style_whole_numbers_without_a_decimal_point():
    text = dumps(build_results(verdicts()))
    assert '"score": 2.5' in text and '"max_score": 14.5' in text and '"max_score": 6,' in text
    assert ".0," not in text and ".0\n" not in text


def test_a_hidden_failure_keeps_its_data_only_in_the_instructors_results():
    for_students = build_results(verdicts())
    hidden = for_students.test("c")
    assert hidden.hidden and hidden.failure is None and "Enter number" not in hidden.output
    kept = build_results(verdicts(), reveal_hidden=True).test("c").failure
    assert kept.step == 0 and kept.changes == ("- Enter key:·", "+ Enter number to be guessed:·")


def test_results_written_elsewhere_read_with_defaults():
    results = from_json({"score": 0, "output": "could not run", "tests": []})
    assert results.max_score == 0 and results.tests == () and results.grader_error is None
    only_gradescope = from_json({"tests": [{"name": "x", "score": 1, "max_score": 2}]})
    test = only_gradescope.tests[0]
    assert (test.spec, test.passed, test.failure, only_gradescope.score) == ("x", False, None, 1)


@pytest.mark.parametrize("content, words", [
    ('[1]', "expected an object"),
    ('{"score": "x", "tests": []}', "`score` must be a number"),
    ('{"score": true}', "`score` must be a number"),
    ('{"tests": {}}', "`tests` must be a list"),
    ('{"tests": [5]}', "test 1 is not an object"),
    ('{"tests": [{}, {"output": 5}]}', "test 2: `output` must be text"),
    ('{"tests": [{"tags": "a"}]}', "test 1: `tags` must be a list of text"),
    ('{"tests": [{"status": "ok"}]}', "test 1: `status` must be one of passed, failed"),
    ('{"tests": [{"extra_data": {"failure": {"step": 1}}}]}', "test 1: `extra_data` `failure` must have `kind`"),
    ('{"extra_data": {"grader_error": 3}}', "`extra_data` `grader_error` must be text"),
])
def test_a_malformed_results_file_is_named_with_what_is_wrong(tmp_path, content, words):
    path = tmp_path / "ada" / "results.json"
    path.parent.mkdir()
    path.write_text(content)
    with pytest.raises(UsageError, match=f"{path}: not a results.json: {words}"):
        read_results(path)


def test_unreadable_and_missing_files_are_named(tmp_path):
    (tmp_path / "bad.json").write_bytes(b"\xff{")
    with pytest.raises(UsageError, match="bad.json: not a readable results.json"):
        read_results(tmp_path / "bad.json")
    with pytest.raises(UsageError, match="nope.json: no such results file"):
        read_results(tmp_path / "nope.json")


def test_a_program_that_never_reads_the_key_gets_a_report_that_fits_a_screen():
    """Its cause first, then the summary lines, then the failures told in full only within 80 lines."""
    lines = render_text(keyless_replayed(), "Checking di/mastermind.py against 12 spec(s) from specs").splitlines()
    assert len(lines) <= 80 and lines[2].startswith("Before anything else: the program never asks for the key")
    assert "(9 more failures not told in full: see their summary lines above)" in lines
