"""What each rule is worth and where the corpus loses its points (pure): the rules table (rule -> specs ->
points, from the specs' `rule:` keys and the suite's rules), the rule x spec matrix of `grader mutants`
(rows: corpus entries grouped by the rules their notes say they break; columns: specs grouped by rule;
cells: points lost), and the isolation check behind it: an entry loses points only in the specs of the
rules it breaks, and in some spec of each of them.

The presentation specs play whole games exactly, so any rule bug may show in them too: losing points
there is never an isolation problem."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from grader.spec.notes import EVERY_RULE
from grader.spec.specs import Spec
from grader.spec.vocabulary import RuleInfo

PRESENTATION = "presentation"
NO_RULE = "(none)"


@dataclass(frozen=True)
class RuleRow:
    """One rule of the table: the specs that grade it, in suite order, and the points they are worth."""

    rule: str
    description: str
    specs: tuple[Spec, ...]

    @property
    def points(self) -> float:
        return sum(spec.points for spec in self.specs)


def rules_table(rules: Mapping[str, RuleInfo], specs: Sequence[Spec]) -> list[RuleRow]:
    """Every rule in the suite's order, with its specs; a rule some spec names but the suite does not
    declare (a suite without rules: "") comes after them."""
    names = list(rules) + sorted({spec.rule for spec in specs} - set(rules))
    return [RuleRow(name, rules[name].description if name in rules else "",
                    tuple(spec for spec in specs if spec.rule == name)) for name in names]


def _label(spec: Spec) -> str:
    """A short column label: the number a spec id starts with, or its first two characters."""
    head = spec.id.split("-", 1)[0]
    return head if head.isdigit() else spec.id[:2]


def _points(value: float) -> str:
    return f"{round(value, 1):g}"


def render_rules_table(table: Sequence[RuleRow]) -> list[str]:
    """The table as text: each rule's points, its share of the whole, its specs with their points."""
    whole = sum(row.points for row in table) or 1.0
    if not any(row.rule for row in table):
        return [f"Rules: the suite declares none ({_points(whole)} points, every spec its own)"]
    width = max([len(row.rule or NO_RULE) for row in table] + [4])
    out = [f"Rules: what each is worth ({_points(whole)} points in all)", "",
           f"  {'rule':<{width}}  points  share  specs (points)"]
    for row in table:
        specs = ", ".join(f"{_label(spec)} ({_points(spec.points)})" for spec in row.specs) or "no spec"
        out.append(f"  {row.rule or NO_RULE:<{width}}  {_points(row.points):>6}  {100 * row.points / whole:4.0f}%  {specs}")
        if row.description:
            out.append(f"  {'':<{width}}  {row.description}")
    return out


@dataclass(frozen=True)
class MatrixRow:
    """One corpus entry in the matrix: the rules its note names, the points it loses in each spec (in
    the specs' order), and what `mutants` says about it (its status and share)."""

    name: str
    rules: tuple[str, ...]
    lost: tuple[float, ...]
    status: str = ""
    share: str = ""


def broken_rules(rules: Sequence[str], table: Sequence[RuleRow]) -> set[str]:
    """The rules an entry's note names, `all` standing for every rule of the table."""
    return {row.rule for row in table} if EVERY_RULE in rules else set(rules)


def isolation_problems(row: MatrixRow, specs: Sequence[Spec], table: Sequence[RuleRow]) -> list[str]:
    """How an entry that names its rules breaks isolation: points lost in a spec of a rule it does not
    break (presentation specs aside), or a rule it breaks that none of that rule's specs charges. An
    entry that names no rule (a correct one, or one not yet classified) has none."""
    if not row.rules:
        return []
    broken = broken_rules(row.rules, table)
    problems = [f"loses {_points(lost)} points in {spec.id}, a spec of {spec.rule}, a rule it does not break"
                for spec, lost in zip(specs, row.lost) if lost > 0 and spec.rule not in broken | {PRESENTATION}]
    for rule in (r.rule for r in table if r.rule in broken and r.specs):
        if not any(lost > 0 for spec, lost in zip(specs, row.lost) if spec.rule == rule):
            problems.append(f"earns full marks in every spec of {rule}, the rule it breaks")
    return problems


def _spec_order(specs: Sequence[Spec], table: Sequence[RuleRow]) -> list[int]:
    """The specs' indexes, grouped by rule in the table's order."""
    return [specs.index(spec) for row in table for spec in row.specs]


def _groups(rows: Sequence[MatrixRow], table: Sequence[RuleRow]) -> list[tuple[str, list[MatrixRow]]]:
    """Rows grouped by the rules they break: single rules in the table's order, then the mixed ones,
    then every rule, then the entries that name none."""
    rank = {row.rule: index for index, row in enumerate(table)}

    def key(rules: tuple[str, ...]) -> tuple[int, int, list[int]]:
        if not rules:
            return (3, 0, [])
        if EVERY_RULE in rules:
            return (2, 0, [])
        return (0 if len(rules) == 1 else 1, len(rules), [rank.get(rule, len(rank)) for rule in rules])

    groups: dict[tuple[str, ...], list[MatrixRow]] = {}
    for row in rows:
        groups.setdefault(row.rules, []).append(row)
    return [(", ".join(rules) or NO_RULE, groups[rules]) for rules in sorted(groups, key=key)]


def render_matrix(rows: Sequence[MatrixRow], specs: Sequence[Spec], table: Sequence[RuleRow]) -> list[str]:
    """The rule x spec matrix: a block of rows per rule broken, a block of columns per rule graded (its
    name over them, cut to fit), the points each entry loses in each spec (`.`: none), then the total
    lost, the entry's status and share."""
    order = _spec_order(specs, table)
    width = max([len(_points(row.lost[i])) for row in rows for i in order] + [len(_label(specs[i])) for i in order])
    blocks = [[i for i in order if specs[i].rule == rule.rule] for rule in table]
    blocks = [block for block in blocks if block]
    names = max([len(row.name) for row in rows] + [10]) + 4

    def line(head: str, cells: list[str]) -> str:
        at = 0
        parts = []
        for block in blocks:
            parts.append(" ".join(cell.rjust(width) for cell in cells[at:at + len(block)]))
            at += len(block)
        return f"{head:<{names}}" + " | ".join(parts)

    titles = []
    for block in blocks:
        span = len(block) * (width + 1) - 1
        titles.append(specs[block[0]].rule[:span].ljust(span))
    out = [" " * names + " | ".join(titles).rstrip()] if any(spec.rule for spec in specs) else []
    out.append(line("", [_label(specs[i]) for i in order]) + "   " + "lost".rjust(5))
    for title, members in _groups(rows, table):
        out.append(f"breaks {title}:" if title != NO_RULE else "names no rule it breaks:")
        for row in members:
            cells = ["." if row.lost[i] <= 0 else _points(row.lost[i]) for i in order]
            tail = f"   {_points(sum(row.lost)):>5}  {row.status:<8} {row.share}".rstrip()
            out.append(line(f"  {row.name}", cells) + tail)
    return out
