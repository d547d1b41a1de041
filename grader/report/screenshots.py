"""Screenshots of web pages at the step where a spec went wrong: one PNG per failing spec (the browser
keeps each within its size budget, grader/engine/browser.py), written beside the student's results as
`screenshots/<spec>.png` and named in results.json, so feedback.md and report.html can show it. A hidden
spec's picture is kept only where its details are (the instructor's results)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Sequence

from grader.base.files import write_atomically
from grader.judge.judging import Verdict
from grader.report.results import Results

FOLDER = "screenshots"


def screenshot_name(verdict: Verdict) -> str | None:
    """Where a failing spec's picture goes, relative to the results; None when it has none."""
    return f"{FOLDER}/{verdict.spec.id}.png" if verdict.screenshot and not verdict.passed else None


def write_screenshots(folder: Path, results: Results, verdicts: Sequence[Verdict]) -> None:
    """The pictures `results` names, written under `folder`; any left from an earlier grade removed first."""
    shutil.rmtree(folder / FOLDER, ignore_errors=True)
    pictures = {verdict.spec.id: verdict.screenshot for verdict in verdicts}
    for test in results.tests:
        if test.screenshot and pictures.get(test.spec):
            (folder / FOLDER).mkdir(parents=True, exist_ok=True)
            write_atomically(folder / test.screenshot, pictures[test.spec])
