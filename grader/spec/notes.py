"""What a corpus entry's note says besides its verdict, as plain data: the share of the points it must
earn (`share: at least 80%`, `at most 40%`, `less than OTHER-ENTRY`) and the rules it breaks (`rule: scoring`,
`rule: presentation, loss`, `rule: all`). Read by `grader mutants` (grader/grading/corpus.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Collection

EVERY_RULE = "all"  # in a note: the entry breaks every rule (a program that cannot run)


@dataclass(frozen=True)
class Share:
    """The share of the points an entry must earn: at least or at most a percentage, or less than another entry."""

    relation: str  # AT_LEAST, AT_MOST or LESS_THAN
    percent: float = 0.0
    other: str = ""  # the entry it must earn less than (LESS_THAN only)

    def __str__(self) -> str:
        return f"{self.relation} {self.other or f'{self.percent:g}%'}"


AT_LEAST, AT_MOST, LESS_THAN = "at least", "at most", "less than"
_SHARE = re.compile(r"(at least|at most) (\d+(?:\.\d+)?) ?%|less than ([\w.-]+)")


def parse_share(text: str) -> Share:
    """`at least 80%`, `at most 40%` or `less than NAME` as a Share; ValueError for anything else."""
    match = _SHARE.fullmatch(text.strip())
    if not match:
        raise ValueError(f"share must be 'at least N%', 'at most N%' or 'less than ENTRY', not {text.strip()!r}")
    if match[3]:
        return Share(LESS_THAN, other=match[3])
    percent = float(match[2])
    if percent > 100:
        raise ValueError(f"share {percent:g}% is more than 100%")
    return Share(match[1], percent=percent)


def share_problem(share: Share, earned: float, others: dict[str, float]) -> str | None:
    """Why an entry's share of the points (0 to 1) breaks its rule, or None. A `less than` rule whose other
    entry was not graded (see `mutants ONLY...`) cannot be judged and is not a problem."""
    percent = 100 * earned
    if share.relation == AT_LEAST and percent < share.percent:
        return f"earns {percent:.0f}% of the points, expected at least {share.percent:g}%"
    if share.relation == AT_MOST and percent > share.percent:
        return f"earns {percent:.0f}% of the points, expected at most {share.percent:g}%"
    if share.relation == LESS_THAN and share.other in others and earned >= others[share.other]:
        return (f"earns {percent:.0f}% of the points, expected less than {share.other} "
                f"({100 * others[share.other]:.0f}%)")
    return None


def parse_rules(text: str, known: Collection[str] | None = None) -> tuple[str, ...]:
    """`scoring` or `presentation, loss` as rule names; ValueError for none, a repeat, or (given the
    suite's rules) a name the suite does not declare. `all` stands alone, for every rule."""
    names = tuple(name.strip() for name in text.split(","))
    if not all(names) or len(set(names)) != len(names):
        raise ValueError(f"rule must name one or more rules, each once, separated by commas, not {text.strip()!r}")
    if EVERY_RULE in names and len(names) > 1:
        raise ValueError(f"'rule: {EVERY_RULE}' names every rule: it stands alone")
    unknown = [name for name in names if known is not None and name != EVERY_RULE and name not in known]
    if unknown:
        raise ValueError(f"{', '.join(unknown)}: not a rule of the suite ({', '.join(known or ())})")
    return names
