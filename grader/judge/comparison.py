"""What a comparison looks at under a spec's `ignore` options: pure rules over lines, no matching here.

Each option removes presentation from both sides alike (the expected lines and what the program printed),
so a spec states the rules it grades and leaves the rest free. See specs/README.md, "Comparison options"."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

# Every option this module implements (the JSON Schema lists the same ones for spec authors).
IGNORABLE = ("prompts", "blank_lines", "escapes", "trailing_whitespace", "case", "banner", "numbers")

# ECMA-48 sequences, 7-bit (ESC ...) and 8-bit (C1) forms: CSI (colours, cursor moves, clear screen), the
# string commands OSC/DCS/SOS/PM/APC (window titles...) up to BEL or ST, and every other ESC sequence
# (ESC c resets the terminal). A string command never runs past the end of its line, nor past the start of
# another: an unended one is then tried once per character, not once per character and starter.
ESCAPE_SEQUENCE = re.compile(
    r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"
    r"|(?:\x1b[\]PX^_]|[\x9d\x90\x98\x9e\x9f])[^\x07\x1b\x9c\x9d\x90\x98\x9e\x9f\n]*(?:\x07|\x1b\\|\x9c)"
    r"|\x1b[\x20-\x2f]*[\x30-\x7e]"
)


NUMBER = re.compile(r"[0-9]+")  # `numbers`: every run of ASCII digits compares alike


@dataclass(frozen=True)
class View:
    """The ignore options as they apply to one step of a spec."""

    ignore: frozenset[str]
    banner: bool  # this step's full lines come before the program first waits: they are not compared
    prompt: bool  # the program waits at the end of this step: the text of its last, unfinished line is free

    @property
    def fold_case(self) -> bool:
        return "case" in self.ignore


def step_view(ignore: Sequence[str], step_index: int, waits: bool) -> View:
    """How the options apply to step `step_index`; `waits` says whether the program waits after it (every
    step but the last). A spec that never waits has no banner: its whole output is its ending."""
    chosen = frozenset(ignore)
    return View(chosen, "banner" in chosen and step_index == 0 and waits, "prompts" in chosen and waits)


def strip_escapes(text: str) -> str:
    return ESCAPE_SEQUENCE.sub("", text)


def normalise_line(text: str, view: View) -> str:
    """A line's text as compared: escape sequences and trailing blanks removed when the spec says so. Case
    is left alone here: a pattern needs the original letters (see Line.matches)."""
    if "escapes" in view.ignore:
        text = strip_escapes(text)
    if "trailing_whitespace" in view.ignore:
        text = text.rstrip(" \t")
    if "numbers" in view.ignore:
        text = NUMBER.sub("#", text)
    return text


def in_place(newline: bool, last: bool, view: View) -> bool:
    """Whether a row's place lets it be compared, from whether it ends with a newline and is the last row:
    the banner's full lines and the prompt's unfinished line drop as the view says (their text is not
    even looked at, so a banner of a million lines costs no normalising)."""
    return not (view.banner and newline) and not (view.prompt and not newline and last)


def is_compared(blank: bool, newline: bool, last: bool, view: View) -> bool:
    """Whether a row is compared: in place, and not a blank line the view drops (blank after normalising)."""
    return in_place(newline, last, view) and not (blank and "blank_lines" in view.ignore)


def compared_rows(rows: Sequence[tuple[bool, bool]], view: View) -> list[int]:
    """The indexes of the rows that are compared, from each row's (blank after normalising, ends with a newline)."""
    last = len(rows) - 1
    return [index for index, (blank, newline) in enumerate(rows) if is_compared(blank, newline, index == last, view)]
