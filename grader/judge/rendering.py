"""Showing a difference to people: numbered expected/actual rows with whitespace made visible, runs of
identical lines collapsed (`+ ↵ ×100`), terminal escape sequences named, and a budget on every rendered
diff, so that nothing a program prints can make a report, a results file or a JUnit file large."""

from __future__ import annotations

import re
from itertools import groupby

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


def _runs(rows: list[DiffRow]) -> list[tuple[DiffRow, int]]:
    """Rows with each run of identical lines on the same side as (its first row, its length)."""
    out: list[tuple[DiffRow, int]] = []
    for _, group in groupby(rows, key=lambda row: (row.sign, row.text, row.newline)):
        run = list(group)
        out += [(run[0], len(run))] if len(run) >= RUN else [(row, 1) for row in run]
    return out


def _budgeted(lines: list[str], budget: int, indent: str) -> list[str]:
    if len(lines) <= budget:
        return lines
    return lines[: budget - 1] + [f"{indent}... {len(lines) - budget + 1} more lines"]


def render_rows(diff: StepDiff, budget: int = DIFF_BUDGET) -> list[str]:
    """Numbered rows in the style of snapbox: `-` expected only, `+` actual only, `|` on both sides."""
    rows = diff.rows
    width = len(str(max([row.expected_no or 0 for row in rows] + [row.actual_no or 0 for row in rows] + [1])))
    blank = " " * width
    out = [f"{blank} {blank}   {LEGEND}"]
    legend = escape_legend([row.text for row in rows])
    if legend:
        out.append(f"{blank} {blank}   {legend}")
    body = []
    for row, count in _runs(list(rows)):
        left = f"{row.expected_no:>{width}}" if row.sign != "+" else blank
        right = f"{row.actual_no:>{width}}" if row.sign != "-" else blank
        mark = "|" if row.sign == " " else row.sign
        body.append(f"{left} {right} {mark} {visible(row.text, row.newline, row.sign != ' ')}"
                    + (f" ×{count}" if count > 1 else ""))
    if diff.empty:
        body.append(f"{blank} {blank}   (no output on either side)")
    if diff.ignored:
        body.append(f"{blank} {blank}   ({diff.ignored} line(s) of the output not compared: the spec ignores them)")
    return out + _budgeted(body, budget, f"{blank} {blank}   ")


def render_diff(spec: Spec, index: int, actual: str, budget: int = DIFF_BUDGET) -> list[str]:
    """Step `index`'s expected and actual output, side by side in rows, within `budget` rows."""
    return render_rows(diff_rows(spec, index, actual), budget)


def changed_lines(spec: Spec, index: int, actual: str, budget: int = CHANGES_BUDGET) -> tuple[str, ...]:
    """Only the lines that differ, unnumbered (`- expected`, `+ actual`): a difference told compactly,
    and the same text wherever the same difference occurs, so it can be grouped and counted."""
    changed = [row for row in diff_rows(spec, index, actual).rows if row.sign != " "]
    lines = [f"{row.sign} {visible(row.text, row.newline, True)}" + (f" ×{count}" if count > 1 else "")
             for row, count in _runs(changed)]
    return tuple(_budgeted(lines, budget, ""))
