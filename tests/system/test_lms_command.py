"""`gradebook --format canvas|moodle` as instructors run it: the file written, every student left out
listed on stderr, bad options turned away in one line."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from golden.lms_cases import FOLDER, the_class
from grader.report.results import to_json
from grader_command import run_grader

ROOT = Path(__file__).resolve().parents[2]


def write_class(folder: Path) -> None:
    for student, result in the_class():
        if student.startswith("="):
            continue  # a folder name is tested elsewhere; here the roster holds the odd id
        (folder / student).mkdir(parents=True)
        (folder / student / "results.json").write_text(json.dumps(to_json(result)))


def run(*args: str) -> subprocess.CompletedProcess:
    return run_grader("gradebook", *args)


def test_gradebook_command_writes_canvas_and_lists_who_was_left_out(tmp_path: Path):
    write_class(tmp_path / "class")
    out = tmp_path / "canvas.csv"
    done = run(str(tmp_path / "class"), "--format", "canvas", "--roster", str(FOLDER / "roster.csv"),
               "--template", str(FOLDER / "canvas-export.csv"), "--column", "4821", "--points", "35", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_text().splitlines()[2] == '"Lovelace, Ada",1001,S-1001,ada,CS1 A,35'
    assert out.stat().st_mode & 0o777 == 0o600  # grades, as private as grade's own gradebook
    assert "not exported: graded, but not in the roster (or without its LMS id there): emeka" in done.stderr
    assert "not exported: not graded (the grader failed; left as they are): dara" in done.stderr
    assert "Farah, Nour (ID 1006)" in done.stderr
    assert done.stderr.strip().endswith("canvas: 3 student(s) exported to " + str(out) + ", 5 not exported (listed above)")
    assert not (tmp_path / "report.html").exists()


@pytest.mark.parametrize("args, message", [
    (["--format", "canvas", "--roster", "ROSTER"], "--format canvas needs --template"),
    (["--format", "moodle"], "--format moodle needs --roster FILE"),
    (["--format", "moodle", "--roster", "missing.csv"], "missing.csv: no such roster file"),
    (["--format", "moodle", "--roster", "ROSTER", "--points", "0"], "--points must be more than 0"),
    (["--format", "canvas", "--roster", "ROSTER", "--template", "ROSTER"], "not a Canvas gradebook export"),
])
def test_gradebook_command_turns_away_bad_lms_options_in_one_line(tmp_path: Path, args: list[str], message: str):
    write_class(tmp_path / "class")
    args = [str(FOLDER / "roster.csv") if arg == "ROSTER" else arg for arg in args]
    done = run(str(tmp_path / "class"), *args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr, done.stderr
