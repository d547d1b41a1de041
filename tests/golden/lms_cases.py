"""A made-up class (results as plain data, no program run), its roster and an instructor's Canvas
export (`lms/`, written to Canvas's documented export layout), and the LMS import files rendered from
them. Every kind of unmatched student is in it: not in the roster (emeka), in the roster but not in
Canvas (=cmd, a formula-like id), in Canvas but without results (farah, Gus, the Test Student), not
graded (dara), not runnable (chen)."""

from __future__ import annotations

from pathlib import Path

from grader.report.lms import canvas_csv, moodle_csv
from grader.report.results import Results, TestResult, grader_error_results, with_problem
from grader.report.roster import parse_roster

FOLDER = Path(__file__).resolve().parent / "lms"
SPECS = [("win-first-guess", "Wins on the first guess", 10, False), ("rejects-letters", "Rejects letters", 15, False),
         ("twelve-guesses", "Loses after twelve guesses", 10, True)]


def results(*passed: bool) -> Results:
    tests = tuple(TestResult(spec=spec, name=name, score=points if ok else 0, max_score=points, passed=ok,
                             output="", hidden=hidden) for (spec, name, points, hidden), ok in zip(SPECS, passed))
    return Results(score=sum(test.score for test in tests), max_score=35, tests=tests)


def the_class() -> list[tuple[str, Results]]:
    return [("ada", results(True, True, True)), ("brian", results(True, False, False)),
            ("chen", with_problem(results(False, False, False), "no mastermind.py (found: main.py)")),
            ("dara", grader_error_results("the sandbox could not start", 35)),
            ("emeka", results(True, True, False)), ("=cmd", results(False, True, True))]


def roster():
    return parse_roster((FOLDER / "roster.csv").read_text(encoding="utf-8"), "lms/roster.csv")


def rendered() -> dict[str, str]:
    template = (FOLDER / "canvas-export.csv").read_text(encoding="utf-8")
    canvas = canvas_csv(template, "lms/canvas-export.csv", the_class(), roster(), column="4821")
    moodle = moodle_csv(the_class(), roster(), "email", points=100, column="Mastermind")
    return {"lms/canvas-import.csv": canvas.text, "lms/canvas-unmatched.txt": "\n".join(canvas.unmatched.lines()) + "\n",
            "lms/moodle-import.csv": moodle.text, "lms/moodle-unmatched.txt": "\n".join(moodle.unmatched.lines()) + "\n"}
