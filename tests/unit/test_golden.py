"""Golden files of what people read (the text report, results.json, feedback.md, JUnit XML), rendered
from made-up verdicts: a change to any of them shows as a diff here. After a deliberate change, run
`python3 tests/golden/refresh.py` and review `git diff tests/golden`."""

from __future__ import annotations

import difflib

import pytest

from golden.cases import FOLDER, rendered

RENDERED = rendered()


@pytest.mark.parametrize("name", sorted(RENDERED))
def test_rendered_output_matches_its_golden_file(name: str):
    expected = (FOLDER / name).read_bytes().decode("utf-8")  # as written: CSV lines end in \r\n
    actual = RENDERED[name]
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), f"golden/{name}", "rendered now"))
    assert actual == expected, f"{name} changed (refresh with python3 tests/golden/refresh.py if meant):\n{diff[:20000]}"


def test_nothing_a_program_prints_makes_a_rendered_file_large():
    """990 KB of NUL bytes, 100 blank lines and 500 distinct lines are among the cases: every file stays small."""
    for name, text in RENDERED.items():
        assert len(text.encode()) < 20_000, name
    assert len(RENDERED["report.txt"].splitlines()) <= 140
