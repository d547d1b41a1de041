"""Screenshots of a web page at its failing step, as data: named in results.json (and read back), shown in
feedback.md and report.html, kept for a hidden spec only in the instructor's results, and written
beside the results with any earlier grade's pictures removed."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from grader.judge.judging import MISMATCH, Verdict
from grader.report.feedback import feedback_markdown
from grader.report.html import class_report_html
from grader.report.results import dumps, from_json
from grader.report.screenshots import write_screenshots
from grader.grading.results import build_results
from grader.spec.specs import parse_spec

PNG = b"\x89PNG\r\n\x1a\n picture"
SPEC = """name: {name}
description: Shows the page.
points: 5
visibility: {visibility}
steps:
  - click: Go
  - expect: {{Feedback: done}}
"""


def _verdict(spec_id: str, visibility: str = "visible") -> Verdict:
    spec = parse_spec(SPEC.format(name=spec_id.title(), visibility=visibility), f"{spec_id}.yaml", spec_id)
    return replace(Verdict(spec, MISMATCH, "the page after action 1 (click “Go”) is not what was expected", 1,
                           "Feedback: not yet\n"), screenshot=PNG)


def test_a_failing_web_spec_names_its_picture_and_reads_it_back():
    results = build_results([_verdict("shown")])
    assert results.tests[0].screenshot == "screenshots/shown.png"
    assert from_json(json.loads(dumps(results))).tests[0].screenshot == "screenshots/shown.png"


def test_a_hidden_specs_picture_is_kept_only_for_the_instructor():
    hidden = _verdict("secret", "hidden")
    assert build_results([hidden]).tests[0].screenshot is None
    assert build_results([hidden], reveal_hidden=True).tests[0].screenshot == "screenshots/secret.png"


def test_feedback_and_the_class_report_show_the_picture():
    results = build_results([_verdict("shown")])
    assert "![The page where it went wrong](screenshots/shown.png)" in feedback_markdown(results)
    page = class_report_html([("ann", results)], folders={"ann": "students/ann"})
    assert '<img src="students/ann/screenshots/shown.png"' in page
    assert "<img" not in class_report_html([("ann", results)])  # no folder known (gradebook): no broken picture


def test_pictures_are_written_beside_the_results_and_old_ones_removed(tmp_path: Path):
    (tmp_path / "screenshots").mkdir()
    (tmp_path / "screenshots" / "gone.png").write_bytes(PNG)
    verdicts = [_verdict("shown"), _verdict("secret", "hidden")]
    write_screenshots(tmp_path, build_results(verdicts), verdicts)
    assert sorted(path.name for path in (tmp_path / "screenshots").iterdir()) == ["shown.png"]
    assert (tmp_path / "screenshots" / "shown.png").read_bytes() == PNG
