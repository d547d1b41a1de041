"""Showing a difference to people: numbered expected/actual rows with whitespace made visible, runs of
identical lines collapsed (`+ ↵ ×100`), terminal escape sequences named, and a budget on every rendered
diff, so that nothing a program prints can make a report, a results file or a JUnit file large."""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from itertools import chain, groupby, islice
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from grader.base.escaping import escape_unsafe
from grader.judge.matching import DiffRow, StepDiff, TextLines, diff_rows
from grader.spec.specs import Spec

LEGEND = "(- expected, + actual; · is a trailing space, ↵ a line end)"
DIFF_BUDGET = 30  # rows of one rendered diff
OUTPUT_BUDGET = 10  # rows of a program's output shown as it is (a rule spec's step, a crash)
CHANGES_BUDGET = 12  # rows of a compact difference (later steps, results data)
LINE_BUDGET = 160  # characters shown of one line
RUN = 3  # this many identical lines in a row are shown as one, with a count
CONTEXT = 2  # rows alike on both sides shown around a change
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
    return item.lines if isinstance(item, (Gap, Alike)) else 1


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


@dataclass(frozen=True)
class Alike:
    """Rows alike on both sides, far from any change: one line of a diff, counted as the rows it stands for."""

    lines: int

    def __str__(self) -> str:
        return f"({self.lines} lines alike)"


def _around_changes(runs: list[tuple[DiffRow, int] | Gap]) -> list[tuple[DiffRow, int] | Gap | Alike]:
    """Rows alike on both sides only within CONTEXT rows of a change (or a gap); a longer stretch of them
    is one Alike. With no change at all (the ending is what differs), every row stays."""
    def alike(index: int) -> bool:
        item = runs[index]
        return isinstance(item, tuple) and item[0].sign == " "

    changed = [index for index in range(len(runs)) if not alike(index)]
    if not changed:
        return list(runs)
    near = {index for at in changed for index in range(at - CONTEXT, at + CONTEXT + 1)}
    out: list[tuple[DiffRow, int] | Gap | Alike] = []
    for kept, stretch in groupby(range(len(runs)), key=lambda index: index in near or not alike(index)):
        items = [runs[index] for index in stretch]
        out += items if kept or len(items) == 1 else [Alike(sum(item[1] for item in items if isinstance(item, tuple)))]
    return out


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

    def show(item: tuple[DiffRow, int] | Gap | Alike | str) -> str:
        if not isinstance(item, tuple):
            return f"{blank} {blank}   {item}"
        row, count = item
        left = f"{row.expected_no:>{width}}" if row.sign != "+" else blank
        right = f"{row.actual_no:>{width}}" if row.sign != "-" else blank
        mark = "|" if row.sign == " " else row.sign
        return (f"{left} {right} {mark} {visible(row.text, row.newline, row.sign != ' ')}"
                + (f" ×{count}" if count > 1 else ""))

    items = chain(_around_changes(list(_runs_around_gap(diff, lambda row: True))), notes)
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



_MARKERS = re.compile(r"\s*[\^~]+\s*")


def program_lines(actual: str, budget: int = OUTPUT_BUDGET, traceback: bool = False) -> list[str]:
    """A step's output as the program printed it, numbered, within `budget` rows: where a rule spec or
    a crash is told, what matters is what the program said, not a diff against one wording. Over the
    budget, the first rows and the last (where a traceback ends) are kept and the rest only counted, so
    a flood costs what is shown. In a `traceback`, the lines of `^^^^` markers under the failing code
    are left out (the numbers keep)."""
    lines = TextLines(actual)
    if not len(lines):
        return ["(no output)"]
    rows = (DiffRow(" ", None, number, *lines.row(number)) for number in range(1, len(lines) + 1)
            if not (traceback and _MARKERS.fullmatch(lines.row(number)[0])))
    first, runs = (budget - 1) // 3, _runs(rows)
    head = list(islice(runs, first))
    tail: deque[tuple[DiffRow, int]] = deque(maxlen=budget - first)
    left_out = 0
    for run in runs:
        left_out += len(tail) == tail.maxlen
        tail.append(run)
    shown = head + list(tail)[1 if left_out else 0:]
    width = len(str(len(lines)))
    out = [f"{row.actual_no:>{width}} | {visible(row.text, row.newline, False)}" + (f" ×{count}" if count > 1 else "")
           for row, count in shown]
    if left_out:
        out[first:first] = [f"{' ' * width}   ... {left_out + 1} more lines"]
    legend = escape_legend([row.text for row, _ in shown])
    return ([legend] if legend else []) + out
