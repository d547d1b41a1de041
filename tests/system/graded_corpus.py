"""The corpus of known submissions (tests/submissions/) graded on every spec, hidden ones included, as
`grader mutants` grades it (hangers with its short step timeout), each entry once per test process, when
a test first asks for it. Every test that reads it is marked IN_CORPUS: `make test` (--dist loadgroup)
runs them all in one worker, so each entry is graded once for the catchers, the isolation, the shares,
full marks and the report budgets alike, where each test file grading its own copy took twice as long."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from grader.engine.runner import Options
from grader.grading.corpus import grade_corpus, load_corpus, suite_table
from grader.grading.plan import Plan
from grader.judge.judging import Verdict
from grader.spec.assignment import load_assignment
from grader.spec.specs import load_specs

ROOT = Path(__file__).resolve().parents[2]
SPECS = {spec.id: spec for spec in load_specs(ROOT / "specs")}
TABLE = suite_table(ROOT / "specs", list(SPECS.values()))
PLAN = Plan(load_assignment(ROOT), tuple(SPECS.values()), Options())
CORPUS = load_corpus(ROOT / "tests" / "submissions", {row.rule for row in TABLE})
BY_NAME = {entry.name: entry for entry in CORPUS}
IN_CORPUS = pytest.mark.xdist_group("corpus")
CHECK_TITLE = "Checking mastermind.py against the specs"  # one line, as check's title is


@lru_cache(maxsize=None)
def verdicts_of(name: str) -> tuple[Verdict, ...]:
    """A corpus entry's verdicts on every spec, in spec order, four runs at a time: a run mostly waits (for
    the program to ask for input, or a hanger's step timeout), so four keep two cores busier than two."""
    return tuple(grade_corpus([BY_NAME[name]], PLAN, jobs=4)[name])
