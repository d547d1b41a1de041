"""Showing a difference to people: numbered expected/actual rows with whitespace made visible, runs of
identical lines collapsed (`+ ↵ ×100`), terminal escape sequences named, and a budget on every rendered
diff, so that nothing a program prints can make a report, a results file or a JUnit file large."""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import chain, groupby, islice
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from grader.base.escaping import escape_unsafe
from grader.judge.matching import DiffRow, StepDiff, diff_rows
from grader.spec.specs import Spec

LEGEND = "(- expected, + actual; · is a trailing space, ↵ a line end)"
DIFF_BUDGET = 30  # rows of one rendered diff
CHANGES_BUDGET = 12  # rows of a compact difference (later steps, results data)
LINE_BUDGET = 160  # characters shown of one line
RUN = 3  # this many identical lines in a row are shown as one, with a count
CHARACTER_RUN = 4  # this many identical invisible characters in a row likewise

# Terminal control sequences people meet in student programs, most specific first.
ESCAPES = (
    (r"\x1b\[[0-9;]*m", "colour or style"),
    (r"\x1b\[[0-3]?J", "clear screen"),
    (r"\x1b\[[0-2]?K", "clear line"),
    (r"\x1b\[[0-9;]*[HfABCDEFGd]", "cursor move"),
    (r"\x1b\[\?[0-9;]*[hl]", "terminal mode (cursor, alternate screen)"),
    (r"\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?", "window title (OSC)"),
    (r"\x1bc", "reset terminal"),
    (r"\x1b\[[0-9;?]*[ -/]*[@-~]", "terminal control (CSI)"),
    (r"\x1b.?", "escape"),
    (r"\x07", "bell"),
    (r"\r", "carriage return (back to the line start)"),
    (r"\x08", "backspace"),
    (r"\x0c", "form feed"),
    (r"\x00", "NUL byte"),
)
_ESCAPE = re.compile("|".join(f"({pattern})" for pattern, _ in ESCAPES))
LEGEND_ENTRIES = 6
T = TypeVar("T")


def _collapse_characters(text: str) -> str:
    """A run of one invisible character (990 KB of NUL bytes) reads as that character and a count."""
    return re.sub(rf"(.)\1{{{CHARACTER_RUN - 1},}}",
                  lambda run: run.group(0) if run.group(1).isprintable() else f"{run.group(1)}×{len(run.group(0))}",
                  text, flags=re.DOTALL)


def visible(text: str, newline: bool, mark_end: bool) -> str:
    """Make what a reader cannot see visible: trailing spaces, tabs, control bytes and (on changed
    lines) where the line ends; a line longer than the budget is cut, saying how much is left out."""
    text = _collapse_characters(text)
    cut = text[:LINE_BUDGET]
    body = cut.rstrip(" ") if len(cut) == len(text) else cut
    shown = escape_unsafe((body + "·" * (len(cut) - len(body))).replace("\t", "→"))
    if len(cut) < len(text):
        shown += f"… ({len(text) - len(cut)} more characters)"
    return shown + ("↵" if newline and mark_end else "")


def escape_legend(texts: list[str]) -> str | None:
    """`escape sequences: \\x1b[2J = clear screen, ...` for the sequences found in `texts`, or None."""
    named: dict[str, str] = {}
    for text in texts:
        for found in _ESCAPE.finditer(_collapse_characters(text)[:LINE_BUDGET]):  # what a row shows
            named.setdefault(found.group(0)[:24], ESCAPES[(found.lastindex or 1) - 1][1])
    if not named:
        return None
    entries = [f"{escape_unsafe(raw, keep='')} = {name}" for raw, name in list(named.items())[:LEGEND_ENTRIES]]
    more = len(named) - LEGEND_ENTRIES
    return "escape sequences: " + ", ".join(entries) + (f", and {more} more" if more > 0 else "")


def _runs(rows: Iterable[DiffRow]) -> Iterator[tuple[DiffRow, int]]:
    """Rows with each run of identical lines on the same side as (its first row, its length), lazily."""
    for _, group in groupby(rows, key=lambda row: (row.sign, row.text, row.newline)):
        run = list(group)
        if len(run) >= RUN:
            yield run[0], len(run)
        else:
            yield from ((row, 1) for row in run)


@dataclass(frozen=True)
class Gap:
    """Where a flood's lines were left out of the alignment (see matching.MAX_DIFF_LINES): one line of a
    diff, counted as the lines it stands for when a budget says how many are left out."""

    lines: int

    def __str__(self) -> str:
        return f"({self.lines} more lines of output here, too many to align line by line)"


def _runs_around_gap(diff: StepDiff, keep: Callable[[DiffRow], bool]) -> Iterator[tuple[DiffRow, int] | Gap]:
    """The runs of the rows `keep` takes, with the gap where it lies."""
    at = diff.unaligned_at if diff.unaligned else len(diff.rows)
    yield from _runs(row for row in diff.rows[:at] if keep(row))
    if diff.unaligned:
        yield Gap(diff.unaligned)
    yield from _runs(row for row in diff.rows[at:] if keep(row))


def _weight(item: object) -> int:
    return item.lines if isinstance(item, Gap) else 1


def _shown(items: Iterable[T], limit: int, show: Callable[[T], str]) -> tuple[tuple[tuple[str, int], ...], int]:
    """The first `limit` items made visible, each with the lines it stands for, and how many lines the
    rest stand for: only what is shown is rendered, the rest is only counted, so a flood costs what the
    budget shows."""
    items = iter(items)
    shown = tuple((show(item), _weight(item)) for item in islice(items, limit))
    return shown, sum(_weight(item) for item in items)


def _cut(shown: Sequence[tuple[str, int]], rest: int, budget: int, indent: str) -> list[str]:
    """Within `budget` lines, the last saying how many lines are left out."""
    if len(shown) <= budget and not rest:
        return [text for text, _ in shown]
    left = sum(weight for _, weight in shown[budget - 1:]) + rest
    return [text for text, _ in shown[: budget - 1]] + [f"{indent}... {left} more lines"]


def render_rows(diff: StepDiff, budget: int = DIFF_BUDGET) -> list[str]:
    """Numbered rows in the style of snapbox: `-` expected only, `+` actual only, `|` on both sides."""
    rows = diff.rows
    width = len(str(max([row.expected_no or 0 for row in rows] + [row.actual_no or 0 for row in rows] + [1])))
    blank = " " * width
    notes = []
    if diff.empty:
        notes.append("(no output on either side)")
    if diff.ignored:
        notes.append(f"({diff.ignored} line(s) of the output not compared: the spec ignores them)")

    def show(item: tuple[DiffRow, int] | Gap | str) -> str:
        if not isinstance(item, tuple):
            return f"{blank} {blank}   {item}"
        row, count = item
        left = f"{row.expected_no:>{width}}" if row.sign != "+" else blank
        right = f"{row.actual_no:>{width}}" if row.sign != "-" else blank
        mark = "|" if row.sign == " " else row.sign
        return (f"{left} {right} {mark} {visible(row.text, row.newline, row.sign != ' ')}"
                + (f" ×{count}" if count > 1 else ""))

    items = chain(_runs_around_gap(diff, lambda row: True), notes)
    body = _cut(*_shown(items, budget, show), budget, f"{blank} {blank}   ")
    head = [f"{blank} {blank}   {LEGEND}"]
    shown = islice(_runs_around_gap(diff, lambda row: True), budget)
    legend = escape_legend([item[0].text for item in shown if isinstance(item, tuple)])
    if legend:
        head.append(f"{blank} {blank}   {legend}")
    return head + body


@dataclass(frozen=True)
class Told:
    """One step's difference as people read it, rendered once (a report, its results and its JUnit file
    all tell it): the numbered rows within DIFF_BUDGET, and the changed lines, the first CHANGES_BUDGET
    of them made visible (with the lines each stands for) and the rest counted."""

    rows: tuple[str, ...]
    changes: tuple[tuple[str, int], ...]
    unshown: int

    def changed_lines(self, budget: int = CHANGES_BUDGET) -> tuple[str, ...]:
        """Only the lines that differ, unnumbered (`- expected`, `+ actual`): a difference told compactly,
        and the same text wherever the same difference occurs, so it can be grouped and counted."""
        return tuple(_cut(self.changes, self.unshown, min(budget, CHANGES_BUDGET), ""))


def _changed(item: tuple[DiffRow, int] | Gap) -> str:
    if isinstance(item, Gap):
        return f"+ {item}"
    row, count = item
    return f"{row.sign} {visible(row.text, row.newline, True)}" + (f" ×{count}" if count > 1 else "")


def tell(spec: Spec, index: int, actual: str) -> Told:
    """Step `index`'s difference, aligned once and rendered lazily up to the budgets."""
    diff = diff_rows(spec, index, actual)
    changed = _runs_around_gap(diff, lambda row: row.sign != " ")
    return Told(tuple(render_rows(diff)), *_shown(changed, CHANGES_BUDGET, _changed))

