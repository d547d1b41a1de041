"""Text from untrusted places (program output, file and folder names) made safe to show: anything a
reader cannot see, or that a terminal, a viewer or an editor would act on, is written out as an escape.
One rule for every report, file and progress line, so no place is forgotten."""

from __future__ import annotations


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def escape_unsafe(text: str, keep: str = "\t\n") -> str:
    """`text` with every character Python calls non-printable written as `\\xNN`, `\\uNNNN` or
    `\\UNNNNNNNN`: C0 and C1 controls (ESC among them), DEL, bidi overrides and isolates, zero-width and
    other format characters, line and paragraph separators, non-breaking and other odd spaces, private
    and unassigned code points. The plain space stays, and so do the characters in `keep`."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch in keep else _escape(ch) for ch in text)


def safe_name(name: str) -> str:
    """A student id or file name on one line: nothing in it can move the cursor, recolour the terminal,
    reorder the text around it or hide a character."""
    return escape_unsafe(name, keep="")
