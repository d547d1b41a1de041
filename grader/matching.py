"""Comparing one step's captured output with what the spec expects, and showing the difference."""

from __future__ import annotations

import difflib

from grader.escaping import escape_unsafe
from grader.specs import Line, Step

# Each side of a comparison is a list of (text, ends_with_newline) pairs.
Row = tuple[str, bool]


def normalise(raw: str) -> str:
    """Undo only what the terminal adds: its CR LF line ends."""
    return raw.replace("\r\n", "\n")


def split_lines(text: str) -> list[Row]:
    """Lines as the terminal shows them: only LF ends a line (not CR, form feed or U+2028)."""
    pieces = text.split("\n")
    rows = [(piece, True) for piece in pieces[:-1]]
    return rows + [(pieces[-1], False)] if pieces[-1] else rows


def expected_rows(step: Step) -> list[tuple[Line, bool]]:
    rows = [(line, True) for line in step.lines]
    rows += [(Line(text), newline) for text, newline in split_lines(step.prompt)]
    return rows


def step_matches(step: Step, actual: str) -> bool:
    expected = expected_rows(step)
    got = split_lines(actual)
    return len(expected) == len(got) and all(
        line.matches(text) and newline == got_newline
        for (line, newline), (text, got_newline) in zip(expected, got)
    )


def visible(text: str, newline: bool, mark_end: bool) -> str:
    """Make what a reader cannot see visible: trailing spaces, tabs, control bytes and (on changed
    lines) where the line ends."""
    body = text.rstrip(" ")
    shown = body + "·" * (len(text) - len(body))
    shown = escape_unsafe(shown.replace("\t", "→"))
    return shown + ("↵" if newline and mark_end else "")


def render_diff(step: Step, actual: str) -> list[str]:
    """Numbered expected/actual lines in the style of snapbox: `-` expected only, `+` actual only."""
    expected = expected_rows(step)
    got = split_lines(actual)
    # A flexible line that matches the actual line at the same place counts as that line.
    expected_keys = [
        got[i] if i < len(got) and line.matches(got[i][0]) and newline == got[i][1] else (line.shown(), newline)
        for i, (line, newline) in enumerate(expected)
    ]
    width = len(str(max(len(expected), len(got), 1)))
    blank = " " * width
    out = [f"{blank} {blank}   (- expected, + actual; · is a trailing space, ↵ a line end)"]
    matcher = difflib.SequenceMatcher(a=expected_keys, b=got, autojunk=False)
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag == "equal":
            for offset in range(a2 - a1):
                text, newline = got[b1 + offset]
                out.append(f"{a1 + offset + 1:>{width}} {b1 + offset + 1:>{width}} | {visible(text, newline, False)}")
            continue
        for i in range(a1, a2):
            text, newline = expected_keys[i]
            out.append(f"{i + 1:>{width}} {blank} - {visible(text, newline, True)}")
        for j in range(b1, b2):
            text, newline = got[j]
            out.append(f"{blank} {j + 1:>{width}} + {visible(text, newline, True)}")
    if not expected and not got:
        out.append(f"{blank} {blank}   (no output on either side)")
    return out
