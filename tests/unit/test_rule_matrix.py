"""The rules table, the rule x spec matrix and the isolation check of `grader mutants`, on plain data
(grader/report/rule_matrix.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from grader.report.rule_matrix import (MatrixRow, isolation_problems, render_matrix, render_rules_table,
                                       rules_table)
from grader.spec.specs import load_specs, load_suite
from grader.spec.vocabulary import RuleInfo

ROOT = Path(__file__).resolve().parents[2]
SUITE = load_specs(ROOT / "specs")
RULES = load_suite(ROOT / "specs").rules
TEMPLATE = SUITE[0]


def spec(number: str, rule: str, points: float = 5):
    return replace(TEMPLATE, id=f"{number}-x", rule=rule, points=points)


SPECS = [spec("01", "presentation", 10), spec("02", "win", 6), spec("03", "scoring", 12), spec("20", "win", 4)]
TABLE = rules_table({"presentation": RuleInfo("presentation", "Exact.", ()), "win": RuleInfo("win", "Wins.", ("won",)),
                     "scoring": RuleInfo("scoring", "Counts.", ("scores",))}, SPECS)


def test_the_table_gives_each_rule_its_specs_and_points_in_suite_order():
    assert [(row.rule, [s.id for s in row.specs], row.points) for row in TABLE] == [
        ("presentation", ["01-x"], 10), ("win", ["02-x", "20-x"], 10), ("scoring", ["03-x"], 12)]


def test_the_bundled_suite_table_adds_up_to_the_suite():
    table = rules_table(RULES, SUITE)
    assert [row.rule for row in table] == list(RULES)
    assert sum(row.points for row in table) == sum(s.points for s in SUITE)
    assert all(row.specs for row in table), "every rule of the suite has a spec"


def test_a_suite_without_rules_is_one_block():
    specs = [spec("01", ""), spec("02", "")]
    table = rules_table({}, specs)
    assert [(row.rule, row.points) for row in table] == [("", 10)]
    assert render_rules_table(table) == ["Rules: the suite declares none (10 points, every spec its own)"]
    assert render_matrix([MatrixRow("bug-x", (), (5, 0), "ok", " 50%")], specs, table) == [
        "              01 02    lost",
        "names no rule it breaks:",
        "  bug-x        5  .       5  ok        50%",
    ]


def test_a_rule_the_suite_does_not_declare_comes_last():
    table = rules_table({"win": RuleInfo("win", "Wins.", ("won",))}, [spec("01", "odd"), spec("02", "win")])
    assert [(row.rule, [s.id for s in row.specs]) for row in table] == [("win", ["02-x"]), ("odd", ["01-x"])]


def test_the_table_is_rendered_with_shares_and_descriptions():
    lines = render_rules_table(TABLE)
    assert lines[0] == "Rules: what each is worth (32 points in all)"
    assert "  win               10    31%  02 (6), 20 (4)" in lines
    assert lines[lines.index("  win               10    31%  02 (6), 20 (4)") + 1].strip() == "Wins."


@pytest.mark.parametrize("rules, lost, problems", [
    (("scoring",), (10, 0, 6, 0), []),  # the exact game shows a rule bug: no problem
    (("scoring",), (0, 6, 6, 0), ["loses 6 points in 02-x, a spec of win, a rule it does not break"]),
    (("win",), (10, 0, 0, 0), ["earns full marks in every spec of win, the rule it breaks"]),
    (("win",), (0, 0, 0, 1.5), []),  # one spec of the rule is enough
    (("presentation", "win"), (10, 6, 0, 4), []),
    (("presentation", "win"), (0, 6, 0, 4), ["earns full marks in every spec of presentation, the rule it breaks"]),
    (("all",), (10, 6, 12, 4), []),
    (("all",), (10, 6, 0, 4), ["earns full marks in every spec of scoring, the rule it breaks"]),
    ((), (10, 6, 12, 4), []),  # names no rule: nothing to check
])
def test_isolation_problems_are_named(rules, lost, problems):
    assert isolation_problems(MatrixRow("e", rules, lost), SPECS, TABLE) == problems


def test_the_matrix_groups_rows_by_rule_and_columns_by_rule():
    rows = [MatrixRow("ok-fine", (), (0, 0, 0, 0), "ok", "100%"),
            MatrixRow("mixed-both", ("presentation", "scoring"), (10, 0, 4.5, 0), "ok", " 90%"),
            MatrixRow("bug-count", ("win",), (0, 6, 0, 4), "ok", " 93%"),
            MatrixRow("cosmetic-slip", ("presentation",), (10, 0, 0, 0), "ok", " 93%")]
    assert render_matrix(rows, SPECS, TABLE) == [
        "                 pre | win     | sco",
        "                  01 |  02  20 |  03    lost",
        "breaks presentation:",
        "  cosmetic-slip   10 |   .   . |   .      10  ok        93%",
        "breaks win:",
        "  bug-count        . |   6   4 |   .      10  ok        93%",
        "breaks presentation, scoring:",
        "  mixed-both      10 |   .   . | 4.5    14.5  ok        90%",
        "names no rule it breaks:",
        "  ok-fine          . |   .   . |   .       0  ok       100%",
    ]
