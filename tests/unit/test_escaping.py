"""What reaches a report, a results file or a progress line from untrusted text (pure)."""

from __future__ import annotations

import itertools

import pytest

from grader.base.escaping import escape_unsafe, safe_name, student_id


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
    ("blank\u3164filler\u2800braille\u115f", "blank\\u3164filler\\u2800braille\\u115f"),  # printable, unseen
    ("emoji \u2764\ufe0f", "emoji \u2764\\ufe0f"),
])
def test_unsafe_characters_are_written_out(raw: str, shown: str) -> None:
    assert escape_unsafe(raw) == shown


def test_a_name_stays_on_one_line() -> None:
    assert safe_name("ann\tlee\nx\x1b]0;title\x07") == "ann\\x09lee\\x0ax\\x1b]0;title\\x07"


@pytest.mark.parametrize(("name", "student"), [
    ("ada", "ada"), ("bob lee", "bob lee"), ("Müller", "Müller"), ("bob\udcff", "bob\\udcff"),
    ("\x1b[31mred", "\\x1b[31mred"), ("ann\tlee", "ann\\x09lee"), ("A\\B", "A\\B"), ("dom\\", "dom\\"),
    ("a\\x1b[31m", "a\\\\x1b[31m"), ("a\\\\", "a\\\\\\"), ("a\\\x1b", "a\\\\\\x1b"), ("a\\u202e", "a\\\\u202e"),
    ("alice\u3164", "alice\\u3164"), ("a\\\u3164", "a\\\\\\u3164"),
])
def test_student_ids_keep_ordinary_names_and_double_a_backslash_that_reads_as_an_escape(name, student):
    assert student_id(name) == student


def test_student_ids_are_one_to_one():
    """Issue 20 item 9: `a<ESC>[31m` and the folder literally named `a\\x1b[31m` had one id between them."""
    alphabet = ["a", "x", "1", "b", "u", "\\", "\x1b", "~", "\u202e"]
    names = ["".join(letters) for size in range(5) for letters in itertools.product(alphabet, repeat=size)]
    ids = {student_id(name) for name in names}
    assert len(ids) == len(names)
    assert all(student_id(name).isprintable() and safe_name(student_id(name)) == student_id(name) for name in names)
