"""Text from untrusted places (program output, file and folder names) made safe to show: anything a
reader cannot see, or that a terminal, a viewer or an editor would act on, is written out as an escape.
One rule for every report, file and progress line, so no place is forgotten."""

from __future__ import annotations

import re

# Characters Python calls printable that show as nothing: the Hangul fillers, the Braille blank, the
# combining grapheme joiner, Khmer's inherent vowels and the variation selectors. `alice` and `alice`
# with a Hangul filler would otherwise be two students who look like one.
_BLANK = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0\ufe00-\ufe0f\U000e0100-\U000e01ef]")


def _visible(ch: str) -> bool:
    return ch.isprintable() and _BLANK.match(ch) is None


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def escape_unsafe(text: str, keep: str = "\t\n") -> str:
    """`text` with every character Python calls non-printable written as `\\xNN`, `\\uNNNN` or
    `\\UNNNNNNNN`: C0 and C1 controls (ESC among them), DEL, bidi overrides and isolates, zero-width and
    other format characters, line and paragraph separators, non-breaking and other odd spaces, private
    and unassigned code points, and the printable characters that show as nothing (`_BLANK`). The plain
    space stays, and so do the characters in `keep`."""
    if text.isprintable() and _BLANK.search(text) is None:
        return text
    return "".join(ch if _visible(ch) or ch in keep else _escape(ch) for ch in text)


def safe_name(name: str) -> str:
    """A student id or file name on one line: nothing in it can move the cursor, recolour the terminal,
    reorder the text around it or hide a character."""
    return escape_unsafe(name, keep="")


ESCAPE_STARTS = "xuU\\"  # what follows the backslash of an escape, or of a doubled backslash


def student_id(name: str) -> str:
    """A folder name as a student id: `safe_name`, made one-to-one, since shards, variants and exports key
    on ids. A backslash that could be read as the start of an escape (before `x`, `u`, `U`, another
    backslash or an escaped character) is doubled, so the folder literally named `a\\x1b` is `a\\\\x1b`
    and never the id of the folder `a<ESC>`; every other name, a backslash in `A\\B` included, keeps the
    id `safe_name` gives it. Each id stands for one name whatever else the class folder holds."""
    if "\\" not in name:
        return safe_name(name)
    shown = []
    for ch, after in zip(name, name[1:] + " "):
        doubled = ch == "\\" and (after in ESCAPE_STARTS or not _visible(after))
        shown.append("\\\\" if doubled else ch if _visible(ch) else _escape(ch))
    return "".join(shown)
