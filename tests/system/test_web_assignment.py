"""The web-colour assignment end to end through the commands, on real pages in real chromium: `check`
passes the engine's contract page and reports a bug by its actions with a screenshot, and `grade`
grades a class of pages the same way twice, with the picture in feedback.md and report.html. The handout's
example spec stands for the rest, to keep the browser's time small."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from browsers import NEEDS_BROWSER, ROOT
from grader.engine.browser import SCREENSHOT_BUDGET
from grader_command import run_grader

ASSIGNMENT = ROOT / "assignments" / "web-colour"
PAGE = ROOT / "tests" / "pages" / "colour"
SPECS = ("suite.yaml", "01-example.yaml")

pytestmark = NEEDS_BROWSER


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The handout's example spec, the contract page and the page with misplaced counted with the exact ones."""
    folder = tmp_path_factory.mktemp("web")
    (folder / "specs").mkdir()
    for name in SPECS:
        shutil.copy(ASSIGNMENT / "specs" / name, folder / "specs" / name)
    shutil.copytree(PAGE, folder / "class" / "ann")
    shutil.copytree(PAGE, folder / "class" / "bob")
    score = folder / "class" / "bob" / "score.js"
    score.write_text(score.read_text().replace("[exact, common - exact]", "[exact, common]"))
    return folder


def grader(*arguments: str) -> subprocess.CompletedProcess[str]:
    return run_grader(*arguments, "--assignment", ASSIGNMENT)


def test_check_passes_the_contract_page_and_shows_a_bug_by_its_actions_with_a_screenshot(pages: Path):
    good = grader("check", str(pages / "class" / "ann"), "--specs", str(pages / "specs"))
    assert good.returncode == 0, good.stdout + good.stderr
    assert "Score: 10/10" in good.stdout and "LOCAL PREVIEW" not in good.stdout
    bad = grader("check", str(pages / "class" / "bob"), "--specs", str(pages / "specs"),
                 "--screenshots", str(pages / "shots"))
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert "Problem: the page after action 9 (click “Check guess”) is not what was expected" in bad.stdout
    assert "  - Feedback: 1 exact, 2 misplaced↵" in bad.stdout and "    1 + Feedback: 1 exact, 3 misplaced↵" in bad.stdout
    picture = (pages / "shots" / "screenshots" / "01-example.png").read_bytes()
    assert picture.startswith(b"\x89PNG\r\n\x1a\n") and 1000 < len(picture) <= SCREENSHOT_BUDGET
    assert sorted(path.name for path in (pages / "shots" / "screenshots").iterdir()) == ["01-example.png"]


def test_grade_grades_a_class_of_pages_alike_twice_with_the_picture_in_its_reports(pages: Path):
    books = []
    for jobs, force in (("2", ()), ("1", ("--force",))):  # two pages at once, then one after the other
        done = grader("grade", str(pages / "class"), "--out", str(pages / "grades"), "--specs", str(pages / "specs"),
                      "--jobs", jobs, *force)
        assert done.returncode == 0, done.stdout + done.stderr
        books.append((pages / "grades" / "gradebook.csv").read_bytes())
    assert books[0] == books[1]
    assert b"ann,10," in books[0] and b"bob,0," in books[0]
    feedback = (pages / "grades" / "students" / "bob" / "feedback.md").read_text()
    assert "![The page where it went wrong](screenshots/01-example.png)" in feedback
    assert (pages / "grades" / "students" / "bob" / "screenshots" / "01-example.png").is_file()
    assert '<img src="students/bob/screenshots/01-example.png"' in (pages / "grades" / "report.html").read_text()
