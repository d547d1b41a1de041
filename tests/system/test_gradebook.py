"""The gradebook CSV and the `gradebook` merge command: deterministic, sorted, honest about errors."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from grader.base.errors import UsageError
from grader.report.gradebook import gradebook_csv, neutralised
from grader.report.results import from_json, grader_error_results, with_problem
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]


def results_data(*tests: tuple[str, float, float]) -> dict:
    """A results.json as other graders write it: Gradescope's keys only."""
    return {
        "score": sum(score for _, score, _ in tests), "max_score": sum(top for _, _, top in tests),
        "tests": [{"name": f"the {spec} spec", "tags": [spec], "score": score, "max_score": top,
                   "status": "passed" if score == top else "failed",
                   "output": "Passed." if score == top else "Problem: it differs", "visibility": "visible"}
                  for spec, score, top in tests],
    }


def results(*tests: tuple[str, float, float]):
    return from_json(results_data(*tests))


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def test_columns_are_sorted_spec_ids_and_rows_sorted_students():
    text = gradebook_csv([
        ("zoe", results(("b-spec", 5, 5), ("a-spec", 0, 10))),
        ("adam", results(("a-spec", 10, 10), ("b-spec", 2.5, 5))),
    ])
    assert rows(text) == [
        ["student", "score", "max_score", "status", "a-spec", "b-spec", "problem"],
        ["adam", "12.5", "15", "points lost", "10", "2.5", ""],
        ["zoe", "5", "15", "points lost", "0", "5", ""],
    ]
    assert text.endswith("\r\n")
    reordered = gradebook_csv([("adam", results(("b-spec", 2.5, 5), ("a-spec", 10, 10))),
                               ("zoe", results(("a-spec", 0, 10), ("b-spec", 5, 5)))])
    assert reordered == text


def test_a_spec_missing_from_one_results_file_is_an_empty_cell_and_errors_have_no_score():
    error = grader_error_results("boom", 15)
    misnamed = with_problem(results(("a-spec", 0, 10)), "no mastermind.py (found: main.py)")
    text = gradebook_csv([("old", results(("a-spec", 10, 10))), ("new", results(("a-spec", 1, 10), ("c-spec", 1, 1))),
                          ("broken", error), ("misnamed", misnamed)])
    assert rows(text) == [
        ["student", "score", "max_score", "status", "a-spec", "c-spec", "problem"],
        ["broken", "", "15", "not graded", "", "", "not graded: boom"],
        ["misnamed", "0", "10", "no program", "0", "", "no mastermind.py (found: main.py)"],
        ["new", "2", "11", "points lost", "1", "1", ""],
        ["old", "10", "10", "full marks", "10", "", ""],
    ]


def run_gradebook(*args: str) -> subprocess.CompletedProcess:
    return run_grader("gradebook", *args)


def test_merge_command_takes_files_folders_and_file_name_ids(tmp_path: Path):
    for student, data in {"bea": results_data(("x", 1, 1)), "al": results_data(("x", 0, 1))}.items():
        (tmp_path / "jobs" / student).mkdir(parents=True)
        (tmp_path / "jobs" / student / "results.json").write_text(json.dumps(data))
        (tmp_path / "flat").mkdir(exist_ok=True)
        (tmp_path / "flat" / f"{student}.json").write_text(json.dumps(data))
    expected = "student,score,max_score,status,x,problem\r\nal,0,1,points lost,0,\r\nbea,1,1,full marks,1,\r\n"
    by_folder = run_gradebook(str(tmp_path / "jobs"), "--out", str(tmp_path / "book.csv"))
    assert by_folder.returncode == 0, by_folder.stderr
    assert (tmp_path / "book.csv").read_bytes() == expected.encode()
    by_files = run_gradebook(*sorted(str(p) for p in (tmp_path / "jobs").glob("*/results.json")))
    assert by_files.stdout.replace("\n", "\r\n").replace("\r\r", "\r") == expected
    by_stem = run_gradebook("--id-from", "stem", *map(str, (tmp_path / "flat").glob("*.json")))
    assert by_stem.returncode == 0 and by_stem.stdout.splitlines() == expected.splitlines()


def test_merge_refuses_duplicates_and_files_that_are_not_results(tmp_path: Path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "results.json").write_text(json.dumps(results_data(("x", 1, 1))))
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "results.json").write_text("{not json")
    duplicate = run_gradebook(str(tmp_path / "a" / "results.json"), str(tmp_path / "a" / "results.json"))
    assert duplicate.returncode == 2 and "more than one results file" in duplicate.stderr
    broken = run_gradebook(str(tmp_path / "bad" / "results.json"))
    assert broken.returncode == 2 and "bad/results.json" in broken.stderr and "Traceback" not in broken.stderr


@pytest.mark.parametrize("cell, shown", [
    ("=HYPERLINK(\"evil.example\")", "'=HYPERLINK(\"evil.example\")"),
    ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "'\tx"), ("\rx", "'\rx"),
    ("ada", "ada"), ("a=b", "a=b"), ("", ""),
])
def test_cells_a_spreadsheet_could_run_are_neutralised(cell, shown):
    assert neutralised(cell) == shown


def test_student_ids_reach_the_csv_safe_and_neutralised():
    book = gradebook_csv([("=cmd|' /C calc'!A0", results(("x", 1, 1))), ("\x1b[2Jeve\u202e", results(("x", 0, 1)))])
    rows = list(csv.reader(io.StringIO(book)))
    assert sorted(row[0] for row in rows[1:]) == ["'=cmd|' /C calc'!A0", "\\x1b[2Jeve\\u202e"]


def test_results_graded_elsewhere_whose_folders_are_shown_alike_are_refused_not_merged_into_one_row():
    """Folders of CI artifacts are raw names: `a<ESC>` and `a\x1b` would both be shown `a\x1b`."""
    with pytest.raises(UsageError, match=r"more than one results file for student\(s\): a\\x1b"):
        gradebook_csv([("a\x1b", results(("x", 1, 1))), ("a\\x1b", results(("x", 0, 1)))])


def test_each_assignment_grades_into_its_own_folder_and_gradebook_merges_one_at_a_time(tmp_path: Path):
    """Two assignments graded one after the other from the same folder, each by default into grades/<slug>/:
    both gradebooks stay; merging both at once is refused in one line naming them."""
    for assignment, program in ((ROOT, ROOT / "reference" / "mastermind.py"),
                                (ROOT / "assignments" / "guess", ROOT / "assignments" / "guess" / "reference" / "guess.py")):
        (tmp_path / assignment.name / "class" / "ada").mkdir(parents=True)
        shutil.copy(program, tmp_path / assignment.name / "class" / "ada")
        done = run_grader("grade", tmp_path / assignment.name / "class", "--assignment", assignment, "--jobs", "2",
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
        assert done.returncode == 0, done.stderr
    books = {slug: (tmp_path / "grades" / slug / "gradebook.csv").read_text() for slug in ("mastermind", "guess")}
    assert all("\nada," in book for book in books.values()) and books["mastermind"] != books["guess"]
    merged = run_gradebook(str(tmp_path / "grades"))
    assert merged.returncode == 2 and "Traceback" not in merged.stderr
    assert (f"results of two assignments, guess ({Path('grades/guess/students/ada/results.json')}) and mastermind"
            in merged.stderr.replace(str(tmp_path) + "/", "")), merged.stderr
    assert run_gradebook(str(tmp_path / "grades" / "guess")).stdout.startswith("student,score,max_score,status,")
