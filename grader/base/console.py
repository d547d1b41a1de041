"""Printing to a console that may not speak UTF-8 (Windows when the output is redirected or piped: cp1252
and other code pages): the report's own symbols get stand-ins the console has, anything else is written
as an escape, never a UnicodeEncodeError."""

from __future__ import annotations

# The report's symbols (see grader/judge/rendering.py) and what replaces each, best first, where it cannot be shown.
STAND_INS = {"↵": ("¶", "$"), "·": ("~",), "→": (">",), "×": ("x",), "…": ("...",)}


def _shows(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def printable(text: str, encoding: str | None) -> str:
    """`text` as a console with `encoding` can print it (unchanged where it can)."""
    encoding = encoding or "utf-8"
    if _shows(text, encoding):
        return text
    if not _shows("", encoding):
        encoding = "ascii"
    table = {}
    for symbol, choices in STAND_INS.items():
        if not _shows(symbol, encoding):
            table[ord(symbol)] = next((choice for choice in choices if _shows(choice, encoding)), "?")
    return text.translate(table).encode(encoding, "backslashreplace").decode(encoding)
