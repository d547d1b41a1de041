#!/usr/bin/env python3
"""`grader explore` on every program of tests/explore/ at the default budget (300 games, seed 0), as the
issue asks and the test suite cannot afford: a `FIND:` program must be found and shrunk to at most 10
inputs, a `SAME:` program (the references too) must show no difference, each within 2 minutes. The
programs of tests/explore/ASSIGNMENT/ (and assignments/ASSIGNMENT/reference) are explored with that
assignment's game and suite, the others with the digit game's. Prints a row per program (games, shrinking
games, inputs, rule, seconds) and exits 1 if any row is wrong.

    .venv/bin/python bench/explore_corpus.py [PROGRAM_FOLDER...]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "explore"
ASSIGNMENTS = ROOT / "assignments"
MAX_INPUTS, MAX_SECONDS = 10, 120


def assignment_of(program: Path) -> list[str]:
    """`--assignment` for a program of tests/explore/ASSIGNMENT/ or assignments/ASSIGNMENT/; none for the digit game."""
    program = program.resolve()
    folder = ASSIGNMENTS / program.parent.name
    return ["--assignment", str(folder)] if program.parent.parent in (CORPUS, ASSIGNMENTS) and folder.is_dir() else []


def corpus() -> list[Path]:
    """The digit game's reference and programs, then each other assignment's reference and programs."""
    folders = sorted(folder for folder in CORPUS.iterdir() if folder.is_dir())
    others = [folder for folder in folders if (ASSIGNMENTS / folder.name).is_dir()]
    return [ROOT / "reference", *(folder for folder in folders if folder not in others),
            *(program for other in others
              for program in (ASSIGNMENTS / other.name / "reference", *sorted(p for p in other.iterdir() if p.is_dir())))]


def explored(program: Path) -> tuple[dict, float, str]:
    with tempfile.TemporaryDirectory() as scratch:
        found = Path(scratch) / "found.json"
        started = time.monotonic()
        result = subprocess.run([sys.executable, "-m", "grader", "explore", str(program), *assignment_of(program),
                                 "--json", str(found)], cwd=ROOT, capture_output=True, text=True)
        return json.loads(found.read_text(encoding="utf-8")), time.monotonic() - started, result.stdout


def main(folders: list[str]) -> int:
    programs = [Path(folder) for folder in folders] or corpus()
    wrong = 0
    for program in programs:
        note = (program / "note.txt").read_text(encoding="utf-8") if (program / "note.txt").is_file() else "SAME"
        found, seconds, stdout = explored(program)
        shrunk = stdout.split(", shrunk in ")[1].split(" more game")[0] if found["found"] else "-"
        right = found["found"] == note.startswith("FIND") and len(found["inputs"]) <= MAX_INPUTS and seconds < MAX_SECONDS
        wrong += not right
        name = program.name if assignment_of(program) == [] else f"{program.parent.name}/{program.name}"
        rule = found["rule"] or ("every line" if found["found"] else "no difference")  # a suite without rules: ""
        print(f"{'ok ' if right else 'BAD'} {name:32} games {found['games']:>3}  shrinking {shrunk:>3}  "
              f"inputs {len(found['inputs']):>2}  {rule:18} {seconds:5.1f} s", flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
