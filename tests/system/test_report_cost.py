"""What a flood costs the report: tests/hostile/report_flood prints some 24,000 alternating short lines
before every prompt (nothing to collapse), so every step of every spec differs by a flood. The work is
counted (cProfile's call counts of the real functions), never timed: each differing step is aligned once
for the report, its results and its JUnit file together, only the rows a budget shows are made visible,
the lines a step's comparison or diff looks at are bounded, and a rule spec reads each distinct line of a
step once, whatever the program printed."""

from __future__ import annotations

import cProfile
from pathlib import Path

from conftest import calls
from grader.engine.runner import Options, run_spec
from grader.judge.judging import judge
from grader.judge.matching import MAX_DIFF_LINES
from grader.judge.rendering import CHANGES_BUDGET, DIFF_BUDGET
from grader.report.junit import junit_xml
from grader.grading.results import build_results
from grader.report.text import render_text
from grader.spec.specs import load_specs

ROOT = Path(__file__).resolve().parents[2]
FLOOD = ROOT / "tests" / "hostile" / "report_flood"
EXPECTED_LINES = 40  # more than any step of the suite expects


def test_a_flood_costs_the_report_what_its_budgets_show() -> None:
    specs = load_specs(ROOT / "specs", visible_only=True)[::3]  # every kind of step, a third of the CPU
    sessions = [run_spec(FLOOD, spec, Options()) for spec in specs]
    assert all(len(session.outputs[0]) > 40_000 for session in sessions)  # it flooded every spec
    profile = cProfile.Profile()
    profile.enable()
    verdicts = [judge(spec, session) for spec, session in zip(specs, sessions)]  # rule specs read every line
    report = render_text(verdicts, "flood")
    build_results(verdicts)
    junit_xml(verdicts, "ada", reveal_hidden=True)
    profile.disable()
    differing = sum(len(verdict.differences) for verdict in verdicts)
    steps = sum(len(session.outputs) for session in sessions)
    assert differing >= 20 and "more lines" in report
    assert len(report) <= 4_000 * len(specs)  # what each failure says is within budgets too
    assert calls(profile, "judge/matching", "diff_rows") <= differing  # at most once per step, not once per telling
    assert calls(profile, "judge/rendering", "visible") <= differing * (DIFF_BUDGET + CHANGES_BUDGET)
    # judging a step stops at its first wrong line; a diff aligns a window of the flood, not all of it
    looked_at = (steps + differing) * EXPECTED_LINES + differing * MAX_DIFF_LINES
    assert calls(profile, "judge/comparison", "normalise_line") <= looked_at
    assert calls(profile, "judge/matching", "_same") <= steps * EXPECTED_LINES + differing * EXPECTED_LINES * MAX_DIFF_LINES
    # a rule spec reads each distinct line of a step once, the expected ones and the printed ones
    assert calls(profile, "judge/facts", "tokens") <= 2 * sum(len(spec.steps) for spec in specs) * EXPECTED_LINES
