"""What reaches a report, a results file or a progress line from untrusted text (pure)."""

from __future__ import annotations

import pytest

from grader.base.escaping import escape_unsafe, safe_name


@pytest.mark.parametrize(("raw", "shown"), [
    ("plain text, accents é and digits ١", "plain text, accents é and digits ١"),
    ("clear\x1b[2Jscreen", "clear\\x1b[2Jscreen"),
    ("bell\x07 del\x7f nul\x00", "bell\\x07 del\\x7f nul\\x00"),
    ("C1 next-line\x85 and CSI\x9b", "C1 next-line\\x85 and CSI\\x9b"),
    ("bidi \u202eevil\u202c", "bidi \\u202eevil\\u202c"),
    ("zero\u200bwidth\ufeff", "zero\\u200bwidth\\ufeff"),
    ("line\u2028separator", "line\\u2028separator"),
    ("no-break\u00a0space", "no-break\\xa0space"),
    ("tab\tand\nnewline stay", "tab\tand\nnewline stay"),
])
def test_unsafe_characters_are_written_out(raw: str, shown: str) -> None:
    assert escape_unsafe(raw) == shown


def test_a_name_stays_on_one_line() -> None:
    assert safe_name("ann\tlee\nx\x1b]0;title\x07") == "ann\\x09lee\\x0ax\\x1b]0;title\\x07"
