"""The match assignment through real processes: its corpus graded as the notes say, and a graded class's
report titled with the assignment's name."""

from __future__ import annotations

import shutil
from pathlib import Path

from grader.grading.corpus import analyse, grade_corpus, load_corpus
from grader.grading.plan import Plan, assignment_options
from grader.engine.runner import grade_spec
from grader.report.text import failure_details
from grader.spec.assignment import load_assignment
from grader.spec.specs import load_specs
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]
MATCH = ROOT / "assignments" / "match"


def test_the_corpus_is_graded_as_its_notes_say() -> None:
    assignment = load_assignment(MATCH)
    entries = load_corpus(assignment.corpus)
    assert sum(entry.expected == "PASS" for entry in entries) >= 3
    assert sum(entry.expected == "FAIL" for entry in entries) >= 12
    specs = load_specs(assignment.specs)
    analysis = analyse(entries, specs, grade_corpus(entries, Plan(assignment, tuple(specs), assignment_options(assignment)), jobs=2))
    assert not analysis.uncaught and not analysis.wrongly_failed and not analysis.grader_errors


def test_a_graded_class_s_report_is_titled_with_the_assignment_s_name(tmp_path) -> None:
    class_dir = tmp_path / "class"
    shutil.copytree(MATCH / "tests" / "submissions" / "bug-twelve-rows", class_dir / "ana")
    out = tmp_path / "grades"
    done = run_grader("grade", class_dir, "--out", out, "--assignment", MATCH, "--jobs", "2")
    assert done.returncode == 0, done.stderr
    assert "<title>Mastermind Match: class report</title>" in (out / "report.html").read_text()
    merged = tmp_path / "merged" / "book.csv"
    merged.parent.mkdir()
    done = run_grader("gradebook", out, "--out", merged, "--assignment", MATCH, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "<title>Mastermind Match: class report</title>" in (merged.parent / "report.html").read_text()


def test_a_refereed_failure_names_each_input_and_shows_the_line_the_referee_expected() -> None:
    assignment = load_assignment(MATCH)
    [spec] = [spec for spec in load_specs(assignment.specs) if spec.id == "11-refereed-match"]
    verdict = grade_spec(MATCH / "tests" / "submissions" / "bug-duplicates-counted-twice", spec,
                         assignment_options(assignment))
    details = "\n".join(failure_details(verdict))
    assert '"4"  (the number of games)' in details and "(player 1's code, game 1)" in details
    assert "(guess 1 of game 3)  <- the output after this one is where it went wrong" in details
    assert "- Black: 2, White: 1↵" in details and "+ Black: 2, White: 2↵" in details
    assert "| Guess 2:·" in details  # the rest of the output is context, not a difference
