"""Comparing one step's captured output with what the spec expects, and aligning the two sides."""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from itertools import zip_longest
from typing import Callable, Iterator

from grader.judge.comparison import View, compared_rows, in_place, is_compared, normalise_line, step_view
from grader.spec.specs import Line, Spec

# Each side of a comparison is a list of (text, ends_with_newline) pairs.
Row = tuple[str, bool]

# Above this many (expected x actual) lines, a diff aligns exact lines only (difflib), not patterns too:
# the full alignment costs their product, and a flood of output must not make a report slow.
MAX_ALIGNED_CELLS = 250_000
# A diff aligns at most this many actual lines of a step: the first and the last half of them. The lines
# between are counted, not aligned: a report shows some thirty rows of a diff, and what it cannot show must
# not cost the time of aligning it.
MAX_DIFF_LINES = 400


def normalise(raw: str) -> str:
    """Undo only what the terminal adds: its CR LF line ends."""
    return raw.replace("\r\n", "\n")


class TextLines:
    """Lines as the terminal shows them (only LF ends a line, not CR, form feed or U+2028), made on demand:
    the text is split once, in C, and only the lines looked at become rows, so a flood's unread lines cost
    nothing."""

    def __init__(self, text: str) -> None:
        self._pieces = text.split("\n")
        self._count = len(self._pieces) - (self._pieces[-1] == "")

    def __len__(self) -> int:
        return self._count

    def row(self, number: int) -> Row:
        """Line `number` (1-based) and whether a newline ends it."""
        return self._pieces[number - 1], number < len(self._pieces)

    def texts(self) -> list[str]:
        """Every line's text."""
        return self._pieces[: self._count]

    def rows(self) -> list[Row]:
        """Every line as a row."""
        rows = [(piece, True) for piece in self._pieces[:-1]]
        return rows + [(self._pieces[-1], False)] if self._pieces[-1] else rows


def split_lines(text: str) -> list[Row]:
    """Every line of `text` as a row (see TextLines)."""
    return TextLines(text).rows()


@dataclass(frozen=True)
class Compared:
    """One line of a side as compared: where it was (1-based), what is compared, what was written."""

    number: int
    line: Line  # the expected line, or the actual text as compared (exact)
    newline: bool
    written: str


def _expected(spec: Spec, index: int, view: View) -> list[Compared]:
    step = spec.steps[index]
    rows = [(line, True) for line in step.lines] + [(Line(text), nl) for text, nl in split_lines(step.prompt)]
    shaped = [
        (Line(normalise_line(line.text, view), line.kind) if line.kind != "regex" else line, newline, line.shown())
        for line, newline in rows
    ]
    keep = compared_rows([(line.kind == "exact" and not line.text, newline) for line, newline, _ in shaped], view)
    return [Compared(i + 1, *shaped[i]) for i in keep]


def _actual(lines: TextLines, numbers: range, view: View) -> Iterator[Compared]:
    """The compared lines among `numbers`, lazily. Under a banner only the last line, if unfinished,
    can be compared: the others are not even looked at."""
    if view.banner:
        last = len(lines)
        numbers = range(last, last + 1) if last in numbers and not lines.row(last)[1] else range(0)
    for number in numbers:
        text, newline = lines.row(number)
        if not in_place(newline, number == len(lines), view):
            continue
        shaped = normalise_line(text, view)
        if is_compared(not shaped, newline, number == len(lines), view):
            yield Compared(number, Line(shaped), newline, text)


def _view(spec: Spec, index: int) -> View:
    return step_view(spec.ignore, index, spec.steps[index].input is not None)


def _same(expected: Compared, got: Compared, view: View) -> bool:
    return expected.newline == got.newline and expected.line.matches(got.line.text, view.fold_case)


def step_matches(spec: Spec, index: int, actual: str) -> bool:
    """Does the output of step `index` fit the spec, under the spec's ignore options? Lines are compared
    until the first that differs: a flood costs no more than its first wrong line."""
    view = _view(spec, index)
    lines = TextLines(actual)
    pairs = zip_longest(_expected(spec, index, view), _actual(lines, range(1, len(lines) + 1), view))
    return all(e is not None and g is not None and _same(e, g, view) for e, g in pairs)


def _longest_common(n: int, m: int, same: Callable[[int, int], bool]) -> list[tuple[int, int]]:
    """The pairs of a longest common subsequence where `same(i, j)` says two lines are alike (a pattern
    is alike with any line it matches: the alignment cram uses)."""
    lengths = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            lengths[i][j] = lengths[i + 1][j + 1] + 1 if same(i, j) else max(lengths[i + 1][j], lengths[i][j + 1])
    pairs, i, j = [], 0, 0
    while i < n and j < m:
        if same(i, j):
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif lengths[i + 1][j] >= lengths[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def _exact_common(expected: list[Compared], got: list[Compared], view: View) -> list[tuple[int, int]]:
    """The cheap alignment for huge outputs: exact lines only, by difflib."""
    def fold(text: str) -> str:
        return text.casefold() if view.fold_case else text

    keys_a = [(fold(c.line.text), c.newline) if c.line.kind == "exact" else c for c in expected]
    keys_b = [(fold(c.line.text), c.newline) for c in got]
    blocks = difflib.SequenceMatcher(a=keys_a, b=keys_b, autojunk=False).get_matching_blocks()
    return [(block.a + k, block.b + k) for block in blocks for k in range(block.size)]


def align(expected: list[Compared], got: list[Compared], view: View) -> list[tuple[int, int]]:
    """Which expected line goes with which actual line (index pairs, in order)."""
    def same(i: int, j: int) -> bool:
        return _same(expected[i], got[j], view)

    n, m = len(expected), len(got)
    head = 0
    while head < min(n, m) and same(head, head):
        head += 1
    tail = 0
    while tail < min(n, m) - head and same(n - 1 - tail, m - 1 - tail):
        tail += 1
    middle_n, middle_m = n - head - tail, m - head - tail
    if middle_n * middle_m <= MAX_ALIGNED_CELLS:
        middle = _longest_common(middle_n, middle_m, lambda i, j: same(head + i, head + j))
    else:
        middle = _exact_common(expected[head:n - tail], got[head:m - tail], view)
    return ([(k, k) for k in range(head)] + [(head + i, head + j) for i, j in middle]
            + [(n - tail + k, m - tail + k) for k in range(tail)])


@dataclass(frozen=True)
class DiffRow:
    """One row of an aligned comparison: 1-based line numbers (None on the side that lacks the line) and
    the line as the program (or the spec) wrote it."""

    sign: str  # " " alike, "-" expected only, "+" actual only
    expected_no: int | None
    actual_no: int | None
    text: str
    newline: bool


@dataclass(frozen=True)
class StepDiff:
    """A step's comparison as rows; `rendering` shows it to people."""

    rows: tuple[DiffRow, ...]
    ignored: int  # actual lines the spec's ignore options left out of the comparison
    empty: bool  # no output expected and none printed
    unaligned: int = 0  # actual lines of a flood left out of the alignment (see MAX_DIFF_LINES) ...
    unaligned_at: int = 0  # ... which come before this row


def _window(count: int) -> tuple[range, range]:
    """The numbers of the lines a diff aligns: all `count`, or the first and the last MAX_DIFF_LINES // 2."""
    if count <= MAX_DIFF_LINES:
        return range(1, count + 1), range(0)
    half = MAX_DIFF_LINES // 2
    return range(1, half + 1), range(count - half + 1, count + 1)


def diff_rows(spec: Spec, index: int, actual: str) -> StepDiff:
    """Expected and actual lines aligned in the style of snapbox. What the spec's ignore options leave
    out is not a difference; alike lines keep the text as printed."""
    view = _view(spec, index)
    lines = TextLines(actual)
    head, tail = _window(len(lines))
    expected = _expected(spec, index, view)
    got = list(_actual(lines, head, view)) + list(_actual(lines, tail, view))
    rows: list[DiffRow] = []
    i = j = 0
    for a, b in align(expected, got, view) + [(len(expected), len(got))]:
        rows += [DiffRow("-", row.number, None, row.written, row.newline) for row in expected[i:a]]
        rows += [DiffRow("+", None, row.number, row.written, row.newline) for row in got[j:b]]
        if a < len(expected):
            rows.append(DiffRow(" ", expected[a].number, got[b].number, got[b].written, got[b].newline))
        i, j = a + 1, b + 1
    step = spec.steps[index]
    empty = not step.lines and not step.prompt and not len(lines)
    unaligned = len(lines) - len(head) - len(tail)
    at = next((k for k, row in enumerate(rows) if (row.actual_no or 0) > len(head)), len(rows))
    return StepDiff(tuple(rows), len(head) + len(tail) - len(got), empty, unaligned, at if unaligned else 0)
